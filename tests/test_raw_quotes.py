"""A trace PyTorch wrote with raw quotes inside names: every event kept, the names read as the text they are.

Real data: tests/data/cpu/raw-quotes/abc_with_stack.json.gz, the first 12,000 events of
``traceview profile --with-stack --include-compile`` of a compiled ``a * b + c`` on the CPU (torch 2.13),
with three module-level ``python_function`` names made into the form torch 2.13 writes in issue 20
(``file.py(0):`` + spaces + three raw quotes; see the README beside it). Before the fix the loader
dropped 3,830 of its 11,993 complete events without a note. The oracles are plain text readings of the
file: ``"ph": "X"`` occurrences, and the ``"name"`` lines.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from traceview.trace import load_file, read

PIECE = Path(__file__).parent / "data" / "cpu" / "raw-quotes" / "abc_with_stack.json.gz"
_COMPLETE = re.compile(r'"ph": "X"')
_NAME = re.compile(r'^\s*"name": "(.*)",\s*$', re.M)


def _text() -> str:
    return gzip.decompress(PIECE.read_bytes()).decode("utf-8")


def _raw_quote_names(text: str) -> list[str]:
    """Names whose line holds a quote that is not escaped (read as the text between the outer quotes)."""
    return [m.group(1) for m in _NAME.finditer(text) if re.search(r'(?<!\\)"', m.group(1))]


def _events(trace) -> int:
    return len(trace.slices) + len(trace.gpu) + len(trace.gpu_annotations)


def test_the_file_is_not_json_and_every_event_is_kept():
    text = _text()
    with pytest.raises(json.JSONDecodeError):
        json.loads(text)
    trace = load_file(PIECE)
    assert _events(trace) == len(_COMPLETE.findall(text)) == 11993
    assert any("unescaped quote" in n for n in trace.meta.notes)
    assert not any("could not read" in n for n in trace.meta.notes)


def test_names_with_raw_quotes_are_read_as_their_text():
    text = _text()
    raw = _raw_quote_names(text)
    assert len(raw) == 3 and all(n.endswith('(0):         """') for n in raw)
    names = load_file(PIECE).slices["name"].astype(str)
    assert sorted(n for n in names.unique() if '"' in n) == sorted(raw)


def test_small_pieces_keep_every_event(monkeypatch, tmp_path):
    """Pieces of 64 KB: raw quotes in the middle of a piece, and cuts between pieces around them."""
    plain = tmp_path / "trace.json"
    plain.write_text(_text())
    monkeypatch.setattr(read, "PIECE_BYTES", 64 * 1024)
    monkeypatch.setattr(read, "TAIL_BYTES", 16 * 1024)
    for path in (PIECE, plain):
        trace = load_file(path)
        assert _events(trace) == 11993, path
        assert sorted(n for n in trace.slices["name"].astype(str).unique() if '"' in n) == sorted(_raw_quote_names(_text()))


def test_args_of_repaired_events_read_back(tmp_path):
    plain = tmp_path / "trace.json"
    plain.write_text(_text())
    trace = load_file(plain)
    names = trace.slices["name"].astype(str)
    for slice_id in names.index[names.str.endswith('"""')].tolist():
        assert set(trace.args(slice_id)) >= {"Python id", "Python parent id"}


def test_an_event_that_cannot_be_read_is_named_and_the_others_kept(tmp_path):
    """A name whose raw quote is followed by a comma cannot be told from its end: that event is lost, said in the notes."""
    text = _text()
    first = _raw_quote_names(text)[0]
    broken = text.replace(f'"name": "{first}",', '"name": "a", b",', 1)
    path = tmp_path / "broken.json"
    path.write_text(broken)
    trace = load_file(path)
    assert _events(trace) == len(_COMPLETE.findall(broken)) - 1
    lost = [n for n in trace.meta.notes if "could not read 1 stretch" in n]
    assert len(lost) == 1 and '"name": "a", b"' in lost[0]

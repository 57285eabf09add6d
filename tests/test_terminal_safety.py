"""Strings from a trace never reach the terminal raw: ANSI/OSC escapes and control characters in kernel,
op, API, category and process names are neutralized, and rich markup in them is printed literally.

The trace is tests/data/bad/ansi_names.json (written by tests/make_bad_corpus.py).
"""

from __future__ import annotations

import json
import re

import pytest

from conftest import DATA
from make_bad_corpus import ANSI_C1_KERNEL, ANSI_KERNEL, ANSI_MARKUP, ANSI_OP
from test_bad_inputs import run_cli, trace_commands
from traceview.report.text import neutralize, safe

ANSI = DATA / "bad" / "ansi_names.json"
#: ESC, BEL and the 8-bit CSI/OSC/ST: any of them on stdout lets a trace drive the terminal.
RAW_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")

pytestmark = pytest.mark.usefixtures("in_tmp_path")


def commands_reading_a_trace() -> list[str]:
    return [name for name in trace_commands() if name != "show"] + ["show"]


@pytest.mark.parametrize("command", commands_reading_a_trace())
def test_terminal_output_has_no_control_characters_from_trace_names(command, capsys, monkeypatch, tmp_path):
    args = {"show": ["show", ANSI_KERNEL, str(ANSI)], "diff": ["diff", str(ANSI), str(ANSI)]}.get(command, [command, str(ANSI)])
    code, out, err = run_cli(args, capsys, monkeypatch)
    assert code in (0, 2), err
    assert not RAW_CONTROL.search(out), repr(RAW_CONTROL.search(out))
    assert not RAW_CONTROL.search(err.rstrip("\n")), repr(err)


@pytest.mark.parametrize("command", ["info", "analyze", "kernels"])
def test_json_output_escapes_control_characters_and_keeps_names_exact(command, capsys, monkeypatch):
    code, out, err = run_cli([command, "--json", str(ANSI)], capsys, monkeypatch)
    assert code == 0, err
    assert "\x1b" not in out and "\x07" not in out
    document = json.loads(out)
    if command != "info":  # info lists categories and APIs, not kernel names
        assert _contains(document, ANSI_KERNEL)  # the data is exact; only its JSON spelling is escaped


@pytest.mark.parametrize("command", ["analyze", "kernels"])
def test_json_output_escapes_8_bit_controls(command, capsys, monkeypatch):
    code, out, _ = run_cli([command, "--json", str(ANSI)], capsys, monkeypatch)
    assert code == 0 and not RAW_CONTROL.search(out)


def test_analyze_shows_neutralized_names_and_markup_literally(capsys, monkeypatch):
    code, out, _ = run_cli(["analyze", "--top", "50", str(ANSI)], capsys, monkeypatch)
    assert code == 0
    assert "evil_kernel" in out and "c1_kernel" in out
    assert ANSI_MARKUP in out  # printed as text, not parsed as a style
    assert "cuda?LaunchKernel" in out


def test_error_line_neutralizes_a_hostile_path(capsys, monkeypatch, tmp_path):
    code, out, err = run_cli(["info", str(tmp_path / "evil\x1b]0;title\x07\x1b[2J.json")], capsys, monkeypatch)
    assert code == 2
    assert err.startswith("traceview: error: ") and err.count("\n") == 1
    assert not RAW_CONTROL.search(err.rstrip("\n"))


@pytest.mark.parametrize(
    "raw, shown",
    [
        ("a\x1b[31mred\x1b[0m", "a?red?"),  # CSI colour
        ("t\x1b]0;title\x07x", "t?x"),  # OSC with BEL
        ("t\x1b]8;;http://x\x1b\\link", "t?link"),  # OSC 8 hyperlink with ST
        ("c\x9b2J", "c?2J"),  # 8-bit CSI byte itself is replaced
        ("bell\x07del\x7f", "bell?del?"),
        ("tab\tkept", "tab\tkept"),
        (ANSI_OP, "aten::?green_op??bell"),
    ],
)
def test_neutralize_replaces_every_escape_sequence(raw, shown):
    assert neutralize(raw) == shown
    assert safe(raw).plain == shown and not safe(ANSI_MARKUP).spans


def test_neutralize_shortens_with_an_ellipsis():
    assert neutralize(ANSI_C1_KERNEL * 10, limit=12) == neutralize(ANSI_C1_KERNEL * 10)[:11] + "…"


def _contains(value: object, text: str) -> bool:
    if isinstance(value, str):
        return text == value
    if isinstance(value, dict):
        return any(_contains(v, text) for v in value.values())
    if isinstance(value, list):
        return any(_contains(v, text) for v in value)
    return False

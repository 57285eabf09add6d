"""A recompile is a compilation of a frame after its first (``F/1``, ``F/2``, ...), not one failed guard.

Real data: tests/data/cpu/recompile-small, ``traceview profile`` of
sample_traces/scripts/recompile_small.py on the CPU (torch 2.13): three graph breaks split ``f`` into
4 frames, each compiled 4 times under ``dynamic=False``. Dynamo logs, for ``F/C``, the failed guard
of each of its C older cache entries: 24 guards for 12 recompilations. The oracles: the structured
trace read with plain ``json`` and, when it is installed, tlparse (compile ids, recompiles and
graph-break sites must be equal).
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from test_compile_reasons import raw_artifacts
from traceview.analysis.analyze import analyze
from traceview.cli import main
from traceview.trace.run_files import dynamo_record, run_files

RUN = Path(__file__).parent / "data" / "cpu" / "recompile-small"
LOG = RUN / "recompile_small.torch_trace.log.gz"
_USER_CODE = re.compile(r"^Graph break in user code at (.+):(\d+)$", re.M)


#: tlparse, on PATH or beside this interpreter (a venv's bin/ that is not activated).
_TLPARSE = shutil.which("tlparse") or shutil.which("tlparse", path=str(Path(sys.executable).parent))


@pytest.fixture(scope="module")
def reasons(load_cached):
    files = run_files(RUN)
    return analyze(load_cached(files.trace), dynamo_record(files)).reasons


def _plain_compile_ids() -> set[str]:
    ids = set()
    with gzip.open(LOG, "rt", encoding="utf-8") as f:
        for line in f:
            if not line.startswith("\t"):
                meta = json.loads(line.split("] ", 1)[1])
                if "frame_id" in meta and "frame_compile_id" in meta:
                    ids.add(f"{meta['frame_id']}/{meta['frame_compile_id']}")
    return ids


def _guards(payload: str) -> list[str]:
    """A ``recompile_reasons`` payload: a JSON list of guards, or (one guard) its plain text."""
    return json.loads(payload) if payload.lstrip().startswith("[") else [payload]


def _tlparse(tmp: Path) -> tuple[set[str], set[tuple[str, int]]]:
    """tlparse's compile ids (its compile directory, attempts merged) and graph-break sites (file name, line)."""
    log = tmp / "run.log"
    log.write_bytes(gzip.decompress(LOG.read_bytes()))
    out = tmp / "tl_out"
    subprocess.run([_TLPARSE, str(log), "-o", str(out), "--no-browser", "--plain-text", "--overwrite"],
                   check=True, capture_output=True, timeout=120)
    directory = json.loads((out / "compile_directory.json").read_text())
    ids = {m.group(1) for key in directory for m in [re.fullmatch(r"\[(\d+/\d+)(?:_\d+)?\]", key)] if m}  # not "[-/-]"
    sites = {(Path(m.group(1)).name, int(m.group(2))) for p in out.rglob("dynamo_graph_break_reason*.txt")
             for m in _USER_CODE.finditer(p.read_text())}
    return ids, sites


def test_one_recompile_per_compile_after_a_frames_first(reasons):
    ids = _plain_compile_ids()
    assert len(ids) == 16 and {i.split("/")[0] for i in ids} == {"0", "1", "2", "3"}
    later = sorted(i for i in ids if not i.endswith("/0"))
    assert reasons.recompile_count == len(later) == 12
    assert sorted(reasons.recompiles["compile_id"]) == later
    guards = dict(raw_artifacts(LOG, "recompile_reasons"))
    assert sum(len(_guards(p)) for p in guards.values()) == 24  # what was counted before: one per failed guard
    for row in reasons.recompiles.itertuples():
        logged = [g.split(": ", 1) for g in _guards(guards[row.compile_id])]
        assert [(g["failed_compile_id"], g["reason"]) for g in row.failed_guards] == [(i, r.strip()) for i, r in logged]
        frame, compile_ = row.compile_id.split("/")
        assert [g["failed_compile_id"] for g in row.failed_guards] == [f"{frame}/{c}" for c in range(int(compile_) - 1, -1, -1)]
        assert (row.failed_compile_id, row.reason) == (logged[0][0], logged[0][1].strip())


@pytest.mark.skipif(_TLPARSE is None, reason="tlparse is not installed (pip install -e '.[test]')")
def test_compile_ids_recompiles_and_break_sites_equal_tlparses(reasons, tmp_path):
    ids, sites = _tlparse(tmp_path)
    frames = set(reasons.frames["compile_id"])
    assert frames == ids == _plain_compile_ids()
    assert reasons.recompile_count == sum(not i.endswith("/0") for i in ids)
    ours = {(Path(w.rsplit(":", 1)[0]).name, int(w.rsplit(":", 1)[1])) for w in reasons.graph_breaks["where"]}
    assert ours == sites == {("recompile_small.py", 18), ("recompile_small.py", 20), ("recompile_small.py", 22)}
    assert reasons.graph_break_count == len(sites)


def test_check_gates_on_compilations_and_lists_each_once(reasons, monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    for limit, code in ((12, 0), (11, 1)):
        monkeypatch.setattr(sys, "argv", ["traceview", "check", str(RUN), "--max", f"recompiles={limit}", "--json"])
        with pytest.raises(SystemExit) as exited:
            main()
        out = capsys.readouterr().out
        assert exited.value.code == code
    doc = json.loads(out)
    assert doc["metrics"]["recompiles"] == 12

"""Every run directory in tests/data/runs (``traceview profile --steps`` output: CPU now, the GPU ones from
``capture_gpu.py`` when committed) agrees with its own raw files: the steps meta.json says were
profiled are the trace's ProfilerSteps, the structured trace's artifacts are the reasons shown, the
Dynamo counters' break reasons are among them, every run kernel has one top-level module row, and
the gate flips at the recorded counts."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

from test_compile_reasons import raw_artifacts
from training_facts import RawTrace
from traceview.analysis.analyze import analyze
from traceview.cli import main
from traceview.trace import load
from traceview.trace.run_files import dynamo_record, run_files

RUNS = sorted(p.parent for p in (Path(__file__).parent / "data" / "runs").glob("*/meta.json"))


def test_there_is_a_run_directory():
    assert RUNS


@pytest.fixture(scope="module")
def run():
    cache = {}

    def get(folder: Path):
        if folder not in cache:
            meta = json.loads((folder / "meta.json").read_text())
            files = run_files(folder)
            cache[folder] = (meta, files, analyze(load(files.trace), dynamo_record(files)), RawTrace(folder / meta["trace"]))
        return cache[folder]

    return get


@pytest.mark.parametrize("folder", RUNS, ids=lambda p: p.name)
def test_profiled_steps_are_the_traces_profiler_steps(run, folder):
    meta, _, a, raw = run(folder)
    names = sorted({e["name"] for e in raw.complete if e["name"].startswith("ProfilerStep#")}, key=lambda n: int(n[13:]))
    assert names == [f"ProfilerStep#{i}" for i in meta["steps"]["profiled"]]
    assert a.steps.steps["name"].tolist() == names


@pytest.mark.parametrize("folder", RUNS, ids=lambda p: p.name)
def test_reasons_shown_are_the_structured_traces_artifacts(run, folder):
    meta, files, a, _ = run(folder)
    r = a.reasons
    if meta["torch_trace"] is None:
        assert files.torch_logs == () and r.source != "structured trace"
        return
    log = folder / meta["torch_trace"]
    assert files.torch_logs == (log,) and r.source == "structured trace"
    breaks = raw_artifacts(log, "dynamo_graph_break_reason")
    assert sorted(cid for ids in r.graph_breaks["compile_ids"] for cid in ids) == sorted(cid for cid, _ in breaks)
    assert sorted(r.recompiles["compile_id"]) == sorted(cid for cid, _ in raw_artifacts(log, "recompile_reasons"))
    counted = meta["dynamo"]["counters"].get("graph_break", {})
    assert all(any(reason.startswith(b) for b in r.graph_breaks["reason"]) for reason in counted)


@pytest.mark.parametrize("folder", RUNS, ids=lambda p: p.name)
def test_every_run_kernel_has_one_top_level_module_row(run, folder):
    meta, _, a, raw = run(folder)
    m = a.modules.modules
    if not meta["with_stack"]:
        assert m.empty
        return
    assert m[m["level"] == 0]["kernels"].sum() == a.kernel_counts["runtime"]
    assert a.kernel_counts["runtime"] + a.kernel_counts["compile"] == len(raw.kernels)


@pytest.mark.parametrize("folder", RUNS, ids=lambda p: p.name)
def test_the_gate_flips_at_the_recorded_counts(run, folder, monkeypatch, capsys, tmp_path):
    _, _, a, _ = run(folder)
    monkeypatch.chdir(tmp_path)
    r = a.reasons
    for metric, value in (("graph_breaks", r.graph_break_count), ("recompiles", r.recompile_count)):
        for limit, code in ((value, 0), (value - 1, 1)):
            if limit < 0:
                continue
            monkeypatch.setattr(sys, "argv", ["traceview", "check", str(folder), "--max", f"{metric}={limit}"])
            with pytest.raises(SystemExit) as exited:
                main()
            capsys.readouterr()
            assert exited.value.code == code, (metric, limit)


def test_committed_structured_traces_keep_every_records_metadata():
    """Shrunk for the repository (payloads dropped), the logs keep the metadata line of every record."""
    for folder in RUNS:
        for log in folder.glob("*.torch_trace.log.gz"):
            with gzip.open(log, "rt") as f:
                heads = [json.loads(ln.split("] ", 1)[1]) for ln in f if not ln.startswith("\t")]
            assert any("compilation_metrics" in h for h in heads) and any("chromium_event" in h for h in heads)

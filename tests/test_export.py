"""``traceview export``: the trace written back unchanged plus traceview's tracks, as valid chrome-trace
JSON (Perfetto UI, chrome://tracing): phases, compiled-region calls, steps, launch waits, graph
replays with their kernel counts, exposed communication and GPU memory, on real traces."""

from __future__ import annotations

import gzip
import json

import pytest
from typer.testing import CliRunner

from conftest import DATA, SAMPLES
from traceview.analysis.analyze import analyze
from traceview.report.perfetto import CATEGORY, PID_BASE, TRACKS, annotation_events, subtract, write_annotated
from traceview.trace import load

TRAINING = DATA / "training"
REQUIRED = {"X": {"name", "ph", "ts", "dur", "pid", "tid"}, "C": {"name", "ph", "ts", "pid", "args"}, "M": {"name", "ph", "pid", "args"}}


def _export(path, tmp_path, name="out.json"):
    trace = load(path)
    analysis = analyze(trace)
    out = write_annotated(path, trace, analysis, tmp_path / name)
    opener = gzip.open if out.name.endswith(".gz") else open
    with opener(out, "rb") as f:
        return trace, analysis, json.loads(f.read())


def _ours(events):
    return [e for e in events if isinstance(e.get("pid"), int) and e["pid"] >= PID_BASE]


@pytest.mark.parametrize("name", ["gpt2-reduce-overhead", "gpt2-compiled-first-call", "gpt2-memory"])
def test_export_keeps_every_original_event_and_adds_valid_tracks(tmp_path, name):
    path = TRAINING / f"{name}.json.gz"
    original = json.loads(gzip.decompress(path.read_bytes()))
    _, _, exported = _export(path, tmp_path)
    ours = _ours(exported["traceEvents"])
    assert [e for e in exported["traceEvents"] if e not in ours] == original["traceEvents"]
    assert {k: v for k, v in exported.items() if k != "traceEvents"} == {k: v for k, v in original.items() if k != "traceEvents"}
    for event in ours:
        assert REQUIRED[event["ph"]] <= set(event), event
        if event["ph"] in ("X", "C"):
            assert isinstance(event["ts"], float) and event["ts"] > 0
        if event["ph"] == "X":
            assert event["dur"] >= 0
    names = {e["args"]["name"] for e in ours if e["name"] == "thread_name"}
    assert "steps" in names


def test_reduce_overhead_graph_replays_carry_their_kernel_counts(tmp_path):
    """gpt2-reduce-overhead: 4 cudaGraphLaunch per step replaying 27, 3, 1, 82 kernels (README)."""
    trace, _, exported = _export(TRAINING / "gpt2-reduce-overhead.json.gz", tmp_path)
    replays = [e for e in _ours(exported["traceEvents"]) if e.get("tid") == TRACKS["graph replays (GPU)"] and e["ph"] == "X"]
    assert [e["args"]["kernels"] for e in replays] == [27, 3, 1, 82] * 3
    # each replay spans its kernels on the GPU
    kernels = trace.kernels
    for e in replays:
        mine = kernels[kernels["launch_id"] == e["args"]["launch_id"]]
        assert e["ts"] == pytest.approx(mine["start_ns"].min() / 1e3) and e["dur"] == pytest.approx((mine["end_ns"].max() - mine["start_ns"].min()) / 1e3)


def test_compile_phases_regions_and_steps_line_up_with_the_analysis(tmp_path):
    _, analysis, exported = _export(TRAINING / "gpt2-compiled-first-call.json.gz", tmp_path, "out.json.gz")
    ours = _ours(exported["traceEvents"])
    by_track = {tid: [e for e in ours if e["ph"] == "X" and e["tid"] == tid] for tid in TRACKS.values()}
    assert len(by_track[TRACKS["phases"]]) == len(analysis.split.spans) > 0
    assert {e["name"].split()[0] for e in by_track[TRACKS["phases"]]} == {"compile", "autotune"}
    assert [e["args"]["kernels"] for e in by_track[TRACKS["compiled regions"]]] == analysis.regions.calls["kernels"].tolist()
    assert [e["args"]["kernels"] for e in by_track[TRACKS["steps"]]] == analysis.steps.steps["kernels"].tolist()


def test_memory_counter_and_exposed_comm_tracks(tmp_path):
    _, analysis, exported = _export(TRAINING / "gpt2-memory.json.gz", tmp_path)
    counters = [e for e in _ours(exported["traceEvents"]) if e["ph"] == "C"]
    assert max(e["args"]["allocated"] for e in counters) == analysis.memory.peak_allocated_bytes / 1e6
    _, analysis, exported = _export(SAMPLES / "ddp_2rank" / "rank0.pt.trace.json.gz", tmp_path)
    exposed = [e for e in _ours(exported["traceEvents"]) if e.get("tid") == TRACKS["exposed comm"] and e["ph"] == "X"]
    assert sum(e["dur"] for e in exposed) == pytest.approx(analysis.comm.per_rank["exposed_ns"].sum() / 1e3)


def test_exported_trace_loads_back_with_the_added_slices(tmp_path):
    path = TRAINING / "gpt2-reduce-overhead.json.gz"
    trace = load(path)
    out = write_annotated(path, trace, analyze(trace), tmp_path / "annotated.json")
    again = load(out)
    added = again.slices[again.slices["cat"] == "traceview"]
    assert len(added) == len([e for e in annotation_events(trace, analyze(trace)) if e["ph"] == "X"])
    assert len(again.kernels) == len(trace.kernels)


def test_subtract_leaves_what_the_other_intervals_do_not_cover():
    import numpy as np

    a = np.array([0, 20]), np.array([10, 30])
    b = np.array([2, 8, 25]), np.array([4, 22, 40])
    assert subtract(*a, *b) == [(0, 2), (4, 8), (22, 25)]


def test_export_command_writes_the_file(tmp_path):
    from traceview.cli import app

    out = tmp_path / "annotated.json"
    result = CliRunner().invoke(app, ["export", str(TRAINING / "gpt2-reduce-overhead.json.gz"), "-o", str(out), "--no-cache"])
    assert result.exit_code == 0, result.output
    assert _ours(json.loads(out.read_text())["traceEvents"])


@pytest.mark.parametrize("name", ["truncated_gzip_stream.json.gz", "truncated_mid_event.json", "nan_values.json"])
def test_export_of_a_repaired_trace_is_valid_json(tmp_path, name):
    """A file the loader had to repair (cut off, NaN) is written out repaired the same way."""
    path = DATA / "bad" / name
    trace = load(path)
    out = write_annotated(path, trace, analyze(trace), tmp_path / "out.json")
    events = json.loads(out.read_text())["traceEvents"]
    assert len([e for e in events if e.get("cat") != CATEGORY and e.get("ph") == "X"]) >= len(trace.slices) + len(trace.gpu)

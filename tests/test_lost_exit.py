"""with_stack traces that include compilation: Python frames whose exit the profiler lost.

``tests/data/training/lost-exit-gpt2-step1.json.gz`` is step 1 of an H200 capture (GPT-2 under
``mode="reduce-overhead"``, compilation included, ``with_stack=True``; README.md beside it): the
CUDA-graph trees record there, on the main thread (forward) and on autograd's thread (backward),
and ~1,900 Python frames end late (the profiler lost their exit). Each fact below is read from the
raw JSON with plain ``json`` (the tracer's ``Python id`` / ``Python parent id``, time windows,
correlation ids), never from traceview's nesting.
"""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from functools import cache

from conftest import DATA
from training_facts import RawTrace
from traceview.analysis.analyze import analyze
from traceview.trace import load

LOST = DATA / "training" / "lost-exit-gpt2-step1.json.gz"
#: cpu_op / runtime levels that nest under the deepest Python frame (aten op -> aten op -> launch ...)
NON_PYTHON_LEVELS = 12


@cache
def raw() -> list[dict]:
    with gzip.open(LOST, "rt") as f:
        return json.load(f)["traceEvents"]


@cache
def python_frames() -> dict[int, dict]:
    return {e["args"]["Python id"]: e for e in raw() if e.get("cat") == "python_function" and "Python id" in e.get("args", {})}


def caller(frame: dict) -> dict | None:
    """The frame's caller by the tracer's own tree, on the same thread."""
    found = python_frames().get(frame["args"].get("Python parent id"))
    return found if found is not None and found["tid"] == frame["tid"] else None


@cache
def analysed():
    trace = load(LOST)
    return trace, analyze(trace)


def test_frames_ending_after_their_caller_lost_their_exit_and_are_counted_in_the_notes():
    late = [f for f in python_frames().values() if (c := caller(f)) is not None and f["ts"] + f["dur"] > c["ts"] + c["dur"] + 0.002]
    stop = max(f["ts"] + f["dur"] for f in python_frames().values())
    at_stop = [f for f in python_frames().values() if f["ts"] + f["dur"] >= stop - 0.002]
    assert len(late) >= 5 and len(at_stop) > 1000  # the cut shows both kinds
    trace, _ = analysed()
    note = next(n for n in trace.meta.notes if "lost their exit" in n)
    counted = int(note.split()[0])
    # every frame ending after its caller, and every frame at the stop but the open stacks (< 50 frames)
    assert len(late) <= counted <= len(late) + len(at_stop)
    assert counted >= len(at_stop) - 50


def test_no_python_frame_ends_after_its_caller_once_loaded():
    trace, _ = analysed()
    s = trace.slices
    python = s[(s["cat"] == "python_function").to_numpy()]
    ids = trace.args_of(python["slice_id"], "Python id").to_numpy()
    end_of = dict(zip(ids.tolist(), python["end_ns"].tolist()))
    late = [f for f in python_frames().values()
            if (c := caller(f)) is not None and end_of[f["args"]["Python id"]] > end_of[c["args"]["Python id"]] + 2]
    assert late == []


def test_no_slice_is_deeper_than_the_program_stack():
    depth: dict[int, int] = {}
    for pid_, f in sorted(python_frames().items()):
        c = caller(f)
        depth[pid_] = depth[c["args"]["Python id"]] + 1 if c is not None and c["args"]["Python id"] in depth else 0
    python_depth = max(depth.values())
    trace, _ = analysed()
    assert int(trace.slices["depth"].max()) <= python_depth + NON_PYTHON_LEVELS


def test_region_calls_count_the_kernels_launched_in_their_window():
    """Warm-up and recording calls of the CUDA-graph trees launch their kernels one by one: each call
    counts every kernel whose launch lies in its time window on its thread (run and compile)."""
    expected = RawTrace(LOST).region_kernels_per_call()
    assert sum(sum(v) for v in expected.values()) > 40
    _, analysis = analysed()
    calls = analysis.regions.calls
    got = defaultdict(list)
    for region, run, compiling in zip(calls["region"], calls["kernels"], calls["compile_kernels"]):
        got[region].append(int(run + compiling))
    assert dict(got) == expected


def test_the_step_counts_every_kernel_launched_in_its_window():
    expected = RawTrace(LOST).kernels_per_step()
    _, analysis = analysed()
    kernels = analysis.attribution.kernels
    assert [int((kernels["step"].notna()).sum())] == expected
    assert analysis.steps.kernels_per_step == [expected[0] - int((kernels["phase"] != "run").sum())]


def test_cuda_graph_recording_is_compile_on_every_thread():
    """Kernels launched inside ``CUDAGraphNode.record`` (on the main thread for the forward graph, on
    autograd's thread for the backward one) are all compile-phase kernels."""
    records = [e for e in raw() if e.get("ph") == "X" and e["name"] == "CUDAGraphNode.record"]
    launches = {e["args"]["correlation"]: e for e in raw() if e.get("cat") in ("cuda_runtime", "cuda_driver") and "correlation" in e.get("args", {})}
    inside = set()
    for k in (e for e in raw() if e.get("cat") == "kernel"):
        launch = launches.get(k["args"].get("correlation"))
        if launch is not None and any(r["tid"] == launch["tid"] and r["ts"] <= launch["ts"] <= r["ts"] + r["dur"] for r in records):
            inside.add((launch["tid"], k["args"]["correlation"]))
    assert len({tid for tid, _ in inside}) == 2  # main and autograd's thread
    _, analysis = analysed()
    kernels = analysis.attribution.kernels
    phase = dict(zip(kernels["correlation"].astype("Int64").tolist(), kernels["phase"].astype(str).tolist()))
    assert {phase[c] for _, c in inside} == {"compile"}

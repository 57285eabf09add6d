"""Issue 31: the compiled Adam variants at 770 tensors measured in a later device call
(sample_traces/gpu/adam-sweep/64x256-late, benchmarks/adam_770.sh): `run --json`'s kernels and launches per step
against a plain reading of each trace's raw JSON, and traceview's own analysis of the trace."""

from __future__ import annotations

import gzip
import json

import pytest

from conftest import SAMPLES
from traceview.analysis.analyze import analyze
from traceview.trace import load

LATE = SAMPLES / "gpu" / "adam-sweep" / "64x256-late"


@pytest.mark.parametrize("variant,launch_api", [("compiled-cudagraphs", "cudaGraphLaunch"), ("compiled-cpp-wrapper", "cuLaunchKernel")])
def test_kernels_and_launches_per_step(variant, launch_api):
    folder = LATE / variant
    row = json.loads((folder / "run.json").read_text())["runs"][0]
    assert row["n_tensors"] == 770 and row["variant"] == variant
    trace = next(folder.glob("*.pt.trace.json.gz"))
    with gzip.open(trace, "rt") as f:
        events = json.load(f)["traceEvents"]
    steps = [e for e in events if e.get("name", "").startswith("ProfilerStep#")]
    kernels = [e for e in events if e.get("cat") == "kernel"]
    launches = [e for e in events if e.get("cat") in ("cuda_runtime", "cuda_driver") and "Launch" in e["name"]]
    assert {e["name"] for e in launches} == {launch_api}
    assert row["kernels_per_step"] == len(kernels) / len(steps) == 49
    assert row["launches_per_step"] == len(launches) / len(steps)
    assert row["host_ms_per_step"] > row["gpu_ms_per_step"]  # host-bound at 770 tensors, graphs or not
    steps_table = analyze(load(trace)).steps.steps
    assert steps_table["kernels"].tolist() == [49] * len(steps)

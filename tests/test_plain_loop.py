"""``traceview profile`` of an ordinary training loop, as a new user runs it (issue 20 §8).

``sample_traces/scripts/train_mlp.py``: no ``ProfilerStep``, no step annotation of its own, SGD with
``zero_grad()`` each step. Its steps end at the optimizer's ``step()`` (never the optimizer's
``zero_grad``, which repeats but holds none of the step's work); a budget the CPU trace cannot
measure is bad input (exit 2), not a pass; a failing script's traceback is printed as Python prints it.
The per-step counts are read again from the trace's plain JSON.
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT, SAMPLES

from traceview.analysis.analyze import analyze
from traceview.trace import load

SCRIPT = SAMPLES / "scripts" / "train_mlp.py"


def _traceview(*args: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "traceview.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"})


@pytest.fixture(scope="module")
def failing_run(tmp_path_factory):
    """The script run with ``--fail``: it trains 5 steps, then raises ValueError('boom')."""
    out = tmp_path_factory.mktemp("mlp")
    proc = _traceview("profile", "-o", str(out), str(SCRIPT), "--fail", cwd=out)
    return proc, out / "train_mlp.pt.trace.json.gz"


def _top_level_aten_per_step(path) -> list[int]:
    """Plain JSON: top-level ``aten::`` ops of the main thread between consecutive ends of
    ``Optimizer.step#SGD.step`` (the first step from the thread's first event)."""
    with gzip.open(path, "rt") as f:
        events = [e for e in json.load(f)["traceEvents"] if e.get("ph") == "X"]
    steps = sorted((e for e in events if e["name"] == "Optimizer.step#SGD.step"), key=lambda e: e["ts"])
    tid = steps[0]["tid"]
    mine = [e for e in events if e.get("tid") == tid]
    aten = sorted((e for e in mine if e.get("cat") == "cpu_op" and e["name"].startswith("aten::")), key=lambda e: (e["ts"], -e["dur"]))
    top, open_end = [], -1.0
    for e in aten:
        if e["ts"] >= open_end:
            top.append(e)
            open_end = e["ts"] + e["dur"]
    bounds = [min(e["ts"] for e in mine)] + [s["ts"] + s["dur"] for s in steps]
    return [sum(lo <= e["ts"] < hi for e in top) for lo, hi in zip(bounds[:-1], bounds[1:])]


@pytest.mark.slow
def test_a_failing_script_shows_its_traceback_as_python_would_and_the_trace_is_written(failing_run):
    proc, trace = failing_run
    assert proc.returncode == 1
    err = proc.stderr
    assert "Traceback (most recent call last):" in err
    assert f'File "{SCRIPT}", line 41, in <module>' in err and 'line 31, in fail' in err
    assert 'raise ValueError("boom")' in err and "\nValueError: boom\n" in err
    assert "profile_script.py" not in err  # traceview's own frames are not the script's
    assert err.index("ValueError: boom") < err.index("failed: ValueError: boom")  # before traceview's summary
    assert trace.is_file()


@pytest.mark.slow
def test_plain_loop_steps_end_at_the_optimizer_step(failing_run):
    proc, trace = failing_run
    assert "optimizer: Optimizer.step#SGD.step" in proc.stdout and "zero_grad" not in proc.stdout
    a = analyze(load(trace))
    assert a.steps.source == "optimizer: Optimizer.step#SGD.step"
    expected = _top_level_aten_per_step(trace)
    assert len(expected) == 5 and min(expected) > 0
    assert list(a.steps.steps["aten_ops"]) == expected
    assert list(a.cpu.per_step["kernels"]) == expected  # the CPU's kernels of a CPU trace: its ATen ops


@pytest.mark.slow
def test_check_of_kernels_on_a_cpu_trace_gates_its_cpu_kernels_and_a_gpu_budget_is_exit_2(failing_run):
    _, trace = failing_run
    proc = _traceview("check", str(trace), "--max", "kernels_per_step=1", cwd=trace.parent)  # an MLP step runs > 1 ATen op
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "FAIL  kernels_per_step" in proc.stdout and "(CPU kernels: the trace has no GPU)" in proc.stdout
    gpu = _traceview("check", str(trace), "--max", "gpu_ms_per_step=1", cwd=trace.parent)
    assert gpu.returncode == 2 and "PASS" not in gpu.stdout
    errors = [line for line in (gpu.stdout + gpu.stderr).splitlines() if "gpu_ms_per_step unknown" in line]
    assert len(errors) == 1 and errors[0].startswith("traceview: error:") and "no GPU activity" in errors[0]  # once
    step_ms = _traceview("check", str(trace), "--max", "step_ms=100000", cwd=trace.parent)  # a CPU trace's steps have a wall time
    assert step_ms.returncode == 0 and "PASS" in step_ms.stdout


def _gpu_kernels_per_optimizer_step(events: list[dict]) -> list[int]:
    """Plain JSON reading: GPU kernels (by their launch's time, joined on correlation) from the start
    of the thread's work, then after each optimizer step, up to the end of the next ``Optimizer.step#``."""
    steps = sorted((e for e in events if e.get("cat") == "user_annotation"
                    and str(e.get("name", "")).startswith("Optimizer.step#")), key=lambda e: e["ts"])
    launch = {e["args"]["correlation"]: e["ts"] for e in events
              if e.get("cat") in ("cuda_runtime", "cuda_driver") and "correlation" in e.get("args", {})}
    kernels = [launch.get(e["args"].get("correlation"), -1) for e in events if e.get("cat") == "kernel"]
    begin, counts = min(e["ts"] for e in events if e.get("ph") == "X" and e.get("cat") in ("cpu_op", "user_annotation")), []
    for s in steps:
        counts.append(sum(begin <= t <= s["ts"] + s["dur"] for t in kernels))
        begin = s["ts"] + s["dur"]
    return counts


def test_plain_loop_on_the_h200_counts_each_optimizer_step_as_a_plain_reading_does():
    """The same script profiled on an H200 (benchmarks/gpu_session3.sh, torch 2.11): 8 steps ended by
    SGD's step(); the first holds cuBLAS's and the loss's one-off kernels (24), the others 21."""
    trace = SAMPLES / "gpu" / "train_mlp" / "train_mlp.pt.trace.json.gz"
    with gzip.open(trace, "rt") as f:
        expected = _gpu_kernels_per_optimizer_step(json.load(f)["traceEvents"])
    steps = analyze(load(trace)).steps
    assert steps.source == "optimizer: Optimizer.step#SGD.step"
    assert steps.kernels_per_step == expected and len(expected) == 8
    assert (steps.steps["gpu_ms"] > 0).all()

"""How many kernels does each step take, and how much GPU and launch time?

A step is a time window (:mod:`traceview.trace.step_windows`): a kernel belongs to the step its
launch ran in, whichever thread launched it, so the backward pass on autograd's thread counts.
Kernels launched while compiling or autotuning are counted apart (``compile_kernels``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from traceview.analysis.kernels.attribution import KernelAttribution
from traceview.trace.catalogue import tagged
from traceview.trace.step_windows import StepWindows, step_windows
from traceview.trace import Trace

COLUMNS = ["slice_id", "name", "start_ns", "dur_ns", "kernels", "compile_kernels", "gpu_ms", "launches",
           "launch_cpu_ms", "aten_ops"]


@dataclass(frozen=True)
class StepKernels:
    """``steps``: one row per step in time order: slice_id, name, start_ns, dur_ns, kernels (run
    phase), compile_kernels (launched while compiling or autotuning), gpu_ms (run-phase kernel
    time), launches (of run-phase kernels), launch_cpu_ms, aten_ops (top-level ATen calls started in
    the step). ``source``: how steps were found ("ProfilerStep", "annotation: <name pattern>", or ""
    when the trace has none)."""

    steps: pd.DataFrame
    source: str
    kernels_per_step: list[int] = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "kernels_per_step", [int(k) for k in self.steps["kernels"]])


def kernels_per_step(trace: Trace, attribution: KernelAttribution, windows: StepWindows | None = None) -> StepKernels:
    """Kernels, GPU time and launch CPU time of each step."""
    windows = step_windows(trace) if windows is None else windows
    if len(windows) == 0:
        return StepKernels(steps=pd.DataFrame({c: [] for c in COLUMNS}), source="")
    n = len(windows)
    table = attribution.table
    kernel = (table["kind"] == "kernel").to_numpy()
    step_id = table["step_id"].to_numpy(dtype=np.int64, na_value=-1)
    by_id = np.argsort(windows.slice_id, kind="stable")  # windows are in (rank, pid, start) order
    at = by_id[np.minimum(np.searchsorted(windows.slice_id[by_id], step_id), n - 1)]  # read where step_id >= 0
    inside = kernel & (step_id >= 0)
    run = inside & (table["phase"] == "run").to_numpy()
    compiling = inside & ~run
    dur = table["dur_ns"].to_numpy()
    cpu = table["launch_dur_ns"].to_numpy(dtype=np.float64, na_value=0.0)
    launch = table["launch_id"].to_numpy(dtype=np.int64, na_value=-1)
    run_rows = np.flatnonzero(run)
    _, first = np.unique(launch[run_rows], return_index=True)  # each launch once (a graph launch runs many kernels)
    once = run_rows[first]
    slices = trace.slices
    names = slices["name"].array
    rows = windows.slice_id  # slice_id == row position
    out = pd.DataFrame({
        "slice_id": windows.slice_id,
        "name": np.asarray(names.categories.astype(str), dtype=object)[names.codes[rows]],
        "start_ns": windows.start_ns,
        "dur_ns": windows.end_ns - windows.start_ns,
        "kernels": np.bincount(at[run], minlength=n).astype(np.int64),
        "compile_kernels": np.bincount(at[compiling], minlength=n).astype(np.int64),
        "gpu_ms": np.bincount(at[run], weights=dur[run], minlength=n) / 1e6,
        "launches": np.bincount(at[once], minlength=n).astype(np.int64),
        "launch_cpu_ms": np.bincount(at[once], weights=cpu[once], minlength=n) / 1e6,
        "aten_ops": np.bincount(_aten_ops_step(trace, windows), minlength=n).astype(np.int64),
    }, copy=False)
    return StepKernels(steps=out.sort_values("start_ns", ignore_index=True), source=windows.source)


def _aten_ops_step(trace: Trace, windows: StepWindows) -> np.ndarray:
    """The step (window position) of each top-level ATen call started in a step (an aten op inside
    another counts once, as the outer call): the dispatcher's work per step, and on a CPU-only
    trace the only work there is."""
    slices = trace.slices
    is_aten = (slices["cat"] == "cpu_op").to_numpy() & tagged(slices, "aten")
    top = np.flatnonzero(trace.outermost(is_aten))
    pos = windows.positions(slices["step_id"].to_numpy(dtype=np.int64, na_value=-1)[top])
    return pos[pos >= 0]

"""How many kernels does each step (and each call) take?

A step is a ``ProfilerStep#N`` slice; without those, a repeated top-level user annotation
("## step 3 ##", "Optimizer.step#Adam.step"). Kernels belong to the step their launch ran in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pandas as pd

from traceview.analysis import patterns
from traceview.analysis.by_name import matches
from traceview.analysis.attribution import KernelAttribution
from traceview.analysis.tree import nearest_ancestor, parents_array
from traceview.trace import Trace

_DIGITS = re.compile(r"\d+")


@dataclass(frozen=True)
class StepKernels:
    """``steps``: one row per step in time order: slice_id, name, start_ns, dur_ns, kernels (run
    phase), gpu_ms (their GPU time), launches, launch_cpu_ms, aten_ops (top-level ATen calls). ``source``: how steps were found
    ("ProfilerStep", "annotation: <name pattern>", or "" when the trace has none)."""

    steps: pd.DataFrame
    source: str

    @property
    def kernels_per_step(self) -> list[int]:
        return [int(k) for k in self.steps["kernels"]]


def kernels_per_step(trace: Trace, attribution: KernelAttribution) -> StepKernels:
    """Kernels, GPU time and launch CPU time of each step."""
    slices = trace.slices
    names = slices["name"]  # categorical: each .str pattern runs once per distinct name
    is_step = matches(names, patterns.STEP, anchored=True)
    source = "ProfilerStep"
    if not is_step.any():
        is_step, source = _annotation_steps(slices, names)
    step_rows = slices[is_step]
    if step_rows.empty:
        return StepKernels(steps=pd.DataFrame(columns=["slice_id", "name", "start_ns", "dur_ns", "kernels", "gpu_ms", "launches", "launch_cpu_ms", "aten_ops"]), source="")
    table = attribution.table
    run = np.flatnonzero(((table["kind"] == "kernel") & (table["phase"] == "run")).to_numpy())
    parents = parents_array(slices)
    launch = table["launch_id"].to_numpy(dtype=np.int64, na_value=-1)[run]
    step_of = nearest_ancestor(parents, launch, is_step)
    inside = step_of >= 0
    step_ids = step_rows["slice_id"].to_numpy()  # ascending: a step's position by a sorted search
    at = np.searchsorted(step_ids, step_of[inside])
    n = len(step_ids)
    dur = table["dur_ns"].to_numpy()[run][inside]
    cpu = table["launch_dur_ns"].to_numpy(dtype=np.float64, na_value=0.0)[run][inside]
    _, first = np.unique(launch[inside], return_index=True)  # each launch once (a graph launch runs many kernels)
    top_aten = _aten_ops_per_step(slices, names, parents, is_step)
    out = pd.DataFrame({
        "slice_id": step_ids,
        "name": np.asarray(step_rows["name"].astype(str), dtype=object),
        "start_ns": step_rows["start_ns"].to_numpy(),
        "dur_ns": step_rows["dur_ns"].to_numpy(),
        "kernels": np.bincount(at, minlength=n).astype(np.int64),
        "gpu_ms": np.bincount(at, weights=dur, minlength=n) / 1e6,
        "launches": np.bincount(at[first], minlength=n).astype(np.int64),
        "launch_cpu_ms": np.bincount(at[first], weights=cpu[first], minlength=n) / 1e6,
        "aten_ops": np.bincount(np.searchsorted(step_ids, top_aten), minlength=n).astype(np.int64),
    }, copy=False)
    return StepKernels(steps=out.sort_values("start_ns", ignore_index=True), source=source)


def _aten_ops_per_step(slices: pd.DataFrame, names: pd.Series, parents: np.ndarray, is_step: np.ndarray) -> np.ndarray:
    """The step (slice id) of each top-level ATen call dispatched in a step (an aten op inside
    another counts once, as the outer call): the dispatcher's work per step, and on a CPU-only
    trace the only work there is."""
    is_aten = (slices["cat"] == "cpu_op").to_numpy() & matches(names, "aten::", anchored=True)
    ids = np.flatnonzero(is_aten)
    top = ids[nearest_ancestor(parents, ids, is_aten) < 0]
    step_of = nearest_ancestor(parents, top, is_step)
    return step_of[step_of >= 0]


def _annotation_steps(slices: pd.DataFrame, names: pd.Series) -> tuple[np.ndarray, str]:
    """Outermost user annotations whose name (digits ignored) repeats: the user's step markers."""
    candidate = (slices["cat"] == "user_annotation").to_numpy() & ~matches(names, patterns.INDUCTOR_CALL, anchored=True) \
        & ~matches(names, patterns.COMPILE)
    if not candidate.any():
        return candidate, ""
    parents = parents_array(slices)
    outer = candidate & (nearest_ancestor(parents, np.arange(len(slices)), candidate) < 0)
    shapes = names.str.replace(_DIGITS, "N", regex=True)
    counts = shapes[outer].value_counts()
    repeated = counts[counts >= 2]
    if repeated.empty:
        return np.zeros(len(slices), dtype=bool), ""
    shape = repeated.index[0]
    return outer & (shapes == shape).to_numpy(), f"annotation: {shape}"

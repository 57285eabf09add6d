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
    is_step = names.str.match(patterns.STEP).to_numpy()
    source = "ProfilerStep"
    if not is_step.any():
        is_step, source = _annotation_steps(slices, names)
    step_rows = slices[is_step]
    if step_rows.empty:
        return StepKernels(steps=pd.DataFrame(columns=["slice_id", "name", "start_ns", "dur_ns", "kernels", "gpu_ms", "launches", "launch_cpu_ms", "aten_ops"]), source="")
    kernels = attribution.kernels
    kernels = kernels[kernels["phase"] == "run"]
    parents = parents_array(slices)
    launch = kernels["launch_id"].fillna(-1).to_numpy(dtype=np.int64)
    step_of = nearest_ancestor(parents, launch, is_step)
    per = pd.DataFrame({"step": step_of, "dur": kernels["dur_ns"].to_numpy(), "launch": launch,
                        "cpu": kernels["launch_dur_ns"].astype("float64").fillna(0).to_numpy()})
    per = per[per["step"] >= 0]
    counts = per.groupby("step").size()
    gpu = per.groupby("step")["dur"].sum()
    unique_launch = per.drop_duplicates("launch")
    launches = unique_launch.groupby("step").size()
    cpu = unique_launch.groupby("step")["cpu"].sum()
    out = step_rows[["slice_id", "name", "start_ns", "dur_ns"]].copy()
    out["name"] = out["name"].astype(str)
    out["kernels"] = out["slice_id"].map(counts).fillna(0).astype("int64")
    out["gpu_ms"] = out["slice_id"].map(gpu).fillna(0) / 1e6
    out["launches"] = out["slice_id"].map(launches).fillna(0).astype("int64")
    out["launch_cpu_ms"] = out["slice_id"].map(cpu).fillna(0) / 1e6
    out["aten_ops"] = out["slice_id"].map(_aten_ops_per_step(slices, names, parents, is_step)).fillna(0).astype("int64")
    return StepKernels(steps=out.sort_values("start_ns", ignore_index=True), source=source)


def _aten_ops_per_step(slices: pd.DataFrame, names: pd.Series, parents: np.ndarray, is_step: np.ndarray) -> pd.Series:
    """Top-level ATen calls dispatched in each step (an aten op inside another counts once, as the
    outer call): the dispatcher's work per step, and on a CPU-only trace the only work there is."""
    is_aten = (slices["cat"] == "cpu_op").to_numpy() & names.str.startswith("aten::").to_numpy()
    ids = np.flatnonzero(is_aten)
    top = ids[nearest_ancestor(parents, ids, is_aten) < 0]
    step_of = nearest_ancestor(parents, top, is_step)
    return pd.Series(step_of[step_of >= 0]).value_counts()


def _annotation_steps(slices: pd.DataFrame, names: pd.Series) -> tuple[np.ndarray, str]:
    """Outermost user annotations whose name (digits ignored) repeats: the user's step markers."""
    candidate = (slices["cat"] == "user_annotation").to_numpy() & ~names.str.match(patterns.INDUCTOR_CALL).to_numpy() \
        & ~names.str.contains(patterns.COMPILE, regex=True).to_numpy()
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

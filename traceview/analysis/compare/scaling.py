"""How does a step's cost grow with its size? Host time against GPU time per variant and size (seed 000).

A ``traceview run`` over several sizes (``--size 4x1024 --size 16x512 ...``: the same parameter
budget cut into more and smaller tensors) gives one :class:`RunPoint` per variant and size: what
the runner timed outside the profiler (host and wall ms of one call) and the analysis of the
profiled calls (kernels, launches and GPU time per step). :func:`step_scaling` lines them up::

    variant   size     n_tensors  kernels_per_step  gpu_ms_per_step  host_ms_per_step  wall_ms_per_step
    compiled  4x1024          50                 2            0.36              0.79              1.15
    compiled  16x512         194                 3            0.37              2.90              3.27

and finds, per variant, the tensor count where host time overtakes GPU time: where a step stops
being bound by the GPU's memory traffic and becomes bound by the Python, dispatch and launches that
queue its kernels (the GPU then waits on the host). Between two measured sizes the crossover is
interpolated on log-log axes (host/GPU ratio against tensor count).

On a CPU-only run the kernels are the CPU's (ATen ops, Inductor's C++ kernels): ``kernels_per_step``
counts them, ``cpu_kernel_ms_per_step`` sums them, and GPU time, launches and the crossover are None.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from traceview.analysis.verdicts.budgets import check_metrics

if TYPE_CHECKING:
    from traceview.analysis.result import Analysis

MIN_RATIO = 1e-9  # a host time that rounds to 0 still has a logarithm

#: One row per (variant, size): the columns :func:`step_scaling` fills, in table order.
ROW_COLUMNS = ("variant", "size", "n_tensors", "n_params", "kernels_per_step", "launches_per_step",
               "gpu_ms_per_step", "cpu_kernel_ms_per_step", "host_ms_per_step", "wall_ms_per_step",
               "host_over_gpu", "profiled_steps")


@dataclass(frozen=True)
class RunPoint:
    """One variant run at one size.

    ``host_ms`` / ``wall_ms``: median of one unprofiled call until it returned / until the device
    finished; ``analysis``: the profiled calls' trace (None: not analyzed; the row then has the two
    times only); ``extra``: passed through to the row (gb_per_s, max_abs_diff, trace, ...).
    """

    variant: str
    size: str
    n_tensors: int | None
    host_ms: float | None
    wall_ms: float | None
    analysis: Analysis | None = None
    n_params: int | None = None
    extra: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class StepScaling:
    """``rows``: one per (variant, size) in the order run, :data:`ROW_COLUMNS` plus each point's
    ``extra``; times in ms per step (one call of the workload is one step), medians.
    ``crossovers``: one per variant that has GPU times: variant, sizes (how many measured),
    host_bound_from (the smallest measured tensor count where host >= GPU time; None: never),
    crossover_n_tensors (interpolated tensor count where they are equal; None unless two measured
    sizes bracket it), detail (a sentence)."""

    rows: pd.DataFrame
    crossovers: pd.DataFrame


def _median(values: list[float]) -> float | None:
    return float(np.median(values)) if values else None


def _row(p: RunPoint) -> dict[str, object]:
    """The numbers of one point; GPU columns None when its trace has no GPU kernels."""
    row: dict[str, object] = {"variant": p.variant, "size": p.size, "n_tensors": p.n_tensors, "n_params": p.n_params,
                              "host_ms_per_step": p.host_ms, "wall_ms_per_step": p.wall_ms}
    a = p.analysis
    if a is not None:
        metrics = check_metrics(a)
        on_gpu = a.kernel_counts["total"] > 0
        cpu_steps = a.cpu.per_step
        row["profiled_steps"] = len(a.steps.steps) if on_gpu else len(cpu_steps)
        if on_gpu:
            row["kernels_per_step"] = metrics["kernels_per_step"]
            row["launches_per_step"] = metrics["launches_per_step"]
            row["gpu_ms_per_step"] = metrics["gpu_ms_per_step"]
        else:
            row["kernels_per_step"] = _median([float(k) for k in cpu_steps["kernels"]])
            row["cpu_kernel_ms_per_step"] = _median([float(k) for k in cpu_steps["kernel_ms"]])
    gpu, host = row.get("gpu_ms_per_step"), row["host_ms_per_step"]
    row["host_over_gpu"] = host / gpu if gpu and host is not None else None
    return {**{c: row.get(c) for c in ROW_COLUMNS}, **p.extra}


def step_scaling(points: list[RunPoint]) -> StepScaling:
    """Rows per (variant, size) and the host/GPU crossover of each variant (see the module docstring)."""
    return scaling_of_rows(pd.DataFrame([_row(p) for p in points], columns=None if points else list(ROW_COLUMNS)))


def scaling_of_rows(rows: pd.DataFrame) -> StepScaling:
    """The crossovers of rows already computed (e.g. ``runs`` of several ``run --json`` documents joined)."""
    crossovers = [crossover(variant, group) for variant, group in rows.groupby("variant", sort=False)] if len(rows) else []
    columns = ["variant", "sizes", "host_bound_from", "crossover_n_tensors", "detail"]
    return StepScaling(rows=rows, crossovers=pd.DataFrame([c for c in crossovers if c is not None], columns=columns))


def crossover(variant: str, rows: pd.DataFrame) -> dict[str, object] | None:
    """Where host time per step overtakes GPU time for one variant's rows (None: no GPU times)."""
    known = rows[rows["host_over_gpu"].notna() & rows["n_tensors"].notna()]
    if known.empty:
        return None
    known = known.sort_values("n_tensors")
    n = known["n_tensors"].to_numpy(dtype=float)
    ratio = np.maximum(known["host_over_gpu"].to_numpy(dtype=float), MIN_RATIO)
    over = np.flatnonzero(ratio >= 1.0)
    entry: dict[str, object] = {"variant": variant, "sizes": len(known), "host_bound_from": None, "crossover_n_tensors": None}
    if len(over) == 0:
        entry["detail"] = f"GPU time exceeds host time at every measured size (up to {int(n[-1]):,} tensors)"
        return entry
    first = int(over[0])
    entry["host_bound_from"] = int(n[first])
    if first == 0:
        entry["detail"] = f"host time exceeds GPU time already at the smallest measured size ({int(n[0]):,} tensors)"
        return entry
    lo, hi = first - 1, first
    # log-log interpolation of the host/GPU ratio: where log(ratio) crosses 0
    t = -math.log(ratio[lo]) / (math.log(ratio[hi]) - math.log(ratio[lo]))
    at = math.exp(math.log(n[lo]) + t * (math.log(n[hi]) - math.log(n[lo])))
    entry["crossover_n_tensors"] = round(at, 1)
    entry["detail"] = (f"host time overtakes GPU time at about {at:,.0f} tensors "
                       f"(between {int(n[lo]):,} and {int(n[hi]):,})")
    return entry

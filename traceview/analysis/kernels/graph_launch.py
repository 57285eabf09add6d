"""What does a CUDA/HIP graph launch buy? Kernels per replay and CPU cost per replayed kernel.

One ``cudaGraphLaunch`` replays every kernel captured in the graph. Its CPU cost divided by the
kernels it replays, against the median CPU cost of launching one kernel on its own in the same
trace, says what the graph saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from traceview.analysis.kernels.attribution import KernelAttribution
from traceview.trace import Trace, schema
from traceview.trace.catalogue import tagged
from traceview.trace.by_name import is_one_of

#: Single-kernel launch APIs whose cost a graph replaces.
SINGLE_LAUNCH_APIS = frozenset(
    {"cudaLaunchKernel", "cudaLaunchKernelExC", "cuLaunchKernel", "cuLaunchKernelEx", "hipLaunchKernel",
     "hipModuleLaunchKernel", "hipExtModuleLaunchKernel", "hipExtLaunchKernel"}
)


@dataclass(frozen=True)
class GraphLaunches:
    """``launches``: one row per graph launch, in time order: launch_id, api, start_ns, cpu_ns,
    kernels, cpu_ns_per_kernel, gpu_span_ns (first kernel start to last kernel end).
    ``single_launch_cpu_ns``: median CPU ns of one single-kernel launch in this trace (None if none).
    ``eager_equivalent_cpu_ns``: what launching the replayed kernels one by one would cost at that median.
    ``copies_beside``: copy kernels launched outside the graphs but inside the same compiled-region calls, per
    replay (inputs that are not static, copied into the graph's buffers every call); ``copies_beside_ms``: their GPU
    time in all (known when the kernels' attribution was given).
    """

    launches: pd.DataFrame
    single_launch_cpu_ns: float | None
    eager_equivalent_cpu_ns: float | None
    copies_beside: int = 0
    copies_beside_ms: float = 0.0
    count: int = field(init=False)  # graph launches
    kernels_per_launch: list[int] = field(init=False)
    graph_cpu_ns: int = field(init=False)  # the graph launches' CPU time, all of them

    def __post_init__(self):
        object.__setattr__(self, "count", len(self.launches))
        object.__setattr__(self, "kernels_per_launch", [int(k) for k in self.launches["kernels"]])
        object.__setattr__(self, "graph_cpu_ns", int(self.launches["cpu_ns"].sum()))


def graph_launches(trace: Trace, attribution: KernelAttribution | None = None) -> GraphLaunches:
    """Every graph launch with the kernels it replayed, and the one-by-one comparison; with ``attribution``, the
    copies beside the graphs too."""
    launches = trace.launches
    api = launches["api"]
    rows = np.flatnonzero(is_one_of(api, schema.GRAPH_LAUNCH_APIS))
    rows = rows[np.argsort(launches["start_ns"].to_numpy()[rows])]  # (as sort_values: quicksort)
    launch_ids = launches["launch_id"].to_numpy()[rows]
    kernels = launches["kernel_count"].to_numpy()[rows]
    cpu = launches["dur_ns"].to_numpy()[rows]
    # each graph's kernels: their first start and last end, in exact int64 ns
    gpu = trace.gpu
    by_id = np.sort(launch_ids)
    of = gpu["launch_id"].to_numpy(dtype=np.int64, na_value=-1)
    at = np.minimum(np.searchsorted(by_id, of), max(len(by_id) - 1, 0))
    mine = (gpu["kind"] == "kernel").to_numpy() & (by_id[at] == of) if len(by_id) else np.zeros(len(gpu), dtype=bool)
    first = np.full(len(by_id), np.iinfo(np.int64).max, dtype=np.int64)
    last = np.full(len(by_id), np.iinfo(np.int64).min, dtype=np.int64)
    np.minimum.at(first, at[mine], gpu["start_ns"].to_numpy()[mine])
    np.maximum.at(last, at[mine], gpu["end_ns"].to_numpy()[mine])
    has_sorted = np.bincount(at[mine], minlength=len(by_id)) > 0
    place = np.searchsorted(by_id, launch_ids)
    has = has_sorted[place]
    with np.errstate(divide="ignore", invalid="ignore"):
        per_kernel = np.where(kernels > 0, cpu / np.maximum(kernels, 1), np.nan)
    table = pd.DataFrame({
        "launch_id": launch_ids,
        "api": np.asarray(api.array[rows].astype(str), dtype=object),
        "start_ns": launches["start_ns"].to_numpy()[rows],
        "cpu_ns": cpu,
        "kernels": kernels,
        "cpu_ns_per_kernel": per_kernel,
        "gpu_span_ns": pd.arrays.IntegerArray(np.where(has, (last - first)[place], 0).astype(np.int64), ~has),
    }, copy=False)
    singles = is_one_of(api, SINGLE_LAUNCH_APIS) & (launches["kernel_count"].to_numpy() > 0)
    single = float(np.median(launches["dur_ns"].to_numpy()[singles])) if singles.any() else None
    eager = single * float(kernels.sum()) if single is not None and len(table) else None
    beside, beside_ms = _copies_beside(trace, attribution, launch_ids) if attribution is not None else (0, 0.0)
    return GraphLaunches(launches=table, single_launch_cpu_ns=single, eager_equivalent_cpu_ns=eager,
                         copies_beside=int(round(beside / max(len(table), 1))), copies_beside_ms=beside_ms)


def _copies_beside(trace: Trace, attribution: KernelAttribution, graph_launch_ids: np.ndarray) -> tuple[int, float]:
    """Copy kernels (a kernel or its op named for a copy) launched outside the graphs but inside the same
    compiled-region calls during the run: how many in all, and their GPU ms."""
    table = attribution.table
    run = (table["phase"] == "run").to_numpy()
    launch = table["launch_id"].to_numpy(dtype=np.int64, na_value=-1)
    region = table["region_id"].to_numpy(dtype=np.int64, na_value=-1)
    in_graph = run & np.isin(launch, graph_launch_ids)
    graph_regions = np.unique(region[in_graph & (region >= 0)])
    if not len(graph_regions):
        return 0, 0.0
    beside = np.flatnonzero(run & ~in_graph & np.isin(region, graph_regions))
    named = tagged(trace.gpu, "copy_named")[table["activity_id"].to_numpy(dtype=np.int64)[beside]]
    op = table["op_id"].to_numpy(dtype=np.int64, na_value=-1)[beside]
    copies = named | ((op >= 0) & tagged(trace.slices, "copy_op")[np.maximum(op, 0)])
    ms = float(table["dur_ns"].to_numpy(dtype=np.float64)[beside][copies].sum()) / 1e6
    return int(copies.sum()), ms

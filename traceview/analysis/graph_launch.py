"""What does a CUDA/HIP graph launch buy? Kernels per replay and CPU cost per replayed kernel.

One ``cudaGraphLaunch`` replays every kernel captured in the graph. Its CPU cost divided by the
kernels it replays, against the median CPU cost of launching one kernel on its own in the same
trace, says what the graph saved.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from traceview.trace import Trace, schema

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
    """

    launches: pd.DataFrame
    single_launch_cpu_ns: float | None
    eager_equivalent_cpu_ns: float | None

    @property
    def count(self) -> int:
        return len(self.launches)

    @property
    def kernels_per_launch(self) -> list[int]:
        return [int(k) for k in self.launches["kernels"]]

    @property
    def graph_cpu_ns(self) -> int:
        return int(self.launches["cpu_ns"].sum())


def graph_launches(trace: Trace) -> GraphLaunches:
    """Every graph launch with the kernels it replayed, and the one-by-one comparison."""
    launches = trace.launches
    graphs = launches[launches["api"].isin(schema.GRAPH_LAUNCH_APIS)].sort_values("start_ns")
    kernels = trace.kernels
    kernels = kernels[kernels["launch_id"].isin(graphs["launch_id"]).to_numpy()]  # the graphs' kernels only
    by_launch = kernels.groupby("launch_id")
    span = pd.DataFrame({"first": by_launch["start_ns"].min(), "last": by_launch["end_ns"].max()})
    table = pd.DataFrame({
        "launch_id": graphs["launch_id"].to_numpy(),
        "api": graphs["api"].astype(str).to_numpy(),
        "start_ns": graphs["start_ns"].to_numpy(),
        "cpu_ns": graphs["dur_ns"].to_numpy(),
        "kernels": graphs["kernel_count"].to_numpy(),
    })
    table["cpu_ns_per_kernel"] = np.where(table["kernels"] > 0, table["cpu_ns"] / table["kernels"].clip(lower=1), np.nan)
    # exact int64 ns (a reindex with missing launches would go through float64: ~100 ns off at epoch times)
    spanned = span.index.to_numpy(dtype=np.int64)
    at = np.minimum(np.searchsorted(spanned, table["launch_id"].to_numpy()), max(len(spanned) - 1, 0))
    has = (spanned[at] == table["launch_id"].to_numpy()) if len(spanned) else np.zeros(len(table), dtype=bool)
    length = (span["last"].to_numpy(dtype=np.int64) - span["first"].to_numpy(dtype=np.int64))[at] if len(spanned) else np.zeros(len(table), dtype=np.int64)
    table["gpu_span_ns"] = pd.arrays.IntegerArray(np.where(has, length, 0).astype(np.int64), ~has)
    singles = launches[launches["api"].isin(SINGLE_LAUNCH_APIS) & (launches["kernel_count"] > 0)]
    single = float(singles["dur_ns"].median()) if len(singles) else None
    eager = single * float(table["kernels"].sum()) if single is not None and len(table) else None
    return GraphLaunches(launches=table, single_launch_cpu_ns=single, eager_equivalent_cpu_ns=eager)

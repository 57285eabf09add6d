"""How many kernels does each call of each compiled region run?

A compiled region call is a ``Torch-Compiled Region: F/C`` slice (frame F, compile C; a recompile
is a new C). After a graph break, regions nest: the resume function's region runs inside the
caller's. A call's kernels are the run-phase kernels launched anywhere inside it, nested regions
included; kernels launched while compiling or autotuning inside the call are counted apart.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from traceview.analysis import patterns
from traceview.analysis.by_name import per_name
from traceview.analysis.phases import CompileSplit
from traceview.analysis.tree import ancestor_pairs, parents_array
from traceview.trace import Trace


@dataclass(frozen=True)
class RegionCalls:
    """``calls``: one row per region call, in time order: slice_id, region ("F/C"), rank, start_ns,
    dur_ns, depth (0 for an outermost region call), kernels (run phase), compile_kernels (compile
    or autotune phase), gpu_ns (run-phase kernel time).
    ``by_region``: per region id: calls, kernels_per_call (list), steady_kernels_per_call (the
    most common count), gpu_ms."""

    calls: pd.DataFrame
    by_region: pd.DataFrame


def region_calls(trace: Trace, split: CompileSplit) -> RegionCalls:
    """Every compiled-region call and the kernels launched inside it."""
    slices = trace.slices
    names = slices["name"]  # categorical: each .str pattern runs once per distinct name
    is_region = names.str.match(patterns.REGION).to_numpy()
    region_ids = per_name(names, lambda n: n.str.extract(patterns.REGION)["id"].fillna("?"))
    regions = slices[is_region]
    calls = pd.DataFrame({
        "slice_id": regions["slice_id"].to_numpy(),
        "region": region_ids[is_region].to_numpy(),
        "rank": regions["rank"].to_numpy(),
        "start_ns": regions["start_ns"].to_numpy(),
        "dur_ns": regions["dur_ns"].to_numpy(),
    })
    parents = parents_array(slices)
    nested_in = ancestor_pairs(parents, calls["slice_id"].to_numpy(), is_region)
    calls["depth"] = np.bincount(nested_in["row"].to_numpy(), minlength=len(calls)) if len(calls) else np.array([], dtype=np.int64)

    kernels = trace.kernels
    launch = kernels["launch_id"].fillna(-1).to_numpy(dtype=np.int64)
    pairs = ancestor_pairs(parents, launch, is_region)
    phase = split.gpu_phase.reindex(kernels["activity_id"].to_numpy()).astype(str).to_numpy()
    pairs["run"] = phase[pairs["row"].to_numpy()] == "run"
    pairs["dur_ns"] = kernels["dur_ns"].to_numpy()[pairs["row"].to_numpy()]
    # each (kernel, enclosing call) pair counted on its call's row (calls are in slice_id order)
    at = np.searchsorted(calls["slice_id"].to_numpy(), pairs["ancestor"].to_numpy())
    run = pairs["run"].to_numpy()
    calls["kernels"] = np.bincount(at[run], minlength=len(calls)).astype(np.int64)
    calls["compile_kernels"] = np.bincount(at[~run], minlength=len(calls)).astype(np.int64)
    calls["gpu_ns"] = np.bincount(at[run], weights=pairs["dur_ns"].to_numpy()[run], minlength=len(calls)).astype(np.int64)
    calls = calls.sort_values("start_ns", ignore_index=True)
    return RegionCalls(calls=calls, by_region=_by_region(calls))


def _by_region(calls: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for region, group in calls.groupby("region", sort=False):
        counts = group["kernels"].tolist()
        rows.append({
            "region": region,
            "calls": len(group),
            "kernels_per_call": counts,
            "steady_kernels_per_call": int(pd.Series(counts).mode().max()) if counts else 0,
            "gpu_ms": float(group["gpu_ns"].sum()) / 1e6,
        })
    return pd.DataFrame(rows, columns=["region", "calls", "kernels_per_call", "steady_kernels_per_call", "gpu_ms"])

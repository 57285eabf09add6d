"""How many kernels does each call of each compiled region run?

A compiled region call is a ``Torch-Compiled Region: F/C`` slice (frame F, compile C; a recompile
is a new C). After a graph break, regions nest: the resume function's region runs inside the
caller's. A call's kernels are the run-phase kernels launched anywhere inside it, nested regions
included; kernels launched while compiling or autotuning inside the call are counted apart.

The backward of a compiled graph runs later, on autograd's thread, as ``CompiledFunctionBackward``
(outside any region slice). Kineto's ``fwdbwd`` flow ties it to the forward ``CompiledFunction``
inside the call (:mod:`traceview.trace.fwdbwd`), so each call also gets the kernels its backward
launched (``backward_kernels``), CUDA-graph replays included.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from traceview.trace import catalogue
from traceview.trace.by_name import per_label
from traceview.analysis.base.compile_split import CompileSplit
from traceview.trace import Trace


@dataclass(frozen=True)
class RegionCalls:
    """``calls``: one row per region call, in time order: slice_id, region ("F/C"), rank, start_ns,
    dur_ns, depth (0 for an outermost region call), kernels (run phase), compile_kernels (compile
    or autotune phase), gpu_ns (run-phase kernel time), backward_kernels / backward_gpu_ns (run-phase
    kernels of the backward this call's forward recorded, on autograd's thread).
    ``by_region``: per region id: calls, kernels_per_call (list), steady_kernels_per_call (the
    most common count), gpu_ms, backward_kernels_per_call (list), backward_gpu_ms."""

    calls: pd.DataFrame
    by_region: pd.DataFrame


def region_calls(trace: Trace, split: CompileSplit) -> RegionCalls:
    """Every compiled-region call and the kernels launched inside it."""
    slices = trace.slices
    names = slices["name"]  # categorical: each .str pattern runs once per distinct name
    is_region = (slices["kind"] == "region").to_numpy()
    region_ids = per_label(names, catalogue.region_id)
    rows = np.flatnonzero(is_region)
    call_ids = slices["slice_id"].to_numpy()[rows]
    # each slice's innermost region call, found at load time: hop from call to enclosing call
    nearest = slices["region_id"].to_numpy(dtype=np.int64, na_value=-1)
    nested_in = trace.ancestors(call_ids, through=nearest)

    gpu = trace.gpu
    kernel_rows = np.flatnonzero((gpu["kind"] == "kernel").to_numpy())
    launch = gpu["launch_id"].to_numpy(dtype=np.int64, na_value=-1)[kernel_rows]
    pairs = trace.ancestors(launch, through=nearest)
    pair_kernel = kernel_rows[pairs["row"].to_numpy()]
    # the phase of each GPU activity, in the gpu table's row order (as compile_split made it)
    is_run = split.gpu_phase.cat.codes.to_numpy() == split.gpu_phase.cat.categories.get_loc("run")
    run = is_run[pair_kernel]
    dur = gpu["dur_ns"].to_numpy()[pair_kernel]
    # each (kernel, enclosing call) pair counted on its call's row (calls are in slice_id order)
    at = np.searchsorted(call_ids, pairs["ancestor"].to_numpy())
    n = len(call_ids)
    bwd_at, bwd_kernel = _backward_kernels(trace, call_ids, kernel_rows, launch)
    bwd_run = is_run[bwd_kernel]
    bwd_dur = gpu["dur_ns"].to_numpy()[bwd_kernel]
    calls = pd.DataFrame({
        "slice_id": call_ids,
        "region": region_ids[rows],
        "rank": slices["rank"].to_numpy()[rows],
        "start_ns": slices["start_ns"].to_numpy()[rows],
        "dur_ns": slices["dur_ns"].to_numpy()[rows],
        "depth": np.bincount(nested_in["row"].to_numpy(), minlength=n).astype(np.int64),
        "kernels": np.bincount(at[run], minlength=n).astype(np.int64),
        "compile_kernels": np.bincount(at[~run], minlength=n).astype(np.int64),
        "gpu_ns": np.bincount(at[run], weights=dur[run], minlength=n).astype(np.int64),
        "backward_kernels": np.bincount(bwd_at[bwd_run], minlength=n).astype(np.int64),
        "backward_gpu_ns": np.bincount(bwd_at[bwd_run], weights=bwd_dur[bwd_run], minlength=n).astype(np.int64),
    }, copy=False)
    calls = calls.sort_values("start_ns", ignore_index=True)
    return RegionCalls(calls=calls, by_region=_by_region(calls))


def _backward_kernels(trace: Trace, call_ids: np.ndarray,
                      kernel_rows: np.ndarray, launch: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(call position, GPU row) for every kernel launched under a backward op whose forward op ran
    inside a region call (every enclosing call, as for the forward kernels)."""
    none = np.array([], dtype=np.int64)
    if len(call_ids) == 0:
        return none, none
    pairs = trace.fwdbwd
    if pairs.empty:
        return none, none
    nearest = trace.slices["region_id"].to_numpy(dtype=np.int64, na_value=-1)
    forward_in = trace.ancestors(pairs["forward_id"].to_numpy(), through=nearest)  # row: pair, ancestor: call
    if forward_in.empty:
        return none, none
    # each distinct (backward op, call) pair, sorted by the backward op
    backward_of_call = np.unique(np.stack([pairs["backward_id"].to_numpy(dtype=np.int64)[forward_in["row"].to_numpy()],
                                           np.searchsorted(call_ids, forward_in["ancestor"].to_numpy())], axis=1), axis=0)
    is_backward = np.zeros(len(trace.slices), dtype=bool)
    is_backward[backward_of_call[:, 0]] = True
    under = trace.ancestors(launch, is_backward, include_self=True)  # row: kernel, ancestor: backward op
    backward_id, gpu_row = under["ancestor"].to_numpy(dtype=np.int64), kernel_rows[under["row"].to_numpy()]
    # joined on the backward op: each kernel once per call its backward op's forward op ran in (the callers sum)
    lo = np.searchsorted(backward_of_call[:, 0], backward_id, side="left")
    many = np.searchsorted(backward_of_call[:, 0], backward_id, side="right") - lo
    kernel = np.repeat(np.arange(len(backward_id)), many)
    pair = np.repeat(lo - (np.cumsum(many) - many), many) + np.arange(int(many.sum()))
    return backward_of_call[pair, 1].astype(np.int64, copy=False), gpu_row[kernel].astype(np.int64, copy=False)


def _by_region(calls: pd.DataFrame) -> pd.DataFrame:
    """One row per region, in the order of its first call (``groupby(sort=False)``'s), from numpy per region."""
    codes, regions = pd.factorize(calls["region"], sort=False)  # a call without a region (code -1) is left out
    kernels, backward = calls["kernels"].to_numpy(), calls["backward_kernels"].to_numpy()
    gpu_ns, backward_ns = calls["gpu_ns"].to_numpy(), calls["backward_gpu_ns"].to_numpy()
    order = np.argsort(codes, kind="stable")  # each region's calls together, in call order
    bounds = np.searchsorted(codes[order], np.arange(len(regions) + 1))
    rows = []
    for k, region in enumerate(regions.tolist()):
        at = order[bounds[k]:bounds[k + 1]]
        counts = kernels[at]
        values, times = np.unique(counts, return_counts=True)  # the most frequent count (the largest of a tie)
        rows.append({
            "region": region,
            "calls": len(at),
            "kernels_per_call": counts.tolist(),
            "steady_kernels_per_call": int(values[times == times.max()].max()) if len(at) else 0,
            "gpu_ms": float(gpu_ns[at].sum()) / 1e6,
            "backward_kernels_per_call": backward[at].tolist(),
            "backward_gpu_ms": float(backward_ns[at].sum()) / 1e6,
        })
    return pd.DataFrame(rows, columns=["region", "calls", "kernels_per_call", "steady_kernels_per_call", "gpu_ms",
                                       "backward_kernels_per_call", "backward_gpu_ms"])

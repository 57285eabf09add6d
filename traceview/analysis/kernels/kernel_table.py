"""Which kernels took the GPU's time? One row per kernel name, with where its launches came from."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from traceview.trace.kernel_names import short_names

from traceview.analysis.kernels.attribution import KernelAttribution

if TYPE_CHECKING:
    from traceview.analysis.kernels.flops import Flops

_COLUMNS = ["name", "count", "total_ms", "median_us", "share", "api", "op", "region", "source", "first_start_ns", "short_name"]


def kernel_table(attribution: KernelAttribution, phase: str | None = "run", flops: Flops | None = None) -> pd.DataFrame:
    """Per kernel name (``phase`` only; None for all): count, total_ms, median_us, share (of GPU
    kernel time), api, op, region, source (the most common of each), first_start_ns, short_name
    (:func:`traceview.trace.kernel_names.short_names`: readable, distinct within the table); given
    ``flops``, ``tflops``: the name's achieved TFLOP/s on the roofline (<NA> where no shapes say).
    Sorted by total time, largest first.

    Computed on integer codes (one factorisation of the names, numpy sums and sorts): a groupby
    per column costs more than the work itself on the small tables of a short trace.
    """
    table = attribution.table
    keep = (table["kind"] == "kernel").to_numpy()
    if phase is not None:
        keep = keep & (table["phase"] == phase).to_numpy()  # a new array: pandas 3 hands out read-only ones
    if not keep.any():
        empty = pd.DataFrame(columns=_COLUMNS)
        return empty if flops is None else empty.assign(tflops=pd.Series(dtype="Float64"))
    rows = np.flatnonzero(keep)
    k = {col: pd.Series(table[col].array[rows], copy=False) for col in ("name", "dur_ns", "start_ns", "api", "op", "region", "source")}  # the columns used
    codes, names = _factorize_names(k["name"])
    n = len(names)
    dur = k["dur_ns"].to_numpy(dtype=np.int64)
    start = k["start_ns"].to_numpy(dtype=np.int64)
    order = np.lexsort((dur, codes))  # by name, then duration: medians and minima by position
    counts = np.bincount(codes, minlength=n)
    first = np.concatenate(([0], np.cumsum(counts)[:-1]))
    by_dur = dur[order]
    median = (by_dur[first + (counts - 1) // 2] + by_dur[first + counts // 2]) / 2
    total_ns = np.zeros(n, dtype=np.int64)
    np.add.at(total_ns, codes, dur)
    first_start = np.full(n, np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(first_start, codes, start)
    total_ms = total_ns / 1e6
    total = total_ms.sum()
    by_total = np.argsort(-total_ms, kind="stable")  # largest first; ties: first seen first
    names = names[by_total]
    columns = {
        "name": names,
        "count": counts.astype(np.int64)[by_total],
        "total_ms": total_ms[by_total],
        "median_us": (median / 1e3)[by_total],
        "share": total_ms[by_total] / total if total else 0.0,
        **{col: pd.array(_most_common(codes, n, k[col])[by_total], dtype="string") for col in ("api", "op", "region", "source")},
        "first_start_ns": first_start[by_total],
        "short_name": pd.array(short_names(names), dtype="string"),  # distinct within the table
    }
    if flops is not None:
        tflops = dict(zip(flops.kernels["name"].astype(str).tolist(), flops.kernels["tflops"].tolist()))
        columns["tflops"] = pd.array([tflops.get(str(name), np.nan) for name in names], dtype="Float64")
    return pd.DataFrame(columns)


def _factorize_names(names: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """Codes per row and the distinct names (as str), in first-appearance order; a categorical is
    factorised by its codes, without a string per row."""
    if isinstance(names.dtype, pd.CategoricalDtype):
        codes, distinct = pd.factorize(names.array.codes, sort=False)
        return codes, np.asarray(names.array.categories.astype(str), dtype=object)[distinct]
    codes, distinct = pd.factorize(names.astype(str).to_numpy(), sort=False)
    return codes, np.asarray(distinct, dtype=object)


def _most_common(name_codes: np.ndarray, n_names: int, values: pd.Series) -> np.ndarray:
    """Per kernel name, the most common non-missing value of ``values`` (ties: the smallest value)."""
    out = np.full(n_names, None, dtype=object)
    array = values.array if isinstance(values.dtype, pd.StringDtype) else values.astype("string").array
    value_codes, uniques = pd.factorize(array, sort=True)
    present = value_codes >= 0
    if not present.any():
        return out
    width = len(uniques)
    keys, counts = np.unique(name_codes[present].astype(np.int64) * width + value_codes[present], return_counts=True)
    name_of, value_of = keys // width, keys % width
    order = np.lexsort((value_of, -counts, name_of))  # per name: most common first, then the smallest value
    best = order[np.r_[True, name_of[order][1:] != name_of[order][:-1]]]
    out[name_of[best]] = np.asarray(uniques, dtype=object)[value_of[best]]
    return out

"""Which kernels took the GPU's time? One row per kernel name, with where its launches came from."""

from __future__ import annotations

import pandas as pd

from traceview.analysis.attribution import KernelAttribution


def kernel_table(attribution: KernelAttribution, phase: str | None = "run") -> pd.DataFrame:
    """Per kernel name (``phase`` only; None for all): count, total_ms, median_us, share (of GPU
    kernel time), api, op, region, source (the most common of each), first_start_ns.
    Sorted by total time, largest first."""
    k = attribution.kernels
    if phase is not None:
        k = k[k["phase"] == phase]
    if k.empty:
        return pd.DataFrame(columns=["name", "count", "total_ms", "median_us", "share", "api", "op", "region", "source", "first_start_ns"])
    k = k.assign(name=k["name"].astype(str), api=k["api"].astype("string"))
    grouped = k.groupby("name", sort=False)
    out = pd.DataFrame({
        "count": grouped.size(),
        "total_ms": grouped["dur_ns"].sum() / 1e6,
        "median_us": grouped["dur_ns"].median() / 1e3,
        **{col: _most_common(k, col) for col in ("api", "op", "region", "source")},
        "first_start_ns": grouped["start_ns"].min(),
    }).reset_index()
    total = out["total_ms"].sum()
    out.insert(4, "share", out["total_ms"] / total if total else 0.0)
    return out.sort_values("total_ms", ascending=False, ignore_index=True)


def _most_common(kernels: pd.DataFrame, column: str) -> pd.Series:
    """Per kernel name, the most common non-missing value of ``column`` (ties: the smallest value)."""
    counts = kernels.groupby(["name", column], sort=True, observed=True, dropna=True).size()
    if counts.empty:
        return pd.Series(pd.NA, index=pd.Index(kernels["name"].unique(), name="name"), dtype="string")
    best = counts.groupby(level="name", sort=False).idxmax()
    return pd.Series([value for _, value in best], index=best.index, dtype="string")

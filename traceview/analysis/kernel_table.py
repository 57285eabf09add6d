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
        "api": grouped["api"].agg(_mode),
        "op": grouped["op"].agg(_mode),
        "region": grouped["region"].agg(_mode),
        "source": grouped["source"].agg(_mode),
        "first_start_ns": grouped["start_ns"].min(),
    }).reset_index()
    total = out["total_ms"].sum()
    out.insert(4, "share", out["total_ms"] / total if total else 0.0)
    return out.sort_values("total_ms", ascending=False, ignore_index=True)


def _mode(values: pd.Series) -> object:
    values = values.dropna()
    return values.mode().iloc[0] if len(values) else pd.NA

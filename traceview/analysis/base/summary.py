"""What is in this trace? Events, span, devices, counts by category and by launch API."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from traceview.trace import Trace
from traceview.trace.counts import most_common


@dataclass(frozen=True)
class TraceSummary:
    """The inventory ``traceview info`` prints."""

    path: str
    ranks: list[int]
    events: int  # host slices + GPU activities + GPU annotations
    span_ms: float  # first event start to last event end
    devices: list[str]
    vendor: str
    categories: dict[str, int]  # host slices by category, plus kernel / gpu_memcpy / gpu_memset
    launches: dict[str, int]  # launch API -> calls
    kernels: int
    memcpys: int
    memsets: int
    streams: int
    truncated: bool
    notes: list[str] = field(default_factory=list)
    world_size: int | None = None  # the job's ranks as the trace's distributedInfo says (None: not a distributed run)


def trace_summary(trace: Trace) -> TraceSummary:
    """Count what the trace holds (counts from the categorical codes: no pandas call per count)."""
    slices, gpu = trace.slices, trace.gpu
    categories = {k: v for k, v in _counts(slices["cat"]).items() if v}
    kinds = _counts(gpu["kind"])
    for kind, cat in (("kernel", "kernel"), ("memcpy", "gpu_memcpy"), ("memset", "gpu_memset")):
        if kinds.get(kind, 0):
            categories[cat] = kinds[kind]
    if len(trace.gpu_annotations):
        categories["gpu_user_annotation"] = len(trace.gpu_annotations)
    starts = [int(a.min()) for a in (slices["start_ns"].to_numpy(), gpu["start_ns"].to_numpy()) if len(a)]
    ends = [int(a.max()) for a in (slices["end_ns"].to_numpy(), gpu["end_ns"].to_numpy()) if len(a)]
    span_ns = (max(ends) - min(starts)) if starts and ends else 0
    launches = {str(k): int(v) for k, v in most_common(trace.launches["api"]).items() if v}
    notes = [f"rank {m.rank}: {n}" if len(trace.ranks) > 1 else n for m in trace.ranks for n in m.notes]
    return TraceSummary(
        path=trace.meta.path if len(trace.ranks) == 1 else ", ".join(m.path for m in trace.ranks),
        ranks=[m.rank for m in trace.ranks],
        events=len(slices) + len(gpu) + len(trace.gpu_annotations),
        span_ms=float(span_ns) / 1e6,
        devices=sorted({f"{d.id}: {d.name}" for m in trace.ranks for d in m.devices}),
        vendor=trace.meta.vendor,
        categories=dict(sorted(categories.items(), key=lambda kv: -kv[1])),
        launches=launches,
        kernels=kinds.get("kernel", 0),
        memcpys=kinds.get("memcpy", 0),
        memsets=kinds.get("memset", 0),
        streams=_distinct_rows(gpu["rank"], gpu["device"], gpu["stream"]),
        truncated=any(m.truncated for m in trace.ranks),
        notes=notes,
        world_size=max((m.world_size or 0 for m in trace.ranks), default=0) or None,
    )


def _counts(column: pd.Series) -> dict[str, int]:
    """Rows per value of a categorical column (missing values not counted), in the categories' order: what
    ``value_counts(sort=False)`` gives, from one ``bincount`` of the codes."""
    values = column.array if isinstance(column.dtype, pd.CategoricalDtype) else pd.Categorical(column)
    codes = np.asarray(values.codes)
    counts = np.bincount(codes[codes >= 0], minlength=len(values.categories))
    return {str(k): int(n) for k, n in zip(values.categories.tolist(), counts.tolist())}


def _distinct_rows(*columns: pd.Series) -> int:
    """Distinct rows of integer columns (a missing value one value of its own), as ``drop_duplicates`` counts."""
    if not len(columns[0]):
        return 0
    key = np.zeros(len(columns[0]), dtype=np.int64)
    for column in columns:  # each column's values numbered, the numbers combined into one key per row
        values, number = np.unique(column.to_numpy(dtype=np.int64, na_value=np.iinfo(np.int64).min), return_inverse=True)
        key = key * len(values) + number.reshape(-1)
    return int(len(np.unique(key)))

"""What is in this trace? Events, span, devices, counts by category and by launch API."""

from __future__ import annotations

from dataclasses import dataclass, field

from traceview.trace import Trace


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


def trace_summary(trace: Trace) -> TraceSummary:
    """Count what the trace holds."""
    slices, gpu = trace.slices, trace.gpu
    categories = {str(k): int(v) for k, v in slices["cat"].value_counts(sort=False).items() if v}
    for kind, cat in (("kernel", "kernel"), ("memcpy", "gpu_memcpy"), ("memset", "gpu_memset")):
        count = int((gpu["kind"] == kind).sum())
        if count:
            categories[cat] = count
    if len(trace.gpu_annotations):
        categories["gpu_user_annotation"] = len(trace.gpu_annotations)
    starts = [s for s in (slices["start_ns"].min(), gpu["start_ns"].min()) if s == s and s is not None]
    ends = [e for e in (slices["end_ns"].max(), gpu["end_ns"].max()) if e == e and e is not None]
    span_ns = (max(ends) - min(starts)) if starts and ends else 0
    launches = {str(k): int(v) for k, v in trace.launches["api"].value_counts().items() if v}
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
        kernels=int((gpu["kind"] == "kernel").sum()),
        memcpys=int((gpu["kind"] == "memcpy").sum()),
        memsets=int((gpu["kind"] == "memset").sum()),
        streams=int(gpu[["rank", "device", "stream"]].drop_duplicates().shape[0]) if len(gpu) else 0,
        truncated=any(m.truncated for m in trace.ranks),
        notes=notes,
    )

"""Terminal and JSON views of :class:`~traceview.analysis.ranks.collectives.Collectives`: the collectives
matched across ranks, the worst first, and each rank's wait per step."""

from __future__ import annotations

from typing import Any

import pandas as pd
from rich.console import Group, RenderableType
from rich.table import Table

from traceview.analysis.ranks.collectives import Collectives


def collective_records(c: Collectives) -> list[dict[str, Any]]:
    """One JSON-ready dict per collective, in time order (times in µs, bandwidths in GB/s = 1e9 B/s)."""
    out = []
    for row in c.collectives.itertuples(index=False):
        out.append({
            "name": row.collective, "group": row.group, "seq": int(row.seq), "seq_source": c.seq_source, "step": _value(row.step),
            "skew_us": row.skew_ns / 1e3, "last_rank": int(row.last_rank), "max_wait_us": row.max_wait_ns / 1e3,
            "mean_wait_us": row.mean_wait_ns / 1e3, "latency_us": row.latency_ns / 1e3, "end_skew_us": row.end_skew_ns / 1e3,
            "ranks": int(row.ranks), "group_size": int(row.group_size), "dtype": _value(row.dtype), "bytes": _value(row.bytes),
            "algbw_gbps": _value(row.algbw_gbps), "busbw_gbps": _value(row.busbw_gbps),
        })
    return out


def _value(v: Any) -> Any:
    if v is None or v is pd.NA or (isinstance(v, float) and v != v):
        return None
    return v.item() if hasattr(v, "item") else v


def collectives_view(c: Collectives, top: int = 10) -> RenderableType:
    """The ``top`` collectives by start skew, and which rank arrived last how often."""
    if c.collectives.empty:
        return "No NCCL/RCCL collectives in these traces."
    table = Table(title=f"Worst collectives by start skew (matched by {'Seq' if c.seq_source == 'Seq' else 'order per process group'})",
                  title_justify="left")
    for col in ("collective", "group", "seq", "step", "skew µs", "last rank", "latency µs", "MB", "algbw GB/s", "busbw GB/s"):
        table.add_column(col, justify="left" if col in ("collective", "group", "step") else "right")
    for r in c.worst(top).itertuples(index=False):
        table.add_row(str(r.collective), str(r.group), str(r.seq), str(_value(r.step) or "-"), f"{r.skew_ns / 1e3:,.1f}", str(r.last_rank),
                      f"{r.latency_ns / 1e3:,.1f}", "-" if _value(r.bytes) is None else f"{r.bytes / 1e6:,.2f}",
                      "-" if _value(r.algbw_gbps) is None else f"{r.algbw_gbps:,.1f}", "-" if _value(r.busbw_gbps) is None else f"{r.busbw_gbps:,.1f}")
    last = c.collectives["last_rank"].value_counts()
    summary = ", ".join(f"rank {int(rank)} {int(n)}×" for rank, n in last.items())
    return Group(table, f"Arrived last: {summary} (of {len(c.collectives):,} collectives).")

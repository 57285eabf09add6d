"""The collectives matched across ranks as JSON records."""

from __future__ import annotations

from typing import Any


from traceview.analysis.ranks.collectives import Collectives
from traceview.report.words import plain_value


def collective_records(c: Collectives) -> list[dict[str, Any]]:
    """One JSON-ready dict per collective, in time order (times in µs, bandwidths in GB/s = 1e9 B/s)."""
    out = []
    for row in c.collectives.itertuples(index=False):
        out.append({
            "name": row.collective, "group": row.group, "seq": int(row.seq), "seq_source": c.seq_source, "step": plain_value(row.step),
            "skew_us": row.skew_ns / 1e3, "last_rank": int(row.last_rank), "max_wait_us": row.max_wait_ns / 1e3,
            "mean_wait_us": row.mean_wait_ns / 1e3, "latency_us": row.latency_ns / 1e3, "end_skew_us": row.end_skew_ns / 1e3,
            "ranks": int(row.ranks), "group_size": int(row.group_size), "dtype": plain_value(row.dtype), "bytes": plain_value(row.bytes),
            "algbw_gbps": plain_value(row.algbw_gbps), "busbw_gbps": plain_value(row.busbw_gbps),
        })
    return out

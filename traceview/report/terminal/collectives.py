"""The collectives matched across ranks in the terminal, the worst first."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table

from traceview.analysis.ranks.collectives import Collectives
from traceview.report.words import plain_value
from traceview.trace.counts import most_common


def collectives_view(c: Collectives, top: int = 10) -> RenderableType:
    """The ``top`` collectives by start skew, and which rank arrived last how often."""
    if c.collectives.empty:
        return "No NCCL/RCCL collectives in these traces."
    table = Table(title=f"Worst collectives by start skew (matched by {'Seq' if c.seq_source == 'Seq' else 'order per process group'})",
                  title_justify="left")
    for col in ("collective", "group", "seq", "step", "skew µs", "last rank", "latency µs", "MB", "algbw GB/s", "busbw GB/s"):
        table.add_column(col, justify="left" if col in ("collective", "group", "step") else "right")
    for r in c.worst(top).itertuples(index=False):
        table.add_row(str(r.collective), str(r.group), str(r.seq), str(plain_value(r.step) or "-"), f"{r.skew_ns / 1e3:,.1f}", str(r.last_rank),
                      f"{r.latency_ns / 1e3:,.1f}", "-" if plain_value(r.bytes) is None else f"{r.bytes / 1e6:,.2f}",
                      "-" if plain_value(r.algbw_gbps) is None else f"{r.algbw_gbps:,.1f}", "-" if plain_value(r.busbw_gbps) is None else f"{r.busbw_gbps:,.1f}")
    last = most_common(c.collectives["last_rank"])
    summary = ", ".join(f"rank {int(rank)} {int(n)}×" for rank, n in last.items())
    return Group(table, f"Arrived last: {summary} (of {len(c.collectives):,} collectives).")

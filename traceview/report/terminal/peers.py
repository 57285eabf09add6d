"""Terminal lines for communication vs computation, memory peaks and the roofline (``traceview analyze``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.table import Table

from traceview.report.text import safe

if TYPE_CHECKING:
    from traceview.analysis.result import Analysis


def peers_view(a: Analysis, top: int = 5) -> list[RenderableType]:
    """What the trace says about communication, memory and FLOPs (nothing where it says nothing)."""
    parts: list[RenderableType] = []
    if a.comm is not None and a.comm.has_comm:
        table = Table(title="communication vs computation (ms)", title_justify="left", title_style="bold")
        for col in ("rank", "comm", "compute", "overlap", "exposed comm", "overlap %"):
            table.add_column(col, justify="right")
        for r in a.comm.per_rank.itertuples():
            pct = f"{100 * r.overlap_ns / r.comm_ns:.1f}" if r.comm_ns else "-"
            table.add_row(str(r.rank), f"{r.comm_ns / 1e6:,.3f}", f"{r.compute_ns / 1e6:,.3f}", f"{r.overlap_ns / 1e6:,.3f}", f"{r.exposed_ns / 1e6:,.3f}", pct)
        parts.append(table)
    if a.memory is not None and a.memory.peak_allocated_bytes is not None:
        parts.append(f"GPU memory peak: {a.memory.peak_allocated_bytes / 1e6:,.1f} MB allocated, {a.memory.peak_reserved_bytes / 1e6:,.1f} MB reserved")
    if a.flops is not None and len(a.flops.kernels):
        table = Table(title="roofline (GEMM / conv / attention kernels, run phase)", title_justify="left", title_style="bold")
        for col, justify in (("kernel", "left"), ("TFLOP/s", "right"), ("GB/s", "right"), ("FLOP/byte", "right"), ("dtype", "left"), ("% of roof", "right")):
            table.add_column(col, justify=justify)  # type: ignore[arg-type]
        for r in a.flops.kernels.head(top).itertuples():
            table.add_row(safe(r.name, 60), f"{r.tflops:,.2f}", "-" if r.gbps != r.gbps else f"{r.gbps:,.0f}",
                          "-" if r.intensity != r.intensity else f"{r.intensity:,.1f}", safe(r.dtype or "-"),
                          "-" if r.pct_of_peak != r.pct_of_peak else f"{r.pct_of_peak:,.0f}")
        parts.append(table)
    return parts

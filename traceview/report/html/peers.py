"""Report sections for what HTA and TraceLens also answer: communication vs computation (per rank,
per step, collectives across ranks with a rank x step heatmap), memory over time and at its peak,
and the roofline of GEMM / convolution / attention kernels; plus the link to the Perfetto export."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from traceview.report.html.figures import PHASE_COLORS
from traceview.report.html.figures import _layout
from traceview.report.html.figures import short_kernel_name
from traceview.report.html.page import Figures
from traceview.report.html.page import esc
from traceview.report.html.page import num
from traceview.report.html.page import table

if TYPE_CHECKING:
    from traceview.analysis.result import Analysis


def comm_section(a: Analysis, figs: Figures) -> str:
    """Communication vs computation per rank and step, and the collectives matched across ranks."""
    return _comm(a, figs)


def peer_sections(a: Analysis, figs: Figures, perfetto: str | None = None) -> str:
    """Memory, the roofline and the Perfetto link, in reading order (each says when the trace cannot
    answer it); communication is :func:`comm_section`, placed by the time it took."""
    out = ["<h2>Memory</h2>", _memory(a, figs),
           "<h2>Roofline: GEMM, convolution and attention kernels</h2>", _roofline(a, figs)]
    if perfetto:
        out += ["<h2>Open in Perfetto</h2>",
                f'<p><a href="{esc(perfetto)}">{esc(perfetto)}</a>: this trace with traceview\'s tracks added (phases, compiled-region '
                "calls, steps, launch waits, graph replays, exposed communication, GPU memory). Open it in "
                '<a href="https://ui.perfetto.dev">ui.perfetto.dev</a> ("Open trace file") or chrome://tracing.</p>']
    return "\n".join(out)


def _comm(a: Analysis, figs: Figures) -> str:
    c = a.comm
    if c is None or not c.has_comm:
        return '<p class="muted">No NCCL/RCCL kernels in this trace: nothing to overlap.</p>' + _queues(a)
    rows = [[str(r.rank), num(r.comm_ns / 1e6), num(r.compute_ns / 1e6), num(r.overlap_ns / 1e6), num(r.exposed_ns / 1e6),
             num(100 * r.overlap_ns / r.comm_ns if r.comm_ns else None, "{:.1f}")] for r in c.per_rank.itertuples()]
    out = [table(["rank", "comm ms", "compute ms", "overlap ms", "exposed comm ms", "overlap %"], rows, numeric=[False] + [True] * 5),
           '<p class="muted">Exposed: communication with no computation kernel beside it (HTA\'s comm/comp overlap, TraceLens\'s exposed comm).</p>']
    if len(c.per_step):
        out.append(figs.div(_heatmap(c.per_step, "exposed_ns", "Exposed communication per rank and step (ms)")))
    k = a.collectives
    if k is not None and len(k.collectives):
        rows = [[r.collective, r.group, num(r.seq, "{:.0f}"), esc(r.step if isinstance(r.step, str) else ""), num(r.skew_ns / 1e3, "{:,.1f}"),
                 num(r.last_rank, "{:.0f}"), num(r.latency_ns / 1e3, "{:,.1f}"), num(None if pd.isna(r.bytes) else r.bytes / 1e6, "{:,.2f}"),
                 num(r.algbw_gbps, "{:,.1f}"), num(r.busbw_gbps, "{:,.1f}")] for r in k.worst(15).itertuples()]
        out.append(f"<h3>Worst collectives by start skew ({len(k.collectives):,} matched across ranks by "
                   f"{'Seq' if k.seq_source == 'Seq' else 'order per process group'})</h3>")
        out.append(table(["collective", "group", "seq", "step", "skew µs", "last rank", "latency µs", "MB", "algbw GB/s", "busbw GB/s"], rows,
                         sortable=True, numeric=[False, False, True, False, True, True, True, True, True, True]))
        if len(k.waits):
            out.append(figs.div(_heatmap(k.waits, "wait_ns", "Time each rank waited for the last one, per step (ms)")))
    out.append(_queues(a))
    return "\n".join(out)


def _queues(a: Analysis) -> str:
    q = a.queues
    if q is None or q.empty:
        return ""
    rows = [[str(r.rank), "" if pd.isna(r.device) else str(r.device), str(r.stream), num(r.max, "{:,.0f}"), num(r.mean, "{:,.2f}"),
             num(r.changes, "{:,.0f}")] for r in q.itertuples()]
    return ("<h3>Stream queues: GPU work launched and not yet started</h3>"
            + table(["rank", "device", "stream", "max", "mean (time-weighted)", "changes"], rows, numeric=[False, False, False, True, True, True]))


def _heatmap(frame, column: str, title: str) -> go.Figure | None:
    grid = frame.pivot_table(index="rank", columns="step", values=column, aggfunc="sum", sort=False)
    if grid.empty:
        return None
    fig = go.Figure(go.Heatmap(z=grid.to_numpy(dtype=float) / 1e6, x=[str(s) for s in grid.columns], y=[f"rank {r}" for r in grid.index],
                               colorscale="Reds", colorbar=dict(title="ms")))
    return _layout(fig, title, height=max(220, 60 + 30 * len(grid)))


def _memory(a: Analysis, figs: Figures) -> str:
    from traceview.analysis.kernels.memory import downsampled_timeline

    m = a.memory
    if m is None or m.peaks.empty:
        return '<p class="muted">No [memory] events: record with profile_memory=True (traceview run/profile --memory).</p>'
    rows = [["GPU" if r.device_type == 1 else "CPU", "" if pd.isna(r.device) else str(r.device), str(r.rank),
             num(r.peak_allocated_bytes / 1e6, "{:,.1f}"), num(r.peak_reserved_bytes / 1e6, "{:,.1f}"), num(r.live_bytes / 1e6, "{:,.1f}"),
             num(r.before_trace_bytes / 1e6, "{:,.1f}")] for r in m.peaks.itertuples()]
    out = [table(["device", "id", "rank", "peak allocated MB", "peak reserved MB", "live at peak, allocated in the trace MB",
                  "allocated before the trace MB"], rows, numeric=[False, False, False, True, True, True, True])]
    timeline = downsampled_timeline(m)
    timeline = timeline[(timeline["device_type"] == 1).fillna(False).to_numpy()]
    if len(timeline):
        fig = go.Figure()
        t0 = int(timeline["ts_ns"].min())
        for (rank, device), part in timeline.groupby(["rank", "device"]):
            x = (part["ts_ns"].to_numpy() - t0) / 1e6
            fig.add_scatter(x=x, y=part["allocated_bytes"].to_numpy(dtype=float) / 1e6, mode="lines", line_shape="hv", name=f"allocated (rank {rank}, GPU {device})")
            fig.add_scatter(x=x, y=part["reserved_bytes"].to_numpy(dtype=float) / 1e6, mode="lines", line_shape="hv", name=f"reserved (rank {rank}, GPU {device})")
        out.append(figs.div(_layout(fig, "GPU memory over the trace", xaxis_title="ms from the first event", yaxis_title="MB")))
    live = m.live_by("op").head(15)
    out.append("<h3>Live at the peak, by the op that allocated it</h3>")
    out.append(table(["op", "MB", "blocks"], [[r.op, num(r.bytes / 1e6, "{:,.2f}"), num(r.blocks, "{:,.0f}")] for r in live.itertuples()],
                     numeric=[False, True, True]))
    phases = m.by_phase[(m.by_phase["device_type"] == 1).fillna(False).to_numpy()]
    if len(phases):
        out.append(table(["phase", "peak allocated MB", "allocated MB (sum)", "events"],
                         [[r.phase, num(r.peak_allocated_bytes / 1e6, "{:,.1f}"), num(r.allocated_bytes / 1e6, "{:,.1f}"), num(r.events, "{:,.0f}")]
                          for r in phases.itertuples()], numeric=[False, True, True, True]))
    return "\n".join(out)


def _roofline(a: Analysis, figs: Figures) -> str:
    f = a.flops
    if f is None or f.kernels.empty:
        if f is not None and f.shapes_recorded:  # record_shapes was on: there is simply no such call
            return '<p class="muted">No GEMM, convolution or attention kernel in this trace to place on the roofline.</p>'
        return ('<p class="muted">No GEMM, convolution or attention call with recorded shapes: record with record_shapes=True '
                "to place kernels on the roofline.</p>")
    k = f.kernels
    fig = go.Figure()
    known = k[k["intensity"].notna() & (k["tflops"] > 0)]
    if len(known):
        fig.add_scatter(x=known["intensity"], y=known["tflops"], mode="markers", name="kernels", marker=dict(color=PHASE_COLORS["run"],
                        size=np.clip(np.sqrt(known["dur_ns"].to_numpy(dtype=float) / 1e3), 6, 30)),
                        hovertext=[f"{short_kernel_name(n)}: {t:,.1f} TFLOP/s, {d / 1e6:,.3f} ms" for n, t, d in zip(known["name"], known["tflops"], known["dur_ns"])])
        bandwidth = known["peak_gbps"].dropna()
        x = np.logspace(np.log10(max(known["intensity"].min() / 4, 0.01)), np.log10(known["intensity"].max() * 4), 60)
        for dtype, peak in known.dropna(subset=["peak_tflops"]).groupby("dtype")["peak_tflops"].first().items():
            roof = np.minimum(peak, x * bandwidth.iloc[0] / 1e3) if len(bandwidth) else np.full(len(x), peak)
            fig.add_scatter(x=x, y=roof, mode="lines", name=f"{dtype} roof ({peak:,.0f} TFLOP/s)", line=dict(dash="dot"))
        _layout(fig, "Roofline (log-log)", xaxis_title="FLOP per byte", yaxis_title="TFLOP/s", xaxis_type="log", yaxis_type="log")
        out = [figs.div(fig)]
    else:
        out = []
    rows = [[(short_kernel_name(r.name), r.name), num(r.flops / 1e9, "{:,.2f}"), num(r.dur_ns / 1e6, "{:,.3f}"), num(r.tflops, "{:,.2f}"),
             num(r.gbps, "{:,.0f}"), num(r.intensity, "{:,.1f}"), esc(r.dtype or ""), num(r.peak_tflops, "{:,.1f}"), num(r.pct_of_peak, "{:,.0f}")]
            for r in k.head(30).itertuples()]
    out.append(table(["kernel", "GFLOP", "ms", "TFLOP/s", "GB/s", "FLOP/byte", "dtype", "peak TFLOP/s", "% of roof"], rows, sortable=True,
                     numeric=[False, True, True, True, True, True, False, True, True], wide=0))
    out.append('<p class="muted">FLOPs from the launching op\'s recorded shapes (torch\'s formulas; causal attention counted half), shared '
               "among the op's kernels by time; the roof is min(peak TFLOP/s for the dtype, FLOP/byte × DRAM GB/s).</p>")
    return "\n".join(out)

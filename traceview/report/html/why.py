"""HTML sections: graph breaks and recompiles with their reasons (tied to the compiled regions), and time per module.

Every string from a trace or a structured trace goes through :func:`~traceview.report.html.page.esc`
(via :func:`~traceview.report.html.page.table`); the module icicle travels as figure JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.graph_objects as go

from traceview.trace.labels import text
from traceview.report.html.page import Figures
from traceview.report.html.page import esc
from traceview.report.html.page import num
from traceview.report.html.page import table

if TYPE_CHECKING:
    from traceview.analysis.result import Analysis


#: Module rows listed in the table (the icicle shows them all).
MODULE_ROWS = 200


_NBSP = "\u00a0"


def reasons_section(a: Analysis) -> str:
    """Graph breaks, recompiles, and each compiled frame (F/C) with its calls and kernels per call."""
    r = a.reasons
    if r is None or (r.frames.empty and r.graph_breaks.empty):
        return '<p class="muted">Nothing was compiled with torch.compile in this trace.</p>'
    counts = (f"{_count(r.graph_break_count)} graph break(s), {_count(r.recompile_count)} recompile(s); "
              f"compile time {num(r.compile_s, '{:,.2f}')[0] or '?'} s ({esc(r.compile_s_source)}). Source: {esc(r.source)}.")
    out = [f"<p>{counts}</p>"]
    if len(r.graph_breaks):
        rows = [[text(b.reason), text(b.where), text(b.code), ", ".join(b.compile_ids), text(b.hint), text(b.url)]
                for b in r.graph_breaks.itertuples()]
        out.append("<h3>Graph breaks</h3>" + table(["reason", "where (user code)", "line", "compiled frames split", "hint", "details"],
                                                   rows, wide=0))
    if len(r.recompiles):
        rows = [[c.compile_id, text(c.failed_compile_id), text(c.reason) or "(not recorded: no structured trace)", text(c.function),
                 text(c.where), num(c.calls, "{:,.0f}"), num(c.kernels_per_call, "{:,.0f}")] for c in r.recompiles.itertuples()]
        out.append("<h3>Recompiles</h3>" + table(["compile id", "guard of", "failed guard", "function", "where", "calls", "kernels/call"],
                                                 rows, numeric=[False] * 5 + [True, True], wide=2))
    if len(r.frames):
        rows = [[f.compile_id, text(f.function), text(f.where), num(f.graph_ops, "{:,.0f}"),
                 num(f.compile_s, "{:,.2f}"), num(f.backward_compile_s, "{:,.2f}"), num(f.calls, "{:,.0f}"),
                 num(f.kernels_per_call, "{:,.0f}"), num(f.backward_kernels_per_call, "{:,.0f}"), num(f.gpu_ms + f.backward_gpu_ms),
                 text(f.graph_break), text(f.recompile_reason), text(f.cudagraph_skip_reason)]
                for f in r.frames.itertuples()]
        out.append("<h3>Compiled frames and their regions</h3>" + table(
            ["compile id", "function", "where", "graph ops", "compile s", "backward compile s", "calls in trace",
             "kernels/call", "backward kernels/call", "GPU ms", "graph break", "recompiled because", "CUDA graphs skipped because"],
            rows, sortable=True, numeric=[False, False, False] + [True] * 7 + [False, False, False]))
    out += [f'<p class="muted">{esc(n)}</p>' for n in r.notes]
    return "\n".join(out)


def modules_section(a: Analysis, figs: Figures) -> str:
    """GPU time, kernels and launches per module as a tree table and an icicle (a flame graph's rows)."""
    m = a.modules
    if m is None or m.modules.empty:
        notes = m.notes if m is not None else []
        return "".join(f'<p class="muted">{esc(n)}</p>' for n in notes) or '<p class="muted">No module events.</p>'
    steps = max(len(a.steps.steps), 1)
    per = " per step" if len(a.steps.steps) else ""
    df = m.modules
    rows = [[_NBSP * 3 * r.level + r.name, num(r.calls / steps, "{:,.1f}"), num(r.kernels / steps, "{:,.1f}"),
             num(r.forward_kernels / steps, "{:,.1f}"), num(r.backward_kernels / steps, "{:,.1f}"),
             num(r.graph_kernels / steps, "{:,.1f}"), num(r.launches / steps, "{:,.1f}"), num(r.gpu_ms / steps),
             num(r.self_gpu_ms / steps), num(r.cpu_ms / steps)] for r in df.head(MODULE_ROWS).itertuples()]
    out = [f"<p>{m.attributed_kernels:,} of {m.kernels:,} run-phase kernels belong to a module (forward by the module "
           "frames around their launch, backward through autograd's fwdbwd flows, CUDA-graph replays where their graph "
           f"launch ran); values{per}.</p>",
           figs.div(_icicle(df)),
           table(["module", "calls", "kernels", "forward", "backward", "graph-replayed", "launches", "GPU ms", "self GPU ms",
                  "forward CPU ms"], rows, numeric=[False] + [True] * 9, wide=0)]
    if len(df) > MODULE_ROWS:
        out.append(f'<p class="muted">{len(df) - MODULE_ROWS:,} more module rows in `traceview analyze --json`.</p>')
    out += [f'<p class="muted">{esc(n)}</p>' for n in m.notes]
    return "\n".join(out)


def _icicle(df) -> go.Figure | None:
    if df.empty or df["self_gpu_ms"].sum() <= 0:
        return None
    fig = go.Figure(go.Icicle(ids=df["path"].tolist(), labels=df["name"].tolist(), parents=df["parent"].tolist(),
                              values=df["self_gpu_ms"].round(6).tolist(), branchvalues="remainder",
                              hovertemplate="%{label}<br>%{value:.3f} GPU ms (itself and below)<extra></extra>"))
    fig.update_layout(title="GPU ms per module (inclusive; click to zoom)", height=420, margin=dict(l=10, r=10, t=40, b=10))
    return fig


def _count(value: int | None) -> str:
    return "?" if value is None else f"{value:,}"

"""A diff of analyses as one offline HTML page."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import plotly.graph_objects as go

from traceview.analysis.compare.diff import Diff
from traceview.report.html.figures import label
from traceview.report.html.page import Figures
from traceview.report.html.page import esc
from traceview.report.html.page import num
from traceview.report.html.page import page
from traceview.report.html.page import table
from traceview.report.words import diff_ratio
from traceview.report.words import kernel_list


def diff_html(diffs: Sequence[Diff], title: str = "traceview diff") -> str:
    """One offline page with every diff: metrics, launches, a bar chart, matched groups, unmatched kernels."""
    figs = Figures()
    body = [f"<h1>{esc(title)}</h1>"]
    for d in diffs:
        a, b = d.label_a, d.label_b
        body.append(f"<h2>{esc(a)} vs {esc(b)}</h2>")
        body.append(table(["metric", "unit", a, b, "B / A"], [[r.metric, r.unit, num(r.a, "{:,.3f}"), num(r.b, "{:,.3f}"), diff_ratio(r.ratio)]
                                                               for r in d.metrics.itertuples()], numeric=[False, False, True, True, True]))
        body.append(figs.div(_groups_figure(d)))
        body.append("<h3>Launches by API (run phase)</h3>" + table(["API", a, b], [[r.api, num(r.a, "{:,.0f}"), num(r.b, "{:,.0f}")]
                                                                                  for r in d.launches.itertuples()], numeric=[False, True, True]))
        body.append("<h3>Kernels matched by the ops they came from</h3>")
        body.append(table(["#", "how", "ops", f"{a} kernels", "count", "ms", f"{b} kernels", "count", "ms"],
                          [[num(r.group, "{:.0f}"), r.how, r.ops, kernel_list(r.a_kernels, r.a_ops, 50), num(r.a_count, "{:,.0f}"), num(r.a_ms),
                            kernel_list(r.b_kernels, r.b_ops, 50), num(r.b_count, "{:,.0f}"), num(r.b_ms)] for r in d.groups.itertuples()],
                          sortable=True, numeric=[True, False, False, False, True, True, False, True, True], cls="pre"))
        for side, lone in ((a, d.unmatched_a), (b, d.unmatched_b)):
            if len(lone):
                body.append(f"<h3>Only in {esc(side)}</h3>" + table(["kernel", "CPU op", "count", "ms"],
                            [[r.name, r.op, num(r.count, "{:,.0f}"), num(r.total_ms)] for r in lone.itertuples()],
                            sortable=True, numeric=[False, False, True, True], wide=0))
        if d.autotune is not None and len(d.autotune):
            body.append("<h3>Autotuning decisions</h3>" + table(
                ["decision", f"{a} chose", "ms", f"{b} chose", "ms", "changed"],
                [[r.key, r.a_chosen, num(r.a_ms, "{:,.4f}"), r.b_chosen, num(r.b_ms, "{:,.4f}"), "yes" if r.changed else ""]
                 for r in d.autotune.itertuples()], sortable=True, numeric=[False, False, True, False, True, False]))
    return page(title, "\n".join(body), figs)


def write_diff_html(diffs: Sequence[Diff], out: Path, title: str = "traceview diff") -> Path:
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(diff_html(diffs, title), encoding="utf-8")
    return out


def _groups_figure(d: Diff) -> go.Figure | None:
    """GPU ms per matched group, A next to B."""
    if d.groups.empty:
        return None
    gr = d.groups.head(30)
    names = [f"{g}. {label(ops or 'same kernel', 40)}" for g, ops in zip(gr["group"], gr["ops"])]
    fig = go.Figure()
    fig.add_bar(x=names, y=gr["a_ms"], name=label(d.label_a), hovertext=[label(kernel_list(k).replace("\n", ", "), 200) for k in gr["a_kernels"]])
    fig.add_bar(x=names, y=gr["b_ms"], name=label(d.label_b), hovertext=[label(kernel_list(k).replace("\n", ", "), 200) for k in gr["b_kernels"]])
    fig.update_layout(title="GPU time per matched kernel group (ms)", barmode="group", template="plotly_white", height=360,
                      margin=dict(l=60, r=20, t=50, b=120), yaxis_title="ms")
    return fig

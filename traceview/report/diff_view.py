"""A :class:`~traceview.analysis.compare.diff.Diff` as terminal tables, a JSON document, or an offline HTML page."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import plotly.graph_objects as go
from rich.console import Group, RenderableType
from rich.table import Table

from traceview.analysis.compare.diff import Diff
from traceview.report.figures import label, short_kernel_name
from traceview.report.html_page import Figures, esc, num, page, table
from traceview.report.json import SCHEMA_VERSION, to_jsonable
from traceview.report.text import neutralize, safe

#: Kernel names listed per side of a group before "… and N more".
NAMES_SHOWN = 6


def _fmt(value: Any) -> str:
    if value is None or value is pd.NA or (isinstance(value, float) and value != value):
        return "-"
    f = float(value)
    if f == 0:
        return "0"
    return f"{f:,.0f}" if f == int(f) and abs(f) >= 1 else f"{f:,.3f}"


def _ratio(value: Any) -> str:
    return "" if value is None or value != value else f"×{float(value):.2f}"


def _names(names: Sequence[str], ops: Sequence[str] = (), limit: int = NAMES_SHOWN) -> str:
    ops = list(ops) or [""] * len(names)
    shown = [(short_kernel_name(n) if len(n) > 80 else n) + (f" ({o})" if o and o != n else "") for n, o in zip(names[:limit], ops)]
    return "\n".join(shown) + (f"\n… and {len(names) - limit} more" if len(names) > limit else "")


def _nothing(value: Any) -> bool:
    """Zero, missing or NaN: a metric with nothing to compare."""
    if value is None or value is pd.NA:
        return True
    try:
        return float(value) == 0 or value != value
    except (TypeError, ValueError):
        return False


def diff_view(d: Diff) -> RenderableType:
    """Rich tables: metrics side by side, launches by API, matched groups, unmatched kernels."""
    a, b = neutralize(d.label_a, 40), neutralize(d.label_b, 40)
    m = Table(title=f"{a}  vs  {b}", title_justify="left", title_style="bold")
    for col, just in (("metric", "left"), ("unit", "left"), (a, "right"), (b, "right"), ("B / A", "right")):
        m.add_column(col, justify=just)  # type: ignore[arg-type]
    left_out = 0
    for r in d.metrics.itertuples():
        if _nothing(r.a) and _nothing(r.b):  # e.g. GPU rows of two CPU traces: nothing measured on either side
            left_out += 1
            continue
        m.add_row(r.metric, r.unit, _fmt(r.a), _fmt(r.b), _ratio(r.ratio))
    if left_out:
        m.caption = f"{left_out} metric(s) left out: zero or not measurable in both traces"
    launches = Table(title="launches by API (run phase)", title_justify="left", title_style="bold")
    for col, just in (("API", "left"), (a, "right"), (b, "right")):
        launches.add_column(col, justify=just)  # type: ignore[arg-type]
    for r in d.launches.itertuples():
        launches.add_row(safe(r.api), f"{r.a:,}", f"{r.b:,}")
    g = Table(title="kernels matched by the ops they came from", title_justify="left", title_style="bold", show_lines=True)
    for col, just in (("#", "right"), ("ops", "left"), (f"{a} kernels", "left"), ("count", "right"), ("ms", "right"),
                      (f"{b} kernels", "left"), ("count", "right"), ("ms", "right")):
        g.add_column(col, justify=just, overflow="fold")  # type: ignore[arg-type]
    for r in d.groups.itertuples():
        g.add_row(str(r.group), safe(r.ops or r.how), safe(_names(r.a_kernels, r.a_ops)), f"{r.a_count:,}", f"{r.a_ms:,.3f}",
                  safe(_names(r.b_kernels, r.b_ops)), f"{r.b_count:,}", f"{r.b_ms:,.3f}")
    parts: list[RenderableType] = [m] + [t for t, n in ((launches, len(d.launches)), (g, len(d.groups))) if n]
    for side, lone in ((a, d.unmatched_a), (b, d.unmatched_b)):
        if len(lone):
            t = Table(title=f"only in {side} (no matching kernel on the other side)", title_justify="left", title_style="bold")
            for col, just in (("kernel", "left"), ("CPU op", "left"), ("count", "right"), ("ms", "right")):
                t.add_column(col, justify=just, overflow="fold")  # type: ignore[arg-type]
            for r in lone.itertuples():
                t.add_row(safe(r.name, 120), safe(r.op if isinstance(r.op, str) else ""), f"{r.count:,}", f"{r.total_ms:,.3f}")
            parts.append(t)
    parts += _autotune_lines(d)
    return Group(*parts)


def _autotune_lines(d: Diff) -> list[RenderableType]:
    """One line per autotuning decision whose choice changed between the runs (or one saying none did)."""
    from rich.text import Text

    if d.autotune is None or not len(d.autotune):
        return []
    changed = d.autotune[d.autotune["changed"].astype(bool)]
    if not len(changed):
        return [Text(f"autotuning: the same choice in both runs for all {len(d.autotune)} decision(s) found in both")]
    return [Text(f"autotuning choice changed: {safe(r.key, 120)}: {safe(r.a_chosen, 160)} ({_fmt(r.a_ms)} ms) -> "
                 f"{safe(r.b_chosen, 160)} ({_fmt(r.b_ms)} ms)", style="yellow") for r in changed.itertuples()]


def diff_document(diffs: Sequence[Diff]) -> dict[str, Any]:
    """The ``traceview diff --json`` object: ``{"schema_version", "diffs": [...]}``."""
    out = []
    for d in diffs:
        unmatched = {side: [{"name": r["name"], "op": r["op"], "ops": sorted(r["ops"]), "count": r["count"], "total_ms": r["total_ms"]}
                            for r in lone.to_dict(orient="records")] for side, lone in (("a", d.unmatched_a), ("b", d.unmatched_b))}
        out.append({"a": d.label_a, "b": d.label_b,
                    "metrics": {r["metric"]: {"unit": r["unit"], "a": r["a"], "b": r["b"], "ratio": r["ratio"]} for r in d.metrics.to_dict(orient="records")},
                    "launches": d.launches, "groups": d.groups, "unmatched_a": unmatched["a"], "unmatched_b": unmatched["b"],
                    "autotune": d.autotune})
    return to_jsonable({"schema_version": SCHEMA_VERSION, "diffs": out})


def diff_html(diffs: Sequence[Diff], title: str = "traceview diff") -> str:
    """One offline page with every diff: metrics, launches, a bar chart, matched groups, unmatched kernels."""
    figs = Figures()
    body = [f"<h1>{esc(title)}</h1>"]
    for d in diffs:
        a, b = d.label_a, d.label_b
        body.append(f"<h2>{esc(a)} vs {esc(b)}</h2>")
        body.append(table(["metric", "unit", a, b, "B / A"], [[r.metric, r.unit, num(r.a, "{:,.3f}"), num(r.b, "{:,.3f}"), _ratio(r.ratio)]
                                                               for r in d.metrics.itertuples()], numeric=[False, False, True, True, True]))
        body.append(figs.div(_groups_figure(d)))
        body.append("<h3>Launches by API (run phase)</h3>" + table(["API", a, b], [[r.api, num(r.a, "{:,.0f}"), num(r.b, "{:,.0f}")]
                                                                                  for r in d.launches.itertuples()], numeric=[False, True, True]))
        body.append("<h3>Kernels matched by the ops they came from</h3>")
        body.append(table(["#", "how", "ops", f"{a} kernels", "count", "ms", f"{b} kernels", "count", "ms"],
                          [[num(r.group, "{:.0f}"), r.how, r.ops, _names(r.a_kernels, r.a_ops, 50), num(r.a_count, "{:,.0f}"), num(r.a_ms),
                            _names(r.b_kernels, r.b_ops, 50), num(r.b_count, "{:,.0f}"), num(r.b_ms)] for r in d.groups.itertuples()],
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
    fig.add_bar(x=names, y=gr["a_ms"], name=label(d.label_a), hovertext=[label(_names(k).replace("\n", ", "), 200) for k in gr["a_kernels"]])
    fig.add_bar(x=names, y=gr["b_ms"], name=label(d.label_b), hovertext=[label(_names(k).replace("\n", ", "), 200) for k in gr["b_kernels"]])
    fig.update_layout(title="GPU time per matched kernel group (ms)", barmode="group", template="plotly_white", height=360,
                      margin=dict(l=60, r=20, t=50, b=120), yaxis_title="ms")
    return fig

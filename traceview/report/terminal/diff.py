"""A diff of two analyses in the terminal."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table

from traceview.analysis.compare.diff import Diff
from traceview.report.text import neutralize
from traceview.report.text import safe
from traceview.report.words import diff_ratio
from traceview.report.words import diff_value
from traceview.report.words import kernel_list
from traceview.report.words import nothing_measured


def diff_view(d: Diff) -> RenderableType:
    """Rich tables: metrics side by side, launches by API, matched groups, unmatched kernels."""
    a, b = neutralize(d.label_a, 40), neutralize(d.label_b, 40)
    m = Table(title=f"{a}  vs  {b}", title_justify="left", title_style="bold")
    for col, just in (("metric", "left"), ("unit", "left"), (a, "right"), (b, "right"), ("B / A", "right")):
        m.add_column(col, justify=just)  # type: ignore[arg-type]
    left_out = 0
    for r in d.metrics.itertuples():
        if nothing_measured(r.a) and nothing_measured(r.b):  # e.g. GPU rows of two CPU traces: nothing measured on either side
            left_out += 1
            continue
        m.add_row(r.metric, r.unit, diff_value(r.a), diff_value(r.b), diff_ratio(r.ratio))
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
        g.add_row(str(r.group), safe(r.ops or r.how), safe(kernel_list(r.a_kernels, r.a_ops)), f"{r.a_count:,}", f"{r.a_ms:,.3f}",
                  safe(kernel_list(r.b_kernels, r.b_ops)), f"{r.b_count:,}", f"{r.b_ms:,.3f}")
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
    return [Text(f"autotuning choice changed: {safe(r.key, 120)}: {safe(r.a_chosen, 160)} ({diff_value(r.a_ms)} ms) -> "
                 f"{safe(r.b_chosen, 160)} ({diff_value(r.b_ms)} ms)", style="yellow") for r in changed.itertuples()]

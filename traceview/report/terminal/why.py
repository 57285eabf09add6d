"""Terminal views: graph breaks and recompiles with their reasons, and the per-module tree."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from traceview.trace.labels import text
from traceview.report.text import safe

if TYPE_CHECKING:
    from traceview.analysis.result import Analysis


#: Module rows printed (deeper rows first dropped: the JSON has them all).
MODULE_ROWS = 40


def reasons_views(a: Analysis) -> list[RenderableType]:
    """Graph-break and recompile tables (empty when nothing was recorded)."""
    r = a.reasons
    if r is None:
        return []
    out: list[RenderableType] = []
    if len(r.graph_breaks):
        t = _table(f"graph breaks ({r.source})", ["reason", "where", "line", "frames split", "hint"])
        for b in r.graph_breaks.itertuples():
            t.add_row(safe(text(b.reason), 70), safe(text(b.where)), safe(text(b.code), 40), safe(", ".join(b.compile_ids)),
                      safe(text(b.hint), 80))
        out.append(t)
    recorded = r.recompiles[[bool(text(x)) for x in r.recompiles["reason"]]] if len(r.recompiles) else r.recompiles
    if len(recorded):
        t = _table("recompiles", ["compile id", "function", "failed guard (of)", "calls", "kernels/call"])
        for c in recorded.itertuples():
            t.add_row(safe(c.compile_id), safe(text(c.function)), safe(f"{c.reason} ({c.failed_compile_id})", 90),
                      str(c.calls), str(c.kernels_per_call))
        out.append(t)
    for note in r.notes:
        out.append(Text("note: ", style="yellow") + safe(note))
    return out


def modules_view(a: Analysis) -> list[RenderableType]:
    """The module tree, per step when the trace has steps."""
    m = a.modules
    if m is None or m.modules.empty:
        return []
    steps = len(a.steps.steps)
    scale = max(steps, 1)
    df = m.modules
    shown = df if len(df) <= MODULE_ROWS else df[df["level"] <= _depth_that_fits(df)]
    t = _table(f"time per module{' (per step)' if steps else ''}: {m.attributed_kernels} of {m.kernels} kernels in a module",
               ["module", "kernels", "fwd", "bwd", "graph-replayed", "launches", "GPU ms"])
    for r in shown.head(MODULE_ROWS).itertuples():
        t.add_row(safe("  " * r.level + r.name, 60), f"{r.kernels / scale:g}", f"{r.forward_kernels / scale:g}",
                  f"{r.backward_kernels / scale:g}", f"{r.graph_kernels / scale:g}", f"{r.launches / scale:g}",
                  f"{r.gpu_ms / scale:,.3f}")
    return [t]


def _depth_that_fits(df) -> int:
    levels = df["level"].value_counts().sort_index().cumsum()
    fitting = levels[levels <= MODULE_ROWS]
    return int(fitting.index.max()) if len(fitting) else 0


def _table(title: str, columns: list[str]) -> Table:
    t = Table(title=title, title_justify="left", title_style="bold")
    for c in columns:
        left = c in ("reason", "where", "line", "frames split", "hint", "module", "compile id", "function", "failed guard (of)")
        t.add_column(c, justify="left" if left else "right", overflow="fold")
    return t

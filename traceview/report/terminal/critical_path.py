"""The critical path in the terminal: a table of what its time is made of."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table

from traceview.analysis.host.critical_path import KINDS, CriticalPath
from traceview.report.text import safe
from traceview.report.words import PATH_WORDS
from traceview.report.words import path_share
from traceview.report.words import shortened


def critical_path_table(cp: CriticalPath | None) -> RenderableType | None:
    """Terminal: the mean step split by what is on its critical path, and the largest items."""
    if cp is None or not cp.steps:
        return None
    mean, share = cp.mean_breakdown_ms(), path_share(cp)
    t = Table(title=f"critical path: {len(cp.steps)} step(s), {cp.mean_step_ms():,.3f} ms per step ({cp.source})",
              title_justify="left", title_style="bold")
    for col, justify in (("on the path", "left"), ("ms / step", "right"), ("share", "right"), ("largest item", "left")):
        t.add_column(col, justify=justify)  # type: ignore[arg-type]
    for k in sorted(KINDS, key=lambda k: -mean[k]):
        if mean[k] <= 0:
            continue
        items = cp.by_name(2, kind=k)
        items = items[(items["name"] != "").to_numpy()]
        item = f"{safe(shortened(items['name'].iloc[0]), 50)} ({items['ms_per_step'].iloc[0]:,.3f} ms)" if len(items) else ""
        t.add_row(PATH_WORDS[k], f"{mean[k]:,.3f}", f"{share[k]:.0%}", item)
    if cp.notes:
        t.caption = safe("; ".join(cp.notes))
    return t

"""Ranks side by side in the terminal, then the stragglers."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from traceview.analysis.ranks.ranks import RankComparison
from traceview.report.text import safe


_MS_COLUMNS = ("kernel_ns", "compute_ns", "comm_ns", "busy_ns", "step_median_ns", "compile_ns", "span_ns")


def ranks_view(c: RankComparison) -> RenderableType:
    """One row per rank (times in ms), then the stragglers."""
    table = Table(title="Ranks side by side (ms)", title_justify="left")
    for col in c.per_rank.columns:
        table.add_column(col.removesuffix("_ns"), justify="right")
    straggling = set(c.stragglers["rank"])
    for row in c.per_rank.itertuples(index=False):
        cells = [_cell(col, value) for col, value in zip(c.per_rank.columns, row)]
        table.add_row(*cells, style="bold red" if row.rank in straggling else None)
    parts: list[RenderableType] = [table]
    if c.stragglers.empty:
        parts.append(f"Compute, step and compile time: every rank within {c.threshold:.0%} of the median. Ranks that wait for each "
                     "other share their step times: a rank that arrives late at the collectives shows in the advice and "
                     "in the collectives' start skew, not here.")
    else:
        lines = Table(title=f"Stragglers (> {c.threshold:.0%} above the median)", title_justify="left")
        for col in ("rank", "metric", "ms", "median ms", "above median"):
            lines.add_column(col, justify="right" if col != "metric" else "left")
        for s in c.stragglers.itertuples(index=False):
            lines.add_row(str(s.rank), s.metric.removesuffix("_ns"), f"{s.value / 1e6:,.1f}", f"{s.median / 1e6:,.1f}", f"+{s.excess:.1%}")
        parts.append(lines)
    for note in c.notes:
        parts.append(Text("note: ", style="yellow") + safe(note))
    return Group(*parts)


def _cell(col: str, value: Any) -> str:
    if pd.isna(value):
        return "-"
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else ""
    return f"{value / 1e6:,.1f}" if col in _MS_COLUMNS else f"{value:,}"

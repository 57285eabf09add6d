"""A ``traceview run`` sweep in the terminal: one row per variant and size."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table

from traceview.analysis.compare.scaling import StepScaling
from traceview.report.text import safe
from traceview.report.words import caption
from traceview.report.words import scaling_cell
from traceview.report.words import scaling_columns


def scaling_view(s: StepScaling, title: str, workload: str | None = None) -> RenderableType:
    """The run table (one row per variant and size) and one line per variant's crossover."""
    columns = scaling_columns(s.rows)
    table = Table(title=safe(title), title_justify="left", caption=caption(workload), caption_justify="left")
    for name, header, _ in columns:
        table.add_column(header, justify="left" if name in ("variant", "size", "trace") else "right")
    for row in s.rows.to_dict(orient="records"):
        cells = [scaling_cell(row.get(name), fmt) for name, _, fmt in columns]
        if row.get("triton_interpreted") is True:  # Triton's interpreter: not a compiled kernel's time
            cells[0] += " (interpreted)"
        table.add_row(*[safe(c) for c in cells])
    lines = [safe(f"{c['variant']}: {c['detail']}") for c in s.crossovers.to_dict(orient="records") if c["sizes"] > 1]
    return Group(table, *lines)

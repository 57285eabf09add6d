"""Result dataclasses -> rich renderables for the terminal."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from traceview.analysis.summary import TraceSummary
from traceview.report.text import safe


def summary_view(s: TraceSummary) -> RenderableType:
    """``traceview info``: what the trace holds."""
    head = Table.grid(padding=(0, 2))
    head.add_row("trace", safe(s.path))
    head.add_row("ranks", ", ".join(map(str, s.ranks)))
    head.add_row("events", f"{s.events:,}")
    head.add_row("span", f"{s.span_ms:,.3f} ms")
    head.add_row("devices", safe(", ".join(s.devices) or "none listed"))
    head.add_row("GPU work", f"{s.kernels:,} kernels, {s.memcpys:,} memcpy, {s.memsets:,} memset on {s.streams} stream(s)")
    if s.truncated:
        head.add_row("[bold red]truncated[/]", "the file ends early: counts cover what was read")
    cats = Table(title="events by category", title_justify="left")
    cats.add_column("category")
    cats.add_column("count", justify="right")
    for cat, n in s.categories.items():
        cats.add_row(safe(cat), f"{n:,}")
    launches = Table(title="launches by API", title_justify="left")
    launches.add_column("API")
    launches.add_column("calls", justify="right")
    for api, n in s.launches.items():
        launches.add_row(safe(api), f"{n:,}")
    parts: list[RenderableType] = [head, cats, launches]
    for note in s.notes:
        parts.append(Text("note: ", style="yellow") + safe(note))
    return Group(*parts)

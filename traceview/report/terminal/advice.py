"""The advice in the terminal: what to change first, largest saving first."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from traceview.analysis.advice.record import Advice, notes, ranked
from traceview.report.text import safe
from traceview.report.words import ADVICE_WORDS


def advice_table(advice: list[Advice], unit: str = "step") -> RenderableType | None:
    """Terminal: what to change, largest saving first (None when there is nothing to advise)."""
    lines = notes(advice)
    advice = ranked(advice)
    if not advice:
        return Text("\n".join(f"note: {line}" for line in lines)) if lines else None
    scale = ("ms of a step without the profiler" if all(a.scale == "unprofiled" for a in advice) else
             "profiled ms" if all(a.scale == "profiled" for a in advice) else "ms without the profiler where timed, else profiled")
    t = Table(title=f"what to change first (predicted saving per {unit}, {scale}; see docs/benchmarks.md for how close)",
              title_justify="left", title_style="bold")
    for col, justify in (("change", "left"), (f"ms / {unit}", "right"), ("share", "right"), ("how", "left"), ("evidence", "left"),
                         ("checked", "left")):
        t.add_column(col, justify=justify, overflow="fold")  # type: ignore[arg-type]
    for a in advice:
        t.add_row(ADVICE_WORDS.get(a.kind, a.kind), f"{a.saving_ms_per_step:,.3f}", f"{min(a.saving_pct, 999):.0f}%",
                  safe(a.how), safe(a.evidence), safe(a.checked or ""))  # folded, never cut: the change and its evidence are the point
    if lines:  # too little evidence to rank: said below the table, in full
        t.caption = "\n".join(f"note: {line}" for line in lines)
        t.caption_justify = "left"
    return t

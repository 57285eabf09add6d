"""The advice in the terminal: what to change first, largest saving first, one line per entry.

``verbose``: each entry's evidence, assumptions and checked record below the table (the HTML page always shows them).
"""

from __future__ import annotations

import re

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from traceview.analysis.advice.record import Advice, notes, ranked
from traceview.report.text import safe
from traceview.report.words import ADVICE_WORDS

#: The first clause of a ``how``: up to its first "; ", " so ", " (" after a closing bracket, or ": ".
_CLAUSE = re.compile(r";\s|\s\(|:\s|\sso\s|,\sor\s")


def short_how(how: str, width: int = 90) -> str:
    """The change itself, the first clause of ``how`` (brackets kept whole), at most ``width`` characters."""
    depth, cut = 0, len(how)
    for i, ch in enumerate(how):
        depth += ch in "([{"
        depth -= ch in ")]}"
        if depth == 0 and _CLAUSE.match(how, i):
            cut = i
            break
    text = how[:cut].strip()
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def advice_table(advice: list[Advice], unit: str = "step", verbose: bool = False) -> RenderableType | None:
    """Terminal: what to change, largest saving first, one line each (None when there is nothing to advise);
    ``verbose``: each entry's evidence and checked record below."""
    lines = notes(advice)
    advice = ranked(advice)
    if not advice:
        return Text("\n".join(f"note: {line}" for line in lines)) if lines else None
    scale = ("ms of a step without the profiler" if all(a.scale == "unprofiled" for a in advice) else
             "profiled ms" if all(a.scale == "profiled" for a in advice) else "ms without the profiler where timed, else profiled")
    t = Table(title=f"what to change first (predicted saving per {unit}, {scale})", title_justify="left", title_style="bold")
    for col, justify in (("change", "left"), (f"ms / {unit}", "right"), ("share", "right"), ("do this", "left")):
        t.add_column(col, justify=justify, no_wrap=True, overflow="ellipsis")  # type: ignore[arg-type]
    for a in advice:
        t.add_row(ADVICE_WORDS.get(a.kind, a.kind), f"{a.saving_ms_per_step:,.2f}", f"{a.saving_pct:.0f}%", safe(short_how(a.how)))
    parts: list[RenderableType] = [t]
    if verbose:
        for a in advice:
            parts.append(Text(f"{ADVICE_WORDS.get(a.kind, a.kind)}: ", style="bold") + safe(a.how))
            parts.append(Text("  evidence: ") + safe(a.evidence))
            parts.append(Text("  assumes: ") + safe(a.assumptions))
            if a.checked:
                parts.append(Text("  checked: ") + safe(a.checked))
    else:
        parts.append(Text("(--verbose: the evidence behind each line and how close each kind came where it was measured)",
                          style="dim"))
    parts += [Text(f"note: {line}") for line in lines]  # too little evidence to rank: said below the table
    return Group(*parts)

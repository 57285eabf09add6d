"""Inductor's autotuning decisions in the terminal: ``traceview kernels`` and ``traceview show``."""

from __future__ import annotations

from typing import Any

from traceview.analysis.compile.autotune import AutotuneChoice, AutotuneChoices
from traceview.report.text import neutralize
from traceview.report.words import autotune_ms
from traceview.report.words import autotune_rows


NO_WRAP = ("kernel in trace", "chosen")  # names a reader searches for and copies


def autotune_table(choices: AutotuneChoices, limit: int = 30) -> list[Any]:
    """Rich renderables: a heading, one table row per decision, the notes."""
    from rich.table import Table
    from rich.text import Text

    rows = autotune_rows(choices)
    head = Text.assemble(("Inductor autotuning", "bold"), f"  {len(rows)} decision(s), {choices.autotune_s:.2f} s benchmarking")
    if not rows:
        return [head, Text("nothing was benchmarked (not max-autotune, or Inductor's caches answered)")]
    t = Table(header_style="bold")
    columns = [c for c in rows[0] if c != "source"]  # the source is in the JSON and HTML
    for col in columns:
        t.add_column(col, overflow="fold", justify="right" if "ms" in col else "left", no_wrap=col in NO_WRAP)
    for row in rows[:limit]:
        t.add_row(*(Text(row[c]) for c in columns))
    return [head, t] + [Text("note: " + neutralize(n), style="yellow") for n in choices.notes]


def autotune_detail(found: list[AutotuneChoice]) -> list[Any]:
    """Rich renderables for ``traceview show``: each decision behind one kernel, every candidate listed."""
    from rich.table import Table
    from rich.text import Text

    out: list[Any] = []
    for c in found:
        out.append(Text.assemble(("autotuned: ", "bold"), f"{neutralize(c.op)} ({neutralize(c.inputs)}) chose "
                                 f"{neutralize(c.chosen or '-')}: benchmark {autotune_ms(c.chosen_ms)} ms, in the trace "
                                 f"{autotune_ms(c.trace_ms)} ms median of {c.trace_count} ({neutralize(c.source)})"))
        t = Table("candidate", "kind", "ms", "config", header_style="bold")
        for x in c.candidates:
            t.add_row(Text(neutralize(x["name"]) + (" ←" if x["name"] == c.chosen else "")), Text(neutralize(x["kind"])),
                      autotune_ms(x["ms"]), Text(neutralize(x["description"])))
        out.append(t)
    return out

"""Inductor's autotuning decisions beside their kernels' time in the trace: terminal tables and HTML.

Reads :class:`~traceview.analysis.compile.autotune.AutotuneChoices`; used by ``traceview kernels``,
``traceview show`` and the HTML report.
"""

from __future__ import annotations

import html
from typing import Any

from traceview.analysis.compile.autotune import AutotuneChoice, AutotuneChoices
from traceview.report.text import neutralize


NO_WRAP = ("kernel in trace", "chosen")  # names a reader searches for and copies


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.4f}"


def _candidates(c: AutotuneChoice, limit: int = 4) -> str:
    shown = [f"{neutralize(x['name'])} {_ms(x['ms'])}" for x in c.candidates[:limit]]
    more = len(c.candidates) - limit
    return ", ".join(shown) + (f", +{more} more" if more > 0 else "")


def autotune_rows(choices: AutotuneChoices) -> list[dict[str, str]]:
    """One display row per decision: what was benchmarked, the winner, and the winner in the trace."""
    rows = []
    for c in choices.choices:
        bench = "cached" if c.cached else (f"{c.autotune_s:.2f} s" if c.autotune_s is not None else "-")
        rows.append({"op": f"{neutralize(c.op)} {neutralize(c.compile_id or '')}".strip(), "inputs": neutralize(c.inputs),
                     "candidates (ms)": _candidates(c), "chosen": f"{neutralize(c.chosen or '-')} ({neutralize(c.chosen_kind or '?')})"
                     + (f"; fastest alone: {neutralize(c.fastest)}" if c.fastest and c.fastest != c.chosen else ""),
                     "benchmark ms": _ms(c.chosen_ms), "kernel in trace": neutralize(c.kernel or "-"),
                     "trace median ms": _ms(c.trace_ms) + (f" ×{c.trace_count}" if c.trace_count else ""),
                     "tuning": bench, "source": neutralize(c.source)})
    return rows


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
                                 f"{neutralize(c.chosen or '-')}: benchmark {_ms(c.chosen_ms)} ms, in the trace "
                                 f"{_ms(c.trace_ms)} ms median of {c.trace_count} ({neutralize(c.source)})"))
        t = Table("candidate", "kind", "ms", "config", header_style="bold")
        for x in c.candidates:
            t.add_row(Text(neutralize(x["name"]) + (" ←" if x["name"] == c.chosen else "")), Text(neutralize(x["kind"])),
                      _ms(x["ms"]), Text(neutralize(x["description"])))
        out.append(t)
    return out


def autotune_html(choices: AutotuneChoices | None) -> str:
    """An HTML section listing every decision ('' without a record)."""
    if choices is None:
        return ""
    rows = autotune_rows(choices)
    if not rows:
        return ("<section id='autotune'><h2>Inductor autotuning</h2><p>Nothing was benchmarked "
                "(not max-autotune, or Inductor's caches answered).</p></section>")
    head = "".join(f"<th>{html.escape(k)}</th>" for k in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{html.escape(v)}</td>" for v in r.values()) + "</tr>" for r in rows)
    notes = "".join(f"<li>{html.escape(n)}</li>" for n in choices.notes)
    return (f"<section id='autotune'><h2>Inductor autotuning</h2><p>{len(rows)} decision(s), "
            f"{choices.autotune_s:.2f} s benchmarking: each candidate's benchmark, the one chosen, and the chosen "
            f"kernel's median time in the trace.</p><table class='autotune'><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>" + (f"<ul>{notes}</ul>" if notes else "") + "</section>")

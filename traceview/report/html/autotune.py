"""Inductor's autotuning decisions on the HTML page."""

from __future__ import annotations

import html

from traceview.analysis.compile.autotune import AutotuneChoices
from traceview.report.words import autotune_rows


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

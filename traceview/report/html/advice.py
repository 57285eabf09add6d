"""The advice on the HTML page: one card per change, largest saving first."""

from __future__ import annotations

from traceview.analysis.advice.record import Advice, notes, ranked
from traceview.report.html.page import esc
from traceview.report.words import ADVICE_WORDS


def advice_section(advice: list[Advice]) -> str:
    """HTML: one card per change, largest saving first, with its evidence and assumptions."""
    below = "".join(f'<p class="advice-note">Note: {esc(line)}</p>' for line in notes(advice))
    advice = ranked(advice)
    if not advice:
        return "<p>No change to advise: nothing on this trace's critical path that a known change removes.</p>" + below
    rows = []
    for a in advice:
        where = f" <code>{esc(a.where)}</code>" if a.where else ""
        rank = f" (rank {a.rank})" if a.rank is not None else ""
        rows.append(
            f'<li class="advice"><b>{esc(ADVICE_WORDS.get(a.kind, a.kind))}{rank}</b>: save '
            f'<b>{a.saving_ms_per_step:,.3f} ms</b> per step ({min(a.saving_pct, 999):.0f}%).{where}<br>'
            f'<span class="how">{esc(a.how)}</span><br><small>{esc(a.evidence)}. Assumes: {esc(a.assumptions)}.'
            + (f' Checked: {esc(a.checked)}.' if a.checked else '') + '</small></li>')
    return f'<ol class="advice" id="advice">{"".join(rows)}</ol>' + below

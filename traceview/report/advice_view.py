"""The advice, first thing on every page: the terminal table and the HTML section (largest saving
first); the JSON part is ``advice`` in :mod:`traceview.report.json`. Reads
:class:`~traceview.analysis.advice.advise.Advice` lists."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from traceview.analysis.advice.advise import Advice, notes, ranked
from traceview.report.html_page import esc
from traceview.report.text import safe

#: Words for each kind, as a heading a user reads.
KIND_WORDS = {"cuda_graphs": "CUDA graphs", "compile": "torch.compile", "fused_optimizer": "fused optimizer",
              "graph_break": "graph break", "recompile": "recompiles", "static_inputs": "static inputs",
              "exposed_comm": "exposed communication", "straggler": "straggler rank", "input": "data loading",
              "sync": "synchronisation", "pageable_copy": "pageable copies", "threads": "intra-op threads"}


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
        t.add_row(KIND_WORDS.get(a.kind, a.kind), f"{a.saving_ms_per_step:,.3f}", f"{min(a.saving_pct, 999):.0f}%",
                  safe(a.how), safe(a.evidence), safe(a.checked or ""))  # folded, never cut: the change and its evidence are the point
    if lines:  # too little evidence to rank: said below the table, in full
        t.caption = "\n".join(f"note: {line}" for line in lines)
        t.caption_justify = "left"
    return t


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
            f'<li class="advice"><b>{esc(KIND_WORDS.get(a.kind, a.kind))}{rank}</b>: save '
            f'<b>{a.saving_ms_per_step:,.3f} ms</b> per step ({min(a.saving_pct, 999):.0f}%).{where}<br>'
            f'<span class="how">{esc(a.how)}</span><br><small>{esc(a.evidence)}. Assumes: {esc(a.assumptions)}.'
            + (f' Checked: {esc(a.checked)}.' if a.checked else '') + '</small></li>')
    return f'<ol class="advice" id="advice">{"".join(rows)}</ol>' + below

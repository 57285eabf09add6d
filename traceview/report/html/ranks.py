"""``traceview report DIR`` for a directory of ranks: one offline page for the whole job.

Reading order: which rank held the job back (stragglers and the slowest rank per step), each
rank's GPU time split into compute and communication, step time per rank and step, how late each
rank arrived at the collectives with the largest skew (a rank x collective heatmap), then the
per-rank table with a link to each rank's own page. Figures stay small at 128 ranks: one bar per
rank, heatmaps of at most ``MAX_COLLECTIVES`` columns."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from traceview.analysis.ranks.collectives import Collectives
from traceview.analysis.ranks.rank_matrix import RankMatrix
from traceview.analysis.ranks.ranks import RankComparison
from traceview.report.html.page import Figures
from traceview.report.html.page import Raw
from traceview.report.html.page import esc
from traceview.report.html.page import num
from traceview.report.html.page import page
from traceview.report.html.page import table
from traceview.trace.counts import most_common


def render_ranks_report(comparison: RankComparison, found: Collectives, matrix: RankMatrix, *, title: str,
                        rank_pages: Mapping[int, str] | None = None) -> str:
    """The page as one HTML string; ``rank_pages`` maps a rank to its own page (relative link)."""
    figs = Figures()
    per = comparison.per_rank
    sections = [
        f"<h1>{esc(title)}</h1>",
        _header(comparison, found, matrix),
        "<h2>Who held the job back</h2>", _late(found, matrix), _stragglers(comparison, matrix),
        "<h2>GPU time per rank: compute and communication</h2>", figs.div(_split_figure(per)),
        "<h2>Step time per rank</h2>", figs.div(_heatmap(matrix.step_ms, "step", "ms", "Step time (ms)"),
                                                note="No ProfilerStep annotations: the traces were not captured with a profiler schedule."),
        "<h2>Late arrivals at collectives</h2>", _arrival_note(matrix),
        figs.div(_heatmap(matrix.arrival_ms, "collective", "ms after the first rank", "Arrival after the first rank (ms)"),
                 note="No collective matched across ranks."),
        "<h2>Ranks</h2>", _rank_table(per, matrix, rank_pages or {}),
        _notes(comparison),
    ]
    return page(title, "\n".join(s for s in sections if s), figs)


def write_ranks_report(out: Path, comparison: RankComparison, found: Collectives, matrix: RankMatrix, *, title: str,
                       rank_pages: Mapping[int, str] | None = None) -> Path:
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_ranks_report(comparison, found, matrix, title=title, rank_pages=rank_pages), encoding="utf-8")
    return out


def _header(c: RankComparison, found: Collectives, m: RankMatrix) -> str:
    per = c.per_rank
    steps = m.step_ms.shape[1] if not m.step_ms.empty else 0
    comm = per["comm_ns"].sum() / max(int(per["kernel_ns"].sum()), 1)
    return (f'<p class="muted">{len(per)} ranks; {steps} steps; {m.collectives_total:,} collectives matched '
            f'({esc(found.seq_source)}); communication {comm:.0%} of all kernel time.</p>')


def _stragglers(c: RankComparison, m: RankMatrix) -> str:
    parts = []
    if c.stragglers.empty:
        parts.append(f"<p>Compute, step and compile time: every rank within {c.threshold:.0%} of the median. Ranks that wait for "
                     "each other share their step times: a rank that arrives late at the collectives shows in the advice, the "
                     "slowest rank per step and the skew heatmap.</p>")
    else:
        rows = [(int(s.rank), s.metric.removesuffix("_ns"), num(s.value / 1e6, "{:,.2f}"), num(s.median / 1e6, "{:,.2f}"),
                 (f"+{s.excess:.1%}", s.excess)) for s in c.stragglers.itertuples(index=False)]
        parts.append(table(["rank", "metric", "ms", "median ms", "above median"], rows, sortable=True,
                           numeric=[True, False, True, True, True]))
    if not m.slowest.empty:
        counts = most_common(m.slowest["rank"])
        top = ", ".join(f"rank {r} ({n} of {len(m.slowest)})" for r, n in counts.head(3).items())
        parts.append(f"<p>Slowest rank per step: {esc(top)}.</p>")
        rows = [(s.step, int(s.rank), num(s.ms, "{:,.2f}"), num(s.median_ms, "{:,.2f}"),
                 ("" if pd.isna(s.excess) else f"+{s.excess:.1%}", s.excess)) for s in m.slowest.itertuples(index=False)]
        parts.append(_fold(table(["step", "slowest rank", "ms", "median ms", "above median"], rows, sortable=True,
                                 numeric=[False, True, True, True, True]), len(rows), "steps"))
    return "\n".join(parts)


def _late(found: Collectives, m: RankMatrix) -> str:
    """Which ranks arrived last at the collectives, and how long the others waited for them."""
    coll = found.collectives
    if coll.empty or coll["ranks"].max() < 2:
        return ""
    counts = most_common(coll["last_rank"])
    top = ", ".join(f"rank {int(r)} at {n:,} of {len(coll):,}" for r, n in counts.head(3).items())
    waited = float(m.wait_ms.to_numpy(dtype=np.float64, na_value=0).sum()) if not m.wait_ms.empty else 0.0
    return (f"<p><b>Arrived last at collectives:</b> {esc(top)}. The ranks that arrived first waited "
            f"{waited:,.2f} ms in all inside their collectives.</p>")


def _fold(html: str, n: int, what: str, show: int = 12) -> str:
    """Long tables open on demand."""
    return html if n <= show else f"<details><summary>{n} {esc(what)}</summary>{html}</details>"


def _split_figure(per: pd.DataFrame) -> go.Figure | None:
    if per.empty:
        return None
    ranks = [f"rank {r}" for r in per["rank"]]
    fig = go.Figure([go.Bar(name="compute", x=ranks, y=per["compute_ns"] / 1e6),
                     go.Bar(name="communication (incl. waiting)", x=ranks, y=per["comm_ns"] / 1e6)])
    fig.update_layout(barmode="stack", height=320, margin=dict(l=50, r=20, t=30, b=40), yaxis_title="ms",
                      legend=dict(orientation="h", y=1.12))
    return fig


def _heatmap(frame: pd.DataFrame, xname: str, unit: str, title: str) -> go.Figure | None:
    if frame.empty:
        return None
    z = frame.to_numpy(dtype=np.float64, na_value=np.nan)
    fig = go.Figure(go.Heatmap(z=np.where(np.isnan(z), None, np.round(z, 4)).tolist(), x=[str(c) for c in frame.columns],
                               y=[f"rank {r}" for r in frame.index], colorscale="Reds", colorbar=dict(title=unit),
                               hovertemplate=f"%{{y}}<br>{xname} %{{x}}<br>%{{z:.3f}} {unit}<extra></extra>"))
    fig.update_layout(title=title, height=min(260 + 12 * len(frame), 1800), margin=dict(l=70, r=20, t=40, b=80),
                      xaxis=dict(showticklabels=frame.shape[1] <= 40), yaxis=dict(autorange="reversed"))
    return fig


def _arrival_note(m: RankMatrix) -> str:
    if m.collectives_total == 0:
        return ""
    return (f'<p class="muted">The {m.collectives_shown} of {m.collectives_total:,} collectives with the largest start '
            f"skew, in time order; each cell is how long after the first rank that rank launched the collective "
            f"(every other rank waited that long inside its NCCL kernel).</p>")


def _rank_table(per: pd.DataFrame, m: RankMatrix, pages: Mapping[int, str]) -> str:
    waits = m.wait_ms.sum(axis=1) if not m.wait_ms.empty else pd.Series(dtype=float)
    rows = []
    for r in per.itertuples(index=False):
        link = Raw(f'<a href="{esc(pages[r.rank])}">rank {int(r.rank)}</a>') if r.rank in pages else f"rank {int(r.rank)}"
        rows.append((link, num(r.kernel_ns / 1e6, "{:,.2f}"), num(r.compute_ns / 1e6, "{:,.2f}"), num(r.comm_ns / 1e6, "{:,.2f}"),
                     num(waits.get(r.rank, np.nan), "{:,.2f}"), num(None if pd.isna(r.step_median_ns) else r.step_median_ns / 1e6, "{:,.2f}"),
                     num(r.compile_ns / 1e9, "{:,.2f}"), num(r.kernels, "{:,.0f}"), "truncated" if r.truncated else ""))
    html = table(["rank", "kernel ms", "compute ms", "comm ms", "wait in collectives ms", "step median ms", "compile s",
                  "kernels", ""], rows, sortable=True, numeric=[False, True, True, True, True, True, True, True, False])
    return _fold(html, len(rows), "ranks", show=32)


def _notes(c: RankComparison) -> str:
    if not c.notes:
        return ""
    items = "".join(f'<li class="warning">{esc(n)}</li>' for n in c.notes)
    return f'<h2>Notes</h2><ul class="findings">{items}</ul>'

"""The critical path on the HTML page: one stacked bar per step, the median step's path, the table."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from traceview.analysis.host.critical_path import KINDS, CriticalPath
from traceview.report.html.figures import _layout
from traceview.report.html.figures import label
from traceview.report.html.page import Figures
from traceview.report.html.page import esc
from traceview.report.html.page import num
from traceview.report.html.page import table
from traceview.report.words import PATH_COLORS
from traceview.report.words import PATH_WORDS
from traceview.report.words import path_share
from traceview.report.words import shortened


#: Steps drawn and listed (a trace of hundreds of steps keeps its first ones).
MAX_STEPS = 60


#: Bars in the drawing of one step's path (after merging neighbours of one lane and kind); a longer
#: path (a compiling step: ~10^5 host intervals) is not drawn.
MAX_PATH_BARS = 4000


def critical_path_figure(cp: CriticalPath) -> go.Figure | None:
    """One stacked bar per step: its ms split by what is on the critical path."""
    steps = cp.steps[:MAX_STEPS]
    if not steps:
        return None
    ranks = len({s.rank for s in steps}) > 1
    x = [f"r{s.rank} #{s.step}" if ranks else f"#{s.step}" for s in steps]
    fig = go.Figure([go.Bar(name=label(PATH_WORDS[k]), x=x, y=[s.breakdown_ms[k] for s in steps], marker_color=PATH_COLORS[k])
                     for k in KINDS if any(s.breakdown_ms[k] > 0 for s in steps)])
    return _layout(fig, "Each step's time by what is on its critical path (ms)", barmode="stack", xaxis_title="step",
                   yaxis_title="ms", xaxis_type="category")


def step_path_figure(cp: CriticalPath) -> go.Figure | None:
    """The path of the median-length step as bars on its lanes (threads, streams), colored by kind."""
    if not cp.steps:
        return None
    step = sorted(cp.steps[:MAX_STEPS], key=lambda s: s.step_ms)[len(cp.steps[:MAX_STEPS]) // 2]
    seg = step.segments
    lane, kind = seg["lane"].astype(str).to_numpy(), seg["kind"].astype(str).to_numpy()
    new = np.r_[True, (lane[1:] != lane[:-1]) | (kind[1:] != kind[:-1])]
    first = np.flatnonzero(new)
    last = np.r_[first[1:] - 1, len(seg) - 1]
    if len(first) > MAX_PATH_BARS:
        return None
    t0 = int(seg["start_ns"].iloc[0])
    start = (seg["start_ns"].to_numpy()[first] - t0) / 1e3
    dur = (seg["end_ns"].to_numpy()[last] - seg["start_ns"].to_numpy()[first]) / 1e3
    names = seg["name"].astype(str).to_numpy()[first]
    fig = go.Figure()
    for k in KINDS:
        mine = kind[first] == k
        if mine.any():
            fig.add_trace(go.Bar(name=label(PATH_WORDS[k]), y=lane[first][mine], x=dur[mine], base=start[mine], orientation="h",
                                 marker_color=PATH_COLORS[k], hovertext=[label(shortened(n)) for n in names[mine]]))
    return _layout(fig, f"The path of step {step.step} ({step.step_ms:,.3f} ms), by lane (µs from the step's start)", barmode="overlay",
                   height=200 + 30 * len(set(lane)), xaxis_title="µs")


def critical_path_section(cp: CriticalPath | None, figs: Figures) -> str:
    """HTML: what bounds each step, the stacked bars, and the items longest on the path."""
    if cp is None or not cp.steps:
        note = "; ".join(cp.notes) if cp is not None and cp.notes else "no steps with GPU activity"
        return f'<p class="muted">No critical path: {esc(note)}.</p>'
    mean, share = cp.mean_breakdown_ms(), path_share(cp)
    host, gpu = share["python_cpu"] + share["launch"], share["kernel"] + share["memcpy"] + share["comm"]
    out = [f"<p>Per step ({len(cp.steps)} step(s), {num(cp.mean_step_ms())[0]} ms on average), the chain of work each step waited for "
           f"is {host:.0%} on the host (Python, CPU ops, CUDA calls), {gpu:.0%} on GPU work and {share['idle']:.0%} GPU idle "
           "between dependent work. Replayed CUDA-graph kernels count as GPU work.</p>",
           table(["on the path", "ms / step", "share"], [[PATH_WORDS[k], num(mean[k]), num(100 * share[k], "{:.1f}")] for k in KINDS],
                 numeric=[False, True, True]),
           figs.div(critical_path_figure(cp)), figs.div(step_path_figure(cp))]
    top = cp.by_name(15)
    rows = [[PATH_WORDS[r.kind], shortened(r.name) if r.name else "(untraced Python / gap)", num(r.ms_per_step)] for r in top.itertuples()]
    out.append("<h3>Longest items on the path</h3>")
    out.append(table(["kind", "item", "ms / step"], rows, numeric=[False, False, True]))
    out += [f'<p class="muted">{esc(note)}</p>' for note in cp.notes]
    return "\n".join(out)

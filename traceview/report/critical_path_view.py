"""The critical path in the terminal (a table) and the HTML report (one stacked bar per step, the
longest items); the JSON part is ``_critical_path_document`` in :mod:`traceview.report.json`. Reads
:class:`~traceview.analysis.critical_path.CriticalPath`."""

from __future__ import annotations

import plotly.graph_objects as go
from rich.console import RenderableType
from rich.table import Table

from traceview.analysis.critical_path import KINDS, CriticalPath
from traceview.report.figures import _layout, label, short_kernel_name
from traceview.report.html_page import Figures, esc, num, table
from traceview.report.text import safe

#: One color per kind of path time: host work in warm colors, GPU work in greens/blues, idle grey.
KIND_COLORS = {"python_cpu": "#F58518", "launch": "#E45756", "kernel": "#54A24B", "memcpy": "#72B7B2",
               "comm": "#4C78A8", "idle": "#BAB0AC"}
KIND_WORDS = {"python_cpu": "Python / CPU op", "launch": "CUDA runtime (launch, sync)", "kernel": "kernel", "memcpy": "memcpy / memset",
              "comm": "communication (NCCL)", "idle": "GPU idle (waiting)"}
#: Steps drawn and listed (a trace of hundreds of steps keeps its first ones).
MAX_STEPS = 60


def _share(cp: CriticalPath) -> dict[str, float]:
    mean, step = cp.mean_breakdown_ms(), cp.mean_step_ms()
    return {k: (mean[k] / step if step else 0.0) for k in KINDS}


def critical_path_table(cp: CriticalPath | None) -> RenderableType | None:
    """Terminal: the mean step split by what is on its critical path, and the largest items."""
    if cp is None or not cp.steps:
        return None
    mean, share = cp.mean_breakdown_ms(), _share(cp)
    t = Table(title=f"critical path: {len(cp.steps)} step(s), {cp.mean_step_ms():,.3f} ms per step ({cp.source})",
              title_justify="left", title_style="bold")
    for col, justify in (("on the path", "left"), ("ms / step", "right"), ("share", "right"), ("largest item", "left")):
        t.add_column(col, justify=justify)  # type: ignore[arg-type]
    top = cp.by_name(50)
    for k in sorted(KINDS, key=lambda k: -mean[k]):
        if mean[k] <= 0:
            continue
        items = top[(top["kind"] == k) & (top["name"] != "")]
        item = f"{safe(short_kernel_name(items['name'].iloc[0]), 50)} ({items['ms_per_step'].iloc[0]:,.3f} ms)" if len(items) else ""
        t.add_row(KIND_WORDS[k], f"{mean[k]:,.3f}", f"{share[k]:.0%}", item)
    return t


def critical_path_figure(cp: CriticalPath) -> go.Figure | None:
    """One stacked bar per step: its ms split by what is on the critical path."""
    steps = cp.steps[:MAX_STEPS]
    if not steps:
        return None
    ranks = len({s.rank for s in steps}) > 1
    x = [f"r{s.rank} #{s.step}" if ranks else f"#{s.step}" for s in steps]
    fig = go.Figure([go.Bar(name=label(KIND_WORDS[k]), x=x, y=[s.breakdown_ms[k] for s in steps], marker_color=KIND_COLORS[k])
                     for k in KINDS if any(s.breakdown_ms[k] > 0 for s in steps)])
    return _layout(fig, "Each step's time by what is on its critical path (ms)", barmode="stack", xaxis_title="step",
                   yaxis_title="ms", xaxis_type="category")


def critical_path_section(cp: CriticalPath | None, figs: Figures) -> str:
    """HTML: what bounds each step, the stacked bars, and the items longest on the path."""
    if cp is None or not cp.steps:
        note = "; ".join(cp.notes) if cp is not None and cp.notes else "no steps with GPU activity"
        return f'<p class="muted">No critical path: {esc(note)}.</p>'
    mean, share = cp.mean_breakdown_ms(), _share(cp)
    host, gpu = share["python_cpu"] + share["launch"], share["kernel"] + share["memcpy"] + share["comm"]
    out = [f"<p>Per step ({len(cp.steps)} step(s), {num(cp.mean_step_ms())[0]} ms on average), the chain of work each step waited for "
           f"is {host:.0%} on the host (Python, CPU ops, CUDA calls), {gpu:.0%} on GPU work and {share['idle']:.0%} GPU idle "
           "between dependent work. Replayed CUDA-graph kernels count as GPU work.</p>",
           table(["on the path", "ms / step", "share"], [[KIND_WORDS[k], num(mean[k]), num(100 * share[k], "{:.1f}")] for k in KINDS],
                 numeric=[False, True, True]),
           figs.div(critical_path_figure(cp))]
    top = cp.by_name(15)
    rows = [[KIND_WORDS[r.kind], short_kernel_name(r.name) if r.name else "(untraced Python / gap)", num(r.ms_per_step)] for r in top.itertuples()]
    out.append("<h3>Longest items on the path</h3>")
    out.append(table(["kind", "item", "ms / step"], rows, numeric=[False, False, True]))
    return "\n".join(out)

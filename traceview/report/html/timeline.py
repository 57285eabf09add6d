"""The report's timeline: CPU threads above GPU streams, colored by phase, with launch -> kernel links.

Each CPU thread is a band of rows, one per nesting depth (depth 0 on top); each GPU stream is one row.
A slice or GPU activity is a thick line segment from start to end; a thin grey line joins a launch
call to the kernel it started. Large traces are downsampled so the page stays small and fast:
CPU slices keep the outermost (then the longest) ones, GPU activities the longest, and
:class:`Timeline` says how many of each were drawn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from traceview.report.html.figures import GPU_RUN_COLOR
from traceview.report.html.figures import PHASE_COLORS
from traceview.report.html.figures import label

if TYPE_CHECKING:
    from traceview.analysis.result import Analysis
    from traceview.trace import Trace


#: Most CPU slices / GPU activities / links drawn: ~4k segments each keep the page under a few MB
#: and panning smooth in a browser without WebGL (headless and remote desktops often lack it).
MAX_SLICES = 4000


MAX_GPU = 4000


MAX_LINKS = 1500


#: Deepest CPU nesting level drawn (python_function stacks can be 50 deep).
MAX_DEPTH = 6


#: Host categories drawn on CPU rows.
CPU_CATEGORIES = ("cpu_op", "user_annotation", "cuda_runtime", "cuda_driver", "python_function", "gpu_user_annotation")



@dataclass(frozen=True)
class Timeline:
    """The figure, and what it left out."""

    figure: go.Figure
    slices_shown: int
    slices_total: int
    gpu_shown: int
    gpu_total: int

    @property
    def downsampled(self) -> bool:
        return self.slices_shown < self.slices_total or self.gpu_shown < self.gpu_total


def timeline(trace: Trace, a: Analysis) -> Timeline:
    """The timeline figure of ``trace`` with the phases of ``a``."""
    slices = trace.slices
    cpu = slices[slices["cat"].astype(str).isin(CPU_CATEGORIES) & (slices["depth"] <= MAX_DEPTH)]
    cpu = cpu.sort_values(["depth", "dur_ns"], ascending=[True, False], kind="stable").head(MAX_SLICES)
    gpu = a.attribution.table.sort_values("dur_ns", ascending=False, kind="stable").head(MAX_GPU)
    origin = int(min(slices["start_ns"].min() if len(slices) else np.iinfo(np.int64).max,
                     gpu["start_ns"].min() if len(gpu) else np.iinfo(np.int64).max))
    if origin == np.iinfo(np.int64).max:
        origin = 0
    rows, ticks = _rows(trace, cpu, gpu)
    fig = go.Figure()
    phase = a.split.slice_phase.reindex(cpu["slice_id"].to_numpy()).astype(str).to_numpy()
    cpu_y = np.array([rows[_key("cpu", r, p, t)] for r, p, t in zip(cpu["rank"], cpu["pid"], cpu["tid"])], dtype=float) + cpu["depth"].to_numpy()
    for name in ("run", "compile", "autotune"):
        m = phase == name
        if m.any():
            part = cpu[m]
            text = [f"{label(n)}<br>{label(c)} · {d / 1e3:,.1f} µs · {name}" for n, c, d in zip(part["name"], part["cat"], part["dur_ns"])]
            _segments(fig, part["start_ns"], part["end_ns"], cpu_y[m], origin, text, f"CPU · {name}", PHASE_COLORS[name], 9)
    gpu_y = np.array([rows[_key("gpu", r, d, s)] for r, d, s in zip(gpu["rank"], gpu["device"], gpu["stream"])], dtype=float)
    gphase = gpu["phase"].astype(str).to_numpy()
    for name in ("run", "compile", "autotune"):
        m = gphase == name
        if m.any():
            part = gpu[m]
            text = [f"{label(n)}<br>{k} · {d / 1e3:,.1f} µs · {name} · launched by {label(api)} in {label(op)}"
                    for n, k, d, api, op in zip(part["name"], part["kind"], part["dur_ns"], part["api"], part["op"])]
            color = GPU_RUN_COLOR if name == "run" else PHASE_COLORS[name]
            _segments(fig, part["start_ns"], part["end_ns"], gpu_y[m], origin, text, f"GPU · {name}", color, 12)
    _links(fig, trace, gpu, gpu_y, rows, origin)
    fig.update_layout(title="Timeline: CPU threads and GPU streams (ms from trace start)", template="plotly_white",
                      height=min(1400, 160 + 22 * (max(rows.values(), default=0) + 2)), hovermode="closest",
                      margin=dict(l=220, r=20, t=50, b=40), legend=dict(orientation="h", y=1.02, yanchor="bottom"),
                      xaxis=dict(title="ms", rangeslider=dict(visible=False)),
                      yaxis=dict(autorange="reversed", tickvals=list(ticks.keys()), ticktext=list(ticks.values()), zeroline=False))
    return Timeline(fig, len(cpu), int((slices["cat"].astype(str).isin(CPU_CATEGORIES)).sum()), len(gpu), len(a.attribution.table))


def _rows(trace: Trace, cpu: pd.DataFrame, gpu: pd.DataFrame) -> tuple[dict[tuple, int], dict[int, str]]:
    """Row number of each CPU thread band (first row) and GPU stream, and the tick labels."""
    names = {_key("cpu", r, p, t): n for r, p, t, n in zip(trace.threads["rank"], trace.threads["pid"], trace.threads["tid"], trace.threads["thread_name"])
             if n is not None and n is not pd.NA}
    rows: dict[tuple, int] = {}
    ticks: dict[int, str] = {}
    y = 0
    depth = cpu.groupby(["rank", "pid", "tid"], dropna=False)["depth"].max()
    for (r, p, t), d in depth.items():
        rows[_key("cpu", r, p, t)] = y
        ticks[y] = f"CPU {label(names.get(_key('cpu', r, p, t), f'pid {p} tid {t}'), 40)}" + (f" (rank {r})" if r else "")
        y += int(d) + 1
    for r, d, s in gpu[["rank", "device", "stream"]].drop_duplicates().sort_values(["rank", "device", "stream"]).itertuples(index=False):
        rows[_key("gpu", r, d, s)] = y
        ticks[y] = f"GPU {label(d)} stream {label(s)}" + (f" (rank {r})" if r else "")
        y += 1
    return rows, ticks


def _key(*parts: object) -> tuple[str, ...]:
    """A hashable row key that treats NaN and <NA> alike."""
    return tuple("" if v is None or v is pd.NA or (isinstance(v, float) and v != v) else str(v) for v in parts)


def _segments(fig: go.Figure, start: pd.Series, end: pd.Series, y: np.ndarray, origin: int, text: list[str],
              name: str, color: str, width: int) -> None:
    """Segments as one line trace (start, end, gap), and an invisible marker at each middle for the hover text."""
    s = np.round((start.to_numpy(dtype=np.int64) - origin) / 1e6, 6)
    e = np.round((end.to_numpy(dtype=np.int64) - origin) / 1e6, 6)
    n = len(s)
    xs = np.full(3 * n, np.nan)
    ys = np.full(3 * n, np.nan)
    xs[0::3], xs[1::3] = s, e
    ys[0::3] = ys[1::3] = y
    fig.add_scatter(x=xs, y=ys, mode="lines", name=name, legendgroup=name, line=dict(color=color, width=width),
                    hoverinfo="skip", connectgaps=False)
    fig.add_scatter(x=np.round((s + e) / 2, 6), y=y, mode="markers", name=name, legendgroup=name, showlegend=False,
                    marker=dict(size=width, color=color, opacity=0), hovertext=text, hoverinfo="text")


def _links(fig: go.Figure, trace: Trace, gpu: pd.DataFrame, gpu_y: np.ndarray, rows: dict[tuple, int], origin: int) -> None:
    """Thin lines from each drawn activity's launch call to the activity's start."""
    has = gpu["launch_id"].notna().to_numpy()
    if not has.any():
        return
    part = gpu[has].head(MAX_LINKS)
    y_to = gpu_y[has][: len(part)]
    launch = trace.slices.iloc[part["launch_id"].to_numpy(dtype=np.int64)]
    keys = [_key("cpu", r, p, t) for r, p, t in zip(launch["rank"], launch["pid"], launch["tid"])]
    y_from = np.array([rows.get(k, np.nan) for k in keys], dtype=float) + launch["depth"].clip(upper=MAX_DEPTH).to_numpy()
    n = len(part)
    xs = np.full(3 * n, np.nan)
    ys = np.full(3 * n, np.nan)
    xs[0::3] = np.round((launch["start_ns"].to_numpy(dtype=np.int64) - origin) / 1e6, 6)
    xs[1::3] = np.round((part["start_ns"].to_numpy(dtype=np.int64) - origin) / 1e6, 6)
    ys[0::3], ys[1::3] = y_from, y_to
    fig.add_scatter(x=xs, y=ys, mode="lines", name="launch → kernel", line=dict(color="rgba(90,90,90,0.35)", width=1),
                    hoverinfo="skip", connectgaps=False)

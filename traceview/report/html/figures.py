"""Plotly figures of one analysis: phases, regions, steps, launch overhead, top kernels.

Every function takes result dataclasses and returns a ``plotly.graph_objects.Figure`` (or None when the
trace has nothing to draw). Trace strings that plotly renders as text (hover, tick labels, legends) go
through :func:`label`, because plotly reads a small subset of HTML in those strings.
The timeline lives in :mod:`traceview.report.html.timeline`."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from traceview.trace.kernel_names import short_name
from traceview.analysis.base import intervals

if TYPE_CHECKING:
    from traceview.analysis.result import Analysis


#: One color per phase, used by every figure and the timeline.
PHASE_COLORS = {"compile": "#F58518", "autotune": "#B279A2", "run": "#4C78A8"}


GPU_RUN_COLOR = "#54A24B"


#: Kernels drawn in the "top kernels" bar chart.
TOP_KERNELS = 20


#: Longest label kept in plotly text (kernel names can be thousands of characters of C++ templates).
LABEL_CHARS = 90


def label(text: object, limit: int = LABEL_CHARS) -> str:
    """A trace string for plotly text: shortened, with ``<``, ``>``, ``&`` as entities (shown literally)."""
    value = "" if text is None or text is pd.NA or (isinstance(text, float) and text != text) else str(text)
    if len(value) > limit:
        value = value[: limit - 1] + "…"
    return html.escape(value, quote=False)


def short_kernel_name(name: object) -> str:
    """The readable name of a kernel (:func:`traceview.trace.kernel_names.short_name`):
    ``vectorized_elementwise_kernel<MulFunctor>``, ``nccl AllReduce Sum f32 RING_LL``."""
    return short_name(name)


def _layout(fig: go.Figure, title: str, height: int = 360, **kw: object) -> go.Figure:
    kw.setdefault("margin", dict(l=60, r=20, t=50, b=50))
    fig.update_layout(title=title, height=height, template="plotly_white", legend=dict(orientation="h", y=-0.2), **kw)
    return fig


def phase_figure(a: Analysis) -> go.Figure | None:
    """Wall time of compile and autotune, and of each compile stage."""
    s = a.split
    if s.compile_ns == 0 and s.autotune_ns == 0:
        return None
    fig = go.Figure()
    fig.add_bar(y=["phases"], x=[s.compile_ns / 1e6], name="compile", orientation="h", marker_color=PHASE_COLORS["compile"])
    fig.add_bar(y=["phases"], x=[s.autotune_ns / 1e6], name="autotune", orientation="h", marker_color=PHASE_COLORS["autotune"])
    for stage, ms in s.stages.items():
        fig.add_bar(y=[label(stage)], x=[ms], name=label(stage), orientation="h", showlegend=False)  # stages nest: one row each
    return _layout(fig, "Compile and autotune wall time, and compile stages (ms; stages nest)", height=200 + 28 * len(s.stages),
                   barmode="stack", xaxis_title="ms", yaxis_autorange="reversed")


def regions_figure(a: Analysis) -> go.Figure | None:
    """Kernels launched by each call of each compiled region, in call order."""
    calls = a.regions.calls
    if calls.empty:
        return None
    fig = go.Figure()
    for region, group in calls.groupby("region", sort=False):
        fig.add_scatter(x=np.arange(1, len(group) + 1), y=group["kernels"], mode="lines+markers", name=f"region {label(region)}",
                        hovertext=[f"call {i + 1}: {k} kernels, {c} compile/autotune kernels, GPU {g / 1e3:,.1f} µs"
                                   for i, (k, c, g) in enumerate(zip(group["kernels"], group["compile_kernels"], group["gpu_ns"]))],
                        hoverinfo="text")
    return _layout(fig, "Run-phase kernels per compiled-region call", xaxis_title="call", yaxis_title="kernels", yaxis_rangemode="tozero")


def steps_figure(a: Analysis) -> go.Figure | None:
    """Kernels and GPU time of each step."""
    steps = a.steps.steps
    if steps.empty:
        return None
    x = np.arange(1, len(steps) + 1)
    fig = go.Figure()
    fig.add_bar(x=x, y=steps["kernels"], name="kernels", marker_color=GPU_RUN_COLOR,
                hovertext=[label(n) for n in steps["name"]])
    fig.add_scatter(x=x, y=steps["gpu_ms"], name="GPU ms", yaxis="y2", mode="lines+markers", marker_color=PHASE_COLORS["compile"])
    return _layout(fig, f"Kernels per step ({label(a.steps.source)})", xaxis_title="step", yaxis_title="kernels",
                   yaxis2=dict(title="GPU ms", overlaying="y", side="right", rangemode="tozero"))


def _run_launches(a: Analysis) -> pd.DataFrame:
    """One row per run-phase launch that started GPU work: api, launch_dur_ns, launch_to_kernel_ns."""
    t = a.attribution.table
    t = t[(t["phase"] == "run") & t["launch_id"].notna()]
    return t.sort_values("start_ns").drop_duplicates("launch_id")


def launch_cost_figure(a: Analysis) -> go.Figure | None:
    """CPU time inside each launch call, per launch API (box per API)."""
    first = _run_launches(a)
    if first.empty:
        return None
    fig = go.Figure()
    for api, group in first.groupby(first["api"].astype(str)):
        fig.add_box(y=group["launch_dur_ns"].astype("float64") / 1e3, name=label(api), boxpoints="outliers")
    return _layout(fig, "CPU cost of one launch, per API (µs)", yaxis_title="µs", yaxis_type="log", showlegend=False)


def latency_figure(a: Analysis) -> go.Figure | None:
    """Launch call start to GPU start, per launch API."""
    first = _run_launches(a)
    if first.empty:
        return None
    fig = go.Figure()
    for api, group in first.groupby(first["api"].astype(str)):
        values = group["launch_to_kernel_ns"].astype("float64") / 1e3
        fig.add_box(y=values.clip(lower=0.01), name=label(api), boxpoints="outliers")
    return _layout(fig, "Launch latency: call start to GPU start (µs)", yaxis_title="µs", yaxis_type="log", showlegend=False)


def idle_gaps(a: Analysis) -> pd.DataFrame:
    """Idle gaps between run-phase GPU work, per (rank, device): gap_ns and whether the GPU was waiting
    for a launch (the work that ended the gap was launched after the gap began)."""
    t = a.attribution.table
    t = t[t["phase"] == "run"]
    rows = []
    for (rank, device), group in t.groupby(["rank", "device"], dropna=False):
        starts, ends = intervals.merge(group["start_ns"].to_numpy(), group["end_ns"].to_numpy())
        if len(starts) < 2:
            continue
        ordered = group.sort_values("start_ns")
        idx = np.searchsorted(ordered["start_ns"].to_numpy(), starts[1:], side="left")
        launch = ordered["launch_start_ns"].astype("float64").to_numpy()[idx]
        waited = np.nan_to_num(launch, nan=-np.inf) >= ends[:-1]
        rows.append(pd.DataFrame({"rank": rank, "device": device, "gap_ns": starts[1:] - ends[:-1], "waiting_for_launch": waited}))
    if not rows:
        return pd.DataFrame({"rank": [], "device": [], "gap_ns": [], "waiting_for_launch": []})
    return pd.concat(rows, ignore_index=True)


def idle_gaps_figure(a: Analysis) -> go.Figure | None:
    """Histogram of GPU idle gaps (log µs), split by whether the GPU was waiting for a launch."""
    gaps = idle_gaps(a)
    gaps = gaps[gaps["gap_ns"] > 0]
    if gaps.empty:
        return None
    fig = go.Figure()
    for waited, name, color in ((True, "waiting for the next launch", PHASE_COLORS["compile"]), (False, "work was queued", PHASE_COLORS["run"])):
        part = gaps[gaps["waiting_for_launch"] == waited]
        if len(part):
            fig.add_histogram(x=np.log10(part["gap_ns"].astype("float64") / 1e3), name=f"{name} ({part['gap_ns'].sum() / 1e6:,.3f} ms)",
                              marker_color=color, nbinsx=40)
    return _layout(fig, "GPU idle gaps between run-phase work", barmode="stack", xaxis_title="log10(gap µs)", yaxis_title="gaps")


def graph_amortization_figure(a: Analysis) -> go.Figure | None:
    """CPU µs of each graph launch against launching its kernels one by one."""
    g = a.graphs
    if g.count == 0:
        return None
    launches = g.launches.head(200)
    x = np.arange(1, len(launches) + 1)
    fig = go.Figure()
    fig.add_bar(x=x, y=launches["cpu_ns"] / 1e3, name="graph launch CPU µs", marker_color=PHASE_COLORS["run"],
                hovertext=[f"{k} kernels, {c / 1e3:,.1f} µs" for k, c in zip(launches["kernels"], launches["cpu_ns"])])
    if g.single_launch_cpu_ns:
        fig.add_scatter(x=x, y=launches["kernels"] * g.single_launch_cpu_ns / 1e3, mode="lines+markers",
                        name=f"same kernels launched one by one (at {g.single_launch_cpu_ns / 1e3:.1f} µs each)",
                        marker_color=PHASE_COLORS["compile"])
    return _layout(fig, "Graph-launch amortization: CPU µs per replay", xaxis_title="graph launch", yaxis_title="CPU µs")


def unavailable(title: str, why: str) -> go.Figure:
    """A figure with nothing to draw that says why, in words."""
    fig = go.Figure()
    fig.add_annotation(text=why, x=0.5, y=0.5, xref="paper", yref="paper", showarrow=False)
    return _layout(fig, title, height=160, xaxis_visible=False, yaxis_visible=False)


def cpu_kernels_figure(a: Analysis, top: int = TOP_KERNELS) -> go.Figure | None:
    """Largest CPU kernels (ATen ops, Inductor's C++ kernels) by total run-phase time: a trace without GPU work."""
    k = a.cpu.by_name.head(top) if a.cpu is not None else pd.DataFrame()
    if k.empty:
        return None
    names = [f"{i + 1}. {label(n, 60)}" for i, n in enumerate(k["name"])]
    fig = go.Figure(go.Bar(x=k["total_ms"][::-1], y=names[::-1], orientation="h", marker_color=GPU_RUN_COLOR,
                           hovertext=[f"{label(n)}<br>{c} calls, {m:,.3f} ms, {s:.0%}" for n, c, m, s in
                                      zip(k["name"][::-1], k["count"][::-1], k["total_ms"][::-1], k["share"][::-1])],
                           hoverinfo="text"))
    return _layout(fig, "CPU kernels by time (run phase; no GPU in this trace)", height=max(300, 22 * len(k) + 120),
                   xaxis_title="ms", margin=dict(l=380, r=20, t=50, b=50))


def top_kernels_figure(a: Analysis, top: int = TOP_KERNELS) -> go.Figure | None:
    """Largest kernels by total run-phase GPU time (the CPU's kernels on a trace without GPU work)."""
    k = a.kernels.head(top)
    if k.empty:
        return cpu_kernels_figure(a, top) if a.summary.kernels == 0 else None
    names = [f"{i + 1}. {label(short_kernel_name(n), 50)}" + (f" ({label(op, 30)})" if isinstance(op, str) and op != n else "")
             for i, (n, op) in enumerate(zip(k["name"], k["op"]))]
    fig = go.Figure(go.Bar(x=k["total_ms"][::-1], y=names[::-1], orientation="h", marker_color=GPU_RUN_COLOR,
                           hovertext=[f"{label(n)}<br>{c} launches, {m:,.3f} ms, {s:.0%}" for n, c, m, s in
                                      zip(k["name"][::-1], k["count"][::-1], k["total_ms"][::-1], k["share"][::-1])],
                           hoverinfo="text"))
    return _layout(fig, "Kernels by GPU time (run phase)", height=max(300, 22 * len(k) + 120), xaxis_title="ms",
                   margin=dict(l=380, r=20, t=50, b=50))

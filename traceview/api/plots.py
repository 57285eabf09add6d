"""The HTML page's figures, one call each, for a notebook: `t.plot.timeline()`, `t.plot.top_kernels()`, ...

Each returns a plotly figure (`None` where the trace has nothing to draw) built from the analyses it needs.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from traceview.report.html import critical_path as cp_figures
from traceview.report.html import figures as F
from traceview.report.html.timeline import timeline


class Plots:
    """The figures of one run."""

    def __init__(self, run: Any) -> None:  # a traceview.api.run.Run (which imports this module)
        self._run = run

    def timeline(self) -> go.Figure:
        """CPU threads above GPU streams, coloured by phase, each launch joined to its kernel (downsampled)."""
        return timeline(self._run.trace, self._run._lazy).figure

    def phases(self) -> go.Figure:
        """Compile, autotune and run time; where the trace holds no compiling, a figure that says so (and what the
        run's own record says it spent compiling, when meta.json or the structured trace has it)."""
        fig = F.phase_figure(self._run._lazy)
        if fig is not None:
            return fig
        reasons = self._run.analysis("reasons")
        seconds = reasons.compile_s if reasons is not None else None
        return F.unavailable("Compile and autotune wall time", "no compiling or autotuning inside this trace" + (
            f" (the run compiled for {seconds:,.2f} s before the profiled steps)" if seconds else ""))

    def top_kernels(self, top: int = F.TOP_KERNELS) -> go.Figure:
        """The kernels that took the most run-phase time: the GPU's, or the CPU's on a trace without GPU work."""
        fig = F.top_kernels_figure(self._run._lazy, top)
        return fig if fig is not None else F.unavailable("Kernels by time", "no run-phase kernel in this trace")

    def steps(self) -> go.Figure | None:
        """Kernels and GPU time per step."""
        return F.steps_figure(self._run._lazy)

    def regions(self) -> go.Figure | None:
        """Kernels per compiled-region call."""
        return F.regions_figure(self._run._lazy)

    def launch_cost(self) -> go.Figure | None:
        """The CPU cost of each launch API."""
        return F.launch_cost_figure(self._run._lazy)

    def launch_latency(self) -> go.Figure | None:
        """From each launch call to its kernel's start."""
        return F.latency_figure(self._run._lazy)

    def idle_gaps(self) -> go.Figure | None:
        """The GPU's idle gaps between run-phase work, by what it waited for."""
        return F.idle_gaps_figure(self._run._lazy)

    def critical_path(self) -> go.Figure | None:
        """What bounded each step, by kind, in ms."""
        return cp_figures.critical_path_figure(self._run.analysis("critical_path"))

    def names(self) -> list[str]:
        """The figures this accessor draws."""
        return [n for n in dir(self) if not n.startswith("_") and n != "names"]

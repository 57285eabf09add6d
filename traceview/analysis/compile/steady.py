"""Which steps are steady? The per-step figures a user acts on (critical path, advice) come from those.

A step is left out when, inside its window on its process, something ran that a later step of the same
loop will not run again:

    compiled       Dynamo / AOTAutograd / Inductor compiling (a slice in the compile phase: the first call,
                   a recompile)
    autotuned      Inductor benchmarking kernels or GEMM candidates (the autotune phase)
    recorded a CUDA graph   CUDA-graph trees capturing a graph (``cudaStreamBeginCapture``,
                   ``cudaGraphInstantiate*``, ``CUDAGraphNode.record``) instead of replaying one
    first step     a process's first step taking over FIRST_STEP_FACTOR times the median of its others: the loop's
                   first call (CUDA, cuBLAS and cuDNN handles, the caching allocator's first blocks), which an eager
                   script profiled from step 0 pays once

The phases are the classification's (``trace/classify.py``); the capture calls are runtime slices. A trace
whose steps all compiled has no steady step: its critical path is over every step, and it is said so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from traceview.trace.catalogue import tagged
from traceview.trace.step_windows import StepWindows, step_labels
from traceview.trace import Trace

#: CUDA-graph trees recording a graph (not replaying it).
_REASONS = ("compiled", "autotuned", "recorded a CUDA graph", "first step")
#: A process's first step this many times longer than the median of its other steps is its first call.
FIRST_STEP_FACTOR = 2.0


@dataclass(frozen=True)
class SteadySteps:
    """``steady``: a boolean per step of ``windows`` (their order); ``reasons``: per left-out step, why."""

    windows: StepWindows
    steady: np.ndarray
    reasons: dict[int, str] = field(default_factory=dict)  # position in windows -> "compiled, autotuned"
    labels: tuple[str, ...] = ()  # each step's label (its name after '#'), in window order
    used: StepWindows = field(init=False)  # the steady steps' windows; every step's when none is steady
    any_steady: bool = field(init=False)
    description: str = field(init=False)  # describe(labels): which steps are used and why the others are not

    def __post_init__(self):
        object.__setattr__(self, "used", subset(self.windows, self.steady) if self.steady.any() else self.windows)
        object.__setattr__(self, "any_steady", bool(self.steady.any()) or len(self.windows) == 0)
        object.__setattr__(self, "description", self.describe(list(self.labels)) if len(self.labels) == len(self.steady) else "")

    def describe(self, names: list[str]) -> str:
        """``steps 2-5 of 6 (steady); steps 0-1 compiled`` (``names``: the steps' labels, in window order)."""
        n = len(self.steady)
        if not n or self.steady.all():
            return f"all {n} step(s) steady" if n else ""
        kept = [names[i] for i in np.flatnonzero(self.steady)]
        by_reason: dict[str, list[str]] = {}
        for i, why in self.reasons.items():
            by_reason.setdefault(why, []).append(names[i])
        out = (f"{_span(kept)} of {n} steady" if kept else f"no steady step of {n}")
        return out + "; " + "; ".join(f"{_span(v)} {why}" for why, v in by_reason.items())


def _span(labels: list[str]) -> str:
    return f"step {labels[0]}" if len(labels) == 1 else f"steps {', '.join(labels)}" if len(labels) <= 4 else \
        f"steps {labels[0]}..{labels[-1]} ({len(labels)})"


def subset(windows: StepWindows, mask: np.ndarray) -> StepWindows:
    return StepWindows(windows.slice_id[mask], windows.rank[mask], windows.pid[mask], windows.start_ns[mask],
                       windows.end_ns[mask], windows.source)


def steady_steps(trace: Trace, windows: StepWindows) -> SteadySteps:
    """Mark each step steady or not (see the module docstring)."""
    n = len(windows)
    if n == 0:
        return SteadySteps(windows, np.zeros(0, dtype=bool))
    s = trace.slices
    phase = s["phase"].astype(object).to_numpy() if "phase" in s.columns else np.full(len(s), "run", dtype=object)
    recording = tagged(s, "graph_recording")
    # CUDA-graph trees time their recording with dynamo_timed, which the classification counts as compiling: what
    # runs inside a recording is the recording
    in_recording = trace.nearest("graph_recording") >= 0
    marks = [(phase == "compile") & ~in_recording, (phase == "autotune") & ~in_recording, recording]
    hit = np.zeros((len(_REASONS), n), dtype=bool)
    step_id = s["step_id"].to_numpy(dtype=np.int64, na_value=-1)
    for k, mark in enumerate(marks):
        rows = np.flatnonzero(mark)
        if len(rows):
            at = windows.positions(step_id[rows])
            hit[k, at[at >= 0]] = True
    hit[3] = _slow_first_steps(windows)
    steady = ~hit.any(axis=0)
    reasons = {int(i): ", ".join(r for r, h in zip(_REASONS, hit[:, i]) if h) for i in np.flatnonzero(~steady)}
    names = s["name"]
    labels = step_labels(windows, names)
    return SteadySteps(windows, steady, reasons, labels)


def _slow_first_steps(windows: StepWindows) -> np.ndarray:
    """Per step: the first of its process, and over FIRST_STEP_FACTOR times the median of that process's others."""
    out = np.zeros(len(windows), dtype=bool)
    dur = (windows.end_ns - windows.start_ns).astype(np.float64)
    keys = np.stack([windows.rank.astype(np.int64), windows.pid.astype(np.int64)], axis=1)
    for key in np.unique(keys, axis=0):
        mine = np.flatnonzero((keys == key).all(axis=1))
        if len(mine) < 3:
            continue
        first = mine[np.argmin(windows.start_ns[mine])]
        others = np.median(dur[mine[mine != first]])
        out[first] = others > 0 and dur[first] > FIRST_STEP_FACTOR * others
    return out

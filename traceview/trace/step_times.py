"""Which of a run's steps stand for its speed without the profiler: one rule, used when ``profile`` writes
meta.json and again when a trace is read (so a run captured under an older rule is timed by the current one).

Steps are timed on the host clock from the end of the step before (``steps.timing.step_ms`` in meta.json). The
steps before the profiled window count, from ``since`` (meta.json's ``steps.timing.since``: FIRST_TIMED_STEP unless
``profile --timed-from`` says a later step; compilation, CUDA-graph recording and the allocator's warm-up happen in
the first calls) to the profiler's warm-up step (excluded): all of them, the whole span the run made before the
window. A host-bound step's speed is a property of the moment on a shared machine (the device's CPU changed speed by
1.6x every 0.5-5 s, docs/benchmarks.md, session 20), and the median over a span of many seconds is what the run
averages over, where a few steps right before the window are one moment. Runs captured before meta.json recorded
``since`` keep the rule they were captured under: at most the MAX_STEPS_BEFORE steps right before the warm-up step
(their harness ran other arms before those). Only when fewer than MIN_STEPS_BEFORE ran before the window, also those
from two steps after it (the step right after it pays for exporting the trace, and CUDA profiling stays attached:
Kineto does not tear CUPTI down, pytorch#144455; the steps after the window ran 10-40% slower on the H200 captures).
"""

from __future__ import annotations

import statistics
from typing import Any

#: Steps at the start of a run left out of the unprofiled timing.
FIRST_TIMED_STEP = 3
#: With this many unprofiled steps before the window, the steps after it are left out of the unprofiled timing.
MIN_STEPS_BEFORE = 5
#: Runs whose meta.json records no ``since`` (captured before it did): at most this many steps right before the
#: profiler's warm-up step count.
MAX_STEPS_BEFORE = 20


def unprofiled_steps(steps: list[int], start: int, stop: int, since: int | None = None) -> list[int]:
    """The steps of ``steps`` (indices of timed steps) that time the run without the profiler, for the profiled
    window ``start:stop``: from ``since`` on (None: a run captured before meta.json recorded it, the
    MAX_STEPS_BEFORE right before the window; see the module docstring)."""
    warmup = start - 1 if start > 0 else start
    first = max(FIRST_TIMED_STEP, since) if since is not None else max(FIRST_TIMED_STEP, warmup - MAX_STEPS_BEFORE)
    before = [i for i in steps if first <= i < warmup]
    if len(before) >= MIN_STEPS_BEFORE:
        return before
    floor = first if since is not None else FIRST_TIMED_STEP
    return [i for i in steps if floor <= i < warmup or i >= stop + 2]


def window_of(requested: Any) -> tuple[int, int] | None:
    """``(start, stop)`` of meta.json's ``steps.requested`` ("A:B"), else None."""
    if not isinstance(requested, str) or ":" not in requested:
        return None
    a, _, b = requested.partition(":")
    try:
        return int(a), int(b)
    except ValueError:
        return None


def unprofiled_median(meta_steps: dict[str, Any], key: str = "step_ms") -> float | None:
    """The median over the unprofiled steps of meta.json's ``steps.timing[key]`` (``step_ms`` or ``loader_ms``),
    by the current rule; None when the run did not time its steps, or when it chose the same steps (its recorded
    median stands)."""
    timing = meta_steps.get("timing") if isinstance(meta_steps, dict) else None
    window = window_of(meta_steps.get("requested")) if isinstance(meta_steps, dict) else None
    times = timing.get(key) if isinstance(timing, dict) else None
    if window is None or not isinstance(times, dict) or not times:
        return None
    try:
        by_step = {int(k): float(v) for k, v in times.items()}
    except (TypeError, ValueError):
        return None
    off = unprofiled_steps(sorted(by_step), *window, since=timed_since(timing))
    if off == timing.get("unprofiled_steps"):
        return None  # the run was timed by this rule: its recorded median (of the unrounded times) stands
    return statistics.median(by_step[i] for i in off) if off else None


def timed_after_window(meta_steps: dict[str, Any]) -> bool:
    """Whether the steps that time meta.json's run without the profiler include steps after the profiled window
    (fewer than MIN_STEPS_BEFORE ran before it): a profile leaves a process slower, so those steps run slow."""
    timing = meta_steps.get("timing") if isinstance(meta_steps, dict) else None
    window = window_of(meta_steps.get("requested")) if isinstance(meta_steps, dict) else None
    times = timing.get("step_ms") if isinstance(timing, dict) else None
    if window is None or not isinstance(times, dict) or not times:
        return False
    try:
        steps = sorted(int(k) for k in times)
    except (TypeError, ValueError):
        return False
    return any(i >= window[1] for i in unprofiled_steps(steps, *window, since=timed_since(timing)))


def timed_since(timing: Any) -> int | None:
    """meta.json's ``steps.timing.since`` (the first step the unprofiled timing may use), else None (a run captured
    before it was recorded)."""
    since = timing.get("since") if isinstance(timing, dict) else None
    return since if isinstance(since, int) and not isinstance(since, bool) and since >= 0 else None

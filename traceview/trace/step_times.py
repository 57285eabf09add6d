"""Which of a run's steps stand for its speed without the profiler: one rule, used when ``profile`` writes
meta.json and again when a trace is read (so a run captured under an older rule is timed by the current one).

Steps are timed on the host clock from the end of the step before (``steps.timing.step_ms`` in meta.json). The
steps before the profiled window count, from FIRST_TIMED_STEP (compilation, CUDA-graph recording and the
allocator's warm-up happen in the first calls), or from ``since`` where meta.json records a later one (``profile
--timed-from``: a script whose first steps are another loop), to the profiler's warm-up step (excluded), at most the
MAX_STEPS_BEFORE right before it. (Every step from ``since`` instead — the whole span, as a shared host's CPU changes
speed within seconds — failed its declared blind set: docs/benchmarks/advice.md.) Only when
fewer than MIN_STEPS_BEFORE ran there, also those from two steps after the window (the step right after it pays for
exporting the trace, and CUDA profiling stays attached: Kineto does not tear CUPTI down, pytorch#144455; the steps
after the window ran 10-40% slower on the H200 captures).
"""

from __future__ import annotations

import statistics
from typing import Any

#: Steps at the start of a run left out of the unprofiled timing.
FIRST_TIMED_STEP = 3
#: With this many unprofiled steps before the window, the steps after it are left out of the unprofiled timing.
MIN_STEPS_BEFORE = 5
#: At most this many steps right before the profiler's warm-up step count: the loop as it runs just before the window.
MAX_STEPS_BEFORE = 20


def unprofiled_steps(steps: list[int], start: int, stop: int, since: int | None = None) -> list[int]:
    """The steps of ``steps`` (indices of timed steps) that time the run without the profiler, for the profiled
    window ``start:stop``, none before ``since`` (meta.json's, where recorded; see the module docstring)."""
    warmup = start - 1 if start > 0 else start
    floor = max(FIRST_TIMED_STEP, since or 0)
    before = [i for i in steps if max(floor, warmup - MAX_STEPS_BEFORE) <= i < warmup]
    if len(before) >= MIN_STEPS_BEFORE:
        return before
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

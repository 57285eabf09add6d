"""Profile only some steps of an unmodified script (``traceview profile --steps 10:15``), like ``nsys --capture-range``.

A *step* is counted each time the script's optimizer finishes ``step()`` (torch.optim's global
step post-hook, :func:`torch.optim.optimizer.register_optimizer_step_post_hook`; only the first
optimizer that steps is counted, so a script with two optimizers still counts one step per
iteration), or, with ``step_annotation``, each time a ``torch.profiler.record_function`` block of
that name closes. Each counted step calls ``prof.step()``, which drives ``torch.profiler``'s
schedule, so Kineto labels the profiled steps ``ProfilerStep#N`` with the script's own step
numbers (0-based)::

    --steps 10:15   steps 10, 11, 12, 13, 14 recorded (Python slice: START included, STOP not)
    schedule        wait = 9, warmup = 1 (step 9: profiler on, events dropped), active = 5

A step ends inside the optimizer's ``Optimizer.step#...`` annotation (the hook runs before it
closes), so that annotation straddles the boundary by a few microseconds: every launch of the
optimizer step is before the hook, in its own step.

A script that ends inside the window leaves a last ``ProfilerStep#N`` holding whatever ran after its
last counted step (``partial_step`` in meta.json; the command warns).

Caveats: a ``GradScaler`` that skips ``opt.step()`` on an inf/NaN gradient skips the count too; a
compiled ``opt.step`` (``torch.compile`` around it) does not run Python hooks; the script must not
run its own ``torch.profiler`` at the same time (Kineto profiles one at a time).
"""

from __future__ import annotations

import re
import statistics
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator

from traceview.errors import CaptureError
from traceview.trace.step_times import FIRST_TIMED_STEP, unprofiled_steps


@dataclass(frozen=True)
class StepRange:
    """Steps ``start`` (included) to ``stop`` (excluded), 0-based, as the script counts them."""

    start: int
    stop: int

    @classmethod
    def parse(cls, text: str) -> StepRange:
        """``"10:15"``; ``"10"`` alone is the one step 10. CaptureError for anything else."""
        found = re.fullmatch(r"\s*(\d+)\s*(?::\s*(\d+)\s*)?", text or "")
        if found is None:
            raise CaptureError(f"--steps {text!r}: expected START:STOP (e.g. 10:15, steps 10 to 14) or one step number")
        start = int(found.group(1))
        stop = int(found.group(2)) if found.group(2) is not None else start + 1
        if stop <= start:
            raise CaptureError(f"--steps {text!r}: STOP must be greater than START (a Python slice: 10:15 is steps 10-14)")
        return cls(start, stop)

    def schedule(self):
        """The ``torch.profiler.schedule`` that records exactly these steps (one warm-up step before when there is one)."""
        from torch.profiler import schedule

        warmup = 1 if self.start > 0 else 0
        return schedule(wait=self.start - warmup, warmup=warmup, active=self.stop - self.start, repeat=1)

    def __str__(self) -> str:
        return f"{self.start}:{self.stop}"


class StepsDone(BaseException):
    """Raised from the step hook when the run has made the steps it was asked for (``stop_after``); a
    ``BaseException``, so the script's own ``except Exception`` does not swallow it."""


@dataclass
class StepCounter:
    """Counts the script's steps and advances the profiler's schedule at each (see the module docstring)."""

    prof: Any
    annotation: str | None = None
    steps: int = 0
    by: str = "optimizer"
    optimizer: str | None = None  # class name of the optimizer whose steps are counted
    stop_after: int | None = None  # end the script (StepsDone) once this many steps are counted
    timed_from: int = FIRST_TIMED_STEP  # no step before it times the run without the profiler (profile --timed-from)
    ends_ns: list[int] = field(default_factory=list, repr=False)  # perf_counter_ns when each step ended
    loader_ns: list[int] = field(default_factory=list, repr=False)  # time in DataLoader iterators' __next__, per step
    _loading_ns: int = field(default=0, repr=False)  # __next__ time of the step running now
    _owner: int | None = field(default=None, repr=False)
    _busy: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        if self.annotation is not None:
            self.by = f"annotation: {self.annotation}"
            self._pattern = re.compile(rf"^{re.escape(self.annotation)}[\s_#:.\-]*\d*$")

    def optimizer_stepped(self, optimizer: Any, _args: Any, _kwargs: Any) -> None:
        if self._owner is None:
            self._owner, self.optimizer = id(optimizer), type(optimizer).__name__
        if id(optimizer) == self._owner:
            self._advance()

    def annotation_closed(self, name: str) -> None:
        if self._pattern.match(name):
            self._advance()

    def _advance(self) -> None:
        if self._busy:  # prof.step() opens and closes its own record_function
            return
        self._busy = True
        try:
            if len(self.ends_ns) < MAX_TIMED_STEPS:
                self.ends_ns.append(time.perf_counter_ns())  # before prof.step(), which may export the trace
                self.loader_ns.append(self._loading_ns)
            self._loading_ns = 0
            self.steps += 1
            self.prof.step()
        finally:
            self._busy = False
        if self.stop_after is not None and self.steps >= self.stop_after:
            raise StepsDone

    def summary(self, window: StepRange) -> dict[str, Any]:
        """What meta.json records: how steps were counted, how many, which whole steps were profiled, and
        ``partial_step``: when the script ended inside the window, the step it was in (its trace holds
        a ``ProfilerStep#N`` of whatever ran after the last counted step)."""
        ended_inside = window.start <= self.steps < window.stop
        return {"by": self.by, "optimizer": self.optimizer, "counted": self.steps, "requested": str(window),
                "profiled": list(range(window.start, min(window.stop, self.steps))),
                "partial_step": self.steps if ended_inside else None,
                "timing": step_timing(self.ends_ns, window, self.loader_ns if any(self.loader_ns) else None,
                                      self.timed_from),
                "stopped_after": self.stop_after if self.stop_after is not None and self.steps >= self.stop_after else None}


#: Steps whose end time is kept (a long run's later steps add nothing to the medians).
MAX_TIMED_STEPS = 100_000


def step_timing(ends_ns: list[int], window: StepRange, loader_ns: list[int] | None = None,
                since: int = FIRST_TIMED_STEP) -> dict[str, Any]:
    """Each step's duration on the host clock (step i: from the end of step i-1 to its own end), and the medians
    of the steps run with the profiler off (:func:`traceview.trace.step_times.unprofiled_steps`) and of the
    profiled ones. The host clock needs no synchronisation: in a steady loop the host cannot run more
    than the launch queue ahead of the device, so the median step is the device's step too. ``loader_ns``: the
    time each step spent in DataLoader iterators' ``__next__`` (taking its batch), timed the same way; its median
    over the unprofiled steps is the batch's real cost, which the profiled trace stretches by its many small ops.
    ``since``: no step before it times the run (``profile --timed-from``), recorded."""
    ms = {i: (ends_ns[i] - ends_ns[i - 1]) / 1e6 for i in range(1, len(ends_ns))}
    off = unprofiled_steps(list(ms), window.start, window.stop, since)  # traceview.trace.step_times: the one rule
    on = [i for i in ms if window.start <= i < window.stop]
    median_off = statistics.median(ms[i] for i in off) if off else None
    median_on = statistics.median(ms[i] for i in on) if on else None
    timing = {"step_ms": {str(i): round(v, 4) for i, v in ms.items()}, "since": since,
              "unprofiled_steps": off, "unprofiled_median_ms": median_off,
              "profiled_steps": on, "profiled_median_ms": median_on,
              "profiler_inflation": (median_on / median_off) if median_on and median_off else None}
    if loader_ns:
        loading = {i: loader_ns[i] / 1e6 for i in range(1, min(len(loader_ns), len(ends_ns)))}
        timing["loader_ms"] = {str(i): round(v, 4) for i, v in loading.items()}
        timing["unprofiled_loader_median_ms"] = statistics.median(loading[i] for i in off) if off else None
        timing["profiled_loader_median_ms"] = statistics.median(loading[i] for i in on) if on else None
    return timing


@contextmanager
def _timing_loaders(counter: StepCounter) -> Iterator[None]:
    """Add each DataLoader ``__next__``'s host time to the step it runs in (the outermost call only: a loader
    iterating another counts once)."""
    try:
        from torch.utils.data import dataloader
    except ImportError:  # pragma: no cover - torch without its data package
        yield
        return
    cls = dataloader._BaseDataLoaderIter
    original = cls.__next__
    depth = [0]

    def __next__(self):  # noqa: N807 - the method it stands in for
        depth[0] += 1
        t0 = time.perf_counter_ns()
        try:
            return original(self)
        finally:
            depth[0] -= 1
            if not depth[0]:
                counter._loading_ns += time.perf_counter_ns() - t0

    cls.__next__ = __next__
    try:
        yield
    finally:
        cls.__next__ = original


@contextmanager
def counting_steps(counter: StepCounter) -> Iterator[StepCounter]:
    """Install the step hook (and the timer of DataLoader iterators' ``__next__``) for the block; removed
    afterwards whatever happens."""
    with _timing_loaders(counter):
        yield from _counting(counter)


def _counting(counter: StepCounter) -> Iterator[StepCounter]:
    if counter.annotation is None:
        from torch.optim.optimizer import register_optimizer_step_post_hook

        handle = register_optimizer_step_post_hook(counter.optimizer_stepped)
        try:
            yield counter
        finally:
            handle.remove()
        return
    from torch.autograd import profiler as autograd_profiler

    cls = autograd_profiler.record_function
    original = cls.__exit__

    def __exit__(self, *exc):  # noqa: N807 - the method it stands in for
        result = original(self, *exc)
        counter.annotation_closed(str(getattr(self, "name", "")))
        return result

    cls.__exit__ = __exit__
    try:
        yield counter
    finally:
        cls.__exit__ = original

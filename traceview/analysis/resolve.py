"""Each analysis declares what it needs; a resolver computes what is asked, once.

An analysis is a pure function of the trace, of the run's facts (`traceview.trace.run_files.DynamoRecord`:
Dynamo's record, the steps timed without the profiler, the host) and of other analyses. `ANALYSES` names each
one with its inputs, in the order the function takes them::

    "attribution": Needs(attribute_kernels, "trace", "split")     # attribute_kernels(trace, split)
    "critical_path": Needs(_critical_path, "trace", "steady", "split", "run")

`Resolver` answers ``resolver["attribution"]`` by computing ``split`` first (and nothing else), and keeps
every answer: asking again costs nothing. ``traceview kernels`` asks for a kernel table and computes no critical
path; `traceview.analysis.analyze.analyze` asks for every field of
`traceview.analysis.result.Analysis`. The advice and the findings read an analysis record; they get a
`Lazy` one, whose fields are resolved as they are read.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable

from traceview.analysis.advice.advise import advise
from traceview.analysis.base.compile_split import compile_split
from traceview.analysis.base.summary import trace_summary
from traceview.analysis.compile.autotune import autotune_choices
from traceview.analysis.compile.compile_reasons import compile_reasons
from traceview.analysis.compile.regions import region_calls
from traceview.analysis.compile.steady import steady_steps
from traceview.analysis.host.critical_path import critical_path
from traceview.analysis.host.launch_queue import launch_queue
from traceview.analysis.host.overhead import launch_overhead
from traceview.analysis.host.replay import replay_window
from traceview.analysis.kernels.attribution import attribute_kernels
from traceview.analysis.kernels.cpu_kernels import cpu_kernels
from traceview.analysis.kernels.flops import kernel_flops
from traceview.analysis.kernels.graph_launch import graph_launches
from traceview.analysis.kernels.kernel_table import kernel_table
from traceview.analysis.kernels.memory import memory_usage
from traceview.analysis.kernels.modules import module_table
from traceview.analysis.kernels.steps import kernels_per_step
from traceview.analysis.ranks.collectives import collectives
from traceview.analysis.ranks.comm import comm_compute
from traceview.analysis.verdicts.findings import findings
from traceview.trace import Trace
from traceview.trace import heap
from traceview.trace.run_files import DynamoRecord
from traceview.trace.step_windows import step_windows

#: The inputs that are not analyses: the trace itself, the run's facts, and the record of analyses read lazily.
FACTS = ("trace", "run", "result")


@dataclass(frozen=True)
class Needs:
    """One analysis: ``fn`` called with its ``inputs`` (analyses or FACTS), in that order."""

    fn: Callable[..., Any]
    inputs: tuple[str, ...]

    def __init__(self, fn: Callable[..., Any], *inputs: str) -> None:
        object.__setattr__(self, "fn", fn)
        object.__setattr__(self, "inputs", inputs)


def _critical_path(trace: Trace, steady, split, run: DynamoRecord | None):
    """The critical path of the steady steps, with notes on which steps it used and the profiler's stretch."""
    if len(trace.slices) >= heap.LARGE_SLICES:  # the walk's per-moment arrays are the largest the analyses make:
        heap.release()  # the heap the analyses before it freed goes back to the OS first (trace/heap.py)
    return with_steady_note(critical_path(trace, steady.used, split.slice_phase), steady,
                            run.unprofiled_step_ms if run is not None else None,
                            run is not None and run.unprofiled_after_window)


def with_steady_note(cp, steady, unprofiled_ms: float | None = None, after_window: bool = False):
    """The critical path, its notes saying which steps it used when some were left out, and how much the profiler
    stretched them when the steps were also timed without it (and, when those steps ran after the window, that they
    ran slow)."""
    if unprofiled_ms and cp.steps:
        note = (f"the profiler stretched each step x{cp.usual_step_ms() / unprofiled_ms:.2f} ({cp.usual_step_ms():.2f} ms "
                f"profiled, {unprofiled_ms:.2f} ms without it: meta.json); advice in ms is of a step without it")
        if after_window:
            note += ("; those steps ran after the profiled window (too few before it), and a profile leaves a process "
                     "1.2-1.7x slower on host-bound loops: the step without the profiler is likely shorter, and host "
                     "savings smaller (profile a later window, e.g. --steps 20:25)")
        cp = dataclasses.replace(cp, notes=[note, *cp.notes])
    if len(steady.windows) == 0 or steady.steady.all():
        return cp
    note = f"steps used: {steady.description}"
    if not steady.any_steady:
        note += ": no steady step, so no advice (profile more steps, e.g. traceview profile --steps 5:10)"
    return dataclasses.replace(cp, notes=[note, *cp.notes])


def _advice(trace: Trace, result, run: DynamoRecord | None, steady):
    """What to change first; nothing without a steady step (the critical path's note says so)."""
    if not steady.any_steady:
        return []
    return advise(trace, result, run.run_steps if run is not None else None, run.host if run is not None else None,
                  run.unprofiled_step_ms if run is not None else None, windows=steady.used,
                  harness_syncs=run.harness_syncs if run is not None else False,
                  unprofiled_loader_ms=run.unprofiled_loader_ms if run is not None else None,
                  torch_flags=run.torch_flags if run is not None else None)


def _autotune(trace: Trace, split, attribution, run: DynamoRecord | None, regions):
    return autotune_choices(trace, split, attribution, run.autotune if run is not None else None, regions)


ANALYSES: dict[str, Needs] = {
    "summary": Needs(trace_summary, "trace"),
    "split": Needs(compile_split, "trace"),
    "windows": Needs(step_windows, "trace"),
    "steady": Needs(steady_steps, "trace", "windows"),
    "attribution": Needs(attribute_kernels, "trace", "split"),
    "regions": Needs(region_calls, "trace", "split"),
    "flops": Needs(kernel_flops, "trace", "attribution"),
    "kernels": Needs(lambda attribution, flops: kernel_table(attribution, flops=flops), "attribution", "flops"),
    "graphs": Needs(graph_launches, "trace", "attribution"),
    "overhead": Needs(launch_overhead, "trace", "attribution", "split"),
    "steps": Needs(kernels_per_step, "trace", "attribution", "windows"),
    "cpu": Needs(cpu_kernels, "trace", "split", "windows"),
    "comm": Needs(lambda attribution: comm_compute(attribution.table), "attribution"),
    "collectives": Needs(collectives, "trace"),
    "memory": Needs(memory_usage, "trace", "split"),
    "queues": Needs(launch_queue, "trace"),
    "reasons": Needs(compile_reasons, "split", "regions", "run"),
    "modules": Needs(module_table, "trace", "attribution"),
    "autotune": Needs(_autotune, "trace", "split", "attribution", "run", "regions"),
    "critical_path": Needs(_critical_path, "trace", "steady", "split", "run"),
    "unprofiled_step_ms": Needs(lambda run: run.unprofiled_step_ms if run is not None else None, "run"),
    "replay": Needs(lambda trace, steady: replay_window(trace, steady.used), "trace", "steady"),
    "advice": Needs(_advice, "trace", "result", "run", "steady"),
    "findings": Needs(findings, "result"),
}


class Resolver:
    """The analyses of one trace and its run, each computed when first asked and kept."""

    def __init__(self, trace: Trace, run: DynamoRecord | None = None) -> None:
        self.trace, self.run = trace, run
        self._done: dict[str, Any] = {}
        self._asking: list[str] = []

    def __getitem__(self, name: str) -> Any:
        if name in self._done:
            return self._done[name]
        if name not in ANALYSES:
            raise KeyError(f"no analysis named {name!r}; known: {', '.join(ANALYSES)}")
        if name in self._asking:
            raise RuntimeError(f"analyses need each other: {' -> '.join([*self._asking, name])}")
        self._asking.append(name)
        try:
            step = ANALYSES[name]
            value = step.fn(*(self._input(i) for i in step.inputs))
        finally:
            self._asking.pop()
        self._done[name] = value
        return value

    def _input(self, name: str) -> Any:
        if name == "trace":
            return self.trace
        if name == "run":
            return self.run
        if name == "result":
            return Lazy(self)
        return self[name]

    def computed(self) -> tuple[str, ...]:
        """The analyses computed so far, in the order they finished."""
        return tuple(self._done)

    def needs(self, name: str) -> set[str]:
        """Every analysis ``name`` needs, directly or through others (``result``: whatever it reads, not listed)."""
        out: set[str] = set()
        todo = [i for i in ANALYSES[name].inputs if i not in FACTS]
        while todo:
            n = todo.pop()
            if n not in out:
                out.add(n)
                todo += [i for i in ANALYSES[n].inputs if i not in FACTS]
        return out


class Lazy:
    """An analysis record whose fields are resolved when read (``result.steps`` computes the step table then), with
    the record's own properties (``kernel_counts``)."""

    def __init__(self, resolver: Resolver) -> None:
        self._resolver = resolver

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        if name in ANALYSES:
            return self._resolver[name]
        from traceview.analysis.result import Analysis

        prop = getattr(Analysis, name, None)
        if isinstance(prop, property):
            return prop.fget(self)  # type: ignore[misc]
        raise AttributeError(name)


def record(resolver: Resolver):
    """Every field of `traceview.analysis.result.Analysis`, resolved (what ``analyze()`` returns)."""
    from traceview.analysis.result import Analysis

    return Analysis(**{f.name: resolver[f.name] for f in dataclasses.fields(Analysis)})

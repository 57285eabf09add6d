"""Every core analysis of one trace, run once, in one result (what ``traceview analyze`` prints)."""

from __future__ import annotations

import dataclasses

from traceview.analysis.advice.advise import advise
from traceview.analysis.kernels.attribution import attribute_kernels
from traceview.analysis.compile.autotune import autotune_choices
from traceview.analysis.kernels.cpu_kernels import cpu_kernels
from traceview.analysis.ranks.collectives import collectives
from traceview.analysis.ranks.comm import comm_compute
from traceview.analysis.host.launch_queue import launch_queue
from traceview.analysis.host.critical_path import critical_path
from traceview.analysis.compile.compile_reasons import compile_reasons
from traceview.analysis.verdicts.findings import findings
from traceview.analysis.kernels.flops import kernel_flops
from traceview.analysis.kernels.graph_launch import graph_launches
from traceview.analysis.kernels.kernel_table import kernel_table
from traceview.analysis.kernels.memory import memory_usage
from traceview.analysis.kernels.modules import module_table
from traceview.analysis.host.overhead import launch_overhead
from traceview.analysis.host.replay import replay_window
from traceview.analysis.base.compile_split import compile_split
from traceview.analysis.compile.regions import region_calls
from traceview.analysis.result import Analysis
from traceview.analysis.compile.steady import steady_steps
from traceview.trace.step_windows import step_windows
from traceview.analysis.kernels.steps import kernels_per_step
from traceview.analysis.base.summary import trace_summary
from traceview.trace import Trace, heap
from traceview.trace.run_files import DynamoRecord

__all__ = ["Analysis", "analyze"]  # Analysis lives in .result; named here too for the callers of analyze()


def analyze(trace: Trace, dynamo: DynamoRecord | None = None) -> Analysis:
    """Run the core analyses on ``trace``; ``dynamo``: what Dynamo recorded during the run
    (structured trace, meta.json counters; see :func:`traceview.trace.run_files.dynamo_record`)."""
    split = compile_split(trace)
    windows = step_windows(trace)
    steady = steady_steps(trace, windows)  # the critical path and the advice read the steady steps only
    attribution = attribute_kernels(trace, split)
    regions = region_calls(trace, split)
    flops = kernel_flops(trace, attribution)
    kernels = kernel_table(attribution, flops=flops)
    if len(trace.slices) >= heap.LARGE_SLICES:  # the walk's per-moment arrays are the largest the analyses make:
        heap.release()  # the heap the analyses above freed goes back to the OS first (trace/heap.py)
    path = _with_steady_note(critical_path(trace, steady.used, split.slice_phase), steady,
                             dynamo.unprofiled_step_ms if dynamo is not None else None,
                             dynamo is not None and dynamo.unprofiled_after_window)
    result = Analysis(
        summary=trace_summary(trace),
        split=split,
        attribution=attribution,
        kernels=kernels,
        regions=regions,
        graphs=graph_launches(trace, attribution),
        overhead=launch_overhead(trace, attribution, split),
        steps=kernels_per_step(trace, attribution, windows),
        cpu=cpu_kernels(trace, split, windows),
        comm=comm_compute(attribution.table),
        collectives=collectives(trace),
        memory=memory_usage(trace, split),
        flops=flops,
        queues=launch_queue(trace),
        reasons=compile_reasons(split, regions, dynamo),
        modules=module_table(trace, attribution),
        autotune=autotune_choices(trace, split, attribution, dynamo.autotune if dynamo is not None else None, regions),
        critical_path=path,
        steady=steady,
        unprofiled_step_ms=dynamo.unprofiled_step_ms if dynamo is not None else None,
        replay=replay_window(trace, steady.used),
    )
    advice = advise(trace, result, dynamo.run_steps if dynamo is not None else None,
                    dynamo.host if dynamo is not None else None, dynamo.unprofiled_step_ms if dynamo is not None else None,
                    windows=steady.used, harness_syncs=dynamo.harness_syncs if dynamo is not None else False,
                    unprofiled_loader_ms=dynamo.unprofiled_loader_ms if dynamo is not None else None)
    if not steady.any_steady:
        advice = []  # no step the loop repeats as it ran: nothing to advise from (the critical path's note says so)
    result = Analysis(**{**result.__dict__, "advice": advice})
    return Analysis(**{**result.__dict__, "findings": findings(result)})


def _with_steady_note(cp, steady, unprofiled_ms: float | None = None, after_window: bool = False):
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

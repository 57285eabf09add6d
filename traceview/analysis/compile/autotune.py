"""How did Inductor tune each kernel, and does the choice hold up in the trace?

Input: the autotuning record of a capture (:class:`~traceview.trace.autotune_log.AutotuneLog`: each
decision's candidates, benchmark times and the one chosen) and the trace. Output: one
:class:`AutotuneChoice` per decision, with the kernel that runs the chosen candidate in the trace and
that kernel's measured run-phase time, so the benchmark and the real runtime sit side by side::

    op            candidates (ms)                          chosen                      kernel in the trace            benchmark   trace median
    addmm         triton_mm_3 0.011, addmm 0.014, ...      triton_mm_3 (triton)        triton_tem_fused_addmm_relu_0  0.011 ms    0.010 ms
    packed_linear cpp_CppMicroGemmFP32Vec_0 0.010, _mkl..  cpp_CppMicroGemmFP32Vec_0   graph_0_gemm_m32n128k64_kernel 0.010 ms    0.012 ms
    pointwise     XBLOCK: 1024, num_warps: 4 ... (4)       XBLOCK: 1024, num_warps: 4  triton_poi_fused_add_mul_0     0.004 ms    0.004 ms

How the kernel is found (``match``: name, op, shape, launch, order) is :mod:`.autotune_kernels`'s question.
Without a match the kernel is None and the note says why. Pure: reads its inputs, writes nothing.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pandas as pd

from traceview.analysis.kernels.attribution import KernelAttribution
from traceview.analysis.compile.autotune_kernels import RunPhase, find_kernel, is_extern
from traceview.analysis.base.compile_split import CompileSplit
from traceview.analysis.compile.regions import RegionCalls
from traceview.trace import Trace
from traceview.trace.autotune_log import AutotuneLog, AutotuneRecord

@dataclass(frozen=True)
class AutotuneChoice:
    """One autotuning decision, the kernel that runs its choice, and that kernel's time in the trace."""

    tuner: str  # select_algorithm, runtime, coordinate_descent
    op: str
    compile_id: str | None  # "F/C" of the compile that decided (None: not recorded)
    kernel: str | None  # the kernel (or op) in the trace that runs the chosen candidate; None: not found
    inputs: str  # "32x64, 128x64 (float32)"; "" for the runtime autotuner
    candidates: list[dict[str, Any]]  # [{name, ms, kind, description}], fastest first (failed ones last)
    chosen: str | None
    fastest: str | None  # the benchmark's winner; differs from chosen when the scheduler kept a template with its epilogue
    chosen_kind: str | None  # extern, triton, cpp, ...
    chosen_ms: float | None  # the chosen candidate's benchmark time
    runner_up: str | None  # the next fastest candidate
    runner_up_ms: float | None
    trace_ms: float | None  # median run-phase time of the kernel in the trace
    trace_count: int  # run-phase executions of that kernel in the trace
    match: str | None  # how the kernel was found: name, op, shape, order (module docstring)
    autotune_s: float | None  # seconds benchmarking; None: answered from a cache
    precompile_s: float | None
    cached: bool
    source: str  # the hook that recorded it (traceview.capture.autotune)


@dataclass(frozen=True)
class AutotuneChoices:
    """Every decision of one capture, in the order Inductor made them."""

    choices: list[AutotuneChoice]
    autotune_s: float  # seconds benchmarking, over every decision
    sources: dict[str, bool]  # which hooks this torch offered
    notes: list[str] = field(default_factory=list)

    def table(self) -> pd.DataFrame:
        """One row per decision (candidates counted, not listed), for the terminal and HTML views."""
        rows = [{"tuner": c.tuner, "op": c.op, "compile_id": c.compile_id, "inputs": c.inputs, "candidates": len(c.candidates), "chosen": c.chosen,
                 "chosen_kind": c.chosen_kind, "chosen_ms": c.chosen_ms, "runner_up": c.runner_up,
                 "runner_up_ms": c.runner_up_ms, "kernel": c.kernel, "trace_ms": c.trace_ms, "trace_count": c.trace_count,
                 "autotune_s": c.autotune_s, "cached": c.cached, "source": c.source} for c in self.choices]
        return pd.DataFrame(rows, columns=["tuner", "op", "compile_id", "inputs", "candidates", "chosen", "chosen_kind", "chosen_ms",
                                           "runner_up", "runner_up_ms", "kernel", "trace_ms", "trace_count", "autotune_s",
                                           "cached", "source"])

    def for_kernel(self, kernel: str) -> list[AutotuneChoice]:
        return [c for c in self.choices if c.kernel == kernel]


def autotune_choices(trace: Trace, split: CompileSplit, attribution: KernelAttribution, log: AutotuneLog | None,
                     regions: RegionCalls | None = None) -> AutotuneChoices | None:
    """Each decision in ``log`` with its kernel in ``trace`` (None when no record was captured).

    A decision of a compile whose regions the trace does not show (a compile in the unprofiled part
    of the run, e.g. the warm-up run of ``--steady``) is listed without a kernel."""
    if log is None:
        return None
    runs = RunPhase(trace, split, attribution)
    notes = list(log.notes)
    shown = set(split.compile_ids) | (set(regions.by_region["region"].astype(str)) if regions is not None else set())
    choices, outside = [], 0
    for record in log.records:
        if shown and record.compile_id is not None and record.compile_id not in shown:
            outside += 1
            choices.append(_choice(record, None, [], None))
            continue
        kernel, durations, match = find_kernel(record, runs)
        if kernel is None and record.chosen is not None:
            why = " (CUDA-graph replays carry no op to find an ATen kernel by)" if runs.graphed and is_extern(record) else ""
            notes.append(f"{record.op} ({_inputs(record)}): the kernel of {record.chosen} was not found in the trace's run phase{why}")
        choices.append(_choice(record, kernel, durations, match))
    if outside:
        notes.append(f"{outside} autotuning decision(s) belong to compiles the trace does not show (outside the "
                     "profiled window): listed without their kernel")
    if any(c.match == "order" for c in choices):
        notes.append("Triton template kernels whose launch shape does not tell their decision were matched in the "
                     "order they ran")
    total = sum(c.autotune_s or 0.0 for c in choices)
    return AutotuneChoices(choices, round(total, 6), dict(log.sources), notes)


def _choice(record: AutotuneRecord, kernel: str | None, durations: list[int], match: str | None) -> AutotuneChoice:
    ordered = sorted(record.candidates, key=lambda c: (c.ms is None, c.ms if c.ms is not None else 0.0))
    chosen = record.chosen_candidate
    others = [c for c in ordered if c.name != record.chosen and c.ms is not None]
    return AutotuneChoice(
        tuner=record.tuner, op=record.op, compile_id=record.compile_id, kernel=kernel, inputs=_inputs(record),
        candidates=[msgspec.structs.asdict(c) for c in ordered], chosen=record.chosen, fastest=record.fastest or record.chosen,
        chosen_kind=chosen.kind if chosen else None, chosen_ms=chosen.ms if chosen else None,
        runner_up=others[0].name if others else None, runner_up_ms=others[0].ms if others else None,
        trace_ms=statistics.median(durations) / 1e6 if durations else None, trace_count=len(durations), match=match,
        autotune_s=record.autotune_s, precompile_s=record.precompile_s, cached=record.cached, source=record.source)


def _inputs(record: AutotuneRecord) -> str:
    sizes = ["x".join(str(d) for d in i.get("size", [])) for i in record.inputs]
    dtypes = sorted({str(i["dtype"]) for i in record.inputs if i.get("dtype")})
    return ", ".join(sizes) + (f" ({', '.join(dtypes)})" if dtypes else "")


def autotune_of_trace(trace: Trace, log: AutotuneLog | None) -> AutotuneChoices | None:
    """:func:`autotune_choices` for a caller that has only the trace (``traceview kernels`` / ``show``)."""
    if log is None:
        return None
    from traceview.analysis.kernels.attribution import attribute_kernels
    from traceview.analysis.base.compile_split import compile_split
    from traceview.analysis.compile.regions import region_calls

    split = compile_split(trace)
    return autotune_choices(trace, split, attribute_kernels(trace, split), log, region_calls(trace, split))


def choices_for_source(choices: AutotuneChoices, kernel_name: str, source: str) -> list[AutotuneChoice]:
    """The decisions whose kernel is ``kernel_name``, or is recorded under another name inside its source
    (a C++ GEMM template ``cpp_fused_addmm_relu_0`` records itself as ``graph_1_gemm_m32n128k64_kernel``)."""
    return [c for c in choices.choices if c.kernel is not None and (c.kernel == kernel_name or f'"{c.kernel}"' in source)]

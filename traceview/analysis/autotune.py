"""How did Inductor tune each kernel, and does the choice hold up in the trace?

Input: the autotuning record of a capture (:class:`~traceview.trace.autotune_log.AutotuneLog`: each
decision's candidates, benchmark times and the one chosen) and the trace. Output: one
:class:`AutotuneChoice` per decision, with the kernel that runs the chosen candidate in the trace and
that kernel's measured run-phase time, so the benchmark and the real runtime sit side by side::

    op            candidates (ms)                          chosen                      kernel in the trace            benchmark   trace median
    addmm         triton_mm_3 0.011, addmm 0.014, ...      triton_mm_3 (triton)        triton_tem_fused_addmm_relu_0  0.011 ms    0.010 ms
    packed_linear cpp_CppMicroGemmFP32Vec_0 0.010, _mkl..  cpp_CppMicroGemmFP32Vec_0   graph_0_gemm_m32n128k64_kernel 0.010 ms    0.012 ms
    pointwise     XBLOCK: 1024, num_warps: 4 ... (4)       XBLOCK: 1024, num_warps: 4  triton_poi_fused_add_mul_0     0.004 ms    0.004 ms

How the kernel is found (``match``):

- ``name``: the runtime autotuner names its kernel.
- ``op``: an extern choice (ATen/cuBLAS/MKL, e.g. ``mm``, ``bias_addmm``, ``_mkl_linear``) runs as the
  op ``aten::mm`` / ``aten::addmm`` / ``mkl::_mkl_linear``: its run-phase calls whose ``Input Dims``
  hold the decision's input sizes (all calls of the op when the trace has no shapes); on a GPU the
  kernels launched inside them, on the CPU the op itself.
- ``shape``: a C++ GEMM template runs as ``graph_<G>_gemm_m<M>n<N>k<K>_kernel``, M, N, K read
  from the decision's input sizes.
- ``order``: a Triton template runs as ``triton_tem_*``; the n-th decision that chose a Triton
  template is matched with the n-th distinct ``triton_tem_`` kernel to run (Inductor lowers and
  then runs a graph's templates in the same order in a feed-forward graph; say so when unsure).

Without a match the kernel is None and the note says why. Pure: reads its inputs, writes nothing.
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass, field
from typing import Any

import msgspec
import numpy as np
import pandas as pd

from traceview.analysis.attribution import KernelAttribution
from traceview.analysis.phases import CompileSplit
from traceview.analysis.regions import RegionCalls
from traceview.trace import Trace
from traceview.trace.autotune_log import AutotuneLog, AutotuneRecord

#: extern choice names that are not the ATen op's own name
EXTERN_OPS = {"bias_addmm": "aten::addmm", "_mkl_linear": "mkl::_mkl_linear", "addmm": "aten::addmm"}
CPP_GEMM_KERNEL = re.compile(r"gemm_m(\d+)n(\d+)k(\d+)")
TRITON_TEMPLATE_PREFIX = "triton_tem_"


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
    runs = _RunPhase(trace, split, attribution)
    notes = list(log.notes)
    template_kernels = iter(runs.template_kernels())
    shown = set(split.compile_ids) | (set(regions.by_region["region"].astype(str)) if regions is not None else set())
    choices, outside = [], 0
    for record in log.records:
        if shown and record.compile_id is not None and record.compile_id not in shown:
            outside += 1
            choices.append(_choice(record, None, [], None))
            continue
        kernel, durations, match = _find_kernel(record, runs, template_kernels)
        if kernel is None and record.chosen is not None:
            why = " (CUDA-graph replays carry no op to find an ATen kernel by)" if runs.graphed and _is_extern(record) else ""
            notes.append(f"{record.op} ({_inputs(record)}): the kernel of {record.chosen} was not found in the trace's run phase{why}")
        choices.append(_choice(record, kernel, durations, match))
    if outside:
        notes.append(f"{outside} autotuning decision(s) belong to compiles the trace does not show (outside the "
                     "profiled window): listed without their kernel")
    if any(c.match == "order" for c in choices):
        notes.append("Triton template kernels were matched to their decisions in the order they ran")
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


# --- finding the kernel --------------------------------------------------------------------------


def _find_kernel(record: AutotuneRecord, runs: "_RunPhase", template_kernels) -> tuple[str | None, list[int], str | None]:
    if record.tuner != "select_algorithm":
        durations = runs.by_name(record.kernel) if record.kernel else []
        return record.kernel, durations, "name" if durations else None
    chosen = record.chosen_candidate
    if chosen is None:
        return None, [], None
    if chosen.kind == "extern":
        return runs.extern(_extern_op(chosen.name), _sizes(record))
    if chosen.kind == "cpp":
        return runs.cpp_gemm(_mnk(record))
    if chosen.kind == "triton":
        name = next(template_kernels, None)
        return (name, runs.by_name(name), "order") if name else (None, [], None)
    return None, [], None


def _is_extern(record: AutotuneRecord) -> bool:
    chosen = record.chosen_candidate
    return chosen is not None and chosen.kind == "extern"


def _extern_op(choice: str) -> str:
    name = re.sub(r"^extern_", "", choice)
    return EXTERN_OPS.get(name, name if "::" in name else f"aten::{name}")


def _sizes(record: AutotuneRecord) -> list[list[int]]:
    return [list(i["size"]) for i in record.inputs if isinstance(i.get("size"), list) and all(isinstance(d, int) for d in i["size"])]


def _mnk(record: AutotuneRecord) -> tuple[int, int, int] | None:
    """A GEMM's M, N, K from its inputs: X is M x K; the weight (K x N, or N x K as a Linear's) gives N."""
    sizes = _sizes(record)
    if not sizes or len(sizes[0]) < 2:
        return None
    m, k = int(np.prod(sizes[0][:-1])), sizes[0][-1]
    for size in reversed(sizes[1:]):
        if len(size) == 2 and k in size:
            return m, size[0] if size[1] == k else size[1], k
    return None


class _RunPhase:
    """Run-phase kernels (GPU) and CPU ops of a trace, looked up by name, op or shape."""

    def __init__(self, trace: Trace, split: CompileSplit, attribution: KernelAttribution) -> None:
        self.trace = trace
        gpu = attribution.kernels
        self.gpu = gpu[(gpu["phase"] == "run").to_numpy()] if len(gpu) else gpu
        slices = trace.slices
        run = (split.slice_phase.reindex(slices["slice_id"].to_numpy()) == "run").to_numpy()
        self.cpu = slices[run & (slices["cat"] == "cpu_op").to_numpy()]
        self.on_gpu = len(self.gpu) > 0
        self.graphed = bool((trace.launches["api"].astype(str) == "cudaGraphLaunch").any()) if len(trace.launches) else False

    def by_name(self, name: str) -> list[int]:
        table = self.gpu if self.on_gpu else self.cpu
        return [int(d) for d in table.loc[(table["name"].astype(str) == name).to_numpy(), "dur_ns"]]

    def template_kernels(self) -> list[str]:
        names = self.gpu["name"].astype(str) if self.on_gpu else pd.Series([], dtype=str)
        return list(dict.fromkeys(n for n in names if n.startswith(TRITON_TEMPLATE_PREFIX)))

    def extern(self, op: str, sizes: list[list[int]]) -> tuple[str | None, list[int], str | None]:
        calls = self.cpu[(self.cpu["name"].astype(str) == op).to_numpy()]
        if sizes and len(calls):
            keep = [_holds(self.trace.slice_args[int(i)], sizes) for i in calls["slice_id"]]
            calls = calls[np.array(keep, dtype=bool)] if any(keep) else calls
        if not len(calls):
            return None, [], None
        if not self.on_gpu:
            return op, [int(d) for d in calls["dur_ns"]], "op"
        kernels = self.gpu[self.gpu["op_id"].isin(calls["slice_id"].tolist()).fillna(False).to_numpy()]
        if not len(kernels):
            return None, [], None
        name = str(kernels["name"].astype(str).value_counts().index[0])
        return name, [int(d) for d in kernels.loc[(kernels["name"].astype(str) == name).to_numpy(), "dur_ns"]], "op"

    def cpp_gemm(self, mnk: tuple[int, int, int] | None) -> tuple[str | None, list[int], str | None]:
        if mnk is None:
            return None, [], None
        names = self.cpu["name"].astype(str)
        wanted = f"gemm_m{mnk[0]}n{mnk[1]}k{mnk[2]}"
        hit = names[names.str.contains(wanted, regex=False).to_numpy()]
        if not len(hit):
            return None, [], None
        name = str(hit.iloc[0])
        return name, self.by_name(name), "shape"


def _holds(raw: bytes | None, sizes: list[list[int]]) -> bool:
    """Whether an op's ``Input Dims`` hold the first input's size and at least half of the others."""
    if not raw:
        return False
    try:
        dims = msgspec.json.decode(raw).get("Input Dims") or []
    except (msgspec.DecodeError, AttributeError):
        return False
    present = [s in dims for s in sizes]
    return bool(present) and present[0] and sum(present) * 2 >= len(present)


def autotune_of_trace(trace: Trace, log: AutotuneLog | None) -> AutotuneChoices | None:
    """:func:`autotune_choices` for a caller that has only the trace (``traceview kernels`` / ``show``)."""
    if log is None:
        return None
    from traceview.analysis.attribution import attribute_kernels
    from traceview.analysis.phases import compile_split
    from traceview.analysis.regions import region_calls

    split = compile_split(trace)
    return autotune_choices(trace, split, attribute_kernels(trace, split), log, region_calls(trace, split))


def choices_for_source(choices: AutotuneChoices, kernel_name: str, source: str) -> list[AutotuneChoice]:
    """The decisions whose kernel is ``kernel_name``, or is recorded under another name inside its source
    (a C++ GEMM template ``cpp_fused_addmm_relu_0`` records itself as ``graph_1_gemm_m32n128k64_kernel``)."""
    return [c for c in choices.choices if c.kernel is not None and (c.kernel == kernel_name or f'"{c.kernel}"' in source)]

"""Plain-words findings from the analysis results: what a performance engineer would say first."""

from __future__ import annotations

from collections import namedtuple
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from traceview.analysis.base.finding import Finding
from traceview.trace.labels import text
from traceview.trace.step_windows import UNUSUAL_STEP, usual_steps

if TYPE_CHECKING:
    from traceview.analysis.compile.compile_reasons import CompileReasons
    from traceview.analysis.result import Analysis

__all__ = ["Finding", "findings"]


def findings(a: Analysis) -> list[Finding]:
    """Findings, grouped by topic: compile, regions, graphs, launch overhead, kernels, data quality (reports
    show them in :func:`~traceview.analysis.base.finding.ordered`'s order: by the time each concerns)."""
    out: list[Finding] = []
    out += _compile(a)
    out += _regions(a)
    out += _graphs(a)
    out += _overhead(a)
    out += _kernels(a)
    out += _quality(a)
    if a.reasons is not None:  # each graph break, recompile and CUDA-graph skip with its reason
        out += _reasons(a.reasons, dict(zip(a.split.compiles["compile_id"], a.split.compiles["wall_ns"].to_numpy() / 1e6)))
    return out


_ROW_TYPES: dict[tuple[str, ...], type] = {}


def _records(frame: pd.DataFrame) -> list:
    """``list(frame.itertuples())`` (the same fields and values), from one list per column: itertuples reads each
    column of each row through ``iloc`` (~0.5 ms for a small frame of a dozen columns), and most of these are empty."""
    if not len(frame):
        return []
    fields = ("Index", *map(str, frame.columns))
    if fields not in _ROW_TYPES:
        _ROW_TYPES[fields] = namedtuple("Pandas", fields, rename=True)
    row = _ROW_TYPES[fields]
    return [row._make(values) for values in zip(frame.index.tolist(), *(frame[c].tolist() for c in frame.columns))]


def _ms(ns: float) -> str:
    ms = ns / 1e6
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.1f} ms" if ms >= 1 else f"{ms * 1000:.0f} µs"


def _compile(a: Analysis) -> list[Finding]:
    s = a.split
    if s.compile_ns == 0 and s.autotune_ns == 0:
        return []
    ids = s.compile_ids
    what = f"{len(ids)} compile(s): {', '.join(ids[:6])}{' …' if len(ids) > 6 else ''}" if ids else f"{s.compile_count} compile(s)"
    counts = a.attribution.counts
    text = f"torch.compile spent {_ms(s.compile_ns)} compiling ({what})"
    if s.autotune_ns:
        text += f" and {_ms(s.autotune_ns)} autotuning"
    if counts["compile"]:
        text += f"; {counts['compile']} of the {counts['total']} kernels were launched while compiling or autotuning (autotuning benchmarks, guard checks, CUDA-graph recording: one-time costs, not your program's steady work)"
    out = [Finding("compile", text + ".", ms=(s.compile_ns + s.autotune_ns) / 1e6)]
    out += _compiling_steps(a)
    if s.stages:
        stages = ", ".join(f"{k} {v:,.0f} ms" for k, v in s.stages.items())
        out.append(Finding("compile", f"Compile stages: {stages}.", ms=float(sum(s.stages.values()))))
    if len(s.traced_ops):
        top = ", ".join(f"{n} ×{c}" for n, c in zip(s.traced_ops["name"][:4], s.traced_ops["calls"][:4]))
        total = int(s.traced_ops["calls"].sum())
        out.append(Finding("compile", f"{total} aten/prims ops ({top}) ran during compilation on fake tensors: they are compile time, not GPU work, and launched no kernels.",
                           ms=float(s.traced_ops["cpu_ms"].sum())))
    recompiled = sorted({i.split('/')[0] for i in ids if not i.endswith('/0')})
    if recompiled:
        later = s.compiles[[c != "?" and not c.endswith("/0") for c in s.compiles["compile_id"]]]
        out.append(Finding("compile", f"Frame(s) {', '.join(recompiled)} recompiled (compile ids with /1 or later): check guards or mark dynamic shapes.", "warning",
                           ms=float(later["wall_ns"].sum()) / 1e6))
    return out


def _compiling_steps(a: Analysis) -> list[Finding]:
    """For each step that compiled: how long it took, and how much of that was compile vs its own work."""
    from traceview.analysis.base.intervals import overlap_length

    steps, spans = a.steps.steps, a.split.spans
    if steps.empty or spans.empty:
        return []
    starts = steps["start_ns"].to_numpy()
    ends = starts + steps["dur_ns"].to_numpy()
    out = []
    phase = spans["phase"].to_numpy()
    span_start, span_end = spans["start_ns"].to_numpy(), spans["end_ns"].to_numpy()
    compiling = overlap_length(starts, ends, span_start[phase == "compile"], span_end[phase == "compile"])
    tuning = overlap_length(starts, ends, span_start[phase == "autotune"], span_end[phase == "autotune"])
    for row, c, t in zip(_records(steps), compiling, tuning):
        if c + t == 0:
            continue
        text = f"{row.name} took {_ms(row.dur_ns)}: {_ms(c - min(c, t))} compiling"
        if t:
            text += f", {_ms(t)} autotuning"
        if a.summary.kernels == 0 and len(a.cpu.per_step):  # no GPU: the CPU's kernels of that step
            cpu_step = a.cpu.per_step.loc[a.cpu.per_step["slice_id"] == getattr(row, "slice_id", -1)]
            if len(cpu_step):
                text += f"; the program itself ran {int(cpu_step['kernels'].iloc[0])} CPU kernel(s) for {float(cpu_step['kernel_ms'].iloc[0]):.3f} ms"
        else:
            text += f"; the program itself ran {row.kernels} kernel(s) for {row.gpu_ms:.3f} ms of GPU time"
        out.append(Finding("compile", text + ".", ms=row.dur_ns / 1e6))
    return out[:3]


def _regions(a: Analysis) -> list[Finding]:
    out = []
    cpu = a.summary.kernels == 0 and len(a.cpu.per_region) > 0  # no GPU: count the CPU's kernels
    for row in _records(a.cpu.per_region if cpu else a.regions.by_region):
        counts = row.kernels_per_call
        text = f"Compiled region {row.region}: {row.calls} call(s), {row.steady_kernels_per_call} {'CPU ' if cpu else ''}kernel(s) per call in steady state"
        if len(set(counts)) > 1:
            text += f" (per call: {', '.join(map(str, counts[:8]))}{' …' if len(counts) > 8 else ''})"
        ms = getattr(row, "kernel_ms" if cpu else "gpu_ms", None)
        out.append(Finding("regions", text + ".", ms=None if ms is None else float(ms)))
    nested = a.regions.calls[a.regions.calls["depth"] > 0]
    if len(nested):
        out.append(Finding("regions", f"{nested['region'].nunique()} region(s) run nested inside another: a graph break splits the function into several compiled graphs.", "warning"))
    return out


def _graphs(a: Analysis) -> list[Finding]:
    g = a.graphs
    if g.count == 0:
        return []
    kpl = g.kernels_per_launch
    text = (f"{g.count} graph launch(es) replayed {sum(kpl)} kernels ({min(kpl)}–{max(kpl)} per launch); "
            f"CPU cost {np.median(g.launches['cpu_ns']) / 1e3:.1f} µs per launch")
    if g.single_launch_cpu_ns and g.eager_equivalent_cpu_ns:
        text += (f", against ~{g.eager_equivalent_cpu_ns / 1e3:,.0f} µs to launch the same kernels one by one "
                 f"at this trace's median {g.single_launch_cpu_ns / 1e3:.1f} µs per launch")
    out = [Finding("graphs", text + ".", ms=g.graph_cpu_ns / 1e6)]
    outside, copy_ms = g.copies_beside, g.copies_beside_ms
    if outside:
        out.append(Finding("graphs", f"Each graph replay also runs ~{outside} copy kernel(s) outside the graph: inputs that are not static are copied into the graph's buffers every call (mark them static, or pass them as the same tensors).", "warning",
                           ms=copy_ms))
    return out


def _overhead(a: Analysis) -> list[Finding]:
    o = a.overhead
    if o.gpu_busy_ms == 0:
        return []
    level = "warning" if o.launch_bound else "info"
    verdict = "launch-bound: the GPU waited for the CPU longer than it computed" if o.launch_bound else "not launch-bound"
    text = (f"GPU busy {o.gpu_busy_ms:,.3f} ms, idle {o.gpu_idle_ms:,.3f} ms: {o.launch_wait_ms:,.3f} ms of it in short gaps waiting for "
            f"the next launch, {o.host_wait_ms:,.3f} ms waiting on other host work (Python, data, syncs): {verdict}")
    if o.launch_cpu_us_median is not None:
        text += f"; a launch costs {o.launch_cpu_us_median:.1f} µs of CPU (median), and its work starts {o.launch_latency_us_median:.1f} µs after the call"
    out = [Finding("overhead", text + ".", level, ms=o.launch_wait_ms + o.host_wait_ms)]
    if o.launch_bound and a.graphs.count == 0:
        out.append(Finding("overhead", "CUDA graphs (torch.compile mode=\"reduce-overhead\") would replay these launches for the cost of one.", "warning",
                           ms=o.launch_wait_ms))
    return out


def _kernels(a: Analysis) -> list[Finding]:
    out = []
    steps = a.steps
    if len(steps.steps):
        per = steps.kernels_per_step
        text = f"{len(per)} step(s) ({steps.source}): {', '.join(map(str, per[:8]))}{' …' if len(per) > 8 else ''} kernels per step"
        if a.summary.kernels == 0:
            text = f"{len(per)} step(s) ({steps.source}), no GPU in this trace" + _cpu_steps(a)
        out.append(Finding("steps", text + ".", ms=float(steps.steps["dur_ns"].sum()) / 1e6))
        out += _unusual_steps(a)
    out += _cpu_kernels(a)
    if len(a.kernels):
        top = a.kernels.iloc[0]
        out.append(Finding("kernels", f"{len(a.kernels)} distinct kernel(s) ran; the largest, {top.get('short_name') or top['name'][:80]}, took {top['share']:.0%} of kernel time ({top['count']} launches, {top['total_ms']:.3f} ms).",
                           ms=float(top["total_ms"])))
    return out


def _unusual_steps(a: Analysis) -> list[Finding]:
    """Steady steps far longer than the median one (preempted or paused), which the advice leaves out."""
    table = a.steps.steps
    if a.steady is not None and len(a.steady.used):
        table = table[table["slice_id"].isin(a.steady.used.slice_id).to_numpy()]
    dur = table["dur_ns"].to_numpy(dtype=np.float64)
    odd = ~usual_steps(dur)
    if not odd.any():
        return []
    median = float(np.median(dur))
    names = ", ".join(f"{n} ({d / median:.0f}x)" for n, d in zip(table["name"].to_numpy()[odd], dur[odd]))
    return [Finding("steps", f"{names} took over {UNUSUAL_STEP:g}x the median step ({median / 1e6:.2f} ms): the process was "
                    "preempted or paused there; the advice's per-step figures leave such steps out.", "warning",
                    ms=float((dur[odd] - median).sum()) / 1e6)]


def _cpu_steps(a: Analysis) -> str:
    """What a CPU-only trace ran per step: its CPU kernels, by kind."""
    from traceview.analysis.kernels.cpu_kernels import KIND_LABELS, KINDS

    per = a.cpu.per_step
    if per.empty or not per["kernels"].any():
        return ""
    counts = per["kernels"].tolist()
    kinds = ", ".join(f"{KIND_LABELS[k]} ×{per[k].median():g}" for k in KINDS if per[k].median())
    return f"; the CPU ran {', '.join(map(str, counts[:8]))}{' …' if len(counts) > 8 else ''} kernel(s) per step ({kinds} per step, median)"


def _cpu_kernels(a: Analysis) -> list[Finding]:
    """Compiled graphs whose C++ kernels the trace does not show, and interpreted Triton kernels."""
    out = []
    counts = a.cpu.run_counts
    if a.summary.kernels == 0 and len(a.regions.by_region) and not counts.get("inductor_cpp"):
        out.append(Finding("cpu", "Compiled regions ran but the trace shows none of their C++ kernels: capture with "
                           "TORCHINDUCTOR_CPP_ENABLE_KERNEL_PROFILE=1 (traceview run and profile turn it on) to see them as the CPU's kernels."))
    if counts.get("triton_interpreted"):
        interpreted = a.cpu.kernels[(a.cpu.kernels["kind"] == "triton_interpreted").to_numpy(dtype=bool)]
        out.append(Finding("cpu", f"{counts['triton_interpreted']} Triton kernel launch(es) ran in Triton's interpreter (TRITON_INTERPRET=1): "
                           "their times are the interpreter's (NumPy, one program at a time), not a compiled kernel's.", "warning",
                           ms=float(interpreted["dur_ns"].sum()) / 1e6))
    return out


def _quality(a: Analysis) -> list[Finding]:
    out = []
    if a.summary.truncated:
        out.append(Finding("data", "The trace file was truncated: results cover the events read before the cut.", "warning"))
    if a.attribution.without_launch:
        out.append(Finding("data", f"{a.attribution.without_launch} GPU activities have no launch in the trace (started before profiling, or launch events lost).", "warning"))
    if a.summary.kernels == 0 and sum(a.summary.launches.values()):
        out.append(Finding("data", "The trace has launches but no GPU activity: GPU tracing was off or its buffer was lost; GPU times are unavailable.", "warning"))
    return out


def _reasons(r: CompileReasons, compile_ms: dict[str, float] | None = None) -> list[Finding]:
    """Plain-words findings: each graph break with its user frame and hint, each recompile with its guard
    (and, given ``compile_ms`` per compile id, the time its compilation took)."""
    out = []
    for b in _records(r.graph_breaks):
        where = f" at {b.where}" + (f" (`{b.code}`)" if text(b.code) else "") if text(b.where) else ""
        split = f", splitting compiled frame(s) {', '.join(b.compile_ids)}" if b.compile_ids else \
            (f", {b.records} time(s)" if b.records else "")
        hint = f" Hint: {b.hint}" if text(b.hint) else ""
        out.append(Finding("graph break", f"Graph break: {b.reason}{where}{split}.{hint}", "warning"))
    for c in _records(r.recompiles):
        if not text(c.reason):
            continue
        fn = f" ({c.function} at {c.where})" if text(c.function) and text(c.where) else ""
        out.append(Finding("recompile", f"Recompile {c.compile_id}{fn}: the guard of {c.failed_compile_id} failed: {c.reason}.", "warning",
                           ms=(compile_ms or {}).get(c.compile_id)))
    for f in _records(r.frames):
        if text(f.cudagraph_skip_reason):
            out.append(Finding("compile", f"CUDA graphs not used for {f.compile_id} ({text(f.function) or 'frame'}): "
                                          f"{f.cudagraph_skip_reason}.", "warning"))
    return out

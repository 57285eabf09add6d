"""``compile``: the steps replayed as compiled graphs (:mod:`.compile_model`), on a GPU or a CPU, with the host costs
a machine measured (meta.json) where it did."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from traceview.analysis.advice import compile_model as cm
from traceview.analysis.advice.blocking import replay_inputs
from traceview.analysis.advice.path import REPLAY_HOST_MS
from traceview.analysis.advice.record import Advice, count, REPLAY_MIN_SHARE
from traceview.analysis.host import replay as rp
from traceview.trace import Trace
from traceview.trace.host import HostRecord


#: The profiler's host cost per recorded event on a GPU trace, µs: the median over the 50 kept H200 runs whose
#: meta.json timed their steps without the profiler (quartiles 2.9 and 5.6; benchmarks/profiler_cost.py,
#: benchmarks/results/profiler_cost.json). It puts a bare trace's eager host time on the scale of a step without the
#: profiler, where the graph calls' costs are.
PROFILER_US_PER_EVENT = 3.9


@dataclass
class _Compiled:
    """The compile model of a window and the replays both compiled kinds read: the eager steps as they are and the
    stretch that puts the profiled host time on the scale of a step without the profiler."""

    trace: Trace
    replayed: rp.ReplayWindow
    model: cm.CompiledStep
    stretch: float
    profiled_step: float
    real_step: float
    unprofiled_step_ms: float | None
    base: float = 0.0
    base_each: list = field(default_factory=list)
    library: dict = field(default_factory=dict)  # (start_ns, end_ns) -> its library ops' host ns without the profiler

    def replay(self, graph_ns: dict, library: bool = True) -> tuple[float, list[float]]:
        """The usual steps replayed with each stretch's host cost ``graph_ns`` (plus its library ops' own, unprofiled,
        where ``library``) and the fused kernels' GPU time."""
        host = {b: ns + (self.library.get(b, 0) if library else 0) for b, ns in graph_ns.items()}
        return self.replayed.replay(self.trace, host, new_gpu=self.model.new_gpu, host_scale=1 / self.stretch)


def _compiled(trace: Trace, windows, unprofiled_step_ms: float | None, costs: cm.CompileCosts | None,
              replayed: rp.ReplayWindow | None, host: HostRecord | None) -> _Compiled | None:
    costs = costs or measured_costs(host, "cuda") or cm.COSTS["cuda"]
    if costs.launch_us:  # constants that carry their process's speed (benchmarks/compile_at_speed.py; none by default)
        costs = cm.at_speed(costs, cm.eager_launch_us(trace, replayed.window))
    w, blocking, steps = replayed.window, replayed.blocking, replayed.steps
    model = cm.compiled_step(trace, w, blocking, steps, costs)
    if model is None:
        return None
    profiled_step = replayed.replay(trace)[0] / w.steps  # a preempted step is left out of the window's figures
    # replayed without the profiler: the eager ops' host time shrunk by the profiler's stretch of this run's steps
    # (meta.json), since the graph calls' costs were measured without it; a step the profiler makes host-bound may
    # be GPU-bound without it, where compiling saves only what the fusions save. A bare trace: the step less the
    # profiler's typical cost per recorded host event (PROFILER_US_PER_EVENT), never below the GPU's busy time
    if unprofiled_step_ms:
        stretch = max(profiled_step / unprofiled_step_ms, 1.0)
    else:
        estimate = profiled_step - PROFILER_US_PER_EVENT / 1e3 * replayed.host_events / max(w.steps, 1)
        floor = replayed.gpu_ms / max(w.steps, 1)
        stretch = max(profiled_step / max(estimate, floor), 1.0) if max(estimate, floor) > 0 else 1.0
    real_step = unprofiled_step_ms or profiled_step / stretch
    out = _Compiled(trace, replayed, model, stretch, profiled_step, real_step, unprofiled_step_ms)
    out.base, out.base_each = replayed.replay(trace, host_scale=1 / stretch)
    # a library op (a GEMM's or a convolution's extern call) is a long host call with few events in it: without the
    # profiler it takes its time less the profiler's cost of those events, not its time over the whole step's stretch
    event_us = ((profiled_step - real_step) * 1e3 / max(replayed.host_events / max(w.steps, 1), 1)
                if real_step < profiled_step else 0.0)
    out.library = library_ns(trace, model.library_ops, event_us)
    return out


#: The profiler's cost of an event is taken out of at most this share of the time since the event before it.
EVENT_GAP_SHARE = 0.9


def library_ns(trace: Trace, ops_of: dict, event_us: float) -> dict:
    """Each stretch's library ops' host ns without the profiler: each op's time less the profiler's cost of every host
    event recorded inside it (the op and what it called on its thread), ``event_us`` each but never more than
    EVENT_GAP_SHARE of the time since the event before it (a cuDNN RNN's back-to-back launches cost less each)."""
    s = trace.slices
    start, end, tid = s["start_ns"].to_numpy(), s["end_ns"].to_numpy(), s["tid"].to_numpy()
    out: dict = {}
    by_tid: dict = {}
    for b, ops in ops_of.items():
        total = 0
        for op in ops:
            t = tid[op]
            if t not in by_tid:
                starts = np.sort(start[tid == t])
                removed = np.minimum(event_us * 1e3, EVENT_GAP_SHARE * np.diff(np.r_[starts[:1], starts]))
                by_tid[t] = (starts, np.r_[0.0, np.cumsum(removed)])
            starts, cum = by_tid[t]
            lo, hi = np.searchsorted(starts, start[op], side="left"), np.searchsorted(starts, end[op], side="left")
            total += max(int(end[op] - start[op] - (cum[hi] - cum[lo])), 0)
        out[b] = total
    return out


def compiled_entries(trace: Trace, windows, unprofiled_step_ms: float | None, replayed: rp.ReplayWindow | None = None,
                     host: HostRecord | None = None) -> list[Advice]:
    """``compile`` and, on a GPU, ``cuda_graphs`` (compiled with ``mode="reduce-overhead"``) of an eager trace: the
    same compiled graphs, launched by Inductor's wrapper or replayed as CUDA graphs: two entries, two figures."""
    replayed = replay_inputs(trace, windows) if replayed is None else replayed
    if replayed is None:
        return []
    if not len(trace.gpu):
        entry = compile_replayed(trace, windows, unprofiled_step_ms, replayed=replayed, host=host)
        return [entry] if entry is not None else []
    c = _compiled(trace, windows, unprofiled_step_ms, None, replayed, host)
    if c is None:
        return []
    return [a for a in (_compile_entry(c), _cuda_graphs_entry(c)) if a is not None]


def compile_replayed(trace: Trace, windows, unprofiled_step_ms: float | None, costs: cm.CompileCosts | None = None,
                     replayed: rp.ReplayWindow | None = None, host: HostRecord | None = None) -> Advice | None:
    """``compile`` on a trace with GPU work: the steps replayed as compiled graphs (:mod:`.compile_model`). Advised
    when it saves at least REPLAY_MIN_SHARE of the step; an unranked note when it predicts compiling is slower by as
    much. ``costs``: the model's constants (else those ``host``, meta.json's, measured: :func:`measured_costs`; else
    the defaults)."""
    costs = costs or measured_costs(host, "cuda" if len(trace.gpu) else "cpu")
    replayed = replay_inputs(trace, windows) if replayed is None else replayed
    if replayed is None:
        return None
    if not len(trace.gpu):
        return _compile_cpu(trace, replayed.window, replayed.steps, unprofiled_step_ms, costs or cm.COSTS["cpu"])
    c = _compiled(trace, windows, unprofiled_step_ms, costs, replayed, host)
    return _compile_entry(c) if c is not None else None


def _compile_entry(c: _Compiled) -> Advice | None:
    model, w = c.model, c.replayed.window
    changed, changed_each = c.replay(model.new_host)
    share = (c.base - changed) / c.base if c.base > 0 else 0.0
    if abs(share) < REPLAY_MIN_SHARE:
        return None
    each = [(b - x) / b * c.real_step if b > 0 else 0.0 for b, x in zip(c.base_each, changed_each)]
    band = None
    if model.costs.kernel_ms_range:  # the same replay at the lowest and the highest per-kernel cost measured
        def share_at(kernel_ms: float) -> float:
            x = c.replay(cm.graph_host(model, kernel_ms))[0]
            return 100 * (c.base - x) / c.base if c.base > 0 else 0.0
        low_ms, high_ms = model.costs.kernel_ms_range
        band = (round(share_at(high_ms), 2), round(share_at(low_ms), 2))
    uncertain = band is not None and band[0] < 0 < band[1]
    slower = share < 0
    return Advice("compile", float(share * c.real_step), float(100 * share), _evidence(model, share, band),
                  _SLOWER_HOW if slower else _HOW,
                  _assumptions(model, c.stretch, c.unprofiled_step_ms) + f"; replayed, the steps take "
                  f"{c.base / w.steps:.2f} ms eager and {changed / w.steps:.2f} ms compiled",
                  steps_used=w.steps, saving_ms_profiled=float(share * c.profiled_step),
                  scale="unprofiled" if c.unprofiled_step_ms else "profiled",
                  saving_range_ms=(round(min(each), 4), round(max(each), 4)), ranked=not slower and not uncertain,
                  saving_band_pct=band)


def _cuda_graphs_entry(c: _Compiled) -> Advice | None:
    """``cuda_graphs`` of an eager trace: the compiled graphs replayed as CUDA graphs (``mode="reduce-overhead"``):
    each graph call costs what a compiled call costs before its kernels (half of ``call_ms``: Dynamo's guards, the
    runtime wrappers) and one replay (REPLAY_HOST_MS), instead of the wrapper launching each kernel and the library
    calls, which the graph holds too; the fused kernels as under ``compile``; what stays eager (the optimizer,
    clipping, a loss outside the model) as it is."""
    model, w = c.model, c.replayed.window
    per_graph = model.costs.call_ms / 2 + REPLAY_HOST_MS  # Dynamo's guards and the runtime wrappers stay; one launch
    replays = {b: int(per_graph * 1e6) for b in model.new_host}
    changed, changed_each = c.replay(replays, library=False)
    share = (c.base - changed) / c.base if c.base > 0 else 0.0
    if share < REPLAY_MIN_SHARE:
        return None
    each = [(b - x) / b * c.real_step if b > 0 else 0.0 for b, x in zip(c.base_each, changed_each)]
    graphs = count(model.graphs)
    return Advice("cuda_graphs", float(share * c.real_step), float(100 * share),
                  f"{graphs} graph call(s) per step, replayed as CUDA graphs, would replace {model.eager_host_ms:.2f} ms "
                  f"of eager host time (profiled) with {graphs} replayed call(s) of {per_graph:.2f} ms; the "
                  f"{count(model.library_kernels + model.fused_kernels)} kernels per step of the compiled graphs launch "
                  "from the graph, with no host call each",
                  'torch.compile(model, mode="reduce-overhead") (CUDA graphs replay each compiled graph for the cost '
                  "of one call; inputs must keep their shapes, and what runs outside the model stays eager)",
                  _assumptions(model, c.stretch, c.unprofiled_step_ms) + f"; a replay costs {REPLAY_HOST_MS} ms of host "
                  f"time per graph call beside the call's own; replayed, the steps take {c.base / w.steps:.2f} ms eager and "
                  f"{changed / w.steps:.2f} ms with CUDA graphs",
                  steps_used=w.steps, saving_ms_profiled=float(share * c.profiled_step),
                  scale="unprofiled" if c.unprofiled_step_ms else "profiled",
                  saving_range_ms=(round(min(each), 4), round(max(each), 4)))


_HOW = ("torch.compile(model) (Inductor fuses the pointwise ops and launches the kernels from one wrapper); "
        "compile the loss with it (a function that runs the model and returns the loss): the prediction is "
        "for every op of the step, and compiling the model alone leaves a loss computed outside it eager (a "
        "VAE's MSE and KL term: 13% slower compiled alone, 8% faster with its loss, H200)")
_SLOWER_HOW = ("keep the model eager (its ops cost less host time than compiled graph calls would), "
               "or compile larger pieces (whole step, or with CUDA graphs: mode=\"reduce-overhead\")")


def _evidence(model: cm.CompiledStep, share: float, band: tuple[float, float] | None) -> str:
    """What the compiled step replaces: graph calls for eager host time, kernels fused; slower or unsettled."""
    evidence = (f"{count(model.graphs)} graph call(s) per step would replace {model.eager_host_ms:.2f} ms of eager host time "
                f"(ops and the Python between them) with {model.compiled_host_ms:.2f} ms; {count(model.eager_kernels)} kernels per "
                f"step become {count(model.library_kernels + model.fused_kernels)} ({count(model.library_kernels)} library kernels kept from "
                f"{count(model.library_calls)} library calls, "
                f"runs of the others fused into {count(model.fused_kernels)}), {model.gpu_saved_ms:.2f} ms of GPU time fused away")
    if share < 0:
        evidence += f": compiling would make the step {-100 * share:.0f}% slower"
    if band is not None:
        low_ms, high_ms = model.costs.kernel_ms_range
        evidence += (f"; {band[0]:+.0f}% to {band[1]:+.0f}% with a generated kernel's host cost anywhere in its measured "
                     f"range ({low_ms * 1e3:.0f}-{high_ms * 1e3:.0f} µs)")
        if band[0] < 0 < band[1]:
            evidence += ": faster or slower is not settled, time a compiled step against an eager one before relying on it"
    return evidence


def _assumptions(model: cm.CompiledStep, stretch: float, unprofiled_step_ms: float | None) -> str:
    """The model's constants and what it keeps, and on which clock the eager steps were replayed."""
    c = model.costs
    clock = (f"the host's time / {stretch:.2f}, the profiler's stretch of these steps" if unprofiled_step_ms else
             f"a bare trace: the host's time / {stretch:.2f}, the step less the profiler's typical "
             f"{PROFILER_US_PER_EVENT} µs per recorded host event (benchmarks/profiler_cost.py)")
    return (f"a graph call costs {c.call_ms:.2f} ms per forward and backward and {c.kernel_ms * 1e3:.0f} µs per "
            f"kernel, a convolution's extern call {c.conv_ms * 1e3:.0f} µs more than the eager op "
            f"({c.source}); library ops (GEMM, convolution, attention, cuDNN) keep their kernels; a "
            "fused run takes as long as its longest kernel; a sync or a host copy inside the model is a graph break; "
            f"what runs after the backward (clipping, a scaler) stays eager; replayed without the profiler ({clock})")


def _compile_cpu(trace: Trace, w: rp.Window, steps: list[rp.Window], unprofiled_step_ms: float | None,
                 costs: cm.CompileCosts) -> Advice | None:
    """``compile`` on a CPU trace: Inductor's C++ graphs in place of the eager ops (:func:`.compile_model.compiled_cpu_step`),
    on the scale of a step without the profiler where meta.json timed one."""
    model = cm.compiled_cpu_step(trace, w, steps, costs)
    if model is None:
        return None
    profiled_step = rp.step_ms(w, steps)  # the usual steps', as the model's figures are
    stretch = max(profiled_step / unprofiled_step_ms, 1.0) if unprofiled_step_ms else 1.0
    real_step = unprofiled_step_ms or profiled_step
    compiled = (model.graphs * costs.call_ms / 2 + (model.fused_kernels + model.library_ops) * costs.kernel_ms
                + (model.library_ms + model.fused_ms) / stretch)
    saving = model.eager_ms / stretch - compiled
    share = saving / real_step if real_step > 0 else 0.0
    if abs(share) < REPLAY_MIN_SHARE:
        return None
    slower = share < 0
    evidence = (f"{count(model.graphs)} graph call(s) per step would replace {model.eager_ms / stretch:.2f} ms of eager CPU time "
                f"({count(model.eager_ops)} top-level ops and the Python between them) with {compiled:.2f} ms: "
                f"{count(model.library_ops)} library ops kept ({model.library_ms / stretch:.2f} ms), the other ops fused into "
                f"{count(model.fused_kernels)} C++ kernels ({model.fused_ms / stretch:.2f} ms)")
    if slower:
        evidence += f": compiling would make the step {-100 * share:.0f}% slower"
    return Advice("compile", float(saving), float(100 * share), evidence,
                  "torch.compile(model) (Inductor's C++ kernels fuse the pointwise ops and skip the dispatcher)" if not slower
                  else "keep the model eager: its ops cost less than compiled graph calls would",
                  f"a graph call costs {costs.call_ms} ms per forward and backward and {costs.kernel_ms * 1e3:.1f} µs per "
                  f"kernel ({costs.source}); library ops (GEMM, convolution, RNNs: oneDNN/MKL) keep their time; a fused "
                  "run of ops takes as long as its longest ops, one C++ kernel per reduction in it plus one"
                  + (f"; the trace's CPU time / {stretch:.2f}, the profiler's stretch of these steps" if stretch != 1.0
                     else "; a bare trace: its ops' times are profiled, the graph calls' costs are not"),
                  steps_used=w.steps, saving_ms_profiled=float(share * profiled_step),
                  scale="unprofiled" if unprofiled_step_ms else "profiled", ranked=not slower)


def measured_costs(host: HostRecord | None, device: str) -> cm.CompileCosts | None:
    """The compile model's constants measured on the machine that captured the trace (``profile --calibrate``:
    meta.json's ``host.calibration``), when they were measured on this kind of device; else None (the defaults)."""
    cal = host.calibration if host is not None else None
    if not isinstance(cal, dict) or cal.get("device") != device:
        return None
    call, kernel = cal.get("call_ms"), cal.get("kernel_ms")
    if not isinstance(call, (int, float)) or not isinstance(kernel, (int, float)) or kernel <= 0:
        return None
    # meta.json keeps the calibration's launch call too (its process's speed); the costs are not scaled by it: scaling
    # the constants by a process's speed did not make the predictions better (benchmarks/compile_at_speed.py)
    return cm.CompileCosts(float(call), float(kernel), "measured on the machine that captured this trace (profile --calibrate)")

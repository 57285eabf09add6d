"""``compile``: the steps replayed as compiled graphs (:mod:`.compile_model`), on a GPU or a CPU, with the host costs
a machine measured (meta.json) where it did."""

from __future__ import annotations

from traceview.analysis.advice import compile_model as cm
from traceview.analysis.advice.blocking import replay_inputs
from traceview.analysis.advice.record import Advice, count, REPLAY_MIN_SHARE
from traceview.analysis.host import replay as rp
from traceview.trace import Trace
from traceview.trace.host import HostRecord


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
    w, blocking, steps = replayed.window, replayed.blocking, replayed.steps
    if not len(trace.gpu):
        return _compile_cpu(trace, w, steps, unprofiled_step_ms, costs or cm.COSTS["cpu"])
    costs = costs or cm.COSTS["cuda"]
    if costs.launch_us:  # constants that carry their process's speed (benchmarks/compile_at_speed.py; none by default)
        costs = cm.at_speed(costs, cm.eager_launch_us(trace, w))
    model = cm.compiled_step(trace, w, blocking, steps, costs)
    if model is None:
        return None

    def usual_replay(new_host: HostRecord | None = None, **kw) -> tuple[float, list[float]]:
        return replayed.replay(trace, new_host, **kw)  # a preempted step is left out of the window's figures

    profiled_step = usual_replay()[0] / w.steps
    # replayed without the profiler: the eager ops' host time shrunk by the profiler's stretch of this run's steps
    # (meta.json), since the graph calls' costs were measured without it; a step the profiler makes host-bound may
    # be GPU-bound without it, where compiling saves only what the fusions save
    stretch = max(profiled_step / unprofiled_step_ms, 1.0) if unprofiled_step_ms else 1.0

    def with_library(graph_ns: dict) -> dict:  # each graph call's host time and its library ops' own, unprofiled
        return {b: ns + int(model.library_host[b] / stretch) for b, ns in graph_ns.items()}

    compiled = with_library(model.new_host)
    base, base_each = usual_replay(host_scale=1 / stretch)
    changed, changed_each = usual_replay(compiled, new_gpu=model.new_gpu, host_scale=1 / stretch)
    share = (base - changed) / base if base > 0 else 0.0
    real_step = unprofiled_step_ms or profiled_step
    saving = share * real_step
    saving_prof = share * profiled_step
    if abs(share) < REPLAY_MIN_SHARE:
        return None
    each = [(b - c) / b * real_step if b > 0 else 0.0 for b, c in zip(base_each, changed_each)]
    band = None
    if model.costs.kernel_ms_range:  # the same replay at the lowest and the highest per-kernel cost measured
        def share_at(kernel_ms: float) -> float:
            c = usual_replay(with_library(cm.graph_host(model, kernel_ms)), new_gpu=model.new_gpu, host_scale=1 / stretch)[0]
            return 100 * (base - c) / base if base > 0 else 0.0
        low_ms, high_ms = model.costs.kernel_ms_range
        band = (round(share_at(high_ms), 2), round(share_at(low_ms), 2))
    uncertain = band is not None and band[0] < 0 < band[1]
    slower = share < 0
    return Advice("compile", float(saving), float(100 * share), _evidence(model, share, band),
                  _SLOWER_HOW if slower else _HOW,
                  _assumptions(model, stretch) + f"; replayed, the steps take {base / w.steps:.2f} ms eager and "
                  f"{changed / w.steps:.2f} ms compiled",
                  steps_used=w.steps, saving_ms_profiled=float(saving_prof), scale="unprofiled" if unprofiled_step_ms else "profiled",
                  saving_range_ms=(round(min(each), 4), round(max(each), 4)), ranked=not slower and not uncertain,
                  saving_band_pct=band)


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


def _assumptions(model: cm.CompiledStep, stretch: float) -> str:
    """The model's constants and what it keeps, and on which clock the eager steps were replayed."""
    c = model.costs
    return (f"a graph call costs {c.call_ms:.2f} ms per forward and backward and {c.kernel_ms * 1e3:.0f} µs per "
            f"kernel, a convolution's extern call {c.conv_ms * 1e3:.0f} µs more than the eager op "
            f"({c.source}); library ops (GEMM, convolution, attention, cuDNN) keep their kernels; a "
            "fused run takes as long as its longest kernel; a sync or a host copy inside the model is a graph break"
            + (f"; replayed without the profiler (the host's time / {stretch:.2f}, the profiler's stretch of "
               "these steps)" if stretch != 1.0 else "; a bare trace: the graph calls' costs are without the "
               "profiler, the eager ops' with it (compiling looks better than it is)"))


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

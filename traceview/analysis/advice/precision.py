"""The wins of numeric precision and memory format: ``precision`` (float32 matmuls and convolutions on TF32 tensor
cores), ``autocast`` (their math in bf16), ``channels_last`` (a convolution net paying NCHW <-> NHWC layout
kernels), and a ``batch_size`` note where the GPU idles with nothing else to blame.

Each replays the steady steps with the change made to the GPU work (:mod:`traceview.analysis.host.replay`: the host
launches as it did, the GPU runs each kernel for its new time, syncs wait for it), on the host's clock without the
profiler where meta.json timed the steps. A step the host bounds saves nothing: its GPU already waits.

- ``precision``: each float32 GEMM or convolution kernel on CUDA cores (``sgemm``, ``ffma``, ``gemm_f32f32_f32f32``;
  not TF32, bf16 or fp16) takes its time over the speedup TF32 gave a float32 matmul that took as long
  (:data:`SPEEDUP`, ``benchmarks/micro_precision.py``). Safe for training in almost every model: TF32 rounds the
  multiply's inputs to a 10-bit mantissa and accumulates in float32.
- ``autocast``: the same kernels, and any TF32 ones, at bf16's speedup; every other kernel as it is (autocast keeps
  norms, softmax and losses in float32 and adds the weights' casts: a bound on the saving in that respect). It
  changes numerics: check the loss curve.
- ``channels_last``: the layout conversion kernels (``nchwToNhwc``, ``nhwcToNchw``) cuDNN runs around each convolution
  of a channels-first net, taken out.
"""

from __future__ import annotations

import bisect
from typing import Final

import numpy as np

from traceview.analysis.advice.record import Advice, REPLAY_MIN_SHARE
from traceview.analysis.host import replay as rp
from traceview.analysis.host.streams import activities
from traceview.trace import Trace
from traceview.trace.catalogue import tagged

#: float32 kernel µs up to which a speedup holds -> (TF32 speedup, bf16 speedup): benchmarks/micro_precision.py on an
#: H100 (torch 2.11, 2026-12-07; benchmarks/results/micro_precision-2026-12-07-h100.json): float32 matmuls of 16
#: shapes, none of the scored models, the three dtypes alternating in one process, each bin's median. Below 10 µs no
#: shape was that short: launch latency bounds such kernels, and none is counted faster.
SPEEDUP: Final[tuple[tuple[float, float, float], ...]] = (
    (10.0, 1.0, 1.0),
    (30.0, 1.245, 1.123),
    (100.0, 1.896, 2.569),
    (300.0, 3.244, 6.522),
    (1000.0, 5.328, 11.001),
    (float("inf"), 6.13, 13.28),
)
#: The micro-benchmark's result the table is (tests/test_precision_advice.py holds them equal).
MEASURED: Final[str] = "benchmarks/results/micro_precision-2026-12-07-h100.json"


def speedup(fp32_us: float, dtype: str) -> float:
    """The speedup ``dtype`` ("tf32" or "bf16") gave a float32 matmul that took ``fp32_us``."""
    at = min(bisect.bisect_left([row[0] for row in SPEEDUP], fp32_us), len(SPEEDUP) - 1)
    return SPEEDUP[at][1 if dtype == "tf32" else 2]


def _window_kernels(trace: Trace, w: rp.Window, tag: str) -> tuple[np.ndarray, np.ndarray]:
    """Activity ids and ns of the kernels answering ``tag`` that the window's replay runs: those its process launched
    in the window (wherever they ran: a GPU-bound loop runs them after the host's window ends), and the backlog still
    running when it began (launched by the steps before it: the change speeds them up too)."""
    acts = activities(trace, w)
    backlog = [a for ids, _, _ in acts.backlog.values() for a in ids.tolist()]
    ids = np.unique(np.concatenate([acts.activity_id, np.asarray(backlog, dtype=acts.activity_id.dtype)]))
    g = trace.gpu
    pick = g["activity_id"].isin(ids).to_numpy() & (g["kind"] == "kernel").to_numpy() & tagged(g, tag)
    return g["activity_id"].to_numpy()[pick], g["dur_ns"].to_numpy()[pick]


def _replayed_entry(kind: str, trace: Trace, replayed: rp.ReplayWindow, new_gpu: dict[int, int],
                    unprofiled_step_ms: float | None, evidence: str, how: str, assumptions: str) -> Advice | None:
    """The steps replayed with ``new_gpu``: an entry where it saves REPLAY_MIN_SHARE of the step."""
    w = replayed.window
    profiled_step = replayed.replay(trace)[0] / w.steps
    stretch = max(profiled_step / unprofiled_step_ms, 1.0) if unprofiled_step_ms else 1.0
    base, base_each = replayed.replay(trace, host_scale=1 / stretch)
    changed, changed_each = replayed.replay(trace, new_gpu=new_gpu, host_scale=1 / stretch)
    share = (base - changed) / base if base > 0 else 0.0
    if share < REPLAY_MIN_SHARE:
        return None
    real_step = unprofiled_step_ms or profiled_step
    each = [(b - c) / b * real_step if b > 0 else 0.0 for b, c in zip(base_each, changed_each)]
    return Advice(kind, float(share * real_step), float(100 * share), evidence, how,
                  assumptions + f"; replayed, the steps take {base / w.steps:.2f} ms as they are and {changed / w.steps:.2f} ms "
                  "with the change" + (f" (the host's time / {stretch:.2f}, the profiler's stretch of these steps)"
                                       if stretch != 1.0 else ""),
                  steps_used=w.steps, saving_ms_profiled=float(share * profiled_step),
                  scale="unprofiled" if unprofiled_step_ms else "profiled",
                  saving_range_ms=(round(min(each), 4), round(max(each), 4)) if each else None)


def precision(trace: Trace, replayed: rp.ReplayWindow | None, unprofiled_step_ms: float | None,
              flags: dict | None = None) -> list[Advice]:
    """``precision`` and ``autocast`` (see the module docstring). ``flags``: meta.json's torch_flags; where they say
    TF32 was on, the float32 kernels on CUDA cores are cuBLAS's own choice for their shapes and ``precision`` is not
    advised."""
    if replayed is None or not len(trace.gpu):
        return []
    w = replayed.window
    fp32_ids, fp32_ns = _window_kernels(trace, w, "fp32_math_kernel")
    tf32_ids, tf32_ns = _window_kernels(trace, w, "tf32_math_kernel")
    out: list[Advice | None] = []
    acts = activities(trace, w)
    gpu_ms = float(acts.dur.sum()) / 1e6 / w.steps  # the GPU time of the work the window's steps launched

    def per_step(ids: np.ndarray, ns: np.ndarray) -> tuple[float, float]:
        """Kernels and ms per step of those the window's steps launched (the backlog they also speed up left out)."""
        own = np.isin(ids, acts.activity_id)
        return own.sum() / w.steps, float(ns[own].sum()) / 1e6 / w.steps

    tf32_on = bool(flags) and (flags.get("float32_matmul_precision") not in (None, "highest") or bool(flags.get("matmul_allow_tf32")))
    if len(fp32_ids) and not tf32_on:
        n, math_ms = per_step(fp32_ids, fp32_ns)
        new = {int(a): int(d / speedup(d / 1e3, "tf32")) for a, d in zip(fp32_ids, fp32_ns)}
        out.append(_replayed_entry(
            "precision", trace, replayed, new, unprofiled_step_ms,
            f"{n:.0f} float32 GEMM/convolution kernels per step run on CUDA cores, not tensor "
            f"cores: {math_ms:.2f} ms of the step's {gpu_ms:.2f} ms of GPU time",
            "torch.set_float32_matmul_precision('high') (and torch.backends.cudnn.allow_tf32 = True, the default): "
            "TF32 tensor cores for float32 matmuls and convolutions; safe for training in almost every model (inputs "
            "rounded to a 10-bit mantissa, float32 accumulation)",
            "each such kernel takes its time over TF32's speedup for a float32 matmul that takes as long (x1 under 10 "
            "µs to x6.1 above 1 ms, benchmarks/micro_precision.py on an H100); the other kernels and the host as they "
            "are"))
    if len(fp32_ids) or len(tf32_ids):
        ids, ns = np.concatenate([fp32_ids, tf32_ids]), np.concatenate([fp32_ns, tf32_ns])
        was_tf32 = np.r_[np.zeros(len(fp32_ids), dtype=bool), np.ones(len(tf32_ids), dtype=bool)]
        # a TF32 kernel took d; in float32 it would have taken d x the TF32 speedup: bf16's speedup from there
        new = {}
        for a, d, t in zip(ids, ns, was_tf32):
            fp32_us = d / 1e3 * (speedup(d / 1e3, "tf32") if t else 1.0)
            new[int(a)] = int(fp32_us * 1e3 / speedup(fp32_us, "bf16"))
        n, math_ms = per_step(ids, ns)
        out.append(_replayed_entry(
            "autocast", trace, replayed, new, unprofiled_step_ms,
            f"{n:.0f} GEMM/convolution kernels per step in float32 or TF32: "
            f"{math_ms:.2f} ms of the step's {gpu_ms:.2f} ms of GPU time",
            "with torch.autocast('cuda', dtype=torch.bfloat16): around the forward and the loss: bf16 tensor cores "
            "for matmuls and convolutions; changes the numerics (check the loss curve; no GradScaler needed for bf16)",
            "each such kernel at bf16's speedup for a float32 matmul of its size (x1 under 10 µs to x13 above 1 ms, "
            "benchmarks/micro_precision.py on an H100); every other kernel as it is (autocast keeps norms, softmax and "
            "losses in float32 and adds the weights' casts)"))
    return [a for a in out if a is not None]


def channels_last(trace: Trace, replayed: rp.ReplayWindow | None, unprofiled_step_ms: float | None) -> Advice | None:
    """``channels_last``: the layout conversions of a channels-first convolution net, taken out of the steps."""
    if replayed is None or not len(trace.gpu):
        return None
    ids, ns = _window_kernels(trace, replayed.window, "layout_kernel")
    if not len(ids):
        return None
    w = replayed.window
    return _replayed_entry(
        "channels_last", trace, replayed, {int(a): 0 for a in ids}, unprofiled_step_ms,
        f"{len(ids) / w.steps:.0f} layout conversion kernels per step (nchwToNhwc / nhwcToNchw: cuDNN runs the "
        f"convolutions in NHWC and converts around each): {float(ns.sum()) / 1e6 / w.steps:.2f} ms of GPU time",
        "model = model.to(memory_format=torch.channels_last) and inputs.to(memory_format=torch.channels_last)",
        "the conversion kernels gone, every other kernel as it is")


#: How much faster cuDNN's convolution kernels run with ``torch.backends.cudnn.benchmark = True`` (each shape's fastest
#: algorithm measured) than with its heuristics: the median of benchmarks/micro_precision.py's 7 convolutions
#: (ResNet- and U-Net-like layers) on an H100, torch 2.11 / cuDNN 9, 2026-12-07 (0.90x to 1.07x: the heuristics chose as
#: well as the benchmark). At 1.0 nothing is predicted and the entry is an unranked note that ``try`` measures it.
CUDNN_BENCHMARK_SPEEDUP: Final[float] = 1.0


def cudnn_benchmark(trace: Trace, replayed: rp.ReplayWindow | None, unprofiled_step_ms: float | None,
                    flags: dict | None) -> Advice | None:
    """``cudnn_benchmark``: convolutions run on cuDNN's heuristic choice (meta.json's torch_flags say benchmark was
    off; a bare trace cannot tell, and gets no entry). Where the measured speedup is 1 (:data:`CUDNN_BENCHMARK_SPEEDUP`),
    a note where convolutions take REPLAY_MIN_SHARE of the GPU's time."""
    if replayed is None or not len(trace.gpu) or not flags or flags.get("cudnn_benchmark") is not False:
        return None
    ids, ns = _window_kernels(trace, replayed.window, "conv_kernel")
    if not len(ids):
        return None
    w = replayed.window
    conv_ms = float(ns.sum()) / 1e6 / w.steps
    evidence = (f"{len(ids) / w.steps:.0f} cuDNN convolution kernels per step ({conv_ms:.2f} ms of GPU time) on the "
                "algorithm cuDNN's heuristics chose: torch.backends.cudnn.benchmark was off (meta.json)")
    how = ("torch.backends.cudnn.benchmark = True (before the first step): cuDNN times each convolution's algorithms "
           "once per shape and keeps the fastest")
    if CUDNN_BENCHMARK_SPEEDUP <= 1.0:
        gpu_ms = float(activities(trace, w).dur.sum()) / 1e6 / w.steps
        if conv_ms < REPLAY_MIN_SHARE * gpu_ms:
            return None
        return Advice("cudnn_benchmark", 0.0, 0.0, evidence, how,
                      "a note: on an H100 cuDNN's heuristics chose as fast an algorithm as its benchmark for 7 of 7 "
                      "layer shapes (benchmarks/micro_precision.py); other shapes or GPUs may differ: traceview try "
                      "--change cudnn_benchmark measures it on this job", steps_used=w.steps, ranked=False)
    return _replayed_entry(
        "cudnn_benchmark", trace, replayed, {int(a): int(d / CUDNN_BENCHMARK_SPEEDUP) for a, d in zip(ids, ns)},
        unprofiled_step_ms, evidence, how,
        f"the convolutions {CUDNN_BENCHMARK_SPEEDUP:g}x faster (benchmarks/micro_precision.py); input shapes the same "
        "every step (each new shape is timed again, which costs its first step)")


#: Below this share of the step the GPU is busy, with no ranked change explaining the idle time, the batch-size note.
IDLE_BUSY_SHARE: Final[float] = 0.5


def batch_size_note(replayed: rp.ReplayWindow | None, ranked_share: float) -> Advice | None:
    """A note (never ranked: its saving depends on the model) where the GPU is busy under IDLE_BUSY_SHARE of the step
    and the ranked changes together explain less than half of the idle time."""
    if replayed is None:
        return None
    w = replayed.window
    step = (w.end_ns - w.start_ns) / 1e6 / w.steps
    busy = replayed.gpu_ms / w.steps
    if step <= 0 or busy <= 0 or busy / step >= IDLE_BUSY_SHARE or ranked_share >= 50 * (1 - busy / step):
        return None
    return Advice("batch_size", 0.0, 0.0,
                  f"the GPU is busy {busy:.2f} ms of each {step:.2f} ms step ({busy / step:.0%}), and no change above "
                  "accounts for most of its idle time: each step launches less work than the GPU can take",
                  "a larger batch (scale the learning rate with it), or several micro-batches per launch",
                  "a note: how much a larger batch saves per sample depends on the model", steps_used=w.steps,
                  ranked=False)

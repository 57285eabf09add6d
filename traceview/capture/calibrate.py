"""The host costs the ``compile`` advice model uses, measured on the machine that captured the trace (``profile
--calibrate``): a chain of N tiny blocks (``x = tanh(x @ W_i) * 0.5`` on 8x64 activations, so the device time is
negligible and the step is host-bound), one training step each (forward, ``sum().backward()``), eager and through
``torch.compile``, at a few N; least squares of ms per step (timed without the profiler, synchronised chunks, median)
against kernels per step (counted once under the profiler: launch calls on a GPU; ATen ops and Inductor's C++ kernels
on the CPU):

    kernel_ms        host ms per kernel a compiled step launches (Inductor's wrapper)
    call_ms          a compiled forward and its backward beyond the eager step's harness (guards, AOTAutograd's
                     runtime wrapper): the compiled intercept minus the eager one
    eager_kernel_ms  host ms per kernel an eager step launches

``benchmarks/micro_compile.py`` runs the same measurement as a benchmark (and under the profiler too).
"""

from __future__ import annotations

import statistics
import time
from typing import Callable

import numpy as np
import torch

LAUNCHES = ("cudaLaunchKernel", "cudaLaunchKernelExC", "cuLaunchKernel", "cuLaunchKernelEx", "hipLaunchKernel",
            "hipModuleLaunchKernel", "hipExtModuleLaunchKernel")
#: On the CPU: the ATen ops an eager chain step runs and a compiled one calls, and Inductor's C++ kernels.
CPU_KERNEL_OPS = ("aten::mm", "aten::tanh", "aten::mul", "aten::tanh_backward", "aten::sum", "aten::t", "aten::fill_",
                  "aten::ones_like")


def chain(n: int, device: str) -> tuple[Callable, list[torch.Tensor]]:
    """f(x) = n blocks of tanh(x @ W) * 0.5, and its weights."""
    generator = torch.Generator(device="cpu").manual_seed(n)
    ws = [torch.randn(64, 64, generator=generator).to(device).requires_grad_() for _ in range(n)]

    def f(x):
        for w in ws:
            x = torch.tanh(x @ w) * 0.5
        return x
    return f, ws


def training_step(fn: Callable, ws: list[torch.Tensor], x: torch.Tensor, warmup: int = 5) -> Callable[[], None]:
    """One training step of ``fn`` (forward, ``sum().backward()``, the weights' gradients dropped), run ``warmup``
    times (a compiled ``fn`` compiles there)."""
    def step() -> None:
        fn(x).sum().backward()
        for w in ws:
            w.grad = None
    for _ in range(warmup):
        step()
    return step


def timed(step: Callable[[], None], sync: Callable[[], None], chunks: int = 15, per: int = 10) -> float:
    """Median ms per step over synchronised chunks of ``per`` steps."""
    out = []
    for _ in range(chunks):
        sync()
        t0 = time.perf_counter()
        for _ in range(per):
            step()
        sync()
        out.append((time.perf_counter() - t0) * 1e3 / per)
    return statistics.median(out)


#: The runtime calls an eager op launches its kernels with (traceview.trace.schema.EAGER_LAUNCH_APIS): their median
#: duration under the profiler is the process's speed, which the compile model's constants are scaled by.
EAGER_LAUNCHES = ("cudaLaunchKernel", "cudaLaunchKernelExC", "hipLaunchKernel", "hipExtLaunchKernel")


def kernels_per_step(step: Callable[[], None], sync: Callable[[], None], device: str, steps: int = 5,
                     launches: list[float] | None = None) -> float:
    """Kernels one step launches (GPU) or runs (CPU), counted under the profiler; ``launches`` gets the µs of each
    eager launch call."""
    acts = [torch.profiler.ProfilerActivity.CPU] + ([torch.profiler.ProfilerActivity.CUDA] if device == "cuda" else [])
    sync()
    with torch.profiler.profile(activities=acts) as prof:
        for _ in range(steps):
            step()
        sync()
    events = prof.events()
    names = [e.name for e in events]
    if launches is not None:
        launches += [e.time_range.elapsed_us() for e in events if e.name in EAGER_LAUNCHES]
    if device == "cuda":
        return sum(n in LAUNCHES for n in names) / steps
    return sum(("cpp_fused" in n) or n in CPU_KERNEL_OPS for n in names) / steps


def _fit(xs: list[float], ys: list[float]) -> tuple[float, float]:
    slope, intercept = np.polyfit(np.asarray(xs, float), np.asarray(ys, float), 1)
    return float(intercept), float(slope)


def compile_costs(device: str | None = None, sizes: tuple[int, ...] = (2, 8, 24)) -> dict:
    """Measure the compile model's constants here (a few seconds on a GPU host, ~20 s on a 2-core CPU, most of it
    compiling). Returns ``{"device", "call_ms", "kernel_ms", "eager_kernel_ms", "launch_us", "rows"}`` (``launch_us``:
    the median eager launch call under the profiler, None on the CPU)."""
    device = device or ("cuda" if torch.cuda.is_available() else "cpu")
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    rows = []
    launches: list[float] = []
    from traceview.capture.profiling import cpp_kernel_profile

    with cpp_kernel_profile():  # on the CPU, Inductor's C++ kernels show under the profiler
        for n in sizes:
            for mode in ("eager", "compiled"):
                f, ws = chain(n, device)
                fn = torch.compile(f) if mode == "compiled" else f
                step = training_step(fn, ws, torch.randn(8, 64, device=device))
                kernels = kernels_per_step(step, sync, device, launches=launches if mode == "eager" else None)
                rows.append({"n": n, "mode": mode, "kernels": kernels, "ms": timed(step, sync)})
    eager = [r for r in rows if r["mode"] == "eager"]
    compiled = [r for r in rows if r["mode"] == "compiled"]
    e0, e1 = _fit([r["kernels"] for r in eager], [r["ms"] for r in eager])
    c0, c1 = _fit([r["kernels"] for r in compiled], [r["ms"] for r in compiled])
    return {"device": device, "call_ms": round(max(c0 - e0, 0.0), 4), "kernel_ms": round(max(c1, 0.0), 5),
            "eager_kernel_ms": round(max(e1, 0.0), 5),
            "launch_us": round(statistics.median(launches), 3) if launches else None, "rows": rows}

"""The host costs the ``compile`` advice model uses, each on its own micro-benchmark (never fitted on the training
loops that score the advice): a chain of N tiny blocks (``x = tanh(x @ W_i) * 0.5``, 8x64 activations, so the
device time is negligible and the step is host-bound), one training step each (forward, ``sum().backward()``),
eager and through ``torch.compile``, at several N:

- ``eager_kernel_ms``: host ms per kernel an eager step launches (dispatch, autograd bookkeeping, the launch).
- ``compiled_kernel_ms``: host ms per kernel a compiled step launches (Inductor's wrapper: argument packing,
  allocations, Triton's launcher or the extern library call).
- ``compiled_call_ms``: what a compiled forward and its backward cost beyond the eager step's harness (Dynamo's
  guards and cache lookup, AOTAutograd's runtime wrappers, the graphs' fixed cost): the compiled intercept minus
  the eager intercept.
- with ``--modes eager,compiled,ro``, ``ro_call_ms`` and ``ro_kernel_ms``: the same chain compiled with
  ``mode="reduce-overhead"`` (CUDA-graph trees), fitted against the compiled graphs' kernels: a forward and its
  backward replayed (guards, the runtime wrappers, the trees' checks and input copies, two graph launches) and what
  each kernel still costs the host inside a replay (about 0).

``traceview profile --calibrate`` times the same chain without the profiler on the capturing machine
(traceview/capture/calibrate.py); this script also times it under the profiler.

Each is a least-squares line, ms per step against kernels per step (counted in a profiled run: launch calls on a
GPU; ATen ops and Inductor's C++ kernels on the CPU), once with steps timed without the profiler
(``unprofiled``) and once under it (``profiled``: the scale of a trace's own host times).

    python benchmarks/micro_compile.py --json out.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

import numpy as np
import torch

from traceview.capture.calibrate import CPU_KERNEL_OPS, LAUNCHES, chain, timed, training_step  # the chain profile --calibrate times


#: The runtime calls an eager op launches its kernels with: their median duration under the profiler is this process's
#: speed (the compile model scales its constants by a trace's against this one's: traceview.trace.schema).
EAGER_LAUNCHES = ("cudaLaunchKernel", "cudaLaunchKernelExC", "hipLaunchKernel", "hipExtLaunchKernel")


def profiled(step, sync, device: str, steps: int = 30, warmup: int = 5) -> tuple[float, float, float | None]:
    """(kernels per step, median ms per step, median µs of an eager launch call) of ``steps`` steps under the
    profiler, after ``warmup`` steps under it (the profiler's first steps are slower)."""
    acts = [torch.profiler.ProfilerActivity.CPU] + ([torch.profiler.ProfilerActivity.CUDA] if device == "cuda" else [])
    sync()
    each = []
    with torch.profiler.profile(activities=acts) as prof:
        for i in range(warmup + steps):
            sync()
            t0 = time.perf_counter()
            step()
            sync()
            if i >= warmup:
                each.append((time.perf_counter() - t0) * 1e3)
        ms = statistics.median(each)
        steps += warmup
    events = prof.events()
    names = [e.name for e in events]
    launch = [e.time_range.elapsed_us() for e in events if e.name in EAGER_LAUNCHES]
    if device == "cuda":
        kernels = sum(n in LAUNCHES for n in names)
    else:  # Inductor's C++ kernels (cpp.enable_kernel_profile) and the ATen ops a compiled graph calls or eager runs
        kernels = sum(("cpp_fused" in n) or n in CPU_KERNEL_OPS for n in names)
    return kernels / steps, ms, (statistics.median(launch) if launch else None)


class _Residual(torch.nn.Module):
    def __init__(self, body: torch.nn.Module):
        super().__init__()
        self.body = body

    def forward(self, x):
        return x + self.body(x)


class _Attention(torch.nn.Module):
    """A pre-norm self-attention block: LayerNorm, one projection to q, k, v, SDPA over 4 heads, an output projection."""

    def __init__(self, width: int = 64, heads: int = 4):
        super().__init__()
        self.norm, self.qkv, self.out, self.heads = torch.nn.LayerNorm(width), torch.nn.Linear(width, 3 * width), torch.nn.Linear(width, width), heads

    def forward(self, x):
        b, t, w = x.shape
        q, k, v = self.qkv(self.norm(x)).view(b, t, 3, self.heads, w // self.heads).permute(2, 0, 3, 1, 4)
        return x + self.out(torch.nn.functional.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, w))


#: Blocks the real models are made of, each tiny (the step host-bound) and repeated N times: the compiled step's host
#: cost per kernel where the kernels are a network's own (batch-norm statistics and running-stat updates, norms,
#: attention), not only the chain's one pointwise kernel per GEMM. (block, input shape)
BLOCKS = {
    "convbn": (lambda: torch.nn.Sequential(torch.nn.Conv2d(16, 16, 3, padding=1, bias=False), torch.nn.BatchNorm2d(16),
                                           torch.nn.ReLU()), (8, 16, 8, 8)),
    "mlp": (lambda: _Residual(torch.nn.Sequential(torch.nn.LayerNorm(64), torch.nn.Linear(64, 64), torch.nn.GELU())), (8, 64)),
    "attention": (lambda: _Attention(), (4, 16, 64)),
}


def blocks(kind: str, n: int, device: str):
    """(f, its parameters) of ``n`` ``kind`` blocks in sequence, in training mode."""
    torch.manual_seed(n)
    make, _ = BLOCKS[kind]
    model = torch.nn.Sequential(*[make() for _ in range(n)]).to(device).train()
    return model, list(model.parameters())


def fit(xs, ys) -> tuple[float, float]:
    b, a = np.polyfit(np.asarray(xs, float), np.asarray(ys, float), 1)
    return float(a), float(b)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="2,8,24")
    p.add_argument("--json", default=None)
    p.add_argument("--blocks", default="chain", help="comma-separated: chain (the calibration's), " + ", ".join(BLOCKS))
    p.add_argument("--modes", default="eager,compiled", help="eager,compiled and optionally ro (reduce-overhead, GPU)")
    a = p.parse_args()
    modes = a.modes.split(",")
    device = "cuda" if torch.cuda.is_available() else "cpu"
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    if device == "cpu":
        torch._inductor.config.cpp.enable_kernel_profile = True
    sizes = [int(s) for s in a.sizes.split(",")]
    out = {"device": torch.cuda.get_device_name(0) if device == "cuda" else "cpu", "torch": torch.__version__, "rows": []}
    for kind in a.blocks.split(","):
        rows = []
        for n in sizes:
            for mode in modes:
                if kind == "chain":
                    f, ws = chain(n, device)
                    x = torch.randn(8, 64, device=device)
                else:
                    f, ws = blocks(kind, n, device)
                    x = torch.randn(*BLOCKS[kind][1], device=device)
                compiled = {"compiled": lambda: torch.compile(f), "ro": lambda: torch.compile(f, mode="reduce-overhead")}
                step = training_step(compiled[mode]() if mode in compiled else f, ws, x)
                kernels, prof_ms, launch_us = profiled(step, sync, device)
                if mode == "ro":  # the replayed graphs' kernels: what the compiled chain of this length launches
                    kernels = next(r["kernels"] for r in rows if r["n"] == n and r["mode"] == "compiled")
                ms = timed(step, sync)
                rows.append({"blocks": kind, "n": n, "mode": mode, "kernels": kernels, "unprofiled_ms": ms, "profiled_ms": prof_ms,
                             "launch_us": launch_us})
                print(f"{kind:9s} n={n:3d} {mode:8s} {kernels:6.1f} kernels/step {ms:8.3f} ms  profiled {prof_ms:8.3f} ms", flush=True)
            torch._dynamo.reset()
        out["rows"] += rows
        for scale in ("unprofiled", "profiled"):
            e = [r for r in rows if r["mode"] == "eager"]
            c = [r for r in rows if r["mode"] == "compiled"]
            ea, eb = fit([r["kernels"] for r in e], [r[f"{scale}_ms"] for r in e])
            ca, cb = fit([r["kernels"] for r in c], [r[f"{scale}_ms"] for r in c])
            launches = [r["launch_us"] for r in e if r["launch_us"] is not None]
            fitted = {"eager_kernel_ms": eb, "compiled_kernel_ms": cb, "compiled_call_ms": ca - ea,
                      "eager_intercept_ms": ea, "compiled_intercept_ms": ca,
                      "eager_launch_us": statistics.median(launches) if launches else None}
            ro = [r for r in rows if r["mode"] == "ro"]
            if ro:
                ra, rb = fit([r["kernels"] for r in ro], [r[f"{scale}_ms"] for r in ro])
                fitted |= {"ro_call_ms": ra - ea, "ro_kernel_ms": rb, "ro_intercept_ms": ra}
            if kind == "chain":
                out[scale] = fitted  # the calibration's chain, as before
            out.setdefault("by_blocks", {}).setdefault(kind, {})[scale] = fitted
            print(kind, scale, {k: round(v, 4) for k, v in fitted.items() if v is not None}, flush=True)
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()

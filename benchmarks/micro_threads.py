"""How much slower a CPU training step runs on fewer intra-op threads: the constant `input` advice uses on the CPU
when it gives DataLoader workers cores of their own (torch.set_num_threads(cores - workers)). Measured on its own
models, none of the loops that score the advice: a transformer encoder layer and a small conv net, each trained
(forward, backward, AdamW) at T and T // 2 threads in alternating rounds, medians of the rounds.

    python benchmarks/micro_threads.py --json out.json
    python benchmarks/micro_threads.py --ops --json out.json

``alpha``: the step takes (T / T') ** alpha as long on T' threads (1: linear in the threads; 0: no change).

``--ops``: the same for single ATen ops (forward and backward kernels of a training step: GEMMs, convolutions,
elementwise ops, normalisations, reductions) on tensors of a few sizes either side of ATen's grain size (32,768
elements: ``at::internal::GRAIN_SIZE``, below which ``parallel_for`` runs on one thread): what `input` advice's
per-op scaling reads (``PARALLEL_ALPHA``: the median alpha of the ops whose largest tensor holds at least the grain
size; ops below it taken as not scaling).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from pathlib import Path

import torch
from torch import nn


def models() -> dict[str, tuple[nn.Module, torch.Tensor]]:
    torch.manual_seed(0)
    encoder = nn.TransformerEncoderLayer(d_model=256, nhead=8, dim_feedforward=1024, batch_first=True)
    conv = nn.Sequential(nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.Conv2d(32, 32, 3, padding=1), nn.ReLU(),
                         nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(32, 10))
    return {"encoder": (encoder, torch.randn(16, 64, 256)), "conv": (conv, torch.randn(16, 3, 48, 48))}


def step_ms(net: nn.Module, x: torch.Tensor, opt: torch.optim.Optimizer, steps: int) -> float:
    t0 = time.perf_counter()
    for _ in range(steps):
        loss = net(x).float().pow(2).mean()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
    return (time.perf_counter() - t0) * 1e3 / steps


GRAIN = 32768


def ops() -> dict[str, tuple[callable, int]]:
    """name -> (a call of one op, the numel of its largest tensor)."""
    torch.manual_seed(0)
    out = {}
    for n in (4096, 16384, 65536, 262144, 1048576):
        a, b = torch.randn(n), torch.randn(n)
        out[f"add {n}"] = (lambda a=a, b=b: torch.add(a, b), n)
        out[f"gelu {n}"] = (lambda a=a: torch.nn.functional.gelu(a), n)
        x = torch.randn(n // 256, 256)
        out[f"layer_norm {n}"] = (lambda x=x: torch.nn.functional.layer_norm(x, (256,)), n)
        out[f"sum dim {n}"] = (lambda x=x: x.sum(dim=0), n)
    for m, k, n in ((32, 64, 64), (64, 256, 256), (64, 1024, 1024), (256, 1024, 1024)):
        a, b = torch.randn(m, k), torch.randn(k, n)
        out[f"mm {m}x{k}x{n}"] = (lambda a=a, b=b: torch.mm(a, b), max(m * k, k * n, m * n))
    for batch, c, hw in ((4, 16, 16), (16, 32, 32), (32, 64, 32)):
        x, w = torch.randn(batch, c, hw, hw), torch.randn(c, c, 3, 3)
        out[f"conv2d {batch}x{c}x{hw}x{hw}"] = (lambda x=x, w=w: torch.nn.functional.conv2d(x, w, padding=1), x.numel())
    return out


def op_scaling(rounds: int, threads: int, fewer: int) -> dict:
    results = {}
    for name, (call, numel) in ops().items():
        reps = 1
        call()
        while True:  # enough calls for ~5 ms a timing
            t0 = time.perf_counter()
            for _ in range(reps):
                call()
            if time.perf_counter() - t0 > 5e-3 or reps > 1 << 16:
                break
            reps *= 2
        times: dict[int, list[float]] = {threads: [], fewer: []}
        for r in range(rounds + 1):
            for t in ((threads, fewer) if r % 2 == 0 else (fewer, threads)):
                torch.set_num_threads(t)
                t0 = time.perf_counter()
                for _ in range(reps):
                    call()
                if r:
                    times[t].append((time.perf_counter() - t0) * 1e6 / reps)
        torch.set_num_threads(threads)
        many, few = statistics.median(times[threads]), statistics.median(times[fewer])
        alpha = math.log(few / many) / math.log(threads / fewer)
        results[name] = {"numel": numel, "us": many, "us_fewer": few, "alpha": alpha}
        print(f"{name:24s} numel {numel:8d}: {many:9.1f} us at {threads} threads, {few:9.1f} at {fewer}: alpha {alpha:5.2f}")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--json", default=None)
    parser.add_argument("--ops", action="store_true", help="single ops either side of the grain size, not models")
    args = parser.parse_args()
    threads = torch.get_num_threads()
    fewer = max(1, threads // 2)
    out = {"torch": torch.__version__, "threads": threads, "fewer": fewer, "models": {}}
    if args.ops:
        out = {"torch": torch.__version__, "threads": threads, "fewer": fewer, "ops": op_scaling(args.rounds * 2, threads, fewer)}
        big = [o["alpha"] for o in out["ops"].values() if o["numel"] >= GRAIN]
        small = [o["alpha"] for o in out["ops"].values() if o["numel"] < GRAIN]
        out["parallel_alpha"] = statistics.median(big)
        out["small_alpha"] = statistics.median(small)
        print(f"ops at or above the grain size: median alpha {out['parallel_alpha']:.2f}; below it: {out['small_alpha']:.2f}")
        if args.json:
            Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
        return
    for name, (net, x) in models().items():
        opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
        times: dict[int, list[float]] = {threads: [], fewer: []}
        for r in range(args.rounds + 1):
            for t in ((threads, fewer) if r % 2 == 0 else (fewer, threads)):
                torch.set_num_threads(t)
                ms = step_ms(net, x, opt, args.steps)
                if r:
                    times[t].append(ms)
        torch.set_num_threads(threads)
        many, few = statistics.median(times[threads]), statistics.median(times[fewer])
        ratio = few / many
        out["models"][name] = {"ms": many, "ms_fewer": few, "ratio": ratio,
                               "alpha": math.log(ratio) / math.log(threads / fewer) if threads > fewer else None}
        print(f"{name}: {many:.2f} ms at {threads} threads, {few:.2f} ms at {fewer} (x{ratio:.2f})")
    alphas = [m["alpha"] for m in out["models"].values() if m["alpha"] is not None]
    out["alpha"] = statistics.mean(alphas) if alphas else None
    print(f"alpha {out['alpha']}")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()

"""How much slower a CPU training step runs on fewer intra-op threads: the constant `input` advice uses on the CPU
when it gives DataLoader workers cores of their own (torch.set_num_threads(cores - workers)). Measured on its own
models, none of the loops that score the advice: a transformer encoder layer and a small conv net, each trained
(forward, backward, AdamW) at T and T // 2 threads in alternating rounds, medians of the rounds.

    python benchmarks/micro_threads.py --json out.json

``alpha``: the step takes (T / T') ** alpha as long on T' threads (1: linear in the threads; 0: no change).
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    threads = torch.get_num_threads()
    fewer = max(1, threads // 2)
    out = {"torch": torch.__version__, "threads": threads, "fewer": fewer, "models": {}}
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

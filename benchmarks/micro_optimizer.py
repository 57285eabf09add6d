"""What ``fused=True`` keeps of an optimizer step's time, on its own micro-benchmark (never fitted on the training
loops that score the advice): AdamW over synthetic parameter sets (few large, many small tensors), stepped as a
for-loop (foreach=False), foreach and fused, interleaved in rounds; per set the median step of each, and the ratios
fused / for-loop and fused / foreach. On the CPU this gives ``fused_optimizer``'s CPU constants.

    python benchmarks/micro_optimizer.py --json out.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

import torch

SETS = {"20x256x256": (20, (256, 256)), "100x64x64": (100, (64, 64)), "400x16x16": (400, (16, 16))}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--steps", type=int, default=10)
    p.add_argument("--json", default=None)
    a = p.parse_args()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    out = {"device": torch.cuda.get_device_name(0) if device == "cuda" else "cpu", "torch": torch.__version__,
           "threads": torch.get_num_threads(), "sets": {}}
    styles = {"for-loop": {"foreach": False}, "foreach": {"foreach": True}, "fused": {"fused": True}}
    for name, (count, shape) in SETS.items():
        opts = {}
        for style, kw in styles.items():
            torch.manual_seed(0)
            params = [torch.nn.Parameter(torch.randn(*shape, device=device)) for _ in range(count)]
            for q in params:
                q.grad = torch.randn_like(q)
            opts[style] = torch.optim.AdamW(params, lr=1e-3, **kw)
            opts[style].step()
        times = {s: [] for s in styles}
        for lap in range(a.rounds):
            for style in list(styles)[lap % 3:] + list(styles)[:lap % 3]:
                sync()
                t0 = time.perf_counter()
                for _ in range(a.steps):
                    opts[style].step()
                sync()
                times[style].append((time.perf_counter() - t0) * 1e3 / a.steps)
        med = {s: statistics.median(v) for s, v in times.items()}
        out["sets"][name] = {"median_ms": med, "fused_over_for_loop": med["fused"] / med["for-loop"],
                             "fused_over_foreach": med["fused"] / med["foreach"]}
        print(name, {k: round(v, 3) for k, v in med.items()}, "fused/for-loop", round(med["fused"] / med["for-loop"], 3),
              "fused/foreach", round(med["fused"] / med["foreach"], 3), flush=True)
    out["keeps"] = {"for-loop": statistics.median(v["fused_over_for_loop"] for v in out["sets"].values()),
                    "foreach": statistics.median(v["fused_over_foreach"] for v in out["sets"].values())}
    print("keeps", out["keeps"])
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()

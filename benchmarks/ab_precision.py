"""The precision changes measured for real, in one process (issue 65): float32, float32 with TF32, and bf16 autocast
of sample_traces/scripts/train_precision.py's model, alternating in blocks of BLOCK steps (the first DROP after each
switch dropped), synchronised, ROUNDS blocks per arm after a warm-up: >= 80 steps per arm. Each block's share of the
float32 block beside it is one measurement; writes ab.json in benchmarks/ab_loader.py's form (arms -> median_ms,
saving_share, share_low / share_high: the 10th and 90th percentiles of the blocks' shares).

    python benchmarks/ab_precision.py --width 1024 --layers 6 --batch 32 --seq 256 --out ab.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "sample_traces" / "scripts"))
import train_precision as tp  # noqa: E402

BLOCK, DROP, ROUNDS = 12, 2, 8


def main() -> None:
    p = argparse.ArgumentParser()
    for name, default in (("width", 1024), ("layers", 6), ("batch", 32), ("seq", 256), ("vocab", 8192)):
        p.add_argument(f"--{name}", type=int, default=default)
    p.add_argument("--out", type=Path, required=True)
    a = p.parse_args()
    model, opt = tp.build(a.width, a.layers, a.seq + 1, a.vocab, "cuda")
    idx = torch.randint(0, a.vocab, (a.batch, a.seq + 1), device="cuda")
    arms = {"base": ("highest", False), "precision": ("high", False), "autocast": ("highest", True)}

    def block(precision: str, bf16: bool) -> list[float]:
        torch.set_float32_matmul_precision(precision)
        times = []
        for _ in range(BLOCK):
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            tp.step(model, opt, idx, bf16)
            torch.cuda.synchronize()
            times.append((time.perf_counter() - t0) * 1e3)
        return times[DROP:]

    for precision, bf16 in arms.values():  # warm-up
        block(precision, bf16)
    rounds: dict[str, list[float]] = {k: [] for k in arms}
    steps: dict[str, list[float]] = {k: [] for k in arms}
    for r in range(ROUNDS):
        order = list(arms)[r % 3:] + list(arms)[:r % 3]
        for name in order:
            t = block(*arms[name])
            steps[name] += t
            rounds[name].append(statistics.median(t))
    out = {"model": vars(a) | {"out": str(a.out)}, "device": torch.cuda.get_device_name(), "torch": torch.__version__,
           "block": BLOCK, "drop": DROP, "rounds": ROUNDS, "arms": {}}
    base = rounds["base"]
    for name in arms:
        shares = sorted(1 - x / b for x, b in zip(rounds[name], base))
        out["arms"][name] = {"median_ms": statistics.median(steps[name]), "steps": len(steps[name]),
                             "round_ms": rounds[name], "saving_share": 1 - statistics.median(steps[name]) / statistics.median(steps["base"]),
                             "share_low": shares[len(shares) // 10], "share_high": shares[-1 - len(shares) // 10],
                             "saving_ms": statistics.median(steps["base"]) - statistics.median(steps[name])}
    a.out.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps({k: round(v["saving_share"], 3) for k, v in out["arms"].items()}))


if __name__ == "__main__":
    main()

"""How much slower a CPU training step runs when torch's intra-op threads do not fit the cores other processes leave
free: the constant of the ``threads`` advice (:data:`traceview.analysis.advice.cpu.OVERSUBSCRIBED_SLOWDOWN`) and of
``input`` advice on such a host.

``--busy B`` sibling processes spin on the CPU (what "other processes kept B cores busy" means in meta.json's host
record); the training step of each model (forward, backward, AdamW) runs at T = all usable cores' threads and at the
threads that fit the rest (``fair`` = cores - B, at least 1), alternating in blocks of 10 steps inside one process,
the first 2 steps after each switch dropped, 10 blocks per arm after a warm-up: 80 steps per arm. The slowdown is
median(step at T) / median(step at fair). The models are micro_threads.py's (a transformer encoder layer and a small
conv net), none of the scripts that score the advice.

    python benchmarks/micro_oversubscribed.py --busy 1 --json benchmarks/results/micro_oversubscribed-cpu.json
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import statistics
import time
from pathlib import Path

import torch

from micro_threads import models


def _spin(stop) -> None:
    x = 0
    while not stop.is_set():
        for _ in range(100_000):
            x += 1


def _step(net, x, opt) -> float:
    t0 = time.perf_counter()
    loss = net(x).float().pow(2).mean()
    opt.zero_grad(set_to_none=True)
    loss.backward()
    opt.step()
    return (time.perf_counter() - t0) * 1e3


def measure(busy: int, spinning: bool, blocks: int = 10, block_steps: int = 10, drop: int = 2) -> dict:
    """Each model's step at all cores' threads and at the threads that fit beside ``busy`` busy cores; with
    ``spinning``, ``busy`` sibling processes keep those cores busy meanwhile (else the same thread counts on a quiet
    machine: the plain scaling)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    threads, fair = cores, max(1, cores - busy)
    stop = mp.Event()
    spinners = [mp.Process(target=_spin, args=(stop,), daemon=True) for _ in range(busy if spinning else 0)]
    for p in spinners:
        p.start()
    out = {}
    try:
        time.sleep(0.5)
        for name, (net, x) in models().items():
            opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
            steps: dict[int, list[float]] = {threads: [], fair: []}
            for n in (threads, fair):  # warm-up at both
                torch.set_num_threads(n)
                for _ in range(5):
                    _step(net, x, opt)
            for block in range(2 * blocks):
                n = (threads, fair)[block % 2]
                torch.set_num_threads(n)
                times = [_step(net, x, opt) for _ in range(block_steps)]
                steps[n] += times[drop:]
            at_t, at_fair = statistics.median(steps[threads]), statistics.median(steps[fair])
            out[name] = {"threads": threads, "fair_threads": fair, "step_ms_at_threads": round(at_t, 3),
                         "step_ms_at_fair": round(at_fair, 3), "steps_per_arm": len(steps[fair]),
                         "slowdown": round(at_t / at_fair, 3)}
    finally:
        stop.set()
        for p in spinners:
            p.join(timeout=5)
        torch.set_num_threads(cores)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--busy", type=int, default=1, help="sibling processes that spin (default 1)")
    parser.add_argument("--json", type=Path, help="write the result here")
    args = parser.parse_args()
    result = {"script": "benchmarks/micro_oversubscribed.py", "busy": args.busy, "torch": torch.__version__,
              "machine": f"{platform.machine()}, {os.cpu_count()} cores", "date": time.strftime("%Y-%m-%d"),
              "quiet": measure(args.busy, spinning=False), "busy_siblings": measure(args.busy, spinning=True)}
    slow = [m["slowdown"] for m in result["busy_siblings"].values()]
    result["slowdown_median"] = round(statistics.median(slow), 3)
    text = json.dumps(result, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()

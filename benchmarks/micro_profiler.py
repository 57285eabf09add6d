"""What torch.profiler costs the host per event it records: the constant behind the unprofiled step of a bare trace
(one with no meta.json to say how long a step takes without the profiler).

A step of tiny ops (N blocks of add, mul, relu and a sum on 1,024 floats, on CUDA when there is a GPU, else the CPU)
is timed without the profiler and under ``torch.profiler.profile`` with the activities ``traceview profile`` records
(CPU, and CUDA on a GPU; no shapes, no stack), alternating blocks of steps in one process. The trace of the profiled
steps is exported and its host events per step counted (every complete event on a CPU thread: ops, launches,
annotations). The cost per event is::

    (profiled step ms - unprofiled step ms) / host events per step

fitted over several chain lengths (least squares through the per-length means), so a step's fixed cost drops out.

    python benchmarks/micro_profiler.py --out benchmarks/results/micro_profiler-<machine>.json
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import statistics
import tempfile
import time

import torch


def step(x: torch.Tensor, blocks: int) -> torch.Tensor:
    y = x
    for _ in range(blocks):
        y = torch.relu(y * 1.0001 + 0.5)
    return y.sum()


def timed(x: torch.Tensor, blocks: int, steps: int, cuda: bool) -> float:
    """ms per step, synchronised at both ends."""
    if cuda:
        torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(steps):
        step(x, blocks)
    if cuda:
        torch.cuda.synchronize()
    return (time.perf_counter() - t0) * 1e3 / steps


def host_events(path: str, steps: int) -> float:
    """Complete events on CPU threads per step in an exported trace (GPU activities are on GPU 'pids')."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        events = json.load(f)["traceEvents"]
    gpu_cats = {"kernel", "gpu_memcpy", "gpu_memset", "gpu_user_annotation"}
    n = sum(1 for e in events if e.get("ph") == "X" and e.get("cat") not in gpu_cats)
    return n / steps


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--lengths", default="25,50,100,200")
    p.add_argument("--steps", type=int, default=20)
    p.add_argument("--rounds", type=int, default=6)
    p.add_argument("--out", default=None)
    a = p.parse_args()
    cuda = torch.cuda.is_available()
    device = "cuda" if cuda else "cpu"
    x = torch.randn(1024, device=device)
    activities = [torch.profiler.ProfilerActivity.CPU] + ([torch.profiler.ProfilerActivity.CUDA] if cuda else [])
    rows = []
    for blocks in [int(v) for v in a.lengths.split(",")]:
        for _ in range(3):
            timed(x, blocks, a.steps, cuda)  # warm up
        off, on, events = [], [], []
        for r in range(a.rounds):  # alternate: off, on, off, on, ...
            off.append(timed(x, blocks, a.steps, cuda))
            with torch.profiler.profile(activities=activities) as prof:
                on.append(timed(x, blocks, a.steps, cuda))
            if r == 0:
                with tempfile.TemporaryDirectory() as d:
                    path = os.path.join(d, "t.json")
                    prof.export_chrome_trace(path)
                    events.append(host_events(path, a.steps))
        rows.append({"blocks": blocks, "off_ms": statistics.median(off), "on_ms": statistics.median(on),
                     "host_events_per_step": events[0]})
    xs = [r["host_events_per_step"] for r in rows]
    ys = [r["on_ms"] - r["off_ms"] for r in rows]
    mx, my = statistics.mean(xs), statistics.mean(ys)
    slope = sum((x_ - mx) * (y_ - my) for x_, y_ in zip(xs, ys)) / sum((x_ - mx) ** 2 for x_ in xs)
    result = {"device": torch.cuda.get_device_name() if cuda else "cpu", "host": platform.node(),
              "cpu": platform.processor() or platform.machine(), "torch": torch.__version__,
              "date": time.strftime("%Y-%m-%d"), "rows": rows, "us_per_event": round(slope * 1e3, 3),
              "script": "benchmarks/micro_profiler.py"}
    text = json.dumps(result, indent=1)
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()

"""The hand-over of a batch from DataLoader workers as a *training step* feels it (issue 33), on its own micro-benchmark:
never one of the loops that score the advice (``sample_traces/scripts/train_loader.py``'s models).

``micro_host.py``'s ``handover`` times it beside a step of small matmuls (1-8 ms of host work, ~1.0 ms + 0.23 ms/MB
on the H200 host). A training step is different host work: many small modules, autograd's backward on its own
device thread, an optimizer step, a ``loss.item()``; and the workers are busy making batches, not cloning a ready
one. Here the step is a generic network's (``depth`` blocks of Linear(256, 256) + LayerNorm + GELU, a linear head,
AdamW, ``loss.item()`` every step, the batch copied to the GPU from pageable memory) and two arms alternate in
rounds in one process:

- ``ready``: the step over one batch made once in the process (no cost to make it: the step's own time);
- ``workers``: min(4, cores - 1) persistent workers make each batch (``batch`` samples collated, each sample
  ``work_ms / batch`` of small torch ops first: the CPU a pipeline's transform takes per batch).

Per (depth, work_ms): the median over rounds of the workers round's ms per step less the ready round's of the same
lap (the first lap dropped), its spread, and the steps' own time. What the advice takes from it (declared before
the run, docs/benchmarks.md): ``extra = a + b * step_ms + c * work_ms``, least squares over the grid.

    python benchmarks/micro_handover_train.py --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

WIDTH = 256
CLASSES = 10


class Samples(Dataset):
    """``n`` samples (WIDTH floats, a label); each first spends ``spin_ms`` in small torch ops (a transform)."""

    def __init__(self, n: int, spin_ms: float):
        self.n, self.spin_ms = n, spin_ms

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        gen = torch.Generator().manual_seed(i)
        x = torch.randn(WIDTH, generator=gen)
        t0 = time.perf_counter()
        while (time.perf_counter() - t0) * 1e3 < self.spin_ms:
            x = (x + 0.01 * torch.randn(WIDTH, generator=gen)).sub_(x.mean()).div_(x.std() + 1e-6)
        return x, torch.randint(0, CLASSES, (), generator=gen)


def net_of(depth: int, inputs: int = WIDTH) -> nn.Module:
    """The generic network: Linear(inputs, WIDTH) when the input is wider, ``depth`` blocks of Linear(WIDTH) +
    LayerNorm + GELU, a linear head."""
    blocks = [nn.Sequential(nn.Linear(WIDTH, WIDTH), nn.LayerNorm(WIDTH), nn.GELU()) for _ in range(depth)]
    first = [nn.Linear(inputs, WIDTH)] if inputs != WIDTH else []
    return nn.Sequential(*first, *blocks, nn.Linear(WIDTH, CLASSES))


def train_steps(net, opt, batches, steps: int, device, pinned: bool = False) -> tuple[float, float]:
    """(ms per step, ms per step in ``next(batches)``) over ``steps`` training steps (each: a batch, its copy to
    the device -- non-blocking when ``pinned`` -- forward, backward, AdamW, loss.item()); synchronised at both ends."""
    sync = torch.cuda.synchronize if device.type == "cuda" else (lambda *a: None)
    sync(device)
    waited = 0.0
    t0 = time.perf_counter()
    for _ in range(steps):
        t1 = time.perf_counter()
        x, y = next(batches)
        waited += time.perf_counter() - t1
        x, y = x.to(device, non_blocking=pinned), y.to(device, non_blocking=pinned)
        loss = nn.functional.cross_entropy(net(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        loss.item()
    sync(device)
    return (time.perf_counter() - t0) * 1e3 / steps, waited * 1e3 / steps


def steps_ms(net, opt, batches, steps: int, device) -> float:
    """Mean ms per training step (:func:`train_steps`, pageable copies)."""
    return train_steps(net, opt, batches, steps, device)[0]


def cell(depth: int, work_ms: float, workers: int, batch: int, rounds: int, steps: int, device) -> dict:
    torch.manual_seed(0)
    net = net_of(depth).to(device)
    opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
    n = batch * (rounds + 1) * (steps + 2 * workers + 2) + batch * 64
    data = Samples(n, work_ms / batch)
    made = [data[i] for i in range(batch)]
    ready_batch = (torch.stack([s[0] for s in made]), torch.stack([s[1] for s in made]))

    def ready():
        while True:
            yield ready_batch

    loader = DataLoader(data, batch_size=batch, num_workers=workers, persistent_workers=True, drop_last=True)
    ready_it, worker_it = ready(), iter(loader)
    steps_ms(net, opt, ready_it, 5, device)
    steps_ms(net, opt, worker_it, 2 * workers + 2, device)
    diffs, base, via = [], [], []
    for r in range(rounds + 1):
        order = (0, 1) if r % 2 == 0 else (1, 0)
        got = {}
        for arm in order:
            if arm == 0:
                steps_ms(net, opt, ready_it, 2, device)
                got[0] = steps_ms(net, opt, ready_it, steps, device)
            else:
                steps_ms(net, opt, worker_it, 2 * workers + 2, device)  # drain what the workers made meanwhile
                got[1] = steps_ms(net, opt, worker_it, steps, device)
        if r:
            diffs.append(got[1] - got[0])
            base.append(got[0])
            via.append(got[1])
    del worker_it, loader
    return {"depth": depth, "work_ms": work_ms, "workers": workers, "batch": batch, "rounds": rounds, "steps": steps,
            "step_ms": statistics.median(base), "workers_step_ms": statistics.median(via),
            "extra_ms": statistics.median(diffs), "extra_p10_ms": float(np.percentile(diffs, 10)),
            "extra_p90_ms": float(np.percentile(diffs, 90))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", default="4,12,32")
    parser.add_argument("--work-ms", default="0,4")
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=16)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    device = torch.device(args.device)
    cores = len(os.sched_getaffinity(0))
    workers = max(1, min(4, cores - 1))
    rows = []
    for depth in (int(d) for d in args.depths.split(",")):
        for work in (float(w) for w in args.work_ms.split(",")):
            row = cell(depth, work, workers, args.batch, args.rounds, args.steps, device)
            rows.append(row)
            print(json.dumps(row), flush=True)
    # a cell whose workers cannot keep up (their batches take longer than the steps: work_ms / workers >= half the
    # step) measures the workers' pace, not the hand-over: left out of the fit, and said
    for r in rows:
        r["worker_bound"] = r["work_ms"] / r["workers"] >= 0.5 * r["step_ms"]
    fit = [r for r in rows if not r["worker_bound"]]
    x = np.array([[1.0, r["step_ms"], r["work_ms"]] for r in fit])
    a, b, c = np.linalg.lstsq(x, np.array([r["extra_ms"] for r in fit]), rcond=None)[0]
    result = {"torch": torch.__version__, "device": torch.cuda.get_device_name(0) if device.type == "cuda" else "cpu", "cores": cores, "rows": rows,
              "handover_train_ms": float(a), "per_step_ms": float(b), "per_work_ms": float(c)}
    print(json.dumps({k: v for k, v in result.items() if k != "rows"}))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()

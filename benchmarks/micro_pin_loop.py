"""What ``pin_memory=True`` costs a training loop *without* workers (issue 33, ``pageable_copy``), on its own
micro-benchmark: never one of the loops that score the advice (``sample_traces/scripts/train_loader.py``'s models).

``micro_host.py``'s ``pin_gb_s``/``pin_ms`` time ``tensor.pin_memory()`` alone, over and over on one tensor (0.17 ms
for 16 MB on the H200 host: its intra-op threads idle, the source in cache). A DataLoader with ``num_workers=0`` and
``pin_memory=True`` pins each fresh batch in the training process, between steps whose GPU work is still running and
whose non-blocking copies hold the caching host allocator's blocks until their events complete. Here a generic
network's training step (Linear(K, 256), 12 blocks of Linear(256) + LayerNorm + GELU, AdamW, ``loss.item()`` every
step) takes each batch from an in-process DataLoader (64 samples collated, ``bytes`` of float32 data and int64 labels),
two arms alternating in rounds in one process:

- ``pageable``: ``pin_memory=False``, ``.to(device)``;
- ``pinned``: ``pin_memory=True``, ``.to(device, non_blocking=True)``.

Per batch size: the median over rounds of the pinned round's ``__next__`` ms per step less the pageable round's of
the same lap (what pinning adds to taking the batch), and the same for the whole step. What the advice would take
from it (declared before the run, docs/benchmarks.md): ``pin = a + b * MB`` from the ``__next__`` differences, least
squares over the sizes.

    python benchmarks/micro_pin_loop.py --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

import numpy as np
import torch
from torch.utils.data import DataLoader

sys.path.insert(0, str(Path(__file__).resolve().parent))
import micro_handover_train as handover  # noqa: E402  (the same generic network and step)
from micro_handover_train import CLASSES, WIDTH, net_of, train_steps  # noqa: E402

BATCH = 64


class Samples(handover.Samples):
    """``n`` samples of ``k`` float32 values and a label, each made afresh (cheaply: a fill; no transform)."""

    def __init__(self, n: int, k: int):
        super().__init__(n, 0.0)
        self.k = k

    def __getitem__(self, i):
        return torch.full((self.k,), float(i % 97) / 97), torch.tensor(i % CLASSES)


def forever(loader):
    while True:
        yield from loader


def size_row(nbytes: int, rounds: int, steps: int, device) -> dict:
    k = max(WIDTH, nbytes // (4 * BATCH))
    torch.manual_seed(0)
    net = net_of(12, k).to(device)
    opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
    data = Samples(BATCH * 4096, k)
    its = {False: forever(DataLoader(data, batch_size=BATCH, num_workers=0, pin_memory=False)),
           True: forever(DataLoader(data, batch_size=BATCH, num_workers=0, pin_memory=True))}
    for pinned in (False, True):
        train_steps(net, opt, its[pinned], 5, device, pinned)
    step_d, next_d, base_step, base_next = [], [], [], []
    for r in range(rounds + 1):
        got = {}
        for pinned in ((False, True) if r % 2 == 0 else (True, False)):
            train_steps(net, opt, its[pinned], 2, device, pinned)
            got[pinned] = train_steps(net, opt, its[pinned], steps, device, pinned)
        if r:
            step_d.append(got[True][0] - got[False][0])
            next_d.append(got[True][1] - got[False][1])
            base_step.append(got[False][0])
            base_next.append(got[False][1])
    return {"bytes": BATCH * k * 4, "rounds": rounds, "steps": steps, "step_ms": statistics.median(base_step),
            "next_ms": statistics.median(base_next), "pin_next_ms": statistics.median(next_d),
            "pin_next_p10_ms": float(np.percentile(next_d, 10)), "pin_next_p90_ms": float(np.percentile(next_d, 90)),
            "pin_step_ms": statistics.median(step_d), "pin_step_p10_ms": float(np.percentile(step_d, 10)),
            "pin_step_p90_ms": float(np.percentile(step_d, 90))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes-kb", default="256,1024,3072,8192")
    parser.add_argument("--rounds", type=int, default=16)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    device = torch.device(args.device)
    rows = []
    for kb in (int(s) for s in args.sizes_kb.split(",")):
        row = size_row(kb << 10, args.rounds, args.steps, device)
        rows.append(row)
        print(json.dumps(row), flush=True)
    b, a = np.polyfit([r["bytes"] / 1e6 for r in rows], [r["pin_next_ms"] for r in rows], 1)
    result = {"torch": torch.__version__, "device": torch.cuda.get_device_name(0) if device.type == "cuda" else "cpu", "cores": len(os.sched_getaffinity(0)),
              "rows": rows, "pin_ms": float(a), "pin_ms_per_mb": float(b)}
    print(json.dumps({k: v for k, v in result.items() if k != "rows"}))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()

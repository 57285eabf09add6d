"""The host costs the `input`, `sync` and `pageable_copy` models use, each on its own micro-benchmark (never
fitted on the training loops that score the advice):

- ``fetch_ms``: what the training process pays per batch to receive it from a DataLoader worker (queue, shared
  memory, unpickling), with the worker ahead: ``next()`` on a one-worker loader over ready-made batches, minus
  the same ``next()`` in-process over the same batches; by batch size in bytes (``fetch_ms = a + bytes / b``).
- ``pin_gb_s`` and ``pin_ms``: ``pin_memory()`` of a batch (what pin_memory=True adds in the training process
  without workers), per call and per byte.
- ``async_copy_ms``: host time of ``.to(device, non_blocking=True)`` from pinned memory (GPU only).

    python benchmarks/micro_host.py --json out.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class Ready(Dataset):
    def __init__(self, batch: torch.Tensor, n: int):
        self.batch, self.n = batch, n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return self.batch


def next_ms(loader: DataLoader, n: int, ahead_s: float) -> float:
    it = iter(loader)
    next(it)
    time.sleep(ahead_s)  # the worker fills its prefetch queue
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        next(it)
        out.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(out)


def fetch_costs(sizes: list[int]) -> list[dict]:
    rows = []
    for nbytes in sizes:
        batch = torch.zeros(nbytes // 4, dtype=torch.float32)
        plain = DataLoader(Ready(batch, 64), batch_size=None, num_workers=0)
        worker = DataLoader(Ready(batch, 64), batch_size=None, num_workers=1, prefetch_factor=8)
        inproc, via = next_ms(plain, 6, 0.0), next_ms(worker, 6, 0.5)
        rows.append({"bytes": nbytes, "in_process_ms": inproc, "from_worker_ms": via, "fetch_ms": max(via - inproc, 0.0)})
    return rows


def pin_costs(sizes: list[int]) -> list[dict]:
    rows = []
    for nbytes in sizes:
        t = torch.zeros(nbytes // 4, dtype=torch.float32)
        t.pin_memory()
        out = []
        for _ in range(20):
            t0 = time.perf_counter()
            t.pin_memory()
            out.append((time.perf_counter() - t0) * 1e3)
        rows.append({"bytes": nbytes, "pin_ms": statistics.median(out)})
    return rows


def line(rows: list[dict], y: str) -> tuple[float, float]:
    """Least squares y_ms = a + bytes * per_byte: (a, per_byte_ms)."""
    x = np.array([r["bytes"] for r in rows], dtype=float)
    v = np.array([r[y] for r in rows], dtype=float)
    per_byte, a = np.polyfit(x, v, 1)
    return max(float(a), 0.0), max(float(per_byte), 0.0)


def async_copy_ms() -> float | None:
    if not torch.cuda.is_available():
        return None
    t = torch.zeros(1 << 18).pin_memory()
    for _ in range(5):
        t.to("cuda", non_blocking=True)
    torch.cuda.synchronize()
    out = []
    for _ in range(50):
        t0 = time.perf_counter()
        t.to("cuda", non_blocking=True)
        out.append((time.perf_counter() - t0) * 1e3)
    torch.cuda.synchronize()
    return statistics.median(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    sizes = [1 << 12, 1 << 18, 1 << 20, 1 << 22, 1 << 24]
    fetch = fetch_costs(sizes)
    fetch_a, fetch_b = line(fetch, "fetch_ms")
    result = {"torch": torch.__version__, "cores": len(__import__("os").sched_getaffinity(0)),
              "fetch": fetch, "fetch_ms": fetch_a, "fetch_ms_per_mb": fetch_b * 1e6}
    if torch.cuda.is_available():
        pin = pin_costs(sizes)
        pin_a, pin_b = line(pin, "pin_ms")
        result.update({"device": torch.cuda.get_device_name(0), "pin": pin, "pin_ms": pin_a,
                       "pin_gb_s": (1e-6 / pin_b) if pin_b else None, "async_copy_ms": async_copy_ms()})
    text = json.dumps(result, indent=1)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n")


if __name__ == "__main__":
    main()

"""The host costs the `input`, `sync` and `pageable_copy` models use, each on its own micro-benchmark (never
fitted on the training loops that score the advice):

- ``fetch_ms``: what the training process pays per batch to receive it from a DataLoader worker (queue, shared
  memory, unpickling), with the worker ahead: ``next()`` on a one-worker loader over ready-made batches, minus
  the same ``next()`` in-process over the same batches; by batch size in bytes (``fetch_ms = a + bytes / b``).
- ``fetch_base_ms``, ``fetch_per_tensor_ms``: the same as ``input`` advice sets a loop up (min(4, cores - 1)
  persistent workers) while the training process works between batches (3 ms of small torch ops), for batches
  of 1, 2 and 4 tensors (a training batch is a tuple, each tensor a shared-memory segment whose file descriptor
  the training process receives and maps): ``fetch = fetch_base_ms + tensors * fetch_per_tensor_ms``.
- ``touch_ms_per_mb``: the first use of a batch from a worker (its copy to the GPU, or a read on the CPU) against
  the same batch collated in the process: the worker's shared memory is mapped afresh, its pages faulted in.
- ``handover_ms`` and ``handover_ms_per_mb``: the whole hand-over as a training loop feels it: a loop whose step
  takes its batch ``(data, labels)``, copies it to the device (pageable, as the loop does) and does ``busy_ms`` of
  host work (small kernels launched; on the CPU small torch ops) then waits for the device, its batches from
  min(4, cores - 1) persistent workers making them fresh, against the same loop over a ready batch in-process
  (no cost to make it): the difference per step, arms alternating in rounds in one process, by data size. It
  holds what ``next()`` and the first touch miss: the step's own work slowed beside the workers and the
  segments' unmapping.
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
    """The same ready-made batch ``n`` times (a tensor, or a tuple of them)."""

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


def busy_next_ms(loader: DataLoader, n: int, busy_ms: float, first_use=None) -> float:
    """Mean ``next()`` over ``n`` batches with ``busy_ms`` of small torch ops between them (a training step's
    host work), all batches prefetched first; with ``first_use``, the mean of ``first_use(batch)`` right after each
    ``next()`` instead. The mean, not the median: with several workers, batches arrive out of order and one
    ``next()`` unpickles those it passes for the calls after it."""
    it = iter(loader)
    next(it)
    time.sleep(1.0)
    a = torch.randn(64, 64)
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        batch = next(it)
        if first_use is not None:
            t0 = time.perf_counter()
            first_use(batch)
        out.append((time.perf_counter() - t0) * 1e3)
        t1 = time.perf_counter()
        while (time.perf_counter() - t1) * 1e3 < busy_ms:
            a @ a
    return statistics.mean(out)


def fetch_by_tensors(counts: list[int], workers: int, nbytes: int = 1 << 18, n: int = 40, busy_ms: float = 3.0) -> list[dict]:
    """What ``input`` advice changes a loop to: ``workers`` workers, persistent, each batch a tuple of ``counts``
    tensors (``nbytes`` each) received while the training process works between batches: mean ``next()`` less the
    same in-process."""
    rows = []
    for k in counts:
        batch = tuple(torch.zeros(nbytes // 4, dtype=torch.float32) for _ in range(k))
        plain = DataLoader(Ready(batch, 4 * n), batch_size=None, num_workers=0)
        worker = DataLoader(Ready(batch, 4 * n), batch_size=None, num_workers=workers, prefetch_factor=n // workers + 2,
                            persistent_workers=True)
        inproc, via = busy_next_ms(plain, n, busy_ms), busy_next_ms(worker, n, busy_ms)
        rows.append({"tensors": k, "bytes_each": nbytes, "workers": workers, "busy_ms": busy_ms, "in_process_ms": inproc,
                     "from_worker_ms": via, "fetch_ms": max(via - inproc, 0.0)})
    return rows


class Fresh(Ready):
    """A new copy of the batch each time, as a dataset's transform makes one (written where it is made)."""

    def __getitem__(self, i):
        return tuple(t.clone() for t in self.batch)


def first_use(batch, device: str) -> None:
    """A batch's first use: its copy to the GPU (pageable, then synchronised), or a read of every element."""
    x, y = batch
    if device == "cuda":
        x.to(device), y.to(device)
        torch.cuda.synchronize()
    else:
        float(x.sum()), int(y.sum())


def touch_costs(sizes: list[int], workers: int, n: int = 30, busy_ms: float = 3.0) -> list[dict]:
    """A batch from a worker is shared memory the training process maps afresh: its first use (the copy to the
    GPU, or a read) faults its pages in, where a batch made in the process is warm. Per batch of ``(data, labels)``
    with data of each size, made fresh by the dataset: the first use from ``workers`` workers less in-process."""
    device = "cuda" if torch.cuda.is_available() else "cpu"
    rows = []
    for nbytes in sizes:
        batch = (torch.zeros(nbytes // 4, dtype=torch.float32), torch.zeros(64, dtype=torch.int64))
        plain = DataLoader(Fresh(batch, 4 * n), batch_size=None, num_workers=0)
        worker = DataLoader(Fresh(batch, 4 * n), batch_size=None, num_workers=workers, prefetch_factor=n // workers + 2,
                            persistent_workers=True)
        use = lambda b: first_use(b, device)  # noqa: E731
        inproc, via = busy_next_ms(plain, n, busy_ms, use), busy_next_ms(worker, n, busy_ms, use)
        rows.append({"bytes": nbytes, "workers": workers, "device": device, "in_process_ms": inproc, "from_worker_ms": via,
                     "extra_ms": via - inproc})
    return rows


def ops_per_ms(a: torch.Tensor) -> float:
    """How many small kernels (on the CPU: small matmuls) the host issues per ms, alone: a fixed amount of work, so
    that interference shows as time."""
    sync = torch.cuda.synchronize if a.is_cuda else (lambda: None)
    for _ in range(200):
        a @ a
    sync()
    best = 0.0
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(500):
            a @ a
        best = max(best, 500 / ((time.perf_counter() - t0) * 1e3))
        sync()
    return best


def loop_ms(it, steps: int, ops: int, device: str, a: torch.Tensor) -> float:
    """Mean ms per step of ``steps`` steps: take a batch, copy it to the device (pageable), ``ops`` small kernels
    launched (the step's host work), wait for the device; synchronised at both ends."""
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    sync()
    t0 = time.perf_counter()
    for _ in range(steps):
        x, y = next(it)
        if device == "cuda":
            x, y = x.to(device), y.to(device)
        else:
            float(x[::1024].sum())
        for _ in range(ops):
            a @ a
        sync()
    return (time.perf_counter() - t0) * 1e3 / steps


def handover_costs(sizes: list[int], workers: int, busy: list[float], rounds: int = 9, steps: int = 20) -> list[dict]:
    """Per data size and host work per step: the loop's ms per step with batches from ``workers`` persistent workers
    (made fresh there) less the same loop over a ready batch in the process, alternating in ``rounds`` rounds (the
    first dropped), the median of the rounds' differences."""
    device = "cuda" if torch.cuda.is_available() else "cpu"
    a = torch.randn(64, 64, device=device)
    rate = ops_per_ms(a)
    rows = []
    for nbytes in sizes:
        batch = (torch.zeros(nbytes // 4, dtype=torch.float32), torch.zeros(64, dtype=torch.int64))
        n = (rounds + 1) * (steps + 2) * len(busy) + 64
        plain = iter(DataLoader(Ready(batch, n), batch_size=None, num_workers=0))
        worker = iter(DataLoader(Fresh(batch, n), batch_size=None, num_workers=workers, persistent_workers=True))
        for b in busy:
            ops = max(1, round(b * rate))
            diffs, base = [], []
            for r in range(rounds):
                loop_ms(plain, 2, ops, device, a)
                p = loop_ms(plain, steps, ops, device, a)
                loop_ms(worker, 2, ops, device, a)
                w = loop_ms(worker, steps, ops, device, a)
                if r:
                    diffs.append(w - p)
                    base.append(p)
            rows.append({"bytes": nbytes, "busy_ms": b, "ops": ops, "workers": workers, "device": device,
                         "in_process_ms": statistics.median(base), "handover_ms": statistics.median(diffs),
                         "spread_ms": [min(diffs), max(diffs)]})
        del worker
    return rows


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
    cores = len(__import__("os").sched_getaffinity(0))
    by_tensors = fetch_by_tensors([1, 2, 4], max(1, min(4, cores - 1)))
    per_tensor = np.polyfit([r["tensors"] for r in by_tensors], [r["fetch_ms"] for r in by_tensors], 1)
    touch = touch_costs([1 << 18, 1 << 20, 1 << 22, 1 << 23], max(1, min(4, cores - 1)))
    touch_a, touch_b = line(touch, "extra_ms")
    handover = handover_costs([1 << 18, 1 << 20, 3 << 20, 8 << 20], max(1, min(4, cores - 1)), [1.0, 3.0, 8.0])
    at3 = [r for r in handover if r["busy_ms"] == 3.0]
    hand_a, hand_b = line(at3, "handover_ms")
    result = {"torch": torch.__version__, "cores": len(__import__("os").sched_getaffinity(0)),
              "fetch": fetch, "fetch_ms": fetch_a, "fetch_ms_per_mb": fetch_b * 1e6,
              "fetch_tensors": by_tensors, "fetch_base_ms": max(float(per_tensor[1]), 0.0),
              "fetch_per_tensor_ms": max(float(per_tensor[0]), 0.0),
              "touch": touch, "touch_ms_per_mb": touch_b * 1e6,
              "handover": handover, "handover_ms": hand_a, "handover_ms_per_mb": hand_b * 1e6}
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

"""How the pin-memory thread holds the interpreter while it takes a batch from the DataLoader's workers (issue 33's
`pageable_copy` with workers): with ``pin_memory=True`` that thread, not the training thread, unpickles each batch
(the shared-memory handles of its tensors) and pins it, and it needs the GIL to run Python. Measured on its own,
never on the training loops that score the advice.

A training thread that releases the GIL for a moment (a torch op: ``torch.empty(0)``, whose binding drops the GIL
as every op's does) over and over waits, each time the pin-memory thread took the GIL meanwhile, until that thread
lets it go: each such wait is one *hold* of the pin-memory thread. Per step: ``next()`` (the batch the pin-memory
thread had ready), then ``probe_ms`` of such probes while the thread hands over the next batch; the waits over the
probes' own median are its holds. Per batch: how many holds, their lengths (median, mean, 90th percentile), and
their sum (``held_ms``: the hand-over's part under the GIL). Batches ``(data, labels)`` made fresh by
min(4, cores - 1) persistent workers, data of 256 KB to 8 MB.

Without CUDA the DataLoader pins nothing and hands over in ``next()`` itself, so a thread of this script plays the
pin-memory thread (iterates the loader, puts each batch on a queue), as ``torch.utils.data``'s does.

    python benchmarks/micro_gil.py --json out.json
"""

from __future__ import annotations

import argparse
import json
import queue
import statistics
import threading
import time
from pathlib import Path

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class Fresh(Dataset):
    """A batch of ``(data, labels)`` copied anew each time, as a worker's transform makes one."""

    def __init__(self, nbytes: int, n: int, tensors: int = 2):
        self.batch = (torch.zeros(nbytes // 4, dtype=torch.float32), *[torch.zeros(64, dtype=torch.int64)] * (tensors - 1))
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return tuple(t.clone() for t in self.batch)


def batches(nbytes: int, n: int, workers: int, tensors: int):
    """An iterator of batches as the training thread takes them: pinned by the DataLoader's own pin-memory thread on
    CUDA, else through a thread of this script doing its part (take from the workers, put on a queue)."""
    data = Fresh(nbytes, n, tensors)
    if torch.cuda.is_available():
        return iter(DataLoader(data, batch_size=None, num_workers=workers, persistent_workers=True, pin_memory=True))
    source, ready = iter(DataLoader(data, batch_size=None, num_workers=workers, persistent_workers=True)), queue.Queue(2)

    def pin_thread():
        try:
            for b in source:
                ready.put(b)
            ready.put(None)
        except Exception:  # the interpreter is shutting down under it
            pass

    threading.Thread(target=pin_thread, daemon=True).start()
    return iter(ready.get, None)


def probes(ms: float) -> np.ndarray:
    """Each probe's time in µs (a GIL-releasing op) for ``ms`` ms."""
    out = []
    end = time.perf_counter() + ms / 1e3
    empty, clock = torch.empty, time.perf_counter
    t = clock()
    while t < end:
        empty(0)
        t1 = clock()
        out.append(t1 - t)
        t = t1
    return np.asarray(out) * 1e6


def holds(nbytes: int, workers: int, tensors: int, steps: int, probe_ms: float, threshold_us: float) -> dict:
    quiet = np.concatenate([probes(probe_ms) for _ in range(5)])  # no hand-over running: the probe alone
    base = float(np.median(quiet))
    it = batches(nbytes, steps + 16, workers, tensors)
    for _ in range(6):  # the workers started, the queue full
        next(it)
        probes(probe_ms)
    per_batch, lengths = [], []
    for _ in range(steps):
        next(it)
        extra = probes(probe_ms) - base
        held = extra[extra > threshold_us]
        per_batch.append((len(held), float(held.sum()) / 1e3))
        lengths.extend(held.tolist())
    quiet_extra = quiet - base
    lengths = np.sort(np.asarray(lengths)) if lengths else np.zeros(1)
    # the hold lengths by the held time they carry: the length at the middle of each tenth of all the held time
    carried = np.cumsum(lengths) / lengths.sum()
    weighted = [float(lengths[min(np.searchsorted(carried, (k + 0.5) / 10), len(lengths) - 1)]) for k in range(10)]
    return {"bytes": nbytes, "tensors": tensors, "workers": workers, "probe_us": base,
            "holds_per_batch": statistics.median(n for n, _ in per_batch),
            "held_ms": statistics.median(h for _, h in per_batch),
            "hold_us_median": float(np.median(lengths)), "hold_us_mean": float(lengths.mean()),
            "hold_us_p90": float(np.percentile(lengths, 90)), "hold_us_by_time": weighted,
            "quiet_over_threshold_per_ms": float((quiet_extra > threshold_us).sum()) / (5 * probe_ms),
            "quiet_held_ms_per_step": float(quiet_extra[quiet_extra > threshold_us].sum()) / 1e3 / 5,
            "pinned": torch.cuda.is_available()}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="262144,1048576,3145728,8388608")
    p.add_argument("--tensors", default="2,4")
    p.add_argument("--steps", type=int, default=40)
    p.add_argument("--probe-ms", type=float, default=8.0)
    p.add_argument("--threshold-us", type=float, default=5.0)
    p.add_argument("--json", type=Path)
    a = p.parse_args()
    import os
    workers = max(1, min(4, (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()) - 1))
    rows = []
    for tensors in map(int, a.tensors.split(",")):
        for nbytes in map(int, a.sizes.split(",")):
            r = holds(nbytes, workers, tensors, a.steps, a.probe_ms, a.threshold_us)
            rows.append(r)
            print(f"{nbytes / 2**20:5.2f} MB x{tensors}: {r['holds_per_batch']:.0f} holds per batch, {r['held_ms']:.3f} ms "
                  f"held; hold median {r['hold_us_median']:.1f} µs, mean {r['hold_us_mean']:.1f}, p90 {r['hold_us_p90']:.1f} "
                  f"by held time {[round(x) for x in r['hold_us_by_time']]} (probe {r['probe_us']:.2f} µs; quiet over threshold {r['quiet_over_threshold_per_ms']:.2f}/ms)", flush=True)
    out = {"host": {"cores": os.cpu_count(), "torch": torch.__version__,
                    "device": torch.cuda.get_device_name() if torch.cuda.is_available() else "cpu"},
           "switch_interval_s": __import__("sys").getswitchinterval(), "rows": rows}
    if a.json:
        a.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

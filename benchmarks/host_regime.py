"""Why a host-bound loop's batch time moves between rounds (issue 33): the DataLoader's per-sample transform timed
batch by batch, with the CPU each batch ran on and the host's steal time, alone and inside the sync training loop,
free to move between CPUs and pinned to one.

    python benchmarks/host_regime.py --model audio --work 4 --seconds 12 --json regime.json

In the A/B runs of `benchmarks/ab_loader.py` the base arm's batch took 2.4 ms in some rounds and 4.0 ms in others
(audio-sync, the same process, bimodal); the advice's prediction reads one window of steps and lands in one mode.
Phases (each ``--seconds``): ``cpu`` (batches only), ``cpu_pinned`` (the same on one CPU), ``loop`` (the sync
training loop of train_loader.py, batches made in the training process), ``loop_pinned``. Per batch: its ms, the
CPU it ended on (``/proc/self/stat``), and per phase the host's steal / user / system time (``/proc/stat``), the
cgroup's CPU throttling (``cpu.stat``), and which CPUs are SMT siblings.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "sample_traces" / "scripts"))
import train_loader as tl  # noqa: E402


def cpu_now() -> int:
    return int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[36])


def host_times() -> dict[str, int]:
    """Jiffies of the whole host (first line of /proc/stat): user, system, idle, steal."""
    f = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    return {"user": int(f[0]) + int(f[1]), "system": int(f[2]), "idle": int(f[3]), "steal": int(f[7]) if len(f) > 7 else 0}


def throttled() -> dict[str, int]:
    for p in ("/sys/fs/cgroup/cpu.stat", "/sys/fs/cgroup/cpu/cpu.stat"):
        try:
            return {k: int(v) for k, v in (line.split() for line in Path(p).read_text().splitlines())}
        except OSError:
            continue
    return {}


def phase(name: str, seconds: float, step, pin: int | None) -> dict:
    allowed = os.sched_getaffinity(0)
    if pin is not None:
        os.sched_setaffinity(0, {pin})
    h0, t0c = host_times(), throttled()
    rows, end = [], time.perf_counter() + seconds
    while time.perf_counter() < end:
        ms, extra = step()
        rows.append({"t": round(time.perf_counter() - end + seconds, 4), "ms": round(ms, 4), "cpu": cpu_now(), **extra})
    h1, t1c = host_times(), throttled()
    os.sched_setaffinity(0, allowed)
    ms = sorted(r["ms"] for r in rows[3:])
    busy = {k: h1[k] - h0[k] for k in h0}
    total = sum(busy.values()) or 1
    out = {"phase": name, "pinned_to": pin, "batches": len(rows), "p10": ms[len(ms) // 10], "median": statistics.median(ms),
           "p90": ms[len(ms) * 9 // 10], "host_share": {k: round(v / total, 4) for k, v in busy.items()},
           "throttled": {k: t1c.get(k, 0) - t0c.get(k, 0) for k in t1c}, "cpus": sorted({r["cpu"] for r in rows}), "rows": rows}
    by_cpu: dict[int, list[float]] = {}
    for r in rows[3:]:
        by_cpu.setdefault(r["cpu"], []).append(r["ms"])
    out["median_by_cpu"] = {c: round(statistics.median(v), 3) for c, v in sorted(by_cpu.items())}
    print(f"{name:12s} {len(rows):5d} batches  p10 {out['p10']:.2f}  median {out['median']:.2f}  p90 {out['p90']:.2f} ms"
          f"  cpus {out['cpus'][:8]}  host {out['host_share']}  throttled {out['throttled']}", flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=sorted(tl.SHAPES), default="audio")
    parser.add_argument("--work", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=12)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    batch = tl.default_batch(args.model)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    siblings = sorted({p.read_text().strip() for p in Path("/sys/devices/system/cpu").glob("cpu[0-9]*/topology/thread_siblings_list")})
    print("cpus", sorted(os.sched_getaffinity(0)), "siblings", siblings, "torch threads", torch.get_num_threads(), flush=True)
    data = tl.loader(args.model, batch, 0, False, args.work, 10**7)
    it = iter(data)

    def make() -> tuple[float, dict]:
        t = time.perf_counter()
        next(it)
        return (time.perf_counter() - t) * 1e3, {}

    trainer = tl.Trainer(args.model, device)

    def train() -> tuple[float, dict]:  # one step of the sync loop, its batch timed apart
        t = time.perf_counter()
        x, y = next(it)
        n = time.perf_counter()
        trainer.run(iter([(x, y)]), 1, 1, False)
        return (n - t) * 1e3, {"step_ms": round((time.perf_counter() - t) * 1e3, 4)}

    for _ in range(20):
        train()
    here = cpu_now()
    phases = [phase("cpu", args.seconds, make, None), phase("cpu_pinned", args.seconds, make, here),
              phase("loop", args.seconds, train, None), phase("loop_pinned", args.seconds, train, here),
              phase("loop_again", args.seconds, train, None)]
    if args.json:
        Path(args.json).write_text(json.dumps({"model": args.model, "work": args.work, "batch": batch, "siblings": siblings,
                                               "cores": len(os.sched_getaffinity(0)), "phases": phases}))


if __name__ == "__main__":
    main()

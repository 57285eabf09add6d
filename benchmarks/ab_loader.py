"""Interleaved A/B benchmark of the changes `input`, `sync` and `pageable_copy` advice recommend, on
``sample_traces/scripts/train_loader.py``: all arms in one process, one model and optimizer, alternating in
rounds (the order rotating each round), each round synchronised at both ends and timed whole, so a
synchronisation inside the step costs what it costs (a per-step synchronize would hide it). Each round
starts with untimed steps (2 x the input arm's workers + 2, in every arm): persistent workers keep filling
their prefetch queue while the other arms run, and a round that started on those ready batches would time
batches made for free.

    python benchmarks/ab_loader.py --model cnn --sync-every 1 --work 0 --rounds 10 --steps 10 --json out.json

With ``--prelude N`` the base arm first runs N steps alone; under ``traceview profile --steps A:B`` (B < N) those
are the steps the trace and meta.json hold, so prediction and measurement come from one process:

    traceview profile --steps 20:25 --no-analyze -o run/ benchmarks/ab_loader.py --model cnn --prelude 30 --json run/ab.json

Arms: ``base`` (the script as given by --sync-every/--pin/--workers), ``sync`` (no loss.item() in the step:
--sync-every 0), ``pageable_copy`` (pin_memory=True and non_blocking copies), ``input`` (num_workers=W,
persistent; on the CPU, where W workers beside the intra-op threads would oversubscribe the cores, with
torch.set_num_threads(cores - W) as the advice says; ``input@N``: N workers, several counts side by side; ``input@N/T``: and T intra-op threads
in the training process), ``fused_optimizer`` (the same parameters stepped by ``AdamW(fused=True)``). Per arm: the median of the rounds' ms per step (the first round of each arm is warm-up and
dropped; rounds x steps >= 80 steps per arm), and per change the share of the base step it saves with the
spread of the round-by-round shares (each round against the base round of the same lap).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "sample_traces" / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import train_loader as tl  # noqa: E402
from ab_summary import interleaved_rounds, summarize  # noqa: E402


def synchronize(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize()


def cycle(data):
    while True:
        yield from data


def probe_ms() -> float:
    """A fixed unit of pure-Python work, timed: the CPU's speed at this moment (the device's vCPUs change speed by ~1.6x
    every few seconds, benchmarks/host_regime.py). About 1 ms on the H200 host."""
    t0 = time.perf_counter()
    total = 0
    for i in range(30000):
        total += i * i % 7
    return (time.perf_counter() - t0) * 1e3


class Timed:
    """An iterator whose ``next`` time is added up (``ns``): how long the training process waits for its batch."""

    def __init__(self, it):
        self.it, self.ns = it, 0

    def __iter__(self):
        return self

    def __next__(self):
        t0 = time.perf_counter_ns()
        try:
            return next(self.it)
        finally:
            self.ns += time.perf_counter_ns() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=sorted(tl.SHAPES), default="mlp")
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--batch", type=int, default=None)
    parser.add_argument("--sync-every", type=int, default=1)
    parser.add_argument("--pin", action="store_true")
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--work", type=int, default=0)
    parser.add_argument("--numpy", action="store_true", help="the transform in NumPy (train_loader.py --numpy)")
    parser.add_argument("--input-workers", type=int, default=None, help="num_workers of the input arm (default: "
                        "min(4, usable cores - 1), at least 1)")
    parser.add_argument("--arms", default="base,sync,pageable_copy,input")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--prelude", type=int, default=0, help="steps of the base arm before the rounds: run under "
                        "`traceview profile --steps A:B` with B < PRELUDE, the trace the advice reads comes from the same "
                        "process as the A/B (no process-to-process difference between prediction and measurement)")
    parser.add_argument("--postlude", type=int, default=0, help="steps of the base arm after the rounds: run under "
                        "`traceview profile --steps A:B` inside them (A >= the rounds' steps + 3), the trace comes from the A/B's "
                        "process and the A/B ran before the profiler touched it (Kineto leaves CUPTI attached after a window, "
                        "pytorch#144455: steps after a profile run slower)")
    parser.add_argument("--untimed", type=int, default=None, help="untimed steps at the start of each round (default: 2 x "
                        "the most workers of any arm + 2, what drains their prefetched batches)")
    parser.add_argument("--probe", action="store_true", help="time a fixed unit of Python work (probe_ms) right before and "
                        "after each round's timed steps and the postlude's: the CPU's speed each round ran at")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    device = torch.device(args.device)
    batch = args.batch or tl.default_batch(args.model)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    workers = args.input_workers or max(1, min(4, cores - 1))
    gpu = device.type == "cuda"
    base = {"sync_every": args.sync_every, "pin": args.pin and gpu, "workers": args.workers}
    # on the CPU, what `input` advice says when the workers and the intra-op threads would oversubscribe the cores:
    # fewer threads in the training process
    fewer = {} if gpu or torch.get_num_threads() + workers <= cores else {"threads": max(1, cores - workers)}
    changes = {"base": {}, "sync": {"sync_every": 0}, "pageable_copy": {"pin": True}, "input": {"workers": workers, **fewer},
               "fused_optimizer": {"fused": True}}
    arms = [a for a in args.arms.split(",") if a]
    for a in arms:  # input@N[/T]: the input arm with N workers (and T intra-op threads in the training process)
        if a.startswith("input@"):
            n, _, t = a.split("@", 1)[1].partition("/")
            changes[a] = {"workers": int(n), **({"threads": int(t)} if t else {})}
    config = {a: {**base, **changes[a]} for a in arms}
    if not gpu:
        config = {a: c for a, c in config.items() if a != "pageable_copy"}
        arms = [a for a in arms if a in config]
    trainer = tl.Trainer(args.model, args.device)
    threads = torch.get_num_threads()
    # fused_optimizer: the same parameters stepped by AdamW(fused=True), what `traceview try --change fused_optimizer` builds
    optimizers = {a: (torch.optim.AdamW(trainer.net.parameters(), lr=1e-4, fused=True) if c.get("fused") else trainer.opt)
                  for a, c in config.items()}
    untimed = args.untimed if args.untimed is not None else 2 * max(c["workers"] for c in config.values()) + 2
    n = batch * ((args.steps + untimed) * (args.rounds + 2) + args.prelude + args.postlude)
    iters = {a: Timed(cycle(tl.loader(args.model, batch, c["workers"], c["pin"], args.work, n, args.numpy))) for a, c in config.items()}
    next_ms: dict[str, list[float]] = {a: [] for a in arms}  # per round: ms per step waiting in next(batches)
    probes: dict[str, list[float]] = {a: [] for a in arms}  # per round: the mean of the probes before and after its timed steps

    def run_round(arm: str, lap: int) -> float:
        c = config[arm]
        trainer.opt = optimizers[arm]
        torch.set_num_threads(c.get("threads", threads))
        trainer.run(iters[arm], untimed, c["sync_every"], c["pin"])  # drain what was prefetched meanwhile
        synchronize(device)
        before = probe_ms() if args.probe else 0.0
        t0, waited = time.perf_counter(), iters[arm].ns
        trainer.run(iters[arm], args.steps, c["sync_every"], c["pin"])
        synchronize(device)
        ms = (time.perf_counter() - t0) * 1e3 / args.steps
        if lap:  # the first lap warms every arm up (workers start, caches fill)
            next_ms[arm].append((iters[arm].ns - waited) / 1e6 / args.steps)
            if args.probe:
                probes[arm].append((before + probe_ms()) / 2)
        return ms

    prelude = {}
    if args.prelude:  # the base arm alone, as the script would run: the steps `traceview profile --steps` records
        c = config["base"]
        timed = args.prelude // 2  # its second half timed: the script's own regime, before any other arm ran
        trainer.run(iters["base"], args.prelude - timed, c["sync_every"], c["pin"])
        synchronize(device)
        t0, waited = time.perf_counter(), iters["base"].ns
        trainer.run(iters["base"], timed, c["sync_every"], c["pin"])
        synchronize(device)
        prelude = {"steps": timed, "ms": (time.perf_counter() - t0) * 1e3 / timed,
                   "next_ms": (iters["base"].ns - waited) / 1e6 / timed}
    times = interleaved_rounds(arms, args.rounds, run_round)
    postlude = {}
    if args.postlude:  # the base arm alone after the rounds: the steps `traceview profile --steps` records (see --postlude)
        c = config["base"]
        trainer.opt = optimizers["base"]
        torch.set_num_threads(c.get("threads", threads))
        lead = min(2, args.postlude)  # the arm's first steps after another arm's round
        timed = max(0, min(18, args.postlude - lead))  # then the steps before the profiler's warm-up (window at 22:27)
        trainer.run(iters["base"], lead, c["sync_every"], c["pin"])
        synchronize(device)
        before = probe_ms() if args.probe else 0.0
        t0, waited = time.perf_counter(), iters["base"].ns
        trainer.run(iters["base"], timed, c["sync_every"], c["pin"])
        synchronize(device)
        if timed:
            postlude = {"steps": timed, "ms": (time.perf_counter() - t0) * 1e3 / timed,
                        "next_ms": (iters["base"].ns - waited) / 1e6 / timed}
            if args.probe:
                postlude["probe_ms"] = (before + probe_ms()) / 2
        trainer.run(iters["base"], args.postlude - lead - timed, c["sync_every"], c["pin"])
        synchronize(device)
    result = {"model": args.model, "device": torch.cuda.get_device_name(0) if gpu else "cpu", "cores": cores,
              "torch_threads": threads, "batch": batch, "work": args.work, "numpy": args.numpy, "base": base,
              "input_workers": workers, "rounds": args.rounds, "steps_per_round": args.steps, "untimed_per_round": untimed, "prelude": args.prelude, "prelude_timed": prelude,
              "postlude": args.postlude, "postlude_timed": postlude,
              "arms": {a: {"config": config[a]} for a in arms}}
    for a in arms:  # the batch's cost to the training process, each arm (with workers: the hand-over)
        result["arms"][a]["next_ms"] = [round(x, 4) for x in next_ms[a]]
        result["arms"][a]["next_median_ms"] = statistics.median(next_ms[a])
        if args.probe:
            result["arms"][a]["probe_ms"] = [round(x, 4) for x in probes[a]]
    summarize(result, times, arms, args.json, args.model)

if __name__ == "__main__":
    main()

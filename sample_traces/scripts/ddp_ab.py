"""What the two-rank A/B scripts (ddp_buckets.py, ddp_straggler.py) share: arms alternating in synchronised rounds on
every rank, and each arm profiled for a few steps per rank."""
import os
import time

import torch


def interleaved_rounds(arms: list[str], step, sync, rounds: int, steps: int) -> dict[str, list[float]]:
    """ms per step of each arm's rounds: the arms alternate (the order rotating each lap), each round warmed by a few
    steps, synchronised on every rank at both ends and timed whole; the first lap (compiling, warming up) dropped."""
    times = {a: [] for a in arms}
    for lap in range(rounds + 1):
        for arm in arms[lap % len(arms):] + arms[:lap % len(arms)]:
            for _ in range(2 if lap else 5):
                step(arm)
            sync()
            t0 = time.perf_counter()
            for _ in range(steps):
                step(arm)
            sync()
            if lap:
                times[arm].append((time.perf_counter() - t0) * 1e3 / steps)
    return times


def profile_arms(arms: list[str], step, sync, out: str, rank: int, gpu: bool) -> None:
    """Each arm under torch.profiler for 6 steps (1 wait, 1 warm-up, 4 active): ``out/<arm>/rank{rank}.pt.trace.json.gz``."""
    acts = [torch.profiler.ProfilerActivity.CPU] + ([torch.profiler.ProfilerActivity.CUDA] if gpu else [])
    for arm in arms:
        folder = os.path.join(out, arm)
        os.makedirs(folder, exist_ok=True)

        def handler(prof, folder=folder):
            prof.export_chrome_trace(os.path.join(folder, f"rank{rank}.pt.trace.json.gz"))

        sync()
        with torch.profiler.profile(activities=acts, schedule=torch.profiler.schedule(wait=1, warmup=1, active=4, repeat=1),
                                    on_trace_ready=handler) as prof:
            for _ in range(6):
                step(arm)
                prof.step()
        sync()

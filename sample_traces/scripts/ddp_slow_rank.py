"""A 2-rank DDP training loop where one rank can be made slower: what a straggler costs the others.

    python sample_traces/scripts/ddp_slow_rank.py OUT_DIR [--steps 12] [--slow-ms 0] [--backend gloo|nccl]

Rank 1 sleeps ``--slow-ms`` before each forward (a slower data loader, say); DDP's all-reduce in
backward then makes rank 0 wait. Steps 6..8 run under torch.profiler, each in a ``ProfilerStep#N``
(``OUT_DIR/rank{r}.pt.trace.json.gz``); every step's wall time on rank 0 (synchronised) goes to
``OUT_DIR/timing.json`` (``step_ms``), measured without the profiler on steps outside 6..8.
Gloo on the CPU by default (no GPU needed); ``--backend nccl`` uses one GPU per rank.
"""
import argparse
import json
import os
import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.nn.parallel import DistributedDataParallel as DDP

PROFILED = range(6, 9)


def worker(rank: int, args) -> None:
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29541")
    dist.init_process_group(args.backend, rank=rank, world_size=2)
    device = torch.device("cuda", rank) if args.backend == "nccl" else torch.device("cpu")
    if device.type == "cuda":
        torch.cuda.set_device(rank)
    torch.manual_seed(0)
    model = DDP(torch.nn.Sequential(torch.nn.Linear(256, 1024), torch.nn.GELU(), torch.nn.Linear(1024, 256)).to(device))
    opt = torch.optim.SGD(model.parameters(), lr=1e-3)
    x, y = torch.randn(64, 256, device=device), torch.randn(64, 256, device=device)
    sync = torch.cuda.synchronize if device.type == "cuda" else (lambda: None)
    activities = [torch.profiler.ProfilerActivity.CPU] + ([torch.profiler.ProfilerActivity.CUDA] if device.type == "cuda" else [])
    prof = torch.profiler.profile(activities=activities)
    step_ms = []
    for i in range(args.steps):
        if i == PROFILED.start:
            prof.start()
        sync()
        t0 = time.perf_counter()
        with torch.profiler.record_function(f"ProfilerStep#{i}"):
            if rank == 1 and args.slow_ms:
                time.sleep(args.slow_ms / 1e3)
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
            sync()
        step_ms.append((time.perf_counter() - t0) * 1e3)
        if i == PROFILED.stop - 1:
            prof.stop()
            prof.export_chrome_trace(os.path.join(args.out, f"rank{rank}.pt.trace.json"))
    if rank == 0:
        with open(os.path.join(args.out, "timing.json"), "w") as f:
            json.dump({"step_ms": step_ms, "slow_ms": args.slow_ms, "backend": args.backend, "profiled": list(PROFILED)}, f, indent=1)
    dist.barrier()
    dist.destroy_process_group()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--slow-ms", type=float, default=0.0)
    parser.add_argument("--backend", choices=("gloo", "nccl"), default="gloo")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    mp.spawn(worker, args=(args,), nprocs=2)
    for rank in (0, 1):  # gzip as tensorboard_trace_handler(use_gzip=True) would
        import gzip
        import shutil
        path = os.path.join(args.out, f"rank{rank}.pt.trace.json")
        with open(path, "rb") as src, gzip.open(path + ".gz", "wb") as dst:
            shutil.copyfileobj(src, dst)
        os.remove(path)


if __name__ == "__main__":
    main()

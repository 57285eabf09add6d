"""DDP over NCCL with one huge gradient bucket against DDP's default buckets: what overlapping the all-reduce with the
backward pass saves (issue 27 §5: `exposed_comm` checked against the real change).

    python sample_traces/scripts/ddp_buckets.py OUT_DIR [--rounds 10] [--steps 10]

Two processes, one GPU each (without GPUs: two gloo ranks on the CPU, to try the script). Each trains two copies of the same MLP (8 layers of 2048, fp32), one wrapped in DDP with
``bucket_cap_mb=10000`` (every gradient in one bucket: the all-reduce starts after the whole backward, nothing overlaps
it) and one with DDP's default (25 MB buckets, all-reduced while the backward goes on). First an interleaved A/B: both
arms alternating in rounds (order rotating), each round synchronised on both GPUs at both ends and timed whole, the
first round dropped; rank 0 writes ``OUT_DIR/ab.json`` (``base``: one bucket, ``buckets``: default). Then each arm is
profiled for 6 steps (1 wait, 1 warm-up, 4 active): ``OUT_DIR/<arm>/rank{r}.pt.trace.json.gz``.
"""
import argparse
import copy
import json
import os
import statistics

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from ddp_ab import interleaved_rounds, profile_arms
from torch.nn.parallel import DistributedDataParallel as DDP

ARMS = {"base": 10000, "buckets": 25}


def worker(rank: int, world: int, args) -> None:
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29541")
    gpu = torch.cuda.is_available()
    dist.init_process_group("nccl" if gpu else "gloo", rank=rank, world_size=world)
    if gpu:
        torch.cuda.set_device(rank)
    device = "cuda" if gpu else "cpu"
    torch.manual_seed(0)
    layers = []
    for _ in range(args.layers):
        layers += [torch.nn.Linear(args.width, args.width), torch.nn.GELU()]
    first = torch.nn.Sequential(*layers).to(device)
    steppers = {}
    for arm, cap in ARMS.items():
        model = DDP(copy.deepcopy(first), device_ids=[rank] if gpu else None, bucket_cap_mb=cap)
        steppers[arm] = (model, torch.optim.SGD(model.parameters(), lr=1e-4))
    g = torch.Generator(device=device).manual_seed(rank)
    x = torch.randn(args.batch, args.width, device=device, generator=g)

    def step(arm: str) -> None:
        model, opt = steppers[arm]
        model(x).square().mean().backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    def sync() -> None:
        if gpu:
            torch.cuda.synchronize()
        dist.barrier()
        if gpu:
            torch.cuda.synchronize()

    arms = list(ARMS)
    times = interleaved_rounds(arms, step, sync, args.rounds, args.steps)
    if rank == 0:
        base = statistics.median(times["base"])
        shares = sorted(1 - t / b for t, b in zip(times["buckets"], times["base"]))
        result = {"device": torch.cuda.get_device_name(0) if gpu else "cpu", "torch": torch.__version__, "argv": vars(args),
                  "arms": {a: {"round_ms": [round(t, 4) for t in times[a]], "median_ms": statistics.median(times[a])} for a in arms}}
        result["arms"]["buckets"].update({"saving_share": 1 - statistics.median(times["buckets"]) / base,
                                          "share_low": shares[len(shares) // 10], "share_high": shares[-1 - len(shares) // 10]})
        with open(os.path.join(args.out, "ab.json"), "w") as f:
            json.dump(result, f, indent=1)
        for a in arms:
            print(f"{a:8s} {result['arms'][a]['median_ms']:8.3f} ms/step", flush=True)
        print(f"buckets saves {result['arms']['buckets']['saving_share']:+.1%}", flush=True)
    profile_arms(arms, step, sync, args.out, rank, gpu)
    dist.destroy_process_group()


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out")
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--steps", type=int, default=10)
    p.add_argument("--layers", type=int, default=8)
    p.add_argument("--width", type=int, default=2048)
    p.add_argument("--batch", type=int, default=512)
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if torch.cuda.is_available() and torch.cuda.device_count() < 2:
        raise SystemExit("ddp_buckets.py needs 2 GPUs (or none: 2 gloo ranks on the CPU, a smoke test)")
    mp.spawn(worker, args=(2, a), nprocs=2, join=True)

"""A slow rank against a balanced job, in the same two processes: what a straggler costs the job (issue 27 §5:
`straggler` checked against the real change).

    python sample_traces/scripts/ddp_straggler.py OUT_DIR [--rounds 10] [--steps 10] [--slow-ms 3] [--heavy 3]

Two processes, one GPU each (NCCL; without GPUs two gloo ranks on the CPU, to try the script), each training the same
DDP MLP (8 layers of 2048, fp32, batch 512 per rank, default buckets). Three arms, each its own copy of the model: 
``balanced``; ``slow-input`` (rank 1 sleeps ``--slow-ms`` before each forward: a slower data loader); ``slow-compute``
(rank 1 trains on ``--heavy`` times the batch: uneven work per rank, as with unequal sequence lengths). First an
interleaved A/B: the arms alternating in rounds (order rotating), each round synchronised on both GPUs at both ends and
timed whole on rank 0, the first round dropped; rank 0 writes ``OUT_DIR/ab.json``, where each slow arm's
``saving_share`` is what making its rank 1 like the balanced job's saves (1 - balanced / slow, medians of the rounds).
Then each arm is profiled for 6 steps (1 wait, 1 warm-up, 4 active): ``OUT_DIR/<arm>/rank{r}.pt.trace.json.gz``.
"""
import argparse
import copy
import json
import os
import statistics
import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from ddp_ab import interleaved_rounds, profile_arms
from torch.nn.parallel import DistributedDataParallel as DDP

ARMS = ("balanced", "slow-input", "slow-compute")


def worker(rank: int, world: int, args) -> None:
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29543")
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
    for arm in ARMS:
        model = DDP(copy.deepcopy(first), device_ids=[rank] if gpu else None)
        steppers[arm] = (model, torch.optim.SGD(model.parameters(), lr=1e-4))
    g = torch.Generator(device=device).manual_seed(rank)
    x = torch.randn(args.batch, args.width, device=device, generator=g)
    heavy = torch.randn(args.batch * args.heavy, args.width, device=device, generator=g)

    def step(arm: str) -> None:
        model, opt = steppers[arm]
        batch = heavy if arm == "slow-compute" and rank == 1 else x
        if arm == "slow-input" and rank == 1:
            time.sleep(args.slow_ms / 1e3)
        model(batch).square().mean().backward()
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
        result = {"device": torch.cuda.get_device_name(0) if gpu else "cpu", "torch": torch.__version__, "argv": vars(args),
                  "arms": {a: {"round_ms": [round(t, 4) for t in times[a]], "median_ms": statistics.median(times[a])} for a in arms}}
        for arm in arms[1:]:
            slow = statistics.median(times[arm])
            shares = sorted(1 - b / t for t, b in zip(times[arm], times["balanced"]))
            result["arms"][arm].update({"saving_share": 1 - statistics.median(times["balanced"]) / slow,
                                        "saving_ms": slow - statistics.median(times["balanced"]),
                                        "share_low": shares[len(shares) // 10], "share_high": shares[-1 - len(shares) // 10]})
        with open(os.path.join(args.out, "ab.json"), "w") as f:
            json.dump(result, f, indent=1)
        if not args.sealed:
            for a in arms:
                print(f"{a:13s} {result['arms'][a]['median_ms']:8.3f} ms/step", flush=True)
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
    p.add_argument("--slow-ms", type=float, default=3.0)
    p.add_argument("--heavy", type=int, default=3)
    p.add_argument("--sealed", action="store_true", help="print nothing of the A/B (read ab.json after the predictions)")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if torch.cuda.is_available() and torch.cuda.device_count() < 2:
        raise SystemExit("ddp_straggler.py needs 2 GPUs (or none: 2 gloo ranks on the CPU, a smoke test)")
    mp.spawn(worker, args=(2, a), nprocs=2, join=True)

"""A 2-rank FSDP2 training step (NCCL, one process per GPU), profiled per rank, with memory.

    python sample_traces/scripts/fsdp_2rank.py OUT_DIR [STEPS] [--straggle-ms MS]

Each rank trains a small transformer-ish MLP stack sharded with ``fully_shard`` (all-gathers before
each layer's forward and backward, reduce-scatters of its gradients) for a few steps under
torch.profiler with a schedule (1 wait, 1 warm-up, the rest active), ``record_shapes`` and
``profile_memory`` on, and writes ``OUT_DIR/rank{r}.pt.trace.json.gz`` plus ``OUT_DIR/rank{r}.facts.json``
(torch's max_memory_allocated / max_memory_reserved of the active steps, reset right before them,
and the steps' collective counts). ``--straggle-ms`` makes rank 1 sleep that long before each
step's forward: every collective then waits for it (the ``ranks`` skew test's known answer).
"""
import json
import os
import sys
import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def _fully_shard():
    try:
        from torch.distributed.fsdp import fully_shard  # torch >= 2.6
    except ImportError:  # pragma: no cover
        from torch.distributed._composable.fsdp import fully_shard
    return fully_shard


def worker(rank: int, world: int, out_dir: str, steps: int, straggle_ms: float) -> None:
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29534")
    dist.init_process_group("nccl", rank=rank, world_size=world)
    torch.cuda.set_device(rank)
    torch.manual_seed(0)
    fully_shard = _fully_shard()
    layers = [torch.nn.Sequential(torch.nn.LayerNorm(1024), torch.nn.Linear(1024, 4096), torch.nn.GELU(), torch.nn.Linear(4096, 1024))
              for _ in range(4)]
    model = torch.nn.Sequential(*layers).cuda()
    for layer in layers:
        fully_shard(layer)
    fully_shard(model)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    x = torch.randn(16, 256, 1024, device="cuda")

    facts = {"rank": rank, "world": world, "steps": steps, "straggle_ms": straggle_ms if rank == 1 else 0.0}

    def handler(prof):
        prof.export_chrome_trace(os.path.join(out_dir, f"rank{rank}.pt.trace.json.gz"))

    schedule = torch.profiler.schedule(wait=1, warmup=1, active=steps - 2, repeat=1)
    acts = [torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA]
    with torch.profiler.profile(activities=acts, schedule=schedule, on_trace_ready=handler, record_shapes=True,
                                profile_memory=True) as prof:
        for step in range(steps):
            if step == 2:  # the first active step: the peak statistics cover the recorded window only
                torch.cuda.synchronize()
                torch.cuda.reset_peak_memory_stats()
            if rank == 1 and straggle_ms:
                time.sleep(straggle_ms / 1e3)
            opt.zero_grad(set_to_none=True)
            loss = model(x).float().pow(2).mean()
            loss.backward()
            opt.step()
            torch.cuda.synchronize()
            prof.step()
    facts["max_memory_allocated"] = int(torch.cuda.max_memory_allocated())
    facts["max_memory_reserved"] = int(torch.cuda.max_memory_reserved())
    facts["versions"] = {"torch": torch.__version__, "cuda": torch.version.cuda, "nccl": ".".join(map(str, torch.cuda.nccl.version())),
                         "gpu": torch.cuda.get_device_name()}
    with open(os.path.join(out_dir, f"rank{rank}.facts.json"), "w") as f:
        json.dump(facts, f, indent=1, sort_keys=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    straggle = float(sys.argv[sys.argv.index("--straggle-ms") + 1]) if "--straggle-ms" in sys.argv else 0.0
    if straggle:
        args = [a for a in args if a != sys.argv[sys.argv.index("--straggle-ms") + 1]]
    out = args[0]
    steps = int(args[1]) if len(args) > 1 else 5
    os.makedirs(out, exist_ok=True)
    if torch.cuda.device_count() < 2:
        sys.exit("fsdp_2rank.py needs 2 GPUs")
    mp.spawn(worker, args=(2, out, steps, straggle), nprocs=2, join=True)

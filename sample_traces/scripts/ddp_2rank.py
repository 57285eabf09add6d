"""A 2-rank DDP training step (NCCL, one process per GPU), profiled per rank.

    python sample_traces/scripts/ddp_2rank.py OUT_DIR [STEPS]

Each rank trains a small MLP for a few steps under torch.profiler with a schedule (1 wait,
1 warm-up, the rest active) and writes ``OUT_DIR/rank{r}.pt.trace.json.gz``, as
``tensorboard_trace_handler`` would (one file per rank). NCCL's environment is left as it is.
"""
import os
import sys

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.nn.parallel import DistributedDataParallel as DDP


def worker(rank: int, world: int, out_dir: str, steps: int) -> None:
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29533")
    dist.init_process_group("nccl", rank=rank, world_size=world)
    torch.cuda.set_device(rank)
    torch.manual_seed(rank)
    model = torch.nn.Sequential(torch.nn.Linear(1024, 4096), torch.nn.GELU(), torch.nn.Linear(4096, 1024)).cuda()
    model = DDP(model, device_ids=[rank])
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, fused=True)
    x = torch.randn(64, 1024, device="cuda")
    y = torch.randn(64, 1024, device="cuda")

    def handler(prof):
        prof.export_chrome_trace(os.path.join(out_dir, f"rank{rank}.pt.trace.json.gz"))

    schedule = torch.profiler.schedule(wait=1, warmup=1, active=steps - 2, repeat=1)
    acts = [torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA]
    with torch.profiler.profile(activities=acts, schedule=schedule, on_trace_ready=handler, record_shapes=True) as prof:
        for _ in range(steps):
            opt.zero_grad(set_to_none=True)
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
            torch.cuda.synchronize()
            prof.step()
    dist.destroy_process_group()


if __name__ == "__main__":
    out = sys.argv[1]
    steps = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    os.makedirs(out, exist_ok=True)
    world = torch.cuda.device_count()
    if world < 2:
        sys.exit("ddp_2rank.py needs 2 GPUs")
    mp.spawn(worker, args=(2, out, steps), nprocs=2, join=True)

"""DDP training that destroys its process group right after the last step, as users' scripts do.

    torchrun --standalone --nproc-per-node N -m traceview profile ddp_destroy.py [STEPS] [BACKEND]

BACKEND: gloo (default, CPU) or nccl (one GPU per rank). Under ``traceview profile`` this
deadlocked often with gloo before ``traceview.capture.ranks.teardown_drained`` (``~ProcessGroupGloo``
joining a worker that waited for the GIL); ``benchmarks/gloo_teardown.sh`` and
``benchmarks/nccl_teardown.sh`` run it many times.
"""
import datetime
import sys

import torch
import torch.distributed as dist

BACKEND = sys.argv[2] if len(sys.argv) > 2 else "gloo"
DEVICE = "cuda" if BACKEND == "nccl" else "cpu"


def train(steps):
    torch.manual_seed(0)
    layers = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 8)).to(DEVICE)
    model = torch.nn.parallel.DistributedDataParallel(layers)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x, y = torch.randn(16, 32, device=DEVICE), torch.randn(16, 8, device=DEVICE)
    for step in range(steps):
        with torch.profiler.record_function(f"ProfilerStep#{step}"):
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
    dist.destroy_process_group()


dist.init_process_group(BACKEND, timeout=datetime.timedelta(seconds=60))
if DEVICE == "cuda":
    torch.cuda.set_device(dist.get_rank() % torch.cuda.device_count())
train(int(sys.argv[1]) if len(sys.argv) > 1 else 3)

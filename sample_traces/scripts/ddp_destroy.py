"""DDP training (gloo, 2 CPU ranks) that destroys its process group right after the last step, as users' scripts do.

    torchrun --standalone --nproc-per-node 2 -m traceview profile ddp_destroy.py [STEPS]

Under `traceview profile` this deadlocked 2-3 runs in 8 before traceview.capture.ranks.teardown_drained
(~ProcessGroupGloo joining a worker that waited for the GIL); benchmarks/gloo_teardown.sh runs it many times.
Kept as the rank tests' script was when it hung; nccl_destroy.py is the NCCL twin.
"""
import datetime
import sys

import torch
import torch.distributed as dist


def train(steps):
    torch.manual_seed(0)
    layers = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 8))
    model = torch.nn.parallel.DistributedDataParallel(layers)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x, y = torch.randn(16, 32), torch.randn(16, 8)
    for step in range(steps):
        with torch.profiler.record_function(f"ProfilerStep#{step}"):
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
    dist.destroy_process_group()


dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=60))
train(int(sys.argv[1]))

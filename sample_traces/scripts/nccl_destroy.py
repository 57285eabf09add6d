"""ddp_destroy.py on NCCL, one GPU per rank: destroys its process group right after the last step.

    torchrun --standalone --nproc-per-node N -m traceview profile nccl_destroy.py [STEPS]
"""
import datetime
import sys

import torch
import torch.distributed as dist


def train(steps):
    torch.manual_seed(0)
    layers = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 8)).cuda()
    model = torch.nn.parallel.DistributedDataParallel(layers)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x, y = torch.randn(16, 32, device="cuda"), torch.randn(16, 8, device="cuda")
    for step in range(steps):
        with torch.profiler.record_function(f"ProfilerStep#{step}"):
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
    dist.destroy_process_group()


dist.init_process_group("nccl", timeout=datetime.timedelta(seconds=60))
torch.cuda.set_device(dist.get_rank() % torch.cuda.device_count())
train(int(sys.argv[1]))

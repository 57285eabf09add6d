"""DDP training that destroys its process group right after the last step, as users' scripts do.

    torchrun --standalone --nproc-per-node N -m traceview profile ddp_destroy.py [STEPS] [BACKEND]

BACKEND: gloo (default, CPU) or nccl (one GPU per rank). Under ``traceview profile`` this once
deadlocked about 1 run in 5 with gloo (2 of 10 here; the same loop without its step annotations: 0 of 20) (``~ProcessGroupGloo`` joining a worker that waited for the
GIL; see ``traceview.capture.ranks.teardown_drained``); ``benchmarks/gloo_teardown.sh`` and
``benchmarks/nccl_teardown.sh`` run it many times.
"""

import datetime
import sys

import torch
import torch.distributed as dist


def train(steps: int, device: str) -> None:
    torch.manual_seed(0)
    layers = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 8)).to(device)
    model = torch.nn.parallel.DistributedDataParallel(layers)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x, y = torch.randn(16, 32, device=device), torch.randn(16, 8, device=device)
    for step in range(steps):
        with torch.profiler.record_function(f"ProfilerStep#{step}"):  # the script marks its steps
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
    dist.destroy_process_group()


if __name__ == "__main__":
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    backend = sys.argv[2] if len(sys.argv) > 2 else "gloo"
    dist.init_process_group(backend, timeout=datetime.timedelta(seconds=60))
    device = "cpu"
    if backend == "nccl":
        torch.cuda.set_device(dist.get_rank() % torch.cuda.device_count())
        device = "cuda"
    train(steps, device)

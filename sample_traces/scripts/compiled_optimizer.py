"""Seed 000: torch.compile(opt.step) for Adam(foreach=True, capturable=True) over tensors of mixed sizes."""
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
shapes = [(1024, 1024), (1024,), (4096, 1024), (4096,), (1024, 4096), (1024,), (10, 1024), (10,)]
params = [torch.randn(s, device=device) for s in shapes]
for p in params:
    p.grad = torch.randn_like(p)
opt = torch.optim.Adam(params, lr=1e-3, foreach=True, capturable=True)
opt_step = torch.compile(opt.step)
for _ in range(3):
    opt_step()

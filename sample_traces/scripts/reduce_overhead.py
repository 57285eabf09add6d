"""A function compiled with mode="reduce-overhead": after warm-up each call is one cudaGraphLaunch."""
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


def mlp(x, w1, w2):
    return torch.relu(x @ w1) @ w2 + 1.0


step = torch.compile(mlp, mode="reduce-overhead")
x = torch.randn(256, 512, device=device)
w1 = torch.randn(512, 512, device=device)
w2 = torch.randn(512, 256, device=device)
for _ in range(6):  # CUDA-graph trees: warm-up run, record, then replays
    out = step(x, w1, w2)
torch.testing.assert_close(out, mlp(x, w1, w2), rtol=1e-2, atol=1e-1)  # tf32 on the GPU

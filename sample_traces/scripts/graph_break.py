"""A compiled function with a graph break between two ops: two compiled regions per call."""
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


def f(x):
    y = torch.sin(x) * 2.0
    torch._dynamo.graph_break()
    return torch.cos(y) + 1.0


g = torch.compile(f)
x = torch.randn(1 << 20, device=device)
for _ in range(3):
    out = g(x)
torch.testing.assert_close(out, f(x))

"""A GEMM-heavy model under ``torch.compile(mode="max-autotune")``: Inductor benchmarks each GEMM's candidates.

An MLP of a few Linear layers (addmm / mm) and a batched projection (bmm), inference under
``torch.no_grad``. On a GPU the candidates are Triton template configs and ATen (cuBLAS); on the CPU
they are Inductor's C++ GEMM templates and ATen (MKL), which are only offered for weights Inductor
may treat as constants, so the CPU run turns on ``freezing``. Used by ``tests/data/autotune`` (CPU)
and ``benchmarks/autotune_gpu.sh`` (GPU), both under ``traceview profile --include-compile``.

    python autotune_mlp.py [--width 64] [--batch 32] [--layers 3] [--iters 3] [--mode max-autotune]

``--mode max-autotune-no-cudagraphs`` keeps each ATen GEMM under its ``aten::mm`` op in the trace
(CUDA-graph replays carry no op, so an extern choice's kernel cannot be told from the op there).
"""

from __future__ import annotations

import argparse

import torch


class GemmModel(torch.nn.Module):
    def __init__(self, width: int, layers: int, heads: int = 4) -> None:
        super().__init__()
        dims = [width * (2 if i % 2 else 1) for i in range(layers + 1)]
        self.linears = torch.nn.ModuleList(torch.nn.Linear(a, b) for a, b in zip(dims, dims[1:]))
        self.heads = heads
        self.proj = torch.nn.Parameter(torch.randn(heads, dims[-1] // heads, width // 2) / width)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for linear in self.linears:
            x = torch.relu(linear(x))
        b, d = x.shape
        x = x.view(b, self.heads, d // self.heads).transpose(0, 1)  # heads x batch x d/heads
        return torch.bmm(x, self.proj).sum(0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=64)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--layers", type=int, default=3)
    parser.add_argument("--iters", type=int, default=3)
    parser.add_argument("--mode", default="max-autotune", choices=["max-autotune", "max-autotune-no-cudagraphs"])
    args = parser.parse_args()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    if device == "cpu":
        import torch._inductor.config as inductor_config

        inductor_config.freezing = True  # the C++ GEMM templates need constant weights
    torch.manual_seed(0)
    dtype = torch.bfloat16 if device == "cuda" else torch.float32
    model = GemmModel(args.width, args.layers).to(device=device, dtype=dtype).eval()
    x = torch.randn(args.batch, args.width, device=device, dtype=dtype)
    compiled = torch.compile(model, mode=args.mode)
    with torch.no_grad():
        expected = model(x)
        for _ in range(args.iters):
            out = compiled(x)
        if device == "cuda":
            torch.cuda.synchronize()
    tol = 1e-1 if dtype == torch.bfloat16 else 1e-3  # bf16: 4 chained GEMMs, eager vs compiled rounding
    torch.testing.assert_close(out, expected, rtol=tol, atol=tol)
    print(f"ok: {args.layers} Linear + bmm on {device} ({args.mode}), output {tuple(out.shape)}")


if __name__ == "__main__":
    main()

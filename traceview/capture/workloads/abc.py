"""``A * B + C`` on N x N fp32 tensors (seed 001).

Variants and what a GPU trace of one call should show:

- ``eager``: two kernels (``mul``, then ``add``), the intermediate written and read back.
- ``compiled``: ``torch.compile`` default: one fused Triton kernel (``triton_poi_fused_add_mul_0``).
- ``max-autotune``: ``mode="max-autotune"``: CUDA graphs, so one ``cudaGraphLaunch`` per call
  (plus copies of inputs that are not static).
- ``triton``: the project's own :func:`traceview.capture.kernels.abc.abc_kernel`, one launch.
"""

from __future__ import annotations

import torch

from .base import Case, Variant, Workload, randn, seeded

CPU_N = 67  # odd, so kernels see a ragged tail
GPU_N = 8192  # 256 MiB per tensor: 1 GiB moved per call, well past the L2 cache


def abc_fn(a: torch.Tensor, b: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
    return a * b + c


def _case(fn, n: int, device: torch.device) -> Case:
    gen = seeded(1)
    a, b, c = (randn(gen, n, n, device=device) for _ in range(3))
    result = {"out": torch.full_like(a, float("nan"))}

    def step():
        result["out"] = fn(a, b, c)

    return Case(step, lambda: {"out": result["out"].clone()}, 16 * n * n, {"n": n, "shape": [n, n], "dtype": "float32"})


def triton_case(n: int, device: torch.device, **config) -> Case:
    """The ``triton`` variant; ``config`` (``block``, ``num_warps``) goes to the launcher."""
    from traceview.capture.kernels.abc import abc

    return _case(lambda a, b, c: abc(a, b, c, **config), n, device)


def _compiled(mode: str | None):
    def build(n: int, device: torch.device) -> Case:
        return _case(torch.compile(abc_fn, mode=mode), n, device)

    return build


VARIANTS = {
    v.name: v
    for v in [
        Variant("eager", "eager ops: 2 kernels per call (mul, add)", lambda n, d: _case(abc_fn, n, d)),
        Variant("compiled", "torch.compile default: 1 fused kernel per call", _compiled(None), compiled=True),
        Variant("max-autotune", 'torch.compile mode="max-autotune": a cudaGraphLaunch per call on a GPU',
                _compiled("max-autotune"), compiled=True),
        Variant("triton", "own Triton kernel: 1 launch per call", triton_case, triton=True),
    ]
}

WORKLOAD = Workload(
    name="abc",
    description="A * B + C on N x N fp32; --size N",
    variants=VARIANTS,
    sizes={"cpu": CPU_N, "gpu": GPU_N},
    parse_size=int,
)

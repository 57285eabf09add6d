"""Mixed-precision Adam update (seed 002): bf16 grads, fp32 master weights, m, v, bf16 weights.

Variants and what a GPU trace of one call should show:

- ``eager``: the seed's function run op by op: a dozen kernels, each a full pass over memory.
- ``compiled-inplace``: the seed's function with four in-place ``copy_`` compiled (the question:
  how many kernels, and do any store to temporary buffers?).
- ``compiled-return``: the seed's workaround: ``w16`` copied in place, ``m``, ``v``, ``w32``
  returned as new tensors (one kernel, but three fresh buffers every call).
- ``triton``: :func:`traceview.capture.kernels.mpadam.mpadam_`: one pass, four in-place stores,
  28 bytes per parameter.
"""

from __future__ import annotations

import torch

from .base import Case, Variant, Workload, randn, seeded

CPU_PARAMS = 4099  # not a multiple of any block size
GPU_PARAMS = 100_000_000  # the seed's size: 2.8 GB moved per call
HYPER = {"lr": 0.001, "beta1": 0.9, "beta2": 0.99, "eps": 1e-5}  # the seed's values


def mpadam_inplace(w16, g16, m, v, w32, lr, beta1, beta2, eps):
    """Seed 002: every result written back into the inputs."""
    g32 = g16.to(torch.float32)
    m_new = beta1 * m + (1 - beta1) * g32
    v_new = beta2 * v + (1 - beta2) * (g32 * g32)
    w32_new = w32 - (lr * m_new) / (torch.sqrt(v_new) + eps)
    m.copy_(m_new)
    v.copy_(v_new)
    w32.copy_(w32_new)
    w16.copy_(w32_new)


def mpadam_return(w16, g16, m, v, w32, lr, beta1, beta2, eps):
    """Seed 002's workaround: one in-place copy_, the rest returned."""
    g32 = g16.to(torch.float32)
    m_new = beta1 * m + (1 - beta1) * g32
    v_new = beta2 * v + (1 - beta2) * (g32 * g32)
    w32_new = w32 - (lr * m_new) / (torch.sqrt(v_new) + eps)
    w16.copy_(w32_new)
    return m_new, v_new, w32_new


def _state(n: int, device: torch.device) -> dict[str, torch.Tensor]:
    gen = seeded(2)
    w32 = randn(gen, n, device=device)
    return {
        "w16": w32.to(torch.bfloat16),
        "g16": randn(gen, n, device=device, dtype=torch.bfloat16),
        "m": randn(gen, n, device=device).abs_().mul_(0.1),  # nonzero state: zeros hide unwritten outputs
        "v": randn(gen, n, device=device).abs_().mul_(0.01),
        "w32": w32,
    }


def _inplace_case(fn, n: int, device: torch.device) -> Case:
    s = _state(n, device)

    def step():
        fn(s["w16"], s["g16"], s["m"], s["v"], s["w32"], **HYPER)

    return _make_case(s, step, n)


def _make_case(s, step, n) -> Case:
    def state():
        return {k: s[k].clone() for k in ("w16", "m", "v", "w32")}

    return Case(step, state, 28 * n, {"n_params": n})


def _return_case(n: int, device: torch.device) -> Case:
    s = _state(n, device)
    fn = torch.compile(mpadam_return)

    def step():
        s["m"], s["v"], s["w32"] = fn(s["w16"], s["g16"], s["m"], s["v"], s["w32"], **HYPER)

    return _make_case(s, step, n)


def triton_case(n: int, device: torch.device, **config) -> Case:
    """The ``triton`` variant; ``config`` (``block``, ``num_warps``) goes to the launcher."""
    from traceview.capture.kernels.mpadam import mpadam_

    return _inplace_case(lambda *args, **hyper: mpadam_(*args, **hyper, **config), n, device)


VARIANTS = {
    v.name: v
    for v in [
        Variant("eager", "eager ops: one kernel per op", lambda n, d: _inplace_case(mpadam_inplace, n, d)),
        Variant("compiled-inplace", "torch.compile of the seed's function with four in-place copy_",
                lambda n, d: _inplace_case(torch.compile(mpadam_inplace), n, d), compiled=True),
        Variant("compiled-return", "torch.compile, m/v/w32 returned as new tensors", _return_case, compiled=True),
        Variant("triton", "own Triton kernel: one pass, four in-place stores, 28 B/param", triton_case, triton=True),
    ]
}

WORKLOAD = Workload(
    name="mpadam",
    description="mixed-precision Adam update, all state in place; --size N_PARAMS",
    variants=VARIANTS,
    sizes={"cpu": CPU_PARAMS, "gpu": GPU_PARAMS},
    parse_size=int,
    tolerances={"bfloat16": (1.6e-2, 1e-2), "float32": (1e-4, 1e-5)},
)

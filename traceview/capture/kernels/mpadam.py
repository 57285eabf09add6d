"""Mixed-precision Adam (seed 002) in one pass, with all four results stored in place.

Per parameter the kernel reads the bf16 gradient (2 bytes) and the fp32 master weight, first and
second moments (12 bytes), then writes the three fp32 values back and the bf16 weight (14 bytes):
28 bytes, the least any implementation can move. It is the seed's simplified Adam (no bias
correction)::

    g32 = float(g16)
    m   = beta1 * m + (1 - beta1) * g32
    v   = beta2 * v + (1 - beta2) * g32 * g32
    w32 = w32 - lr * m / (sqrt(v) + eps)
    w16 = bf16(w32)
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from traceview.capture.kernels import launch

BLOCK = 1024
NUM_WARPS = 4
BYTES_PER_PARAM = 28


@triton.jit
def mpadam_kernel(w16_ptr, g16_ptr, m_ptr, v_ptr, w32_ptr, n_elements, lr, beta1, beta2, eps,
                  BLOCK: tl.constexpr):
    offsets = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    g = tl.load(g16_ptr + offsets, mask=mask).to(tl.float32)
    m = tl.load(m_ptr + offsets, mask=mask)
    v = tl.load(v_ptr + offsets, mask=mask)
    w = tl.load(w32_ptr + offsets, mask=mask)
    m = beta1 * m + (1.0 - beta1) * g
    v = beta2 * v + (1.0 - beta2) * (g * g)
    w = w - (lr * m) / (tl.sqrt(v) + eps)
    tl.store(m_ptr + offsets, m, mask=mask)
    tl.store(v_ptr + offsets, v, mask=mask)
    tl.store(w32_ptr + offsets, w, mask=mask)
    tl.store(w16_ptr + offsets, w.to(tl.bfloat16), mask=mask)


def mpadam_(w16: torch.Tensor, g16: torch.Tensor, m: torch.Tensor, v: torch.Tensor, w32: torch.Tensor,
            lr: float, beta1: float, beta2: float, eps: float,
            block: int = BLOCK, num_warps: int = NUM_WARPS) -> None:
    """Update ``m``, ``v``, ``w32`` and ``w16`` in place (1-D contiguous tensors of one length)."""
    n = w32.numel()
    for t in (w16, g16, m, v):
        if t.numel() != n or not t.is_contiguous():
            raise ValueError("mpadam_: all tensors must be contiguous with the same number of elements")
    launch(mpadam_kernel, (triton.cdiv(n, block),), w16, g16, m, v, w32, n, lr, beta1, beta2, eps,
           BLOCK=block, num_warps=num_warps)


def mpadam_bytes(n_params: int) -> int:
    """Bytes a call must move: 28 per parameter."""
    return BYTES_PER_PARAM * n_params

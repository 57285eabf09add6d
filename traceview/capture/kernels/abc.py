"""``out = a * b + c`` on fp32 tensors: the one fused kernel that seed 001's compiled function should be.

Each program handles ``BLOCK`` consecutive elements of the flattened tensors; the last program masks
the ragged tail. Every element is read once from each input and written once: 16 bytes per element.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from traceview.capture.kernels import launch

BLOCK = 1024  # elements per program: 8 per thread at 4 warps, two 16-byte loads per input (best of 4 configs on an H200)
NUM_WARPS = 4


@triton.jit
def abc_kernel(a_ptr, b_ptr, c_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):
    offsets = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    a = tl.load(a_ptr + offsets, mask=mask)
    b = tl.load(b_ptr + offsets, mask=mask)
    c = tl.load(c_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, a * b + c, mask=mask)


def abc(a: torch.Tensor, b: torch.Tensor, c: torch.Tensor, out: torch.Tensor | None = None,
        block: int = BLOCK, num_warps: int = NUM_WARPS) -> torch.Tensor:
    """Return ``a * b + c`` computed by :func:`abc_kernel` (inputs contiguous, same shape)."""
    if not (a.shape == b.shape == c.shape and a.is_contiguous() and b.is_contiguous() and c.is_contiguous()):
        raise ValueError("abc: a, b and c must be contiguous tensors of one shape")
    out = torch.empty_like(a) if out is None else out
    n = a.numel()
    launch(abc_kernel, (triton.cdiv(n, block),), a, b, c, out, n, BLOCK=block, num_warps=num_warps)
    return out


def abc_bytes(n_elements: int) -> int:
    """Bytes a call must move: three fp32 reads and one fp32 write per element."""
    return 16 * n_elements

"""``torch.optim.Adam`` over many tensors in ONE launch: the update and the step increment.

The kernel is horizontally fused: one launch covers every tensor. The host cuts each tensor into
chunks of ``CHUNK = BLOCK * ITERS`` elements and writes one row per chunk into a table (an int64
tensor on the device)::

    row = [param_ptr, grad_ptr, exp_avg_ptr, exp_avg_sq_ptr,  # already advanced to the chunk
           step_ptr, count_ptr, tensor_chunks, chunk_numel]

Program ``i`` reads row ``i``, turns the addresses back into pointers, and updates its chunk,
``BLOCK`` elements at a time. The table is built once (the tensors are updated in place, so the
addresses never change), which is what ``capturable=True`` buys torch's own implementations.

Three details make it run at copy speed:

- **16-byte accesses.** Triton vectorizes a load only if it can prove the address is 16-byte aligned
  and the mask constant over 4 floats. An address read from a table proves nothing, so the kernel
  states it with ``tl.multiple_of`` (the host checks that every tensor is 16-byte aligned, and
  chunks start at multiples of ``CHUNK``, a multiple of 4). Full chunks, all but at most one per
  tensor, run without a mask; only a tensor's ragged last chunk takes the masked path.
- **The step increment is folded in.** Each tensor's ``step`` (a 0-d fp32 tensor, as in torch's
  capturable Adam) must grow by one per call, but only after *every* chunk of that tensor has read
  the old value: programs run in no fixed order. Each program reads ``step`` and computes with
  ``step + 1``; when it is done it bumps the tensor's counter (``tl.atomic_add``, acquire-release,
  so its read of ``step`` comes first); the program that sees ``tensor_chunks - 1`` is the last one,
  and it stores ``step + 1`` and resets the counter to 0 for the next call. One launch per step,
  one atomic per chunk.
- **Equal, large chunks.** Every program but a tensor's last moves ``CHUNK`` elements, so the
  grid is ~12 k equal programs at the benchmark size: no stragglers.

Tried and dropped (H200, 2026-11-22): ``eviction_policy="evict_first"`` on the four loads made the
step ~3% slower; a chunk of 8192 elements (fewer, longer programs) ~4% slower than 4096.

Math (``amsgrad=False``, ``weight_decay=0``), as torch's foreach capturable Adam does it::

    m = m + (1 - beta1) * (g - m)            # exp_avg.lerp_(grad, 1 - beta1)
    v = beta2 * v + (1 - beta2) * g * g
    p = p - lr / (1 - beta1**step) * m / (sqrt(v) / sqrt(1 - beta2**step) + eps)

Bytes per element: param, exp_avg, exp_avg_sq read and written (24) and the gradient read (4): 28.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
import triton
import triton.language as tl

from traceview.capture.kernels import launch

BLOCK = 2048
ITERS = 2  # blocks per chunk: CHUNK = BLOCK * ITERS elements per program
NUM_WARPS = 8  # with BLOCK: 8 floats (two 16-byte vectors) per thread and tensor per iteration
ROW = 8  # int64 fields per chunk row
ALIGN = 16  # bytes: every tensor must start on this boundary (16-byte vector loads)
BYTES_PER_ELEMENT = 28


@triton.jit
def _adam_block(p_ptr, g_ptr, m_ptr, v_ptr, offsets, mask, beta1, beta2, eps, step_size, bias_correction2_sqrt):
    """Update ``BLOCK`` elements; ``mask`` is None for a full chunk (then the accesses are vectors)."""
    p = tl.load(p_ptr + offsets, mask=mask)
    g = tl.load(g_ptr + offsets, mask=mask)
    m = tl.load(m_ptr + offsets, mask=mask)
    v = tl.load(v_ptr + offsets, mask=mask)
    m = m + (1.0 - beta1) * (g - m)
    v = beta2 * v + (1.0 - beta2) * (g * g)
    denom = tl.sqrt(v) / bias_correction2_sqrt + eps
    p = p - step_size * (m / denom)
    tl.store(p_ptr + offsets, p, mask=mask)
    tl.store(m_ptr + offsets, m, mask=mask)
    tl.store(v_ptr + offsets, v, mask=mask)


@triton.jit
def multi_tensor_adam_kernel(table_ptr, lr, beta1, beta2, eps, BLOCK: tl.constexpr, ITERS: tl.constexpr):
    row = table_ptr + tl.program_id(0).to(tl.int64) * 8
    # The addresses are 16-byte aligned (checked by build_tables): say so, or no load is a vector.
    p_ptr = tl.multiple_of(tl.load(row + 0).to(tl.pointer_type(tl.float32), bitcast=True), 16)
    g_ptr = tl.multiple_of(tl.load(row + 1).to(tl.pointer_type(tl.float32), bitcast=True), 16)
    m_ptr = tl.multiple_of(tl.load(row + 2).to(tl.pointer_type(tl.float32), bitcast=True), 16)
    v_ptr = tl.multiple_of(tl.load(row + 3).to(tl.pointer_type(tl.float32), bitcast=True), 16)
    step_ptr = tl.load(row + 4).to(tl.pointer_type(tl.float32), bitcast=True)
    count_ptr = tl.load(row + 5).to(tl.pointer_type(tl.int32), bitcast=True)
    tensor_chunks = tl.load(row + 6)
    numel = tl.load(row + 7)

    step = tl.load(step_ptr) + 1.0  # this call's step number; stored back by the tensor's last chunk
    bias_correction1 = 1.0 - tl.exp(step * tl.log(beta1))  # 1 - beta1**step
    bias_correction2 = 1.0 - tl.exp(step * tl.log(beta2))
    step_size = lr / bias_correction1
    bias_correction2_sqrt = tl.sqrt(bias_correction2)

    if numel == BLOCK * ITERS:  # a full chunk: no mask
        for i in range(ITERS):
            offsets = i * BLOCK + tl.arange(0, BLOCK)
            _adam_block(p_ptr, g_ptr, m_ptr, v_ptr, offsets, None, beta1, beta2, eps, step_size,
                        bias_correction2_sqrt)
    else:  # a tensor's ragged last chunk
        for i in range(ITERS):
            offsets = i * BLOCK + tl.arange(0, BLOCK)
            _adam_block(p_ptr, g_ptr, m_ptr, v_ptr, offsets, offsets < numel, beta1, beta2, eps, step_size,
                        bias_correction2_sqrt)

    # Every chunk of this tensor has read the old step once the counter reaches tensor_chunks.
    finished = tl.atomic_add(count_ptr, 1)  # acq_rel: after this program's read of the step
    if finished == tensor_chunks - 1:
        tl.store(step_ptr, step)
        tl.store(count_ptr, 0)


@dataclass(frozen=True)
class AdamTables:
    """The device-side tables one optimizer state needs; build once with :func:`build_tables`."""

    chunks: torch.Tensor  # int64 [n_chunks, ROW]: one row per chunk of CHUNK elements
    counts: torch.Tensor  # int32 [n_tensors]: chunks of each tensor done this call (0 between calls)
    n_chunks: int
    block: int
    iters: int
    keep_alive: tuple  # the tensors whose addresses the tables hold


def build_tables(params, grads, exp_avgs, exp_avg_sqs, steps, block: int = BLOCK, iters: int = ITERS) -> AdamTables:
    """Cut every tensor into chunks of ``block * iters`` elements and record their addresses."""
    chunk = block * iters
    if chunk % (ALIGN // 4):
        raise ValueError("multi_tensor_adam: block * iters must be a multiple of 4 (16-byte chunks)")
    device = params[0].device
    counts = torch.zeros(len(params), dtype=torch.int32, device=device)
    rows = []
    for i, tensors in enumerate(zip(params, grads, exp_avgs, exp_avg_sqs, steps)):
        p = tensors[0]
        for t in tensors[:4]:
            if t.dtype != torch.float32 or not t.is_contiguous() or t.numel() != p.numel():
                raise ValueError("multi_tensor_adam: tensors must be contiguous fp32 of matching sizes")
            if t.data_ptr() % ALIGN:
                raise ValueError(f"multi_tensor_adam: tensors must start on a {ALIGN}-byte boundary")
        if tensors[4].dtype != torch.float32 or tensors[4].numel() != 1:
            raise ValueError("multi_tensor_adam: each step must be a 1-element fp32 tensor")
        n_chunks = triton.cdiv(p.numel(), chunk)
        for start in range(0, p.numel(), chunk):
            rows.append([t.data_ptr() + 4 * start for t in tensors[:4]]
                        + [tensors[4].data_ptr(), counts.data_ptr() + 4 * i, n_chunks, min(chunk, p.numel() - start)])
    chunks = torch.tensor(rows, dtype=torch.int64, device=device).reshape(-1, ROW)
    keep = tuple(params) + tuple(grads) + tuple(exp_avgs) + tuple(exp_avg_sqs) + tuple(steps)
    return AdamTables(chunks, counts, len(rows), block, iters, keep)


def adam_step(tables: AdamTables, lr: float = 1e-3, beta1: float = 0.9, beta2: float = 0.999,
              eps: float = 1e-8, num_warps: int = NUM_WARPS) -> None:
    """One ``Adam.step()`` in one launch: every param, exp_avg, exp_avg_sq and step, in place."""
    launch(multi_tensor_adam_kernel, (tables.n_chunks,), tables.chunks, lr, beta1, beta2, eps,
           BLOCK=tables.block, ITERS=tables.iters, num_warps=num_warps)


def adam_bytes(n_elements: int) -> int:
    """Bytes a step must move for ``n_elements`` parameters (the tables and steps not counted)."""
    return BYTES_PER_ELEMENT * n_elements

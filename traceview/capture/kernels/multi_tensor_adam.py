"""``torch.optim.Adam`` over many tensors in two launches: a horizontally fused update and a step increment.

The update kernel is horizontally fused: one launch covers every tensor. The host cuts each tensor
into chunks of ``CHUNK`` elements and writes one row per chunk into a table (an int64 tensor on
the device)::

    row = [param_ptr, grad_ptr, exp_avg_ptr, exp_avg_sq_ptr, step_ptr, chunk_start, chunk_numel]

Program ``i`` reads row ``i``, turns the addresses back into pointers, and updates its chunk,
``BLOCK`` elements at a time. The table is built once (the tensors are updated in place, so the
addresses never change), which is what ``capturable=True`` buys torch's own implementations.

The step-increment kernel is a foreach kernel: it gathers every tensor's ``step`` (a 0-d fp32
tensor, as in torch's capturable/fused Adam) through a table of addresses and adds one.

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

BLOCK = 1024
ITERS = 4  # blocks per chunk: CHUNK = BLOCK * ITERS elements per program
NUM_WARPS = 4
ROW = 7  # int64 fields per chunk row
STEP_BLOCK = 128  # step tensors per program of the increment kernel
BYTES_PER_ELEMENT = 28


@triton.jit
def multi_tensor_adam_kernel(table_ptr, lr, beta1, beta2, eps, BLOCK: tl.constexpr, ITERS: tl.constexpr):
    row = table_ptr + tl.program_id(0).to(tl.int64) * 7
    p_ptr = tl.load(row + 0).to(tl.pointer_type(tl.float32), bitcast=True)
    g_ptr = tl.load(row + 1).to(tl.pointer_type(tl.float32), bitcast=True)
    m_ptr = tl.load(row + 2).to(tl.pointer_type(tl.float32), bitcast=True)
    v_ptr = tl.load(row + 3).to(tl.pointer_type(tl.float32), bitcast=True)
    step_ptr = tl.load(row + 4).to(tl.pointer_type(tl.float32), bitcast=True)
    start = tl.load(row + 5)
    numel = tl.load(row + 6)

    step = tl.load(step_ptr)
    bias_correction1 = 1.0 - tl.exp(step * tl.log(beta1))  # 1 - beta1**step
    bias_correction2 = 1.0 - tl.exp(step * tl.log(beta2))
    step_size = lr / bias_correction1
    bias_correction2_sqrt = tl.sqrt(bias_correction2)

    for i in range(ITERS):
        local = i * BLOCK + tl.arange(0, BLOCK)
        mask = local < numel
        offsets = start + local
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
def foreach_step_increment_kernel(step_table_ptr, n_steps, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = idx < n_steps
    addresses = tl.load(step_table_ptr + idx, mask=mask, other=0)
    steps = addresses.to(tl.pointer_type(tl.float32), bitcast=True)
    value = tl.load(steps, mask=mask)
    tl.store(steps, value + 1.0, mask=mask)


@dataclass(frozen=True)
class AdamTables:
    """The device-side tables one optimizer state needs; build once with :func:`build_tables`."""

    chunks: torch.Tensor  # int64 [n_chunks, ROW]: one row per chunk of CHUNK elements
    steps: torch.Tensor  # int64 [n_tensors]: address of each tensor's 0-d fp32 step
    n_chunks: int
    block: int
    iters: int
    keep_alive: tuple  # the tensors whose addresses the tables hold


def build_tables(params, grads, exp_avgs, exp_avg_sqs, steps, block: int = BLOCK, iters: int = ITERS) -> AdamTables:
    """Cut every tensor into chunks of ``block * iters`` elements and record their addresses."""
    chunk = block * iters
    rows = []
    for tensors in zip(params, grads, exp_avgs, exp_avg_sqs, steps):
        p = tensors[0]
        for t in tensors[:4]:
            if t.dtype != torch.float32 or not t.is_contiguous() or t.numel() != p.numel():
                raise ValueError("multi_tensor_adam: tensors must be contiguous fp32 of matching sizes")
        if tensors[4].dtype != torch.float32 or tensors[4].numel() != 1:
            raise ValueError("multi_tensor_adam: each step must be a 1-element fp32 tensor")
        addresses = [t.data_ptr() for t in tensors]
        for start in range(0, p.numel(), chunk):
            rows.append(addresses + [start, min(chunk, p.numel() - start)])
    device = params[0].device
    chunks = torch.tensor(rows, dtype=torch.int64, device=device).reshape(-1, ROW)
    step_table = torch.tensor([s.data_ptr() for s in steps], dtype=torch.int64, device=device)
    keep = tuple(params) + tuple(grads) + tuple(exp_avgs) + tuple(exp_avg_sqs) + tuple(steps)
    return AdamTables(chunks, step_table, len(rows), block, iters, keep)


def increment_steps(tables: AdamTables) -> None:
    """Add one to every step tensor, in one launch."""
    n = tables.steps.numel()
    foreach_step_increment_kernel[(triton.cdiv(n, STEP_BLOCK),)](tables.steps, n, BLOCK=STEP_BLOCK)


def adam_update(tables: AdamTables, lr: float = 1e-3, beta1: float = 0.9, beta2: float = 0.999,
                eps: float = 1e-8, num_warps: int = NUM_WARPS) -> None:
    """Update every param, exp_avg and exp_avg_sq in place, in one launch."""
    multi_tensor_adam_kernel[(tables.n_chunks,)](tables.chunks, lr, beta1, beta2, eps,
                                                 BLOCK=tables.block, ITERS=tables.iters, num_warps=num_warps)


def adam_step(tables: AdamTables, lr: float = 1e-3, beta1: float = 0.9, beta2: float = 0.999,
              eps: float = 1e-8) -> None:
    """One ``Adam.step()``: the step increment, then the fused update (two launches)."""
    increment_steps(tables)
    adam_update(tables, lr, beta1, beta2, eps)


def adam_bytes(n_elements: int) -> int:
    """Bytes a step must move for ``n_elements`` parameters (the tables and steps not counted)."""
    return BYTES_PER_ELEMENT * n_elements

"""The reference Triton kernels compute what torch computes (CPU, TRITON_INTERPRET=1).

Random inputs, several sizes including ragged ones, small blocks so that many programs run, and
outputs poisoned with NaN before each run so that an element the kernel never writes fails.
"""

from __future__ import annotations

import os

os.environ["TRITON_INTERPRET"] = "1"  # before the kernel modules are imported: @triton.jit reads it

import pytest
import torch

from traceview.capture.kernels import abc as abc_k
from traceview.capture.kernels import mpadam as mp_k
from traceview.capture.kernels import multi_tensor_adam as mta

RAGGED = [1, 17, 255, 1000, 4097]


def _rand(n, seed, dtype=torch.float32):
    return torch.randn(n, generator=torch.Generator().manual_seed(seed)).to(dtype)


@pytest.mark.parametrize("n", RAGGED)
def test_abc_kernel_matches_torch_on_ragged_sizes(n):
    a, b, c = _rand(n, 1), _rand(n, 2), _rand(n, 3)
    out = torch.full((n,), float("nan"))
    abc_k.abc(a, b, c, out=out, block=256, num_warps=4)
    torch.testing.assert_close(out, a * b + c, rtol=1e-6, atol=1e-6)


def test_abc_kernel_handles_2d_tensors_and_counts_16_bytes_per_element():
    a, b, c = (_rand(67 * 67, s).reshape(67, 67) for s in (4, 5, 6))
    torch.testing.assert_close(abc_k.abc(a, b, c), a * b + c)
    assert abc_k.abc_bytes(67 * 67) == 16 * 67 * 67


def _mpadam_reference(w32, g16, m, v, lr, beta1, beta2, eps):
    g = g16.double()
    m2 = beta1 * m.double() + (1 - beta1) * g
    v2 = beta2 * v.double() + (1 - beta2) * g * g
    w2 = w32.double() - lr * m2 / (v2.sqrt() + eps)
    return w2, m2, v2


@pytest.mark.parametrize("n", RAGGED)
def test_mpadam_kernel_updates_all_four_tensors_in_place(n):
    hyper = {"lr": 1e-3, "beta1": 0.9, "beta2": 0.99, "eps": 1e-5}
    w32, g16 = _rand(n, 7), _rand(n, 8, torch.bfloat16)
    m, v = _rand(n, 9).abs() * 0.1, _rand(n, 10).abs() * 0.01
    want_w, want_m, want_v = _mpadam_reference(w32, g16, m, v, **hyper)
    w16 = torch.full((n,), float("nan"), dtype=torch.bfloat16)  # write-only: poisoned
    pointers = [t.data_ptr() for t in (w16, m, v, w32)]
    mp_k.mpadam_(w16, g16, m, v, w32, **hyper, block=128)
    assert [t.data_ptr() for t in (w16, m, v, w32)] == pointers
    torch.testing.assert_close(m.double(), want_m, rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(v.double(), want_v, rtol=1e-5, atol=1e-7)
    torch.testing.assert_close(w32.double(), want_w, rtol=1e-5, atol=1e-6)
    # Within one bf16 step: the interpreter's fp32 -> bf16 cast may round differently from torch's.
    torch.testing.assert_close(w16.float(), w32.to(torch.bfloat16).float(), rtol=2**-7, atol=0)
    assert mp_k.mpadam_bytes(n) == 28 * n


def _adam_pair(sizes, seed=0):
    params = [_rand(s, seed + i) for i, s in enumerate(sizes)]
    grads = [_rand(s, 100 + seed + i) for i, s in enumerate(sizes)]
    reference = [p.clone().requires_grad_() for p in params]
    return params, grads, reference


@pytest.mark.parametrize("block,iters", [(64, 1), (64, 3), (256, 2)])
def test_multi_tensor_adam_matches_torch_adam_over_ragged_tensors(block, iters):
    sizes = [1, 3, 257, 1000, 4099, 64]
    params, grads, reference = _adam_pair(sizes)
    opt = torch.optim.Adam(reference, lr=1e-2, foreach=False)
    m = [torch.zeros(s) for s in sizes]
    v = [torch.zeros(s) for s in sizes]
    steps = [torch.zeros(()) for _ in sizes]
    tables = mta.build_tables(params, grads, m, v, steps, block=block, iters=iters)
    assert tables.n_chunks == sum(-(-s // (block * iters)) for s in sizes)
    for _ in range(3):
        for r, g in zip(reference, grads):
            r.grad = g.clone()
        opt.step()
        mta.adam_step(tables, lr=1e-2)
    for p, r, s in zip(params, reference, steps):
        torch.testing.assert_close(p, r.detach(), rtol=1e-5, atol=1e-6)
        assert s.item() == 3.0
    for mi, vi, r in zip(m, v, reference):
        torch.testing.assert_close(mi, opt.state[r]["exp_avg"], rtol=1e-5, atol=1e-7)
        torch.testing.assert_close(vi, opt.state[r]["exp_avg_sq"], rtol=1e-5, atol=1e-8)


def test_each_step_advances_once_per_call_however_many_chunks_a_tensor_has():
    # 1 + 40 + 3 chunks of 16: the step is read by every chunk and must grow by exactly one per call.
    sizes = [5, 640, 33]
    params, grads, reference = _adam_pair(sizes, seed=7)
    m = [torch.zeros(s) for s in sizes]
    v = [torch.zeros(s) for s in sizes]
    steps = [torch.full((), float(i)) for i in range(len(sizes))]  # tensors at different steps
    tables = mta.build_tables(params, grads, m, v, steps, block=16, iters=1)
    for _ in range(4):
        mta.adam_step(tables)
    assert [s.item() for s in steps] == [4.0, 5.0, 6.0]
    assert tables.counts.tolist() == [0, 0, 0]  # reset for the next call


def test_multi_tensor_adam_reaches_every_element_of_full_and_ragged_chunks():
    sizes = [3, 257, 1000, 128]  # ragged last chunks and an exact multiple of the chunk
    params, grads, _ = _adam_pair(sizes, seed=3)
    m = [torch.zeros(s) for s in sizes]  # an element the kernel skips keeps 0, not 0.1 * g
    v = [torch.zeros(s) for s in sizes]
    tables = mta.build_tables(params, grads, m, v, [torch.zeros(()) for _ in sizes], block=64, iters=2)
    mta.adam_step(tables)
    for g, mi, vi in zip(grads, m, v):
        torch.testing.assert_close(mi, 0.1 * g)
        torch.testing.assert_close(vi, 0.001 * g * g)


def test_multi_tensor_adam_rejects_non_fp32_tensors():
    p = torch.zeros(4, dtype=torch.float16)
    with pytest.raises(ValueError, match="fp32"):
        mta.build_tables([p], [p], [p], [p], [torch.zeros(())])


def test_multi_tensor_adam_rejects_tensors_off_a_16_byte_boundary():
    p = torch.zeros(9)[1:]  # 4 bytes past an aligned start: the kernel's vector loads would misread it
    with pytest.raises(ValueError, match="16-byte"):
        mta.build_tables([p], [p], [p], [p], [torch.zeros(())])

"""``torch.optim.Adam`` over many tensors of mixed sizes (seed 000).

The tensors are those of a small transformer stack: per layer, weights (3d x d, d x d, 4d x d,
d x 4d), biases and norm vectors; plus an output head of ragged size. Gradients are fixed random
tensors, so a step is exactly the optimizer's work.

Variants and what a GPU trace of one ``step()`` should show:

- ``for-loop``: ``foreach=False``: several kernels per tensor, hundreds per step.
- ``foreach``: ``foreach=True``: a handful of multi-tensor kernels per step.
- ``fused``: ``fused=True``: the fused multi-tensor Adam kernel (a launch per group of tensors).
- ``compiled``: ``torch.compile(opt.step)`` with ``foreach=True, capturable=True``: a step-increment
  kernel plus horizontally fused ``triton_for_fused_N`` update kernels.
- ``compiled-cudagraphs``: the same, ``mode="reduce-overhead"``: the step recorded once as a CUDA
  graph (CUDA-graph trees) and replayed, one ``cudaGraphLaunch`` per step whatever the tensor count;
  the gradients are marked static (``mark_static_address``), as a training loop whose backward is
  graphed too would have them, so the replay copies none. GPU only.
- ``compiled-cpp-wrapper``: the same, with Inductor's ``cpp_wrapper``: the code that launches the
  kernels is C++ instead of Python (slow to compile on the CPU).
- ``apex``: NVIDIA APEX's ``FusedAdam`` when ``apex`` with its CUDA extensions is installed (GPU only;
  PyPI's ``apex`` is an unrelated package, and ``fused=True`` is APEX's kernel ported upstream).
- ``triton``: own kernel: one launch, a horizontally fused update over a table of per-chunk
  pointers that also advances every step (:mod:`traceview.capture.kernels.multi_tensor_adam`).
"""

from __future__ import annotations

import torch

from .base import Case, Variant, Workload, randn, seeded

CPU_SIZE = (1, 16)  # (layers, width): 14 tensors, the largest 16 x 64
GPU_SIZE = (4, 1024)  # 50 tensors, 50 M parameters: 1.4 GB moved per step
LR = 1e-3
HEAD = 10  # the output head's width: an odd-sized tensor among the power-of-two ones


def shapes(layers: int, width: int) -> list[tuple[int, ...]]:
    """The parameter shapes of ``layers`` transformer blocks of ``width`` plus a head."""
    d = width
    block = [(3 * d, d), (3 * d,), (d, d), (d,), (d,), (d,), (4 * d, d), (4 * d,), (d, 4 * d), (d,), (d,), (d,)]
    return block * layers + [(HEAD, d), (HEAD,)]


def _tensors(size, device):
    gen = seeded(0)
    params = [randn(gen, *s, device=device) for s in shapes(*size)]
    grads = [randn(gen, *s, device=device) for s in shapes(*size)]
    return params, grads


def _sizes(size, params) -> dict:
    return {"layers": size[0], "width": size[1], "n_tensors": len(params), "n_params": sum(p.numel() for p in params)}


def _torch_case(size, device, compiled: dict | None = None, static_grads: bool = False, optimizer=None, **options) -> Case:
    """``compiled``: ``torch.compile`` keywords for ``opt.step`` (None: eager); ``static_grads``: mark the
    gradients' addresses static (CUDA graphs then read them in place); ``optimizer``: the class (Adam)."""
    params, grads = _tensors(size, device)
    for p, g in zip(params, grads):
        p.grad = g
        if static_grads:
            torch._dynamo.mark_static_address(g)
    opt = (optimizer or torch.optim.Adam)(params, lr=LR, **options)
    step = torch.compile(opt.step, **compiled) if compiled is not None else opt.step
    n = sum(p.numel() for p in params)
    return Case(step, lambda: {f"p{i}": p.detach().clone() for i, p in enumerate(params)}, 28 * n, _sizes(size, params))


def triton_case(size, device, block: int | None = None, iters: int | None = None, num_warps: int | None = None) -> Case:
    """The ``triton`` variant; ``block``/``iters`` shape the chunk table, ``num_warps`` the update launch."""
    from traceview.capture.kernels import multi_tensor_adam as mta

    params, grads = _tensors(size, device)
    flat = [p.reshape(-1) for p in params]
    exp_avgs = [torch.zeros_like(p) for p in flat]
    exp_avg_sqs = [torch.zeros_like(p) for p in flat]
    steps = [torch.zeros((), dtype=torch.float32, device=device) for _ in flat]
    tables = mta.build_tables(flat, [g.reshape(-1) for g in grads], exp_avgs, exp_avg_sqs, steps,
                              block=block or mta.BLOCK, iters=iters or mta.ITERS)
    n = sum(p.numel() for p in params)
    warps = num_warps or mta.NUM_WARPS

    def step():
        mta.adam_step(tables, lr=LR, num_warps=warps)

    return Case(step, lambda: {f"p{i}": p.clone() for i, p in enumerate(params)}, 28 * n, _sizes(size, params))


def _gpu_only(what: str):
    return lambda device: None if device.type == "cuda" else what


def _apex_missing(device) -> str | None:
    """Why APEX's FusedAdam cannot run here, or None."""
    if device.type != "cuda":
        return "APEX's FusedAdam needs a GPU"
    try:
        import amp_C  # noqa: F401  (APEX's CUDA extension; FusedAdam raises without it)
        from apex.optimizers import FusedAdam  # noqa: F401
    except ImportError:
        return ("NVIDIA apex with its CUDA extensions is not installed (PyPI's `apex` is an unrelated package; "
                "`fused` runs its upstream port)")
    return None


def _apex_case(size, device) -> Case:
    from apex.optimizers import FusedAdam

    return _torch_case(size, device, optimizer=FusedAdam, adam_w_mode=False)


def parse_size(text: str) -> tuple[int, int]:
    """``LAYERSxWIDTH``, e.g. ``8x1024``."""
    layers, _, width = text.lower().partition("x")
    if not width:
        raise ValueError("expected LAYERSxWIDTH, e.g. 8x1024")
    return int(layers), int(width)


VARIANTS = {
    v.name: v
    for v in [
        Variant("for-loop", "Adam(foreach=False): kernels per tensor", lambda s, d: _torch_case(s, d, foreach=False)),
        Variant("foreach", "Adam(foreach=True): multi-tensor kernels", lambda s, d: _torch_case(s, d, foreach=True)),
        Variant("fused", "Adam(fused=True): the fused multi-tensor kernel", lambda s, d: _torch_case(s, d, fused=True)),
        Variant("compiled", "torch.compile(opt.step), foreach=True, capturable=True",
                lambda s, d: _torch_case(s, d, compiled={}, foreach=True, capturable=True), compiled=True),
        Variant("compiled-cudagraphs", "torch.compile(opt.step, mode='reduce-overhead'): replayed as a CUDA graph",
                lambda s, d: _torch_case(s, d, compiled={"mode": "reduce-overhead"}, static_grads=True, foreach=True,
                                         capturable=True),
                compiled=True, unavailable=_gpu_only("CUDA graphs (mode='reduce-overhead') need a GPU")),
        Variant("compiled-cpp-wrapper", "torch.compile(opt.step) with Inductor's cpp_wrapper: launches from C++",
                lambda s, d: _torch_case(s, d, compiled={"options": {"cpp_wrapper": True}}, foreach=True, capturable=True),
                compiled=True),
        Variant("apex", "APEX FusedAdam (NVIDIA apex): its multi-tensor kernel", _apex_case, unavailable=_apex_missing),
        Variant("triton", "own Triton: one horizontally fused launch (update + step increment)", triton_case,
                triton=True),
    ]
}

WORKLOAD = Workload(
    name="adam",
    description="torch.optim.Adam over many tensors of mixed sizes; --size LAYERSxWIDTH",
    variants=VARIANTS,
    sizes={"cpu": CPU_SIZE, "gpu": GPU_SIZE},
    parse_size=parse_size,
    tolerances={"float32": (1e-4, 1e-5)},
    reference="for-loop",
)

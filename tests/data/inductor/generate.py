"""Regenerate the Inductor output-code fixtures in this folder (and, on a GPU, small traces).

    python tests/data/inductor/generate.py cpu   # -> tests/data/inductor/cpu/*.py
    python tests/data/inductor/generate.py cuda  # -> OUT/cuda/*.py + OUT/cuda/*.pt.trace.json.gz

Each workload is one of the seed functions (seeds 001-003 and the foreach Adam of seed 000),
compiled with torch.compile; the wrapper module Inductor generated is saved verbatim,
one file per compiled graph: ``<workload>.<graph index>.py``.
"""

from __future__ import annotations

import gzip
import os
import shutil
import sys
from pathlib import Path

import torch
from torch._inductor.utils import run_and_get_code


def abc(a, b, c):
    return a * b + c


def mp_adam_inplace(w16, g16, m, v, w32, lr, beta1, beta2, eps):
    """Seed 002: mixed-precision Adam writing every result back in place."""
    g32 = g16.to(torch.float32)
    m_new = beta1 * m + (1 - beta1) * g32
    v_new = beta2 * v + (1 - beta2) * (g32 * g32)
    w32_new = w32 - (lr * m_new) / (torch.sqrt(v_new) + eps)
    m.copy_(m_new)
    v.copy_(v_new)
    w32.copy_(w32_new)
    w16.copy_(w32_new)


def mp_adam_returning(w16, g16, m, v, w32, lr, beta1, beta2, eps):
    """Seed 002's workaround: one in-place copy_, the rest returned as new tensors."""
    g32 = g16.to(torch.float32)
    m_new = beta1 * m + (1 - beta1) * g32
    v_new = beta2 * v + (1 - beta2) * (g32 * g32)
    w32_new = w32 - (lr * m_new) / (torch.sqrt(v_new) + eps)
    w16.copy_(w32_new)
    return m_new, v_new, w32_new


def reduction(x):
    """Seed 003: elementwise chain feeding a mean and a comparison."""
    x_1 = 1 / (torch.exp(-x) + 5)
    return x_1, x_1.mean() > 0.5


def workloads(device: str, n: int):
    g = torch.Generator().manual_seed(0)

    def rand(*shape, dtype=torch.float32):
        return torch.randn(*shape, generator=g).to(device=device, dtype=dtype)

    side = int(n**0.5)
    yield "abc", abc, (rand(side, side), rand(side, side), rand(side, side))
    for name, fn in (("mp_adam_inplace", mp_adam_inplace), ("mp_adam_returning", mp_adam_returning)):
        w32 = rand(n)
        args = (w32.to(torch.bfloat16), rand(n, dtype=torch.bfloat16), torch.zeros_like(w32),
                torch.zeros_like(w32), w32, 0.001, 0.9, 0.99, 1e-5)
        yield name, fn, args
    yield "reduction", reduction, (rand(100),)


def foreach_adam(device: str, n: int):
    """Seed 000: torch.compile(opt.step) for Adam(foreach=True, capturable=False) over 4 tensors."""
    params = [torch.nn.Parameter(torch.randn(n // (i + 1), device=device)) for i in range(4)]
    for p in params:
        p.grad = torch.randn_like(p)
    opt = torch.optim.Adam(params, lr=1e-3, foreach=True, capturable=False)
    step = torch.compile(opt.step)
    return step


def save(codes: list[str], out: Path, name: str) -> None:
    """Write each wrapper module, and copy the kernel files its ``# kernel path:`` lines name."""
    out.mkdir(parents=True, exist_ok=True)
    for i, code in enumerate(codes):
        (out / f"{name}.{i}.py").write_text(code)
        for line in code.splitlines():
            if line.startswith("# kernel path: "):
                src = Path(line.removeprefix("# kernel path: ").strip())
                if src.is_file():
                    (out / "kernels").mkdir(exist_ok=True)
                    shutil.copy(src, out / "kernels" / src.name)


def main(device: str) -> None:
    out = Path(os.environ.get("OUT", Path(__file__).parent)) / device
    n = 1024 if device == "cpu" else 1 << 24
    torch._dynamo.config.cache_size_limit = 64
    for name, fn, args in workloads(device, n):
        compiled = torch.compile(fn)
        _, codes = run_and_get_code(compiled, *args)
        save(codes, out, name)
        if device == "cuda":
            profile(name, compiled, args, out)
    step = foreach_adam(device, n)
    _, codes = run_and_get_code(step)
    save(codes, out, "adam_foreach")
    if device == "cuda":
        profile("adam_foreach", step, (), out)
        (out / "versions.txt").write_text(
            f"torch {torch.__version__}\ntriton {__import__('triton').__version__}\n"
            f"device {torch.cuda.get_device_name()}\n")


def profile(name: str, fn, args, out: Path) -> None:
    from torch.profiler import ProfilerActivity, profile as torch_profile

    for _ in range(2):
        fn(*args)
    torch.cuda.synchronize()
    with torch_profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA],
                       record_shapes=True, with_stack=True) as prof:
        for _ in range(3):
            fn(*args)
        torch.cuda.synchronize()
    raw = out / f"{name}.json"
    prof.export_chrome_trace(str(raw))
    with open(raw, "rb") as src, gzip.open(out / f"{name}.pt.trace.json.gz", "wb") as dst:
        shutil.copyfileobj(src, dst)
    raw.unlink()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "cpu")

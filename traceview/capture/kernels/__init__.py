"""Reference Triton kernels: plain ``@triton.jit`` code a reader can learn from.

Each module holds one kernel (or a pair), a Python launcher, and the number of bytes a call must
move through device memory (each input read once, each output written once):

- :mod:`.abc` — ``out = a * b + c``, one pass: 16 bytes per fp32 element.
- :mod:`.mpadam` — mixed-precision Adam, four in-place stores in one pass: 28 bytes per parameter.
- :mod:`.multi_tensor_adam` — ``torch.optim.Adam`` over many tensors in one launch (a table of
  per-chunk pointers), plus a foreach step-increment kernel.

They run on the CPU under ``TRITON_INTERPRET=1`` (set it before importing these modules: Triton
reads it when ``@triton.jit`` decorates the function).
"""

from __future__ import annotations

import os

#: The profiler annotation around an interpreted launch: ``triton_interpreted::<kernel>``
#: (``traceview.trace.catalogue.TRITON_INTERPRETED`` reads it back).
INTERPRETED_PREFIX = "triton_interpreted::"


def launch(kernel, grid: tuple, *args, **kwargs) -> None:
    """``kernel[grid](*args, **kwargs)``; under ``TRITON_INTERPRET=1`` inside a profiler annotation
    named ``triton_interpreted::<kernel>``, so that a CPU trace shows where the interpreted kernel ran
    (the interpreter's own tensor copies nest inside it). On a GPU nothing is added."""
    if os.environ.get("TRITON_INTERPRET") != "1":
        kernel[grid](*args, **kwargs)
        return
    from torch.profiler import record_function

    name = getattr(getattr(kernel, "fn", None), "__name__", None) or getattr(kernel, "__name__", "kernel")
    with record_function(INTERPRETED_PREFIX + name):
        kernel[grid](*args, **kwargs)

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

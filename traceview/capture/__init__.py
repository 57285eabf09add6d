"""Capture: run code under ``torch.profiler`` and write what it did.

- :mod:`.workloads` — the reference programs (``abc``, ``mpadam``, ``adam``), each with named variants.
- :mod:`.kernels` — plain ``@triton.jit`` reference kernels used by the ``triton`` variants.
- :mod:`.runner` — ``run_workload``: profile variants of a workload, one trace per variant.
- :mod:`.profile_script` — ``profile_script``: profile a user's script as ``__main__``.
- :mod:`.inductor_code` — copy the wrapper modules Inductor generated for compiled graphs.

Nothing here imports the trace, analysis or report layers, nor orjson/msgspec/plotly/HTA:
capture must run on a machine that only has torch, triton and the standard library.
"""

"""Capture: run code under ``torch.profiler`` and write what it did.

- :mod:`.workloads` — the reference programs (``abc``, ``mpadam``, ``adam``), each with named variants.
- :mod:`.kernels` — plain ``@triton.jit`` reference kernels used by the ``triton`` variants.
- :mod:`.runner` — ``run_workload``: profile variants of a workload, one trace per variant.
- :mod:`.profile_script` — ``profile_script``: profile a user's script as ``__main__``.
- :mod:`.inductor_code` — copy the wrapper modules Inductor generated for compiled graphs.

Nothing here imports the trace, analysis or report layers, nor msgspec/plotly/pandas:
capture must run on a machine that only has torch, triton and the standard library.
"""

from traceview.errors import CaptureError


def require_torch(command: str) -> None:
    """Raise :class:`CaptureError` (one line, exit 2) when PyTorch cannot be imported.

    Analyzing traces needs neither torch nor triton; ``traceview run`` and ``traceview profile``
    need torch, which comes with the ``capture`` extra.
    """
    import importlib

    try:
        importlib.import_module("torch")
    except ImportError as exc:
        raise CaptureError(f"traceview {command} needs PyTorch, which cannot be imported here ({exc}); "
                           "install it with: pip install 'traceview[capture]'") from None

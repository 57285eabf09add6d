"""traceview: what your PyTorch program really did on the GPU.

    import traceview as tv
    t = tv.open("traceview-profile")     # a trace, a profile/run directory, or a directory of rank traces
    t.kernels, t.launches, t.steps, t.advice, t.plot.timeline(), t.report("page.html")
    tv.diff(tv.open("eager/"), tv.open("compiled/"))

The package is layered and data flows one way::

    capture  ->  trace  ->  analysis  ->  report, api
    (runs code   (JSON ->    (pure          (html, terminal,
     under the    typed       functions:     json; the Python
     profiler)    tables)     tables in,     API for notebooks)
                              results out)

Importing :mod:`traceview` is cheap: ``open`` and ``diff`` import the rest on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from traceview._version import __version__
__all__ = ["Diff", "Run", "Runs", "Trial", "__version__", "diff", "open", "read_try"]

if TYPE_CHECKING:
    from traceview.api import Diff, Run, Runs, Trial, diff, open, read_try  # noqa: A004


def __getattr__(name: str) -> Any:
    if name in ("Diff", "Run", "Runs", "Trial", "diff", "open", "read_try"):
        import traceview.api as api

        value = getattr(api, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'traceview' has no attribute {name!r}")

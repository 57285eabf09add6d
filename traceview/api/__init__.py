"""The Python API: what a notebook reaches for. `traceview.open(path)` and `traceview.diff(a, b)`; see
`traceview.api.run.Run` and `traceview.api.runs.Runs`."""

from __future__ import annotations

from pathlib import Path

from traceview.api.compare import Diff, diff
from traceview.api.run import Run
from traceview.api.runs import Runs
from traceview.api.trial import Trial, read_try

__all__ = ["Diff", "Run", "Runs", "Trial", "diff", "open", "read_try"]


def open(path: str | Path, *, cache: bool = True, torch_trace: str | Path | None = None) -> Run | Runs:  # noqa: A001
    """A trace file, a `traceview profile` directory or a directory of rank traces: a `Run`; a
    `traceview run` directory of several variants: a `Runs` (variant name -> Run). Nothing is analysed
    until asked. A missing path or a file that is not a trace raises `traceview.errors.TraceviewError`."""
    from traceview.trace.run_files import variant_traces

    path = Path(path)
    variants = variant_traces(path) if torch_trace is None else {}
    if len(variants) > 1:
        return Runs(variants, cache=cache)
    if len(variants) == 1:
        (name, only), = variants.items()
        return Run(only, cache=cache, torch_trace=torch_trace, name=name)
    return Run(path, cache=cache, torch_trace=torch_trace)

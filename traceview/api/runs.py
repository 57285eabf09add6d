"""A `traceview run` directory: several variants of one workload (separate programs, not ranks), by name."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

import pandas as pd

from traceview.api.run import Run


class Runs(Mapping[str, Run]):
    """Variant name -> `Run`, in the run's order; `compare()` puts them side by side."""

    def __init__(self, paths: Mapping[str, Path], *, cache: bool = True) -> None:
        self._runs = {name: Run(path, cache=cache, name=name) for name, path in paths.items()}

    def __getitem__(self, name: str) -> Run:
        return self._runs[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._runs)

    def __len__(self) -> int:
        return len(self._runs)

    def compare(self) -> pd.DataFrame:
        """Per variant, medians per step: kernels, GPU ms, launches, step ms; and the seconds spent compiling (the run's
        own record where it has one, as `traceview run` prints it; else what the trace shows)."""
        rows = []
        for name, run in self._runs.items():
            steps = run.steps
            split, reasons = run.analysis("split"), run.analysis("reasons")
            seconds = reasons.compile_s if reasons is not None and reasons.compile_s is not None else None
            rows.append({"variant": name, "steps": len(steps),
                         "kernels_per_step": float(steps["kernels"].median()) if len(steps) else None,
                         "gpu_ms_per_step": float(steps["gpu_ms"].median()) if len(steps) and steps["gpu_ms"].notna().any() else None,
                         "launches_per_step": float(steps["launches"].median()) if len(steps) else None,
                         "step_ms": float(steps["ms"].median()) if len(steps) else None,
                         "compile_s": seconds if seconds is not None else split.compile_ns / 1e9})
        return pd.DataFrame(rows)

    def __repr__(self) -> str:
        return f"<traceview.Runs {', '.join(self._runs)}>"

    def _repr_html_(self) -> str:
        from traceview.api.display import runs_summary

        return runs_summary(self)

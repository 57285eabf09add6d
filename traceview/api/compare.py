"""`tv.diff(a, b)`: two runs side by side, as `traceview diff` prints them, as DataFrames."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from traceview.analysis.compare.diff import diff_analyses


@dataclass(frozen=True)
class Diff:
    """Run A against run B. `metrics`: metric, unit, a, b, ratio (b / a). `kernels`: one row per group of
    kernels matched by the ops they came from (a's and b's names, counts and ms); `only_a` / `only_b`: kernels
    with no partner; `launches`: calls per launch API on each side."""

    label_a: str
    label_b: str
    metrics: pd.DataFrame
    kernels: pd.DataFrame
    only_a: pd.DataFrame
    only_b: pd.DataFrame
    launches: pd.DataFrame

    def _repr_html_(self) -> str:
        from traceview.api.display import diff_summary

        return diff_summary(self)


def diff(a: Any, b: Any) -> Diff:
    """Compare two runs (each from `traceview.open`)."""
    d = diff_analyses(a.result(), b.result(), a.name, b.name)
    return Diff(d.label_a, d.label_b, d.metrics, d.groups, d.unmatched_a, d.unmatched_b, d.launches)

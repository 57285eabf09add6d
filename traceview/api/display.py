"""What a notebook shows for a run, a set of runs and a comparison: a short summary, not a dump. (The objects come
in untyped: they import this module, not the other way round.)"""

from __future__ import annotations

import html
from typing import Any

import pandas as pd


def _table(frame: pd.DataFrame, rows: int = 5) -> str:
    return frame.head(rows).to_html(index=False, border=0, float_format=lambda x: f"{x:,.3f}")


def run_summary(run: Any) -> str:
    """Compile vs run, the steps, the top kernels and the first changes to make."""
    s = run.summary
    lazy = run._lazy
    split = lazy.split
    parts = [f"<b>traceview run {html.escape(run.name)}</b> <code>{html.escape(str(run.path))}</code>",
             f"<p>{s.events:,} events over {s.span_ms:,.1f} ms; {s.kernels:,} GPU kernels on {s.streams} stream(s); "
             f"compiling {split.compile_ns / 1e6:,.1f} ms, autotuning {split.autotune_ns / 1e6:,.1f} ms</p>"]
    steps = run.steps
    if len(steps):
        parts.append(f"<p>{len(steps)} step(s): median {steps['ms'].median():,.3f} ms, "
                     f"{steps['kernels'].median():,.0f} kernels per step</p>")
    kernels = run.kernels[run.kernels["phase"] == "run"]
    if len(kernels):
        top = (kernels.groupby("short_name", sort=False)["dur_ns"].agg(["count", "sum"])
               .sort_values("sum", ascending=False).head(5).reset_index())
        top["ms"] = top.pop("sum") / 1e6
        parts.append("<p>top kernels</p>" + _table(top))
    advice = run.advice[run.advice["ranked"]] if len(run.advice) else run.advice
    if len(advice):
        parts.append("<p>what to change first</p>"
                     + _table(advice[["kind", "saving_ms", "saving_pct", "how"]].assign(how=advice["how"].str.slice(0, 90)), 3))
    return "\n".join(parts)


def runs_summary(runs: Any) -> str:
    return f"<b>traceview runs</b> ({len(runs)}): " + ", ".join(html.escape(n) for n in runs) + _table(runs.compare(), 20)


def diff_summary(d: Any) -> str:
    return (f"<b>traceview diff</b> {html.escape(d.label_a)} → {html.escape(d.label_b)}" + _table(d.metrics, 30)
            + "<p>kernels matched by the ops they came from</p>" + _table(d.kernels, 15))

"""Did this run stay within its budgets? The numbers ``traceview check`` gates CI on, and the verdicts.

A run's *metrics* are a few numbers read off its analysis (:func:`check_metrics`); a *rule* bounds
one of them, absolutely or against a baseline run::

    max            kernels_per_step <= 240              (--max kernels_per_step=240)
    max_regression gpu_ms_per_step <= baseline + 5%     (--max-regression gpu_ms_per_step=5%)
                   kernels_per_step <= baseline + 10    (--max-regression kernels_per_step=10)

Per-step metrics are the median over the trace's steps (a step that compiled does not move it);
a metric the run cannot give (no steps, no Dynamo record for graph breaks, GPU kernels or launches
of a trace without GPU activity: a CPU trace counts its CPU's kernels elsewhere) is *unknown*, and a
rule on it neither passes nor fails: ``traceview check`` reports it as bad input.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from traceview.analysis.result import Analysis

#: metric -> what it measures (the help text and README table read this).
METRICS: dict[str, str] = {
    "kernels_per_step": "run-phase GPU kernels per step, median over steps (every thread of the step); on a CPU-only trace, its CPU kernels",
    "kernels_per_step_max": "run-phase GPU kernels of the busiest step (CPU kernels on a CPU-only trace)",
    "gpu_ms_per_step": "run-phase GPU kernel time per step in ms, median over steps",
    "gpu_ms_per_step_max": "run-phase GPU kernel time of the slowest step in ms",
    "launches_per_step": "launch calls per step (a graph launch once), median",
    "step_ms": "wall time per step in ms, median: of the steps timed without the profiler where the run timed them "
               "(meta.json of `profile --steps`, `run`), else of the profiled steps",
    "profiled_step_ms": "wall time per profiled step in ms, median (the profiler stretches host-bound steps)",
    "kernels": "run-phase GPU kernels in the whole trace (CPU kernels on a CPU-only trace)",
    "gpu_ms": "run-phase GPU kernel time in the whole trace, ms",
    "compile_s": "seconds torch.compile spent compiling (whole run from the structured trace or meta.json; "
                 "else what the trace shows)",
    "graph_breaks": "places in user code where Dynamo broke a graph (structured trace or meta.json counters)",
    "recompiles": "recompilations (compile ids F/1 and later)",
    "graph_launches": "CUDA/HIP graph launches in the trace",
}

#: metrics read off GPU activity: unknown on a trace that has none (a CPU-only profile).
GPU_METRICS = ("kernels_per_step", "kernels_per_step_max", "gpu_ms_per_step", "gpu_ms_per_step_max", "launches_per_step",
               "kernels", "gpu_ms", "graph_launches")

KINDS = ("max", "max_regression")
_RULE = re.compile(r"^\s*(?P<metric>[A-Za-z_][A-Za-z0-9_]*)\s*[=:]\s*(?P<value>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(?P<pct>%?)\s*$")


class BudgetError(ValueError):
    """A rule that cannot be read: unknown metric, a value that is not a number."""


@dataclass(frozen=True)
class Rule:
    """``metric`` bounded by ``limit``: an absolute maximum, or the most it may grow over the baseline
    (``percent``: ``limit`` is a percentage of the baseline value)."""

    kind: str  # max | max_regression
    metric: str
    limit: float
    percent: bool = False
    origin: str = "command line"  # command line | pyproject.toml | <budgets file>

    def __str__(self) -> str:
        limit = f"{_num(self.limit)}{'%' if self.percent else ''}"
        return f"{self.metric} <= {limit}" if self.kind == "max" else f"{self.metric} <= baseline + {limit}"


@dataclass(frozen=True)
class Verdict:
    """One rule checked: ``status`` pass | fail | unknown; ``value`` (and ``baseline``) the numbers
    compared; ``bound`` the largest value that passes; ``detail`` a sentence for the terminal."""

    rule: Rule
    status: str
    value: float | None
    baseline: float | None
    bound: float | None
    detail: str


def parse_rule(text: str, kind: str = "max", origin: str = "command line") -> Rule:
    """``"kernels_per_step=240"`` / ``"gpu_ms_per_step=5%"`` -> Rule. BudgetError when unreadable."""
    found = _RULE.match(text or "")
    if found is None:
        raise BudgetError(f"--{kind.replace('_', '-')} {text!r}: expected METRIC=NUMBER (e.g. kernels_per_step=240)")
    return make_rule(kind, found.group("metric"), float(found.group("value")), bool(found.group("pct")), origin)


def make_rule(kind: str, metric: str, limit: float, percent: bool = False, origin: str = "command line") -> Rule:
    if metric not in METRICS:
        raise BudgetError(f"unknown metric {metric!r} ({origin}); known: {', '.join(METRICS)}")
    if kind not in KINDS:
        raise BudgetError(f"unknown rule kind {kind!r} ({origin}); known: {', '.join(KINDS)}")
    if percent and kind == "max":
        raise BudgetError(f"{metric}={_num(limit)}%: a percentage needs a baseline (--max-regression)")
    if not math.isfinite(limit):
        raise BudgetError(f"{metric}: the limit must be a finite number")
    return Rule(kind, metric, float(limit), percent, origin)


def check_metrics(a: Analysis) -> dict[str, float | None]:
    """Every metric of :data:`METRICS` for one analysis (None where the run cannot tell)."""
    steps = a.steps.steps
    has_steps = len(steps) > 0
    run = a.attribution.kernels[(a.attribution.kernels["phase"] == "run").to_numpy()]
    reasons = a.reasons

    def median(col: str) -> float | None:
        return float(np.median(steps[col].to_numpy(dtype=float))) if has_steps else None

    def largest(col: str) -> float | None:
        return float(steps[col].max()) if has_steps else None

    profiled_step = float(np.median(steps["dur_ns"].to_numpy(dtype=float))) / 1e6 if has_steps else None

    metrics = {
        "kernels_per_step": median("kernels"),
        "kernels_per_step_max": largest("kernels"),
        "gpu_ms_per_step": median("gpu_ms"),
        "gpu_ms_per_step_max": largest("gpu_ms"),
        "launches_per_step": median("launches"),
        "step_ms": a.unprofiled_step_ms if a.unprofiled_step_ms else profiled_step,
        "profiled_step_ms": profiled_step,
        "kernels": float(len(run)),
        "gpu_ms": float(run["dur_ns"].sum()) / 1e6,
        "compile_s": reasons.compile_s if reasons is not None else (a.split.compile_ns + a.split.autotune_ns) / 1e9,
        "graph_breaks": _maybe(reasons.graph_break_count) if reasons is not None else None,
        "recompiles": _maybe(reasons.recompile_count) if reasons is not None else None,
        "graph_launches": float(a.graphs.count),
    }
    if not has_gpu(a):
        metrics |= dict.fromkeys(GPU_METRICS)
        metrics |= cpu_kernel_metrics(a)
    return metrics


#: What a kernel count means on a trace without a GPU: its CPU kernels (ATen ops, Inductor's C++ kernels,
#: interpreted Triton; :mod:`traceview.analysis.kernels.cpu_kernels`), so a gate on kernels works on a CPU run too.
CPU_KERNEL_METRICS = ("kernels_per_step", "kernels_per_step_max", "kernels")


def cpu_kernel_metrics(a: Analysis) -> dict[str, float | None]:
    """``kernels_per_step`` (median), ``kernels_per_step_max`` and ``kernels`` (run phase) counted on the CPU's
    kernels; None where the trace has none or no steps."""
    per_step = a.cpu.kernels_per_step
    run = sum(a.cpu.run_counts.values())
    if not run:
        return {}
    return {"kernels_per_step": float(np.median(per_step)) if per_step else None,
            "kernels_per_step_max": float(max(per_step)) if per_step else None, "kernels": float(run)}


def has_gpu(a: Analysis) -> bool:
    """Whether the trace holds any GPU activity (kernel, memcpy or memset)."""
    s = a.summary
    return bool(s.kernels or s.memcpys or s.memsets)


def why_unknown(metric: str, gpu: bool = True) -> str:
    """Why a metric can be missing, for the message; ``gpu``: whether the trace has GPU activity."""
    if not gpu and metric in GPU_METRICS:
        return "the trace has no GPU activity (a CPU-only profile: its CPU kernels are in `traceview analyze`)"
    if metric.endswith("_per_step") or metric.endswith("_per_step_max") or metric == "step_ms":
        return "the trace has no steps (ProfilerStep#N, or a repeated user annotation)"
    if metric in ("graph_breaks", "recompiles"):
        return "no structured trace or meta.json beside the trace (capture with `traceview profile`, or pass --torch-trace)"
    return "not in this input"


def check(rules: list[Rule], metrics: dict[str, float | None], baseline: dict[str, float | None] | None = None,
          sources: dict[str, str] | None = None) -> list[Verdict]:
    """Check each rule against ``metrics`` (and ``baseline`` for regressions); ``sources``: which figure a metric is
    (:func:`step_source`), said in its verdict's line."""
    out = []
    gpu = "gpu_ms" not in metrics or metrics["gpu_ms"] is not None  # None only on a trace without GPU activity
    for rule in rules:
        value = metrics.get(rule.metric)
        if value is None:
            out.append(Verdict(rule, "unknown", None, None, None, f"{rule.metric} unknown: {why_unknown(rule.metric, gpu)}"))
            continue
        if rule.kind == "max":
            bound, base = rule.limit, None
        else:
            base = (baseline or {}).get(rule.metric)
            if baseline is None:
                out.append(Verdict(rule, "unknown", value, None, None, f"{rule} needs a baseline: pass --baseline"))
                continue
            if base is None:
                base_gpu = "gpu_ms" not in baseline or baseline["gpu_ms"] is not None
                out.append(Verdict(rule, "unknown", value, None, None,
                                   f"{rule.metric} unknown in the baseline: {why_unknown(rule.metric, base_gpu)}"))
                continue
            bound = base * (1 + rule.limit / 100) if rule.percent else base + rule.limit
        status = "pass" if value <= bound + _slack(bound) else "fail"
        detail = _detail(rule, status, value, base, bound)
        if sources and rule.metric in sources:
            detail += f" ({sources[rule.metric]})"
        if not gpu and rule.metric in CPU_KERNEL_METRICS:
            detail += " (CPU kernels: the trace has no GPU)"
        out.append(Verdict(rule, status, value, base, bound, detail))
    return out


#: Which step a step metric is (the detail line says it: a profiled step and one timed without the profiler differ).
STEP_SOURCE = {"step_ms": "the step timed without the profiler where meta.json has it, else the profiled one",
               "profiled_step_ms": "the profiled step"}


def step_source(a: Analysis) -> dict[str, str]:
    """For the step metrics, which step each value is of this analysis: shown beside the value."""
    return {"step_ms": "timed without the profiler, meta.json" if a.unprofiled_step_ms else "profiled steps: no unprofiled "
            "timing in meta.json", "profiled_step_ms": "profiled steps"}


def _detail(rule: Rule, status: str, value: float, base: float | None, bound: float) -> str:
    if rule.kind == "max":
        return f"{rule.metric} = {_num(value)} (max {_num(bound)})"
    change = value - base  # type: ignore[operator]
    pct = f", {change / base:+.1%}" if base else ""
    return (f"{rule.metric} = {_num(value)} vs baseline {_num(base)} ({change:+.4g}{pct}; "
            f"allowed +{_num(rule.limit)}{'%' if rule.percent else ''})")


def _slack(bound: float) -> float:
    """Float noise allowed at the bound (a value read back from JSON equal to the limit passes)."""
    return abs(bound) * 1e-9


def _maybe(value: int | None) -> float | None:
    return None if value is None else float(value)


def _num(x: float | None) -> str:
    if x is None:
        return "?"
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.4g}"

"""What every output (terminal, HTML, JSON) calls things: the headings of advice and critical-path kinds, the rows
and cells a table of autotuning choices, a diff, a sweep or a trial shows, whatever draws them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd

from traceview.analysis.compile.autotune import AutotuneChoice, AutotuneChoices
from traceview.trace.labels import text
from traceview.analysis.host.critical_path import KINDS, CriticalPath
from traceview.capture.verdict import ChangeResult
from traceview.report.text import neutralize
from traceview.trace.kernel_names import short_name as short_kernel_name

if TYPE_CHECKING:
    from traceview.analysis.compile.compile_reasons import CompileReasons


#: Words for each kind, as a heading a user reads.
ADVICE_WORDS = {"cuda_graphs": "CUDA graphs", "compile": "torch.compile", "fused_optimizer": "fused optimizer",
                "graph_break": "graph break", "recompile": "recompiles", "static_inputs": "static inputs",
                "exposed_comm": "exposed communication", "straggler": "straggler rank", "input": "data loading",
                "sync": "synchronisation", "pageable_copy": "pageable copies", "threads": "intra-op threads",
                "precision": "TF32 matmuls", "autocast": "bf16 autocast", "cudnn_benchmark": "cuDNN benchmark",
                "channels_last": "channels-last", "batch_size": "batch size"}


def autotune_ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.4f}"


def _candidates(c: AutotuneChoice, limit: int = 4) -> str:
    shown = [f"{neutralize(x['name'])} {autotune_ms(x['ms'])}" for x in c.candidates[:limit]]
    more = len(c.candidates) - limit
    return ", ".join(shown) + (f", +{more} more" if more > 0 else "")


def autotune_rows(choices: AutotuneChoices) -> list[dict[str, str]]:
    """One display row per decision: what was benchmarked, the winner, and the winner in the trace."""
    rows = []
    for c in choices.choices:
        bench = "cached" if c.cached else (f"{c.autotune_s:.2f} s" if c.autotune_s is not None else "-")
        rows.append({"op": f"{neutralize(c.op)} {neutralize(c.compile_id or '')}".strip(), "inputs": neutralize(c.inputs),
                     "candidates (ms)": _candidates(c), "chosen": f"{neutralize(c.chosen or '-')} ({neutralize(c.chosen_kind or '?')})"
                     + (f"; fastest alone: {neutralize(c.fastest)}" if c.fastest and c.fastest != c.chosen else ""),
                     "benchmark ms": autotune_ms(c.chosen_ms), "kernel in trace": neutralize(c.kernel or "-"),
                     "trace median ms": autotune_ms(c.trace_ms) + (f" ×{c.trace_count}" if c.trace_count else ""),
                     "tuning": bench, "source": neutralize(c.source)})
    return rows


#: One color per kind of path time: host work in warm colors, GPU work in greens/blues, idle grey.
PATH_COLORS = {"python_cpu": "#F58518", "launch": "#E45756", "kernel": "#54A24B", "memcpy": "#72B7B2",
               "comm": "#4C78A8", "idle": "#BAB0AC"}


PATH_WORDS = {"python_cpu": "Python / CPU op", "launch": "CUDA runtime (launch, sync)", "kernel": "kernel", "memcpy": "memcpy / memset",
              "comm": "communication (NCCL)", "idle": "GPU idle (waiting)"}


def path_share(cp: CriticalPath) -> dict[str, float]:
    mean, step = cp.mean_breakdown_ms(), cp.mean_step_ms()
    return {k: (mean[k] / step if step else 0.0) for k in KINDS}


def shortened(name: str, limit: int = 90) -> str:
    """A kernel's or slice's name for a table cell: a kernel's readable name, cut to ``limit``."""
    text = short_kernel_name(name)
    return text if len(text) <= limit else text[: limit - 1] + "…"


#: Kernel names listed per side of a group before "… and N more".
NAMES_SHOWN = 6


def diff_value(value: Any) -> str:
    if value is None or value is pd.NA or (isinstance(value, float) and value != value):
        return "-"
    f = float(value)
    if f == 0:
        return "0"
    return f"{f:,.0f}" if f == int(f) and abs(f) >= 1 else f"{f:,.3f}"


def diff_ratio(value: Any) -> str:
    return "" if value is None or value != value else f"×{float(value):.2f}"


def kernel_list(names: Sequence[str], ops: Sequence[str] = (), limit: int = NAMES_SHOWN) -> str:
    ops = list(ops) or [""] * len(names)
    shown = [(short_kernel_name(n) if len(n) > 80 else n) + (f" ({o})" if o and o != n else "") for n, o in zip(names[:limit], ops)]
    return "\n".join(shown) + (f"\n… and {len(names) - limit} more" if len(names) > limit else "")


def nothing_measured(value: Any) -> bool:
    """Zero, missing or NaN: a metric with nothing to compare."""
    if value is None or value is pd.NA:
        return True
    try:
        return float(value) == 0 or value != value
    except (TypeError, ValueError):
        return False


#: (column, header, format) of the terminal and HTML tables; a column without values in any row is left
#: out, except GPU and host ms, which every ``run`` table shows apart.
SCALING_COLUMNS = (
    ("variant", "variant", "{}"), ("size", "size", "{}"), ("n_tensors", "tensors", "{:,.0f}"),
    ("kernels_per_step", "kernels/step", "{:,.0f}"), ("launches_per_step", "launches/step", "{:,.0f}"),
    ("gpu_ms_per_step", "GPU ms", "{:.3f}"), ("cpu_kernel_ms_per_step", "CPU kernel ms", "{:.3f}"),
    ("host_ms_per_step", "host ms", "{:.3f}"), ("wall_ms_per_step", "wall ms", "{:.3f}"),
    ("host_over_gpu", "host/GPU", "{:.2f}"), ("gb_per_s", "GB/s", "{:.1f}"), ("max_abs_diff", "max |diff|", "{:.2e}"),
    ("trace", "trace", "{}"),
)


SCALING_ALWAYS = ("variant", "gpu_ms_per_step", "host_ms_per_step", "wall_ms_per_step")


#: What one call of each built-in workload is (its step).
SCALING_CALLS = {"abc": "one A * B + C", "mpadam": "one mixed-precision Adam update", "adam": "one optimizer step"}


def caption(workload: str | None = None) -> str:
    call = SCALING_CALLS.get(workload or "", "one call of the workload")
    return (f"per call ({call}), medians: GPU ms = kernel time in the profiled calls; host ms = until the "
            "call returned and wall ms = until the device finished, both timed without the profiler")


CAPTION = caption()


def scaling_columns(rows: pd.DataFrame) -> list[tuple[str, str, str]]:
    return [c for c in SCALING_COLUMNS if c[0] in SCALING_ALWAYS or (c[0] in rows and rows[c[0]].notna().any())]


def scaling_cell(value: object, fmt: str) -> str:
    if value is None or value is pd.NA or (isinstance(value, float) and value != value):
        return "—"
    return fmt.format(value)


def trial_pct(value: float | None) -> str:
    return "-" if value is None else f"{round(value) or 0:.0f}%"  # never "-0%"


def trial_span(values: tuple[float, float] | None, fmt: str) -> str:
    if values is None:
        return ""
    low, high = (round(v) or 0 if fmt.endswith("%}") else v for v in values)  # never "-0%"
    return f" ({fmt.format(low)} to {fmt.format(high)})"


def sentence(c: ChangeResult) -> str:
    """'predicted 62%, measured 60% (58% to 63%, 3 runs each)', or why there is no measurement."""
    if c.status != "measured":
        return f"{c.status}: {c.why}"
    predicted = ("no advice kind predicts it" if c.predicted_kind is None and c.predicted_share is None
                 else f"predicted {trial_pct(c.predicted_share)}")
    if c.measured_share is None:
        return f"{predicted}; no round had both arms"
    runs = f"{c.rounds} run{'s' if c.rounds != 1 else ''} each"
    span = trial_span(c.interval, "{:.0f}%") if c.interval is not None else trial_span(c.share_range, "{:.0f}%")
    noisy = "; within noise: the runs cannot tell it from no change" if c.within_noise else ""
    return f"{predicted}, measured {trial_pct(c.measured_share)}{span}, {runs}{noisy}"


#: Graph-break / recompile lines listed under a failed rule.
MAX_REASONS = 5


def reason_lines(metric: str, reasons: CompileReasons | None) -> list[str]:
    """What a failed graph_breaks / recompiles rule is about: one line per break site or recompile."""
    if reasons is None:
        return []
    if metric == "graph_breaks":
        return [f"{b.reason}" + (f" at {b.where}" if text(b.where) else "") + (f" (`{b.code}`)" if text(b.code) else "")
                for b in reasons.graph_breaks.head(MAX_REASONS).itertuples()]
    if metric == "recompiles":
        return [f"{r.compile_id}: " + (f"guard of {r.failed_compile_id} failed: {_guard(r.reason)}" + _more(r.failed_guards)
                                       if text(r.reason) else "reason not recorded")
                for r in reasons.recompiles.head(MAX_REASONS).itertuples()]
    return []


def _guard(reason: str) -> str:
    """A failed guard's first line, less Dynamo's source comment (the user stack follows in the JSON)."""
    return reason.strip().splitlines()[0].split("  #", 1)[0].strip()


def _more(failed: object) -> str:
    """" (and the guards of N older cache entries)" when Dynamo tried more than one."""
    n = len(failed) - 1 if isinstance(failed, list) else 0
    return f" (and the guards of {n} older cache entr{'y' if n == 1 else 'ies'})" if n > 0 else ""


def plain_value(v: Any) -> Any:
    """A table cell's value as plain Python: None for a missing one (None, <NA>, NaN), numpy scalars unwrapped."""
    if v is None or v is pd.NA or (isinstance(v, float) and v != v):
        return None
    return v.item() if hasattr(v, "item") else v

"""``traceview run WORKLOAD``: profile the variants of a reference workload, one trace each."""

from __future__ import annotations

import enum
import logging
from pathlib import Path
from typing import Annotated, Optional

import typer

from traceview.errors import TraceviewError

log = logging.getLogger(__name__)


class WorkloadName(str, enum.Enum):
    abc = "abc"
    mpadam = "mpadam"
    adam = "adam"


def run_cmd(
    workload: Annotated[WorkloadName, typer.Argument(help="abc (A*B+C, seed 001), mpadam (mixed-precision Adam, seed 002) or adam (torch.optim.Adam, seed 000).")],
    variant: Annotated[Optional[list[str]], typer.Option("--variant", "-v", help="A variant to run (repeatable); all when omitted.")] = None,
    size: Annotated[Optional[str], typer.Option("--size", help="'cpu', 'gpu', or a number: N for abc, parameters for mpadam, LAYERSxWIDTH for adam. Default: the device's preset.")] = None,
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for traces, meta.json and generated code.")] = Path("traceview-run"),
    include_compile: Annotated[bool, typer.Option("--include-compile/--steady", help="Profile the first calls, compilation included, instead of the steady state.")] = False,
    device: Annotated[Optional[str], typer.Option("--device", help="cuda or cpu; default: cuda when present.")] = None,
    calls: Annotated[int, typer.Option("--calls", min=1, help="Calls profiled per variant, each a ProfilerStep#N.")] = 3,
    analyze: Annotated[bool, typer.Option("--analyze/--no-analyze", help="Analyze each trace afterwards.")] = True,
    memory: Annotated[bool, typer.Option("--memory", help="Record every allocation and free (profile_memory=True); meta.json gets the window's peak memory.")] = False,
) -> None:
    """Run a workload's variants under torch.profiler: a trace, timings and Inductor code per variant."""
    from rich.table import Table

    from traceview.capture import require_torch

    require_torch("run")
    from traceview.capture.runner import run_workload
    from traceview.commands._common import console

    result = run_workload(workload.value, variant, size, out, include_compile, device, calls, memory=memory)
    if result.skipped:
        from traceview.capture.runner import TRITON_HINT
        from traceview.commands._common import err_console

        err_console().print(f"traceview: skipped variant(s) {', '.join(result.skipped)}: they need Triton, which cannot be imported "
                            f"here; to run them: {TRITON_HINT}", markup=False, soft_wrap=True)
    table = Table(title=f"{result.workload} on {result.device} -> {result.out_dir}", title_justify="left")
    for column in ("variant", "median ms", "GB/s", "max |diff|", "trace", "code"):
        table.add_column(column, justify="right" if column in ("median ms", "GB/s", "max |diff|") else "left")
    for v in result.variants:
        gbps = v.bytes_per_call / (v.median_ms * 1e6) if v.median_ms else 0.0
        code = f"{len(v.code_files)} wrapper(s)" if v.code_dir else ""
        label = f"{v.variant} (interpreted)" if v.triton_interpreted else v.variant  # TRITON_INTERPRET=1: not a compiled kernel's time
        table.add_row(label, f"{v.median_ms:.3f}", f"{gbps:.1f}", f"{v.max_abs_diff:.2e}", v.trace.name, code)
    console().print(table)
    if analyze:
        follow_up(result.traces)


def report_name(trace: Path) -> Path:
    """``abc-eager.pt.trace.json.gz`` -> ``abc-eager.html`` beside it."""
    name = trace.name
    for suffix in (".gz", ".json", ".trace", ".pt"):
        name = name.removesuffix(suffix)
    return trace.with_name(f"{name}.html")


def follow_up(traces: list[Path], html: bool = True) -> None:
    """Analyze each trace, print the findings, write its HTML report, and compare the variants.

    Capture must work without the analysis and report layers (the GPU machine may lack plotly), so
    a missing module falls back to ``traceview info``, and an analysis error is one line of notice.
    """
    from traceview.commands._common import console, err_console

    try:
        from traceview.analysis.analyze import analyze
        from traceview.report.terminal import analysis_view, comparison_view
        from traceview.trace import load
        from traceview.trace.run_files import dynamo_record, run_files
    except ImportError as exc:
        log.debug("analysis layer unavailable: %s", exc)
        return
    results = []
    for trace in traces:
        try:
            analysis = analyze(loaded := load(trace), dynamo_record(run_files(trace)))
            console().print(analysis_view(analysis, top=5))
            results.append((report_name(trace).stem, analysis))
            if html:
                console().print(f"report: {_write_html(analysis, loaded, trace)}", markup=False)
        except (TraceviewError, ImportError) as exc:
            err_console().print(f"traceview: analysis of {trace.name} skipped: {exc}", markup=False)
    if len(results) > 1:
        console().print(comparison_view(results))


def _write_html(analysis, trace, path: Path) -> Path:
    from traceview.report.html import write_report

    return write_report(analysis, report_name(path), title=report_name(path).stem, trace=trace)

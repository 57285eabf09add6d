"""``traceview run WORKLOAD``: profile the variants of a reference workload, one trace each."""

from __future__ import annotations

import enum
import importlib
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
) -> None:
    """Run a workload's variants under torch.profiler: a trace, timings and Inductor code per variant."""
    from rich.table import Table

    from traceview.capture.runner import run_workload
    from traceview.commands._common import console

    result = run_workload(workload.value, variant, size, out, include_compile, device, calls)
    table = Table(title=f"{result.workload} on {result.device} -> {result.out_dir}", title_justify="left")
    for column in ("variant", "median ms", "GB/s", "max |diff|", "trace", "code"):
        table.add_column(column, justify="right" if column in ("median ms", "GB/s", "max |diff|") else "left")
    for v in result.variants:
        gbps = v.bytes_per_call / (v.median_ms * 1e6) if v.median_ms else 0.0
        code = f"{len(v.code_files)} wrapper(s)" if v.code_dir else ""
        table.add_row(v.variant, f"{v.median_ms:.3f}", f"{gbps:.1f}", f"{v.max_abs_diff:.2e}", v.trace.name, code)
    console().print(table)
    if analyze:
        follow_up(result.traces)


# (module, function): command functions that take a trace path as their first argument.
FOLLOW_UPS = (
    ("traceview.commands.analyze", "analyze_cmd"),
    ("traceview.commands.info", "info_cmd"),
)


def follow_up(traces: list[Path]) -> None:
    """Run the first available analysis command on each trace; never fails the capture.

    Capture must work without the analysis and report layers, so a missing module is skipped and
    an analysis error is one line of notice.
    """
    from traceview.commands._common import err_console

    command = None
    for module, name in FOLLOW_UPS:
        try:
            command = getattr(importlib.import_module(module), name, None)
        except ImportError as exc:
            log.debug("no %s: %s", module, exc)
        if command is not None:
            break
    if command is None:
        return
    for trace in traces:
        try:
            command(trace)
        except (TraceviewError, TypeError, ImportError, ValueError) as exc:
            err_console().print(f"traceview: analysis of {trace.name} skipped: {exc}", markup=False)

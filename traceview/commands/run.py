"""``traceview run WORKLOAD``: profile the variants of a reference workload, one trace each."""

from __future__ import annotations

import enum
import logging
import os
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
    workload: Annotated[WorkloadName, typer.Argument(help="abc: out = A * B + C on N x N fp32, one elementwise kernel at best (variants: eager, compiled, max-autotune, triton). "
                                                                  "mpadam: a mixed-precision Adam update in place, bf16 grads and weights with fp32 master weights and moments (variants: eager, compiled-inplace, compiled-return, triton). "
                                                                  "adam: torch.optim.Adam's step over many tensors (variants: for-loop, foreach, fused, compiled, compiled-cudagraphs, compiled-cpp-wrapper, apex, triton).")],
    variant: Annotated[Optional[list[str]], typer.Option("--variant", "-v", help="A variant to run (repeatable); all when omitted.")] = None,
    size: Annotated[Optional[list[str]], typer.Option("--size", help="'cpu', 'gpu', or a number: N for abc, parameters for mpadam, LAYERSxWIDTH for adam. Repeat it (or give a comma list) to sweep: one run directory per size under --out. Default: the device's preset.")] = None,
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for traces, meta.json and generated code.")] = Path("traceview-run"),
    include_compile: Annotated[bool, typer.Option("--include-compile/--steady", help="Profile the first calls, compilation included, instead of the steady state.")] = False,
    device: Annotated[Optional[str], typer.Option("--device", help="cuda or cpu; default: cuda when present.")] = None,
    calls: Annotated[int, typer.Option("--calls", min=1, help="Calls profiled per variant, each a ProfilerStep#N.")] = 3,
    analyze: Annotated[bool, typer.Option("--analyze/--no-analyze", help="Analyze each trace afterwards.")] = True,
    memory: Annotated[bool, typer.Option("--memory", help="Record every allocation and free (profile_memory=True); meta.json gets the window's peak memory.")] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON document (one object per variant and size) instead of the tables.")] = False,
) -> None:
    """Run a workload's variants under torch.profiler: a trace, timings and Inductor code per variant."""
    from traceview.capture import require_torch

    require_torch("run")
    from traceview.capture.runner import run_sweep
    from traceview.commands._common import console, err_console, progress_lines

    sizes = [part.strip() for text in size or [] for part in text.split(",") if part.strip()] or None
    analyses: dict[Path, object] = {}
    with progress_lines(not json_out):  # capture, then analysis: one line per stage, on one clock
        results = run_sweep(workload.value, variant, sizes, out, include_compile=include_compile, device=device,
                            calls=calls, memory=memory)
        for name, why in results[0].skipped.items():
            err_console().print(f"traceview: {name} skipped: {why}", markup=False, soft_wrap=True)
        for note in dict.fromkeys(r.host_note for r in results if r.host_note):
            err_console().print(f"traceview: {note}", markup=False, soft_wrap=True)
        if analyze:
            for r in results:
                analyses.update(follow_up(r.traces, html=not json_out, quiet=json_out))
    try:
        from traceview.analysis.compare.scaling import step_scaling
        from traceview.report.json.scaling import scaling_document
        from traceview.report.terminal.scaling import scaling_view
    except ImportError as exc:  # capture works without the analysis layer (pandas, rich): the run table is the trace list
        err_console().print(f"traceview: no run table ({exc}); traces under {out}", markup=False)
        return
    scaling = step_scaling([p for r in results for p in run_points(r, analyses, out)])
    where = f"{results[0].workload} on {results[0].device} -> {out}"
    if json_out:
        doc = scaling_document(scaling, workload=results[0].workload, device=results[0].device, out_dir=str(out),
                               skipped=results[0].skipped)
        from traceview.report.json import json_text

        typer.echo(json_text(doc))
    else:
        console().print(scaling_view(scaling, where, results[0].workload))
    if len(results) > 1:
        _write_sweep_html(scaling, out, where, quiet=json_out, workload=results[0].workload)


def run_points(result, analyses: dict[Path, object], top: Path) -> list:
    """One :class:`~traceview.analysis.compare.scaling.RunPoint` per variant of one ``run_workload`` result;
    trace paths relative to ``top`` (the --out folder)."""
    from traceview.analysis.compare.scaling import RunPoint

    points = []
    for v in result.variants:
        extra = {"gb_per_s": v.bytes_per_call / (v.median_ms * 1e6) if v.median_ms else None,
                 "max_abs_diff": v.max_abs_diff, "trace": os.path.relpath(v.trace, top),
                 "triton_interpreted": v.triton_interpreted}  # TRITON_INTERPRET=1: not a compiled kernel's time
        points.append(RunPoint(v.variant, result.size_text or "default", v.sizes.get("n_tensors"), v.host_ms,
                               v.median_ms, analyses.get(v.trace), v.sizes.get("n_params"), extra))
    return points


def _write_sweep_html(scaling, out: Path, title: str, quiet: bool, workload: str | None = None) -> None:
    from traceview.commands._common import console, err_console

    try:
        from traceview.report.html.scaling import write_scaling_html

        path = write_scaling_html(scaling, out / "sweep.html", f"traceview run: {title}", workload)
    except ImportError as exc:  # plotly missing on a capture-only machine
        err_console().print(f"traceview: no sweep.html ({exc})", markup=False)
        return
    (err_console() if quiet else console()).print(f"sweep: {path}", markup=False)


def report_name(trace: Path) -> Path:
    """``abc-eager.pt.trace.json.gz`` -> ``abc-eager.html`` beside it."""
    name = trace.name
    for suffix in (".gz", ".json", ".trace", ".pt"):
        name = name.removesuffix(suffix)
    return trace.with_name(f"{name}.html")


def follow_up(traces: list[Path], html: bool = True, quiet: bool = False) -> dict[Path, object]:
    """Analyze each trace, print the findings, write its HTML report, and compare the variants;
    ``quiet``: print nothing but the notices (``--json``). Returns the analyses by trace.

    Capture must work without the analysis and report layers (the GPU machine may lack plotly), so
    a missing module falls back to ``traceview info``, and an analysis error is one line of notice.
    """
    from traceview.capture.progress import stage
    from traceview.commands._common import console, err_console

    try:
        from traceview.analysis.analyze import analyze
        from traceview.report.terminal.analysis import analysis_view, comparison_view
        from traceview.trace import load
        from traceview.trace.run_files import dynamo_record, run_files
    except ImportError as exc:
        log.debug("analysis layer unavailable: %s", exc)
        return {}
    results, analyses = [], {}
    for trace in traces:
        try:
            stage(f"loading {trace.name} ({trace.stat().st_size / 1e6:,.1f} MB)")
            loaded = load(trace)
            stage(f"analyzing {trace.name}")
            analysis = analyze(loaded, dynamo_record(run_files(trace)))
            analyses[trace] = analysis
            results.append((report_name(trace).stem, analysis))
            if not quiet:
                console().print(analysis_view(analysis, top=5))
            if html:
                stage(f"writing the HTML report of {trace.name}")
                report = _write_html(analysis, loaded, trace)
                if not quiet:
                    console().print(f"report: {report}", markup=False)
        except (TraceviewError, ImportError) as exc:
            err_console().print(f"traceview: analysis of {trace.name} skipped: {exc}", markup=False)
    if len(results) > 1 and not quiet:
        console().print(comparison_view(results))
    return analyses


def _write_html(analysis, trace, path: Path) -> Path:
    from traceview.report.html.analysis import write_report

    return write_report(analysis, report_name(path), title=report_name(path).stem, trace=trace)

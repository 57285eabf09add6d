"""``traceview report TRACE [-o out.html]``: one self-contained HTML page that opens from disk."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from traceview.commands._common import err_console, load_run


def default_output(trace: Path) -> Path:
    """``train.pt.trace.json.gz`` -> ``train.html`` in the current directory."""
    return Path((trace.name.split(".")[0] or "trace") + ".html")


def report_cmd(
    trace: Annotated[Path, typer.Argument(exists=True, help="A trace (.json / .json.gz) or a directory of per-rank traces.")],
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Where to write the page (default: <trace name>.html here).")] = None,
    title: Annotated[Optional[str], typer.Option(help="Page title (default: the trace's file name).")] = None,
    code: Annotated[Optional[Path], typer.Option("--code", exists=True, help="Inductor generated code, if not beside the trace (adds the kernel code view).")] = None,
    perfetto: Annotated[bool, typer.Option("--perfetto/--no-perfetto", help="Also write the trace with traceview's tracks beside the page (<name>.perfetto.json.gz) and link it.")] = True,
    torch_trace: Annotated[Optional[Path], typer.Option("--torch-trace", help="PyTorch's structured trace (TORCH_TRACE log) of the run, if not beside the trace: adds graph-break and recompile reasons.")] = None,
) -> None:
    """Write an offline HTML report: findings, phases, graph breaks and recompiles, timeline, kernels, modules, regions, steps and launch overhead."""
    from traceview.analysis.analyze import analyze
    from traceview.report.html import write_report

    loaded, dynamo = load_run(trace, torch_trace)
    analysis = analyze(loaded, dynamo)
    out = Path(output or default_output(trace))
    annotated = None
    if perfetto and trace.is_file():
        from traceview.report.perfetto import write_annotated

        annotated = write_annotated(trace, loaded, analysis, out.with_name(out.name.removesuffix(".html") + ".perfetto.json.gz")).name
    out = write_report(analysis, out, title=title, trace=loaded, code_dir=code, perfetto=annotated)
    err_console().print(f"wrote {out}", markup=False, highlight=False)

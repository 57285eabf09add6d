"""``traceview export TRACE -o annotated.json``: the trace plus traceview's findings as extra tracks."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from traceview.commands._common import err_console, load_with_progress


def default_export(trace: Path) -> Path:
    """``train.pt.trace.json.gz`` -> ``train.perfetto.json.gz`` in the current directory."""
    return Path((trace.name.split(".")[0] or "trace") + ".perfetto.json.gz")


def export_cmd(
    trace: Annotated[Path, typer.Argument(exists=True, help="A trace file (.json / .json.gz), or a run directory (every trace in it).")],
    output: Annotated[Optional[Path], typer.Option("--out", "-o", "--output", help="Where to write it (.json, or .json.gz to gzip; default: <trace name>.perfetto.json.gz here); for a directory of several traces, a folder.")] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Read the JSON even when a columnar cache exists.")] = False,
) -> None:
    """Write the trace with traceview's tracks added (phases, compiled-region calls, steps, launch waits,
    graph replays, exposed communication, GPU memory): open it in ui.perfetto.dev or chrome://tracing."""
    from traceview.analysis.analyze import analyze
    from traceview.report.perfetto import write_annotated

    from traceview.errors import MissingEventsError
    from traceview.trace.loading import trace_files

    traces = [trace] if trace.is_file() else trace_files(trace)
    if not traces:
        raise MissingEventsError(f"{trace}: no trace files (*.pt.trace.json[.gz]) here")
    for path in traces:
        if len(traces) == 1:
            target = output or default_export(path)
        else:  # several: one export each, into the --output folder (default: here)
            (output or Path(".")).mkdir(parents=True, exist_ok=True)
            target = (output or Path(".")) / default_export(path)
        loaded = load_with_progress(path, cache=not no_cache)
        out = write_annotated(path, loaded, analyze(loaded), target)
        err_console().print(f"wrote {out} (open it in https://ui.perfetto.dev or chrome://tracing)", markup=False, highlight=False, soft_wrap=True)

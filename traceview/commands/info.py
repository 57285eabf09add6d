"""``traceview info TRACE``: what a trace holds."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from traceview.commands._common import console, load_with_progress


def info_cmd(
    trace: Annotated[Path, typer.Argument(help="A trace (.json / .json.gz) or a directory of per-rank traces.")],
    json: Annotated[bool, typer.Option("--json", help="Print a JSON object instead of tables.")] = False,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Read the JSON even when a columnar cache exists (and write none).")] = False,
) -> None:
    """Events, span, devices, and counts by category and by launch API."""
    from traceview.analysis.base.summary import trace_summary

    summary = trace_summary(load_with_progress(trace, quiet=json, cache=not no_cache))
    if json:
        from traceview.report.json import dumps

        typer.echo(dumps(summary))
        return
    from traceview.report.terminal.analysis import summary_view

    console().print(summary_view(summary))

"""``traceview analyze TRACE``: compile vs run, launches, regions, overhead, top kernels."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from traceview.commands._common import console, load_run


def analyze_cmd(
    trace: Annotated[Path, typer.Argument(help="A trace (.json / .json.gz), a run directory (traceview profile / run) or a directory of per-rank traces.")],
    json: Annotated[bool, typer.Option("--json", help="Print one JSON object (for scripts and CI) instead of tables.")] = False,
    top: Annotated[int, typer.Option(help="Kernels to list in the table.")] = 15,
    verbose: Annotated[bool, typer.Option("--verbose", "-V", help="Show each advice entry's evidence, assumptions and how close its kind came where it was measured.")] = False,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Read the JSON even when a columnar cache exists (and write none).")] = False,
    torch_trace: Annotated[Optional[Path], typer.Option("--torch-trace", help="PyTorch's structured trace (TORCH_TRACE log) of the run, if not beside the trace: adds graph-break and recompile reasons.")] = None,
) -> None:
    """Where the time went and what to change first: the advice ranked by the time it saves, compile vs run,
    launches per API, compiled regions, graph launches, overhead, top kernels.

    A directory written by traceview run is analyzed variant by variant."""
    from traceview.analysis.analyze import analyze
    from traceview.trace.run_files import variant_traces

    variants = variant_traces(trace) if torch_trace is None else {}
    if len(variants) > 1:
        _analyze_variants(variants, json, top, no_cache, verbose)
        return
    result = analyze(*load_run(trace, torch_trace, quiet=json, cache=not no_cache))
    if json:
        from traceview.report.json.analysis import analysis_document
        from traceview.report.json import json_text

        typer.echo(json_text(analysis_document(result)))
        return
    from traceview.report.terminal.analysis import analysis_view

    console().print(analysis_view(result, top=top, verbose=verbose))


def _analyze_variants(variants: dict[str, Path], json: bool, top: int, no_cache: bool, verbose: bool = False) -> None:
    """Each variant of a run directory on its own: a section each (``--json``: ``{"variants": {name: document}}``)."""
    from rich.rule import Rule

    from traceview.analysis.analyze import analyze

    results = {name: analyze(*load_run(path, quiet=json, cache=not no_cache)) for name, path in variants.items()}
    if json:
        from traceview.report.json.analysis import analysis_document
        from traceview.report.json import json_text

        typer.echo(json_text({"variants": {name: analysis_document(r) for name, r in results.items()}}))
        return
    from traceview.report.terminal.analysis import analysis_view, comparison_view

    for name, result in results.items():
        console().print(Rule(f"variant {name}: {variants[name].name}", align="left"))
        console().print(analysis_view(result, top=top, verbose=verbose))
    console().print(comparison_view(list(results.items())))
    console().print(f"one variant alone: traceview analyze {next(iter(variants.values()))}", markup=False, soft_wrap=True)

"""``traceview ranks PATH``: per-rank GPU time, steps and compile time side by side, and the stragglers."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from traceview.commands._common import console


def ranks_cmd(
    path: Annotated[Path, typer.Argument(help="A directory of per-rank traces (or one multi-rank trace file).", exists=True)],
    json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    workers: Annotated[Optional[int], typer.Option(help="Worker processes (default: by cores and memory).", min=1)] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Read the JSON even when a columnar cache exists.")] = False,
    threshold: Annotated[float, typer.Option(help="Excess over the median that makes a rank a straggler.", min=0)] = 0.05,
) -> None:
    """Compare ranks: kernel time (compute vs NCCL), steps, compile time; flag the slow ones."""
    from traceview.analysis.collectives import match_collectives, summary_and_calls
    from traceview.analysis.ranks import compare_ranks
    from traceview.errors import TraceFormatError
    from traceview.trace.load import trace_files
    from traceview.trace.parallel import map_ranks

    files = trace_files(path) if path.is_dir() else [path]
    if not files:
        raise TraceFormatError(f"{path}: directory holds no *.json / *.json.gz trace files")
    results = map_ranks(files, summary_and_calls, cache=not no_cache, workers=workers)
    tables, calls = [r[0] for r in results], [r[1] for r in results]
    ranks = [r for t in tables for r in t["rank"]]
    if len(files) > 1 and len(set(ranks)) != len(ranks):  # files that do not say their rank: file order
        tables = [t.assign(rank=i) for i, t in enumerate(tables)]
        calls = [c.assign(rank=i) for i, c in enumerate(calls)]
    result = compare_ranks(tables, threshold)
    found = match_collectives(calls)
    if json:
        from traceview.report.json import json_text
        from traceview.report.ranks import ranks_document

        from traceview.report.collectives import collective_records

        typer.echo(json_text({**ranks_document(result), "collectives": collective_records(found)}))
        return
    from traceview.report.collectives import collectives_view
    from traceview.report.ranks import ranks_view

    console().print(ranks_view(result))
    console().print(collectives_view(found))

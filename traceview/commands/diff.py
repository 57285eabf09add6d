"""``traceview diff A [B]``: two traces (or run directories) side by side, kernels matched by origin.

- two trace files: one comparison;
- two run directories: traces paired by file name (``abc-eager.pt.trace.json.gz`` with its namesake);
- one run directory: every variant of each workload against its ``eager`` variant (else the first).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from traceview.commands._common import console, err_console, load_with_progress
from traceview.errors import MissingEventsError


def trace_label(path: Path) -> str:
    """``DIR/abc-eager.pt.trace.json.gz`` -> ``abc-eager``."""
    return path.name.split(".")[0] or path.name


def pair_inputs(a: Path, b: Path | None) -> list[tuple[Path, Path]]:
    """The (A, B) trace pairs to compare for the command's arguments."""
    from traceview.trace.loading import trace_files

    if b is None:
        if not a.is_dir():
            raise MissingEventsError(f"{a}: give two traces, or one run directory with several variants")
        return _variant_pairs(trace_files(a))
    if a.is_file() and b.is_file():
        return [(a, b)]
    files_a = {p.name: p for p in trace_files(a)} if a.is_dir() else {a.name: a}
    files_b = {p.name: p for p in trace_files(b)} if b.is_dir() else {b.name: b}
    common = sorted(set(files_a) & set(files_b))
    if common:
        return [(files_a[n], files_b[n]) for n in common]
    if len(files_a) == 1 and len(files_b) == 1:
        return [(next(iter(files_a.values())), next(iter(files_b.values())))]
    if a.is_dir() and b.is_dir():
        return [(a, b)]  # two directories of per-rank traces: each loads as one trace
    raise MissingEventsError(f"no trace in {a} pairs with one in {b} by file name")


def _variant_pairs(traces: list[Path]) -> list[tuple[Path, Path]]:
    by_workload: dict[str, list[Path]] = {}
    for t in traces:
        by_workload.setdefault(trace_label(t).split("-", 1)[0], []).append(t)
    pairs = []
    for group in by_workload.values():
        base = next((t for t in group if trace_label(t).endswith("-eager")), group[0])
        pairs += [(base, t) for t in group if t != base]
    if not pairs:
        raise MissingEventsError("the directory holds fewer than two variants of any workload: nothing to compare")
    return pairs


def _aten_ops(trace, path: Path) -> dict[str, list[str]] | None:
    """Generated kernels' Original ATen ops, when Inductor code is beside the trace (best-effort)."""
    import re

    from traceview.report.html.kernels import code_info

    info = code_info(trace, None) if path.is_file() else None
    if info is None or info.summary.empty:
        return None
    return {str(n): [o for o in re.split(r"[,\s]+", str(ops)) if o] for n, ops in zip(info.summary["name"], info.summary["aten_ops"])
            if isinstance(ops, str) and ops}


def _with_autotune(analysis, trace, path: Path):
    """The analysis with the autotuning decisions recorded beside the trace, when there are any."""
    import dataclasses

    from traceview.commands.kernels import autotune_beside

    if not path.is_file():
        return analysis
    tuned = autotune_beside(path, trace)
    return dataclasses.replace(analysis, autotune=tuned) if tuned is not None else analysis


def diff_cmd(
    a: Annotated[Path, typer.Argument(exists=True, help="First trace or run directory (the baseline).")],
    b: Annotated[Optional[Path], typer.Argument(exists=True, help="Second trace or run directory; omit to compare the variants inside A.")] = None,
    json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    html: Annotated[Optional[Path], typer.Option("--html", help="Also write the comparison as an offline HTML page.")] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Read the JSON even when a columnar cache exists (and write none).")] = False,
) -> None:
    """Compare two runs: kernel counts, GPU time, launches, overhead, compile time, and kernels matched by the ops they came from."""
    from traceview.analysis.analyze import analyze
    from traceview.analysis.compare.diff import diff_analyses

    diffs = []
    cache: dict[Path, tuple] = {}
    for pa, pb in pair_inputs(a, b):
        sides = []
        for p in (pa, pb):
            if p not in cache:
                trace = load_with_progress(p, quiet=json, cache=not no_cache)
                cache[p] = (_with_autotune(analyze(trace), trace, p), _aten_ops(trace, p))
            sides.append(cache[p])
        la, lb = trace_label(pa), trace_label(pb)
        if la == lb:  # two runs of one script: the run directories tell them apart
            la, lb = f"{pa.parent.name}/{la}", f"{pb.parent.name}/{lb}"
        diffs.append(diff_analyses(sides[0][0], sides[1][0], la, lb, sides[0][1], sides[1][1]))
    if html is not None:
        from traceview.report.html.diff import write_diff_html

        out = write_diff_html(diffs, html)
        if not json:
            err_console().print(f"wrote {out}", markup=False, highlight=False)
    if json:
        from traceview.report.json.diff import diff_document
        from traceview.report.json import json_text

        typer.echo(json_text(diff_document(diffs)))
        return
    from traceview.report.terminal.diff import diff_view

    out_console = console()
    for d in diffs:
        out_console.print(diff_view(d))

"""``traceview ranks PATH``: per-rank GPU time, steps and compile time side by side, and the stragglers."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from traceview.commands._common import console, err_console
from traceview.trace.engines import Engine

if TYPE_CHECKING:
    from traceview.analysis.ranks.collectives import Collectives
    from traceview.analysis.ranks.ranks import RankComparison


def ranks_cmd(
    path: Annotated[Path, typer.Argument(help="A directory of per-rank traces (or one multi-rank trace file).", exists=True)],
    json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    workers: Annotated[Optional[int], typer.Option(help="Worker processes (default: by cores and memory).", min=1)] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Read the JSON even when a columnar cache exists.")] = False,
    threshold: Annotated[float, typer.Option(help="Excess over the median that makes a rank a straggler.", min=0)] = 0.05,
    executor: Annotated[Engine, typer.Option("--executor", help="Where the ranks load: this machine's process pool, a Dask cluster or a Ray cluster (pip install 'traceview[dask]' / '[ray]').")] = Engine.local,
    address: Annotated[Optional[str], typer.Option(help="The Dask scheduler or Ray cluster to use (default: start a local one).")] = None,
    progress: Annotated[Optional[bool], typer.Option("--progress/--no-progress", help="Show each rank as it finishes, on stderr (default: when stderr is a terminal).")] = None,
) -> None:
    """Compare ranks: kernel time (compute vs NCCL), steps, compile time; flag the slow ones.

    A rank whose file cannot be read is left out and named in a note; exit code 2 only when no rank can be read.
    """
    from traceview.errors import TraceFormatError
    from traceview.trace.loading import trace_files

    files = trace_files(path) if path.is_dir() else [path]
    if not files:
        raise TraceFormatError(f"{path}: directory holds no *.json / *.json.gz trace files")
    result, found = compare_rank_files(files, threshold=threshold, cache=not no_cache, workers=workers, engine=executor,
                                       address=address, progress=sys.stderr.isatty() if progress is None else progress)
    from traceview.analysis.advice.record import notes, ranked
    from traceview.analysis.advice.ranks import rank_advice

    advice = rank_advice(result, found)
    if json:
        from traceview.report.json.collectives import collective_records
        from traceview.report.json import json_text
        from traceview.report.json.ranks import ranks_document

        typer.echo(json_text({**ranks_document(result), "advice": [a.as_dict() for a in ranked(advice)],
                              "advice_notes": notes(advice),
                              "collectives": collective_records(found)}))
        return
    from traceview.report.terminal.advice import advice_table
    from traceview.report.terminal.collectives import collectives_view
    from traceview.report.terminal.ranks import ranks_view

    table = advice_table(advice)
    if table is not None:  # what to change first, then the ranks
        console().print(table)
    console().print(ranks_view(result))
    console().print(collectives_view(found))


def compare_rank_files(files: list[Path], *, threshold: float = 0.05, cache: bool = True, workers: int | None = None,
                       engine: Engine | str = Engine.local, address: str | None = None,
                       progress: bool = False, per_rank=None) -> tuple[RankComparison, Collectives]:
    """The rank traces ``files`` summarized on ``engine`` and compared, and their collectives matched
    across ranks; unreadable ones in the notes. ``per_rank``: the picklable function each worker runs on
    its rank's Trace (default :func:`~traceview.analysis.ranks.collectives.summary_and_calls`; one that also
    writes the rank's own page must return the same)."""
    from traceview.analysis.ranks.collectives import match_collectives, summary_and_calls
    from traceview.analysis.ranks.ranks import compare_ranks, rank_notes
    from traceview.errors import TraceFormatError
    from traceview.trace.engines import engine_executor
    from traceview.trace.parallel import gather_ranks, worker_count

    workers = workers or worker_count(files)
    with engine_executor(engine, workers=workers, address=address) as executor, _RankProgress(len(files), progress) as report:
        gathered = gather_ranks(files, per_rank or summary_and_calls, cache=cache, workers=workers, executor=executor, progress=report)
    if not gathered.results:
        where = files[0].parent if len(files) > 1 else files[0]
        raise TraceFormatError(f"{where}: none of the {len(files)} trace files could be read (first: {gathered.failures[0].error})")
    summaries, calls = [r[0] for r in gathered.results], [r[1] for r in gathered.results]
    tables = [s.table for s in summaries]
    notes = {rank: n for s in summaries for rank, n in s.notes.items()}
    steps = [s.steps for s in summaries]
    ranks = [r for t in tables for r in t["rank"]]
    if len(files) > 1 and len(set(ranks)) != len(ranks):  # files that do not say their rank: file order
        order = {str(f): i for i, f in enumerate(files)}
        tables = [t.assign(rank=order[p]) for p, t in zip(gathered.paths, tables)]
        steps = [st.assign(rank=order[p]).astype({"rank": "int32"}) for p, st in zip(gathered.paths, steps)]
        calls = [c.assign(rank=order[p]) for p, c in zip(gathered.paths, calls)]
        notes = {order[p]: n for p, s in zip(gathered.paths, summaries) for n in s.notes.values()}
        ranks = [order[p] for p in gathered.paths]
    comparison = compare_ranks(tables, threshold, [f.note for f in gathered.failures] + rank_notes(notes, ranks), steps)
    return comparison, match_collectives(calls)


class _RankProgress:
    """A rich progress bar on stderr, one line per finished rank above it; nothing when ``enabled`` is False."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.enabled, self._bar = total, enabled, None

    def __enter__(self):
        if not self.enabled:
            return None
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self._bar = Progress(TextColumn("ranks"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                             console=err_console(), transient=True)
        self._bar.__enter__()
        self._task = self._bar.add_task("ranks", total=self.total)
        return self._report

    def _report(self, path: str, failure) -> None:
        from traceview.report.text import safe

        elapsed = self._bar.tasks[0].elapsed or 0.0
        line = safe(failure.note, style="red") if failure else safe(f"read {Path(path).name}", style="green")
        line.append(f"  ({elapsed:.1f} s)")
        self._bar.console.print(line)
        self._bar.advance(self._task)

    def __exit__(self, *exc) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc)

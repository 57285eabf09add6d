"""``traceview report TRACE [-o out.html]``: one self-contained HTML page that opens from disk."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from traceview.commands._common import err_console, load_run
from traceview.trace.engines import Engine


def default_output(trace: Path) -> Path:
    """``train.pt.trace.json.gz`` -> ``train.html`` in the current directory."""
    return Path((trace.name.split(".")[0] or "trace") + ".html")


class RankPages(str, Enum):
    auto = "auto"
    all = "all"
    none = "none"


def report_cmd(
    trace: Annotated[Path, typer.Argument(exists=True, help="A trace (.json / .json.gz), a run directory, or a directory of per-rank traces (one page for the job).")],
    output: Annotated[Optional[Path], typer.Option("--out", "-o", "--output", help="Where to write the page (default: <trace name>.html here).")] = None,
    title: Annotated[Optional[str], typer.Option(help="Page title (default: the trace's file name).")] = None,
    code: Annotated[Optional[Path], typer.Option("--code", exists=True, help="Inductor generated code, if not beside the trace (adds the kernel code view).")] = None,
    perfetto: Annotated[bool, typer.Option("--perfetto/--no-perfetto", help="Also write the trace with traceview's tracks beside the page (<name>.perfetto.json.gz) and link it.")] = True,
    torch_trace: Annotated[Optional[Path], typer.Option("--torch-trace", help="PyTorch's structured trace (TORCH_TRACE log) of the run, if not beside the trace: adds graph-break and recompile reasons.")] = None,
    rank_pages: Annotated[RankPages, typer.Option("--rank-pages", help="For a directory of ranks: which ranks get their own page (in <name>_ranks/, linked): all, none, or auto (all up to 16 ranks, else at most 14: rank 0, the worst stragglers, the ranks most often slowest in a step or last at a collective, and the fastest).")] = RankPages.auto,
    workers: Annotated[Optional[int], typer.Option(help="For a directory of ranks: worker processes (default: by cores and memory).", min=1)] = None,
    executor: Annotated[Engine, typer.Option("--executor", help="For a directory of ranks: where the ranks load (this machine's process pool, a Dask or a Ray cluster).")] = Engine.local,
    address: Annotated[Optional[str], typer.Option(help="The Dask scheduler or Ray cluster to use (default: start a local one).")] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Read the JSON even when a columnar cache exists (and write none).")] = False,
) -> None:
    """Write an offline HTML report: findings, phases, graph breaks and recompiles, timeline, kernels, modules, regions, steps and launch overhead.

    For a directory of per-rank traces: one page for the job (stragglers, compute vs communication per rank,
    step time per rank, late arrivals at collectives) linking each rank's own page.
    """
    files = rank_files(trace)
    if files:
        out = Path(output or Path((trace.resolve().name or "ranks") + ".html"))
        _ranks_report(files, out, title=title or f"traceview: {trace.resolve().name} ({len(files)} ranks)", rank_pages=rank_pages,
                      workers=workers, executor=executor, address=address)
        return

    from traceview.trace.run_files import variant_traces

    variants = variant_traces(trace) if torch_trace is None else {}
    if len(variants) > 1:  # a `traceview run` directory: one page per variant, as `run` writes them
        base = Path(output or default_output(trace))
        for name, path in variants.items():
            _one_report(path, None, base.with_name(f"{base.name.removesuffix('.html')}-{name}.html"), perfetto, title, code,
                        cache=not no_cache)
        return
    source = trace
    if trace.is_dir():  # a profile directory: its own trace file (one file; a folder of ranks went above)
        from traceview.trace.loading import trace_files

        found = trace_files(trace)
        source = found[0] if len(found) == 1 else None
    _one_report(trace, torch_trace, Path(output or default_output(trace)), perfetto, title, code, source, cache=not no_cache)


def _one_report(trace: Path, torch_trace, out: Path, perfetto: bool, title, code, source: Path | None = None,
                cache: bool = True) -> None:
    """One page (and its Perfetto export beside it, from ``source``: the trace file read)."""
    from traceview.analysis.analyze import analyze
    from traceview.report.html.analysis import write_report

    source = source or (trace if trace.is_file() else None)
    loaded, dynamo = load_run(trace, torch_trace, cache=cache)
    analysis = analyze(loaded, dynamo)
    annotated = None
    if perfetto and source is not None:
        from traceview.report.perfetto import write_annotated

        annotated = write_annotated(source, loaded, analysis, out.with_name(out.name.removesuffix(".html") + ".perfetto.json.gz")).name
    out = write_report(analysis, out, title=title, trace=loaded, code_dir=code, perfetto=annotated)
    err_console().print(f"wrote {out}" + (f" and {out.with_name(annotated)}" if annotated else ""), markup=False, highlight=False, soft_wrap=True)


def rank_files(path: Path) -> list[Path]:
    """The trace files of ``path`` when it is a directory of ranks (two or more trace files, each naming a
    different rank: ``rank3.pt.trace.json.gz``, ``*_rank-3_of128.json``, ``*.rank3.pt.trace.json``), else []."""
    from traceview.trace.loading import trace_files
    from traceview.trace.parallel import RANK_IN_NAME

    if not path.is_dir():
        return []
    files = trace_files(path)
    ranks = [RANK_IN_NAME.search(f.name) for f in files]
    if len(files) < 2 or not all(ranks) or len({int(m.group(1)) for m in ranks}) != len(files):
        return []
    return files


def _ranks_report(files: list[Path], out: Path, *, title: str, rank_pages: RankPages, workers, executor, address) -> None:
    import sys
    from functools import partial

    from traceview.analysis.ranks.rank_matrix import notable_ranks, rank_matrix
    from traceview.commands.ranks import compare_rank_files
    from traceview.report.html.ranks import write_ranks_report
    from traceview.trace.engines import engine_executor
    from traceview.trace.parallel import RANK_IN_NAME, gather_ranks, worker_count

    progress = sys.stderr.isatty()
    comparison, found = compare_rank_files(files, workers=workers, engine=executor, address=address, progress=progress)
    matrix = rank_matrix(comparison, found)
    pages_dir = out.with_name(out.name.removesuffix(".html") + "_ranks")
    wanted = {"none": set(), "all": {int(r) for r in comparison.per_rank["rank"]}}.get(RankPages(rank_pages).value)
    if wanted is None:  # auto: every rank's page up to AUTO_ALL_RANKS ranks, else the ranks the page points at
        wanted = ({int(r) for r in comparison.per_rank["rank"]} if len(files) <= AUTO_ALL_RANKS
                  else notable_ranks(comparison, found, matrix))
    chosen = [f for f in files if int(RANK_IN_NAME.search(f.name).group(1)) in wanted]
    links = {}
    if chosen:
        n = workers or worker_count(chosen)
        with engine_executor(executor, workers=n, address=address) as pool:
            written = gather_ranks(chosen, partial(write_rank_page, pages_dir=str(pages_dir.resolve())), cache=True,
                                   workers=n, executor=pool)
        links = {rank: f"{pages_dir.name}/rank{rank}.html" for rank in written.results}
    write_ranks_report(out, comparison, found, matrix, title=title, rank_pages=links)
    err_console().print(f"wrote {out}" + (f" and {len(links)} rank pages in {pages_dir}/" if links else ""), markup=False, highlight=False)


#: Up to this many ranks, ``--rank-pages auto`` writes every rank's page; above, the notable ranks' (each page
#: inlines plotly.js, ~5 MB: 128 of them would be 640 MB).
AUTO_ALL_RANKS = 16


def write_rank_page(trace, pages_dir: str) -> int:
    """One rank's own page ``<pages_dir>/rank<N>.html``, written in a worker; returns N (the trace's rank)."""
    from traceview.analysis.analyze import analyze
    from traceview.report.html.analysis import write_report

    rank = int(trace.ranks[0].rank) if trace.ranks else 0
    write_report(analyze(trace), Path(pages_dir) / f"rank{rank}.html", title=f"traceview: rank {rank}", trace=trace)
    return rank

"""Per-rank work in parallel: one task per trace file, in worker processes or on any Executor.

A training job writes one trace per rank. Each rank's work (load, then maybe a per-rank analysis)
is independent, so :func:`gather_ranks` runs ``fn(load_file(path))`` per file and returns only what
``fn`` returns, in file order, with the files that could not be read set apart::

    files ──> [worker: load_file(f) -> fn(trace)] ──> small per-rank results ──> the caller
                     │ unreadable file (TraceviewError, OSError)
                     └──────────────────────────────> RankFailure (path, one-line reason)

Locally the tasks run in a process pool sized by :func:`worker_count` (cores, and the memory one
load needs). Any :class:`concurrent.futures.Executor` can run them instead, which is how the same
code scales past one machine: :func:`traceview.trace.engines.engine_executor` opens a Dask or Ray
one. ``fn`` must be a picklable top-level function, and should return small tables rather than the
whole Trace when ranks are many. :func:`map_ranks` is the strict form: the first unreadable file
raises.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Generic, TypeVar

from traceview.errors import TraceFormatError, TraceviewError
from traceview.trace.cache import load_cached
from traceview.trace.model import Trace
from traceview.trace.pipeline import load_file
from traceview.trace.read import json_bytes

T = TypeVar("T")

#: Peak memory of one load + analysis above the interpreter, as a multiple of the trace's JSON size
#: (measured on the generated with_stack traces, docs/benchmarks/speed.md: 0.8-0.9x from 200 MB to 2 GB;
#: 1.5x leaves room for a per-rank analysis), and the interpreter with pandas imported (~0.11 GB).
MEMORY_PER_JSON_BYTE = 1.5
WORKER_BASE_BYTES = 256 << 20
#: ``rank3.pt.trace.json``, ``train.rank3.pt.trace.json.gz``, ``..._rank-3_of128.json``: a rank in a file name.
RANK_IN_NAME = re.compile(r"(?:^|[^a-z])rank[-_]?(\d+)", re.IGNORECASE)


@dataclass(frozen=True)
class RankFailure:
    """A trace file left out: it could not be read, or its per-rank work raised a TraceviewError."""

    path: str
    error: str  # one line, as the error said it

    @property
    def rank(self) -> int | None:
        """The rank its file name says, if any (the file itself could not say it)."""
        found = RANK_IN_NAME.search(Path(self.path).name)
        return int(found.group(1)) if found else None

    @property
    def note(self) -> str:
        """``left out rank 1 (rank1.pt.trace.json.gz): <reason>``."""
        name = Path(self.path).name
        reason = self.error.removeprefix(f"{self.path}: ").removeprefix(f"{name}: ")
        who = f"rank {self.rank} ({name})" if self.rank is not None else name
        return f"left out {who}: {reason}"


@dataclass(frozen=True)
class RankResults(Generic[T]):
    """What the per-rank task gave for each readable file, and the files it could not read."""

    paths: list[str]  # the files read, in file order
    results: list[T]  # fn's result for each of ``paths``
    failures: list[RankFailure] = field(default_factory=list)  # in file order


#: Called in the caller's process as each file finishes: its path, and its failure (None when read).
Progress = Callable[[str, "RankFailure | None"], None]


def worker_count(files: Sequence[Path], available_bytes: int | None = None) -> int:
    """Processes to use: at most one per core and per file, and as many as memory allows for the largest."""
    if available_bytes is None:
        try:
            import psutil

            available_bytes = psutil.virtual_memory().available
        except Exception:
            available_bytes = 8 << 30
    largest = max((json_bytes(Path(f)) for f in files), default=0)
    by_memory = max(1, int(available_bytes // (WORKER_BASE_BYTES + largest * MEMORY_PER_JSON_BYTE)))
    return max(1, min(os.cpu_count() or 1, len(files), by_memory))


def _identity(trace: Trace) -> Trace:
    return trace


def run_rank(path: str, fn: Callable[[Trace], Any] = _identity, cache: bool = False) -> Any:
    """One rank's task: ``fn(load_file(path))``; raises what the load raises."""
    return fn(load_cached(path) if cache else load_file(path))


def try_rank(path: str, fn: Callable[[Trace], Any] = _identity, cache: bool = False) -> tuple[bool, Any]:
    """:func:`run_rank` that reports an unreadable file instead of raising: ``(True, result)`` or
    ``(False, RankFailure)``. Errors that are not the file's fault (bugs) still raise."""
    try:
        return True, run_rank(path, fn, cache)
    except (TraceviewError, OSError, MemoryError) as exc:
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        return False, RankFailure(path, first)


def gather_ranks(files: Sequence[str | Path], fn: Callable[[Trace], T] = _identity, *, cache: bool = False,
                 workers: int | None = None, executor: Executor | None = None,
                 progress: Progress | None = None) -> RankResults[T]:
    """``fn(load_file(f))`` for every file, in parallel; unreadable files become :class:`RankFailure`.

    ``executor``: run the tasks there (a Dask or Ray executor, a thread pool); else a local process
    pool of ``workers`` processes (default :func:`worker_count`; 1 runs in this process).
    ``progress(path, failure)`` is called here as each file finishes.
    """
    paths = [str(f) for f in files]
    outcomes: dict[str, tuple[bool, Any]] = {}
    if executor is None:
        workers = worker_count([Path(p) for p in paths]) if workers is None else max(1, workers)
    if executor is None and (workers == 1 or len(paths) <= 1):
        for p in paths:
            outcomes[p] = try_rank(p, fn, cache)
            _report(progress, p, outcomes[p])
    elif executor is not None:
        _collect(executor, paths, fn, cache, outcomes, progress)
    else:
        # fork: workers inherit the imported modules (spawn would re-import pandas in each, ~1 s).
        context = get_context("fork") if os.name == "posix" else None
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            _collect(pool, paths, fn, cache, outcomes, progress)
    read = [p for p in paths if outcomes[p][0]]
    return RankResults(read, [outcomes[p][1] for p in read], [outcomes[p][1] for p in paths if not outcomes[p][0]])


def _collect(executor: Executor, paths: list[str], fn, cache: bool, outcomes: dict, progress: Progress | None) -> None:
    """Submit one task per path and record each outcome as it completes."""
    futures: dict[Future, str] = {executor.submit(try_rank, p, fn, cache): p for p in paths}
    for future in as_completed(futures):
        path = futures[future]
        try:
            outcomes[path] = future.result()
        except BrokenProcessPool:  # a worker died (killed for memory?): the tasks still in the pool are lost
            outcomes[path] = (False, RankFailure(path, "the worker process loading it died (killed for memory?)"))
        _report(progress, path, outcomes[path])


def _report(progress: Progress | None, path: str, outcome: tuple[bool, Any]) -> None:
    if progress is not None:
        progress(path, None if outcome[0] else outcome[1])


def map_ranks(files: Sequence[str | Path], fn: Callable[[Trace], T] = _identity, *, cache: bool = False,
              workers: int | None = None, executor: Executor | None = None,
              progress: Progress | None = None) -> list[T]:
    """``fn(load_file(f))`` for every file, in file order, in parallel (see :func:`gather_ranks`).

    Strict: raises :class:`~traceview.errors.TraceFormatError` with the first unreadable file's reason.
    """
    gathered = gather_ranks(files, fn, cache=cache, workers=workers, executor=executor, progress=progress)
    if gathered.failures:
        raise TraceFormatError(gathered.failures[0].error)
    return gathered.results


def load_files(files: Sequence[str | Path], *, cache: bool = False, workers: int | None = None,
               executor: Executor | None = None) -> list[Trace]:
    """Every file loaded (one Trace per file), in parallel worker processes or on ``executor``."""
    return map_ranks(files, _identity, cache=cache, workers=workers, executor=executor)

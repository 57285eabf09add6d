"""Per-rank work in parallel: one task per trace file, in worker processes or on any Executor.

A training job writes one trace per rank. Each rank's work (load, then maybe a per-rank analysis)
is independent, so :func:`map_ranks` runs ``fn(load_file(path))`` per file and returns only what
``fn`` returns, in file order::

    files ──> [worker: load_file(f) -> fn(trace)] ──> small per-rank results ──> the caller

Locally the tasks run in a process pool sized by :func:`worker_count` (cores, and the memory one
load needs). Any :class:`concurrent.futures.Executor` can run them instead, which is how the same
code scales past one machine: Dask's ``Client.get_executor()`` or Ray's
``ray.util.multiprocessing.Pool`` (see docs/benchmarks.md, "Analyzer"). ``fn`` must be a picklable
top-level function, and should return small tables rather than the whole Trace when ranks are many.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any, TypeVar

from traceview.trace.cache import load_cached
from traceview.trace.model import Trace
from traceview.trace.pipeline import load_file

T = TypeVar("T")

#: Peak memory of one load + analysis above the interpreter, as a multiple of the trace's JSON size
#: (measured on the generated with_stack traces, docs/benchmarks.md: 0.8-0.9x from 200 MB to 2 GB;
#: 1.5x leaves room for a per-rank analysis), and the interpreter with pandas imported (~0.11 GB).
MEMORY_PER_JSON_BYTE = 1.5
WORKER_BASE_BYTES = 256 << 20
#: gzip'd Kineto JSON inflates about this much (for sizing workers before reading the file).
GZIP_RATIO = 10


def json_bytes(path: Path) -> int:
    """The trace's JSON size: the file size, or an estimate for ``.gz`` files."""
    size = path.stat().st_size
    with path.open("rb") as f:
        gz = f.read(2) == b"\x1f\x8b"
    return size * GZIP_RATIO if gz else size


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
    """One rank's task: ``fn(load_file(path))``. Submit this to a cluster engine (Ray, Dask)."""
    return fn(load_cached(path) if cache else load_file(path))


def map_ranks(files: Sequence[str | Path], fn: Callable[[Trace], T] = _identity, *, cache: bool = False,
              workers: int | None = None, executor: Executor | None = None) -> list[T]:
    """``fn(load_file(f))`` for every file, in file order, in parallel.

    ``executor``: run the tasks there (a Dask or Ray executor, a thread pool); else a local process
    pool of ``workers`` processes (default :func:`worker_count`; 1 runs in this process).
    """
    paths = [str(f) for f in files]
    if executor is not None:
        return list(executor.map(run_rank, paths, [fn] * len(paths), [cache] * len(paths)))
    workers = worker_count([Path(p) for p in paths]) if workers is None else max(1, workers)
    if workers == 1 or len(paths) <= 1:
        return [run_rank(p, fn, cache) for p in paths]
    # fork: workers inherit the imported modules (spawn would re-import pandas in each, ~1 s).
    context = get_context("fork") if os.name == "posix" else None
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        return list(pool.map(run_rank, paths, [fn] * len(paths), [cache] * len(paths)))


def load_files(files: Sequence[str | Path], *, cache: bool = False, workers: int | None = None) -> list[Trace]:
    """Every file loaded (one Trace per file), in parallel worker processes."""
    return map_ranks(files, _identity, cache=cache, workers=workers)


"""``load(path)``: a trace file (``.json`` / ``.json.gz``) or a directory of per-rank traces -> :class:`Trace`.

    load(file)  -> the columnar cache when fresh (trace/cache.py), else the pipeline (trace/pipeline.py)
    load(dir)   -> every rank's file loaded in parallel (trace/parallel.py: local processes, or a Dask /
                   Ray executor, trace/engines.py), then concatenated by rank; an unreadable rank is
                   left out and named in a note
"""

from __future__ import annotations

import logging
import re
from concurrent.futures import Executor
from pathlib import Path

import numpy as np
import pandas as pd

from traceview.errors import TraceFormatError
from traceview.trace import cache as columnar
from traceview.trace import pipeline, schema
from traceview.trace.args import SliceArgs
from traceview.trace.derive import without_derived
from traceview.trace.model import Trace

log = logging.getLogger(__name__)

#: File names a directory of traces is searched for (tensorboard_trace_handler writes *.pt.trace.json[.gz]).
TRACE_GLOBS = ("*.pt.trace.json", "*.pt.trace.json.gz", "*.json", "*.json.gz")
#: The tables of a Trace, in the order the loader builds them.
TABLES = ("slices", "launches", "gpu", "gpu_annotations", "flows", "counters", "instants", "threads", "memory")


#: ``traceview profile`` of a multi-rank run names each rank's trace ``<stem>.rank<N>.pt.trace.json.gz``.
RANK_TRACE = re.compile(r"\.rank\d+\.pt\.trace\.json(?:\.gz)?$")


def trace_files(directory: Path) -> list[Path]:
    """The trace files in ``directory``: ``*.rank<N>.pt.trace.json[.gz]`` when ``traceview profile``
    wrote per-rank traces there (its launcher's own trace is not a rank), else ``*.pt.trace.json[.gz]``,
    else any ``*.json[.gz]`` but ``meta*.json``."""
    preferred = sorted({*directory.glob(TRACE_GLOBS[0]), *directory.glob(TRACE_GLOBS[1])})
    ranked = [p for p in preferred if RANK_TRACE.search(p.name)]
    if ranked or preferred:
        return ranked or preferred
    return sorted(p for p in {*directory.glob(TRACE_GLOBS[2]), *directory.glob(TRACE_GLOBS[3])}
                  if not (p.name == "meta.json" or p.name.startswith("meta.rank")))


def load_file(path: str | Path, rank: int | None = None, cache: bool = False) -> Trace:
    """One trace file -> Trace (its rank from ``distributedInfo``, the file name, else 0).

    ``cache``: read the columnar cache (:mod:`traceview.trace.cache`) when it is fresh, and write it
    after loading a large trace.
    """
    if cache and rank is None:
        return columnar.load_cached(path)
    return pipeline.load_file(path, rank)


def load(path: str | Path, cache: bool = False, *, executor: Executor | None = None) -> Trace:
    """Load a Kineto chrome trace, or every per-rank trace in a directory, concatenated by rank.

    A directory's files load in parallel worker processes, or on ``executor`` (a Dask or Ray one,
    :mod:`traceview.trace.engines`). A file that cannot be read is left out and named in a note of
    the first rank read; when none can be read, the error says why.
    ``cache``: use the columnar cache (``$TRACEVIEW_CACHE_DIR``, default ``~/.cache/traceview``).

    Raises :class:`~traceview.errors.TraceFormatError` with a one-line reason for anything that is
    not a trace traceview can read.
    """
    path = Path(path)
    if path.is_dir():
        files = trace_files(path)
        if not files:
            raise TraceFormatError(f"{path}: directory holds no *.json / *.json.gz trace files")
        if len(files) == 1 and executor is None:
            return load_file(files[0], cache=cache)
        return _load_ranks(path, files, cache, executor)
    if not path.exists():
        raise TraceFormatError(f"{path}: no such file or directory")
    return load_file(path, cache=cache)


def _load_ranks(directory: Path, files: list[Path], cache: bool, executor: Executor | None) -> Trace:
    """The directory's readable ranks, concatenated; the unreadable ones named in a note."""
    from traceview.trace.parallel import gather_ranks

    gathered = gather_ranks(files, cache=cache, executor=executor)
    if not gathered.results:
        first = gathered.failures[0].error
        raise TraceFormatError(f"{directory}: none of the {len(files)} trace files could be read (first: {first})")
    order = {str(f): i for i, f in enumerate(files)}
    numbers = [order[p] for p in gathered.paths]
    trace = concat(gathered.results, numbers) if len(gathered.results) > 1 else gathered.results[0]
    for failure in gathered.failures:
        log.info("%s", failure.note)
        trace.meta.notes.append(failure.note)
    return trace


_ID_COLUMNS = {
    "slices": ("slice_id", "parent_id", "op_id", "region_id", "outer_region_id", "module_id"),
    "launches": ("launch_id",),
    "gpu": ("activity_id", "launch_id"),
}


def concat(traces: list[Trace], file_numbers: list[int] | None = None) -> Trace:
    """Several ranks' traces as one, ids offset so they stay unique.

    When two traces say the same rank (files that do not say theirs), each is numbered by its
    place among the directory's files (``file_numbers``, default the list order).
    """
    ranks = [t.meta.rank for t in traces]
    renumber = len(set(ranks)) != len(ranks)
    numbers = file_numbers or list(range(len(traces)))
    tables: dict[str, list[pd.DataFrame]] = {k: [] for k in TABLES}
    metas = []
    order = sorted(range(len(traces)), key=lambda i: numbers[i] if renumber else ranks[i])
    slice_offset = gpu_offset = 0
    for i in order:
        t = traces[i]
        rank = np.int32(numbers[i]) if renumber else None
        offsets = {"slice_id": slice_offset, "parent_id": slice_offset, "op_id": slice_offset, "region_id": slice_offset,
                   "outer_region_id": slice_offset, "module_id": slice_offset, "launch_id": slice_offset, "activity_id": gpu_offset}
        for table, frames in tables.items():
            frame = getattr(t, table)
            changes = {col: frame[col] + offsets[col] for col in _ID_COLUMNS.get(table, ())}
            if rank is not None:
                changes["rank"] = np.full(len(frame), rank, dtype=np.int32)
            frame = without_derived(table, frame)  # derived again on the whole: steps are found across the ranks
            frames.append(frame.assign(**changes) if changes else frame)
        meta = t.meta if rank is None else _renumbered(t.meta, int(rank))
        metas.append(meta)
        slice_offset += len(t.slices)
        gpu_offset += len(t.gpu)
    merged = {k: _concat_frames(v) for k, v in tables.items()}
    comm, gpu_offset = [], 0
    for i in order:
        t = traces[i]
        changes = {"activity_id": t.gpu_comm["activity_id"] + gpu_offset}
        if renumber:
            changes["rank"] = np.full(len(t.gpu_comm), np.int32(numbers[i]), dtype=np.int32)
        comm.append(t.gpu_comm.assign(**changes))
        gpu_offset += len(t.gpu)
    return Trace(**merged, ranks=tuple(metas), slice_args=SliceArgs.concat([traces[i].slice_args for i in order]),
                 gpu_comm=_concat_frames(comm).astype(schema.GPU_COMM))


def _renumbered(meta, rank: int):
    from dataclasses import replace

    return replace(meta, rank=rank)


def _concat_frames(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """Concatenate keeping categorical columns categorical (union of categories)."""
    out = pd.concat(frames, ignore_index=True)
    for col in frames[0].columns:
        if isinstance(frames[0][col].dtype, pd.CategoricalDtype) and not isinstance(out[col].dtype, pd.CategoricalDtype):
            out[col] = out[col].astype("category")
    return out

"""``load(path)``: a trace file (``.json`` / ``.json.gz``) or a directory of per-rank traces -> :class:`Trace`."""

from __future__ import annotations

import gc
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pandas as pd

from traceview.errors import TraceFormatError
from traceview.trace.columns import SliceArgs, release_memory
from traceview.trace.decode import decode
from traceview.trace.model import Trace
from traceview.trace.normalize import normalize

log = logging.getLogger(__name__)

#: File names a directory of traces is searched for (tensorboard_trace_handler writes *.pt.trace.json[.gz]).
TRACE_GLOBS = ("*.pt.trace.json", "*.pt.trace.json.gz", "*.json", "*.json.gz")


def trace_files(directory: Path) -> list[Path]:
    """The trace files in ``directory`` (``*.pt.trace.json[.gz]`` first, else any ``*.json[.gz]``)."""
    preferred = sorted({*directory.glob(TRACE_GLOBS[0]), *directory.glob(TRACE_GLOBS[1])})
    if preferred:
        return preferred
    return sorted(p for p in {*directory.glob(TRACE_GLOBS[2]), *directory.glob(TRACE_GLOBS[3])} if p.name != "meta.json")


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Loading makes a few objects per event and no reference cycles: the cyclic collector's passes
    over them while they are made (dozens per trace) find nothing and cost ~5% of the load."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def load_file(path: str | Path, rank: int | None = None, cache: bool = False) -> Trace:
    """One trace file -> Trace (its rank from ``distributedInfo``, the file name, else 0).

    ``cache``: read the columnar cache (:mod:`traceview.trace.cache`) when it is fresh, and write it
    after loading a large trace.
    """
    path = Path(path)
    if cache and rank is None:
        from traceview.trace import cache as columnar

        hit = columnar.read(path)
        if hit is not None:
            log.debug("loaded %s from the cache", path)
            return hit
    log.debug("loading %s", path)
    with _gc_paused():
        trace = normalize(decode(path), rank)
    release_memory()  # the pages freed while loading go back to the OS before any analysis
    if cache and rank is None and path.stat().st_size >= columnar.MIN_CACHED_BYTES:
        columnar.write(path, trace)
    return trace


def load(path: str | Path, cache: bool = False) -> Trace:
    """Load a Kineto chrome trace, or every per-rank trace in a directory, concatenated by rank.

    A directory's files load in parallel worker processes (:mod:`traceview.trace.parallel`).
    ``cache``: use the columnar cache (``$TRACEVIEW_CACHE_DIR``, default ``~/.cache/traceview``).

    Raises :class:`~traceview.errors.TraceFormatError` with a one-line reason for anything that is
    not a trace traceview can read.
    """
    path = Path(path)
    if path.is_dir():
        files = trace_files(path)
        if not files:
            raise TraceFormatError(f"{path}: directory holds no *.json / *.json.gz trace files")
        if len(files) == 1:
            return load_file(files[0], cache=cache)
        from traceview.trace.parallel import load_files

        return concat(load_files(files, cache=cache))
    if not path.exists():
        raise TraceFormatError(f"{path}: no such file or directory")
    return load_file(path, cache=cache)


#: The tables of a Trace, in the order the loader builds them.
TABLES = ("slices", "launches", "gpu", "gpu_annotations", "flows", "counters", "instants", "threads", "memory")

_ID_COLUMNS = {
    "slices": ("slice_id", "parent_id"),
    "launches": ("launch_id",),
    "gpu": ("activity_id", "launch_id"),
}


def concat(traces: list[Trace]) -> Trace:
    """Several ranks' traces as one, ids offset so they stay unique; ranks must differ."""
    ranks = [t.meta.rank for t in traces]
    if len(set(ranks)) != len(ranks):
        # Files that do not say their rank: number them in file order.
        for i, t in enumerate(traces):
            for table in TABLES:
                frame = getattr(t, table)
                frame["rank"] = np.int32(i)
            t.meta.rank = i
    tables: dict[str, list[pd.DataFrame]] = {k: [] for k in TABLES}
    slice_args = []
    slice_offset = gpu_offset = 0
    for t in sorted(traces, key=lambda t: t.meta.rank):
        offsets = {"slice_id": slice_offset, "parent_id": slice_offset, "launch_id": slice_offset, "activity_id": gpu_offset}
        for table, frames in tables.items():
            frame = getattr(t, table).copy()
            for col in _ID_COLUMNS.get(table, ()):
                frame[col] = frame[col] + offsets[col]
            frames.append(frame)
        slice_args.append(t.slice_args)
        slice_offset += len(t.slices)
        gpu_offset += len(t.gpu)
    merged = {k: _concat_frames(v) for k, v in tables.items()}
    return Trace(**merged, ranks=tuple(sorted((t.meta for t in traces), key=lambda m: m.rank)), slice_args=SliceArgs.concat(slice_args))


def _concat_frames(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """Concatenate keeping categorical columns categorical (union of categories)."""
    out = pd.concat(frames, ignore_index=True)
    for col in frames[0].columns:
        if isinstance(frames[0][col].dtype, pd.CategoricalDtype) and not isinstance(out[col].dtype, pd.CategoricalDtype):
            out[col] = out[col].astype("category")
    return out

"""A columnar cache of loaded traces: re-opening a large trace reads Parquet instead of JSON.

One folder per trace file under ``$TRACEVIEW_CACHE_DIR`` (default ``~/.cache/traceview``), never
beside the trace (its folder may be read-only). The folder's name hashes the trace's absolute path,
size, mtime (ns) and the traceview version, so editing, replacing or upgrading invalidates it:

    ~/.cache/traceview/3f2a…e1/
        slices.parquet  launches.parquet  gpu.parquet  gpu_annotations.parquet  flows.parquet
        counters.parquet  instants.parquet  threads.parquet  memory.parquet   # every table, dtypes kept
        meta.json                                             # TraceMeta (+ notes, header), where args are
        slice_args.bin  slice_args.npz                        # args copied while loading (gzip); each slice's piece

A slice's args are read where the loaded trace read them: from the trace file's own bytes (a plain
file, unchanged since the key says so), or from ``slice_args.bin`` (args copied while loading).

Reading never fails loudly: anything unreadable (a partial folder, another version's layout, a
corrupt file) returns None and the caller loads the JSON. Writes go to a temporary folder renamed
into place, so a crashed write leaves no half cache.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import logging
import os
import shutil
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

from traceview._version import __version__
from traceview.trace import catalogue, pipeline, schema
from traceview.trace.args import FileRange, FileStamp, Held, SliceArgs
from traceview.trace.model import DeviceInfo, Trace, TraceMeta

log = logging.getLogger(__name__)

#: Bumped when the folder layout changes (the traceview version is in the key as well).
CACHE_FORMAT = 8  # 2: uncompressed Parquet; 3: nullable ints as values + mask columns; 4: args by piece; 5: + memory; 6: + slice classification; 7: + gpu_comm; 8: + derived columns
#: Traces of less JSON text than this load in well under a second: not worth a cache folder.
MIN_CACHED_BYTES = 4 * 1024 * 1024
TABLES = ("slices", "launches", "gpu", "gpu_annotations", "flows", "counters", "instants", "threads", "memory")


def cache_root() -> Path:
    """``$TRACEVIEW_CACHE_DIR``, else ``~/.cache/traceview``."""
    env = os.environ.get("TRACEVIEW_CACHE_DIR")
    return Path(env) if env else Path.home() / ".cache" / "traceview"


@functools.cache
def _code_fingerprint() -> str:
    """A hash of the loader's own source (``traceview/trace/*.py``): the cached tables hold columns it derives (each
    slice's step, phase, region), so a change to how they are derived must not read an older derivation back."""
    digest = hashlib.sha256()
    for source in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()[:16]


def cache_dir(path: str | Path) -> Path:
    """The cache folder for the trace file at ``path`` (as it is now: size + mtime), for this loader's code."""
    path = Path(path).resolve()
    st = path.stat()
    key = f"{path}|{st.st_size}|{st.st_mtime_ns}|{__version__}|{CACHE_FORMAT}|{catalogue.FINGERPRINT}|{_code_fingerprint()}"
    return cache_root() / hashlib.sha256(key.encode()).hexdigest()[:32]


def load_cached(path: str | Path) -> Trace:
    """The trace at ``path`` from its cache when fresh; else loaded, and cached when large."""
    hit = read(path)
    if hit is not None:
        log.debug("loaded %s from the cache", path)
        return hit
    trace = pipeline.load_file(path)
    if trace.meta.size_bytes >= MIN_CACHED_BYTES:  # of JSON text: a gzip file's inflated size
        write(path, trace)
    return trace


def read(path: str | Path) -> Trace | None:
    """The cached Trace of ``path``, or None (no cache, stale, or unreadable)."""
    try:
        folder = cache_dir(path)
        if not (folder / "meta.json").exists():
            return None
        trace = _read(folder)
        trace.meta.path = str(path)  # as this caller named the file (the key uses its resolved path)
        return trace
    except Exception as exc:  # any damage means "no cache": the caller reads the JSON
        log.debug("cache for %s unreadable (%s): loading the trace", path, exc)
        return None


def write(path: str | Path, trace: Trace) -> Path | None:
    """Store ``trace`` (one rank, loaded from ``path``); the folder, or None if it could not be written."""
    try:
        folder = cache_dir(path)
        folder.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=folder.parent))
        try:
            _write(tmp, trace)
            if folder.exists():
                shutil.rmtree(folder, ignore_errors=True)
            tmp.rename(folder)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return folder
    except Exception as exc:
        log.debug("could not cache %s (%s)", path, exc)
        return None


def _write(folder: Path, trace: Trace) -> None:
    for table in TABLES:
        # Uncompressed: a memory-mapped read then skips decompression (2 GB trace: 0.8 s -> 0.55 s for
        # the tables); the cache is larger on disk, which is what a cache is for.
        _split_nullable(getattr(trace, table)).to_parquet(folder / f"{table}.parquet", index=False, compression=None)
    trace.gpu_comm.to_parquet(folder / "gpu_comm.parquet", index=False, compression=None)
    _write_args(folder, trace.slice_args)
    metas = [dataclasses.asdict(m) for m in trace.ranks]
    (folder / "meta.json").write_text(json.dumps(metas, default=str))


#: Suffix of the mask column stored beside a nullable integer column that has missing values.
_MASK = "__na"


def _split_nullable(frame: pd.DataFrame) -> pd.DataFrame:
    """Nullable ``Int64`` columns as plain int64 values (+ a bool mask column when any is missing).

    Arrow's conversion back to ``Int64`` copies every value and rebuilds the mask (most of a 2 GB
    trace's re-open); plain int64 comes back without a copy and the mask wraps it as-is.
    """
    out = {}
    for col in frame.columns:
        values = frame[col]
        if isinstance(values.dtype, pd.Int64Dtype):
            mask = values.isna().to_numpy()
            out[col] = values.to_numpy(dtype="int64", na_value=0)
            if mask.any():
                out[col + _MASK] = mask
        else:
            out[col] = values
    return pd.DataFrame(out)


def _join_nullable(frame: pd.DataFrame, table: str) -> pd.DataFrame:
    """Undo :func:`_split_nullable` for the columns the schema declares ``Int64``."""
    spec = {**getattr(schema, table.upper()), **schema.DERIVED.get(table, {})}
    columns = {}
    for col in frame.columns:
        if col.endswith(_MASK):
            continue
        values = frame[col]
        if spec.get(col) == "Int64" and values.dtype == "int64":
            mask = frame[col + _MASK].to_numpy(dtype=bool) if col + _MASK in frame else np.zeros(len(frame), dtype=bool)
            values = pd.arrays.IntegerArray(values.to_numpy(), mask)
        columns[col] = values
    return pd.DataFrame(columns, copy=False)


def _typed(frame: pd.DataFrame, table: str) -> pd.DataFrame:
    """Parquet keeps dtypes, except an empty categorical, which comes back as object."""
    spec = {**getattr(schema, table.upper()), **schema.DERIVED.get(table, {})}
    wrong = {col: dtype for col, dtype in spec.items() if col in frame and str(frame[col].dtype) != dtype}
    return frame.astype(wrong) if wrong else frame


def _read_table(path: Path) -> pd.DataFrame:
    """One Parquet table as pandas (what ``pd.read_parquet`` gives), memory-mapped, each Arrow column
    freed as soon as it is converted (no second copy of the table at once)."""
    import pyarrow.parquet as pq

    table = pq.read_table(path, memory_map=True, use_pandas_metadata=True)
    return table.to_pandas(split_blocks=True, self_destruct=True)


def _release_arrow_memory() -> None:
    """Hand Arrow's freed pages back to the OS once the tables are read."""
    try:
        import pyarrow

        pyarrow.default_memory_pool().release_unused()
    except Exception:  # an old pyarrow: nothing to release
        pass


def _write_args(folder: Path, args: SliceArgs) -> None:
    """Where each slice's args are: the pieces' places in the trace file, or their copies in slice_args.bin."""
    backings, held = [], []
    with open(folder / "slice_args.bin", "wb") as f:
        for b in args.backings:
            if isinstance(b, FileRange):
                backings.append({"file": b.file.path, "size": b.file.size, "mtime_ns": b.file.mtime_ns, "start": b.start, "end": b.end})
                continue
            data, first = b.copy()
            base = f.tell()
            f.write(data[int(b.offsets[0]) - first:int(b.offsets[-1]) - first])  # every present event's args, in order
            backings.append({"held": len(held), "base": base})
            held.append(b)
    arrays = {"piece": args.piece, "index": args.index}
    for k, b in enumerate(held):
        arrays.update({f"i{k}": b.index, f"o{k}": b.offsets - b.offsets[0], f"p{k}": b.present})
    np.savez(folder / "slice_args.npz", **arrays)
    (folder / "slice_args.json").write_text(json.dumps(backings))


def _read_args(folder: Path) -> SliceArgs:
    blob = FileStamp.of(folder / "slice_args.bin")  # read when a slice's args are asked for, not now
    with np.load(folder / "slice_args.npz") as arrays:
        backings = []
        for b in json.loads((folder / "slice_args.json").read_text()):
            if "file" in b:
                stamp = FileStamp(b["file"], b["size"], b["mtime_ns"])
                if FileStamp.of(stamp.path) != stamp:
                    raise ValueError("the trace file changed")
                backings.append(FileRange(stamp, b["start"], b["end"]))
            else:
                k = b["held"]
                held = Held(arrays[f"i{k}"], blob, arrays[f"o{k}"], arrays[f"p{k}"], base=b["base"])
                if b["base"] + held.nbytes() > blob.size:
                    raise ValueError("slice_args.bin is shorter than its index says")
                backings.append(held)
        return SliceArgs(arrays["piece"], arrays["index"], backings)


def _read(folder: Path) -> Trace:
    tables = {table: _typed(_join_nullable(_read_table(folder / f"{table}.parquet"), table), table) for table in TABLES}
    _release_arrow_memory()
    args = _read_args(folder)
    metas = []
    for m in json.loads((folder / "meta.json").read_text()):
        m["devices"] = tuple(DeviceInfo(**d) for d in m["devices"])
        metas.append(TraceMeta(**m))
    if len(args) != len(tables["slices"]):
        raise ValueError("slice args do not match the slices table")
    comm = pd.read_parquet(folder / "gpu_comm.parquet").astype(schema.GPU_COMM)
    return Trace(**tables, ranks=tuple(metas), slice_args=args, gpu_comm=comm)

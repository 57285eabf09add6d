"""The fast path of :func:`~traceview.trace.normalize.normalize`: whole columns at once, no per-event loop.

A well-formed trace (every ``ph`` known, no ``B``/``E`` pairs, numeric times, integer ids, args that
are objects) fills the column buffers here with list comprehensions and numpy; the ``args`` of all
duration events are decoded in one msgspec call over their joined bytes. Anything unusual makes
:func:`fill_columns` return False *before touching the buffers*, and the careful per-event loop
reads the trace instead, so both paths give identical tables (``tests/test_large_trace.py``
compares them).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Optional

import msgspec
import numpy as np
import pandas as pd
from pandas.api.types import union_categoricals

from traceview.trace import schema

#: ph -> 0 duration, 1 metadata, 2 flow, 3 instant, 4 counter (anything else: the careful path).
_PHASE_KIND = {"X": 0, "M": 1, "s": 2, "f": 2, "t": 2, "i": 3, "I": 3, "R": 3, "C": 4}
#: float64 holds integers exactly up to 2**53: larger µs * 1000 goes the careful way.
_EXACT_US = 2**53 / 1000
#: normalize caps ns at ±(2**62 - 1) (so start + dur cannot wrap): larger integer µs go the careful way.
_MAX_INT_US = (2**62 - 1) // 1000


class SliceArgs:
    """Every slice's raw ``args`` JSON in one buffer (``None`` where the event had none).

    Behaves as a read-only sequence of ``bytes | None`` indexed by ``slice_id``; one bytes object
    and two arrays instead of a Python object per slice.
    """

    __slots__ = ("blob", "offsets", "present")

    def __init__(self, blob: bytes | bytearray, offsets: np.ndarray, present: np.ndarray) -> None:
        self.blob, self.offsets, self.present = blob, offsets, present

    @classmethod
    def from_raws(cls, raws: list[Any]) -> SliceArgs:
        present = np.fromiter((r is not None for r in raws), dtype=bool, count=len(raws))
        lengths = np.fromiter((len(r) if r is not None else 0 for r in raws), dtype=np.int64, count=len(raws))
        offsets = np.zeros(len(raws) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        return cls(b"".join([r for r in raws if r is not None]), offsets, present)

    @classmethod
    def concat(cls, parts: Iterable[Any]) -> SliceArgs:
        """Several parts' args, one after the other (SliceArgs or lists of bytes).

        Given an iterator, each part is copied and can be freed before the next is read, so joining
        chunks of a large trace never holds the args twice.
        """
        blob = bytearray()
        offsets: list[np.ndarray] = [np.zeros(1, dtype=np.int64)]
        present: list[np.ndarray] = []
        for part in parts:
            part = part if isinstance(part, SliceArgs) else cls.from_raws(list(part))
            offsets.append(part.offsets[1:] + len(blob))
            present.append(part.present)
            blob += part.blob
        return cls(blob, np.concatenate(offsets), np.concatenate(present) if present else np.zeros(0, dtype=bool))

    def __len__(self) -> int:
        return len(self.present)

    def __getitem__(self, index: int) -> bytes | None:
        if not self.present[index]:
            return None
        return bytes(self.blob[self.offsets[index] : self.offsets[index + 1]])

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]


class _Args(msgspec.Struct, gc=False):
    """The ``args`` keys the tables need (same keys as normalize's)."""

    correlation: Any = None
    external_id: Any = msgspec.field(default=None, name="External id")
    external_id_old: Any = msgspec.field(default=None, name="external id")
    device: Any = None
    stream: Any = None
    grid: Any = None
    block: Any = None
    registers: Any = msgspec.field(default=None, name="registers per thread")
    shared_mem: Any = msgspec.field(default=None, name="shared memory")
    bytes: Any = None


_ARGS_LIST = msgspec.json.Decoder(list[Optional[_Args]])


class _Fallback(Exception):
    """The trace needs the careful per-event path."""


def fill_columns(raw: Any, buf: Any) -> bool:
    """Fill ``buf`` (normalize's ``_Buffers``) from ``raw``; False, buffers untouched, when it cannot.

    On success ``raw.events`` is emptied: the buffers hold all normalize needs, and dropping the
    events frees the file's bytes (which every event's Raw points into) before the columns are joined.
    """
    try:
        columns = _columns(raw, buf)
    except _Fallback:
        return False
    for name, value in columns.items():
        setattr(buf, name, value) if not isinstance(getattr(buf, name), dict) else getattr(buf, name).update(value)
    return True


def _columns(raw: Any, buf: Any) -> dict[str, Any]:
    """Every table's columns, built a chunk of events at a time (see decode.EventList), then joined."""
    events = raw.events
    chunks = events.chunks() if hasattr(events, "chunks") else [events]
    scratch = type(buf)()  # metadata and counters are few: the per-event methods handle them
    parts: list[dict[str, Any]] = []
    offset = 0
    for chunk in chunks:
        parts.append(_chunk_columns(chunk, offset, raw.exact_ts_ns, scratch))
        offset += len(chunk)
    if not parts:
        parts.append(_chunk_columns([], 0, None, scratch))
    events = chunks = chunk = None
    raw.events = []  # no fallback past this point: free the events (and the file's bytes) before joining
    out = {table: _join([p[table] for p in parts]) for table in ("slices", "gpu", "annotations", "flows", "instants")}
    out["slice_args"] = SliceArgs.concat(p.pop("slice_args") for p in parts)
    out["unknown_categories"] = set().union(*(p["unknown_categories"] for p in parts))
    out["counters"], out["process_names"], out["thread_names"] = scratch.counters, scratch.process_names, scratch.thread_names
    return out


def _join(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Chunks' columns end to end: numpy arrays, IntegerArrays, Categoricals (sorted categories, as
    ``pd.array(list, dtype="category")`` gives)."""
    joined: dict[str, Any] = {}
    for col in parts[0]:
        values = [p[col] for p in parts]
        if isinstance(values[0], pd.Categorical):
            joined[col] = union_categoricals(values, sort_categories=True) if len(values) > 1 else values[0]
        elif isinstance(values[0], np.ndarray):
            joined[col] = np.concatenate(values)
        else:
            joined[col] = type(values[0])._concat_same_type(values)
    return joined


def _category(values: list[str]) -> pd.Categorical:
    """Strings -> a Categorical (codes per row, each distinct string once)."""
    return pd.Categorical(values)


def _chunk_columns(events: list[Any], offset: int, exact_ts: list[int | None] | None, scratch: Any) -> dict[str, Any]:
    try:
        kind = np.fromiter(map(_PHASE_KIND.__getitem__, [e.ph for e in events]), dtype=np.int8, count=len(events))
    except (KeyError, TypeError):
        raise _Fallback from None
    timed = np.flatnonzero(kind != 1)
    ts_ns = np.zeros(len(events), dtype=np.int64)
    if exact_ts is not None:
        exact = [exact_ts[offset + i] for i in timed]
        if any(v is None for v in exact):
            raise _Fallback
        try:
            ts_ns[timed] = np.array(exact, dtype=np.int64)
        except OverflowError:
            raise _Fallback from None
        if len(exact) and np.abs(ts_ns).max() > 2**62 - 1:
            raise _Fallback
    else:
        ts_ns[timed] = _ns_array([events[i].ts for i in timed])
    out: dict[str, Any] = {}
    host, gpu, annotations, unknown = _complete(events, np.flatnonzero(kind == 0), ts_ns)
    out["slices"], out["slice_args"] = host
    out["gpu"], out["annotations"], out["unknown_categories"] = gpu, annotations, unknown
    out["flows"] = _flows(events, np.flatnonzero(kind == 2), ts_ns)
    out["instants"] = _instants(events, np.flatnonzero(kind == 3), ts_ns)
    for i in np.flatnonzero((kind == 1) | (kind == 4)).tolist():
        if kind[i] == 1:
            scratch.add_metadata(events[i])
        else:
            scratch.add_counter(events[i], int(ts_ns[i]))
    return out


def _ns_array(values: list[Any]) -> np.ndarray:
    """µs -> int64 ns exactly as normalize's ``_ns`` (``v * 1000`` for ints, ``round(v * 1000)`` for floats)."""
    types = set(map(type, values))
    if not types <= {int, float}:
        raise _Fallback
    if types == {int}:
        try:
            arr = np.array(values, dtype=np.int64)
        except OverflowError:
            raise _Fallback from None
        if len(arr) and np.abs(arr).max() > _MAX_INT_US:
            raise _Fallback
        return arr * 1000
    arr = np.array(values, dtype=np.float64)
    if len(arr) and not (np.isfinite(arr).all() and np.abs(arr).max() < _EXACT_US):
        raise _Fallback
    return np.round(arr * 1000).astype(np.int64)


def _int_array(values: list[Any], nullable: bool = True) -> Any:
    """Ints (and None) -> Int64, as normalize's ``_int`` reads each value."""
    types = set(map(type, values))
    try:
        if types <= {int}:
            arr = np.array(values, dtype=np.int64) if values else np.zeros(0, dtype=np.int64)
            return pd.arrays.IntegerArray(arr, np.zeros(len(arr), dtype=bool))
        if types <= {int, type(None)}:
            mask = np.fromiter((v is None for v in values), dtype=bool, count=len(values))
            arr = np.array([0 if v is None else v for v in values], dtype=np.int64)
            return pd.arrays.IntegerArray(arr, mask)
    except OverflowError:
        raise _Fallback from None
    from traceview.trace.normalize import _int  # strings ("stream 7"), integral floats: one by one

    return _int_array([_int(v) for v in values])


def _strings(values: list[Any]) -> list[str]:
    if not set(map(type, values)) <= {str}:
        raise _Fallback
    return values


def _complete(events: list[Any], index: np.ndarray, ts_ns: np.ndarray) -> tuple:
    """Duration events -> host slices (+ args), GPU activities, GPU annotations."""
    idx = index.tolist()
    evs = [events[i] for i in idx]
    dur_ns = _ns_array([e.dur for e in evs])
    if len(dur_ns) and dur_ns.min() < 0:
        raise _Fallback
    aliases = schema.CATEGORY_ALIASES
    cats = [aliases.get(c, c) if type(c) is str else "" for c in [e.cat for e in evs]]
    names = _strings([e.name for e in evs])
    cls_of = {c: (3 if c == "Trace" else 1 if c in schema.GPU_KINDS else 2 if c == "gpu_user_annotation" else 0) for c in set(cats)}
    cls = np.fromiter(map(cls_of.__getitem__, cats), dtype=np.int8, count=len(cats))
    raws = [e.args for e in evs]
    try:
        args = _ARGS_LIST.decode(b"[" + b",".join([r if r is not None else b"null" for r in raws]) + b"]")
    except msgspec.MsgspecError:
        raise _Fallback from None
    ts = ts_ns[index]
    host = _host(evs, cats, names, args, np.flatnonzero(cls == 0), ts, dur_ns)
    gpu = _gpu(evs, cats, names, args, np.flatnonzero(cls == 1), ts, dur_ns)
    annotations = _annotations(evs, names, args, np.flatnonzero(cls == 2), ts, dur_ns)
    known = {"cpu_op", "user_annotation", "python_function", "cuda_runtime", "cuda_driver", "overhead", "cuda_sync",
             "cuda_profiler_range", "Trace", "gpu_user_annotation", "kernel", "gpu_memcpy", "gpu_memset"}
    unknown = {c or "<none>" for c, k in cls_of.items() if k == 0 and c not in known}
    return host, gpu, annotations, unknown


def _external_ids(args: list[Any]) -> Any:
    return _int_array([None if a is None else a.external_id if a.external_id is not None else a.external_id_old for a in args])


def _host(evs, cats, names, args, rows, ts, dur_ns) -> tuple[dict[str, Any], SliceArgs]:
    r = rows.tolist()
    a = [args[i] for i in r]
    pids = [evs[i].pid for i in r]
    if not set(map(type, pids)) <= {int, type(None)}:
        raise _Fallback  # a string pid may need skipping: the careful path counts it
    columns = {
        "cat": _category([cats[i] for i in r]),
        "name": _category([names[i] for i in r]),
        "pid": _int_array(pids),
        "tid": _int_array([evs[i].tid for i in r]),
        "start_ns": ts[rows],
        "dur_ns": dur_ns[rows],
        "external_id": _external_ids(a),
        "correlation": _int_array([x.correlation if x is not None else None for x in a]),
    }
    return columns, SliceArgs.from_raws([evs[i].args for i in r])


def _device_or(values: list[Any], fallback: list[Any]) -> Any:
    return _int_array([v if v is not None else f for v, f in zip(values, fallback)])


def _gpu(evs, cats, names, args, rows, ts, dur_ns) -> dict[str, Any]:
    r = rows.tolist()
    e = [evs[i] for i in r]
    a = [args[i] if args[i] is not None else _Args() for i in r]
    grid = [_xyz(x.grid) for x in a]
    block = [_xyz(x.block) for x in a]
    columns = {
        "kind": _category([schema.GPU_KINDS[cats[i]] for i in r]),
        "name": _category([names[i] for i in r]),
        "device": _device_or([x.device for x in a], [v.pid for v in e]),
        "stream": _device_or([x.stream for x in a], [v.tid for v in e]),
        "start_ns": ts[rows],
        "dur_ns": dur_ns[rows],
        "correlation": _int_array([x.correlation for x in a]),
        "external_id": _external_ids(a),
        "registers": _int_array([x.registers for x in a]),
        "shared_mem": _int_array([x.shared_mem for x in a]),
        "bytes": _int_array([x.bytes for x in a]),
    }
    for j, axis in enumerate("xyz"):
        columns[f"grid_{axis}"] = _int_array([g[j] for g in grid])
        columns[f"block_{axis}"] = _int_array([b[j] for b in block])
    return columns


def _xyz(value: Any) -> tuple[Any, Any, Any]:
    if type(value) is list and len(value) == 3:
        return value[0], value[1], value[2]  # non-int members make _int_array fall back
    return None, None, None


def _annotations(evs, names, args, rows, ts, dur_ns) -> dict[str, Any]:
    r = rows.tolist()
    e = [evs[i] for i in r]
    a = [args[i] if args[i] is not None else _Args() for i in r]
    return {
        "name": _category([names[i] for i in r]),
        "device": _device_or([x.device for x in a], [v.pid for v in e]),
        "stream": _device_or([x.stream for x in a], [v.tid for v in e]),
        "start_ns": ts[rows],
        "dur_ns": dur_ns[rows],
        "external_id": _external_ids(a),
    }


def _flows(events, index, ts_ns) -> dict[str, Any]:
    e = [events[i] for i in index.tolist()]
    return {
        "flow_id": _int_array([v.id for v in e]),
        "cat": _category([v.cat if isinstance(v.cat, str) else "" for v in e]),
        "phase": _category([v.ph for v in e]),
        "pid": _int_array([v.pid for v in e]),
        "tid": _int_array([v.tid for v in e]),
        "ts_ns": ts_ns[index],
    }


def _instants(events, index, ts_ns) -> dict[str, Any]:
    e = [events[i] for i in index.tolist()]
    return {
        "name": _category([v.name if isinstance(v.name, str) else "" for v in e]),
        "pid": _int_array([v.pid for v in e]),
        "tid": _int_array([v.tid for v in e]),
        "ts_ns": ts_ns[index],
    }


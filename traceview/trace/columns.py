"""The fast path of :func:`~traceview.trace.normalize.normalize`: whole columns at once, no per-event loop.

A well-formed trace (every ``ph`` known, no ``B``/``E`` pairs, numeric times, integer ids, args that
are objects) fills the column buffers here with list comprehensions and numpy; the ``args`` of all
duration events are decoded in one msgspec call over their joined bytes. Anything unusual makes
:func:`fill_columns` return False *before touching the buffers*, and the careful per-event loop
reads the trace instead, so both paths give identical tables (``tests/test_large_trace.py``
compares them).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from contextlib import contextmanager
from typing import Any, Optional

import msgspec
import numpy as np
import pandas as pd

from traceview.trace import schema

#: ph -> 0 duration, 1 metadata, 2 flow, 3 instant, 4 counter (anything else: the careful path).
_PHASE_KIND = {"X": 0, "M": 1, "s": 2, "f": 2, "t": 2, "i": 3, "I": 3, "R": 3, "C": 4}
#: float64 holds integers exactly up to 2**53: larger µs * 1000 goes the careful way.
_EXACT_US = 2**53 / 1000
#: normalize caps ns at ±(2**62 - 1) (so start + dur cannot wrap): larger integer µs go the careful way.
_MAX_INT_US = (2**62 - 1) // 1000


class FileBytes:
    """A file's bytes, read on demand: the slice args of a large trace stay in its file until asked for.

    Slicing reads that range. The file's size and mtime are checked on every open, so
    a file changed or removed since the trace was loaded raises instead of returning other bytes.
    """

    __slots__ = ("path", "size", "mtime_ns")

    def __init__(self, path: str, size: int, mtime_ns: int) -> None:
        self.path, self.size, self.mtime_ns = str(path), size, mtime_ns

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FileBytes) and (self.path, self.size, self.mtime_ns) == (other.path, other.size, other.mtime_ns)

    def __hash__(self) -> int:
        return hash((self.path, self.size, self.mtime_ns))

    @classmethod
    def of(cls, path: str | os.PathLike) -> FileBytes:
        st = os.stat(path)
        return cls(str(path), st.st_size, st.st_mtime_ns)

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index: slice) -> bytes:
        with self.reader() as read:
            return read(index.start, index.stop)

    @contextmanager
    def reader(self) -> Iterator[Callable[[int, int], bytes]]:
        """``read(start, end)`` on the open file, checked to be the one that was loaded."""
        from traceview.errors import TraceFormatError

        changed = f"{self.path}: changed or removed since the trace was loaded: load it again"
        try:
            f = open(self.path, "rb", buffering=0)
        except OSError:
            raise TraceFormatError(changed) from None
        with f:
            st = os.fstat(f.fileno())
            if (st.st_size, st.st_mtime_ns) != (self.size, self.mtime_ns):
                raise TraceFormatError(changed)

            def read(start: int, end: int) -> bytes:
                f.seek(start)
                data = f.read(end - start)
                while len(data) < end - start:
                    more = f.read(end - start - len(data))
                    if not more:
                        raise TraceFormatError(changed)
                    data += more
                return data

            yield read


class SliceArgs:
    """Every slice's raw ``args`` JSON in one buffer (``None`` where the event had none).

    Behaves as a read-only sequence of ``bytes | None`` indexed by ``slice_id``; one buffer and two
    arrays instead of a Python object per slice. Item ``i`` is ``blob[offsets[i]:offsets[i + 1]]``,
    or, when ``ends`` is given, ``blob[offsets[i]:ends[i]]``: then ``blob`` may be a
    :class:`FileBytes` (the args left in the trace file or the cache, read when asked for).
    """

    __slots__ = ("blob", "offsets", "present", "ends")

    def __init__(self, blob: Any, offsets: np.ndarray, present: np.ndarray, ends: np.ndarray | None = None) -> None:
        self.blob, self.offsets, self.present, self.ends = blob, offsets, present, ends

    @classmethod
    def from_raws(cls, raws: list[Any]) -> SliceArgs:
        present = np.not_equal(np.fromiter(raws, dtype=object, count=len(raws)), None)
        kept = [r for r in raws if r is not None]
        lengths = np.zeros(len(raws), dtype=np.int64)
        lengths[present] = np.fromiter(map(len, kept), dtype=np.int64, count=len(kept))
        offsets = np.zeros(len(raws) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        return cls(b"".join(kept), offsets, present)

    @classmethod
    def concat(cls, parts: Iterable[Any]) -> SliceArgs:
        """Several parts' args, one after the other (SliceArgs or lists of bytes), in one buffer.

        Given an iterator, each part is copied and can be freed before the next is read, so joining
        chunks of a large trace never holds the args twice.
        """
        blob = bytearray()
        offsets: list[np.ndarray] = [np.zeros(1, dtype=np.int64)]
        present: list[np.ndarray] = []
        for part in parts:
            part = part if isinstance(part, SliceArgs) else cls.from_raws(list(part))
            part_blob, part_offsets = part.contiguous()
            offsets.append(part_offsets[1:] + len(blob))
            present.append(part.present)
            blob += part_blob
        return cls(blob, np.concatenate(offsets), np.concatenate(present) if present else np.zeros(0, dtype=bool))

    def _held(self) -> bool:
        """Whether the args are one in-memory buffer + offsets (else they are read item by item)."""
        return self.ends is None and not isinstance(self.blob, FileBytes)

    def spans(self) -> tuple[np.ndarray, np.ndarray]:
        """Each item's (start, end) in ``blob``."""
        if self.ends is None:
            return self.offsets[:-1], self.offsets[1:]
        return self.offsets, self.ends

    def contiguous(self) -> tuple[Any, np.ndarray]:
        """The args as one in-memory buffer + offsets (``len + 1`` of them), read if need be."""
        if self._held():
            return self.blob, self.offsets
        items = list(self)
        lengths = np.fromiter((len(r) if r is not None else 0 for r in items), dtype=np.int64, count=len(items))
        offsets = np.zeros(len(items) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        return b"".join([r for r in items if r is not None]), offsets

    def write(self, f: Any) -> np.ndarray:
        """Write the args one after the other to the binary file ``f``; their offsets (``len + 1``)."""
        if self._held():
            f.write(memoryview(self.blob)[: int(self.offsets[-1])] if len(self.offsets) else b"")
            return self.offsets
        lengths = np.zeros(len(self), dtype=np.int64)
        for i, item in enumerate(self):
            if item is not None:
                f.write(item)
                lengths[i] = len(item)
        offsets = np.zeros(len(self) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        return offsets

    def __len__(self) -> int:
        return len(self.present)

    def __getitem__(self, index: int) -> bytes | None:
        if not self.present[index]:
            return None
        starts, ends = self.spans()
        return bytes(self.blob[int(starts[index]) : int(ends[index])])

    #: Items read from a :class:`FileBytes` at a time, when their bytes span at most _WINDOW_BYTES.
    _WINDOW_ITEMS = 8192
    _WINDOW_BYTES = 16 * 1024 * 1024

    def __iter__(self) -> Iterator[bytes | None]:
        if not isinstance(self.blob, FileBytes):
            for i in range(len(self)):
                yield self[i]
            return
        starts, ends = self.spans()
        with self.blob.reader() as read:
            for lo in range(0, len(self), self._WINDOW_ITEMS):
                hi = min(lo + self._WINDOW_ITEMS, len(self))
                here = self.present[lo:hi]
                s, e = starts[lo:hi][here], ends[lo:hi][here]
                first, last = (int(s.min()), int(e.max())) if len(s) else (0, 0)
                window = read(first, last) if last - first <= self._WINDOW_BYTES else None
                for i in range(lo, hi):
                    if not self.present[i]:
                        yield None
                    elif window is not None:
                        yield window[int(starts[i]) - first : int(ends[i]) - first]
                    else:
                        yield read(int(starts[i]), int(ends[i]))


class EventSliceArgs(SliceArgs):
    """The slice args of a small trace, left in its file: item ``i`` is the raw args of event
    ``events[i]`` (its index in ``traceEvents``), from ``source`` (a
    :class:`~traceview.trace.decode.EventArgsFile`, which reads the file again on first use)."""

    __slots__ = ("source", "events")

    def __init__(self, source: Any, events: np.ndarray) -> None:
        self.source, self.events = source, events
        self.blob, self.offsets, self.ends = None, events, None

    def __reduce__(self):
        return (EventSliceArgs, (self.source, self.events))

    @staticmethod
    def concat_same_source(parts: list[EventSliceArgs]) -> EventSliceArgs:
        """Chunks' args of one file, one after the other."""
        assert all(p.source is parts[0].source for p in parts)
        return EventSliceArgs(parts[0].source, np.concatenate([p.events for p in parts]))

    def _held(self) -> bool:
        return False

    @property
    def present(self) -> np.ndarray:  # type: ignore[override]
        return np.fromiter((item is not None for item in self), dtype=bool, count=len(self))

    def __len__(self) -> int:
        return len(self.events)

    def __getitem__(self, index: int) -> bytes | None:
        return self.source.raw(int(self.events[index]))

    def __iter__(self) -> Iterator[bytes | None]:
        raw = self.source.raw
        for event in self.events.tolist():
            yield raw(event)


class _ArgsBuilder:
    """Chunks' :class:`SliceArgs` one after the other: copied into one buffer, or, for args left in
    the trace file (a streamed chunk's), only their file offsets."""

    def __init__(self) -> None:
        self.blob = bytearray()
        self.offsets: list[np.ndarray] = [np.zeros(1, dtype=np.int64)]
        self.present: list[np.ndarray] = []
        self.file: FileBytes | None = None
        self.starts: list[np.ndarray] = []
        self.ends: list[np.ndarray] = []

    def add(self, part: SliceArgs) -> None:
        if isinstance(part.blob, FileBytes) and part.ends is not None and (self.file is part.blob or not self.present):
            self.file = part.blob
            self.starts.append(part.offsets)
            self.ends.append(part.ends)
            self.present.append(part.present)
            return
        if self.file is not None:  # not seen in practice (one load reads one source): copy what we have
            done = self.build()
            self.__init__()  # type: ignore[misc]
            self.add(done)
        blob, offsets = part.contiguous()
        self.offsets.append(offsets[1:] + len(self.blob))
        self.present.append(part.present)
        self.blob += blob

    def build(self) -> SliceArgs:
        present = np.concatenate(self.present) if self.present else np.zeros(0, dtype=bool)
        if self.file is not None:
            return SliceArgs(self.file, np.concatenate(self.starts), present, np.concatenate(self.ends))
        return SliceArgs(self.blob, np.concatenate(self.offsets), present)


def _slice_args(raws: list[Any], origin: Any) -> SliceArgs:
    """A chunk's slice args: copied, or, for a streamed chunk (``origin``: the file, the address of
    the chunk's buffer and the file offset of its first byte), where they lie in the file."""
    if origin is None:
        return SliceArgs.from_raws(raws)
    file, base, size, file_offset = origin
    present = np.fromiter((r is not None for r in raws), dtype=bool, count=len(raws))
    address = np.fromiter((np.frombuffer(r, dtype=np.uint8).ctypes.data if r is not None else base for r in raws),
                          dtype=np.int64, count=len(raws))
    lengths = np.fromiter((len(r) if r is not None else 0 for r in raws), dtype=np.int64, count=len(raws))
    inside = address - base
    if len(inside) and (inside.min() < 0 or (inside + lengths).max() > size):
        return SliceArgs.from_raws(raws)  # a Raw that is not a view into the chunk's buffer: copy them
    starts = inside + file_offset
    return SliceArgs(file, starts, present, starts + lengths)


class EventArgs(msgspec.Struct, gc=False):
    """The ``args`` keys the tables need (normalize and columns decode into it); the rest stays raw."""

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
    name: Any = None  # metadata events: process_name / thread_name
    # [memory] instants (schema.MEMORY)
    device_type: Any = msgspec.field(default=None, name="Device Type")
    device_id: Any = msgspec.field(default=None, name="Device Id")
    alloc_bytes: Any = msgspec.field(default=None, name="Bytes")
    total_allocated: Any = msgspec.field(default=None, name="Total Allocated")
    total_reserved: Any = msgspec.field(default=None, name="Total Reserved")
    addr: Any = msgspec.field(default=None, name="Addr")


_ARGS_LIST = msgspec.json.Decoder(list[Optional[EventArgs]])


def release_memory() -> None:
    """Give the C heap's free pages back to the OS (glibc only; a no-op elsewhere).

    Building a large trace's columns frees many short-lived objects (a chunk's events, its
    intermediate lists); glibc keeps those pages, which would count in the process's memory as if
    still used. ``malloc_trim`` returns them (a few ms).
    """
    if _TRIM is not None:
        _TRIM(0)


def _load_trim() -> Any:
    try:
        import ctypes
        import sys

        if not sys.platform.startswith("linux"):
            return None
        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


_TRIM = _load_trim()


#: Traces (bytes of JSON) from this size up hand freed heap pages back to the OS while loading.
_TRIM_MIN_BYTES = 16 * 1024 * 1024


def _no_trim() -> None:
    return None


class _Fallback(Exception):
    """The trace needs the careful per-event path."""


class _RawArgsNeeded(Exception):
    """Typed events (decode.TypedChunk) hold counter events, whose args must be read raw."""


def fill_columns(raw: Any, buf: Any) -> bool:
    """Fill ``buf`` (normalize's ``_Buffers``) from ``raw``; False, buffers untouched, when it cannot.

    On success ``raw.events`` is emptied: the buffers hold all normalize needs, and dropping the
    events frees the file's bytes (which every event's Raw points into) before the columns are joined.
    """
    try:
        try:
            columns = _columns(raw, buf)
        except _RawArgsNeeded:  # counters' args are free-form: read this trace's args raw after all
            raw.events = raw.events.untyped()
            columns = _columns(raw, buf)
    except _Fallback:
        if getattr(raw.events, "typed", False):
            raw.events = raw.events.untyped()  # the careful path reads raw args
        return False
    for name, value in columns.items():
        setattr(buf, name, value) if not isinstance(getattr(buf, name), dict) else getattr(buf, name).update(value)
    return True


def _columns(raw: Any, buf: Any) -> dict[str, Any]:
    """Every table's columns, built a chunk of events at a time (see decode.EventList), then joined."""
    events = raw.events
    chunks = events.chunks() if hasattr(events, "chunks") else [events]
    # Giving freed pages back costs ~0.5 ms a call: worth it only where a trace's memory is large.
    trim = release_memory if getattr(raw, "size_bytes", 0) >= _TRIM_MIN_BYTES else _no_trim
    scratch = type(buf)()  # metadata and counters are few: the per-event methods handle them
    parts: list[dict[str, Any]] = []
    args = _ArgsBuilder()  # every chunk's slice args appended to one buffer as the chunk is read
    left_in_file: list[EventSliceArgs] = []  # a small trace's (TypedEvents) args: read from its file on demand
    offset = 0
    for chunk in chunks:
        part = _chunk_columns(chunk, offset, raw.exact_ts_ns, scratch)
        if isinstance(part["slice_args"], EventSliceArgs):
            left_in_file.append(part.pop("slice_args"))
        else:
            args.add(part.pop("slice_args"))
        parts.append(part)
        offset += len(chunk)
        chunk = part = None
        trim()
    if not parts:
        part = _chunk_columns([], 0, None, scratch)
        args.add(part.pop("slice_args"))
        parts.append(part)
    events = chunks = chunk = part = None
    raw.events = []  # no fallback past this point: free the events (and the file's bytes) before joining
    trim()
    out: dict[str, Any] = {"slice_args": EventSliceArgs.concat_same_source(left_in_file) if left_in_file else args.build()}
    for table in ("slices", "gpu", "annotations", "flows", "instants", "memory"):
        out[table] = _join([p.pop(table) for p in parts])  # each table's chunks freed once joined
        trim()
    out["unknown_categories"] = set().union(*(p["unknown_categories"] for p in parts))
    out["counters"], out["process_names"], out["thread_names"] = scratch.counters, scratch.process_names, scratch.thread_names
    return out


def _join(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Chunks' columns end to end: numpy arrays, IntegerArrays, and label columns made one Categorical
    (sorted categories, as ``pd.array(list, dtype="category")`` gives)."""
    joined: dict[str, Any] = {}
    for col in parts[0]:
        values = [p[col] for p in parts]
        if isinstance(values[0], _LabelRows):
            joined[col] = _LabelRows.build(values)
        elif isinstance(values[0], np.ndarray):
            joined[col] = np.concatenate(values)
        else:
            joined[col] = type(values[0])._concat_same_type(values)
    return joined


def _category(values: list[str]) -> _LabelRows:
    """Strings -> a categorical column (built when the chunks are joined)."""
    return _Labels(values).column(np.arange(len(values)))


def _chunk_columns(events: list[Any], offset: int, exact_ts: list[int | None] | None, scratch: Any) -> dict[str, Any]:
    phases = _Labels([e.ph for e in events])  # each field's distinct values numbered once per chunk
    try:
        kind = np.array([_PHASE_KIND[p] for p in phases.labels], dtype=np.int8)[phases.codes]
    except (KeyError, TypeError):
        raise _Fallback from None
    cats = _Labels([e.cat for e in events])
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
    typed = getattr(events, "typed", False)  # decode.TypedChunk: args decoded already, raw ones in the file
    if typed and (kind == 4).any():
        raise _RawArgsNeeded
    origin = getattr(events, "origin", None)  # a streamed chunk: its args stay in the file
    complete = np.flatnonzero(kind == 0)
    where = (events.args_source, complete + offset) if typed else origin
    host, gpu, annotations, unknown = _complete(events, complete, ts_ns, where, typed, cats.rows(complete))
    out["slices"], out["slice_args"] = host
    out["gpu"], out["annotations"], out["unknown_categories"] = gpu, annotations, unknown
    flows = np.flatnonzero(kind == 2)
    out["flows"] = _flows(events, flows, ts_ns, cats.rows(flows), phases.rows(flows))
    instants = np.flatnonzero(kind == 3)
    out["instants"] = _instants(events, instants, ts_ns)
    out["memory"] = _memory(events, instants, ts_ns, typed)
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
            boxed = np.fromiter(values, dtype=object, count=len(values))
            mask = np.equal(boxed, None)
            boxed[mask] = 0
            return pd.arrays.IntegerArray(boxed.astype(np.int64), mask)
    except OverflowError:
        raise _Fallback from None
    from traceview.trace.normalize import _int  # strings ("stream 7"), integral floats: one by one

    return _int_array([_int(v) for v in values])


def _strings(values: list[Any]) -> list[str]:
    if not set(map(type, values)) <= {str}:
        raise _Fallback
    return values


def _complete(events: list[Any], index: np.ndarray, ts_ns: np.ndarray, origin: Any = None, typed: bool = False,
              categories: _Labels | None = None) -> tuple:
    """Duration events -> host slices (+ args), GPU activities, GPU annotations.

    ``origin`` says where the slice args are: None (in the events, copied), a streamed chunk's
    buffer in the file, or, for ``typed`` events (args decoded already), ``(source, event index
    of each duration event)`` to read them from the file on demand. ``categories``: the events'
    ``cat`` labels, if numbered already."""
    idx = index.tolist()
    evs = [events[i] for i in idx]
    dur_ns = _ns_array([e.dur for e in evs])
    if len(dur_ns) and dur_ns.min() < 0:
        raise _Fallback
    aliases = schema.CATEGORY_ALIASES
    categories = _Labels([e.cat for e in evs]) if categories is None else categories
    cats = categories.mapped(lambda c: aliases.get(c, c) if type(c) is str else "")
    names = _Labels(_strings([e.name for e in evs]))
    cls_of = np.array([3 if c == "Trace" else 1 if c in schema.GPU_KINDS else 2 if c == "gpu_user_annotation" else 0 for c in cats.labels], dtype=np.int8)
    cls = cls_of[cats.codes]
    if typed:
        args = [e.args for e in evs]
    else:
        raws = [e.args for e in evs]
        try:
            args = _ARGS_LIST.decode(b"[" + b",".join([r if r is not None else b"null" for r in raws]) + b"]")
        except (msgspec.MsgspecError, UnicodeDecodeError):
            raise _Fallback from None
    ts = ts_ns[index]
    host = _host(evs, cats, names, args, np.flatnonzero(cls == 0), ts, dur_ns, origin, typed)
    gpu = _gpu(evs, cats, names, args, np.flatnonzero(cls == 1), ts, dur_ns)
    annotations = _annotations(evs, names, args, np.flatnonzero(cls == 2), ts, dur_ns)
    known = {"cpu_op", "user_annotation", "python_function", "cuda_runtime", "cuda_driver", "overhead", "cuda_sync",
             "cuda_profiler_range", "Trace", "gpu_user_annotation", "kernel", "gpu_memcpy", "gpu_memset"}
    used = np.bincount(cats.codes, minlength=len(cats.labels)) > 0
    unknown = {c or "<none>" for c, k, u in zip(cats.labels, cls_of.tolist(), used.tolist()) if u and k == 0 and c not in known}
    return host, gpu, annotations, unknown


class _Labels:
    """One string field of a chunk's duration events, each distinct value numbered once; a table's
    categorical column is then taken by row codes -- the same Categorical as ``pd.Categorical`` of
    the rows' strings, without a string list per table."""

    def __init__(self, values: list[Any], codes: np.ndarray | None = None) -> None:
        if codes is None:
            boxed = np.fromiter(values, dtype=object, count=len(values))  # (a list value stays one object)
            try:  # first seen first; None and NaN are one label (every caller reads a non-str as "")
                codes, distinct = pd.factorize(boxed, use_na_sentinel=False)
            except TypeError:
                raise _Fallback from None  # an unhashable value (a list as a category): the careful path
            codes, values = codes.astype(np.int32, copy=False), list(distinct)
        self.codes, self.labels = codes, values

    def rows(self, index: np.ndarray) -> _Labels:
        """These labels at rows ``index`` only."""
        return _Labels(self.labels, self.codes[index])

    def mapped(self, label: Callable[[Any], str]) -> _Labels:
        """The same rows, each distinct value relabelled (several may get one label)."""
        return _Labels([label(v) for v in self.labels], self.codes)

    def column(self, rows: np.ndarray) -> _LabelRows:
        """The categorical column of these rows, left as codes until the chunks are joined."""
        codes = self.codes[rows]
        small = np.int8 if len(self.labels) <= 127 else np.int16 if len(self.labels) <= 32767 else np.int32
        return _LabelRows(self.labels, codes.astype(small, copy=False))  # (held until the join: a large trace has many)

    def category(self, rows: np.ndarray) -> pd.Categorical:
        ids, distinct = pd.factorize(np.asarray(self.labels, dtype=object)) if self.labels else (np.zeros(0, dtype=np.intp), np.zeros(0, dtype=object))
        ids = ids[self.codes[rows]]
        used = np.flatnonzero(np.bincount(ids, minlength=len(distinct)))
        order = used[np.argsort(distinct[used], kind="stable")]  # the categories: labels used, sorted
        code_of = np.full(len(distinct), -1, dtype=np.int32)
        code_of[order] = np.arange(len(order), dtype=np.int32)
        return pd.Categorical.from_codes(code_of[ids], dtype=pd.CategoricalDtype(pd.Index(distinct[order], dtype=object)), validate=False)


class _LabelRows:
    """One chunk's categorical column, not built yet: each row's code into ``labels`` (which may
    repeat a value). :meth:`build` numbers every chunk's labels into one list and makes a single
    Categorical -- not one per chunk and then a union of them all."""

    __slots__ = ("labels", "codes")

    def __init__(self, labels: list[Any], codes: np.ndarray) -> None:
        self.labels, self.codes = labels, codes

    @staticmethod
    def build(parts: list[_LabelRows]) -> pd.Categorical:
        """The chunks' rows end to end, with sorted categories (as ``pd.Categorical`` of the strings gives)."""
        numbers: dict[Any, int] = {}
        codes = []
        for part in parts:  # a chunk's distinct labels are few: a dict lookup each, then numpy per row
            lookup = np.array([numbers.setdefault(label, len(numbers)) for label in part.labels], dtype=np.int32)
            codes.append(lookup[part.codes] if len(part.codes) else np.zeros(0, dtype=np.int32))
        joined = np.concatenate(codes) if codes else np.zeros(0, dtype=np.int32)
        return _Labels(list(numbers), joined).category(np.arange(len(joined)))


def _external_ids(args: list[Any]) -> Any:
    return _int_array([None if a is None else a.external_id if a.external_id is not None else a.external_id_old for a in args])


def _host(evs, cats, names, args, rows, ts, dur_ns, origin, typed=False) -> tuple[dict[str, Any], SliceArgs]:
    r = rows.tolist()
    a = [args[i] for i in r]
    pids = [evs[i].pid for i in r]
    if not set(map(type, pids)) <= {int, type(None)}:
        raise _Fallback  # a string pid may need skipping: the careful path counts it
    columns = {
        "cat": cats.column(rows),
        "name": names.column(rows),
        "pid": _int_array(pids),
        "tid": _int_array([evs[i].tid for i in r]),
        "start_ns": ts[rows],
        "dur_ns": dur_ns[rows],
        "external_id": _external_ids(a),
        "correlation": _int_array([x.correlation if x is not None else None for x in a]),
    }
    if typed:
        source, event_index = origin
        return columns, EventSliceArgs(source, event_index[rows])
    return columns, _slice_args([evs[i].args for i in r], origin)


def _device_or(values: list[Any], fallback: list[Any]) -> Any:
    return _int_array([v if v is not None else f for v, f in zip(values, fallback)])


def _gpu(evs, cats, names, args, rows, ts, dur_ns) -> dict[str, Any]:
    r = rows.tolist()
    e = [evs[i] for i in r]
    a = [args[i] if args[i] is not None else EventArgs() for i in r]
    columns = {
        "kind": cats.mapped(lambda c: schema.GPU_KINDS.get(c, "")).column(rows),
        "name": names.column(rows),
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
    for field in ("grid", "block"):
        values = [getattr(x, field) for x in a]
        xyz, missing = _xyz_array(values)
        if xyz is not None:  # each one a list of three ints, or absent: one numpy conversion
            for j, axis in enumerate("xyz"):
                columns[f"{field}_{axis}"] = pd.arrays.IntegerArray(xyz[:, j].copy(), missing.copy())
        else:
            triples = [_xyz(v) for v in values]
            for j, axis in enumerate("xyz"):
                columns[f"{field}_{axis}"] = _int_array([t[j] for t in triples])
    return columns


def _xyz_array(values: list[Any]) -> tuple[np.ndarray | None, np.ndarray]:
    """``values`` as an (n, 3) int64 array (zeros where missing) and the missing mask, when each is a
    list of exactly three ints (not bools) or None; else ``(None, mask)``."""
    missing = np.array([v is None for v in values], dtype=bool)
    present = [v for v in values if v is not None] if missing.any() else values
    if set(map(type, present)) - {list} or set(map(len, present)) - {3} or set(map(type, chain.from_iterable(present))) - {int}:
        return None, missing
    xyz = np.zeros((len(values), 3), dtype=np.int64)
    try:
        xyz[~missing] = np.array(present, dtype=np.int64).reshape(-1, 3)
    except OverflowError:
        return None, missing
    return xyz, missing


def _xyz(value: Any) -> tuple[Any, Any, Any]:
    if type(value) is list and len(value) == 3:
        return value[0], value[1], value[2]  # non-int members make _int_array fall back
    return None, None, None


def _annotations(evs, names, args, rows, ts, dur_ns) -> dict[str, Any]:
    r = rows.tolist()
    e = [evs[i] for i in r]
    a = [args[i] if args[i] is not None else EventArgs() for i in r]
    return {
        "name": names.column(rows),
        "device": _device_or([x.device for x in a], [v.pid for v in e]),
        "stream": _device_or([x.stream for x in a], [v.tid for v in e]),
        "start_ns": ts[rows],
        "dur_ns": dur_ns[rows],
        "external_id": _external_ids(a),
    }


def _flows(events, index, ts_ns, cats: _Labels, phases: _Labels) -> dict[str, Any]:
    e = [events[i] for i in index.tolist()]
    every = np.arange(len(index))
    return {
        "flow_id": _int_array([v.id for v in e]),
        "cat": cats.mapped(lambda c: c if isinstance(c, str) else "").column(every),
        "phase": phases.column(every),
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



#: The MEMORY columns an event fills, and the EventArgs field each comes from.
MEMORY_ARGS = {"device_type": "device_type", "device": "device_id", "bytes": "alloc_bytes",
               "total_allocated": "total_allocated", "total_reserved": "total_reserved", "addr": "addr"}


def _memory(events, instants, ts_ns, typed: bool) -> dict[str, Any]:
    """The ``[memory]`` instants among ``instants`` -> MEMORY columns (args decoded here for raw events)."""
    rows = [i for i in instants.tolist() if events[i].name == schema.MEMORY_EVENT]
    e = [events[i] for i in rows]
    if typed:
        args = [v.args if v.args is not None else EventArgs() for v in e]
    else:
        try:
            args = _ARGS_LIST.decode(b"[" + b",".join([v.args if v.args is not None else b"null" for v in e]) + b"]")
        except (msgspec.MsgspecError, UnicodeDecodeError):
            raise _Fallback from None
        args = [a if a is not None else EventArgs() for a in args]
    columns = {"pid": _int_array([v.pid for v in e]), "tid": _int_array([v.tid for v in e]), "ts_ns": ts_ns[np.asarray(rows, dtype=np.int64)]}
    for column, field in MEMORY_ARGS.items():
        columns[column] = _int_array([getattr(a, field) for a in args])
    return columns

"""Bytes on disk -> raw events: read (plain or gzip), decode (msgspec), recover truncated files.

Only the fields traceview uses are decoded into typed structs; each event's ``args`` stays a
``msgspec.Raw`` slice of the buffer until :mod:`traceview.trace.normalize` asks for it. A file
cut off mid-event (the process died during export) is recovered up to its last complete event,
and :class:`RawTrace` says so.
"""

from __future__ import annotations

import bisect
import gzip
import os
import re
import zlib
from collections import deque
from dataclasses import dataclass, field
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Optional

import msgspec
import numpy as np

from traceview.errors import TraceFormatError
from traceview.trace.columns import EventArgs, FileBytes


class _Event(msgspec.Struct, gc=False):
    """The fields of a ``traceEvents`` entry traceview reads, loosely typed: normalize checks and coerces them."""

    ph: Any = None
    cat: Any = None
    name: Any = None
    pid: Any = None
    tid: Any = None
    ts: Any = None
    dur: Any = None
    id: Any = None
    s: Any = None


class RawEvent(_Event, gc=False):
    """One ``traceEvents`` entry with its ``args`` left as raw JSON (Raw takes any JSON value; None when absent)."""

    args: msgspec.Raw = None  # type: ignore[assignment]


class TypedEvent(_Event, gc=False):
    """An event whose ``args`` are decoded straight into the keys the tables need (a small trace's
    fast path: one decode of the text, no raw args kept; :class:`EventArgsFile` re-reads those)."""

    args: Optional[EventArgs] = None


class _ArgsOnly(msgspec.Struct, gc=False):
    args: msgspec.Raw = None  # type: ignore[assignment]


class _RawTs(msgspec.Struct, gc=False):
    """The timestamp's exact text, for traces whose float µs cannot hold ns precision."""

    ts: msgspec.Raw = None  # type: ignore[assignment]


@dataclass
class RawTrace:
    """A decoded trace file before normalisation."""

    path: str
    events: list[RawEvent]
    header: dict[str, Any]  # every top-level key except traceEvents
    truncated: bool = False
    notes: list[str] = field(default_factory=list)
    exact_ts_ns: list[int | None] | None = None  # set when float µs would lose ns precision
    size_bytes: int = 0


_TOP_DECODER = msgspec.json.Decoder(dict[str, msgspec.Raw])
_EVENTS_DECODER = msgspec.json.Decoder(list[RawEvent])
_EVENT_DECODER = msgspec.json.Decoder(RawEvent)
_TS_DECODER = msgspec.json.Decoder(list[_RawTs])
_TYPED_EVENTS_DECODER = msgspec.json.Decoder(list[TypedEvent])
_ARGS_ONLY_DECODER = msgspec.json.Decoder(list[_ArgsOnly])
_GZIP_MAGIC = b"\x1f\x8b"
#: float64 holds integers exactly up to 2**53; ts (µs) * 1000 above this loses ns precision.
_EXACT_NS_LIMIT_US = 2**53 / 1000


def read_bytes(path: Path) -> tuple[bytes, list[str]]:
    """The file's JSON text, gunzipped when it starts with gzip's magic; notes on a cut gzip."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise TraceFormatError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise TraceFormatError(f"{path}: is a directory with no *.json / *.json.gz traces") from None
    except OSError as exc:
        raise TraceFormatError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if not data:
        raise TraceFormatError(f"{path}: empty file")
    if not data.startswith(_GZIP_MAGIC):
        return data, []
    try:
        return gzip.decompress(data), []
    except (EOFError, OSError, zlib.error):
        pass
    # A gzip stream cut short (or corrupt past some point): keep what inflates.
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        partial = inflater.decompress(data)
    except zlib.error as exc:
        raise TraceFormatError(f"{path}: corrupt gzip data ({exc})") from None
    if not partial:
        raise TraceFormatError(f"{path}: corrupt gzip data (nothing could be decompressed)")
    return partial, ["the gzip stream ends early: only the part that decompressed was read"]


def decode(path: Path, chunked: bool = True) -> RawTrace:
    """Read and decode one trace file into raw events and its header.

    A large file in the usual Kineto layout, plain or gzip, is read in blocks (:func:`_decode_streamed`)
    and never held whole; a small plain one is cut into ranges decoded one at a time
    (:class:`TextChunks`); anything else (truncated, NaN, unusual layout), or any file when
    ``chunked`` is False (:class:`RereadWhole`), is read whole.
    """
    streamed = _decode_streamed(Path(path)) if chunked else None
    if streamed is not None:
        return streamed
    file = _stat(path)
    data, notes = read_bytes(path)
    truncated = bool(notes)
    data = _valid_utf8(data, notes)
    if chunked and not notes and file is not None and len(data) == file.size:  # plain text (not gunzipped)
        cut = _text_chunks(data, file)
        if cut is not None and file == _stat(path):  # not changed while read: the ranges are its own
            header, chunks = cut
            return RawTrace(str(path), chunks, header, size_bytes=len(data))
    split = None if notes else _split_small(data)
    if split is not None:  # the usual layout, small: one decode of the events, none of the whole file
        header, events, text = split
        if isinstance(events, TypedChunk):
            if file is None or file != _stat(path):  # changed while read: keep the raw args instead
                events = events.untyped()
            else:
                events.args_source = EventArgsFile(file, len(events))
        raw = RawTrace(str(path), events, header, False, notes, size_bytes=len(data))
        raw.exact_ts_ns = _exact_ts_if_needed(text, events)
        return raw
    try:
        top = _TOP_DECODER.decode(data)
    except msgspec.ValidationError:
        raise TraceFormatError(f"{path}: not a Kineto trace (the file holds {_shape_of(data)}, not an object)") from None
    except (msgspec.DecodeError, UnicodeDecodeError) as exc:
        data, top, repaired = _repair(path, data, exc)
        notes.extend(repaired)
        truncated = truncated or any("mid-event" in n for n in repaired)
    raw_events = top.pop("traceEvents", None)
    if raw_events is None:
        raise TraceFormatError(f"{path}: not a Kineto trace (no 'traceEvents' list)")
    events = _decode_events(path, raw_events, notes)
    header = _header(top)
    raw = RawTrace(str(path), events, header, truncated, notes, size_bytes=len(data))
    raw.exact_ts_ns = _exact_ts_if_needed(raw_events, events)
    return raw


#: A ``]`` closing the events list is looked for among this many last ones of the file.
_LIST_END_TRIES = 8


def _valid_utf8(data: bytes, notes: list[str]) -> bytes:
    """``data`` with any bytes that are not UTF-8 replaced by U+FFFD (and a note): msgspec refuses
    such strings, which would lose every event of the file. ASCII text (the usual trace) is checked
    in one pass without a copy."""
    if data.isascii():
        return data
    try:
        data.decode("utf-8")
        return data
    except UnicodeDecodeError:
        text = data.decode("utf-8", "replace")
        notes.append(f"read {text.count(chr(0xFFFD))} byte sequence(s) that are not UTF-8 as U+FFFD")
        return text.encode("utf-8")


def _split_small(data: bytes) -> tuple[dict[str, Any], TypedChunk | list[RawEvent], memoryview] | None:
    """A small trace in Kineto's layout, decoded without parsing its text twice; None otherwise.

    ``{header..., "traceEvents": [...], header...}``: the list is cut out of the text (its ``[``
    after the key, a ``]`` near the end) and decoded straight into events, and the rest must decode
    as the header object around a null -- both checked by msgspec, so a wrong cut is never
    accepted. The events come as a :class:`TypedChunk` (args decoded in the same pass), or as
    :class:`RawEvent` when some ``args`` is not an object. Anything else (a large list, entries that
    are not objects, an odd layout) returns None and the whole text is parsed as before.
    """
    split = _split_text(data)
    if split is None:
        return None
    top, bracket, end = split
    text = memoryview(data)[bracket : end + 1]
    try:
        events: TypedChunk | list[RawEvent] = TypedChunk(_TYPED_EVENTS_DECODER.decode(text))
        events.text = text
    except (msgspec.MsgspecError, UnicodeDecodeError):
        try:
            events = _EVENTS_DECODER.decode(text)
        except (msgspec.MsgspecError, UnicodeDecodeError):
            return None
    return _header(top), events, text


def _split_text(data: bytes) -> tuple[dict[str, msgspec.Raw], int, int] | None:
    """``(the top-level object less traceEvents, where the events list's "[" and "]" are)`` of a
    small trace, or None."""
    if len(data) > DIRECT_DECODE_MAX_BYTES:
        return None
    start = _LIST_START.search(data, 0, _HEAD_BYTES)
    if start is None:
        return None
    bracket = data.rfind(b"[", start.start(), start.end())
    if data[start.end() : start.end() + 1] == b"]":
        ends = [start.end()]  # an empty list
    else:  # the list's last event closes it: "}" then "]" (a list of log strings after it does not match)
        ends = [m.end() - 1 for m in _LIST_END.finditer(data, max(start.end(), len(data) - _HEAD_BYTES))][::-1]
    for end in ends[:_LIST_END_TRIES]:
        try:
            top = _TOP_DECODER.decode(data[: start.start()] + b'"traceEvents":null' + data[end + 1 :])
        except (msgspec.MsgspecError, UnicodeDecodeError):
            continue
        if bytes(top.pop("traceEvents", b"")) != b"null":
            return None
        return top, bracket, end
    return None


#: A small plain trace's events are decoded this much JSON at a time (its peak memory: one range's
#: structs, not the whole file's: at 10 MB, 1 MB ranges halve the peak and even load faster than one).
TEXT_CHUNK_BYTES = 1024 * 1024


class RereadWhole(Exception):
    """Raised while a :class:`TextChunks` trace is decoded when its text turns out irregular (no
    event boundary where one was cut, an entry or ``args`` that is not an object, float µs times
    that need exact ns, counters or events only the careful path reads): the file is decoded again,
    whole (:func:`traceview.trace.normalize.normalize` does it)."""


def _text_chunks(data: bytes, file: FileBytes | None) -> tuple[dict[str, Any], TextChunks] | None:
    """The header and the events' ranges (cut near every :data:`TEXT_CHUNK_BYTES` at a ``},{``) of a
    small plain trace in Kineto's layout; None when it is not one."""
    split = _split_text(data) if file is not None else None
    if split is None:
        return None
    top, bracket, end = split
    ranges: list[tuple[int, int]] = []
    pos = bracket + 1
    while True:
        boundary = _EVENT_SEP.search(data, pos + TEXT_CHUNK_BYTES, end) if pos + TEXT_CHUNK_BYTES < end else None
        if boundary is None:
            ranges.append((pos, end))
            break
        ranges.append((pos, boundary.start() + 1))
        pos = boundary.end() - 1  # the next event's "{"
    return _header(top), TextChunks(file, ranges)


class TextChunks:
    """A small plain trace's events: ranges of its file, each read and decoded into
    :class:`TypedEvent` when iterated, so only one range's structs are held at a time.

    A range whose decode fails is joined to the next (its cut was a ``},{`` inside a string); the
    last one failing, or anything only the careful path handles, raises :class:`RereadWhole`. The
    file is read twice (whole, to find the header and the cuts; then a range at a time): the second
    read comes from the page cache, and holding the text while its events are decoded would double
    the peak.
    """

    typed = True

    def __init__(self, file: FileBytes, ranges: list[tuple[int, int]]) -> None:
        self.file, self.ranges = file, ranges
        self.args_source = EventArgsFile(file, None)

    def chunks(self, size: int | None = None) -> Iterator[TypedChunk]:
        count = 0
        with self.file.reader() as read:
            start = None
            for i, (lo, hi) in enumerate(self.ranges):
                start = lo if start is None else start
                try:
                    events = _TYPED_EVENTS_DECODER.decode(_as_list(read, start, hi))
                except (msgspec.MsgspecError, UnicodeDecodeError):
                    if i + 1 < len(self.ranges):
                        continue
                    raise RereadWhole from None
                start = None  # (float µs too large to hold ns make columns fall back, and untyped() re-reads whole)
                chunk = TypedChunk(events)
                chunk.args_source = self.args_source
                count += len(events)
                yield chunk
        self.args_source.count = count

    def untyped(self) -> list[RawEvent]:
        raise RereadWhole  # counters, or the careful path: both want raw args, read the whole way


def _as_list(read: Any, start: int, end: int) -> bytearray:
    """Bytes ``start:end`` of the file between ``[`` and ``]``, read into one buffer (no copy)."""
    buf = bytearray(end - start + 2)
    buf[1:-1] = read(start, end)
    buf[0], buf[-1] = 0x5B, 0x5D
    return buf


class TypedChunk(list):
    """A small trace's events as :class:`TypedEvent`. ``text`` (the events list's JSON) is kept
    while normalising, so that the careful path, or a trace with counters (whose args are free-form),
    can have them as :class:`RawEvent` again (:meth:`untyped`); ``args_source`` reads any event's
    raw args from the file when asked for."""

    typed = True
    text: memoryview | None = None
    args_source: EventArgsFile | None = None

    def untyped(self) -> list[RawEvent]:
        return _EVENTS_DECODER.decode(self.text)


def _stat(path: Path) -> FileBytes | None:
    try:
        return FileBytes.of(path)
    except OSError:
        return None


class EventArgsFile:
    """The raw ``args`` of a small trace's events, by event index, read again from its file (and
    its events list decoded again, args only) when first asked for. The file must be the one that
    was loaded (same size and mtime), else :class:`TraceFormatError`."""

    __slots__ = ("file", "count", "_raws")

    def __init__(self, file: FileBytes, count: int | None) -> None:
        self.file, self.count = file, count
        self._raws: list[_ArgsOnly] | None = None

    def __reduce__(self):  # a worker's trace goes back to the parent without the re-read args
        return (EventArgsFile, (self.file, self.count))

    def raw(self, index: int) -> bytes | None:
        item = self._events()[index].args
        return bytes(item) if item is not None else None

    def _events(self) -> list[_ArgsOnly]:
        if self._raws is None:
            changed = f"{self.file.path}: changed or removed since the trace was loaded: load it again to read slice args"
            if _stat(Path(self.file.path)) != self.file:
                raise TraceFormatError(changed)
            data = read_bytes(Path(self.file.path))[0]
            split = _split_text(data)
            try:
                self._raws = _ARGS_ONLY_DECODER.decode(memoryview(data)[split[1] : split[2] + 1]) if split is not None else None
            except (msgspec.MsgspecError, UnicodeDecodeError):
                self._raws = None
            if self._raws is None or (self.count is not None and len(self._raws) != self.count):
                self._raws = None
                raise TraceFormatError(changed)
        return self._raws


#: Events decoded into structs at a time by :class:`EventList` (bounds the memory of a large trace).
CHUNK_EVENTS = 25_000


class EventList(Sequence):
    """The events as one ``msgspec.Raw`` each, decoded into :class:`RawEvent` a chunk at a time.

    Holding every event as a struct costs ~450 bytes each (strings and numbers as Python objects);
    a Raw is a 48-byte view into the file's bytes. Iterating decodes :data:`CHUNK_EVENTS` at a time.
    """

    def __init__(self, raws: list[msgspec.Raw]) -> None:
        self.raws = raws

    def __len__(self) -> int:
        return len(self.raws)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return _decode_chunk(self.raws[index])
        return _EVENT_DECODER.decode(self.raws[index])

    def chunks(self, size: int | None = None) -> Iterator[list[RawEvent]]:
        size = size or CHUNK_EVENTS
        for start in range(0, len(self.raws), size):
            yield _decode_chunk(self.raws[start : start + size])

    def __iter__(self) -> Iterator[RawEvent]:
        for chunk in self.chunks():
            yield from chunk


def _decode_chunk(raws: list[msgspec.Raw]) -> list[RawEvent]:
    return _EVENTS_DECODER.decode(b"[" + b",".join(raws) + b"]")


# --- the streamed path: a large file (plain or gzip) read a block at a time -----------------------

#: Files of at least this much text (a gzip file's: :func:`_gzip_text_size`) are read in blocks, not whole (tests lower it).
STREAM_MIN_BYTES = 16 * 1024 * 1024
#: Bytes read at a time by the streamed path (~25,000 Kineto events); a larger event grows it.
STREAM_BLOCK_BYTES = 8 * 1024 * 1024
#: Compressed bytes inflated at a time when a gzip file is streamed.
_GZIP_PIECE = 1024 * 1024
#: The streamed path gives up (and the file is read whole) when one event needs a block this large.
_STREAM_MAX_BLOCK = 256 * 1024 * 1024
_LIST_START = re.compile(rb'"traceEvents"\s*:\s*\[\s*')
_EVENT_SEP = re.compile(rb"\}\s*,\s*\{")
_LIST_END = re.compile(rb"\}\s*\]")
_RAWS_DECODER = msgspec.json.Decoder(list[msgspec.Raw])
#: The ``"traceEvents": [`` key is looked for in this many first bytes (the header before it).
_HEAD_BYTES = 1024 * 1024
#: Candidate cut points tried per block before the file is read whole instead.
_CUT_TRIES = 8
#: Bytes at the end of a block searched first for the last event boundary.
_CUT_WINDOW = 256 * 1024


class StreamedEvents(Sequence):
    """The events of a plain trace file as byte ranges of it, each decoded when iterated.

    :func:`_decode_streamed` checked every range (each is a run of whole JSON objects of the
    ``traceEvents`` list) before building this; iterating reads one range at a time from the file,
    so neither the file's bytes nor one Raw per event are held.
    """

    def __init__(self, path: str, segments: list[tuple[int, int]], counts: list[int], file: FileBytes | None = None) -> None:
        self.path, self.segments, self.counts, self.file = path, segments, counts, file
        self._ends = list(_cumsum(counts))

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def chunks(self, size: int | None = None) -> Iterator[list[RawEvent]]:
        """One decoded range (about :data:`STREAM_BLOCK_BYTES` of JSON) at a time; ``size`` is ignored."""
        with open(self.path, "rb") as f:
            for (start, end), count in zip(self.segments, self.counts):
                events = _read_range(f, start, end, self.file)
                if len(events) != count:
                    raise TraceFormatError(f"{self.path}: the file changed while it was read")
                yield events

    def __iter__(self) -> Iterator[RawEvent]:
        for chunk in self.chunks():
            yield from chunk

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        seg = bisect.bisect_right(self._ends, index)
        first = self._ends[seg - 1] if seg else 0
        return self._segment(seg)[index - first]

    def _segment(self, seg: int) -> list[RawEvent]:
        with open(self.path, "rb") as f:
            return _read_range(f, *self.segments[seg])


def _cumsum(values: list[int]) -> Iterator[int]:
    total = 0
    for v in values:
        total += v
        yield total


def _read_range(f: Any, start: int, end: int, file: FileBytes | None = None) -> list[RawEvent]:
    """The events in bytes ``start:end`` of the file, read into one buffer wrapped as a JSON list."""
    buf = bytearray(end - start + 2)
    view = memoryview(buf)
    f.seek(start)
    if f.readinto(view[1:-1]) != end - start:
        raise TraceFormatError(f"{getattr(f, 'name', '?')}: the file changed while it was read")
    view.release()
    buf[0], buf[-1] = 0x5B, 0x5D  # "[" ... "]"
    try:
        events = _Chunk(_EVENTS_DECODER.decode(buf))
    except UnicodeDecodeError:
        raise RereadWhole from None  # a string that is not UTF-8: the whole-file read replaces its bytes
    except msgspec.MsgspecError as exc:
        raise TraceFormatError(f"{getattr(f, 'name', '?')}: the file changed while it was read ({exc})") from None
    if file is not None:  # each event's args is a view into buf: where they lie in the file
        events.origin = (file, np.frombuffer(buf, dtype=np.uint8).ctypes.data, len(buf), start - 1)
    return events


class _Chunk(list):
    """A streamed chunk of events; ``origin`` (file, buffer address and size, file offset of the
    buffer) locates their args in the file, so :mod:`traceview.trace.columns` keeps offsets, not copies."""

    origin: tuple[FileBytes, int, int, int] | None = None


class GzipStreamedEvents(StreamedEvents):
    """The events of a gzip trace file as ranges of its decompressed text, inflated again when iterated.

    gzip has no random access: each pass inflates the file from its start, front to back, holding
    one range at a time, so a load inflates the file twice (to scan, to decode) but never holds its
    text whole. The chunks carry no ``origin``: :mod:`traceview.trace.columns` copies their args.
    """

    def __init__(self, path: str, segments: list[tuple[int, int]], counts: list[int], stamp: tuple[int, int, bytes]) -> None:
        super().__init__(path, segments, counts)
        self.stamp = stamp  # the scanned file's _gzip_stamp: a pass over another file raises

    def chunks(self, size: int | None = None) -> Iterator[list[RawEvent]]:
        """One decoded range (about :data:`STREAM_BLOCK_BYTES` of JSON) at a time; ``size`` is ignored."""
        for text, count in zip(self._texts(), self.counts):
            yield self._decode(text, count)

    def _segment(self, seg: int) -> list[RawEvent]:
        last = deque(self._texts(seg + 1), maxlen=1)  # inflated from the start, only the last range kept
        return self._decode(last[0], self.counts[seg])

    def _texts(self, stop: int | None = None) -> Iterator[bytes]:
        try:
            with open(self.path, "rb") as f:
                if _gzip_stamp(f) != self.stamp:
                    raise _changed(self.path)
                text = _GzipText(f)
                for start, end in self.segments[:stop]:
                    data = text.read(start, end - start)
                    if len(data) != end - start:
                        raise _changed(self.path)
                    yield data
        except (OSError, zlib.error):
            raise _changed(self.path) from None

    def _decode(self, text: bytes, count: int) -> list[RawEvent]:
        try:
            events = _EVENTS_DECODER.decode(b"[" + text + b"]")
        except UnicodeDecodeError:
            raise RereadWhole from None  # a string that is not UTF-8: the whole-file read replaces its bytes
        except msgspec.MsgspecError:
            raise _changed(self.path) from None
        if len(events) != count:
            raise _changed(self.path)
        return events


def _changed(path: str) -> TraceFormatError:
    return TraceFormatError(f"{path}: the file changed while it was read")


def _gzip_stamp(f: Any) -> tuple[int, int, bytes]:
    """What tells a gzip file's content apart: its size, mtime and trailer (the text's CRC-32 and size)."""
    st = os.fstat(f.fileno())
    f.seek(max(0, st.st_size - 8))
    return st.st_size, st.st_mtime_ns, f.read(8)


def _gzip_text_size(f: Any, size: int) -> int:
    """A gzip file's text size, for the stream-or-not choice: the trailer's ISIZE (the size mod 2**32),
    or the compressed size when larger -- a text of 4 GiB+, whose ISIZE wrapped, compresses to far
    more than :data:`STREAM_MIN_BYTES` (Kineto's JSON shrinks ~10x)."""
    f.seek(max(0, size - 4))
    return max(size, int.from_bytes(f.read(4), "little"))


class _FileText:
    """A plain file's text, read at any offset: what :func:`_scan` reads a plain trace through."""

    def __init__(self, f: Any) -> None:
        self.f = f

    def read(self, pos: int, n: int) -> bytes:
        """Text ``pos:pos + n``, shorter at the end of the file."""
        self.f.seek(pos)
        return self.f.read(n)

    def rest(self, pos: int) -> bytes:
        self.f.seek(pos)
        return self.f.read()


class _GzipText:
    """A gzip file's decompressed text, inflated front to back as :func:`_scan` reads on.

    Reads never go back, so only the text from the last read's offset on is held (about a block).
    """

    def __init__(self, f: Any) -> None:
        f.seek(0)
        self.f, self.inflater = f, zlib.decompressobj(16 + zlib.MAX_WBITS)
        self.text, self.start = bytearray(), 0  # the inflated text from offset ``start`` on

    def read(self, pos: int, n: int) -> bytes:
        """Text ``pos:pos + n``, shorter where the first gzip member or the file ends; ``pos`` >= the last read's."""
        self._drop_before(pos)
        while len(self.text) < n and self._inflate(n - len(self.text)):
            pass
        return bytes(self.text[:n])

    def rest(self, pos: int) -> bytes | None:
        """The text from ``pos`` on; None unless the file is one gzip member that ends whole (CRC checked)."""
        self._drop_before(pos)
        while self._inflate(0):
            pass
        ended = self.inflater.eof and not self.inflater.unused_data and not self.f.read(1)
        return bytes(self.text) if ended else None

    def _drop_before(self, pos: int) -> None:
        """Drop the text before ``pos``, inflating up to it where it lies ahead (between two ranges)."""
        while True:
            held = min(len(self.text), pos - self.start)
            del self.text[:held]
            self.start += held
            if self.start == pos or not self._inflate(pos - self.start):
                return

    def _inflate(self, limit: int) -> bool:
        """The next piece inflated (at most ``limit`` bytes of text; 0: all); False at the end of the member or file."""
        if self.inflater.eof:
            return False
        piece = self.inflater.unconsumed_tail or self.f.read(_GZIP_PIECE)
        if not piece:
            return False
        self.text += self.inflater.decompress(piece, limit)
        return True


def _events_in(data: bytes, end: int) -> int | None:
    """How many events ``data[:end]`` holds when it is a run of whole JSON objects, else None."""
    try:
        items = _RAWS_DECODER.decode(b"[" + data[:end] + b"]")
    except (msgspec.MsgspecError, UnicodeDecodeError):
        return None
    if not all(memoryview(item)[0] == 123 for item in items):
        return None
    return len(items)


class _TsOnly(msgspec.Struct, gc=False):
    ts: Any = None


_TS_ONLY_DECODER = msgspec.json.Decoder(list[_TsOnly])


def _needs_exact_ts(data: bytes, end: int) -> bool:
    """Whether an event in ``data[:end]`` has a float µs ts that loses ns (as :func:`_exact_ts_if_needed`)."""
    if not _LONG_FRACTIONAL_TS.search(data, 0, end):
        return False
    events = _TS_ONLY_DECODER.decode(b"[" + data[:end] + b"]")
    return any(type(e.ts) is float and e.ts > _EXACT_NS_LIMIT_US and not e.ts.is_integer() for e in events)


def _cut_candidates(data: bytes) -> list[re.Match]:
    """Event boundaries (``},{``) to try as a block's end: the last few, then some spread over it."""
    found = list(_EVENT_SEP.finditer(data, max(0, len(data) - _CUT_WINDOW)))
    if len(found) < _CUT_TRIES and len(data) > _CUT_WINDOW:
        found = list(_EVENT_SEP.finditer(data))
    tries = found[::-1][:_CUT_TRIES]
    if found:
        tries += [found[len(found) * k // _CUT_TRIES] for k in range(_CUT_TRIES - 1, 0, -1)]
    seen: set[int] = set()
    return [m for m in tries if not (m.start() in seen or seen.add(m.start()))]


def _decode_streamed(path: Path) -> RawTrace | None:
    """A large Kineto file decoded a block at a time; None when it must be read whole.

    The file is ``{header..., "traceEvents": [event, event, ...], header...}``. Each block is cut
    after its last complete event: a cut is accepted only when msgspec decodes the block up to it
    as a list of whole objects (a ``},{`` inside a string or a nested value cannot pass), and the
    header around the list must decode as an object. A gzip file is scanned the same way in its
    decompressed text. Anything else (NaN, a cut-off file or gzip stream, several gzip members,
    entries that are not objects, timestamps needing exact ns, an odd layout) returns None and
    :func:`decode` reads the whole file as before, with its repairs and notes.
    """
    try:
        st = path.stat()
        if not path.is_file():
            return None
        with open(path, "rb") as f:
            gz = f.read(2) == _GZIP_MAGIC
            if (_gzip_text_size(f, st.st_size) if gz else st.st_size) < STREAM_MIN_BYTES:
                return None
            scanned = _scan(_GzipText(f) if gz else _FileText(f))
            after = os.fstat(f.fileno())
            if scanned is None or after.st_size != st.st_size:
                return None
            header, segments, counts, length = scanned
            if gz:
                events: StreamedEvents = GzipStreamedEvents(str(path), segments, counts, _gzip_stamp(f))
            else:  # the slice args stay in the file (columns.SliceArgs)
                file = FileBytes(str(path), st.st_size, after.st_mtime_ns)
                events = StreamedEvents(str(path), segments, counts, file)
    except (OSError, zlib.error):
        return None
    return RawTrace(str(path), events, header, size_bytes=length)


def _scan(text: _FileText | _GzipText) -> tuple[dict[str, Any], list[tuple[int, int]], list[int], int] | None:
    """The header, the events' ranges of the text and their counts, and the text's length; None when irregular."""
    head = text.read(0, max(STREAM_BLOCK_BYTES, _HEAD_BYTES))
    start = _LIST_START.search(head)
    if start is None or head[start.end() : start.end() + 1] != b"{":
        return None  # no list in the first block, or an empty list / a first entry that is no object
    prefix, pos = head[: start.start()], start.end()
    del head
    segments: list[tuple[int, int]] = []
    counts: list[int] = []
    block = STREAM_BLOCK_BYTES
    tail: bytes | None = None
    while tail is None:
        data = text.read(pos, block)
        cut, n_cut = None, 0
        for m in _cut_candidates(data):
            n = _events_in(data, m.start() + 1)
            if n is not None:
                cut, n_cut = m, n
                break
        if cut is not None:
            if _needs_exact_ts(data, cut.start() + 1):
                return None
            segments.append((pos, pos + cut.start() + 1))
            counts.append(n_cut)
            pos += cut.end() - 1  # the next event's "{"
            block = STREAM_BLOCK_BYTES
            continue
        for k, m in enumerate(_LIST_END.finditer(data)):  # the block may hold the list's end
            if k == _CUT_TRIES:
                break
            n = _events_in(data, m.start() + 1)
            if n is not None:
                if _needs_exact_ts(data, m.start() + 1):
                    return None
                segments.append((pos, pos + m.start() + 1))
                counts.append(n)
                pos += m.end()
                tail = text.rest(pos)
                if tail is None:
                    return None  # the gzip stream does not end cleanly
                break
        if tail is None:
            if len(data) < block or _EVENT_SEP.search(data) or block >= _STREAM_MAX_BLOCK:
                return None  # cut off, irregular, or one event larger than any block we try
            block *= 4  # one event larger than the block: read more
    try:
        top = _TOP_DECODER.decode(prefix + b'"traceEvents":null' + tail)
    except (msgspec.MsgspecError, UnicodeDecodeError):
        return None
    if bytes(top.pop("traceEvents", b"")) != b"null":
        return None  # a second "traceEvents" key, or the list was not where it seemed
    return _header(top), segments, counts, pos + len(tail)


def _header(top: dict[str, msgspec.Raw]) -> dict[str, Any]:
    """Top-level keys other than traceEvents (deviceProperties, distributedInfo, ...), decoded; bad ones dropped."""
    header = {}
    for key, value in top.items():
        try:
            header[key] = msgspec.json.decode(value)
        except (msgspec.MsgspecError, UnicodeDecodeError):
            continue
    return header


#: Up to this many bytes of ``traceEvents``, the events are decoded into structs in one call (the
#: fastest way); a larger list is kept as one Raw per event and decoded a chunk at a time (memory).
DIRECT_DECODE_MAX_BYTES = 16 * 1024 * 1024


def _decode_events(path: Path, raw_events: msgspec.Raw, notes: list[str]) -> list[RawEvent] | EventList:
    """The typed events; entries that are not JSON objects are dropped with a note."""
    if len(raw_events) <= DIRECT_DECODE_MAX_BYTES:
        try:
            return _EVENTS_DECODER.decode(raw_events)
        except (msgspec.MsgspecError, UnicodeDecodeError):
            pass  # not a list, or an entry that is not an object: sorted out below
    try:
        items = msgspec.json.decode(raw_events, type=list[msgspec.Raw])
    except msgspec.ValidationError:
        raise TraceFormatError(f"{path}: not a Kineto trace ('traceEvents' is not a list)") from None
    if all(memoryview(item)[0] == 123 for item in items):  # every entry is an object ("{")
        return EventList(items)
    events, dropped = [], 0
    for item in items:
        try:
            events.append(_EVENT_DECODER.decode(item))
        except msgspec.ValidationError:
            dropped += 1
    if dropped:
        notes.append(f"skipped {dropped} traceEvents entries that are not JSON objects")
    return events


def _shape_of(data: bytes) -> str:
    head = data.lstrip()[:1]
    return {b"[": "a JSON list", b'"': "a JSON string"}.get(head, "a JSON scalar")


#: Python's json module writes NaN / Infinity, which JSON does not allow.
_NON_FINITE = re.compile(rb"(?<=[:\[,\s])-?(?:NaN|Infinity)(?=\s*[,\]\}])")


def _repair(path: Path, data: bytes, exc: Exception) -> tuple[bytes, dict[str, msgspec.Raw], list[str]]:
    """Make invalid JSON readable: non-finite numbers become null, a cut-off tail is dropped."""
    notes: list[str] = []
    if b"NaN" in data or b"Infinity" in data:
        data, count = _NON_FINITE.subn(b"null", data)
        if count:
            notes.append(f"read {count} NaN/Infinity value(s), which JSON does not allow, as null")
            try:
                return data, _TOP_DECODER.decode(data), notes
            except (msgspec.DecodeError, UnicodeDecodeError) as again:
                exc = again
            except msgspec.ValidationError:
                raise TraceFormatError(f"{path}: not a Kineto trace (the file holds {_shape_of(data)}, not an object)") from None
    data, top = _recover_truncated(path, data, exc)
    notes.append("the JSON ends mid-event (crash during export?): read up to the last complete event")
    return data, top, notes


_EVENT_END = re.compile(rb"\}\s*,\s*\{")
#: How many candidate cut points to try, from the end, before giving up on a truncated file.
_MAX_RECOVERY_TRIES = 200


def _recover_truncated(path: Path, data: bytes, exc: Exception) -> tuple[bytes, dict[str, msgspec.Raw]]:
    """Cut the text after the last complete event and close the list and object."""
    start = data.find(b'"traceEvents"')
    if start < 0:
        raise TraceFormatError(f"{path}: not valid JSON ({exc})") from None
    ends = [m.start() for m in _EVENT_END.finditer(data, start)]
    for end in reversed(ends[-_MAX_RECOVERY_TRIES:]):
        candidate = data[: end + 1] + b"]}"
        try:
            return candidate, _TOP_DECODER.decode(candidate)
        except (msgspec.MsgspecError, UnicodeDecodeError):
            continue
    raise TraceFormatError(f"{path}: not valid JSON ({exc})") from None


#: A ts that may be >= 2**53 / 1000 µs (9,007,199,254,740.992: 14+ integer digits, or 13 starting
#: with 9) with a fraction, or in exponent form: the only timestamps whose float µs may lose ns (a
#: cheap scan before decoding every ts again). Kineto's usual ~6e12 µs stamps never match.
_LONG_FRACTIONAL_TS = re.compile(rb'"ts"\s*:\s*"?-?(?:\d{14,}\.\d|9\d{12}\.\d|[\d.]+[eE])')


def _exact_ts_if_needed(raw_events: msgspec.Raw, events: list[RawEvent]) -> list[int | None] | None:
    """Exact integer ns for every event when some float µs timestamp exceeds 2**53 ns.

    Old traces stamp events with absolute epoch µs *and* a fractional part (ns resolution, e.g.
    ``1712195495519695.8``); a float64 holds that only to ~0.25 µs. Re-reading the timestamps'
    text keeps every nanosecond. Traces with ``baseTimeNanoseconds`` never need this.
    """
    if isinstance(events, EventList) and not _LONG_FRACTIONAL_TS.search(raw_events):
        return None  # no timestamp of 13+ integer digits with a fraction: float µs are exact enough
    stamps_only: Any = events
    if isinstance(events, EventList):  # every entry an object: read the ts alone, not each whole event
        try:
            stamps_only = _TS_ONLY_DECODER.decode(raw_events)
        except (msgspec.MsgspecError, UnicodeDecodeError):
            stamps_only = events
    needs = any(
        type(ev.ts) is float and ev.ts > _EXACT_NS_LIMIT_US and not ev.ts.is_integer() for ev in stamps_only
    )
    if not needs:
        return None
    try:
        stamps = _TS_DECODER.decode(raw_events)
    except (msgspec.MsgspecError, UnicodeDecodeError):
        return None
    if len(stamps) != len(events):
        return None
    return [_us_text_to_ns(bytes(e.ts)) if e.ts is not None else None for e in stamps]


def _us_text_to_ns(text: bytes) -> int | None:
    """``b"1712195495519695.8"`` -> 1712195495519695800 exactly; None for non-numbers."""
    text = text.strip()
    if text[:1] == b'"':
        text = text.strip(b'"')
    try:
        if b"e" in text or b"E" in text:
            return round(float(text) * 1000)
        whole, _, frac = text.partition(b".")
        sign = -1 if whole.startswith(b"-") else 1
        ns = int(whole) * 1000 + sign * int((frac + b"000")[:3] or b"0")
        if len(frac) > 3 and frac[3:4] >= b"5":
            ns += sign
        return ns
    except ValueError:
        return None

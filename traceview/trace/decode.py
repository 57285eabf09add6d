"""Bytes on disk -> raw events: read (plain or gzip), decode (msgspec), recover truncated files.

Only the fields traceview uses are decoded into typed structs; each event's ``args`` stays a
``msgspec.Raw`` slice of the buffer until :mod:`traceview.trace.normalize` asks for it. A file
cut off mid-event (the process died during export) is recovered up to its last complete event,
and :class:`RawTrace` says so.
"""

from __future__ import annotations

import gzip
import re
import zlib
from dataclasses import dataclass, field
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import msgspec

from traceview.errors import TraceFormatError


class RawEvent(msgspec.Struct, gc=False):
    """One ``traceEvents`` entry, fields left loosely typed: normalize checks and coerces them."""

    ph: Any = None
    cat: Any = None
    name: Any = None
    pid: Any = None
    tid: Any = None
    ts: Any = None
    dur: Any = None
    id: Any = None
    s: Any = None
    args: msgspec.Raw = None  # type: ignore[assignment]  # Raw takes any JSON value; None when absent


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


def decode(path: Path) -> RawTrace:
    """Read and decode one trace file into raw events and its header."""
    data, notes = read_bytes(path)
    truncated = bool(notes)
    try:
        top = _TOP_DECODER.decode(data)
    except msgspec.ValidationError:
        raise TraceFormatError(f"{path}: not a Kineto trace (the file holds {_shape_of(data)}, not an object)") from None
    except msgspec.DecodeError as exc:
        data, top, repaired = _repair(path, data, exc)
        notes.extend(repaired)
        truncated = truncated or any("mid-event" in n for n in repaired)
    raw_events = top.pop("traceEvents", None)
    if raw_events is None:
        raise TraceFormatError(f"{path}: not a Kineto trace (no 'traceEvents' list)")
    events = _decode_events(path, raw_events, notes)
    header = {}
    for key, value in top.items():
        try:
            header[key] = msgspec.json.decode(value)
        except msgspec.MsgspecError:
            continue
    raw = RawTrace(str(path), events, header, truncated, notes, size_bytes=len(data))
    raw.exact_ts_ns = _exact_ts_if_needed(raw_events, events)
    return raw


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


def _decode_events(path: Path, raw_events: msgspec.Raw, notes: list[str]) -> list[RawEvent] | EventList:
    """The typed events; entries that are not JSON objects are dropped with a note."""
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
            except msgspec.DecodeError as again:
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
        except msgspec.MsgspecError:
            continue
    raise TraceFormatError(f"{path}: not valid JSON ({exc})") from None


#: A ts >= 2**53 / 1000 µs (13+ integer digits) with a fraction, or in exponent form: the only
#: timestamps whose float µs may lose ns (a cheap scan before decoding every ts again).
_LONG_FRACTIONAL_TS = re.compile(rb'"ts"\s*:\s*"?-?(?:\d{13,}\.\d|[\d.]+[eE])')


def _exact_ts_if_needed(raw_events: msgspec.Raw, events: list[RawEvent]) -> list[int | None] | None:
    """Exact integer ns for every event when some float µs timestamp exceeds 2**53 ns.

    Old traces stamp events with absolute epoch µs *and* a fractional part (ns resolution, e.g.
    ``1712195495519695.8``); a float64 holds that only to ~0.25 µs. Re-reading the timestamps'
    text keeps every nanosecond. Traces with ``baseTimeNanoseconds`` never need this.
    """
    if not _LONG_FRACTIONAL_TS.search(raw_events):
        return None  # no timestamp of 13+ integer digits with a fraction: float µs are exact enough
    needs = any(
        type(ev.ts) is float and ev.ts > _EXACT_NS_LIMIT_US and not ev.ts.is_integer() for ev in events
    )
    if not needs:
        return None
    try:
        stamps = _TS_DECODER.decode(raw_events)
    except msgspec.MsgspecError:
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

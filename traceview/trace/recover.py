"""The recovery route: text that is not clean Kineto JSON, made readable, with a note for each repair.

Two entry points, both ending where :mod:`traceview.trace.read` ends (pieces of whole events):

``mend(piece)`` -- one piece of a file that had Kineto's layout but whose text does not decode:

    bytes that are not UTF-8           -> U+FFFD                  "read N byte sequence(s) that are not UTF-8 as U+FFFD"
    NaN / Infinity (Python's json)     -> null                    "read N NaN/Infinity value(s) ... as null"
    a raw quote inside a string        -> escaped (part of it)    "read N unescaped quote(s) inside strings ..."
      (torch's profiler writes Python docstring lines as ``python_function`` names unescaped: a
      name ``x.py(0):`` + spaces + three quotes, then the closing quote; a quote not followed by
      ``,`` ``:`` ``}`` ``]`` after optional whitespace cannot end a string)
    an event that still does not read -> dropped, the others kept "could not read N stretch(es) ..."
    entries that are not objects       -> dropped                 "skipped N traceEvents entries that are not JSON objects"
    text ending inside an event        -> cut after the last whole event; the rest is handed back to
                                          be joined to the next piece (a cut inside a string), or
                                          dropped where the file itself ended (read noted it)

``whole_file(path)`` -- a file without ``"traceEvents": [`` near its start: read whole (gzip
inflated as far as it goes), repaired as above, and either split into pieces or refused with one
line (``TraceFormatError``): not JSON, a JSON list or scalar, no ``traceEvents``, ``traceEvents``
not a list, or cut before its first event.

Repairs are counted in a :class:`Repairs` the caller turns into notes, so a trace repaired in many
pieces still gets one line per kind.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import msgspec

from traceview.errors import TraceFormatError
from traceview.trace.read import PIECE_BYTES, Piece, TraceText, header, open_text

#: Python's json module writes NaN / Infinity, which JSON does not allow.
_NON_FINITE = re.compile(rb"(?<=[:\[,\s])-?(?:NaN|Infinity)(?=\s*[,\]\}])")
_EVENT_END = re.compile(rb"\}\s*,\s*\{")
#: A string's body from just after its opening quote, up to and including the next unescaped quote.
_STRING_REST = re.compile(rb'[^"\\]*(?:\\.[^"\\]*)*"', re.S)
#: What may follow a string's closing quote in JSON.
_AFTER_STRING = re.compile(rb"[ \t\r\n]*(?:[,:}\]]|$)")
#: Events joined, at most, to find where one whose text holds ``},{`` ends.
_MAX_JOIN = 64
_RAWS = msgspec.json.Decoder(list[msgspec.Raw])
_TOP = msgspec.json.Decoder(dict[str, msgspec.Raw])
#: Cut points tried, from the end, before a cut-off piece is given up.
_MAX_CUT_TRIES = 200


class Repairs(Counter):
    """How many repairs of each kind ("utf8", "nan", "not_objects")."""

    TEXT = {"utf8": "read {} byte sequence(s) that are not UTF-8 as U+FFFD",
            "nan": "read {} NaN/Infinity value(s), which JSON does not allow, as null",
            "quotes": "read {} unescaped quote(s) inside strings (torch's profiler writes some Python docstring lines "
                      "as function names unescaped) as part of the text",
            "not_objects": "skipped {} traceEvents entries that are not JSON objects",
            "unreadable": "could not read {} stretch(es) of the events list as JSON ({} bytes, events in them lost; first at: {})"}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.unreadable_bytes, self.unreadable_sample = 0, ""

    def notes(self, kinds: tuple[str, ...] = ("utf8", "nan", "quotes", "not_objects", "unreadable")) -> list[str]:
        """One note per kind of repair made, in the order of ``kinds``."""
        return [self.TEXT[k].format(self[k], *((self.unreadable_bytes, self.unreadable_sample) if k == "unreadable" else ()))
                for k in kinds if self[k]]

    def lost(self, text: bytes) -> None:
        """A stretch of the events list that could not be read."""
        self["unreadable"] += 1
        self.unreadable_bytes += len(text)
        if not self.unreadable_sample:
            self.unreadable_sample = repr(text[:120].decode("utf-8", "replace"))


def mend(piece: Piece, repairs: Repairs) -> tuple[Piece, Piece | None]:
    """``piece`` made to decode as a list of whole events, and what comes after its last whole
    event when its text ends inside one (a cut that fell inside a string; None when it does not,
    or when the file itself ended there: that event is lost, and read noted it). An event that
    cannot be read is dropped (counted in ``repairs``); every other is kept."""
    original = piece.text
    text = _valid_utf8(original, repairs)
    text, count = _NON_FINITE.subn(b"null", text)
    repairs["nan"] += count
    items = _items(b"[" + text + b"]")
    if items is None:  # raw quotes inside strings? Taken only if the whole piece then reads
        escaped, quotes = escape_stray_quotes(text)
        items = _items(b"[" + escaped + b"]") if quotes else None
        if items is not None:
            text = escaped
            repairs["quotes"] += quotes
    same = text == original  # unrepaired: the pieces keep their place in the file
    head, rest = (piece if same else Piece.of(text, sep=piece.sep, last_cut=piece.last_cut)), None
    if items is None:
        for m in list(_EVENT_END.finditer(text))[::-1][:_MAX_CUT_TRIES]:
            items = _items(b"[" + text[: m.start() + 1] + b"]")
            if items is not None:
                if not piece.last_cut and not _ends_early(text[m.end() - 1:]):  # no cut: an event after it is broken
                    items = None
                    break
                head, rest = head.split(m)
                break
    if items is None:
        kept, at = _salvage(text, repairs)
        if at is not None and piece.last_cut:  # the file ended inside this event (read noted it)
            at = None
        return Piece.of(b",".join(kept), sep=piece.sep), None if at is None else Piece.of(text[at:], sep=piece.sep)
    kept = [bytes(i) for i in items if memoryview(i)[0] == 0x7B]  # "{": an object
    repairs["not_objects"] += len(items) - len(kept)
    if len(kept) < len(items):
        head = Piece.of(b",".join(kept), sep=head.sep)
    return head, (None if piece.last_cut else rest)


def escape_stray_quotes(text: bytes) -> tuple[bytes, int]:
    """``text`` with each quote that cannot end the string it is in escaped (a quote is a string's
    end only where ``,`` ``:`` ``}`` ``]`` or the text's end follows it, after optional whitespace),
    and how many were. Valid JSON comes back unchanged; a string the text ends inside is left as is."""
    stray, pos, n = [], 0, len(text)
    while True:
        opening = text.find(b'"', pos)
        if opening < 0:
            break
        at = opening + 1
        while True:
            body = _STRING_REST.match(text, at)
            if body is None:  # the text ends inside this string
                pos = n
                break
            end = body.end()  # just after a quote
            if _AFTER_STRING.match(text, end):
                pos = end
                break
            stray.append(end - 1)
            at = end
        if pos >= n:
            break
    if not stray:
        return text, 0
    parts, last = [], 0
    for q in stray:
        parts += [text[last:q], b'\\"']
        last = q + 1
    parts.append(text[last:])
    return b"".join(parts), len(stray)


def _salvage(text: bytes, repairs: Repairs) -> tuple[list[bytes], int | None]:
    """The events of ``text`` that decode, one at a time (joined with the next ones, up to _MAX_JOIN,
    where a ``},{`` inside a string split one), and where the text that no event could be read from
    at its end starts, JSON cut short (None when every stretch was read or dropped). Each stretch dropped on the way
    is counted in ``repairs``."""
    seps = list(_EVENT_END.finditer(text))
    starts = [0] + [m.end() - 1 for m in seps]
    ends = [m.start() + 1 for m in seps] + [len(text)]
    kept: list[bytes] = []
    k = 0
    while k < len(starts):
        for j in range(k, min(k + _MAX_JOIN, len(ends))):
            event = _event(text[starts[k]: ends[j]], repairs)
            if event is not None:
                kept.append(event)
                k = j + 1
                break
        else:
            if k + _MAX_JOIN >= len(ends) and _ends_early(text[starts[k]:]):  # the next piece may complete it
                return kept, starts[k]
            repairs.lost(text[starts[k]: ends[k]])
            k += 1
    return kept, None


def _event(text: bytes, repairs: Repairs) -> bytes | None:
    """``text`` when it is one JSON object, or once its raw quotes are escaped; else None."""
    if _object(text):
        return text
    escaped, quotes = escape_stray_quotes(text)
    if quotes and _object(escaped):
        repairs["quotes"] += quotes
        return escaped
    return None


def _object(text: bytes) -> bool:
    items = _items(b"[" + text + b"]")
    return items is not None and len(items) == 1 and memoryview(items[0])[0] == 0x7B


def whole_file(path: Path, repairs: Repairs) -> TraceText:
    """A file in another layout, read whole: its events as pieces, or a one-line refusal."""
    stream = open_text(path)
    chunks = []
    while True:
        more = stream.read_more(1 << 24)
        if not more:
            break
        chunks.append(more)
    stream.close()
    data = _valid_utf8(b"".join(chunks), repairs)
    del chunks
    if not data.strip():
        raise TraceFormatError(f"{path}: empty file")
    out = TraceText(str(path), size_bytes=len(data), gzip=stream.gzip, notes=list(stream.notes), truncated=bool(stream.notes))
    top = _top(path, data, repairs, out)
    events = top.pop("traceEvents", None)
    if events is None:
        raise TraceFormatError(f"{path}: not a Kineto trace (no 'traceEvents' list)")
    items = _items(events)
    if items is None or memoryview(events).tobytes().lstrip()[:1] != b"[":
        raise TraceFormatError(f"{path}: not a Kineto trace ('traceEvents' is not a list)")
    out.header = header(top)
    kept = [bytes(i) for i in items if memoryview(i)[0] == 0x7B]
    repairs["not_objects"] += len(items) - len(kept)
    out._pieces = iter(_pieces(kept))
    return out


def _top(path: Path, data: bytes, repairs: Repairs, out: TraceText) -> dict[str, msgspec.Raw]:
    """The top-level object, after the repairs it needs."""
    try:
        return _TOP.decode(data)
    except msgspec.ValidationError:
        raise TraceFormatError(f"{path}: not a Kineto trace (the file holds {_shape_of(data)}, not an object)") from None
    except msgspec.DecodeError as exc:
        error = exc
    if b"NaN" in data or b"Infinity" in data:
        data, count = _NON_FINITE.subn(b"null", data)
        repairs["nan"] += count
        try:
            return _TOP.decode(data)
        except msgspec.ValidationError:
            raise TraceFormatError(f"{path}: not a Kineto trace (the file holds {_shape_of(data)}, not an object)") from None
        except msgspec.DecodeError as again:
            error = again
    start = data.find(b'"traceEvents"')
    if start >= 0:
        for m in list(_EVENT_END.finditer(data, start))[::-1][:_MAX_CUT_TRIES]:
            try:
                top = _TOP.decode(data[: m.start() + 1] + b"]}")
            except msgspec.MsgspecError:
                continue
            out.truncated = True
            out.notes.append("the JSON ends mid-event (crash during export?): read up to the last complete event")
            return top
    raise TraceFormatError(f"{path}: not valid JSON ({error})") from None


def _ends_early(text: bytes) -> bool:
    """Whether ``text`` (events) is JSON that stops before its end: more text could complete it."""
    try:
        _RAWS.decode(b"[" + text + b"]")
    except msgspec.DecodeError as exc:
        return str(exc).startswith("Input data was truncated")
    except (msgspec.MsgspecError, UnicodeDecodeError):
        return False
    return False


def _items(text: bytes) -> list[msgspec.Raw] | None:
    try:
        return _RAWS.decode(text)
    except (msgspec.MsgspecError, UnicodeDecodeError):
        return None


def _pieces(items: list[bytes]) -> list[Piece]:
    pieces, current, size = [], [], 0
    for item in items:
        current.append(item)
        size += len(item)
        if size >= PIECE_BYTES:
            pieces.append(Piece.of(b",".join(current)))
            current, size = [], 0
    if current:
        pieces.append(Piece.of(b",".join(current)))
    return pieces


def _valid_utf8(data: bytes, repairs: Repairs) -> bytes:
    """``data`` with any bytes that are not UTF-8 replaced by U+FFFD. ASCII text (the usual trace)
    is checked in one pass without a copy."""
    if data.isascii():
        return data
    try:
        data.decode("utf-8")
        return data
    except UnicodeDecodeError:
        text = data.decode("utf-8", "replace")
        repairs["utf8"] += text.count(chr(0xFFFD))
        return text.encode("utf-8")


def _shape_of(data: bytes) -> str:
    head = data.lstrip()[:1]
    return {b"[": "a JSON list", b'"': "a JSON string"}.get(head, "a JSON scalar")

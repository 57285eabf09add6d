"""The recovery route: text that is not clean Kineto JSON, made readable, with a note for each repair.

Two entry points, both ending where :mod:`traceview.trace.read` ends (pieces of whole events):

``mend(piece)`` -- one piece of a file that had Kineto's layout but whose text does not decode:

    bytes that are not UTF-8           -> U+FFFD                  "read N byte sequence(s) that are not UTF-8 as U+FFFD"
    NaN / Infinity (Python's json)     -> null                    "read N NaN/Infinity value(s) ... as null"
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
_RAWS = msgspec.json.Decoder(list[msgspec.Raw])
_TOP = msgspec.json.Decoder(dict[str, msgspec.Raw])
#: Cut points tried, from the end, before a cut-off piece is given up.
_MAX_CUT_TRIES = 200


class Repairs(Counter):
    """How many repairs of each kind ("utf8", "nan", "not_objects")."""

    TEXT = {"utf8": "read {} byte sequence(s) that are not UTF-8 as U+FFFD",
            "nan": "read {} NaN/Infinity value(s), which JSON does not allow, as null",
            "not_objects": "skipped {} traceEvents entries that are not JSON objects"}

    def notes(self, kinds: tuple[str, ...] = ("utf8", "nan", "not_objects")) -> list[str]:
        """One note per kind of repair made, in the order of ``kinds``."""
        return [self.TEXT[k].format(self[k]) for k in kinds if self[k]]


def mend(piece: Piece, repairs: Repairs) -> tuple[Piece, Piece | None]:
    """``piece`` made to decode as a list of whole events, and what comes after its last whole
    event when its text ends inside one (a cut that fell inside a string; None when it does not,
    or when the file itself ended there: that event is lost, and read noted it)."""
    original = piece.text
    text = _valid_utf8(original, repairs)
    text, count = _NON_FINITE.subn(b"null", text)
    repairs["nan"] += count
    same = text == original  # unrepaired: the pieces keep their place in the file
    head, rest = (piece if same else Piece.of(text, sep=piece.sep, last_cut=piece.last_cut)), None
    items = _items(b"[" + text + b"]")
    if items is None:
        for m in list(_EVENT_END.finditer(text))[::-1][:_MAX_CUT_TRIES]:
            items = _items(b"[" + text[: m.start() + 1] + b"]")
            if items is not None:
                head, rest = head.split(m)
                break
    if items is None:
        if not piece.last_cut and _ends_early(text):  # inside its first event: all of it waits for the next piece
            return Piece.of(b"", sep=piece.sep), head
        return Piece.of(b"", sep=piece.sep), None
    kept = [bytes(i) for i in items if memoryview(i)[0] == 0x7B]  # "{": an object
    repairs["not_objects"] += len(items) - len(kept)
    if len(kept) < len(items):
        head = Piece.of(b",".join(kept), sep=head.sep)
    return head, (None if piece.last_cut else rest)


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

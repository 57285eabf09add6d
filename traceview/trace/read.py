"""Stage 1: a trace file -> its header and its events list, as pieces of text.

::

    file (.json or .json.gz, any size, read front to back once; gzip inflated as it goes)
      │   {"schemaVersion": 1, "deviceProperties": [...], "traceEvents": [ {e0}, {e1}, ... {eN} ], "traceName": "..."}
      ▼
    TraceText
      .pieces()  -> Piece, Piece, ...   "{e0},{e1},...,{ek}" : whole events, ~PIECE_BYTES each,
                                        cut at a "},{" between two events (Piece.sep keeps the cut's bytes)
      .header    every top-level key but traceEvents (known once the pieces are read)
      .notes, .truncated, .size_bytes

The file is never held whole: one piece and one read buffer at a time. A cut may fall on a "},{"
inside a string; the events stage finds that out when the piece does not decode, and joins it to
the next (``Piece.joined``). Pieces of a plain file remember where they lie in it (``start``/``end``),
so a slice's ``args`` can be read back later instead of being kept (:mod:`traceview.trace.args`).

What does not look like Kineto's layout (no ``"traceEvents": [`` near the start, a list at the top,
an empty file) is not read here: :func:`read` returns None and the recovery route
(:mod:`traceview.trace.recover`) reads the file whole. A file that ends early (a crash during
export, a cut gzip stream) still comes through here: its last piece is marked ``last_cut`` and the
events stage mends it.
"""

from __future__ import annotations

import os
import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from traceview.errors import TraceFormatError
from traceview.trace.args import FileStamp

try:  # zlib-ng: the same inflate and errors as zlib, ~4x faster (docs/benchmarks/speed.md)
    from zlib_ng import zlib_ng as inflating
except ImportError:  # a platform without its wheel: the standard library's
    inflating = zlib  # type: ignore[assignment]
#: What a corrupt gzip stream raises (zlib-ng's error is a class of its own).
_CORRUPT = (zlib.error, inflating.error)

#: Text per piece: ~3k Kineto events. Small enough that a piece's structs stay ~1 MB (a 10 MB
#: trace's load then costs 20 MB above the imports, not 50), large enough that the per-piece
#: overhead stays under 2% at GB sizes.
PIECE_BYTES = 1024 * 1024
#: Bytes read (or inflated) at a time.
READ_BYTES = 1024 * 1024
#: Bytes read at a time after a cut's earliest place, looking for its ``},{`` (:meth:`TraceText.ranges`).
_WINDOW_BYTES = 64 * 1024
#: The events list's opening must be within this many first bytes (Kineto's header is a few KB).
HEAD_BYTES = 1024 * 1024
#: The header keys after the list (``traceName``...) must be within this many last bytes: no cut
#: is made there, and the list's end is looked for there.
TAIL_BYTES = 256 * 1024
GZIP_MAGIC = b"\x1f\x8b"
#: gzip'd Kineto JSON inflates at least this much (a gzip file's size in its last 4 bytes is mod 4 GiB).
GZIP_RATIO_MIN = 4
#: Compressed bytes inflated per call: a corrupt stream loses at most the text of one step.
_GZIP_STEP = 16 * 1024

LIST_START = re.compile(rb'"traceEvents"\s*:\s*\[\s*')
EVENT_SEP = re.compile(rb"\}\s*,\s*\{")
_CLOSE = re.compile(rb"\]")
#: ``]`` tried from the end as the list's close.
_END_TRIES = 64
_TOP = msgspec.json.Decoder(dict[str, msgspec.Raw])


@dataclass
class Piece:
    """Whole events of the list, as the JSON list ``data`` = ``[{...},{...}]``.

    ``file``, ``start``/``end``: where the events' text lies (plain files; None when it cannot be
    read back: gzip, or text the recovery route made). ``sep``: the separator that followed it in
    the file (``},{`` less its braces), to join it to the next piece exactly. ``last_cut``: the
    file ended inside this piece (it holds a partial event at its end).
    """

    data: bytes | None  # None: not read yet (:meth:`loaded`)
    start: int | None = None
    end: int | None = None
    sep: bytes = b","
    last_cut: bool = False
    file: FileStamp | None = None

    @classmethod
    def of(cls, text: bytes, *args: Any, **kwargs: Any) -> Piece:
        """A piece of events' ``text`` (no brackets)."""
        return cls(b"[" + text + b"]", *args, **kwargs)

    @property
    def text(self) -> bytes:
        """The events without the list's brackets (a copy)."""
        return self.data[1:-1]

    def split(self, sep: re.Match) -> tuple[Piece, Piece]:
        """This piece cut at ``sep`` (a ``},{`` match in its ``text``) into the events before and after."""
        head_end, tail_start = sep.start() + 1, sep.end() - 1
        at = self.start is not None
        text = self.text
        head = Piece.of(text[:head_end], self.start, self.start + head_end if at else None, text[head_end:tail_start], file=self.file)
        tail = Piece.of(text[tail_start:], self.start + tail_start if at else None, self.end, self.sep, self.last_cut, self.file)
        return head, tail

    def loaded(self) -> Piece:
        """This piece with its text: read from its file when it was cut without it (:meth:`TraceText.ranges`)."""
        if self.data is not None:
            return self
        assert self.file is not None and self.start is not None and self.end is not None
        return Piece(b"[" + self.file.read(self.start, self.end) + b"]", self.start, self.end, self.sep, self.last_cut, self.file)

    def joined(self, other: Piece) -> Piece:
        """This piece and the next as one (a cut that fell inside a string is undone)."""
        start = self.start if self.start is not None and other.start is not None else None
        return Piece(self.data[:-1] + self.sep + other.data[1:], start, other.end if start is not None else None,
                     other.sep, other.last_cut, self.file if start is not None else None)


@dataclass
class TraceText:
    """A trace file's events list (a piece at a time) and header; see the module docstring."""

    path: str
    size_bytes: int = 0  # of JSON text
    gzip: bool = False
    header: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    truncated: bool = False
    _pieces: Iterator[Piece] | None = None
    _plain: tuple[_Stream, bytes, re.Match, FileStamp] | None = None  # what :meth:`ranges` needs, for a plain file

    def pieces(self) -> Iterator[Piece]:
        """The pieces, in order (one pass); ``header``, ``notes`` and ``size_bytes`` are complete after it."""
        if self._pieces is not None:
            yield from self._pieces
            self._pieces = None

    def ranges(self) -> Iterator[Piece]:
        """The same pieces as :meth:`pieces` (one pass, instead of it), without their text where it can be read
        again (``data`` None: :meth:`Piece.loaded` reads it): a plain file whose events list ends in its last
        :data:`TAIL_BYTES` is read only around each cut, so the processes that decode the pieces read their
        text, not this one. Any other file: :meth:`pieces`."""
        found = _ranges(self, *self._plain) if self._plain is not None else None
        self._plain = None
        if found is None:
            yield from self.pieces()
            return
        self._pieces = None
        yield from found


def read(path: Path) -> TraceText | None:
    """The file's events list and header when it has Kineto's layout; None for the recovery route."""
    stream = open_text(path)
    head = stream.read_more(HEAD_BYTES)
    start = LIST_START.search(head)
    if start is None or head[start.end(): start.end() + 1] not in (b"{", b"]"):
        stream.close()
        return None  # no events list near the start, or one whose first entry is no object
    text = TraceText(str(path), gzip=stream.gzip)
    stamp = None if stream.gzip else FileStamp.of(path)  # a plain file's pieces can be read back
    text._pieces = _cut(stream, head, start, text, stamp)
    if stamp is not None:
        text._plain = (stream, head, start, stamp)
    return text


def json_bytes(path: str | Path) -> int:
    """The trace's JSON size before it is read (0 when unreadable): the file's size, or for a gzip file the size
    its last 4 bytes give (the inflated size mod 4 GiB; at least :data:`GZIP_RATIO_MIN` x the file)."""
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as f:
            if f.read(2) != GZIP_MAGIC:
                return size
            f.seek(max(size - 4, 0))
            inflated = int.from_bytes(f.read(4), "little")
    except OSError:  # reported by the load itself, with its reason
        return 0
    return max(inflated, size * GZIP_RATIO_MIN)


def open_text(path: Path) -> _Stream:
    """The file's text as a stream (gzip inflated); one-line errors for what cannot be read at all."""
    try:
        f = open(path, "rb")
    except FileNotFoundError:
        raise TraceFormatError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise TraceFormatError(f"{path}: is a directory with no *.json / *.json.gz traces") from None
    except OSError as exc:
        raise TraceFormatError(f"{path}: cannot read ({exc.strerror or exc})") from None
    magic = f.read(2)
    f.seek(0)
    if not magic:
        f.close()
        raise TraceFormatError(f"{path}: empty file")
    return _GzipStream(f, str(path)) if magic == GZIP_MAGIC else _Stream(f)


class _Stream:
    """A plain file's text, read front to back (``offset``: bytes read so far)."""

    gzip = False

    def __init__(self, f: Any) -> None:
        self.f, self.offset, self.notes = f, 0, []

    def read_more(self, n: int) -> bytes:
        data = self.f.read(n)
        self.offset += len(data)
        return data

    def close(self) -> None:
        self.f.close()


class _GzipStream(_Stream):
    """A gzip file's text, inflated front to back; several members are read one after the other.

    A stream cut short, or corrupt past some point, ends where inflating stops (with a note); one
    that inflates to nothing at all is an error.
    """

    gzip = True

    def __init__(self, f: Any, path: str) -> None:
        super().__init__(f)
        self.path, self.inflater, self.done, self.pending = path, inflating.decompressobj(16 + inflating.MAX_WBITS), False, b""

    def read_more(self, n: int) -> bytes:
        out: list[bytes] = []  # joined once at the end (a bytearray grown a chunk at a time costs ~1.5x the inflate)
        got = 0
        while got < n and not self.done:
            compressed = self.inflater.unconsumed_tail or self.pending or self.f.read(_GZIP_STEP)
            self.pending = b""
            if not compressed:
                if not self.inflater.eof:
                    self._stop(got)
                self.done = True
                break
            before = self.inflater.copy()
            try:
                out.append(self.inflater.decompress(compressed, n - got))
            except _CORRUPT as exc:  # corrupt past some point: keep what inflates before it
                out.append(_inflate_until_error(before, compressed))
                got += len(out[-1])
                self._stop(got, exc)
                break
            got += len(out[-1])
            if self.inflater.eof:  # a member ends: another may follow
                rest = self.inflater.unused_data or self.f.read(_GZIP_STEP)
                if rest[:2] == GZIP_MAGIC:
                    self.inflater, self.pending = inflating.decompressobj(16 + inflating.MAX_WBITS), rest
                else:
                    if rest.strip(b"\0"):
                        self.notes.append("bytes after the gzip stream were ignored")
                    self.done = True
        self.offset += got
        return out[0] if len(out) == 1 else b"".join(out)

    def _stop(self, produced: int, exc: Exception | None = None) -> None:
        """Inflating stopped before the stream's end (``produced``: text inflated by this read)."""
        self.done = True
        if self.offset + produced == 0:
            reason = exc or "nothing could be decompressed"
            raise TraceFormatError(f"{self.path}: corrupt gzip data ({reason})")
        self.notes.append("the gzip stream ends early: only the part that decompressed was read")


def _listed(buf: bytearray, end: int) -> bytes:
    """``[`` + the first ``end`` bytes of ``buf`` + ``]``, copied once."""
    with memoryview(buf) as view:
        return b"".join((b"[", view[:end], b"]"))


def _inflate_until_error(inflater: Any, compressed: bytes) -> bytes:
    """What ``compressed`` inflates to before the point where it is corrupt (a few bytes at a time)."""
    out = bytearray()
    for i in range(0, len(compressed), 256):
        try:
            out += inflater.decompress(compressed[i: i + 256])
        except _CORRUPT:
            break
    return bytes(out)


def _cut(stream: _Stream, head: bytes, start: re.Match, text: TraceText, stamp: FileStamp | None) -> Iterator[Piece]:
    """Pieces of the events list, then the header from the text around it."""
    prefix = head[: start.start()]
    buf = bytearray(head[start.end():])
    base = start.end()  # offset in the text of buf[0]
    keep = stamp is not None
    try:
        while True:
            # never cut in the last TAIL_BYTES: the list's end and the header after it are there
            sep = EVENT_SEP.search(buf, PIECE_BYTES, len(buf) - TAIL_BYTES) if len(buf) > PIECE_BYTES + TAIL_BYTES else None
            if sep is not None:
                end = sep.start() + 1
                yield Piece(_listed(buf, end), base if keep else None, base + end if keep else None, bytes(buf[end: sep.end() - 1]),
                            file=stamp)
                del buf[: sep.end() - 1]
                base += sep.end() - 1
                continue
            more = stream.read_more(READ_BYTES)
            if more:
                buf += more
                continue
            break
        last, tail = _list_end(prefix, buf)
        if last is None:
            text.header = _header_before(prefix)
            text.truncated = True
            text.notes.append("the JSON ends mid-event (crash during export?): read up to the last complete event")
            if buf.strip():
                yield Piece(_listed(buf, len(buf)), None, None, b",", last_cut=True)
        else:
            text.header = tail
            if last:
                yield Piece(_listed(buf, last), base if keep else None, base + last if keep else None, file=stamp)
        text.size_bytes = stream.offset
        text.notes[:0] = stream.notes
        text.truncated = text.truncated or bool(stream.notes)
    finally:
        stream.close()


def _ranges(text: TraceText, stream: _Stream, head: bytes, start: re.Match, stamp: FileStamp) -> Iterator[Piece] | None:
    """:func:`_cut`'s pieces of a plain file without their text (None when the events list's end is not in the
    file's last TAIL_BYTES: a file cut short, read by :func:`_cut`). The cuts are :func:`_cut`'s: each piece ends
    at the first ``},{`` at least PIECE_BYTES after its start that ends TAIL_BYTES or more before the file's end."""
    size = stamp.size
    first = start.end()
    tail_at = max(first, size - TAIL_BYTES)
    stream.f.seek(tail_at)
    tail = bytearray(stream.f.read(size - tail_at))
    last, header_ = _list_end(head[: start.start()], tail)
    if last is None or (last == 0 and tail_at > first):  # not found, or only blanks before it in the tail: _cut reads it
        stream.f.seek(len(head))
        return None
    text.header, text.size_bytes = header_, size
    list_end, limit = tail_at + last, size - TAIL_BYTES

    def cut() -> Iterator[Piece]:
        try:
            pos = first
            while pos + PIECE_BYTES < limit:
                at, window, sep = pos + PIECE_BYTES, bytearray(), None
                while sep is None and at + len(window) < limit:  # a long event: each read twice the last
                    seen = len(window)
                    stream.f.seek(at + seen)
                    window += stream.f.read(min(max(_WINDOW_BYTES, seen), limit - at - seen))
                    sep = EVENT_SEP.search(window, max(window.rfind(b"}", 0, seen), 0))  # a match starts at a "}"
                if sep is None:
                    break
                yield Piece(None, pos, at + sep.start() + 1, bytes(window[sep.start() + 1: sep.end() - 1]), file=stamp)
                pos = at + sep.end() - 1
            if list_end > pos:
                yield Piece(None, pos, list_end, file=stamp)
        finally:
            stream.close()
    return cut()


def _list_end(prefix: bytes, buf: bytearray) -> tuple[int | None, dict[str, Any]]:
    """Where the events list ends in ``buf`` (the length of its last piece; 0 for an empty list) and
    the header, or (None, {}) when the text ends inside the list (or has text after the object's end).

    The list's ``]`` is the first one after which the rest of the file, put back behind the text
    before the list, decodes as the top-level object: a ``]`` inside an event is followed by the
    rest of the list, which does not decode so; one closing a later header value
    (``"deviceProperties": [...]``) comes after the list's own."""
    found = None
    for m in list(_CLOSE.finditer(buf, max(0, len(buf) - TAIL_BYTES)))[::-1][:_END_TRIES]:
        top = _object(prefix, bytes(buf[m.end():]))
        if top is not None:
            found = (m.start(), top)  # from the end: the last found is the first in the text
    if found is None:
        return None, {}
    end = found[0]
    while end and buf[end - 1] in _BLANK:  # bytes.rstrip()'s length, without a copy of the buffer
        end -= 1
    return end, header(found[1])


#: What ``bytes.rstrip()`` strips: ASCII whitespace.
_BLANK = frozenset(b" \t\n\r\x0b\x0c")


def _object(prefix: bytes, tail: bytes) -> dict[str, msgspec.Raw] | None:
    """The top-level object with the events list as null, when ``tail`` completes it exactly."""
    try:
        top = _TOP.decode(prefix + b'"traceEvents":null' + tail)
    except (msgspec.MsgspecError, UnicodeDecodeError):
        return None
    return top if bytes(top.pop("traceEvents", b"")) == b"null" else None


def _header_before(prefix: bytes) -> dict[str, Any]:
    """The header keys before the events list, of a file that ends inside it."""
    try:
        top = _TOP.decode(prefix + b'"traceEvents":null}')
    except (msgspec.MsgspecError, UnicodeDecodeError):
        return {}
    top.pop("traceEvents", None)
    return header(top)


def header(top: dict[str, msgspec.Raw]) -> dict[str, Any]:
    """Top-level keys other than traceEvents (deviceProperties, distributedInfo, ...), decoded; bad ones dropped."""
    out = {}
    for key, value in top.items():
        try:
            out[key] = msgspec.json.decode(value)
        except (msgspec.MsgspecError, UnicodeDecodeError):
            continue
    return out

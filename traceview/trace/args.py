"""Every slice's full ``args``, read when asked for instead of kept.

The tables hold the few args keys they need (correlation, External id, ...). The rest of a
slice's args -- input shapes, Python ids, collective sizes -- is read on demand through
:class:`SliceArgs`, a read-only sequence of raw JSON (``bytes``, or None) indexed by ``slice_id``::

    slice_id -> (piece, index of the event in the piece) -> the piece's args
        FileRange  a plain file's piece: its bytes read again and decoded (the last few kept)
        Held       a copy made while loading: gzip text, a repaired piece (or the cache's file)

A FileRange checks that the file is the one that was loaded (size and mtime) and raises
:class:`~traceview.errors.TraceFormatError` if it changed.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Optional

import msgspec
import numpy as np

from traceview.errors import TraceFormatError


class FileStamp:
    """A file as it was when loaded: path, size and mtime (reading it again checks they still hold)."""

    __slots__ = ("path", "size", "mtime_ns")

    def __init__(self, path: str, size: int, mtime_ns: int) -> None:
        self.path, self.size, self.mtime_ns = str(path), size, mtime_ns

    @classmethod
    def of(cls, path: str | os.PathLike) -> FileStamp:
        st = os.stat(path)
        return cls(str(path), st.st_size, st.st_mtime_ns)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FileStamp) and (self.path, self.size, self.mtime_ns) == (other.path, other.size, other.mtime_ns)

    def __hash__(self) -> int:
        return hash((self.path, self.size, self.mtime_ns))

    def read(self, start: int, end: int) -> bytes:
        """Bytes ``start:end`` of the file, if it is unchanged."""
        changed = f"{self.path}: changed or removed since the trace was loaded: load it again to read slice args"
        try:
            with open(self.path, "rb") as f:
                st = os.fstat(f.fileno())
                if (st.st_size, st.st_mtime_ns) != (self.size, self.mtime_ns):
                    raise TraceFormatError(changed)
                f.seek(start)
                data = f.read(end - start)
        except OSError:
            raise TraceFormatError(changed) from None
        if len(data) != end - start:
            raise TraceFormatError(changed)
        return data


class _ArgsOnly(msgspec.Struct, gc=False):
    args: msgspec.Raw = None  # type: ignore[assignment]


_EVENTS = msgspec.json.Decoder(list[msgspec.Raw])
_ARGS_ONLY = msgspec.json.Decoder(_ArgsOnly)


class PieceEvents:
    """A piece's events as raw JSON (views into the piece's text); an event's args are decoded when
    asked for. Splitting the text into events is about twice as fast as decoding every event's args,
    and an analysis asks for a few events of each piece."""

    __slots__ = ("events", "path")

    def __init__(self, events: list[msgspec.Raw], path: str) -> None:
        self.events, self.path = events, path

    def __getitem__(self, i: int) -> bytes | None:
        try:
            args = _ARGS_ONLY.decode(self.events[i]).args
        except (msgspec.MsgspecError, UnicodeDecodeError):
            raise TraceFormatError(f"{self.path}: changed since the trace was loaded: load it again to read slice args") from None
        return bytes(args) if args is not None else None

    def many(self, indices: list[int]) -> list[bytes | None]:
        return [self[i] for i in indices]


class FileRange:
    """A piece's args, in its file (``start:end`` is the piece's text, events without brackets)."""

    __slots__ = ("file", "start", "end")

    def __init__(self, file: FileStamp, start: int, end: int) -> None:
        self.file, self.start, self.end = file, start, end

    def nbytes(self) -> int:
        return self.end - self.start

    def raws(self) -> PieceEvents:
        """The piece's events; ``[i]``: event i's raw args."""
        text = b"[" + self.file.read(self.start, self.end) + b"]"
        try:
            return PieceEvents(_EVENTS.decode(text), self.file.path)
        except (msgspec.MsgspecError, UnicodeDecodeError):
            raise TraceFormatError(f"{self.file.path}: changed since the trace was loaded: load it again to read slice args") from None


class Held:
    """Some events' raw args, copied: ``index`` (ascending event indices), their args end to end in
    ``blob`` (``bytes``, or a FileStamp whose file holds them from byte ``base`` on)."""

    __slots__ = ("index", "blob", "offsets", "present", "base")

    def __init__(self, index: np.ndarray, blob: Any, offsets: np.ndarray, present: np.ndarray, base: int = 0) -> None:
        self.index, self.blob, self.offsets, self.present, self.base = index, blob, offsets, present, base

    @classmethod
    def of(cls, raws: Sequence[Any], index: np.ndarray) -> Held:
        """The args of events ``index`` of ``raws`` (one raw args per event, None where absent)."""
        kept = list(map(raws.__getitem__, index.tolist()))
        if None in kept:
            present = np.fromiter((r is not None for r in kept), dtype=bool, count=len(kept))
            kept = [r if r is not None else b"" for r in kept]
        else:  # every event has args (most pieces): no Python code per event below
            present = np.ones(len(kept), dtype=bool)
        lengths = np.fromiter(map(len, kept), dtype=np.int64, count=len(kept))
        offsets = np.zeros(len(kept) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        return cls(np.asarray(index, dtype=np.int64), b"".join(kept), offsets, present)

    def raws(self) -> HeldRaws:
        return HeldRaws(self, *self.copy())

    def copy(self) -> tuple[bytes, int]:
        """The held args end to end (each present event's, in index order), and the offset its first byte has."""
        if isinstance(self.blob, FileStamp):
            return self.blob.read(self.base + int(self.offsets[0]), self.base + int(self.offsets[-1])), int(self.offsets[0])
        return self.blob, 0

    def nbytes(self) -> int:
        return int(self.offsets[-1] - self.offsets[0])


class HeldRaws:
    """A :class:`Held`'s raw args by event index (``[i]``: bytes, None where the event had none; KeyError for an
    event not held), each cut from the copy when asked for: an analysis asks for a few events of a piece."""

    __slots__ = ("held", "data", "first")

    def __init__(self, held: Held, data: Any, first: int) -> None:
        self.held, self.data, self.first = held, data, first

    def __getitem__(self, i: int) -> bytes | None:
        h = self.held
        k = int(np.searchsorted(h.index, i))
        if k >= len(h.index) or int(h.index[k]) != i:
            raise KeyError(i)
        if not h.present[k]:
            return None
        return bytes(self.data[int(h.offsets[k]) - self.first:int(h.offsets[k + 1]) - self.first])

    def many(self, indices: list[int]) -> list[bytes | None]:
        """``[self[i] for i in indices]``, the events found by one search."""
        h = self.held
        at = np.asarray(indices, dtype=np.int64)
        k = np.searchsorted(h.index, at)
        inside = k < len(h.index)
        if not (inside.all() and (h.index[np.minimum(k, len(h.index) - 1)] == at).all()):
            return [self[i] for i in indices]  # some event not held: KeyError as one by one
        data, first = self.data, self.first
        lo, hi = (h.offsets[k] - first).tolist(), (h.offsets[k + 1] - first).tolist()
        return [bytes(data[a:b]) if present else None for a, b, present in zip(lo, hi, h.present[k].tolist())]


Backing = FileRange | Held


_DECODERS: dict[type, tuple[msgspec.json.Decoder, msgspec.json.Decoder]] = {}


def _decoders(kind: type) -> tuple[msgspec.json.Decoder, msgspec.json.Decoder]:
    """Decoders of an event whose ``args`` are ``kind``, and of the args alone (made once per kind)."""
    if kind not in _DECODERS:
        event = msgspec.defstruct(f"EventArgs_{kind.__name__}", [("args", Optional[kind], None)], gc=False)
        _DECODERS[kind] = (msgspec.json.Decoder(event), msgspec.json.Decoder(kind))
    return _DECODERS[kind]


class SliceArgs(Sequence):
    """The raw args of every slice, by slice_id (see the module docstring)."""

    #: Pieces whose decoded args are kept, most recently used last: up to this much of their text (and at least the
    #: last one read). The analyses of one ``analyze()`` read a few pieces several times each (the collectives twice,
    #: the FLOP counts again); a trace of up to this size is read from its file once.
    KEPT_BYTES = 32 << 20

    def __init__(self, piece: np.ndarray, index: np.ndarray, backings: list[Backing]) -> None:
        self.piece, self.index, self.backings = piece, index, backings
        self._decoded: OrderedDict[int, Any] = OrderedDict()
        self._kept_bytes = 0

    def __reduce__(self):  # the decoded pieces stay behind
        return (SliceArgs, (self.piece, self.index, self.backings))

    def __len__(self) -> int:
        return len(self.piece)

    def __getitem__(self, slice_id):  # type: ignore[override]
        if isinstance(slice_id, slice):
            return [self[i] for i in range(*slice_id.indices(len(self)))]
        p = int(self.piece[slice_id])
        return None if p < 0 else self._raws(p)[int(self.index[slice_id])]

    def __iter__(self) -> Iterator[bytes | None]:
        return iter(self.take(np.arange(len(self))))

    def take(self, slice_ids: Iterable[int]) -> list[bytes | None]:
        """Many slices' raw args, each piece read once."""
        ids = np.fromiter(slice_ids, dtype=np.int64)
        out: list[bytes | None] = [None] * len(ids)
        pieces = self.piece[ids] if len(ids) else np.zeros(0, dtype=np.int64)
        for p in np.unique(pieces[pieces >= 0]).tolist():
            ks = np.flatnonzero(pieces == p)
            for k, raw in zip(ks.tolist(), self._raws(p).many(self.index[ids[ks]].tolist())):
                out[k] = raw
        return out

    def decode(self, slice_ids: Sequence[int] | np.ndarray, kind: type) -> Iterator[tuple[int, Any]]:
        """``(k, args of slice_ids[k] decoded as kind)`` for each slice that has args which decode as
        ``kind`` (a msgspec type: only its fields are decoded), each piece read once. Nothing is
        copied out: for a large selection this holds the decoded values only, not their JSON."""
        ids = np.asarray(slice_ids, dtype=np.int64)
        whole, alone = _decoders(kind)
        pieces = self.piece[ids] if len(ids) else np.zeros(0, dtype=np.int64)
        for p in np.unique(pieces[pieces >= 0]).tolist():
            raws = self._raws(p)
            ks = np.flatnonzero(pieces == p)
            events = self.index[ids[ks]].tolist()
            if isinstance(raws, PieceEvents):  # the piece's events, each decoded for its args
                found, decoder = [raws.events[i] for i in events], whole
            else:  # held args: all of the piece's found by one search
                found, decoder = raws.many(events), alone
            for k, raw in zip(ks.tolist(), found):
                if raw is None:
                    continue
                try:
                    value = decoder.decode(raw)
                except (msgspec.MsgspecError, UnicodeDecodeError):
                    continue
                if decoder is whole:
                    value = value.args
                if value is not None:
                    yield k, value

    def _raws(self, p: int) -> Any:
        if p in self._decoded:
            self._decoded.move_to_end(p)
            return self._decoded[p]
        backing = self.backings[p]
        raws = backing.raws()
        self._decoded[p] = raws
        self._kept_bytes += backing.nbytes()
        while self._kept_bytes > self.KEPT_BYTES and len(self._decoded) > 1:
            first, _ = self._decoded.popitem(last=False)
            self._kept_bytes -= self.backings[first].nbytes()
        return raws

    @classmethod
    def concat(cls, parts: Sequence[SliceArgs]) -> SliceArgs:
        """Several traces' args, one after the other (their slices concatenated in this order)."""
        pieces, index, backings = [], [], []
        for part in parts:
            pieces.append(np.where(part.piece >= 0, part.piece + len(backings), -1))
            index.append(part.index)
            backings.extend(part.backings)
        return cls(np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.int32),
                   np.concatenate(index) if index else np.zeros(0, dtype=np.int32), backings)

"""The ops' ``record_shapes`` args (``Input Dims``, ``Input type``, ``Concrete Inputs``), read once per trace.

The FLOP counts read the shapes of the ops they count, the compile model those of every op that launched a kernel;
both ask :meth:`Trace.shape_args <traceview.trace.model.Trace.shape_args>`, which reads each slice's args once (only
the three keys, as raw JSON: each piece of the file read once) and decodes each distinct text once (a step repeats
its shapes)::

    slice id ──> number of its distinct shapes (0: none; -1: not read yet) ──> ShapeArgs(dims, types, concrete)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import msgspec
import numpy as np


class ShapeArgs(msgspec.Struct, gc=False):
    """The record_shapes keys the analyses read (the rest of an op's args is skipped, not decoded)."""

    dims: Any = msgspec.field(default=None, name="Input Dims")
    types: Any = msgspec.field(default=None, name="Input type")
    concrete: Any = msgspec.field(default=None, name="Concrete Inputs")


#: A slice without shape args (or whose args do not decode).
NO_SHAPES = ShapeArgs()


class _RawShapeArgs(msgspec.Struct, gc=False):
    """The same keys as raw JSON (views, not decoded)."""

    dims: msgspec.Raw = msgspec.field(default=msgspec.Raw(b"null"), name="Input Dims")
    types: msgspec.Raw = msgspec.field(default=msgspec.Raw(b"null"), name="Input type")
    concrete: msgspec.Raw = msgspec.field(default=msgspec.Raw(b"null"), name="Concrete Inputs")


_RAW_DECODER = msgspec.json.Decoder(_RawShapeArgs)


class ShapeReader:
    """One trace's shapes read so far: each slice's number in ``distinct`` (-1: not read yet)."""

    def __init__(self, slices: int) -> None:
        self.number = np.full(slices, -1, dtype=np.int32)
        self.distinct: list[ShapeArgs] = [NO_SHAPES]
        self._texts: dict[tuple[bytes, bytes, bytes], int] = {}

    def read(self, slice_args: Sequence[bytes | None], ids: np.ndarray) -> tuple[np.ndarray, list[ShapeArgs]]:
        """For each of ``ids``, the number of its shape args in the list returned (0: none), and that list."""
        ids = np.asarray(ids, dtype=np.int64)
        todo = np.unique(ids[self.number[ids] < 0]) if len(ids) else ids
        if len(todo):
            decode = getattr(slice_args, "decode", None)
            found = decode(todo, _RawShapeArgs) if decode is not None else _each_decoded(slice_args, todo)
            numbers = np.zeros(len(todo), dtype=np.int32)  # kept only once all are read (a read that fails is not kept)
            for k, args in found:
                key = (bytes(args.dims), bytes(args.types), bytes(args.concrete))
                n = self._texts.get(key)
                if n is None:
                    n = self._texts[key] = len(self.distinct)
                    try:
                        self.distinct.append(ShapeArgs(*(msgspec.json.decode(part) for part in key)))
                    except (msgspec.MsgspecError, UnicodeDecodeError):
                        self.distinct.append(NO_SHAPES)
                numbers[k] = n
            self.number[todo] = numbers
        return self.number[ids], self.distinct


def _each_decoded(slice_args: Sequence[bytes | None], ids: np.ndarray) -> Iterator[tuple[int, _RawShapeArgs]]:
    """``SliceArgs.decode`` for args kept as a plain sequence of raw JSON."""
    for k, i in enumerate(ids.tolist()):
        raw = slice_args[i]
        try:
            if raw is not None:
                yield k, _RAW_DECODER.decode(raw)
        except (msgspec.MsgspecError, UnicodeDecodeError):
            continue

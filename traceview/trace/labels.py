"""String columns as categoricals, numbered a piece at a time and built once.

A trace has millions of events but few distinct names and categories. Each piece numbers its
distinct values once (:class:`Labels`); a table's column keeps only each row's code
(:class:`LabelRows`) until the pieces are joined, when :meth:`LabelRows.build` numbers every
piece's labels into one list and makes a single ``pd.Categorical`` with sorted categories -- what
``pd.Categorical(list_of_strings)`` gives, without a string per row::

    piece 1: labels ["aten::mm", "cudaLaunchKernel"]   codes [0, 1, 0]
    piece 2: labels ["cudaLaunchKernel", "aten::add"]  codes [0, 1]
    build -> categories ["aten::add", "aten::mm", "cudaLaunchKernel"], codes [1, 2, 1, 2, 0]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd


def text(value: object) -> str:
    """A table's text cell, "" when missing (None, or NaN where pandas 3 stores strings as ``str``)."""
    return value if isinstance(value, str) else ""


class Labels:
    """One string field of a piece: each distinct value numbered once (first seen first).

    The values must be hashable (the events stage turns anything else into a string first).
    """

    def __init__(self, values: list[Any], codes: np.ndarray | None = None) -> None:
        if codes is None:
            boxed = np.fromiter(values, dtype=object, count=len(values))
            codes, distinct = pd.factorize(boxed, use_na_sentinel=False)  # None and NaN are one label
            codes, values = codes.astype(np.int32, copy=False), list(distinct)
        self.codes, self.labels = codes, values

    @classmethod
    def strings(cls, values: list[Any], as_text: Callable[[Any], str]) -> Labels:
        """Labels of a field that should hold strings: each distinct value that is not one is read
        by ``as_text`` (once per distinct value, not per row)."""
        try:
            labels = cls(values)
        except TypeError:  # an unhashable value (a list where a name belongs)
            labels = cls([v if isinstance(v, str) else as_text(v) for v in values])
        if all(type(v) is str for v in labels.labels):
            return labels
        missing = lambda v: v is None or (isinstance(v, float) and v != v)  # noqa: E731 (factorize gives None as NaN)
        return labels.mapped(lambda v: v if isinstance(v, str) else as_text(None if missing(v) else v))

    def rows(self, index: np.ndarray) -> Labels:
        """These labels at rows ``index`` only."""
        return Labels(self.labels, self.codes[index])

    def mapped(self, label: Callable[[Any], Any]) -> Labels:
        """The same rows, each distinct value relabelled (several may get one label)."""
        return Labels([label(v) for v in self.labels], self.codes)

    def column(self) -> LabelRows:
        """The categorical column of these rows, left as codes until the pieces are joined."""
        small = np.int8 if len(self.labels) <= 127 else np.int16 if len(self.labels) <= 32767 else np.int32
        return LabelRows(self.labels, self.codes.astype(small, copy=False))


class LabelRows:
    """One piece's categorical column, not built yet: each row's code into ``labels`` (which may
    repeat a value)."""

    __slots__ = ("labels", "codes")

    def __init__(self, labels: list[Any], codes: np.ndarray) -> None:
        self.labels, self.codes = labels, codes

    def __len__(self) -> int:
        return len(self.codes)

    def take(self, index: np.ndarray) -> LabelRows:
        return LabelRows(self.labels, self.codes[index])

    @staticmethod
    def build(parts: list[LabelRows]) -> pd.Categorical:
        """The pieces' rows end to end, with sorted categories (those used only)."""
        numbers: dict[Any, int] = {}
        codes = []
        for part in parts:  # a piece's distinct labels are few: a dict lookup each, then numpy per row
            lookup = np.array([numbers.setdefault(label, len(numbers)) for label in part.labels], dtype=np.int32)
            codes.append(lookup[part.codes] if len(part.codes) else np.zeros(0, dtype=np.int32))
        joined = np.concatenate(codes) if codes else np.zeros(0, dtype=np.int32)
        distinct = np.asarray(list(numbers), dtype=object)
        used = np.flatnonzero(np.bincount(joined, minlength=len(distinct)))
        order = used[np.argsort(distinct[used], kind="stable")] if len(used) else used
        code_of = np.full(len(distinct), -1, dtype=np.int32)
        code_of[order] = np.arange(len(order), dtype=np.int32)
        categories = pd.Index(distinct[order])  # typed as pd.Categorical types strings: object (pandas 2), str (pandas 3)
        return pd.Categorical.from_codes(code_of[joined] if len(joined) else joined, dtype=pd.CategoricalDtype(categories),
                                         validate=False)

"""How a JSON value becomes a number in a table: the one set of rules the loader reads every field by.

Kineto writes numbers, but traces from other tools and broken exports hold numeric strings
("12.5", "stream 7"), integral floats, booleans, NaN (read as null) and numbers beyond int64.
Each rule below takes any JSON value and gives a number or None ("not usable"): the caller skips
the event, or keeps ``<NA>``, and says so in a note. The ``*_array`` forms do whole columns with
numpy when every value is a plain int/float, and fall back to the per-value rule otherwise --
same answer either way.

Times: µs (int, float or numeric string) -> int64 ns; ``int * 1000`` for ints, ``round(float *
1000)`` for floats, exact from the text for floats too large to hold ns (``exact_ns``).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

#: Largest magnitude kept in an int64 column.
INT64_MAX = 2**63 - 1
#: Times are capped at half of int64 so that start_ns + dur_ns cannot wrap around
#: (epoch ns today are ~1.8e18, the cap ~4.6e18).
NS_MAX = 2**62 - 1
#: float64 holds integers exactly up to 2**53: a float µs above this (times 1000) loses ns.
EXACT_US = 2**53 / 1000
_MAX_INT_US = NS_MAX // 1000


def fits(value: int | None, limit: int = INT64_MAX) -> int | None:
    """``value``, or None when an int64 column cannot hold it (a corrupt or hostile number)."""
    return value if value is None or -limit <= value <= limit else None


def as_int(value: Any) -> int | None:
    """An integer from an int, an integral float, or a decimal string ("7", "stream 7"); else None."""
    if type(value) is int:
        return fits(value)
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return fits(int(value))
    if isinstance(value, str):
        text = value.strip()
        if text.lstrip("-").isdigit():
            return fits(int(text))
        tail = text.rsplit(" ", 1)[-1]  # "stream 7"
        if tail.isdigit():
            return fits(int(tail))
    return None


def as_ns(value: Any) -> int | None:
    """µs (int, float or numeric string) -> integer ns; None for missing, NaN, non-numbers or beyond ±NS_MAX."""
    if type(value) is int:
        return fits(value * 1000, NS_MAX)
    if type(value) is float:
        return fits(round(value * 1000), NS_MAX) if math.isfinite(value) else None
    if isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            return None
        return fits(round(number * 1000), NS_MAX) if math.isfinite(number) else None
    return None


def ns_array(values: list[Any]) -> tuple[np.ndarray, np.ndarray, bool]:
    """(ns, usable, lossy) for a column of µs values, as :func:`as_ns` reads each one; ``lossy``:
    some float is too large for float64 to hold its ns (read those from the text: :func:`exact_ns`)."""
    types = set(map(type, values))
    if types <= {int, float} and values:
        if float in types:
            arr = np.array(values, dtype=np.float64)
            if np.isfinite(arr).all() and np.abs(arr).max() < EXACT_US:
                return np.round(arr * 1000).astype(np.int64), np.ones(len(values), dtype=bool), False
        else:
            try:
                ints = np.array(values, dtype=np.int64)
            except OverflowError:
                ints = None
            if ints is not None and np.abs(ints).max() <= _MAX_INT_US:
                return ints * 1000, np.ones(len(values), dtype=bool), False
    read = [as_ns(v) for v in values]
    usable = np.fromiter((v is not None for v in read), dtype=bool, count=len(read))
    lossy = any(type(v) is float and v > EXACT_US and not v.is_integer() for v in values if type(v) is float and math.isfinite(v))
    return np.fromiter((v if v is not None else 0 for v in read), dtype=np.int64, count=len(read)), usable, lossy


def int_array(values: list[Any]) -> pd.arrays.IntegerArray:
    """A nullable Int64 column, as :func:`as_int` reads each value."""
    types = set(map(type, values))
    if types <= {int}:
        try:
            arr = np.array(values, dtype=np.int64) if values else np.zeros(0, dtype=np.int64)
            return pd.arrays.IntegerArray(arr, np.zeros(len(arr), dtype=bool))
        except OverflowError:
            pass
    elif types <= {int, type(None)}:
        boxed = np.fromiter(values, dtype=object, count=len(values))
        mask = np.equal(boxed, None)
        try:
            return pd.arrays.IntegerArray(np.where(mask, 0, boxed).astype(np.int64), mask)
        except OverflowError:
            pass
    # old exports write ids as text ("25738", "stream 7"): each distinct text read once, ints kept as they are
    texts = {v: as_int(v) for v in {v for v in values if type(v) is str}}
    read = [texts[v] if type(v) is str else fits(v) if type(v) is int else as_int(v) for v in values]
    mask = np.fromiter((v is None for v in read), dtype=bool, count=len(read))
    return pd.arrays.IntegerArray(np.fromiter((0 if v is None else v for v in read), dtype=np.int64, count=len(read)), mask)


def exact_ns(text: bytes) -> int | None:
    """``b"1712195495519695.8"`` -> 1712195495519695800 exactly; None for non-numbers."""
    text = text.strip()
    if text[:1] == b'"':
        text = text.strip(b'"')
    try:
        if b"e" in text or b"E" in text:
            return fits(round(float(text) * 1000), NS_MAX)
        whole, _, frac = text.partition(b".")
        sign = -1 if whole.startswith(b"-") else 1
        ns = int(whole) * 1000 + sign * int((frac + b"000")[:3] or b"0")
        if len(frac) > 3 and frac[3:4] >= b"5":
            ns += sign
        return fits(ns, NS_MAX)
    except ValueError:
        return None


def exact_ns_array(texts: list[bytes | None]) -> tuple[np.ndarray, np.ndarray]:
    """(ns, usable) for a column of µs texts, as :func:`exact_ns` reads each one (None: not usable). Plain decimals
    (digits, one point) are read with numpy, by their length and the point's place; any other text by
    :func:`exact_ns`."""
    n = len(texts)
    ns = np.zeros(n, dtype=np.int64)
    usable = np.zeros(n, dtype=bool)
    if not n:
        return ns, usable
    lengths = np.fromiter((len(t) if t is not None else 0 for t in texts), dtype=np.int64, count=n)
    rest = np.zeros(n, dtype=bool)  # rows exact_ns reads one by one
    for length in np.unique(lengths).tolist():
        rows = np.flatnonzero(lengths == length)
        if length < 3:
            rest[rows] = True
            continue
        chars = np.frombuffer(b"".join([texts[i] for i in rows.tolist()]), dtype=np.uint8).reshape(len(rows), length)
        point = chars == ord(".")
        plain = (point.sum(axis=1) == 1) & ((chars >= ord("0")) & (chars <= ord("9")) | point).all(axis=1)
        rest[rows[~plain]] = True
        at = point.argmax(axis=1)
        for p in np.unique(at[plain]).tolist():  # the point's place: the whole µs's digits and the fraction's
            mine = plain & (at == p)
            if p == 0 or p > 16 or p == length - 1:
                rest[rows[mine]] = True
                continue
            digits = chars[mine].astype(np.int64) - ord("0")
            whole = digits[:, :p] @ (10 ** np.arange(p - 1, -1, -1, dtype=np.int64))
            frac = digits[:, p + 1:]
            width = frac.shape[1]
            milli = frac[:, :3] @ (10 ** np.arange(2, 2 - min(width, 3), -1, dtype=np.int64)) if width else 0
            up = (frac[:, 3] >= 5).astype(np.int64) if width > 3 else 0  # the 4th decimal rounds, as exact_ns
            ok = whole <= NS_MAX // 1000 - 1
            value = whole * 1000 + milli + up
            target = rows[mine]
            ns[target[ok]], usable[target[ok]] = value[ok], True
            rest[target[~ok]] = True
    for i in np.flatnonzero(rest).tolist():
        v = exact_ns(texts[i]) if texts[i] is not None else None
        ns[i], usable[i] = (v, True) if v is not None else (0, False)
    return ns, usable


def xyz(values: list[Any]) -> tuple[pd.arrays.IntegerArray, pd.arrays.IntegerArray, pd.arrays.IntegerArray]:
    """Three nullable columns from ``[x, y, z]`` values (grid, block); anything else is ``<NA>``."""
    missing = np.array([v is None for v in values], dtype=bool)
    present = [v for v in values if v is not None] if missing.any() else values
    if not (set(map(type, present)) - {list}) and not (set(map(len, present)) - {3}) \
            and not ({type(x) for v in present for x in v} - {int}):
        arr = np.zeros((len(values), 3), dtype=np.int64)
        try:
            arr[~missing] = np.array(present, dtype=np.int64).reshape(-1, 3)
            return tuple(pd.arrays.IntegerArray(arr[:, j].copy(), missing.copy()) for j in range(3))  # type: ignore[return-value]
        except OverflowError:
            pass
    triples = [(v[0], v[1], v[2]) if type(v) is list and len(v) == 3 else (None, None, None) for v in values]
    return tuple(int_array([t[j] for t in triples]) for j in range(3))  # type: ignore[return-value]

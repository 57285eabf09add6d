"""Interval arithmetic on integer-ns [start, end) spans."""

from __future__ import annotations

import numpy as np


def merge(starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The union of intervals as sorted, disjoint [start, end) pairs."""
    if len(starts) == 0:
        return np.array([], dtype=np.int64), np.array([], dtype=np.int64)
    order = np.argsort(starts, kind="stable")
    s, e = np.asarray(starts, dtype=np.int64)[order], np.asarray(ends, dtype=np.int64)[order]
    running_end = np.maximum.accumulate(e)
    new = np.ones(len(s), dtype=bool)
    new[1:] = s[1:] > running_end[:-1]
    out_s = s[new]
    last = np.append(np.flatnonzero(new)[1:] - 1, len(s) - 1)  # each merged run's last interval
    return out_s, running_end[last]  # the running end never decreases: its value there is the run's end


def union_length(starts: np.ndarray, ends: np.ndarray) -> int:
    """Total ns covered by at least one interval."""
    s, e = merge(starts, ends)
    return int((e - s).sum())


def covered(points: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Boolean per point: inside some [start, end) interval."""
    s, e = merge(starts, ends)
    if len(s) == 0:
        return np.zeros(len(points), dtype=bool)
    i = np.searchsorted(s, points, side="right") - 1
    return (i >= 0) & (points < e[np.maximum(i, 0)])


def overlap_length(starts: np.ndarray, ends: np.ndarray, other_starts: np.ndarray, other_ends: np.ndarray) -> np.ndarray:
    """For each [start, end), the ns it shares with the union of the ``other`` intervals."""
    s, e = merge(other_starts, other_ends)
    if len(s) == 0:
        return np.zeros(len(starts), dtype=np.int64)
    before = np.concatenate([[0], np.cumsum(e - s)])  # union length of the first i intervals

    def covered_until(x: np.ndarray) -> np.ndarray:
        i = np.searchsorted(s, x, side="right")  # intervals starting at or before x
        full = before[np.maximum(i - 1, 0)]
        last = np.clip(x - s[np.maximum(i - 1, 0)], 0, (e - s)[np.maximum(i - 1, 0)])
        return np.where(i > 0, full + last, 0)

    return (covered_until(np.asarray(ends, dtype=np.int64)) - covered_until(np.asarray(starts, dtype=np.int64))).astype(np.int64)


def unions_and_overlap(starts: np.ndarray, ends: np.ndarray, other_starts: np.ndarray,
                       other_ends: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The union of each set (:func:`merge`) and, for each interval of the first union, the ns it shares with the
    second (:func:`overlap_length`): (starts, ends, other_starts, other_ends, overlap)."""
    s, e = merge(starts, ends)
    os_, oe = merge(other_starts, other_ends)
    return s, e, os_, oe, overlap_length(s, e, os_, oe)

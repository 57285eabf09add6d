"""Rows grouped by integer keys, with numpy: what ``DataFrame.groupby(keys, sort=True).ngroup()`` and a sum, min
or max per group give, without pandas' fixed cost per call (a few hundred µs each; the analyses group small tables
many times per trace)."""

from __future__ import annotations

import numpy as np


def group_ids(*keys: np.ndarray) -> tuple[np.ndarray, int, np.ndarray]:
    """(group of each row, number of groups, one row of each group): groups numbered in the keys' sorted order
    (the first key first), as ``groupby(keys, sort=True).ngroup()`` numbers them."""
    keys = tuple(np.asarray(k, dtype=np.int64) for k in keys)
    size = len(keys[0]) if keys else 0
    if size == 0:
        return np.zeros(0, dtype=np.int64), 0, np.zeros(0, dtype=np.int64)
    order = np.lexsort(keys[::-1])
    new = np.zeros(size, dtype=bool)
    new[0] = True
    for k in keys:
        ks = k[order]
        new[1:] |= ks[1:] != ks[:-1]
    group = np.empty(size, dtype=np.int64)
    group[order] = np.cumsum(new) - 1
    return group, int(new.sum()), order[new]


def group_sum(group: np.ndarray, values: np.ndarray, n: int) -> np.ndarray:
    """Each group's sum of ``values`` (int64, exact), 0 for a group without rows."""
    out = np.zeros(n, dtype=np.int64)
    np.add.at(out, group, np.asarray(values, dtype=np.int64))
    return out


def group_min(group: np.ndarray, values: np.ndarray, n: int) -> np.ndarray:
    out = np.full(n, np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(out, group, np.asarray(values, dtype=np.int64))
    return out


def group_max(group: np.ndarray, values: np.ndarray, n: int) -> np.ndarray:
    out = np.full(n, np.iinfo(np.int64).min, dtype=np.int64)
    np.maximum.at(out, group, np.asarray(values, dtype=np.int64))
    return out

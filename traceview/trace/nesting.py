"""Parent and depth of every slice on its thread: the stack walk of TraceLens, vectorised.

A slice is inside the one on top of the stack when it starts before that one ends. Kineto rounds
float µs, so a child may end a few ns after its parent: ends are not compared, only starts
(the TraceLens "event bleed" problem; we accept any overhang rather than pick a tolerance).

The walk, over a thread's slices sorted by start (longest first on ties), pops while the top
ends at or before the new slice's start, then the top is the parent. Every slice it popped ended
at or before a start no later than this one, so **the parent of slice i is the latest slice j < i
of its thread with end_j > start_i** -- whatever overhangs there are. That is a query numpy can
answer for all slices at once: a sparse table of the running maximum of ends over power-of-two
blocks, and a binary lifting from i - 1 back over the blocks that all end by start_i. The table is
built per block of ``BLOCK`` slices (so memory stays O(BLOCK log BLOCK)); the only earlier slices
a block's queries can land on are those still on the stack when the block starts (the ancestors
of the last slice before it), which are carried in front of the block. Depth is the number of
ancestors, counted by pointer doubling.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

#: Slices per sparse table (17 levels of int64 at 64 Ki: ~9 MB at most).
BLOCK = 1 << 16


def nest(slices: pd.DataFrame | Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """``(parent_id, depth)`` arrays aligned with ``slices`` rows (parent -1 where none).

    ``slices`` (a DataFrame, or its columns by name) needs ``slice_id``, ``rank``, ``pid``, ``tid``,
    ``start_ns``, ``dur_ns``.
    The caller turns -1 into ``<NA>``.
    """
    n = len(slices["start_ns"])
    parent = np.full(n, -1, dtype=np.int64)
    depth = np.zeros(n, dtype=np.int32)
    if n == 0:
        return parent, depth
    # Sort by thread, then start, longest first (so an enclosing slice precedes its children).
    pid = slices["pid"].to_numpy(dtype=np.int64, na_value=-(2**62))
    tid = slices["tid"].to_numpy(dtype=np.int64, na_value=-(2**62))
    start = np.asarray(slices["start_ns"])
    dur = np.asarray(slices["dur_ns"])
    rank = np.asarray(slices["rank"])
    keys = (-dur, start, tid, pid)
    order = np.lexsort(keys if rank.min() == rank.max() else (*keys, rank))  # one file: one rank
    pid, tid, rank = pid[order], tid[order], rank[order]
    new_thread = np.ones(n, dtype=bool)
    new_thread[1:] = (pid[1:] != pid[:-1]) | (tid[1:] != tid[:-1]) | (rank[1:] != rank[:-1])
    start = start[order]
    par = enclosing(start, start + dur[order], new_thread)
    parent[order] = np.where(par >= 0, np.asarray(slices["slice_id"])[order][np.maximum(par, 0)], -1)
    depth[order] = ancestors(par)
    return parent, depth


def enclosing(start: np.ndarray, end: np.ndarray, new_thread: np.ndarray, block: int = BLOCK) -> np.ndarray:
    """Position of each slice's parent in the sorted arrays (-1 for none): the stack walk's answer.

    ``start``/``end`` int64 in walk order (thread by thread, start ascending, longest first);
    ``new_thread[i]`` is True where a thread's slices begin.
    """
    n = len(start)
    pos = np.arange(n, dtype=np.int64)
    thread_first = np.maximum.accumulate(np.where(new_thread, pos, 0))
    parent = np.full(n, -1, dtype=np.int64)
    carried = np.zeros(0, dtype=np.int64)  # positions on the stack when the block starts, oldest first
    for b0 in range(0, n, block):
        b1 = min(n, b0 + block)
        if new_thread[b0]:
            carried = carried[:0]
        c = len(carried)
        # Local array: the carried stack, then the block.
        index = np.concatenate([carried, pos[b0:b1]])
        levels = _max_table(end[index])
        q_start = start[b0:b1]
        at = np.arange(c - 1, c - 1 + b1 - b0, dtype=np.int64)  # each query starts at the slice before it
        first = thread_first[b0:b1]
        floor = np.where(first < b0, 0, first - b0 + c)  # the thread's first local position
        for k in range(len(levels) - 1, -1, -1):
            span = 1 << k
            ok = at - span + 1 >= floor
            ok[ok] = levels[k][at[ok]] <= q_start[ok]
            at[ok] -= span
        found = at >= floor
        parent[b0:b1][found] = index[at[found]]
        # The stack after the block's last slice: it and its ancestors.
        chain = []
        p = b1 - 1
        while p >= 0:
            chain.append(p)
            p = int(parent[p])
        carried = np.array(chain[::-1], dtype=np.int64)
    return parent


def _max_table(values: np.ndarray) -> list[np.ndarray]:
    """``levels[k][p] = max(values[p - 2**k + 1 : p + 1])`` (where that block fits)."""
    levels = [values]
    span = 1
    while 2 * span <= len(values):
        prev = levels[-1]
        nxt = prev.copy()
        np.maximum(prev[span:], prev[:-span], out=nxt[span:])
        levels.append(nxt)
        span *= 2
    return levels


def ancestors(parent: np.ndarray) -> np.ndarray:
    """Number of ancestors of each node, ``parent`` as positions (-1 for a root): pointer doubling."""
    count = (parent >= 0).astype(np.int32)
    jump = parent.copy()
    live = np.flatnonzero(jump >= 0)
    while len(live):
        hop = jump[live]
        count[live] += count[hop]
        jump[live] = jump[hop]
        live = live[jump[live] >= 0]
    return count

"""Parent and depth of every slice on its thread, in one pass per thread (a stack, as in TraceLens).

A slice is inside the one on top of the stack when it starts before that one ends. Kineto rounds
float µs, so a child may end a few ns after its parent: ends are not compared, only starts
(the TraceLens "event bleed" problem; we accept any overhang rather than pick a tolerance).
"""

from __future__ import annotations

import numpy as np
import pandas as pd


def nest(slices: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """``(parent_id, depth)`` arrays aligned with ``slices`` rows (parent -1 where none).

    ``slices`` needs ``slice_id``, ``rank``, ``pid``, ``tid``, ``start_ns``, ``dur_ns``.
    The caller turns -1 into ``<NA>``.
    """
    n = len(slices)
    parent = np.full(n, -1, dtype=np.int64)
    depth = np.zeros(n, dtype=np.int32)
    if n == 0:
        return parent, depth
    # Sort by thread, then start, longest first (so an enclosing slice precedes its children).
    pid = slices["pid"].to_numpy(dtype=np.int64, na_value=-(2**62))
    tid = slices["tid"].to_numpy(dtype=np.int64, na_value=-(2**62))
    start = slices["start_ns"].to_numpy()
    end = start + slices["dur_ns"].to_numpy()
    rank = slices["rank"].to_numpy()
    keys = (-slices["dur_ns"].to_numpy(), start, tid, pid)
    order = np.lexsort(keys if rank.min() == rank.max() else (*keys, rank))  # one file: one rank
    new_thread = np.ones(n, dtype=bool)
    new_thread[1:] = (pid[order][1:] != pid[order][:-1]) | (tid[order][1:] != tid[order][:-1]) | (rank[order][1:] != rank[order][:-1])
    starts = start[order].tolist()
    ends = end[order].tolist()
    ids = slices["slice_id"].to_numpy()[order].tolist()
    par_sorted, dep_sorted = _walk(starts, ends, ids, new_thread.tolist())
    parent[order] = par_sorted
    depth[order] = dep_sorted
    return parent, depth


def _walk(starts: list[int], ends: list[int], ids: list[int], new_thread: list[bool]) -> tuple[list[int], list[int]]:
    parents = [-1] * len(starts)
    depths = [0] * len(starts)
    stack_end: list[int] = []
    stack_id: list[int] = []
    for i, start in enumerate(starts):
        if new_thread[i]:
            stack_end.clear()
            stack_id.clear()
        while stack_end and stack_end[-1] <= start:
            stack_end.pop()
            stack_id.pop()
        if stack_id:
            parents[i] = stack_id[-1]
            depths[i] = len(stack_id)
        stack_end.append(ends[i])
        stack_id.append(ids[i])
    return parents, depths

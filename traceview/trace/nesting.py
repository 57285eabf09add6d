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
    keys = pd.DataFrame(
        {
            "rank": slices["rank"].to_numpy(),
            "pid": slices["pid"].fillna(-(2**62)).to_numpy(dtype=np.int64),
            "tid": slices["tid"].fillna(-(2**62)).to_numpy(dtype=np.int64),
            "start": slices["start_ns"].to_numpy(),
            "neg_dur": -slices["dur_ns"].to_numpy(),
        }
    )
    order = np.lexsort((keys["neg_dur"], keys["start"], keys["tid"], keys["pid"], keys["rank"]))
    thread = keys[["rank", "pid", "tid"]].to_numpy()[order]
    new_thread = np.ones(n, dtype=bool)
    new_thread[1:] = (thread[1:] != thread[:-1]).any(axis=1)
    starts = keys["start"].to_numpy()[order].tolist()
    ends = (keys["start"].to_numpy() - keys["neg_dur"].to_numpy())[order].tolist()
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

"""Walks up the slice tree, vectorised: nearest ancestor matching a mask, and all ancestors. The
one walker: the loader's classification (trace/classify.py) and the analyses use these.

``slices.slice_id`` equals the row position (the loader guarantees it), so ``parent_id`` indexes
numpy arrays directly.
"""

from __future__ import annotations

import numpy as np
import pandas as pd


def parents_array(slices: pd.DataFrame) -> np.ndarray:
    """``parent_id`` as int64 with -1 for none."""
    return slices["parent_id"].fillna(-1).to_numpy(dtype=np.int64)


def _parents_of(parents: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """The parent of each id; -1 for id -1, and for every id of a trace with no slices (GPU events only)."""
    if len(parents) == 0:
        return np.full(len(ids), -1, dtype=np.int64)
    return np.where(ids >= 0, parents[np.maximum(ids, 0)], -1)


def nearest_ancestor(parents: np.ndarray, start: np.ndarray, mask: np.ndarray, include_self: bool = False) -> np.ndarray:
    """For each id in ``start``, the nearest ancestor whose ``mask`` is True (-1 if none).

    ``start`` may hold -1 (no slice): the result is -1 there.
    """
    current = start.astype(np.int64).copy()
    if not include_self:
        current = _parents_of(parents, current)
    found = np.full(len(current), -1, dtype=np.int64)
    active = current >= 0
    while active.any():
        idx = current[active]
        hit = mask[idx]
        positions = np.flatnonzero(active)
        found[positions[hit]] = idx[hit]
        current[positions[hit]] = -1
        current[positions[~hit]] = parents[idx[~hit]]
        active = current >= 0
    return found


def nearest_marked(parents: np.ndarray, depth: np.ndarray, mask: np.ndarray,
                   levels: list[np.ndarray] | None = None) -> np.ndarray:
    """For every slice, itself if ``mask`` is True, else its nearest ancestor with ``mask`` (-1 if none):
    ``nearest_ancestor(parents, all ids, mask, include_self=True)``, a depth level at a time (each
    slice visited once, where the walk up visits it once per level above it). ``mask`` may be k masks
    (k x slices): k answers from one pass (the loader's classification asks four questions at once). ``levels``:
    :func:`by_depth` of ``depth``, when the caller keeps them (``Trace.levels``)."""
    n = len(parents)
    found = np.where(mask, np.arange(n, dtype=np.int32), np.int32(-1))  # (int32: half the memory traffic)
    if n == 0:
        return found.astype(np.int64)
    levels = levels if levels is not None else by_depth(depth)
    for level in levels[1:]:  # depth 0 has no parent; each level's parents are done
        found[..., level] = np.where(mask[..., level], found[..., level], found[..., parents[level]])
    return found.astype(np.int64)


def outermost_marked(parents: np.ndarray, depth: np.ndarray, mask: np.ndarray,
                     levels: list[np.ndarray] | None = None) -> np.ndarray:
    """For every slice: its outermost marked ancestor, itself included (-1: none)."""
    found = np.where(mask, np.arange(len(parents)), -1)
    if len(parents) == 0:
        return found
    for level in (levels if levels is not None else by_depth(depth))[1:]:
        above = found[parents[level]]
        found[level] = np.where(above >= 0, above, found[level])
    return found


def by_depth(depth: np.ndarray) -> list[np.ndarray]:
    """The slices' positions grouped by depth, shallowest first."""
    if len(depth) == 0:
        return [np.zeros(0, dtype=np.int64)]
    if 0 <= int(depth.min()) and int(depth.max()) < 2**15:  # a radix sort: ~8x faster than int64's
        depth = depth.astype(np.int16)
    order = np.argsort(depth, kind="stable")
    bounds = np.searchsorted(depth[order], np.arange(1, int(depth.max()) + 1))
    return np.split(order, bounds)


def outermost(parents: np.ndarray, depth: np.ndarray, mask: np.ndarray,
              levels: list[np.ndarray] | None = None) -> np.ndarray:
    """Boolean per slice: ``mask`` is True and no ancestor's is (every slice at once, one pass per
    depth level: what ``nearest_ancestor`` from each marked slice gives, without a walk up from each). ``mask`` may be
    k masks (k x slices): k answers from one pass."""
    if len(parents) == 0:
        return mask.copy()
    if int(np.count_nonzero(mask)) * SPARSE < mask.size:  # few marked slices: up their own ancestors only
        return _outermost_sparse(parents, mask)
    around = nearest_marked(parents, depth, mask, levels)
    return mask & ((parents < 0) | (around[..., np.maximum(parents, 0)] < 0))


#: :func:`outermost` walks up from the marked slices alone when fewer than one in SPARSE is marked: the level walk
#: touches every slice at every level (a compile-included trace's compile spans are a few hundred of ~100k slices).
SPARSE = 16


def _outermost_sparse(parents: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """:func:`outermost` from the marked slices alone: those with no marked slice above them."""
    out = np.zeros(mask.shape, dtype=bool)
    for flat, marked in zip(out.reshape(-1, mask.shape[-1]), mask.reshape(-1, mask.shape[-1])):
        rows = np.flatnonzero(marked)
        flat[rows[outermost_marked_at(parents, parents[rows], marked) < 0]] = True
    return out


def outermost_marked_at(parents: np.ndarray, start: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """For each of ``start`` (-1: none), the outermost slice with ``mask`` on its way up, itself included (-1:
    none): :func:`outermost_marked` at those rows, walking up from them alone (steps: their depth; work: their
    ancestors, not every slice of the trace)."""
    current = np.asarray(start, dtype=np.int64).copy()
    found = np.full(len(current), -1, dtype=np.int64)
    live = np.flatnonzero(current >= 0)
    while len(live):
        at = current[live]
        found[live] = np.where(mask[at], at, found[live])
        current[live] = parents[at]
        live = live[current[live] >= 0]
    return found


def ancestor_pairs(parents: np.ndarray, start: np.ndarray, mask: np.ndarray, include_self: bool = False) -> pd.DataFrame:
    """Every (start position, ancestor id) pair with ``mask[ancestor]`` True: columns ``row``, ``ancestor``."""
    current = start.astype(np.int64).copy()
    if not include_self:
        current = _parents_of(parents, current)
    return _chain_pairs(current, lambda idx: parents[idx], mask)


def marked_chain_pairs(parents: np.ndarray, nearest: np.ndarray, start: np.ndarray, include_self: bool = False) -> pd.DataFrame:
    """:func:`ancestor_pairs` read from a column the loader computed: ``nearest`` holds, for every
    slice, itself if marked, else its nearest marked ancestor (-1: none; the slice table's
    ``region_id``...). Hops from marked slice to marked slice, so the walk costs the marked
    ancestors (a region call or two), not the whole stack."""
    if len(parents) == 0:
        current = np.full(len(start), -1, dtype=np.int64)
    else:
        first = start if include_self else _parents_of(parents, start.astype(np.int64))
        current = np.where(first >= 0, nearest[np.maximum(first, 0)], -1)

    def up(idx: np.ndarray) -> np.ndarray:
        above = parents[idx]
        return np.where(above >= 0, nearest[np.maximum(above, 0)], -1)

    return _chain_pairs(current, up, None)


def _chain_pairs(current: np.ndarray, up, keep: np.ndarray | None) -> pd.DataFrame:
    """(row, ancestor) for every slice ``current`` visits, ``up`` taking each to the next (-1: done), kept where
    ``keep`` (every visit when None)."""
    rows: list[np.ndarray] = []
    ancestors: list[np.ndarray] = []
    positions = np.arange(len(current))
    active = current >= 0
    while active.any():
        idx = current[active]
        pos = positions[active]
        hit = keep[idx] if keep is not None else np.ones(len(idx), dtype=bool)
        rows.append(pos[hit])
        ancestors.append(idx[hit])
        current[active] = up(idx)
        active = current >= 0
    if not rows:
        return pd.DataFrame({"row": np.array([], dtype=np.int64), "ancestor": np.array([], dtype=np.int64)})
    return pd.DataFrame({"row": np.concatenate(rows), "ancestor": np.concatenate(ancestors)})


def mark_subtrees(slices: pd.DataFrame, roots: np.ndarray) -> np.ndarray:
    """Boolean per slice: True for ``roots`` and everything nested under them."""
    parents = parents_array(slices)
    inside = np.zeros(len(slices), dtype=bool)
    inside[roots] = True
    has_root = nearest_marked(parents, slices["depth"].to_numpy(), inside) >= 0
    return has_root


#: Moments :func:`innermost_at` walks at once.
_CHUNK = 1 << 17


def innermost_at(parents: np.ndarray, end_ns: np.ndarray, ordered: np.ndarray, starts: np.ndarray, points: np.ndarray,
                 closed: bool = False) -> np.ndarray:
    """For each moment in ``points``: the innermost of one thread's slices running there (-1: none).

    ``ordered``: the thread's slice ids sorted by (start, depth), ``starts`` their start times. The last slice started
    at or before a moment is the innermost if it still runs (its end after the moment; at or after it when
    ``closed``), else one of its ancestors is: only the moments whose candidate has ended walk up (lost exits nest
    ~2,000 deep). Moments are taken ``_CHUNK`` at a time: a long with_stack thread has ~1 M of them, and the walk's
    fancy-indexed temporaries over all of them at once were the critical path's memory peak (~30 MB)."""
    if len(points) > _CHUNK:
        out = np.empty(len(points), dtype=np.int64)
        for i in range(0, len(points), _CHUNK):
            out[i:i + _CHUNK] = innermost_at(parents, end_ns, ordered, starts, points[i:i + _CHUNK], closed)
        return out
    at = np.searchsorted(starts, points, side="right")
    at -= 1
    none = at < 0
    at[none] = 0
    current = ordered[at] if len(ordered) else np.full(len(points), -1, dtype=np.int64)
    del at  # (in place: a long thread's moments are ~1 M; each temporary is 8 MB)
    current[none] = -1
    active = np.flatnonzero(current >= 0)
    while len(active):
        ended = end_ns[current[active]]
        active = active[ended < points[active] if closed else ended <= points[active]]
        current[active] = parents[current[active]]
        active = active[current[active] >= 0]
    return current

"""Python frames whose exit the profiler lost, ended where their last call ends.

With ``with_stack=True`` the Python tracer records each frame's entry and exit. While Dynamo and
Inductor compile, it loses the exit of some calls (a C function that leaves by an exception:
FakeTensor methods, ``<built-in method __exit__ of pybind11...>``, ``<built-in function next>``
ending a generator). Kineto then ends such a frame late: at the profiler's stop, or when its thread
next unwinds past it. By time it "contains" what its thread did afterwards, and nesting by
containment hangs that under it (stacks thousands deep; a compiled region's kernels, or a
CUDA-graph recording's, under the frame instead of the region or the recording)::

    region      [Torch-Compiled Region: 1/0 ......]
    python        [next]---------------------------------------------------------> (stop)
    python              [frame]   [frame]   [frame] ...   (later calls of its caller)

Each ``python_function`` event names its own place in the tracer's call tree (``Python id``,
``Python parent id``), which time cannot fake. A frame lost its exit when it ends

- after its caller ends (its caller's end once that is right itself), or
- at the stop without being on its thread's open chain: the frames still open at the stop are one
  chain per thread, the frame that started last among those ending there, and its callers.

(Not "after its caller's next call starts": the tracer's tree has such overlaps in traces whose
frames all end inside their callers, e.g. vLLM's on ROCm, so that would end good frames early.)

Such a frame is ended where its last Python callee ends (the tree says which calls ran inside it),
or at its own start when it called none::

    python        [next]          (ends with its last callee; the later frames are its caller's)

``close_lost_frames`` does this on the host columns before nesting, and returns how many frames it
ended (the load notes say so).
"""

from __future__ import annotations

from typing import Any

import numpy as np

_NONE = np.iinfo(np.int64).min
_LAST = np.iinfo(np.int64).max  # "no bound"


def close_lost_frames(host: dict[str, Any], tolerance_ns: int) -> int:
    """End the lost-exit Python frames of ``host`` (the slice columns before nesting: ``cat``,
    ``pid``, ``tid``, ``start_ns``, ``dur_ns``, ``end_ns``, ``python_id``, ``python_parent_id``)
    in place; returns how many there were. ``tolerance_ns``: the timestamps' rounding."""
    rows = _python_rows(host)
    if len(rows) < 2:
        return 0
    tree = _CallTree(host, rows)
    start, end = host["start_ns"][rows], host["end_ns"][rows]
    lost = np.zeros(len(rows), dtype=bool)
    lost[_off_open_chain(host, rows, tree, np.flatnonzero(end >= end.max() - tolerance_ns))] = True
    lost = tree.ending_late(end, lost, tolerance_ns)
    if not lost.any():
        return 0
    end = tree.ended_with_callees(start, end, lost)
    changed = rows[lost]
    host["end_ns"][changed] = end[lost]
    host["dur_ns"][changed] = end[lost] - host["start_ns"][changed]
    return int(lost.sum())


def _python_rows(host: dict[str, Any]) -> np.ndarray:
    """Rows of ``python_function`` slices that carry a ``Python id``."""
    cats = host["cat"]  # a Categorical
    if "python_function" not in cats.categories:
        return np.zeros(0, dtype=np.int64)
    is_python = cats.codes == cats.categories.get_loc("python_function")
    return np.flatnonzero(is_python & ~host["python_id"]._mask)


class _CallTree:
    """The tracer's call tree over the Python rows: each frame's caller (a position, -1 when the
    trace lacks it or it ran on another thread)."""

    def __init__(self, host: dict[str, Any], rows: np.ndarray) -> None:
        ids = host["python_id"]._data[rows]
        parent_ids = np.where(host["python_parent_id"]._mask[rows], -1, host["python_parent_id"]._data[rows])
        caller = _positions_of(ids, parent_ids)
        # a caller on the same thread (autograd's thread names the frame that called backward())
        pid, tid = host["pid"]._data[rows], host["tid"]._data[rows]
        at = np.maximum(caller, 0)
        self.parent = np.where((caller >= 0) & (pid[at] == pid) & (tid[at] == tid), caller, -1)
        self.ids = ids

    def ending_late(self, end: np.ndarray, lost: np.ndarray, tolerance_ns: int) -> np.ndarray:
        """``lost`` with every frame that ends after its caller's latest possible end added: the
        caller's end, or, for a caller that lost its exit too, the bound its own caller sets."""
        has = self.parent >= 0
        caller = np.maximum(self.parent, 0)
        lost = lost | (has & (end - tolerance_ns > end[caller]))
        while True:  # down chains of lost frames, a level per pass (a few passes)
            bound = self._bounds(end, lost)
            late = has & lost[caller] & ~lost & (end - tolerance_ns > bound[caller])
            if not late.any():
                return lost
            lost |= late

    def _bounds(self, end: np.ndarray, lost: np.ndarray) -> np.ndarray:
        """The latest each lost frame can really end: its caller's end, or its caller's bound when
        that one is lost too (callers first: a caller's id is smaller)."""
        bound = end.copy()
        for k in np.flatnonzero(lost)[np.argsort(self.ids[lost], kind="stable")].tolist():
            p = int(self.parent[k])
            bound[k] = _LAST if p < 0 else int(bound[p])
        return bound

    def ended_with_callees(self, start: np.ndarray, end: np.ndarray, lost: np.ndarray) -> np.ndarray:
        """``end`` with each lost frame ended where its last callee ends (itself ended first when
        lost too), or at its own start."""
        callee_end = np.full(len(end), _NONE, dtype=np.int64)
        has = self.parent >= 0
        kept = np.flatnonzero(has & ~lost & lost[np.maximum(self.parent, 0)])  # callees of lost frames
        np.maximum.at(callee_end, self.parent[kept], end[kept])
        out = end.copy()
        for k in np.flatnonzero(lost)[np.argsort(-self.ids[lost], kind="stable")].tolist():  # callees first
            out[k] = max(int(start[k]), int(callee_end[k]))
            p = int(self.parent[k])
            if p >= 0:
                callee_end[p] = max(int(callee_end[p]), int(out[k]))
        return out


def _positions_of(ids: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """The position in ``ids`` of each of ``wanted`` (-1: not there). The tracer numbers frames
    1, 2, 3...: a table indexed by id when they are that dense, else a sorted search."""
    top = int(max(ids.max(), wanted.max()))
    if ids.min() >= 0 and top < 4 * len(ids) + 1024:
        table = np.full(top + 1, -1, dtype=np.int64)
        table[ids] = np.arange(len(ids))
        return np.where(wanted >= 0, table[np.clip(wanted, 0, top)], -1)
    by_id = np.argsort(ids, kind="stable")
    at = np.minimum(np.searchsorted(ids[by_id], wanted), len(ids) - 1)
    return np.where((wanted >= 0) & (ids[by_id[at]] == wanted), by_id[at], -1)


def _off_open_chain(host: dict[str, Any], rows: np.ndarray, tree: _CallTree, at_stop: np.ndarray) -> np.ndarray:
    """The positions among ``at_stop`` (frames ending at the stop) that are not on their thread's
    open chain: the one that started last, and its callers (which, still open, end there too)."""
    pid, tid, start = host["pid"]._data[rows], host["tid"]._data[rows], host["start_ns"][rows]
    latest: dict[tuple[int, int], int] = {}
    for k in at_stop.tolist():  # a few thousand at most
        key = (int(pid[k]), int(tid[k]))
        if key not in latest or start[k] >= start[latest[key]]:
            latest[key] = k
    on_chain: set[int] = set()
    for k in latest.values():
        while k >= 0 and k not in on_chain:
            on_chain.add(k)
            k = int(tree.parent[k])
    return np.array([k for k in at_stop.tolist() if k not in on_chain], dtype=np.int64)

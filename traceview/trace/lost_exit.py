"""Python frames whose exit the profiler lost, ended where their last call ends.

With ``with_stack=True`` the Python tracer records each frame's entry and exit. While Dynamo and
Inductor compile, it loses the exit of some calls (a C function that leaves by an exception:
FakeTensor methods, ``<built-in method __exit__ of pybind11...>``, ``<built-in function next>``
ending a generator). Kineto ends such a frame at the profiler's stop, so by time it "contains"
everything its thread did afterwards, and nesting by containment hangs the rest of the run under
it (stacks thousands deep; a compiled region's kernels under the frame instead of the region)::

    region      [Torch-Compiled Region: 1/0 ......]
    python        [next]---------------------------------------------------------> (stop)
    python              [frame]   [frame]   [frame] ...   (later calls of its caller)

Each ``python_function`` event names its own place in the tracer's call tree (``Python id``,
``Python parent id``), which time cannot fake. The frames still open at the stop are one chain per
thread: the frame that started last among those ending at the stop, and its callers. Every other
frame ending at the stop lost its exit: it is ended where its last Python callee ends (the tree
says which calls ran inside it), or at its own start when it called none::

    python        [next]          (ends with its last callee; the later frames are its caller's)

``close_lost_frames`` does this on the host columns before nesting, and returns how many frames it
ended (the load notes say so).
"""

from __future__ import annotations

from typing import Any

import numpy as np


def close_lost_frames(host: dict[str, Any], tolerance_ns: int) -> int:
    """End the lost-exit Python frames of ``host`` (the slice columns before nesting: ``cat``,
    ``pid``, ``tid``, ``start_ns``, ``dur_ns``, ``end_ns``, ``python_id``, ``python_parent_id``)
    in place; returns how many there were. ``tolerance_ns``: how close to the stop "at the stop" is."""
    rows = _python_rows(host)
    if len(rows) == 0:
        return 0
    start, end = host["start_ns"], host["end_ns"]
    at_stop = rows[end[rows] >= int(end[rows].max()) - tolerance_ns]
    lost = _lost(host, at_stop)
    if len(lost) == 0:
        return 0
    ids, parent_ids = host["python_id"]._data, host["python_parent_id"]
    lost_ids = ids[lost]
    place = {int(i): k for k, i in enumerate(lost_ids.tolist())}
    # the latest end of each lost frame's callees that kept their exit
    callee_end = np.full(len(lost), np.iinfo(np.int64).min, dtype=np.int64)
    callees = rows[np.isin(parent_ids._data[rows], lost_ids) & ~parent_ids._mask[rows]]
    kept = callees[~np.isin(ids[callees], lost_ids)]
    if len(kept):
        np.maximum.at(callee_end, np.array([place[int(p)] for p in parent_ids._data[kept].tolist()], dtype=np.int64), end[kept])
    # callees before callers: a callee's id is larger (ids are given at entry)
    for k in np.argsort(-lost_ids, kind="stable").tolist():
        row = int(lost[k])
        end[row] = max(int(start[row]), int(callee_end[k]))
        caller = place.get(int(parent_ids._data[row])) if not parent_ids._mask[row] else None
        if caller is not None:
            callee_end[caller] = max(int(callee_end[caller]), int(end[row]))
    host["dur_ns"][lost] = end[lost] - start[lost]
    return len(lost)


def _python_rows(host: dict[str, Any]) -> np.ndarray:
    """Rows of ``python_function`` slices that carry a ``Python id``."""
    cats = host["cat"]  # a Categorical
    if "python_function" not in cats.categories:
        return np.zeros(0, dtype=np.int64)
    is_python = cats.codes == cats.categories.get_loc("python_function")
    return np.flatnonzero(is_python & ~host["python_id"]._mask)


def _lost(host: dict[str, Any], at_stop: np.ndarray) -> np.ndarray:
    """The rows of ``at_stop`` (Python frames ending at the stop) that are not on their thread's open
    chain: the one that started last, and its callers (which, still open, end at the stop too)."""
    if len(at_stop) < 2:
        return np.zeros(0, dtype=np.int64)
    pid, tid, start = host["pid"]._data, host["tid"]._data, host["start_ns"]
    ids, parent_ids = host["python_id"]._data, host["python_parent_id"]
    row_of = {int(ids[r]): r for r in at_stop.tolist()}
    latest: dict[tuple[int, int], int] = {}
    for row in at_stop.tolist():  # a few thousand at most
        key = (int(pid[row]), int(tid[row]))
        if key not in latest or start[row] >= start[latest[key]]:
            latest[key] = row
    open_rows: set[int] = set()
    for row in latest.values():
        while row is not None and row not in open_rows:
            open_rows.add(row)
            row = None if parent_ids._mask[row] else row_of.get(int(parent_ids._data[row]))
    return np.array([r for r in at_stop.tolist() if r not in open_rows], dtype=np.int64)

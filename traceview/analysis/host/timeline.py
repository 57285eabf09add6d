"""The host timeline: what was the host doing at each moment? One process's threads folded into
one timeline.

The critical path (:mod:`traceview.analysis.host.critical_path`) walks back in time over the host, and
at each moment needs the one slice that was running: the innermost slice of a thread, and among the
process's threads, the one whose innermost slice started last. A thread that waits for another
(the main thread inside ``loss.backward()``, while autograd's thread runs the backward) sits in an
older slice or in none, so the thread doing fresh work wins::

    main thread      [step ........ [backward() (waits) ...................] optimizer ...]
    autograd thread                     [evaluate_function] [evaluate_function]
    timeline         step .........  bw  evaluate_function  evaluate_function  optimizer ...

Only threads that launched GPU work (and the step's own thread) take part: a data-loader thread
is never on the path. ``host_timeline(...)`` returns the elementary intervals; between slices
(untraced Python) ``slice_id`` is -1.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from traceview.trace import Trace


@dataclass(frozen=True)
class HostTimeline:
    """Disjoint, sorted [start_ns, end_ns) intervals covering the process's threads from their
    first slice to their last; ``slice_id``: the slice running there (-1: none), ``tid``: its
    thread (the first thread where none runs)."""

    start_ns: np.ndarray
    end_ns: np.ndarray
    slice_id: np.ndarray
    tid: np.ndarray


def host_timeline(trace: Trace, start_all: np.ndarray, end_all: np.ndarray, depth_all: np.ndarray, tid_all: np.ndarray,
                  rows: np.ndarray) -> HostTimeline:
    """The timeline of the slices at positions ``rows`` (one process's chosen threads), see the
    module docstring; the arrays are the slices table's start_ns, end_ns, depth, tid (-1 for none)
    and parent (-1 for none), indexed by slice_id."""
    if len(rows) == 0:
        empty = np.array([], dtype=np.int64)
        return HostTimeline(empty, empty, empty, empty)
    points = np.concatenate([start_all[rows], end_all[rows]])
    points.sort()
    points = points[np.r_[True, points[1:] != points[:-1]]]
    tids = np.unique(tid_all[rows])
    if len(tids) == 1:  # one thread (most processes' launching threads): its innermost slice at each moment
        best = trace.running_at(rows[np.lexsort((depth_all[rows], start_all[rows]))], points)
    else:
        best = np.full(len(points), -1, dtype=np.int64)
        best_start = np.full(len(points), np.iinfo(np.int64).min, dtype=np.int64)
        for tid in tids:
            mine = rows[tid_all[rows] == tid]
            mine = mine[np.lexsort((depth_all[mine], start_all[mine]))]
            inner = trace.running_at(mine, points)  # the innermost running slice of the thread at each moment
            started = np.where(inner >= 0, start_all[np.maximum(inner, 0)], np.iinfo(np.int64).min)
            wins = (inner >= 0) & (started > best_start)
            best[wins] = inner[wins]
            best_start[wins] = started[wins]
            del inner, started, wins
        del best_start
    # one interval per point (the last point only closes the previous one); merge equal neighbours
    keep = np.flatnonzero(np.r_[True, best[1:-1] != best[:-2]]) if len(best) > 1 else np.zeros(0, dtype=np.int64)
    slice_id = best[keep].astype(np.int32)  # slice ids fit 32 bits (the walk's memory: one per moment)
    del best
    bounds = np.empty(len(keep) + 1, dtype=points.dtype)  # the intervals tile: each ends where the next starts
    bounds[:-1] = points[keep]
    bounds[-1] = points[-1]
    starts, ends = bounds[:-1], bounds[1:]  # views of one array (a long with_stack thread has ~1 M intervals)
    del points, keep
    tid = tid_all[np.maximum(slice_id, 0)]
    tid[slice_id < 0] = tids[0]
    return HostTimeline(starts, ends, slice_id, tid)

"""Launch calls that waited for room in a full launch queue: in a GPU-bound loop with no synchronisation the host runs
ahead until the queue of launched-but-not-started work is full (CUDA holds about 1,024 entries), and each launch
then blocks until the GPU starts the oldest queued one. That time is a wait on the GPU, not host work: a change that
shortens the GPU's work shortens it (:mod:`.replay` replays it so).

A launch call is such a wait when, as it returned, the window's rank had at least :data:`QUEUE_FULL` activities
launched and not yet started, and it took over :data:`SLOW_FACTOR` times the window's median launch. Its wait is its
time beyond that median; it waited for the activity that started last before it returned (``activity_id``), which
could start once the work launched before it was done.

    >>> queue_waits(trace, window)   # doctest: +SKIP
       slice_id  start_ns  end_ns  wait_ns  activity_id
"""

from __future__ import annotations

from typing import Final

import numpy as np
import pandas as pd

from traceview.analysis.host.streams import Window
from traceview.trace import Trace

#: Queued activities at which the launch queue counts as full (CUDA's holds about 1,024; a few slots are in flight).
QUEUE_FULL: Final[int] = 1000
#: A launch that waited takes over this many times the window's median launch.
SLOW_FACTOR: Final[float] = 4.0

COLUMNS: Final[dict[str, str]] = {"slice_id": "int64", "start_ns": "int64", "end_ns": "int64", "wait_ns": "int64",
                                  "activity_id": "int64"}


def queue_waits(trace: Trace, w: Window) -> pd.DataFrame:
    """The window's launch calls that waited on a full launch queue (see the module docstring)."""
    empty = pd.DataFrame({c: pd.Series(dtype=t) for c, t in COLUMNS.items()})
    la, g = trace.launches, trace.gpu
    if not len(la) or not len(g):
        return empty
    mine = ((la["rank"] == w.rank) & (la["pid"] == w.pid) & (la["start_ns"] >= w.start_ns)
            & (la["start_ns"] <= w.end_ns)).to_numpy(dtype=bool, na_value=False)
    dur = la["dur_ns"].to_numpy()
    if not mine.any():
        return empty
    median = float(np.median(dur[mine]))
    slow = np.flatnonzero(mine & (dur > SLOW_FACTOR * max(median, 1.0)))
    if not len(slow):
        return empty
    lid = g["launch_id"].to_numpy(dtype=np.float64, na_value=-1).astype(np.int64)
    ours = (g["rank"] == w.rank).to_numpy() & (lid >= 0)
    launch_start = pd.Series(la["start_ns"].to_numpy(), index=la["launch_id"].to_numpy()).reindex(lid[ours]).to_numpy()
    queued_at = np.sort(launch_start[~np.isnan(launch_start)].astype(np.int64))
    g_start = g["start_ns"].to_numpy()[ours]
    order = np.argsort(g_start, kind="stable")
    started = g_start[order]
    ids = g["activity_id"].to_numpy()[ours][order]
    ends = la["end_ns"].to_numpy()[slow]
    queue = np.searchsorted(queued_at, ends, side="right") - np.searchsorted(started, ends, side="right")
    last = np.searchsorted(started, ends, side="right") - 1
    full = (queue >= QUEUE_FULL) & (last >= 0)
    rows = slow[full]
    return pd.DataFrame({"slice_id": la["launch_id"].to_numpy()[rows].astype(np.int64),
                         "start_ns": la["start_ns"].to_numpy()[rows].astype(np.int64),
                         "end_ns": ends[full].astype(np.int64),
                         "wait_ns": (dur[rows] - median).astype(np.int64),
                         "activity_id": ids[last[full]].astype(np.int64)})

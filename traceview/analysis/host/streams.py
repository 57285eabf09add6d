"""The GPU side of a replay (:mod:`traceview.analysis.host.replay`): the window's activities as every replay starts
from, and their streams scheduled as the host's launches move."""

from __future__ import annotations

import weakref
from dataclasses import dataclass
import numpy as np
import pandas as pd

from traceview.trace import Trace

@dataclass(frozen=True)
class Window:
    """The steps of one process: (rank, pid), their span, and how many."""

    rank: int
    pid: int
    start_ns: int
    end_ns: int
    steps: int


#: At most this many activities are scheduled in Python at a time (fewer than numpy's per-call cost pays for).
_FEW = 48


@dataclass(frozen=True)
class Activities:
    """The window's GPU activities as every replay of it starts from (launch order): their launch's start, the
    latency each had when its stream was idle (a median where it was busy), duration, stream, activity id; the last
    activity of each launch; each stream's busy-until from the work before the window, and that work (the backlog: per
    stream, its activity ids, the ns of each left to run when the window starts, and their whole durations)."""

    launch: np.ndarray
    latency: np.ndarray
    dur: np.ndarray
    stream: np.ndarray
    activity_id: np.ndarray
    own: dict[int, int]
    ready0: dict[int, int]
    backlog: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]  # stream -> (activity ids, ns left, durations)

    def ready_with(self, new_gpu: dict[int, int]) -> dict[int, int]:
        """Each stream's busy-until with the backlog's activities in ``new_gpu`` taking their new time: a GPU-bound
        loop runs ahead of its host, and the work launched before the window (the steps before it) changes too."""
        ready = dict(self.ready0)
        for st, (ids, left, dur) in self.backlog.items():
            new = pd.Series(ids).map(new_gpu).to_numpy(dtype=np.float64, na_value=np.nan)
            kept = np.divide(new, dur, out=np.ones_like(dur), where=(dur > 0) & ~np.isnan(new))
            ready[st] = int(ready[st] - float((left * (1.0 - np.minimum(kept, 1.0))).sum()))
        return ready


#: (id(trace), window) -> (the trace, its activities): the advice replays one window many times (each change, each
#: step); what does not depend on the change is read once per trace and window (the trace is kept by a weak
#: reference and compared, so a new trace at a reused id is not mistaken for it).
_PREPARED: dict[tuple[int, Window], tuple[weakref.ref, Activities]] = {}


def activities(trace: Trace, w: Window) -> Activities:
    key = (id(trace), w)
    hit = _PREPARED.get(key)
    if hit is not None and hit[0]() is trace:
        return hit[1]
    gpu = trace.gpu
    launches = trace.launches
    mine = (launches["rank"] == w.rank) & (launches["pid"] == w.pid) & (launches["start_ns"] >= w.start_ns) & (launches["start_ns"] <= w.end_ns)
    ml = launches[mine.to_numpy()]
    g = gpu[(gpu["rank"] == w.rank).to_numpy()]
    lid = g["launch_id"].to_numpy(dtype=np.float64, na_value=-1).astype(np.int64)
    in_window = np.isin(lid, ml["launch_id"].to_numpy())
    g_start, g_end = g["start_ns"].to_numpy(), g["end_ns"].to_numpy()
    stream = g["stream"].to_numpy(dtype=np.float64, na_value=-1).astype(np.int64)
    launch_at = pd.Series(ml["start_ns"].to_numpy(), index=ml["launch_id"].to_numpy())
    act = np.flatnonzero(in_window)
    act = act[np.lexsort((g_start[act], launch_at.reindex(lid[act]).to_numpy()))]
    act_launch = launch_at.reindex(lid[act]).to_numpy().astype(np.int64)
    # the launch latency of each activity when its stream was idle; a median stands in where it was busy
    before = ~in_window & (g_end > w.start_ns) & (g_start < w.end_ns)
    ready0: dict[int, int] = {int(k): max(int(v), 0) for k, v in
                              pd.Series(g_end[before]).groupby(stream[before]).max().items()}
    b = np.flatnonzero(before)
    left = (g_end[b] - np.maximum(g_start[b], w.start_ns)).astype(np.float64)
    b_ids, b_dur = g["activity_id"].to_numpy()[b], g["dur_ns"].to_numpy()[b].astype(np.float64)
    backlog = {int(st): (b_ids[on], left[on], b_dur[on]) for st in np.unique(stream[b]) for on in [stream[b] == st]}
    # each activity's stream was busy until the latest end of the work before it there (in launch order)
    prev_end = np.full(len(act), -1, dtype=np.int64)
    act_streams = stream[act]
    for st in np.unique(act_streams):
        m = np.flatnonzero(act_streams == st)
        running = np.maximum.accumulate(np.maximum(g_end[act[m]].astype(np.int64), ready0.get(int(st), -1)))
        prev_end[m[1:]] = running[:-1]
        prev_end[m[0]] = ready0.get(int(st), -1)
    idle = prev_end <= act_launch
    lat_all = g_start[act] - act_launch
    lat_med = int(np.median(lat_all[idle])) if idle.any() else 5000
    lat = np.where(idle, np.maximum(lat_all, 0), lat_med)
    # the activity of each launch (the last, where a launch has several)
    launch_ids, last_first = np.unique(lid[act][::-1], return_index=True)
    own = dict(zip(launch_ids.tolist(), (len(act) - 1 - last_first).tolist()))
    acts = Activities(act_launch, lat.astype(np.int64), g["dur_ns"].to_numpy()[act].astype(np.int64), act_streams,
                       g["activity_id"].to_numpy()[act], own, ready0, backlog)
    if len(_PREPARED) > 16:
        _PREPARED.clear()
    _PREPARED[key] = (weakref.ref(trace), acts)
    return acts



class Streams:
    """The window's GPU streams as a replay schedules them: activities in launch order, each starting when it is
    ready (its launch, moved by the host's shift so far, plus its latency) and its stream is free: start_k =
    max(a_k, end_{k-1}). ``ends``: each scheduled activity's end; ``last``: the latest end so far."""

    def __init__(self, ready0: dict[int, int], act_ready: np.ndarray, dur: np.ndarray, stream: np.ndarray,
                 start_ns: int):
        self.ready = dict(ready0)
        self.backlog_done = max(ready0.values()) if ready0 else None  # the work launched before the window
        self.act_ready, self.dur, self.stream = act_ready, dur, stream
        self.ends = np.zeros(len(dur), dtype=np.int64)
        self.done_upto = 0
        self.last = max(ready0.values()) if ready0 else start_ns
        self.few: tuple[list[int], list[int], list[int]] | None = None  # the three as Python ints, when first needed
        self.scheduled_max: int | None = None  # the latest end of the activities scheduled so far

    def schedule(self, upto: int, shift_now: int) -> None:
        """Activities done_upto..upto-1 (launched in order) on their streams, launched ``shift_now`` later. A few
        at a time in Python; many at once per stream, the recurrence unrolled: end_k = c_k + max(ready,
        max_{j<=k}(a_j - c_{j-1})) with c the running sum of durations (the same integers either way)."""
        lo = self.done_upto
        if upto > lo:
            last = self._few(lo, upto, shift_now) if upto - lo <= _FEW else self._many(lo, upto, shift_now)
            self.last = max(self.last, last)
            self.scheduled_max = last if self.scheduled_max is None else max(self.scheduled_max, last)
        self.done_upto = max(self.done_upto, upto)

    def _few(self, lo: int, upto: int, shift_now: int) -> int:
        if self.few is None:
            self.few = (self.act_ready.tolist(), self.dur.tolist(), np.asarray(self.stream).tolist())
        ready, out = self.ready, []
        for a_k, d_k, st in zip(self.few[0][lo:upto], self.few[1][lo:upto], self.few[2][lo:upto]):
            e = max(a_k + shift_now, ready.get(st, 0)) + d_k
            ready[st] = e
            out.append(e)
        self.ends[lo:upto] = out
        return max(out)

    def _many(self, lo: int, upto: int, shift_now: int) -> int:
        a = self.act_ready[lo:upto] + shift_now
        d = self.dur[lo:upto]
        sts = self.stream[lo:upto]
        for st in np.unique(sts):
            m = np.flatnonzero(sts == st)
            c = np.cumsum(d[m])
            e = c + np.maximum(np.maximum.accumulate(a[m] - (c - d[m])), self.ready.get(int(st), 0))
            self.ends[lo + m] = e
            self.ready[int(st)] = int(e[-1])
        return int(self.ends[lo:upto].max())

    def done_before(self, upto: int, own: int | None, now: int) -> int:
        """When the work launched before activity ``upto`` is done, the work launched before the window included
        (``now`` if none), leaving out ``own``: a copy's own activity, launched by the blocking call itself."""
        if upto == 0:
            ready_at = now
        else:
            ready_at = self.scheduled_max if upto == self.done_upto else int(np.max(self.ends[:upto]))
        if own is not None and own < upto:
            others = np.delete(self.ends[:upto], own)
            ready_at = int(others.max()) if len(others) else now
        # the window's first launches find the GPU busy with the steps before it: a call that waits for the
        # GPU waits for that work too
        return ready_at if self.backlog_done is None else max(ready_at, self.backlog_done)


def gpu_busy_ms(trace: Trace, w: Window) -> float:
    """Union of the GPU activities' time inside the window (all streams of the rank), ms."""
    g = trace.gpu
    if not len(g):
        return 0.0
    mine = (g["rank"] == w.rank).to_numpy()
    a = np.clip(g["start_ns"].to_numpy()[mine], w.start_ns, w.end_ns)
    b = np.clip(g["end_ns"].to_numpy()[mine], w.start_ns, w.end_ns)
    if not len(a):
        return 0.0
    order = np.argsort(a, kind="stable")
    a, reach = a[order], np.maximum.accumulate(b[order])
    first = np.flatnonzero(np.r_[True, a[1:] > reach[:-1]])  # each busy stretch's first activity
    last = np.r_[first[1:] - 1, len(a) - 1]
    return float((reach[last] - a[first]).sum()) / 1e6

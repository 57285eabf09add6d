"""The walk behind :mod:`traceview.analysis.host.critical_path`: one step's window, back from its end.

:class:`PathWalker` holds what every step of a trace looks up (the host timeline of each process;
each rank's GPU activities ordered by stream) and
``PathWalker.step`` walks one window: host time in runs between calls that may wait for the GPU,
then GPU activity by activity (each one's last-arriving dependency: the previous activity on its
stream, its launch, or work on another stream of its device just before it). The rules are in
:mod:`traceview.analysis.host.critical_path`'s docstring.

The host timeline of each process comes from :mod:`traceview.analysis.host.timeline`.
"""

from __future__ import annotations

import bisect
import dataclasses
from array import array
from dataclasses import dataclass
from typing import Final

import numpy as np
import pandas as pd

from traceview.trace.catalogue import tagged
from traceview.trace.by_name import is_one_of
from traceview.trace import Trace
from traceview.trace.schema import API_CATEGORIES
from traceview.analysis.host.timeline import HostTimeline, host_timeline


KINDS: Final[tuple[str, ...]] = ("python_cpu", "launch", "kernel", "memcpy", "comm", "idle")
_CODE: Final[dict[str, int]] = {k: i for i, k in enumerate(KINDS)}
# Host calls that block until GPU work is done, and copies that may (D2H into pageable memory: only when their own
# copy ended inside them): the catalogue's sync_api and async_memcpy_api (trace/catalogue.py).
#: An activity that starts this soon after work on another stream of its device ended, later than
#: its launch and its stream's previous activity, waited for that work (cudaStreamWaitEvent): a
#: released wait starts the next kernel within ~1-2 us on H100/H200; 5 us leaves room for clock jitter.
EVENT_WAIT_SLACK_NS: Final[int] = 5_000
_MIN: Final[int] = int(np.iinfo(np.int64).min)
SEGMENT_COLUMNS: Final[dict[str, str]] = {"kind": "category", "name": "category", "lane": "category",
                                           "start_ns": "int64", "end_ns": "int64", "slice_id": "int32"}
#: ``slice_id``: the host slice a segment ran in (the innermost one on its thread; for a launch, the
#: launching call) or -1 (GPU work, idle, untraced Python between slices).


@dataclass(frozen=True)
class StepPath:
    """One step's critical path: its time split by what was on the path, and the path itself.

    ``segments``: kind (one of KINDS), name (the slice or GPU activity; "" for idle and untraced
    Python), lane ("thread <tid>" or "stream <n>"), start_ns, end_ns (the trace's clock), slice_id,
    in time order. (Float µs copies of the stamps were dropped: nothing read them, and they were a
    third of the result's memory on a long trace.)
    """

    step: int  # step number as step_windows names it (ProfilerStep#N -> N); 0 for the run phase of a trace without steps
    step_ms: float
    breakdown_ms: dict[str, float]  # keys: KINDS; the values sum to step_ms
    segments: pd.DataFrame
    rank: int = 0


@dataclass(frozen=True)
class GpuActivities:
    """One rank's GPU activities ordered by (stream, start), with the lookups the walk needs."""

    start: np.ndarray
    end: np.ndarray
    stream: np.ndarray
    device: np.ndarray
    kind: np.ndarray  # code in KINDS: kernel | memcpy | comm
    name: np.ndarray  # code in the GPU table's name categories (-1: none)
    launch: np.ndarray  # launch_id, -1 when not captured
    prev: np.ndarray  # previous activity on the same (device, stream), -1 for the first
    by_end: np.ndarray  # positions ordered by end
    end_sorted: np.ndarray


@dataclass(frozen=True)
class _GpuLists:
    """:class:`GpuActivities` as typed arrays of the standard library (an item is read several times faster than a
    numpy element, at 8 bytes instead of a Python int's 36 in a list), with each stream's lane and each activity's
    launch start (``MIN`` when not captured)."""

    start: array
    end: array
    stream: array
    device: array
    kind: array  # code in KINDS
    name: array  # code in the walker's names
    launch: array
    launch_at: array
    prev: array
    lane: dict  # stream -> code in the walker's lanes ("stream <n>")
    by_end: array
    end_sorted: array


@dataclass(frozen=True)
class _HostLists:
    """A host timeline's starts, ends, calls that may wait, slice ids and lanes as typed arrays of the standard library
    (read an item at a time by the walk)."""

    start_ns: array
    end_ns: array
    may_wait: array
    slice_id: array
    lane: array


@dataclass(frozen=True)
class _Host:
    """A process's host timeline with, per interval, what the path calls it."""

    line: HostTimeline
    kind: np.ndarray  # code in KINDS: "launch" (a runtime/driver call) | "python_cpu"
    name: np.ndarray  # code in the walker's names: the slice's name, "" between slices (int32)
    lane: np.ndarray  # code in the walker's lanes: "thread <tid>" (int32; the timeline's tid is dropped for it)
    may_wait: np.ndarray  # positions of the intervals whose call may block on the GPU, ascending
    walked: _HostLists  # the same timeline as the walk's steps read it


class PathWalker:
    """The per-trace lookups (host timelines per process, GPU activities per rank) and the walk."""

    def __init__(self, trace: Trace, spans: dict[tuple[int, int], tuple[int, int]] | None = None) -> None:
        """``spans``: per (rank, pid), the [first start, last end] of the windows that will be walked;
        a host timeline then holds only the slices that overlap it (a compile-included trace's
        compilation is most of its slices and never on a run step's path)."""
        self.trace, self.slices, self.parents, self.notes, self.spans = trace, trace.slices, trace.parents, [], spans or {}
        orphans = int(trace.gpu["launch_id"].isna().sum())
        if orphans:
            self.notes.append(f"critical path: {orphans:,} GPU activities have no launch in the trace; on the path they wait "
                              "only for the work before them on their stream")
        s = trace.slices
        self.start_ns, self.end_ns = s["start_ns"].to_numpy(), s["end_ns"].to_numpy()
        self.tid = s["tid"].to_numpy(dtype=np.int64, na_value=-1)
        self.depth = s["depth"].to_numpy()
        self.is_api = is_one_of(s["cat"], API_CATEGORIES)
        self.inner_compile_frame = _inner_compile_frames(s, self.parents)
        self.waits = self.is_api & tagged(s, "sync_api")
        self.maybe_waits = self.is_api & tagged(s, "async_memcpy_api")
        gpu = trace.gpu
        self.own_end = _last_end_per_launch(gpu, self.maybe_waits)  # launch_id -> its last activity's end
        ranks = gpu["rank"].to_numpy()
        self.gpu: dict[int, GpuActivities | _GpuLists] = {int(r): _gpu_of(gpu, np.flatnonzero(ranks == r)) for r in pd.unique(ranks)}
        self.hosts: dict[tuple[int, int], _Host] = {}
        self.launch_rows = trace.launches[["rank", "pid", "tid"]]
        # every segment's name and lane as a code into one categories list per trace (a with_stack
        # trace's path has millions of host segments: no string per segment)
        slice_names = [str(c) for c in s["name"].cat.categories.tolist()]
        extra = [str(c) for c in gpu["name"].cat.categories.tolist()] + [""]
        self.name_code: dict[str, int] = {}
        for n in slice_names + extra:  # two categories may read as one name: one code for both
            self.name_code.setdefault(n, len(self.name_code))
        remap = np.array([self.name_code[n] for n in slice_names] + [self.name_code[""]], dtype=np.int32)
        self.slice_name_code = remap[s["name"].cat.codes.to_numpy()]  # code -1 (no name) -> ""
        self.gpu_name_code = np.array([self.name_code[n] for n in extra], dtype=np.int64)  # GPU name code -1 -> ""
        self.names_dtype = pd.CategoricalDtype(list(self.name_code))
        self.kinds_dtype = pd.CategoricalDtype(list(KINDS))  # (the codes below are made in range: not validated)
        lanes = [f"thread {x}" for x in np.union1d(_distinct(self.tid), [-1])]
        lanes += [f"stream {x}" for x in _distinct(gpu["stream"].to_numpy(dtype=np.int64, na_value=-1))]
        self.lane_code = {n: i for i, n in enumerate(lanes)}
        self.lanes_dtype = pd.CategoricalDtype(lanes)

    def _walkable(self, rank: int) -> _GpuLists | None:
        """The rank's GPU activities as the walk reads them, made when a step of the rank is first walked (they
        replace the numpy arrays)."""
        g = self.gpu.get(rank)
        if g is None or isinstance(g, _GpuLists):
            return g
        launch_at = np.where(g.launch >= 0, self.start_ns[np.maximum(g.launch, 0)] if len(self.start_ns) else _MIN, _MIN)
        lanes = {x: self.lane_code[f"stream {x}"] for x in np.unique(g.stream).tolist()}
        lists = _GpuLists(_typed(g.start), _typed(g.end), _typed(g.stream), _typed(g.device), _typed(g.kind),
                          _typed(self.gpu_name_code[g.name]), _typed(g.launch), _typed(launch_at), _typed(g.prev), lanes,
                          _typed(g.by_end), _typed(g.end_sorted))
        self.gpu[rank] = lists
        return lists

    def host(self, rank: int, pid: int, owner_tid: int) -> _Host:
        if (rank, pid) not in self.hosts:
            s, lr = self.slices, self.launch_rows
            tids = set(lr.loc[(lr["rank"] == rank) & (lr["pid"] == pid), "tid"].dropna().astype(int)) | {owner_tid}
            mask = ((s["rank"] == rank) & (s["pid"] == pid)).to_numpy(dtype=bool, na_value=False) & np.isin(self.tid, list(tids))
            mask &= ~self.inner_compile_frame  # compilation's own Python frames: the outermost stands for them
            if (rank, pid) in self.spans:  # slices overlapping the walked windows (their ancestors overlap too)
                lo, hi = self.spans[(rank, pid)]
                mask &= (self.end_ns > lo) & (self.start_ns < hi)
            rows = np.flatnonzero(mask)
            line = host_timeline(self.trace, self.start_ns, self.end_ns, self.depth, self.tid, rows)
            sid, some = line.slice_id, line.slice_id >= 0
            safe = np.maximum(sid, 0)
            kind = np.where(some & self.is_api[safe], np.int8(_CODE["launch"]), np.int8(_CODE["python_cpu"]))
            name = self.slice_name_code[safe]  # int32
            name[~some] = self.name_code[""]
            lane = np.zeros(len(sid), dtype=np.int16 if len(self.lane_code) < 2**15 else np.int32)
            for x in _distinct(line.tid):  # a few threads
                lane[line.tid == x] = self.lane_code[f"thread {x}"]
            line = dataclasses.replace(line, tid=line.tid[:0])  # the lanes say the tid from here
            may_wait = np.flatnonzero(some & (self.waits[safe] | self.maybe_waits[safe]))
            walked = _HostLists(_typed(line.start_ns), _typed(line.end_ns), _typed(may_wait), _typed(line.slice_id, "i"),
                                _typed(lane, "i"))
            self.hosts[(rank, pid)] = _Host(line, kind, name, lane, may_wait, walked)
        return self.hosts[(rank, pid)]

    def _thread_lane(self, tid: int) -> int:
        return self.lane_code.get(f"thread {tid}", self.lane_code["thread -1"])

    def step(self, rank: int, pid: int, start: int, end: int, number: int, owner: int) -> StepPath:
        """The path of one window [start, end) of process (rank, pid); ``owner``: the step's thread."""
        host = self.host(rank, pid, owner)
        gpu = self._walkable(rank)
        segs: list[tuple[int, int, int, int, int, int]] = []  # start, end, kind, name, lane, slice_id
        runs: list[tuple[int, int, int, int]] = []  # host intervals lo..hi on the path, clipped to [a, b]
        visited: set[int] = set()
        t, lane, at = end, "host", -1  # lane "host": walking the host timeline; "gpu": at activity `at`
        budget, taken = 4 * (len(host.line.start_ns) + (len(gpu.start) if gpu else 0)) + 16, 0
        while taken < budget and t > start:
            if lane == "gpu":
                t, lane, at, n = self._gpu_steps(gpu, at, t, start, segs, visited, budget - taken)
                taken += n
            else:
                t, lane, at = self._host_step(host.walked, gpu, t, start, segs, runs, visited, owner)
                taken += 1
        if t > start:  # the walk stopped stepping back: a bug, not the trace; say so rather than loop
            self.notes.append(f"critical path: the walk of step {number} stopped at {t} ns, before the step's start")
            _emit(segs, start, t, start, _CODE["python_cpu"], self.name_code[""], self._thread_lane(owner))
        return self._step_path(number, rank, start, end, segs, runs, host)

    def _host_step(self, host: _HostLists, gpu, t, start, segs, runs, visited, owner):
        """Back from ``t`` on the host: to the previous call that may wait for the GPU in one run of
        host time; at such a call, to the GPU activity it waited for if one ended inside it."""
        starts, ends, may_wait = host.start_ns, host.end_ns, host.may_wait
        i = bisect.bisect_left(starts, t) - 1  # the interval holding the moment just before t
        if i < 0:
            _emit(segs, start, t, start, _CODE["python_cpu"], self.name_code[""], self._thread_lane(owner))
            return start, "host", -1
        if t > ends[i]:  # after the process's last slice: untraced Python
            _emit(segs, ends[i], t, start, _CODE["python_cpu"], self.name_code[""], self._thread_lane(owner))
            return ends[i], "host", -1
        k = bisect.bisect_right(may_wait, i) - 1
        if k >= 0 and may_wait[k] == i:  # a call that may wait
            sid = host.slice_id[i]
            if gpu is not None and self._blocks(sid):
                g = _last_ended(gpu, int(self.start_ns[sid]), t, visited)
                if g >= 0:
                    _emit(segs, gpu.end[g], t, start, _CODE["launch"], int(self.slice_name_code[sid]), host.lane[i], sid)
                    return gpu.end[g], "gpu", g
            lo = i
        else:
            lo = may_wait[k] + 1 if k >= 0 else 0
        lo = max(lo, bisect.bisect_right(ends, start))
        a = max(starts[lo], start)
        runs.append((lo, i, a, t))
        return a, "host", -1

    def _blocks(self, sid: int) -> bool:
        if self.waits[sid]:
            return True
        return bool(self.maybe_waits[sid]) and sid in self.own_end and self.own_end[sid] <= self.end_ns[sid]

    def _gpu_steps(self, w: _GpuLists, g: int, t: int, start: int, segs: list, visited: set, most: int):
        """From activity ``g`` on the path up to ``t``, back over the GPU work each one waited for (the other stream's
        activity that ended just before it, else its launch, else its stream's previous activity) while the walk stays
        on the GPU, above ``start``, for at most ``most`` steps: (t, lane, at, steps taken). One step per activity, as
        the walk's own loop would take them (the lookups held in locals: a GPU-bound step has thousands)."""
        idle, blank = _CODE["idle"], self.name_code[""]
        w_start, w_end, w_prev, w_stream, w_device = w.start, w.end, w.prev, w.stream, w.device
        w_kind, w_name, w_lane, w_launch, w_launch_at = w.kind, w.name, w.lane, w.launch, w.launch_at
        ends, by_end = w.end_sorted, w.by_end
        append, seen, right = segs.append, visited.add, bisect.bisect_right
        taken = 0
        while True:
            taken += 1
            seen(g)
            stream = w_stream[g]
            lane = w_lane[stream]
            began = w_start[g]
            a = began if began > start else start
            if t > a:
                append((a, int(t), w_kind[g], w_name[g], lane, -1))
            t = began
            p = w_prev[g]
            prev_end = w_end[p] if p >= 0 and p not in visited else _MIN
            launch_at = w_launch_at[g]
            after = t - EVENT_WAIT_SLACK_NS  # max(prev_end, launch_at, t - slack)
            if prev_end > after:
                after = prev_end
            if launch_at > after:
                after = launch_at
            # the not yet visited activity of the device, off this stream, that ended last in (after, t]
            device, other = w_device[g], -1
            i = right(ends, t) - 1
            while i >= 0 and ends[i] > after:
                c = by_end[i]
                if c not in visited and w_device[c] == device and w_stream[c] != stream:
                    other = c
                    break
                i -= 1
            if other >= 0:
                e = w_end[other]
                a = e if e > start else start
                if t > a:
                    append((a, t, idle, blank, lane, -1))
                t, g = e, other
            else:
                launch = w_launch[g]
                if launch >= 0 and launch_at >= prev_end:
                    _emit(segs, launch_at, t, start, _CODE["launch"], int(self.slice_name_code[launch]),
                          self._thread_lane(int(self.tid[launch])), launch)
                    return min(launch_at, t), "host", -1, taken
                if not (p >= 0 and prev_end > _MIN):
                    return t, "host", -1, taken  # nothing before it in the trace: the host was running
                a = prev_end if prev_end > start else start
                if t > a:
                    append((a, t, idle, blank, lane, -1))
                t, g = min(prev_end, t), p
            if t <= start or taken >= most:
                return t, "gpu", g, taken

    def _step_path(self, number: int, rank: int, start: int, end: int, segs: list, runs: list, host: _Host) -> StepPath:
        """The segments (single ones from the GPU walk and jumps, runs of host intervals) in time order."""
        table = np.array(segs, dtype=np.int64).reshape(len(segs), 6)
        single = [table[:, 0], table[:, 1], table[:, 2].astype(np.int8), table[:, 3], table[:, 4], table[:, 5].astype(np.int32)]
        cols = [[c] for c in single]
        if runs:
            lo, hi, a, b = (np.array(x, dtype=np.int64) for x in zip(*runs))
            counts = hi - lo + 1  # each run's intervals lo..hi (lo <= hi: the walk's runs hold their own interval)
            first, last = np.cumsum(np.r_[0, counts[:-1]]), np.cumsum(counts) - 1
            idx = np.arange(int(counts.sum()), dtype=np.int64) + np.repeat(lo - first, counts)
            starts, ends = host.line.start_ns[idx].copy(), host.line.end_ns[idx].copy()
            starts[first], ends[last] = a, b
            for col, values in zip(cols, (starts, ends, host.kind[idx], host.name[idx], host.lane[idx], host.line.slice_id[idx])):
                col.append(values)
        start_ns, end_ns, kind, name, lane, sid = (np.concatenate(c) for c in cols)
        order = np.argsort(start_ns, kind="stable")
        start_ns, end_ns, kind, name, lane, sid = start_ns[order], end_ns[order], kind[order], name[order], lane[order], sid[order]
        per_kind = np.bincount(kind, weights=(end_ns - start_ns).astype(np.float64), minlength=len(KINDS))
        breakdown = {k: float(per_kind[i]) / 1e6 for i, k in enumerate(KINDS)}
        out = pd.DataFrame({"kind": pd.Categorical.from_codes(kind, dtype=self.kinds_dtype, validate=False),
                            "name": pd.Categorical.from_codes(name, dtype=self.names_dtype, validate=False),
                            "lane": pd.Categorical.from_codes(lane, dtype=self.lanes_dtype, validate=False),
                            "start_ns": start_ns, "end_ns": end_ns, "slice_id": sid})
        return StepPath(number, (end - start) / 1e6, breakdown, out, rank)


def walk(trace: Trace, spans: dict[tuple[int, int], tuple[int, int]],
         windows: list[tuple[int, int, int, int, int, int]]) -> tuple[tuple[StepPath, ...], list[str]]:
    """The path of each window (rank, pid, start_ns, end_ns, step number, the step's thread) of the processes whose
    walked spans are ``spans`` ((rank, pid): (first start, last end)), and the walk's notes."""
    walker = PathWalker(trace, spans)
    return tuple(walker.step(*w) for w in windows), walker.notes


def _inner_compile_frames(s: pd.DataFrame, parents: np.ndarray) -> np.ndarray:
    """Python frames of the compile phase inside another compile-phase slice. A host timeline leaves
    them out: on the path, compilation is its outermost frame (with the CPU ops and runtime calls
    made inside it, which stay), and a compile-included with_stack trace holds millions of them
    (2.6 M of the 2.76 M slices of a 735 MB GPT-2 capture)."""
    if "phase" not in s.columns or len(s) == 0:
        return np.zeros(len(s), dtype=bool)
    compiling = (s["phase"] == "compile").to_numpy(dtype=bool, na_value=False)
    parent_compiling = np.where(parents >= 0, compiling[np.maximum(parents, 0)], False)
    return compiling & parent_compiling & (s["cat"] == "python_function").to_numpy(dtype=bool, na_value=False)


def _emit(segs: list, a: int, b: int, floor: int, kind: int, name: int, lane: int, sid: int = -1) -> None:
    """A segment [a, b) clipped below at ``floor``: its kind, name and lane as codes (KINDS, the walker's names and
    lanes)."""
    a = max(int(a), floor)
    if b > a:
        segs.append((a, int(b), kind, name, lane, int(sid)))


def _last_ended(gpu: _GpuLists, after: int, until: int, visited: set[int], device=None, not_stream=None) -> int:
    """The not yet visited activity that ended last in (after, until] (on ``device``, off
    ``not_stream``), -1 if none."""
    w = gpu
    ends, by_end = w.end_sorted, w.by_end
    i = bisect.bisect_right(ends, until) - 1
    while i >= 0 and ends[i] > after:
        g = by_end[i]
        if g not in visited and (device is None or (w.device[g] == device and w.stream[g] != not_stream)):
            return g
        i -= 1
    return -1


def _typed(values: np.ndarray, code: str = "q") -> array:
    """An integer numpy array as the standard library's typed array (no copy through Python ints): int64 (``q``) or
    int32 (``i``)."""
    out = array(code)
    out.frombytes(np.ascontiguousarray(values, dtype=np.int64 if code == "q" else np.int32).tobytes())
    return out


def _distinct(values: np.ndarray) -> np.ndarray:
    """``np.unique`` of an integer array with few distinct values (threads, streams), by hashing: ~5x faster."""
    return np.sort(pd.unique(np.asarray(values)))


def _last_end_per_launch(gpu: pd.DataFrame, launches: np.ndarray) -> dict[int, int]:
    """For each launch (slice id) with ``launches`` True that has GPU activities: the end of its last activity."""
    launch = gpu["launch_id"].to_numpy(dtype=np.int64, na_value=-1)
    picked = np.flatnonzero(launch >= 0)
    picked = picked[launches[launch[picked]]] if len(launches) else picked[:0]
    ids, at = np.unique(launch[picked], return_inverse=True)
    last = np.full(len(ids), np.iinfo(np.int64).min, dtype=np.int64)
    np.maximum.at(last, at.reshape(-1), gpu["end_ns"].to_numpy()[picked].astype(np.int64))
    return dict(zip(ids.tolist(), last.tolist()))


def _gpu_of(gpu: pd.DataFrame, rows: np.ndarray) -> GpuActivities:
    """The GPU activities at positions ``rows`` (one rank's), ordered by (device, stream, start)."""
    stream = gpu["stream"].to_numpy(dtype=np.int64, na_value=-1)[rows]
    device = gpu["device"].to_numpy(dtype=np.int64, na_value=-1)[rows]
    start, end = gpu["start_ns"].to_numpy()[rows], gpu["end_ns"].to_numpy()[rows]
    order = np.lexsort((start, stream, device))
    stream, device, start, end, rows = stream[order], device[order], start[order], end[order], rows[order]
    is_kernel = (gpu["kind"] == "kernel").to_numpy(dtype=bool, na_value=False)[rows]
    comm = gpu["comm"].to_numpy(dtype=bool)[rows]
    kind = np.where(comm, _CODE["comm"], np.where(is_kernel, _CODE["kernel"], _CODE["memcpy"])).astype(np.int64)
    same = np.r_[False, (stream[1:] == stream[:-1]) & (device[1:] == device[:-1])]
    prev = np.where(same, np.arange(len(order)) - 1, -1)
    by_end = np.argsort(end, kind="stable")
    return GpuActivities(start, end, stream, device, kind, gpu["name"].cat.codes.to_numpy()[rows].astype(np.int64),
                         gpu["launch_id"].to_numpy(dtype=np.int64, na_value=-1)[rows], prev, by_end, end[by_end])

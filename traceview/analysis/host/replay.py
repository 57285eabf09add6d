"""What would the steps take if the host did not block? A replay of the steps with a change applied.

The steps of one process are replayed on two clocks, the host's and each GPU stream's, from what the
trace shows: the host's time between calls that block is kept as it was; every GPU activity starts when
its launch (moved by whatever the host saved before it) and the work before it on its stream allow, and
takes as long as it took; a call that blocks the host until the GPU has done the work launched before it
(a ``*Synchronize``, a blocking ``cudaMemcpy``, a copy from pageable memory) waits as long as that work
needs *in the replay*. A change is applied to the replay:

    sync            the synchronisations the script asks for (``.item()``, ``.cpu()``, ``print(tensor)``,
                    ``torch.cuda.synchronize()`` ...) are gone: the host no longer waits there
    pageable_copy   host-to-device copies from pageable memory become asynchronous copies from pinned
                    memory: no wait; the host pays a launch, and pinning the batch when the DataLoader has
                    no workers (pin_memory=True pins in the training process)
    input           the DataLoader's ``__next__`` in the training process becomes a fetch from a worker
                    (:func:`fetch_ms`), and the step cannot be shorter than the workers can make batches

Replaying without a change gives the baseline the saving is taken from, so the replay's own error
(cross-stream waits are not modelled) is in both. Steps are the trace's step windows of the process
that launched the most GPU work (every process's on a CPU-only trace).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from traceview.trace.catalogue import tagged
from traceview.trace.counts import most_common
from traceview.trace.step_windows import StepWindows, usual_steps
from traceview.trace import Trace
from traceview.analysis.host.blocking_calls import CAUSES, Blocking, blocking_calls, in_window  # noqa: F401 - re-exported
from traceview.analysis.host.streams import Streams, Window, activities, gpu_busy_ms

#: The training process's cost of taking one batch from a DataLoader worker (queue, unpickling, a shared-memory
#: segment per tensor whose file descriptor it receives and maps), as ``input`` advice sets a loop up (min(4, cores
#: - 1) persistent workers, the training process busy between batches), measured by ``benchmarks/micro_host.py``
#: for batches of 1, 2 and 4 tensors: ``FETCH_BASE_MS + tensors * FETCH_PER_TENSOR_MS``. H200's 16-core host, five
#: runs: base 0.00-0.41 ms, 0.16-0.39 ms per tensor (2 tensors: 0.60-0.77 ms); this 2-core x86-64 host, three runs:
#: base 0.25-0.33, 0.14-0.16 per tensor (docs/benchmarks/speed.md). On a CPU host the cost of a batch is this alone (its
#: first read is taken as the work it was anyway).
FETCH_BASE_MS = {"gpu": 0.26, "cpu": 0.29}
FETCH_PER_TENSOR_MS = {"gpu": 0.26, "cpu": 0.15}
#: On a GPU host, the whole hand-over of a batch of (data, labels) as a training loop feels it: the loop's time per
#: step with its batches from the workers (made fresh there) less the same loop over a ready batch in the process,
#: the step doing a fixed amount of host work (small kernels launched) and copying the batch to the GPU from
#: pageable memory (``benchmarks/micro_host.py`` ``handover``, arms alternating in rounds in one process; 256 KB to
#: 8 MB, 1-8 ms of host work per step, which hardly matters). Besides ``next()`` it holds the first touch of the
#: worker's shared memory (its copy to the GPU faults the pages in) and what the step loses beside the workers.
#: H200 host, three runs (2026-11-26): 0.90, 1.08, 1.01 ms + 0.265, 0.207, 0.210 ms per MB; their means.
HANDOVER_MS = 1.00
HANDOVER_MS_PER_MB = 0.23
#: Tensors in a batch when the trace shows no collate (a batch of (inputs, labels)).
BATCH_TENSORS = 2


def fetch_ms(device: str, tensors: float, nbytes: float = 0.0) -> float:
    """What taking one batch of ``tensors`` tensors (``nbytes`` copied to the GPU) from a worker costs the training
    process (ms): on a GPU host the measured hand-over of a two-tensor batch of its size, each further tensor's
    segment at the per-tensor cost; on a CPU host the per-tensor fetch."""
    if device == "gpu":
        return HANDOVER_MS + HANDOVER_MS_PER_MB * nbytes / 1e6 + FETCH_PER_TENSOR_MS["gpu"] * (tensors - BATCH_TENSORS)
    return FETCH_BASE_MS[device] + FETCH_PER_TENSOR_MS[device] * tensors


#: pin_memory=True in a loop without workers: what pinning adds to the training process's ``__next__`` as a loop
#: feels it (``benchmarks/micro_pin_loop.py``: a generic network's training step, an in-process DataLoader pinned
#: against not, alternating in rounds in one process; batches of 256 KB to 8 MB; H200 host, 2026-11-28: 0.12-0.41 ms
#: per batch, least squares 0.257 ms + 0.021 ms/MB): ``PIN_MS`` per batch of two tensors (half per copy) and
#: ``PIN_MS_PER_MB`` per MB copied. ``tensor.pin_memory()`` alone, over and over on one tensor (``micro_host.py``:
#: 3 µs + 99 GB/s), is ten times less.
PIN_MS = 0.257
PIN_MS_PER_MB = 0.021
#: With workers and pin_memory=True, the DataLoader's pin-memory thread receives each batch from the workers and
#: pins it; the training process's ``__next__`` takes it from a thread queue: about an in-process ``next()``
#: (``benchmarks/micro_host.py``: 0.008-0.012 ms on the H200 host) and a queue get.
PINNED_NEXT_MS = 0.02


@dataclass(frozen=True)
class ReplayWindow:
    """What the advice replays, read once per trace: the process whose steps are replayed (``window``), each of its
    steps as a window and which are usual (a preempted or paused step is not), the calls that blocked its host, and
    its DataLoader's ``__next__`` calls (:func:`loader_calls`)."""

    window: Window
    steps: list[Window]
    usual: np.ndarray
    blocking: Blocking
    loader: pd.DataFrame
    gpu_ms: float  # the window's GPU busy time, ms (gpu_busy_ms())
    host_events: int  # host slices the profiler recorded in the window's process (host_events())
    batch_tensors: float  # tensors per batch (batch_tensors())
    loader_ms: float  # the DataLoader's __next__, profiled ms per step (the usual steps' where some are not)
    loader_each: list[float]  # ... in each usual step

    def replay(self, trace: Trace, new_host: dict | None = None, removed: set[str] = frozenset(), **kw) -> tuple[float, list[float]]:
        """:func:`replay_usual` of these steps: the window's ms replayed with the change, and each usual step's
        (a preempted or paused step left out: :func:`usual_only`)."""
        total, each = replay_usual(trace, self.window, self.blocking, self.steps, self.usual, new_host, removed, **kw)
        return total, usual_only(each, self.usual)


def replay_window(trace: Trace, windows: StepWindows) -> ReplayWindow | None:
    """The :class:`ReplayWindow` of ``windows`` (the steady steps; None: no steps)."""
    w = process_window(trace, windows)
    if w is None:
        return None
    steps = step_windows_of(windows, w)
    usual = usual_of(steps)
    loader = loader_calls(trace, w)
    l_start, l_end = loader["start_ns"].to_numpy(), loader["end_ns"].to_numpy()  # (within() of each step, from arrays)
    load_each = [float((l_end - l_start)[(l_start >= sw.start_ns) & (l_end <= sw.end_ns)].sum()) / 1e6 for sw in steps]
    load_ms = usual_total(load_each, usual, float((loader["end_ns"] - loader["start_ns"]).sum()) / 1e6) / w.steps
    return ReplayWindow(w, steps, usual, blocking_calls(trace, w), loader, gpu_busy_ms(trace, w),
                        host_events(trace, w), batch_tensors(trace, loader), load_ms, usual_only(load_each, usual))


def process_window(trace: Trace, windows: StepWindows) -> Window | None:
    """The steps of the process with the most launches (on a CPU-only trace: the most steps)."""
    if not len(windows):
        return None
    if len(trace.launches):
        counts = trace.launches.groupby(["rank", "pid"], observed=True).size()
        have = set(zip(windows.rank.tolist(), windows.pid.tolist()))  # the processes with steps
        present = [k for k in counts.sort_values(ascending=False, kind="stable").index if (k[0], k[1]) in have]
        rank, pid = present[0] if present else (windows.rank[0], windows.pid[0])
    else:
        rank, pid = most_common(pd.MultiIndex.from_arrays([windows.rank, windows.pid])).index[0]
    mine = ((windows.rank == rank) & (windows.pid == pid))
    return Window(int(rank), int(pid), int(windows.start_ns[mine].min()), int(windows.end_ns[mine].max()), int(mine.sum()))


def step_windows_of(windows: StepWindows, w: Window) -> list[Window]:
    """Each step of ``w``'s process as a window of its own."""
    mine = np.flatnonzero((windows.rank == w.rank) & (windows.pid == w.pid))
    return [Window(w.rank, w.pid, int(windows.start_ns[i]), int(windows.end_ns[i]), 1) for i in mine]


def usual_of(steps: list[Window]) -> np.ndarray:
    """Which of ``steps`` are usual (:func:`traceview.trace.step_windows.usual_steps`)."""
    return usual_steps([sw.end_ns - sw.start_ns for sw in steps])


def step_ms(w: Window, steps: list[Window]) -> float:
    """The profiled ms of a step of ``w``: the window over its steps, or, where some step is not usual (preempted,
    paused), the mean of the usual ones."""
    each = [(sw.end_ns - sw.start_ns) / 1e6 for sw in steps]
    return usual_total(each, usual_of(steps), (w.end_ns - w.start_ns) / 1e6) / max(w.steps, 1)


def usual_only(values, usual: np.ndarray) -> list:
    """The values of the usual steps (all of them where no step is usual)."""
    return [v for v, u in zip(values, usual) if u] or list(values)


def usual_total(each: list[float], usual: np.ndarray, total: float) -> float:
    """A replay's ``total`` ms over the window, or, where some step is not usual, the usual steps' mean (of
    ``each``, the replay's steps) times the window's steps."""
    if usual.all() or not usual.any() or len(each) != len(usual):
        return total
    return float(np.mean(np.asarray(each)[usual])) * len(usual)


def within(frame: pd.DataFrame, w: Window) -> pd.DataFrame:
    """The rows of a calls or loader table inside ``w``."""
    return frame[((frame["start_ns"] >= w.start_ns) & (frame["end_ns"] <= w.end_ns)).to_numpy()]


def loader_calls(trace: Trace, w: Window) -> pd.DataFrame:
    """The DataLoader's ``__next__`` slices in the window (slice_id, start_ns, end_ns, multiprocess)."""
    s = trace.slices
    inside = in_window(trace, w)
    rows = np.flatnonzero(inside & tagged(s, "dataloader_next"))
    return pd.DataFrame({"slice_id": rows, "start_ns": s["start_ns"].to_numpy()[rows], "end_ns": s["end_ns"].to_numpy()[rows],
                         "multiprocess": tagged(s, "multiprocess_loader")[rows]})


def batch_tensors(trace: Trace, loader: pd.DataFrame) -> float:
    """Tensors per batch: the collate's ``aten::stack`` calls right under each in-process ``__next__`` (one per
    field of the samples), their median; BATCH_TENSORS when none shows (workers collate in their own processes)."""
    s = trace.slices
    if not len(loader):
        return float(BATCH_TENSORS)
    stacks = np.flatnonzero(tagged(s, "stack"))
    if not len(stacks):
        return float(BATCH_TENSORS)
    parents = s["parent_id"].to_numpy(dtype="float64", na_value=np.nan)[stacks]
    per_next = pd.Series(parents).value_counts()
    counts = [int(per_next.get(float(sid), 0)) for sid in loader["slice_id"]]
    counts = [c for c in counts if c > 0]
    return float(np.median(counts)) if counts else float(BATCH_TENSORS)


def replay(trace: Trace, w: Window, blocking: Blocking, new_host: dict[int, int] | None = None,
           removed: set[str] = frozenset(), new_gpu: dict[int, int] | None = None) -> float:
    """ms of the window replayed: blocking calls of a ``removed`` cause take ``new_host[slice_id]`` ns (else
    0), other blocking calls wait for the replayed GPU; host slices in ``new_host`` take that many ns (a host
    interval: ``new_host[(start_ns, end_ns)]``); GPU activities in ``new_gpu`` (by activity_id) take that many ns."""
    return replay_steps(trace, w, blocking, new_host, removed, new_gpu=new_gpu)[0]


def replay_usual(trace: Trace, w: Window, blocking: Blocking, steps: list[Window], usual: np.ndarray,
                 new_host: dict | None = None, removed: set[str] = frozenset(), **kw) -> tuple[float, list[float]]:
    """:func:`replay_steps` over ``steps`` (their ends), the window's ms taken from its usual steps
    (:func:`usual_total`): the window replayed, and each step."""
    total, each = replay_steps(trace, w, blocking, new_host, removed, [sw.end_ns for sw in steps], **kw)
    return usual_total(each, usual, total), each


def replay_steps(trace: Trace, w: Window, blocking: Blocking, new_host: dict | None = None,
                 removed: set[str] = frozenset(), step_ends: list[int] | None = None,
                 new_gpu: dict[int, int] | None = None, host_scale: float = 1.0) -> tuple[float, list[float]]:
    """:func:`replay`, and the replayed ms of each step whose original end is in ``step_ends`` (ascending; the
    host reaches each end moved by what it saved before it; the last step ends when the GPU is done too).
    ``host_scale``: the host's clock runs this much faster or slower (every host time, not the GPU's, is
    multiplied by it: 1 / the profiler's stretch replays the steps as they run without the profiler); the
    durations in ``new_host`` are taken as they are."""
    on_host = _HostClock(w.start_ns, host_scale)
    kept, new_host, waited = _intervals(trace, blocking, new_host or {}, on_host)
    step_ends = [int(on_host(e)) for e in step_ends or []]
    acts = activities(trace, w)
    act_launch = on_host(acts.launch)
    dur = acts.dur
    if new_gpu:
        dur = pd.Series(acts.activity_id).map(new_gpu).fillna(pd.Series(dur)).to_numpy().astype(np.int64)
    gpu = Streams(acts.ready_with(new_gpu) if new_gpu else acts.ready0,
                  np.asarray(act_launch, dtype=np.int64) + acts.latency.astype(np.int64),
                  np.asarray(dur, dtype=np.int64), acts.stream, w.start_ns)
    cut_at = np.searchsorted(act_launch, np.array([iv[0] for iv in kept], dtype=np.int64), side="left").tolist()
    queue_at = _queue_positions(blocking, acts)
    moved: list[int] = []
    shift = 0
    # launches between intervals move by the shift accumulated before them
    for (a, b, sid, cause), upto in zip(kept, cut_at):
        gpu.schedule(upto, shift)
        while len(moved) < len(step_ends) and step_ends[len(moved)] <= a:
            moved.append(step_ends[len(moved)] + shift)
        old = b - a
        if cause in removed or cause == "host":
            new = int(new_host.get(sid, 0))
        elif cause == "queue":  # a launch on a full queue: until the activity it waited for can start
            ready_at = gpu.done_before(queue_at.get(sid, upto), None, a + shift)
            new = max(old - waited[sid], 0) + max(ready_at - (a + shift), 0)
        else:  # still blocks: its own cost, then the replayed GPU's remaining work
            ready_at = gpu.done_before(upto, acts.own.get(sid), a + shift)
            new = max(old - waited[sid], 0) + max(ready_at - (a + shift), 0)
        shift += new - old
    gpu.schedule(len(acts.dur), shift)
    host_end = int(on_host(w.end_ns)) + shift
    total_end = max(host_end, gpu.last)
    moved += [e + shift for e in step_ends[len(moved):]]
    if moved:
        moved[-1] = max(moved[-1], total_end) if step_ends[-1] >= int(on_host(w.end_ns)) else moved[-1]
    edges = [w.start_ns, *moved]
    return (total_end - w.start_ns) / 1e6, [(b - a) / 1e6 for a, b in zip(edges, edges[1:])]


def _queue_positions(blocking: Blocking, acts) -> dict[int, int]:
    """Each full-queue launch's activity waited for, as its position in the replay's launch order."""
    q = blocking.queued
    if q is None or not len(q):
        return {}
    pos = pd.Series(np.arange(len(acts.activity_id)), index=acts.activity_id)
    at = pos.reindex(q["activity_id"].to_numpy()).to_numpy(dtype=np.float64)
    return {int(s): int(a) for s, a in zip(q["slice_id"].to_numpy(), at) if not np.isnan(a)}


@dataclass(frozen=True)
class _HostClock:
    """The host clock, scaled by ``scale`` from the window's start (``scale`` 1: as recorded)."""

    start_ns: int
    scale: float

    def __call__(self, t):
        if self.scale == 1.0:
            return t
        return self.start_ns + ((np.asarray(t, dtype=np.int64) - self.start_ns) * self.scale).astype(np.int64)


def _intervals(trace: Trace, blocking: Blocking, new_host: dict, on_host: _HostClock) -> tuple[list, dict, dict]:
    """The host intervals the replay moves, in order, on the host clock: the calls that block (by cause) and the
    slices and spans given new durations (cause "host"; a span ``(start, end)`` gets a negative id below every
    slice's); an interval inside another (a copy inside __next__) moves with the outer one. Returns the outermost
    intervals (start, end, id, cause), ``new_host`` keyed by those ids, and each blocking call's wait (ns)."""
    listed, waited = blocking.listed()  # (lists: no pandas call per row)
    intervals = list(listed)
    s = trace.slices
    slice_start, slice_end = s["start_ns"].to_numpy(), s["end_ns"].to_numpy()
    spans: dict[int, int] = {}
    for key, dur in new_host.items():
        if isinstance(key, tuple):
            sid = -2 - len(spans)
            spans[sid] = int(dur)
            intervals.append((int(key[0]), int(key[1]), sid, "host"))
        elif key not in waited:
            intervals.append((int(slice_start[key]), int(slice_end[key]), int(key), "host"))
    new_host = {**{k: v for k, v in new_host.items() if not isinstance(k, tuple)}, **spans}
    intervals.sort()
    if on_host.scale != 1.0:
        intervals = [(int(on_host(a)), int(on_host(b)), sid, c) for a, b, sid, c in intervals]
        waited = {k: int(v * on_host.scale) for k, v in waited.items()}
    kept, last_end = [], -1
    for iv in intervals:
        if iv[0] >= last_end:
            kept.append(iv)
            last_end = iv[1]
    return kept, new_host, waited


def host_events(trace: Trace, w: Window, within: pd.DataFrame | None = None) -> int:
    """Host slices the profiler recorded in the window's process (inside ``within``'s intervals, which do not
    overlap, when given): what the profiler's own per-event cost is paid on."""
    s = trace.slices
    mine = in_window(trace, w)
    if within is None:
        return int(mine.sum())
    iv = within.sort_values("start_ns")
    lo, hi = iv["start_ns"].to_numpy(), iv["end_ns"].to_numpy()
    starts, ends = s["start_ns"].to_numpy()[mine], s["end_ns"].to_numpy()[mine]
    k = np.searchsorted(lo, starts, side="right") - 1
    return int(((k >= 0) & (ends <= hi[np.maximum(k, 0)])).sum())

"""The trace plus traceview's findings as extra tracks, for Perfetto UI and chrome://tracing.

The original ``traceEvents`` are written back byte for byte; traceview's events go first in the
list, in a process of their own per rank (``traceview (rank N)``, sorted to the top)::

    traceview (rank 0)
      phases               [compile 0/0 ......][autotune]
      compiled regions                            [Region 0/0: 30 kernels] [Region 0/0] ...
      steps                [ProfilerStep#4: 157 kernels, 1.39 ms GPU ] [ProfilerStep#5 ...
      GPU 0 launch waits          |  |   |          (GPU idle, nothing queued)
      graph replays (GPU)              [cudaGraphLaunch: 82 kernels]
      exposed comm                         [NCCL with no compute beside it]
      GPU 0 memory (MB)    ▁▂▃▅▇▅▃  (a counter: allocated, reserved)

Times are the trace's own (µs, the ``ts`` Kineto wrote), so every new slice lines up with the
kernels and CPU ops it describes.
"""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import msgspec
import pandas as pd

from traceview.analysis.base import intervals

if TYPE_CHECKING:
    from traceview.analysis.result import Analysis
    from traceview.trace import Trace

#: traceview's process ids: far above any Linux pid (at most 2**22), one per rank.
PID_BASE: Final[int] = 1_000_000_000
#: Category of every event traceview adds.
CATEGORY: Final[str] = "traceview"
#: Track (thread) ids inside traceview's process, in the order they are drawn.
TRACKS: Final[dict[str, int]] = {"phases": 1, "compiled regions": 2, "steps": 3, "graph replays (GPU)": 4, "exposed comm": 5}
_WAIT_TRACK, _MEMORY_TRACK = 100, 200  # + device


def annotation_events(trace: Trace, a: Analysis) -> list[dict[str, Any]]:
    """traceview's findings about ``trace`` as chrome-trace events (metadata first)."""
    events: list[dict[str, Any]] = []
    tracks: set[tuple[int, int, str]] = set()

    def slice_(rank: int, track: str, tid: int, name: str, start_ns: int, dur_ns: int, **args: Any) -> None:
        tracks.add((rank, tid, track))
        events.append({"ph": "X", "cat": CATEGORY, "name": name, "pid": PID_BASE + int(rank), "tid": tid,
                       "ts": _us(start_ns), "dur": _us(max(int(dur_ns), 0)), "args": args})

    for row in a.split.spans.itertuples():
        rank = int(trace.slices["rank"].iat[int(row.slice_id)])
        slice_(rank, "phases", TRACKS["phases"], f"{row.phase} {row.compile_id}", row.start_ns, row.end_ns - row.start_ns, event=str(row.name))
    for row in a.regions.calls.itertuples():
        slice_(int(row.rank), "compiled regions", TRACKS["compiled regions"], f"Region {row.region}: {int(row.kernels)} kernels",
               row.start_ns, row.dur_ns, kernels=int(row.kernels), gpu_us=int(row.gpu_ns) / 1e3)
    steps = a.steps.steps
    if len(steps):
        rank_of = trace.slices["rank"].to_numpy()
        for row in steps.itertuples():
            slice_(int(rank_of[int(row.slice_id)]), "steps", TRACKS["steps"], f"{row.name}: {int(row.kernels)} kernels, {row.gpu_ms:.3f} ms GPU",
                   row.start_ns, row.dur_ns, kernels=int(row.kernels), gpu_ms=float(row.gpu_ms))
    for rank, device, start, end in _launch_waits(a):
        slice_(rank, f"GPU {device} launch waits", _WAIT_TRACK + device, "waiting for a launch", start, end - start)
    for rank, launch_id, start, end, kernels, api in _graph_replays(trace):
        slice_(rank, "graph replays (GPU)", TRACKS["graph replays (GPU)"], f"{api}: {kernels} kernels", start, end - start,
               kernels=kernels, launch_id=launch_id)
    for rank, start, end in _exposed_comm(a):
        slice_(rank, "exposed comm", TRACKS["exposed comm"], "exposed communication", start, end - start)
    events.extend(_memory_counters(a, tracks))
    return _metadata(tracks) + events


def _us(ns: int) -> float:
    return int(ns) / 1e3


def _launch_waits(a: Analysis) -> list[tuple[int, int, int, int]]:
    """Run-phase GPU idle gaps (rank, device, start, end) whose ending work was launched after the gap began."""
    t = a.attribution.table
    t = t[(t["phase"] == "run").to_numpy()]
    out = []
    for (rank, device), group in t.groupby(["rank", "device"], dropna=False):
        starts, ends = intervals.merge(group["start_ns"].to_numpy(), group["end_ns"].to_numpy())
        if len(starts) < 2:
            continue
        ordered = group.sort_values("start_ns", kind="stable")
        idx = np.searchsorted(ordered["start_ns"].to_numpy(), starts[1:], side="left")
        launch = ordered["launch_start_ns"].to_numpy(dtype=np.int64, na_value=np.iinfo(np.int64).min)[idx]
        waited = launch >= ends[:-1]
        device = -1 if pd.isna(device) else int(device)
        out.extend((int(rank), device, int(s), int(e)) for s, e in zip(ends[:-1][waited], starts[1:][waited]))
    return out


def _graph_replays(trace: Trace) -> list[tuple[int, int, int, int, int, str]]:
    """Per graph launch: rank, launch_id, first kernel start, last kernel end, kernels, api."""
    from traceview.trace import schema

    launches = trace.launches[trace.launches["api"].isin(schema.GRAPH_LAUNCH_APIS).to_numpy()]
    if launches.empty:
        return []
    replayed = trace.kernels[trace.kernels["launch_id"].isin(launches["launch_id"])]
    spans = replayed.groupby(replayed["launch_id"].astype("int64")).agg(start=("start_ns", "min"), end=("end_ns", "max"), kernels=("start_ns", "size"))
    spans = spans.sort_values("start", kind="stable")  # time order on the GPU
    api = launches.set_index("launch_id")["api"].astype(str)
    rank = launches.set_index("launch_id")["rank"]
    return [(int(rank[i]), int(i), int(r.start), int(r.end), int(r.kernels), api[i]) for i, r in spans.iterrows()]


def _exposed_comm(a: Analysis) -> list[tuple[int, int, int]]:
    """(rank, start, end) of communication with no computation kernel running beside it."""
    if a.comm is None or not a.comm.has_comm:
        return []
    t = a.attribution.table
    kernels = t[(t["kind"] == "kernel").to_numpy()]
    comm = kernels["comm"].to_numpy(dtype=bool)
    out = []
    for rank in sorted(set(kernels["rank"].tolist())):
        mine = (kernels["rank"] == rank).to_numpy()
        s, e = kernels["start_ns"].to_numpy(), kernels["end_ns"].to_numpy()
        comm_s, comm_e = intervals.merge(s[mine & comm], e[mine & comm])
        comp_s, comp_e = intervals.merge(s[mine & ~comm], e[mine & ~comm])
        out.extend((int(rank), start, end) for start, end in subtract(comm_s, comm_e, comp_s, comp_e))
    return out


def subtract(starts: np.ndarray, ends: np.ndarray, other_starts: np.ndarray, other_ends: np.ndarray) -> list[tuple[int, int]]:
    """The parts of the sorted disjoint intervals ``starts/ends`` outside the sorted disjoint ``other`` ones."""
    out = []
    j = 0
    for s, e in zip(starts.tolist(), ends.tolist()):
        while j < len(other_ends) and other_ends[j] <= s:
            j += 1
        k, cur = j, s
        while k < len(other_starts) and other_starts[k] < e:
            if other_starts[k] > cur:
                out.append((cur, int(other_starts[k])))
            cur = max(cur, int(other_ends[k]))
            k += 1
        if cur < e:
            out.append((cur, e))
    return out


def _memory_counters(a: Analysis, tracks: set[tuple[int, int, str]]) -> list[dict[str, Any]]:
    """Allocated / reserved MB per GPU as counter events (downsampled: peaks kept)."""
    from traceview.analysis.kernels.memory import CUDA_DEVICE_TYPE, downsampled_timeline

    if a.memory is None or a.memory.timeline.empty:
        return []
    timeline = downsampled_timeline(a.memory)
    timeline = timeline[(timeline["device_type"] == CUDA_DEVICE_TYPE).fillna(False).to_numpy()]
    out = []
    for row in timeline.itertuples():
        device = int(row.device)
        tracks.add((int(row.rank), _MEMORY_TRACK + device, f"GPU {device} memory"))
        out.append({"ph": "C", "cat": CATEGORY, "name": f"GPU {device} memory (MB)", "pid": PID_BASE + int(row.rank), "tid": _MEMORY_TRACK + device,
                    "ts": _us(row.ts_ns), "args": {"allocated": int(row.allocated_bytes) / 1e6, "reserved": int(row.reserved_bytes) / 1e6}})
    return out


def _metadata(tracks: set[tuple[int, int, str]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for rank in sorted({r for r, _, _ in tracks}):
        pid = PID_BASE + rank
        out.append({"ph": "M", "name": "process_name", "pid": pid, "tid": 0, "args": {"name": f"traceview (rank {rank})"}})
        out.append({"ph": "M", "name": "process_sort_index", "pid": pid, "tid": 0, "args": {"sort_index": -1}})
    for rank, tid, name in sorted(tracks):
        out.append({"ph": "M", "name": "thread_name", "pid": PID_BASE + rank, "tid": tid, "args": {"name": name}})
        out.append({"ph": "M", "name": "thread_sort_index", "pid": PID_BASE + rank, "tid": tid, "args": {"sort_index": tid}})
    return out


def write_annotated(source: Path, trace: Trace, a: Analysis, out: Path) -> Path:
    """Write ``source`` (the trace file ``trace`` was loaded from) with traceview's tracks added to
    ``out`` (gzipped when its name ends in ``.gz``).

    The file is read the way the loader reads it, a piece of its events list at a time, and written
    back piece by piece: every event byte for byte, and a file that is not valid JSON (cut off
    mid-event, NaN) as the loader repaired it, so the output always parses."""
    from traceview.trace import recover
    from traceview.trace.events import whole_pieces
    from traceview.trace.read import read

    repairs = recover.Repairs()
    text = read(Path(source)) or recover.whole_file(Path(source), repairs)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    opener = (lambda p: gzip.open(p, "wb", compresslevel=5)) if out.name.endswith(".gz") else (lambda p: open(p, "wb"))
    with opener(out) as f:
        f.write(b'{"traceEvents": [')
        first = True
        for part in [*(msgspec.json.encode(e) for e in annotation_events(trace, a)), *(p.text for p in whole_pieces(text, repairs))]:
            if part:
                f.write(part if first else b"," + part)
                first = False
        f.write(b"]")
        for key, value in text.header.items():  # known once the events are read
            f.write(b"," + msgspec.json.encode(key) + b":" + msgspec.json.encode(value))
        f.write(b"}")
    return out

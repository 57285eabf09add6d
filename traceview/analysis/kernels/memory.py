"""How much device memory did the program hold, when was the peak, and what was live at it?

A ``profile_memory=True`` trace has one ``[memory]`` event per allocation and free of the caching
allocator (the MEMORY table), each with the device's totals right after it::

    ts      bytes      total_allocated  total_reserved   addr
    t0   +33554432        280934912        341835776      0x7f...000   <- aten::mm's output
    t1       -8192        280926720        341835776      0x7f...200   <- a free

``total_allocated`` over time is the device's allocated memory; its maximum over the trace is
``torch.cuda.max_memory_allocated()`` of the profiled window when the peak statistics were reset
right before it (likewise reserved). At the peak, every allocation made in the trace and not freed
yet is live; each is charged to the innermost CPU op around its event on the allocating thread, the
compiled region and the phase (compile / autotune / run) there. Bytes allocated before the trace
began are live too, but their owner is unknown: ``before_trace_bytes``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import pandas as pd

from traceview.trace import catalogue
from traceview.analysis.base.compile_split import CompileSplit, compile_split
from traceview.trace import Trace

#: Kineto "Device Type" of GPU memory (ROCm's HIP devices report it too).
CUDA_DEVICE_TYPE: Final[int] = 1
_DEVICE: Final[list[str]] = ["rank", "device_type", "device"]
_PEAK_COLUMNS: Final[list[str]] = [*_DEVICE, "peak_allocated_bytes", "peak_reserved_bytes", "peak_ts_ns", "live_bytes",
                                   "before_trace_bytes"]
_LIVE_COLUMNS: Final[list[str]] = [*_DEVICE, "addr", "bytes", "ts_ns", "op", "region", "phase"]
_BY_PHASE_COLUMNS: Final[list[str]] = [*_DEVICE, "phase", "peak_allocated_bytes", "allocated_bytes", "events"]
#: The timeline drawn in reports keeps at most this many points per device (each bin's largest).
TIMELINE_POINTS: Final[int] = 4000


@dataclass(frozen=True)
class MemoryUsage:
    """Device memory over the trace.

    Devices are (rank, device_type, device): ``device_type`` 1 is a GPU (CUDA or ROCm), 0 the CPU
    (its ``device`` <NA>).
    ``timeline``: rank, device_type, device, ts_ns, allocated_bytes, reserved_bytes, one row per event.
    ``peaks``: one row per device: peak_allocated_bytes, peak_reserved_bytes, peak_ts_ns,
    live_bytes (allocations made in the trace and live at the peak), before_trace_bytes (the rest).
    ``live_at_peak``: one row per live allocation at its device's peak: rank, device_type, device,
    addr, bytes, ts_ns, op, region, phase.
    ``by_phase``: rank, device_type, device, phase, peak_allocated_bytes, allocated_bytes (sum of
    allocations), events.
    """

    timeline: pd.DataFrame
    peaks: pd.DataFrame
    live_at_peak: pd.DataFrame
    by_phase: pd.DataFrame

    @property
    def gpu_peaks(self) -> pd.DataFrame:
        return self.peaks[self.peaks["device_type"] == CUDA_DEVICE_TYPE]

    @property
    def peak_allocated_bytes(self) -> int | None:
        """The largest peak of allocated bytes over the GPU devices (None without GPU memory events)."""
        return int(self.gpu_peaks["peak_allocated_bytes"].max()) if len(self.gpu_peaks) else None

    @property
    def peak_reserved_bytes(self) -> int | None:
        """The largest peak of reserved bytes over the GPU devices (None without GPU memory events)."""
        return int(self.gpu_peaks["peak_reserved_bytes"].max()) if len(self.gpu_peaks) else None

    def live_by(self, column: str = "op") -> pd.DataFrame:
        """Live bytes at the peak summed by ``column`` (op, region or phase): rank, device, <column>,
        bytes, blocks; largest first. The unknown owner of bytes allocated before the trace is a row
        of its own ("(allocated before the trace)")."""
        keys = ["rank", "device_type", "device", column]
        live = self.live_at_peak.assign(**{column: self.live_at_peak[column].fillna("(no op)" if column == "op" else "-")})
        out = live.groupby(keys, as_index=False, sort=False, dropna=False).agg(bytes=("bytes", "sum"), blocks=("bytes", "size"))
        before = self.peaks[self.peaks["before_trace_bytes"] > 0]
        rows = [out.astype({"bytes": "int64", "blocks": "Int64"})]
        if len(before):
            rows.append(before[keys[:3]].assign(**{column: "(allocated before the trace)", "bytes": before["before_trace_bytes"].astype("int64"),
                                                   "blocks": pd.array([pd.NA] * len(before), dtype="Int64")}))
        out = pd.concat([r for r in rows if len(r)], ignore_index=True) if any(len(r) for r in rows) else rows[0]
        return out.sort_values("bytes", ascending=False, kind="stable", ignore_index=True)


def memory_usage(trace: Trace, split: CompileSplit | None = None) -> MemoryUsage:
    """Allocated and reserved memory per device, the peaks, and what was live at each peak."""
    memory = trace.memory
    with_totals = memory["total_allocated"].notna().to_numpy()
    if not with_totals.any():  # no profile_memory (most traces): the general path's answer, without its pandas calls
        return _empty_usage(memory.iloc[:0])
    return _usage(memory[with_totals], trace, split)


def _usage(events: pd.DataFrame, trace: Trace, split: CompileSplit | None) -> MemoryUsage:
    """:func:`memory_usage` of the memory events with allocator totals."""
    # time order: the trace lists each thread's events apart, the allocator's totals run in time order
    gpu = events.sort_values("ts_ns", kind="stable", ignore_index=True)
    owner = _owners(trace, gpu, split)
    timeline = _timeline(gpu)
    peaks, live = [], []
    for (rank, device_type, device), part in gpu.groupby(["rank", "device_type", "device"], sort=True, dropna=False):
        rows = part.index.to_numpy()  # time order (ties keep the trace's order)
        allocated = part["total_allocated"].to_numpy(dtype=np.int64)
        at = int(np.argmax(allocated))
        alive = _live(part["addr"].to_numpy(dtype=np.int64, na_value=-1), part["bytes"].to_numpy(dtype=np.int64, na_value=0), at)
        live_rows = rows[alive]
        live_bytes = int(gpu.loc[live_rows, "bytes"].sum())
        peaks.append({"rank": rank, "device_type": device_type, "device": device, "peak_allocated_bytes": int(allocated[at]),
                      "peak_reserved_bytes": int(part["total_reserved"].max()), "peak_ts_ns": int(part["ts_ns"].iloc[at]),
                      "live_bytes": live_bytes, "before_trace_bytes": max(int(allocated[at]) - live_bytes, 0)})
        live.append(pd.DataFrame({"rank": rank, "device_type": device_type, "device": device, "addr": gpu.loc[live_rows, "addr"].array, "bytes": gpu.loc[live_rows, "bytes"].array,
                                  "ts_ns": gpu.loc[live_rows, "ts_ns"].to_numpy(), **{c: owner[c][live_rows] for c in ("op", "region", "phase")}}))
    live_frame = pd.concat(live, ignore_index=True) if live else pd.DataFrame(columns=_LIVE_COLUMNS)
    peak_frame = pd.DataFrame(peaks, columns=_PEAK_COLUMNS)
    peak_frame = peak_frame.astype({"device_type": "Int64", "device": "Int64"})
    live_frame = live_frame.astype({"device_type": "Int64", "device": "Int64"})
    by_phase = _by_phase(gpu, owner["phase"])
    return MemoryUsage(timeline=timeline, peaks=peak_frame, live_at_peak=live_frame.sort_values("bytes", ascending=False, ignore_index=True),
                       by_phase=by_phase)


def _timeline(gpu: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({"rank": gpu["rank"].to_numpy(), "device_type": gpu["device_type"].array, "device": gpu["device"].array,
                         "ts_ns": gpu["ts_ns"].to_numpy(), "allocated_bytes": gpu["total_allocated"].array,
                         "reserved_bytes": gpu["total_reserved"].array})


def _empty_usage(events: pd.DataFrame) -> MemoryUsage:
    """What :func:`_usage` answers for no events (the same columns and dtypes; tests/test_memory.py compares them)."""
    def frame(columns: list[str], nullable_ints: tuple[str, ...] = ()) -> pd.DataFrame:
        return pd.DataFrame({c: pd.array([], dtype="Int64") if c in nullable_ints else np.empty(0, dtype=object) for c in columns})

    return MemoryUsage(timeline=_timeline(events),
                       peaks=frame(_PEAK_COLUMNS, ("device_type", "device")),
                       live_at_peak=frame(_LIVE_COLUMNS, ("device_type", "device")),
                       by_phase=frame(_BY_PHASE_COLUMNS))


def _live(addr: np.ndarray, delta: np.ndarray, at: int) -> np.ndarray:
    """Boolean per event (one device, time order): an allocation at or before ``at`` whose block is
    not freed by ``at`` (its address's next event, a free, comes later or never)."""
    n = len(addr)
    order = np.lexsort((np.arange(n), addr))  # by address, then trace order
    following = np.full(n, n, dtype=np.int64)  # position of the same address's next event
    same = addr[order][1:] == addr[order][:-1]
    following[order[:-1][same]] = order[1:][same]
    return (delta > 0) & (np.arange(n) <= at) & (following > at)


def _owners(trace: Trace, events: pd.DataFrame, split: CompileSplit | None) -> dict[str, np.ndarray]:
    """Per memory event: the innermost cpu_op around it on its thread, the compiled region, the phase."""
    slices = trace.slices
    if events.empty:
        return {c: np.array([], dtype=object) for c in ("op", "region", "phase")}
    enclosing = trace.slice_at(events["rank"].to_numpy(), events["pid"].to_numpy(dtype=np.int64, na_value=-1),
                                events["tid"].to_numpy(dtype=np.int64, na_value=-1), events["ts_ns"].to_numpy())
    names = slices["name"]
    # the op and region call around each slice, itself included, were found at load time
    op, region = (np.where(enclosing >= 0, slices[c].to_numpy(dtype=np.int64, na_value=-1)[np.maximum(enclosing, 0)], -1)
                  if len(slices) else np.full(len(enclosing), -1, dtype=np.int64) for c in ("op_id", "region_id"))
    split = compile_split(trace) if split is None else split

    def pick(ids: np.ndarray, column: pd.Series) -> np.ndarray:
        out = np.full(len(ids), None, dtype=object)
        found = ids >= 0
        out[found] = np.asarray(column.array[ids[found]].astype(str), dtype=object)
        return out

    phase = pick(enclosing, split.slice_phase.reset_index(drop=True))
    return {"op": pick(op, names), "region": np.array([catalogue.region_id(r) if r is not None else None for r in pick(region, names)], dtype=object),
            "phase": np.where(phase == None, "run", phase)}  # noqa: E711 (elementwise)


def _by_phase(gpu: pd.DataFrame, phase: np.ndarray) -> pd.DataFrame:
    frame = pd.DataFrame({"rank": gpu["rank"].to_numpy(), "device_type": gpu["device_type"].array, "device": gpu["device"].array, "phase": phase,
                          "allocated": gpu["total_allocated"].to_numpy(dtype=np.int64), "bytes": gpu["bytes"].to_numpy(dtype=np.int64, na_value=0)})
    if frame.empty:
        return pd.DataFrame(columns=_BY_PHASE_COLUMNS)
    frame["bytes"] = frame["bytes"].clip(lower=0)
    return frame.groupby([*_DEVICE, "phase"], as_index=False, sort=True, dropna=False).agg(
        peak_allocated_bytes=("allocated", "max"), allocated_bytes=("bytes", "sum"), events=("bytes", "size"))


def downsampled_timeline(usage: MemoryUsage, points: int = TIMELINE_POINTS) -> pd.DataFrame:
    """The timeline with at most ``points`` rows per device: each time bin's largest allocated and
    reserved values (peaks survive, the plot stays small)."""
    out = []
    for _, part in usage.timeline.groupby(_DEVICE, sort=True, dropna=False):
        if len(part) <= points:
            out.append(part)
            continue
        ts = part["ts_ns"].to_numpy()
        bins = np.minimum(((ts - ts[0]) * points // max(int(ts[-1] - ts[0]), 1)), points - 1)
        out.append(part.groupby(bins, sort=True).agg(rank=("rank", "first"), device_type=("device_type", "first"), device=("device", "first"), ts_ns=("ts_ns", "first"),
                                                     allocated_bytes=("allocated_bytes", "max"), reserved_bytes=("reserved_bytes", "max")))
    return pd.concat(out, ignore_index=True) if out else usage.timeline

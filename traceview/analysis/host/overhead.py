"""What do launches and the dispatcher cost, and is the GPU waiting for the CPU?

Measured over run-phase work only (compile and autotune launches are not the program's steady cost):

- per launch API: CPU time inside the call, and launch latency (call start -> GPU start);
- per CPU op: dispatch time (op start -> its first launch);
- per device and stream: GPU busy time (union of activities) and idle time within the GPU span;
- launch-bound: idle gaps the GPU spent with nothing queued - the next activity's launch had not
  even started when the GPU went idle - against the time the GPU was busy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from traceview.analysis.base import intervals
from traceview.analysis.kernels.attribution import KernelAttribution
from traceview.analysis.base.compile_split import CompileSplit
from traceview.trace import Trace

#: The GPU is called launch-bound when it waited on the CPU for launches longer than it computed.
LAUNCH_BOUND_RATIO = 1.0
#: A dispatch + launch costs 5-50 µs; an idle gap longer than this is the host doing something else
#: (Python, data loading, a sync, compiling), counted as ``host_wait``, not as launch overhead.
LAUNCH_GAP_MAX_NS = 200_000


@dataclass(frozen=True)
class LaunchOverhead:
    """``per_api``: api, calls, cpu_us_median, cpu_us_p90, cpu_ms_total, latency_us_median, latency_us_p90.
    ``dispatch``: per CPU op name: op, calls, dispatch_us_median (op start -> first launch), launches_per_call.
    ``streams``: per (rank, device, stream): activities, busy_ms, span_ms, idle_ms.
    ``devices``: per (rank, device): busy_ms, span_ms, idle_ms, launch_wait_ms.
    """

    per_api: pd.DataFrame
    dispatch: pd.DataFrame
    streams: pd.DataFrame
    devices: pd.DataFrame
    launch_cpu_us_median: float | None
    launch_latency_us_median: float | None
    gpu_busy_ms: float
    gpu_idle_ms: float
    launch_wait_ms: float  # GPU idle with nothing queued, in gaps short enough to be launch overhead
    host_wait_ms: float  # GPU idle with nothing queued in longer gaps: other host work
    launch_bound: bool = field(init=False)  # the GPU waited for launches longer than LAUNCH_BOUND_RATIO of its work

    def __post_init__(self):
        object.__setattr__(self, "launch_bound",
                           self.gpu_busy_ms > 0 and self.launch_wait_ms > LAUNCH_BOUND_RATIO * self.gpu_busy_ms)


def launch_overhead(trace: Trace, attribution: KernelAttribution, split: CompileSplit | None = None) -> LaunchOverhead:
    """Launch cost, latency, dispatch time and GPU idleness over the run phase.

    With ``split``, idle time while the host was compiling or autotuning is not counted as
    waiting for launches (the GPU waited for the compiler, not for the dispatcher).
    """
    table = attribution.table
    run = np.flatnonzero((table["phase"] == "run").to_numpy())
    work = {col: table[col].array[run] for col in _COLUMNS}  # the columns used, run-phase rows
    busy_host = split.spans if split is not None else None
    launch_id = work["launch_id"].to_numpy(dtype=np.int64, na_value=-1)
    launched = np.flatnonzero(launch_id >= 0)
    first = _first_activity_per_launch(launched, launch_id, work["start_ns"].to_numpy())
    cpu = work["launch_dur_ns"].to_numpy(dtype=np.float64, na_value=np.nan)[first]
    latency = work["launch_to_kernel_ns"].to_numpy(dtype=np.float64, na_value=np.nan)[first]
    streams, devices, (wait_ns, host_ns) = _gpu_time(work, busy_host)
    return LaunchOverhead(
        per_api=_per_api(work["api"].to_numpy(dtype=object)[first], cpu, latency),
        dispatch=_dispatch(trace, work, launched, launch_id),
        streams=streams,
        devices=devices,
        launch_cpu_us_median=_nan_stat(np.median, cpu) / 1e3 if len(cpu) else None,
        launch_latency_us_median=_nan_stat(np.median, latency) / 1e3 if len(latency) else None,
        gpu_busy_ms=float(devices["busy_ms"].sum()) if len(devices) else 0.0,
        gpu_idle_ms=float(devices["idle_ms"].sum()) if len(devices) else 0.0,
        launch_wait_ms=wait_ns / 1e6,
        host_wait_ms=host_ns / 1e6,
    )


#: The attribution columns the overhead analysis reads.
_COLUMNS = ["rank", "device", "stream", "start_ns", "end_ns", "launch_id", "api", "launch_start_ns", "launch_dur_ns",
            "launch_to_kernel_ns", "op_id", "op"]


def _first_activity_per_launch(launched: np.ndarray, launch_id: np.ndarray, start: np.ndarray) -> np.ndarray:
    """Rows of each launch's earliest GPU activity (a graph launch or a multi-kernel op starts
    several), in row order; ``launched``: the rows that have a launch."""
    order = launched[np.argsort(start[launched], kind="stable")]
    _, first = np.unique(launch_id[order], return_index=True)
    return np.sort(order[first])


def _per_api(api: np.ndarray, cpu: np.ndarray, latency: np.ndarray) -> pd.DataFrame:
    """Per launch API (rows: each launch's first activity): calls, CPU time in the call, latency."""
    columns = ["api", "calls", "cpu_us_median", "cpu_us_p90", "cpu_ms_total", "latency_us_median", "latency_us_p90"]
    if not len(api):
        return pd.DataFrame(columns=columns)
    codes, apis = pd.factorize(np.array([str(a) for a in api], dtype=object), sort=True)
    rows = []
    for code, name in enumerate(apis):  # a handful of APIs: numpy per group beats a groupby's setup
        here = codes == code
        c, lat = cpu[here], latency[here]
        rows.append((name, int(here.sum()), _nan_stat(np.median, c) / 1e3, _nan_stat(np.quantile, c, 0.9) / 1e3,
                     float(np.nansum(c)) / 1e6, _nan_stat(np.median, lat) / 1e3, _nan_stat(np.quantile, lat, 0.9) / 1e3))
    values = [list(v) for v in zip(*rows)]
    order = _most_first(np.array(values[1], dtype=np.int64))
    return pd.DataFrame({col: np.array(v, dtype=object if col == "api" else None)[order] for col, v in zip(columns, values)})


def _most_first(counts: np.ndarray) -> np.ndarray:
    """The order ``sort_values(ascending=False)`` gives a column of ``counts`` (pandas' descending sort: the
    reversed values' argsort, reversed), without a frame."""
    at = np.arange(len(counts))[::-1]
    return at[counts[::-1].argsort(kind="quicksort")][::-1]


def _nan_stat(stat, values: np.ndarray, *args) -> float:
    """``stat`` over the non-missing values; NaN when there are none (as pandas' groupby gives)."""
    values = values[~np.isnan(values)]
    return float(stat(values, *args)) if len(values) else float("nan")


def _dispatch(trace: Trace, work: dict[str, Any], launched: np.ndarray, launch_id: np.ndarray) -> pd.DataFrame:
    """Per CPU op name: its calls, the median time from the call's start to its first launch, and
    launches per call."""
    op_id = work["op_id"].to_numpy(dtype=np.int64, na_value=-1)
    rows = launched[op_id[launched] >= 0]
    if not len(rows):
        return pd.DataFrame(columns=["op", "calls", "dispatch_us_median", "launches_per_call"])
    op_codes, op_ids = pd.factorize(op_id[rows], sort=True)  # one code per op call
    launch_ids = launch_id[rows]
    first_launch = np.full(len(op_ids), np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(first_launch, op_codes, work["launch_start_ns"].to_numpy(dtype=np.int64, na_value=0)[rows])
    width = int(launch_ids.max()) + 1
    distinct = np.unique(op_codes.astype(np.int64) * width + launch_ids) // width  # (call, launch) pairs
    _, first_row = np.unique(op_codes, return_index=True)
    launches = np.bincount(distinct, minlength=len(op_ids))
    dispatch = (first_launch - trace.slices["start_ns"].to_numpy()[op_ids]).astype(np.float64)
    # per op name (sorted, as a groupby gives): calls, median dispatch, mean launches
    name_of, names = pd.factorize(work["op"].to_numpy(dtype=object)[rows][first_row], sort=True)
    calls = np.bincount(name_of, minlength=len(names))
    order = np.lexsort((dispatch, name_of))
    starts = np.concatenate(([0], np.cumsum(calls)[:-1]))
    by_dispatch = dispatch[order]
    median = (by_dispatch[starts + (calls - 1) // 2] + by_dispatch[starts + calls // 2]) / 2
    order = _most_first(calls.astype(np.int64))
    return pd.DataFrame({
        "op": np.asarray(names, dtype=object)[order],
        "calls": calls.astype(np.int64)[order],
        "dispatch_us_median": (median / 1e3)[order],
        "launches_per_call": (np.bincount(name_of, weights=launches, minlength=len(names)) / calls)[order],
    })


#: Stands for a missing rank/device/stream in a group key (sorts after every real one, as pandas puts NA last).
_NO_KEY = np.iinfo(np.int64).max


def _key(column: Any) -> np.ndarray:
    return column.to_numpy(dtype=np.int64, na_value=_NO_KEY)


def _key_value(value: np.int64) -> object:
    return pd.NA if value == _NO_KEY else int(value)


def _groups(keys: list[np.ndarray]) -> tuple[list[tuple], np.ndarray]:
    """The distinct rows of the key columns, sorted, and each row's group number (a 1-D np.unique
    on one combined code: a 2-D unique is several times slower)."""
    combined = np.zeros(len(keys[0]), dtype=np.int64)
    values = []
    for column in keys:
        distinct, codes = np.unique(column, return_inverse=True)
        combined = combined * len(distinct) + codes.reshape(-1)
        values.append(distinct)
    groups, inverse = np.unique(combined, return_inverse=True)
    rows = []
    for code in groups.tolist():
        row = []
        for distinct in reversed(values):
            code, digit = divmod(code, len(distinct))
            row.append(distinct[digit])
        rows.append(tuple(reversed(row)))
    return rows, inverse.reshape(-1)


def _gpu_time(work: dict[str, Any], compiling: pd.DataFrame | None) -> tuple[pd.DataFrame, pd.DataFrame, tuple[int, int]]:
    """Busy, span and idle time per stream and per device; per device also the launch and host waits.

    Groups by numpy (a handful of streams: a mask each), on exact int64 times."""
    start, end = work["start_ns"].to_numpy(dtype=np.int64), work["end_ns"].to_numpy(dtype=np.int64)
    launch = work["launch_start_ns"]
    launch_known = ~np.asarray(launch.isna())
    launch_start = launch.to_numpy(dtype=np.int64, na_value=0)
    keys = [_key(work["rank"]), _key(work["device"]), _key(work["stream"])]
    stream_rows, device_rows = [], []
    total_wait = total_host = 0
    streams, stream_of = _groups(keys)
    for k, (rank, device, stream) in enumerate(streams):
        here = stream_of == k
        merged_s, merged_e = intervals.merge(start[here], end[here])
        busy = int((merged_e - merged_s).sum())
        span = int(end[here].max() - start[here].min())
        stream_rows.append({"rank": _key_value(rank), "device": _key_value(device), "stream": _key_value(stream), "activities": int(here.sum()),
                            "busy_ms": busy / 1e6, "span_ms": span / 1e6, "idle_ms": (span - busy) / 1e6})
    devices, device_of = _groups(keys[:2])
    for k, (rank, device) in enumerate(devices):
        here = np.flatnonzero(device_of == k)
        starts, ends = intervals.merge(start[here], end[here])
        busy = int((ends - starts).sum())
        span = int(ends.max() - starts.min()) if len(starts) else 0
        wait, host = _launch_wait(start[here], launch_start[here], launch_known[here], starts, ends, compiling)
        total_wait += wait
        total_host += host
        device_rows.append({"rank": _key_value(rank), "device": _key_value(device), "busy_ms": busy / 1e6, "span_ms": span / 1e6,
                            "idle_ms": (span - busy) / 1e6, "launch_wait_ms": wait / 1e6, "host_wait_ms": host / 1e6})
    return pd.DataFrame(stream_rows), pd.DataFrame(device_rows), (total_wait, total_host)


def _launch_wait(start: np.ndarray, launch_start: np.ndarray, launch_known: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                 compiling: pd.DataFrame | None) -> tuple[int, int]:
    """Idle ns between busy intervals (``starts``/``ends``, merged) where the work that ended the gap
    was launched after the gap began (nothing was queued), less any part the host spent compiling or
    autotuning: ``(ns in gaps up to LAUNCH_GAP_MAX_NS, ns in longer gaps)``. ``start``,
    ``launch_start``, ``launch_known``: the device's activities."""
    if len(starts) < 2:
        return 0, 0
    gap_start, gap_end = ends[:-1], starts[1:]
    order = np.argsort(start, kind="stable")
    # the activity that ends each gap is the first one starting at gap_end
    idx = order[np.searchsorted(start[order], gap_end, side="left")]
    waited = launch_known[idx] & (launch_start[idx] >= gap_start)
    length = (gap_end - gap_start)[waited]
    waited_ns = length
    if compiling is not None and len(compiling):
        waited_ns = waited_ns - intervals.overlap_length(gap_start[waited], gap_end[waited], compiling["start_ns"].to_numpy(), compiling["end_ns"].to_numpy())
    short = length <= LAUNCH_GAP_MAX_NS
    return int(waited_ns[short].sum()), int(waited_ns[~short].sum())

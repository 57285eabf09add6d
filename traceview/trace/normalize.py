"""Raw events -> the typed tables of :mod:`traceview.trace.schema`.

One pass sorts every event into a column buffer by what it is (host slice, GPU activity, GPU
annotation, flow, counter, instant, metadata); a second step joins launches to GPU work by
correlation. Events that cannot be used (no timestamp, a string where a number belongs, a negative
duration, an unknown ``ph``) are skipped and counted in :attr:`TraceMeta.notes`; nothing is
silently dropped.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import msgspec
import numpy as np
import pandas as pd

from traceview.trace import schema
from traceview.trace.columns import MEMORY_ARGS, EventArgs, fill_columns
from traceview.trace.decode import RawEvent, RawTrace, RereadWhole, decode
from traceview.trace.model import DeviceInfo, Trace, TraceMeta
from traceview.trace.nesting import nest


_ARGS = msgspec.json.Decoder(EventArgs)
_VERSION_SUFFIX = re.compile(r"_v\d+$")
_RANK_IN_NAME = re.compile(r"rank[-_]?(\d+)", re.IGNORECASE)


#: Largest magnitude kept in an int64 column. Times are capped at half of int64 so that
#: start_ns + dur_ns cannot wrap around (epoch ns today are ~1.8e18, the cap ~4.6e18).
_INT64_MAX = 2**63 - 1
_NS_MAX = 2**62 - 1


def _fits(value: int | None, limit: int = _INT64_MAX) -> int | None:
    """``value``, or None when an int64 column cannot hold it (a corrupt or hostile number)."""
    return value if value is None or -limit <= value <= limit else None


def _int(value: Any) -> int | None:
    """An integer from an int, an integral float, or a decimal string; None otherwise (or out of int64 range)."""
    if type(value) is int:
        return _fits(value)
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return _fits(int(value))
    if isinstance(value, str):
        text = value.strip()
        if text.lstrip("-").isdigit():
            return _fits(int(text))
        tail = text.rsplit(" ", 1)[-1]  # "stream 7"
        if tail.isdigit():
            return _fits(int(tail))
    return None


def _ns(value: Any) -> int | None:
    """µs (int, float or numeric string) -> integer ns; None for missing, NaN, non-numbers or beyond ±_NS_MAX."""
    if type(value) is int:
        return _fits(value * 1000, _NS_MAX)
    if type(value) is float:
        return _fits(round(value * 1000), _NS_MAX) if math.isfinite(value) else None
    if isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            return None
        return _fits(round(number * 1000), _NS_MAX) if math.isfinite(number) else None
    return None


def _xyz(value: Any) -> tuple[int | None, int | None, int | None]:
    if isinstance(value, list) and len(value) == 3:
        return _int(value[0]), _int(value[1]), _int(value[2])
    return None, None, None


class _Skips:
    """Counts of events left out, by reason, for the trace's notes."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def add(self, reason: str) -> None:
        self.counts[reason] += 1

    def notes(self) -> list[str]:
        return [f"skipped {n} event(s): {reason}" for reason, n in sorted(self.counts.items())]


def normalize(raw: RawTrace, rank: int | None = None) -> Trace:
    """Build the typed tables of one trace file (decoded again whole when its chunks ask to)."""
    try:
        return _normalize(raw, rank)
    except RereadWhole:
        return _normalize(decode(Path(raw.path), chunked=False), rank)


def _normalize(raw: RawTrace, rank: int | None) -> Trace:
    meta = _meta(raw, rank)
    skips = _Skips()
    buf = _Buffers()
    exact = raw.exact_ts_ns
    open_begins: dict[tuple[Any, Any], list[tuple[RawEvent, int]]] = defaultdict(list)
    events = () if fill_columns(raw, buf) else raw.events  # the fast path, else the careful loop
    for index, ev in enumerate(events):
        ph = ev.ph
        ts_ns = _fits(exact[index], _NS_MAX) if exact is not None else _ns(ev.ts)
        if ph == "M":
            buf.add_metadata(ev)
            continue
        if ts_ns is None:
            skips.add("no usable 'ts'" if ev.ts is None else "'ts' is not a number")
            continue
        if ph == "X":
            dur_ns = _ns(ev.dur)
            if dur_ns is None:
                skips.add("complete event without a numeric 'dur'")
                continue
            if dur_ns < 0:
                skips.add("negative duration")
                continue
            buf.add_complete(ev, ts_ns, dur_ns, skips)
        elif ph == "B":
            open_begins[(ev.pid, ev.tid)].append((ev, ts_ns))
        elif ph == "E":
            stack = open_begins.get((ev.pid, ev.tid))
            if not stack:
                skips.add("'E' event without a matching 'B'")
                continue
            begin, begin_ns = stack.pop()
            buf.add_complete(begin, begin_ns, max(ts_ns - begin_ns, 0), skips)
        elif ph in ("s", "f", "t"):
            buf.add_flow(ev, ts_ns)
        elif ph in ("i", "I", "R"):
            buf.add_instant(ev, ts_ns)
        elif ph == "C":
            buf.add_counter(ev, ts_ns)
        else:
            skips.add("event without a 'ph'" if ph is None else f"unsupported phase {ph!r}")
    unclosed = sum(len(v) for v in open_begins.values())
    if unclosed:
        skips.counts["'B' event never closed by an 'E'"] += unclosed
    meta.notes.extend(skips.notes())
    if buf.unknown_categories:
        meta.notes.append("kept events of unknown categories as host slices: " + ", ".join(sorted(buf.unknown_categories)))
    return _tables(buf, meta, rank if rank is not None else meta.rank)


# --- column buffers ----------------------------------------------------------------------------

_KNOWN_HOST_CATEGORIES = frozenset(
    {"cpu_op", "user_annotation", "python_function", "cuda_runtime", "cuda_driver", "overhead", "cuda_sync",
     "cuda_profiler_range", "Trace", "gpu_user_annotation", "kernel", "gpu_memcpy", "gpu_memset"}
)


class _Buffers:
    """Plain Python lists per column, turned into DataFrames once at the end."""

    def __init__(self) -> None:
        self.slices: dict[str, list[Any]] = {k: [] for k in ("cat", "name", "pid", "tid", "start_ns", "dur_ns", "external_id", "correlation")}
        self.slice_args: list[bytes | None] = []
        self.gpu: dict[str, list[Any]] = {k: [] for k in schema.GPU if k not in ("activity_id", "rank", "end_ns", "launch_id")}
        self.annotations: dict[str, list[Any]] = {k: [] for k in ("name", "device", "stream", "start_ns", "dur_ns", "external_id")}
        self.flows: dict[str, list[Any]] = {k: [] for k in ("flow_id", "cat", "phase", "pid", "tid", "ts_ns")}
        self.instants: dict[str, list[Any]] = {k: [] for k in ("name", "pid", "tid", "ts_ns")}
        self.memory: dict[str, list[Any]] = {k: [] for k in schema.MEMORY if k != "rank"}
        self.counters: dict[str, list[Any]] = {k: [] for k in ("name", "series", "pid", "ts_ns", "value")}
        self.process_names: dict[int, str] = {}
        self.thread_names: dict[tuple[int, int], str] = {}
        self.unknown_categories: set[str] = set()

    def add_metadata(self, ev: RawEvent) -> None:
        if ev.name not in ("process_name", "thread_name") or ev.args is None:
            return
        try:
            label = ev.args.name if isinstance(ev.args, EventArgs) else _ARGS.decode(ev.args).name  # typed or raw
        except (msgspec.MsgspecError, UnicodeDecodeError):
            return
        pid, tid = _int(ev.pid), _int(ev.tid)
        if not isinstance(label, str) or pid is None:
            return
        if ev.name == "process_name":
            self.process_names[pid] = label
        elif tid is not None:
            self.thread_names[(pid, tid)] = label

    def add_complete(self, ev: RawEvent, ts_ns: int, dur_ns: int, skips: _Skips) -> None:
        cat = ev.cat if isinstance(ev.cat, str) else ""
        cat = schema.CATEGORY_ALIASES.get(cat, cat)
        name = ev.name if isinstance(ev.name, str) else (str(ev.name) if ev.name is not None else "")
        if cat == "Trace":
            return  # the profiler's own span; its extent is the trace's
        args = self._args(ev)
        kind = schema.GPU_KINDS.get(cat)
        if kind is not None:
            self._add_gpu(kind, name, ev, ts_ns, dur_ns, args)
            return
        if cat == "gpu_user_annotation":
            a = self.annotations
            a["name"].append(name)
            a["device"].append(_int(args.device) if args and args.device is not None else _int(ev.pid))
            a["stream"].append(_int(args.stream) if args and args.stream is not None else _int(ev.tid))
            a["start_ns"].append(ts_ns)
            a["dur_ns"].append(dur_ns)
            a["external_id"].append(_external_id(args))
            return
        pid, tid = _int(ev.pid), _int(ev.tid)
        if pid is None and ev.pid is not None:
            skips.add("host event whose 'pid' is not a number")
            return
        if cat not in _KNOWN_HOST_CATEGORIES:
            self.unknown_categories.add(cat or "<none>")
        s = self.slices
        s["cat"].append(cat)
        s["name"].append(name)
        s["pid"].append(pid)
        s["tid"].append(tid)
        s["start_ns"].append(ts_ns)
        s["dur_ns"].append(dur_ns)
        s["external_id"].append(_external_id(args))
        s["correlation"].append(_int(args.correlation) if args else None)
        self.slice_args.append(bytes(ev.args) if ev.args is not None else None)

    def _add_gpu(self, kind: str, name: str, ev: RawEvent, ts_ns: int, dur_ns: int, args: EventArgs | None) -> None:
        g = self.gpu
        g["kind"].append(kind)
        g["name"].append(name)
        g["device"].append(_int(args.device) if args and args.device is not None else _int(ev.pid))
        g["stream"].append(_int(args.stream) if args and args.stream is not None else _int(ev.tid))
        g["start_ns"].append(ts_ns)
        g["dur_ns"].append(dur_ns)
        g["correlation"].append(_int(args.correlation) if args else None)
        g["external_id"].append(_external_id(args))
        gx, gy, gz = _xyz(args.grid) if args else (None, None, None)
        bx, by, bz = _xyz(args.block) if args else (None, None, None)
        for key, value in (("grid_x", gx), ("grid_y", gy), ("grid_z", gz), ("block_x", bx), ("block_y", by), ("block_z", bz)):
            g[key].append(value)
        g["registers"].append(_int(args.registers) if args else None)
        g["shared_mem"].append(_int(args.shared_mem) if args else None)
        g["bytes"].append(_int(args.bytes) if args else None)

    @staticmethod
    def _args(ev: RawEvent) -> EventArgs | None:
        if ev.args is None:
            return None
        try:
            return _ARGS.decode(ev.args)
        except (msgspec.MsgspecError, UnicodeDecodeError):
            return None

    def add_flow(self, ev: RawEvent, ts_ns: int) -> None:
        f = self.flows
        f["flow_id"].append(_int(ev.id))
        f["cat"].append(ev.cat if isinstance(ev.cat, str) else "")
        f["phase"].append(ev.ph)
        f["pid"].append(_int(ev.pid))
        f["tid"].append(_int(ev.tid))
        f["ts_ns"].append(ts_ns)

    def add_instant(self, ev: RawEvent, ts_ns: int) -> None:
        i = self.instants
        i["name"].append(ev.name if isinstance(ev.name, str) else "")
        i["pid"].append(_int(ev.pid))
        i["tid"].append(_int(ev.tid))
        i["ts_ns"].append(ts_ns)
        if ev.name == schema.MEMORY_EVENT:
            self._add_memory(ev, ts_ns)

    def _add_memory(self, ev: RawEvent, ts_ns: int) -> None:
        args = self._args(ev) or EventArgs()
        m = self.memory
        m["pid"].append(_int(ev.pid))
        m["tid"].append(_int(ev.tid))
        m["ts_ns"].append(ts_ns)
        for column, field in MEMORY_ARGS.items():
            m[column].append(_int(getattr(args, field)))

    def add_counter(self, ev: RawEvent, ts_ns: int) -> None:
        try:
            values = msgspec.json.decode(ev.args) if ev.args is not None else {}
        except (msgspec.MsgspecError, UnicodeDecodeError):
            return
        if not isinstance(values, dict):
            return
        for series, value in values.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                c = self.counters
                c["name"].append(ev.name if isinstance(ev.name, str) else "")
                c["series"].append(str(series))
                c["pid"].append(_int(ev.pid))
                c["ts_ns"].append(ts_ns)
                c["value"].append(float(value))


def _external_id(args: EventArgs | None) -> int | None:
    if args is None:
        return None
    value = args.external_id if args.external_id is not None else args.external_id_old
    return _int(value)


# --- tables ------------------------------------------------------------------------------------


def _frame_columns(columns: dict[str, list[Any]], spec: dict[str, str], rank: int) -> dict[str, Any]:
    """``columns`` as arrays of ``spec``'s dtypes, in ``spec``'s order (missing ones left for the caller)."""
    n = len(next(iter(columns.values()))) if columns else 0
    data: dict[str, Any] = {}
    for col, dtype in spec.items():
        if col == "rank":
            data[col] = np.full(n, rank, dtype=np.int32)
        elif col in columns:
            data[col] = pd.array(columns[col], dtype=dtype, copy=False) if dtype not in ("int64", "float64") else np.asarray(columns[col], dtype=dtype)
    return data


def _table(data: dict[str, Any], spec: dict[str, str]) -> pd.DataFrame:
    """One table with exactly ``spec``'s columns, in its order, built once (no insert, no reorder copy):
    the arrays are new, so they are not copied either."""
    return pd.DataFrame({col: data[col] for col in spec}, copy=False)


def _frame(columns: dict[str, list[Any]], spec: dict[str, str], rank: int) -> pd.DataFrame:
    """A DataFrame with exactly ``spec``'s columns and dtypes, every one of them in ``columns``."""
    return _table(_frame_columns(columns, spec, rank), spec)


def _tables(buf: _Buffers, meta: TraceMeta, rank: int) -> Trace:
    data = _frame_columns(buf.slices, schema.SLICES, rank)
    buf.slices = {}  # each buffer is dropped once its table is built (peak memory of a large trace)
    data["slice_id"] = np.arange(len(data["start_ns"]), dtype=np.int64)
    data["end_ns"] = data["start_ns"] + data["dur_ns"]
    parent, depth = nest(data)
    data["depth"] = depth
    data["parent_id"] = pd.arrays.IntegerArray(np.where(parent < 0, 0, parent), parent < 0)
    slices = _table(data, schema.SLICES)

    data = _frame_columns(buf.gpu, schema.GPU, rank)
    buf.gpu = {}
    n = len(data["start_ns"])
    data["activity_id"] = np.arange(n, dtype=np.int64)
    data["end_ns"] = data["start_ns"] + data["dur_ns"]
    data["launch_id"] = pd.arrays.IntegerArray(np.zeros(n, dtype=np.int64), np.ones(n, dtype=bool))  # joined next
    gpu = _table(data, schema.GPU)
    launches, gpu = _join_launches(slices, gpu, meta)

    data = _frame_columns(buf.annotations, schema.GPU_ANNOTATIONS, rank)
    data["end_ns"] = data["start_ns"] + data["dur_ns"]
    annotations = _table(data, schema.GPU_ANNOTATIONS)
    threads = _threads(buf, rank)
    meta.event_count = len(slices) + len(gpu) + len(annotations)
    if meta.event_count == 0:
        meta.notes.append("the trace holds no usable events: every count below is zero")
    return Trace(
        slices=slices,
        launches=launches,
        gpu=gpu,
        gpu_annotations=annotations,
        flows=_frame(buf.flows, schema.FLOWS, rank),
        counters=_frame(buf.counters, schema.COUNTERS, rank),
        instants=_frame(buf.instants, schema.INSTANTS, rank),
        memory=_memory(buf, rank),
        threads=threads,
        ranks=(meta,),
        slice_args=buf.slice_args,
    )


def _join_launches(slices: pd.DataFrame, gpu: pd.DataFrame, meta: TraceMeta) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The launches table, and ``gpu.launch_id`` joined by (rank, correlation).

    One file holds one rank, so the join is on correlation alone: a sorted search over the
    launches' correlations (numpy, no index objects), the first launch winning a reused id.
    """
    correlation = slices["correlation"].array
    rows = np.flatnonzero(slices["cat"].isin(schema.API_CATEGORIES).to_numpy() & ~correlation.isna())
    names = slices["name"].array
    categories = pd.Index(names.categories.astype(str), dtype=object)
    api_of = np.asarray(categories.str.replace(_VERSION_SUFFIX, "", regex=True), dtype=object)  # once per name
    launch_api_of = np.fromiter((a in schema.LAUNCH_APIS for a in api_of), dtype=bool, count=len(api_of))
    codes = names.codes[rows]
    call_corr = correlation._data[rows]
    gpu_corr = gpu["correlation"].array
    gpu_has = ~gpu_corr.isna()
    is_launch = launch_api_of[codes] | np.isin(call_corr, gpu_corr._data[gpu_has])
    rows, codes, call_corr = rows[is_launch], codes[is_launch], call_corr[is_launch]
    launches = pd.DataFrame(
        {
            "launch_id": slices["slice_id"].to_numpy()[rows],
            "rank": slices["rank"].to_numpy()[rows].astype(np.int32),
            "api": pd.Categorical(api_of[codes]),
            "pid": slices["pid"].array[rows],
            "tid": slices["tid"].array[rows],
            "start_ns": slices["start_ns"].to_numpy()[rows],
            "dur_ns": slices["dur_ns"].to_numpy()[rows],
            "end_ns": slices["end_ns"].to_numpy()[rows],
            "correlation": pd.arrays.IntegerArray(call_corr, np.zeros(len(rows), dtype=bool)),
            "external_id": slices["external_id"].array[rows],
            "gpu_count": np.zeros(len(rows), dtype=np.int64),  # counted below
            "kernel_count": np.zeros(len(rows), dtype=np.int64),
        },
        copy=False,
    )
    order = np.argsort(call_corr, kind="stable")
    ordered = call_corr[order]
    duplicated = pd.Series(np.zeros(len(rows), dtype=bool))
    if len(ordered) > 1:
        repeat = np.zeros(len(rows), dtype=bool)
        repeat[order[1:]] = ordered[1:] == ordered[:-1]  # not the first launch of its id
        duplicated = pd.Series(repeat)
    values = gpu_corr._data
    pos = np.minimum(np.searchsorted(ordered, values), max(len(ordered) - 1, 0))
    found = gpu_has.copy()
    if len(ordered):
        found &= ordered[pos] == values
    else:
        found[:] = False
    ids = launches["launch_id"].to_numpy()
    gpu["launch_id"] = pd.arrays.IntegerArray(np.where(found, ids[order[pos]] if len(ordered) else 0, 0), ~found)
    if duplicated.any():
        meta.notes.append(f"{int(duplicated.sum())} launch(es) reuse a correlation id already taken: "
                          "each GPU activity with such an id is joined to the last of them that started before it")
        gpu["launch_id"] = _rejoin_reused_correlations(launches, gpu, duplicated)
    launch_ids = launches["launch_id"].to_numpy()  # ascending (slice order)
    joined = gpu["launch_id"].array
    at = np.searchsorted(launch_ids, joined._data[~joined.isna()])
    is_kernel = (gpu["kind"] == "kernel").to_numpy()[~joined.isna()]
    launches["gpu_count"] = np.bincount(at, minlength=len(launches)).astype(np.int64)
    launches["kernel_count"] = np.bincount(at[is_kernel], minlength=len(launches)).astype(np.int64)
    orphans = int(joined.isna().sum())
    if orphans:
        meta.notes.append(f"{orphans} GPU activit{'y' if orphans == 1 else 'ies'} {'has' if orphans == 1 else 'have'} no launch in the trace (launch not captured)")
    empty_launches = int(((launches["gpu_count"] == 0).to_numpy() & launch_api_of[codes]).sum())
    if empty_launches and len(gpu) == 0:
        meta.notes.append(f"{empty_launches} launches but no GPU activity at all: the trace has no kernel events (CUPTI buffer lost or GPU tracing off)")
    elif empty_launches:
        cause = "the file is truncated" if meta.truncated else "profiler buffer overflow?"
        meta.notes.append(f"{empty_launches} launch(es) whose GPU work is missing from the trace ({cause})")
    elif len(gpu) == 0 and len(slices):
        meta.notes.append("no GPU activity in the trace (no kernel, memcpy or memset events): a CPU-only profile, or GPU tracing was off")
    return launches, gpu


def _rejoin_reused_correlations(launches: pd.DataFrame, gpu: pd.DataFrame, duplicated: pd.Series) -> pd.Series:
    """``gpu.launch_id`` where several launches share a (rank, correlation): the latest launch started
    at or before the activity (else the first one, as joined already)."""
    keys = launches.loc[duplicated, ["rank", "correlation"]].drop_duplicates()
    candidates = launches[["launch_id", "rank", "correlation", "start_ns"]].merge(keys, on=["rank", "correlation"])
    rows = gpu[["rank", "correlation", "start_ns"]].reset_index(names="row").merge(keys, on=["rank", "correlation"])
    if rows.empty:
        return gpu["launch_id"]
    for frame in (candidates, rows):
        frame["rank"] = frame["rank"].astype("int64")
        frame["correlation"] = frame["correlation"].astype("int64")
    found = pd.merge_asof(rows.sort_values("start_ns"), candidates.sort_values("start_ns"), on="start_ns",
                          by=["rank", "correlation"], direction="backward")
    found = found[found["launch_id"].notna()]
    out = gpu["launch_id"].copy()
    out.iloc[found["row"].to_numpy()] = found["launch_id"].astype("int64").to_numpy()
    return out


def _memory(buf: _Buffers, rank: int) -> pd.DataFrame:
    """The MEMORY table; a negative device id (Kineto's -1 for the CPU) becomes <NA>."""
    data = _frame_columns(buf.memory, schema.MEMORY, rank)
    device = data["device"]
    data["device"] = pd.arrays.IntegerArray(device._data, device._mask | (device._data < 0))
    return _table(data, schema.MEMORY)


def _threads(buf: _Buffers, rank: int) -> pd.DataFrame:
    rows = [(pid, None, name, None) for pid, name in buf.process_names.items()]
    rows += [(pid, tid, buf.process_names.get(pid), name) for (pid, tid), name in buf.thread_names.items()]
    frame = pd.DataFrame(rows, columns=["pid", "tid", "process_name", "thread_name"])
    frame.insert(0, "rank", np.full(len(frame), rank, dtype=np.int32))
    return frame.astype(schema.THREADS)


# --- metadata ----------------------------------------------------------------------------------


def _meta(raw: RawTrace, rank: int | None) -> TraceMeta:
    header = raw.header
    dist = header.get("distributedInfo") if isinstance(header.get("distributedInfo"), dict) else {}
    found_rank = _int(dist.get("rank")) if dist else None
    if found_rank is None:
        match = _RANK_IN_NAME.search(raw.path.rsplit("/", 1)[-1])
        found_rank = int(match.group(1)) if match else 0
    return TraceMeta(
        path=raw.path,
        rank=rank if rank is not None else found_rank,
        world_size=_int(dist.get("world_size")) if dist else None,
        schema_version=_str(header.get("schemaVersion")),
        base_time_ns=_int(header.get("baseTimeNanoseconds")),
        display_time_unit=_str(header.get("displayTimeUnit")),
        devices=_devices(header.get("deviceProperties")),
        cuda_runtime_version=_str(header.get("cuda_runtime_version")),
        cuda_driver_version=_str(header.get("cuda_driver_version")),
        hip_runtime_version=_str(header.get("hip_runtime_version")),
        with_stack=_flag(header.get("with_stack")),
        record_shapes=_flag(header.get("record_shapes")),
        size_bytes=raw.size_bytes,
        truncated=raw.truncated,
        notes=list(raw.notes),
        header=header,
    )


def _str(value: Any) -> str | None:
    return None if value is None else str(value)


def _flag(value: Any) -> bool:
    return value in (1, True, "1", "true", "True")


def _devices(value: Any) -> tuple[DeviceInfo, ...]:
    if not isinstance(value, list):
        return ()
    devices = []
    for item in value:
        if not isinstance(item, dict):
            continue
        major, minor = item.get("computeMajor"), item.get("computeMinor")
        cc = f"{major}.{minor}" if major is not None and minor is not None else _str(item.get("gcnArchName"))
        devices.append(
            DeviceInfo(
                id=_int(item.get("id")) or 0,
                name=str(item.get("name", "")),
                num_sms=_int(item.get("numSms")),
                total_memory_bytes=_int(item.get("totalGlobalMem")),
                compute_capability=cc,
            )
        )
    return tuple(devices)

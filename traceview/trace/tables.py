"""Stage 3: event columns -> the tables of :mod:`traceview.trace.schema`, joined by ids.

::

    Columns (per-piece dicts)                      Trace
      host ─────── join, ids, nesting ───────────>   slices    slice_id, parent_id, depth, ...
      gpu ──────── join, ids ───┬────────────────>   gpu       activity_id, launch_id
                                └─ by correlation ─> launches  launch_id (= slice_id), gpu_count, kernel_count
      annotations / flows / instants / counters ─>   gpu_annotations / flows / instants / counters
      memory ([memory] instants' args) ──────────>   memory
      thread names ──────────────────────────────>   threads
      header, notes, skips ──────────────────────>   TraceMeta

Pieces are joined end to end; slices keep the order their events had in the file (a ``B``/``E``
pair where its ``E`` was). Nesting (parent and depth per thread) is :mod:`traceview.trace.nesting`'s.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pandas as pd

from traceview.trace import schema
from traceview.trace.args import SliceArgs
from traceview.trace.classify import classify
from traceview.trace.events import Columns
from traceview.trace.labels import LabelRows
from traceview.trace.model import DeviceInfo, Trace, TraceMeta, empty_table
from traceview.trace.lost_exit import close_lost_frames
from traceview.trace.nesting import nest, timestamp_quantum_ns
from traceview.trace.read import TraceText
from traceview.trace.values import as_int

_VERSION_SUFFIX = re.compile(r"_v\d+$")
_RANK_IN_NAME = re.compile(r"rank[-_]?(\d+)", re.IGNORECASE)


def build(text: TraceText, cols: Columns, rank: int | None = None) -> Trace:
    """The trace's tables from its columns (``rank``: overrides the one the file names)."""
    meta = trace_meta(text, rank, cols)
    rank = meta.rank
    host = _joined(cols.host, _HOST_EMPTY)
    order = _order(host)
    host = {k: v[order] for k, v in host.items()} if order is not None else host
    host["slice_id"] = np.arange(len(host["start_ns"]), dtype=np.int64)
    host["rank"] = np.full(len(host["start_ns"]), rank, dtype=np.int32)
    host["end_ns"] = host["start_ns"] + host["dur_ns"]
    lost = close_lost_frames(host, 2 * timestamp_quantum_ns(host["start_ns"], host["dur_ns"]))
    if lost:
        meta.notes.append(f"{lost} Python frame(s) lost their exit (the profiler ended them late: at its stop, or when "
                          "their thread returned past them): each now ends where its last Python call ends")
    parent, depth = nest(host)
    host["depth"] = depth
    host["parent_id"] = pd.arrays.IntegerArray(np.where(parent < 0, 0, parent), parent < 0)
    host.update(classify(host, parent, depth))
    slices = _table(host, schema.SLICES)
    slice_args = SliceArgs(host["args_piece"], host["args_index"], cols.args)

    gpu_cols = _joined(cols.gpu, _GPU_EMPTY)
    order = _order(gpu_cols)
    gpu_cols = {k: v[order] for k, v in gpu_cols.items()} if order is not None else gpu_cols
    n = len(gpu_cols["start_ns"])
    gpu_cols.update(activity_id=np.arange(n, dtype=np.int64), rank=np.full(n, rank, dtype=np.int32),
                    end_ns=gpu_cols["start_ns"] + gpu_cols["dur_ns"],
                    launch_id=pd.arrays.IntegerArray(np.zeros(n, dtype=np.int64), np.ones(n, dtype=bool)))
    gpu = _table(gpu_cols, schema.GPU)
    gpu_comm = _gpu_comm(cols, gpu_cols["order"], rank)
    launches, gpu = join_launches(slices, gpu, meta)

    ann = _joined(cols.annotations, _ANNOTATION_EMPTY)
    order = _order(ann)
    ann = {k: v[order] for k, v in ann.items()} if order is not None else ann
    ann.update(rank=np.full(len(ann["start_ns"]), rank, dtype=np.int32), end_ns=ann["start_ns"] + ann["dur_ns"])
    annotations = _table(ann, schema.GPU_ANNOTATIONS)

    flows = _joined(cols.flows, _FLOW_EMPTY)
    flows["rank"] = np.full(len(flows["ts_ns"]), rank, dtype=np.int32)
    instants = _joined(cols.instants, _INSTANT_EMPTY)
    instants["rank"] = np.full(len(instants["ts_ns"]), rank, dtype=np.int32)
    memory = _joined(cols.memory, _MEMORY_EMPTY)
    memory["rank"] = np.full(len(memory["ts_ns"]), rank, dtype=np.int32)
    device = memory["device"]  # Kineto writes -1 for the CPU
    memory["device"] = pd.arrays.IntegerArray(device._data, device._mask | (device._data < 0))
    meta.event_count = len(slices) + len(gpu) + len(annotations)
    if meta.event_count == 0:
        meta.notes.append("the trace holds no usable events: every count below is zero")
    return Trace(
        slices=slices,
        launches=launches,
        gpu=gpu,
        gpu_annotations=annotations,
        flows=_table(flows, schema.FLOWS),
        counters=_counters(cols, rank),
        instants=_table(instants, schema.INSTANTS),
        threads=_threads(cols, rank),
        memory=_table(memory, schema.MEMORY),
        ranks=(meta,),
        slice_args=slice_args,
        gpu_comm=gpu_comm,
    )


def _gpu_comm(cols: Columns, gpu_order: np.ndarray, rank: int) -> pd.DataFrame:
    """GPU_COMM: the collectives' args read from their kernels, by activity_id."""
    if not cols.gpu_comm:
        return empty_table(schema.GPU_COMM)
    comm = {k: np.concatenate([np.asarray(c[k], dtype=object) for c in cols.gpu_comm]) for k in cols.gpu_comm[0]}
    by_order = np.argsort(gpu_order, kind="stable")
    activity = by_order[np.searchsorted(gpu_order[by_order], comm.pop("order").astype(np.int64))]
    frame = pd.DataFrame({"activity_id": activity.astype(np.int64), "rank": np.full(len(activity), rank, dtype=np.int32), **comm})
    return frame.sort_values("activity_id", ignore_index=True).astype(schema.GPU_COMM)


# --- joining pieces ----------------------------------------------------------------------------

_HOST_EMPTY = {"cat": "label", "name": "label", "pid": "Int64", "tid": "Int64", "start_ns": "int64", "dur_ns": "int64",
               "external_id": "Int64", "correlation": "Int64", "python_id": "Int64", "python_parent_id": "Int64", "order": "int64", "args_piece": "int32", "args_index": "int32"}
_GPU_EMPTY = {"kind": "label", "name": "label", "device": "Int64", "stream": "Int64", "start_ns": "int64", "dur_ns": "int64",
              "correlation": "Int64", "external_id": "Int64", **{f"{g}_{a}": "Int64" for g in ("grid", "block") for a in "xyz"},
              "registers": "Int64", "shared_mem": "Int64", "bytes": "Int64", "order": "int64"}
_ANNOTATION_EMPTY = {"name": "label", "device": "Int64", "stream": "Int64", "start_ns": "int64", "dur_ns": "int64",
                     "external_id": "Int64", "order": "int64"}
_FLOW_EMPTY = {"flow_id": "Int64", "cat": "label", "phase": "label", "pid": "Int64", "tid": "Int64", "ts_ns": "int64"}
_INSTANT_EMPTY = {"name": "label", "pid": "Int64", "tid": "Int64", "ts_ns": "int64"}
_MEMORY_EMPTY = {k: v for k, v in schema.MEMORY.items() if k != "rank"}


def _joined(parts: list[dict[str, Any]], spec: dict[str, str]) -> dict[str, Any]:
    """The pieces' columns end to end (``spec``: the columns and their kinds, for no pieces at all)."""
    out: dict[str, Any] = {}
    for col, kind in spec.items():
        values = [p[col] for p in parts]
        if kind == "label":
            out[col] = LabelRows.build(values)
        elif kind == "Int64":
            out[col] = pd.arrays.IntegerArray._concat_same_type(values) if values else pd.array([], dtype="Int64")
        else:
            out[col] = np.concatenate(values) if values else np.zeros(0, dtype=kind)
    return out


def _order(columns: dict[str, Any]) -> np.ndarray | None:
    """The rows in file order, when ``B``/``E`` pairs put some out of it (None: already in order)."""
    order = columns["order"]
    if len(order) < 2 or (order[1:] > order[:-1]).all():
        return None
    return np.argsort(order, kind="stable")


def _table(data: dict[str, Any], spec: dict[str, str]) -> pd.DataFrame:
    """A table with exactly ``spec``'s columns, in its order, built once (the arrays are new: no copy)."""
    return pd.DataFrame({col: data[col] for col in spec}, copy=False)


def _counters(cols: Columns, rank: int) -> pd.DataFrame:
    c = cols.counters
    data = {
        "rank": np.full(len(c["ts_ns"]), rank, dtype=np.int32),
        "name": pd.array(c["name"], dtype="category"),
        "series": pd.array(c["series"], dtype="category"),
        "pid": pd.array(c["pid"], dtype="Int64"),
        "ts_ns": np.asarray(c["ts_ns"], dtype=np.int64),
        "value": np.asarray(c["value"], dtype=np.float64),
    }
    return _table(data, schema.COUNTERS)


def _threads(cols: Columns, rank: int) -> pd.DataFrame:
    rows = [(pid, None, name, None) for pid, name in cols.process_names.items()]
    rows += [(pid, tid, cols.process_names.get(pid), name) for (pid, tid), name in cols.thread_names.items()]
    columns = list(zip(*rows)) if rows else [(), (), (), ()]
    # each column typed as it is made (names are str and ids int: events._metadata keeps no other)
    return pd.DataFrame({"rank": np.full(len(rows), rank, dtype=np.int32),
                         **{col: pd.array(list(values), dtype=schema.THREADS[col])
                            for col, values in zip(("pid", "tid", "process_name", "thread_name"), columns)}})


# --- launches: the join of host calls and GPU work by correlation --------------------------------


def join_launches(slices: pd.DataFrame, gpu: pd.DataFrame, meta: TraceMeta) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The launches table, and ``gpu.launch_id`` joined by correlation (one file holds one rank).

    A runtime/driver call is a launch when its API starts GPU work (:data:`schema.LAUNCH_APIS`) or a
    GPU activity carries its correlation. The join is a sorted search over the launches'
    correlations; a reused id joins each activity to the latest launch that started before it.
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
    launches = pd.DataFrame({
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
    }, copy=False)
    order = np.argsort(call_corr, kind="stable")
    ordered = call_corr[order]
    duplicated = np.zeros(len(rows), dtype=bool)
    if len(ordered) > 1:
        duplicated[order[1:]] = ordered[1:] == ordered[:-1]  # not the first launch of its id
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
        gpu["launch_id"] = _rejoin_reused_correlations(launches, gpu, pd.Series(duplicated))
    launch_ids = launches["launch_id"].to_numpy()  # ascending (slice order)
    joined = gpu["launch_id"].array
    at = np.searchsorted(launch_ids, joined._data[~joined.isna()])
    is_kernel = (gpu["kind"] == "kernel").to_numpy()[~joined.isna()]
    launches["gpu_count"] = np.bincount(at, minlength=len(launches)).astype(np.int64)
    launches["kernel_count"] = np.bincount(at[is_kernel], minlength=len(launches)).astype(np.int64)
    _launch_notes(meta, launches, gpu, slices, launch_api_of[codes])
    return launches, gpu


def _launch_notes(meta: TraceMeta, launches: pd.DataFrame, gpu: pd.DataFrame, slices: pd.DataFrame, by_api: np.ndarray) -> None:
    orphans = int(gpu["launch_id"].isna().sum())
    if orphans:
        meta.notes.append(f"{orphans} GPU activit{'y' if orphans == 1 else 'ies'} {'has' if orphans == 1 else 'have'} no launch in the trace (launch not captured)")
    empty_launches = int(((launches["gpu_count"] == 0).to_numpy() & by_api).sum())
    if empty_launches and len(gpu) == 0:
        meta.notes.append(f"{empty_launches} launches but no GPU activity at all: the trace has no kernel events (CUPTI buffer lost or GPU tracing off)")
    elif empty_launches:
        cause = "the file is truncated" if meta.truncated else "profiler buffer overflow?"
        meta.notes.append(f"{empty_launches} launch(es) whose GPU work is missing from the trace ({cause})")
    elif len(gpu) == 0 and len(slices):
        meta.notes.append("no GPU activity in the trace (no kernel, memcpy or memset events): a CPU-only profile, or GPU tracing was off")


def _rejoin_reused_correlations(launches: pd.DataFrame, gpu: pd.DataFrame, duplicated: pd.Series) -> pd.Series:
    """``gpu.launch_id`` where several launches share a (rank, correlation): the latest launch started
    at or before the activity (else the first one, as joined already)."""
    keys = launches.loc[duplicated.to_numpy(), ["rank", "correlation"]].drop_duplicates()
    candidates = launches[["launch_id", "rank", "correlation", "start_ns"]].merge(keys, on=["rank", "correlation"])
    rows = gpu[["rank", "correlation", "start_ns"]].reset_index(names="row").merge(keys, on=["rank", "correlation"])
    if rows.empty:
        return gpu["launch_id"]
    candidates = candidates.astype({"rank": "int64", "correlation": "int64"})
    rows = rows.astype({"rank": "int64", "correlation": "int64"})
    found = pd.merge_asof(rows.sort_values("start_ns"), candidates.sort_values("start_ns"), on="start_ns",
                          by=["rank", "correlation"], direction="backward")
    found = found[found["launch_id"].notna()]
    values = gpu["launch_id"].to_numpy(dtype=np.int64, na_value=0)  # a new array: ours to write
    mask = gpu["launch_id"].isna().to_numpy().copy()
    values[found["row"].to_numpy()] = found["launch_id"].astype("int64").to_numpy()
    mask[found["row"].to_numpy()] = False
    return pd.Series(pd.arrays.IntegerArray(values, mask), index=gpu.index)


# --- metadata ----------------------------------------------------------------------------------


def trace_meta(text: TraceText, rank: int | None, cols: Columns) -> TraceMeta:
    """What the file says about itself (header) and what reading it had to skip or repair (notes)."""
    header = text.header
    dist = header.get("distributedInfo") if isinstance(header.get("distributedInfo"), dict) else {}
    found_rank = as_int(dist.get("rank")) if dist else None
    if found_rank is None:
        match = _RANK_IN_NAME.search(text.path.rsplit("/", 1)[-1])
        found_rank = int(match.group(1)) if match else 0
    gzip = [n for n in text.notes if "gzip" in n]
    read = [n for n in text.notes if "gzip" not in n]
    notes = gzip + cols.repairs.notes(("utf8", "nan", "quotes")) + read + cols.repairs.notes(("not_objects", "unreadable"))
    notes += [f"skipped {n} event(s): {reason}" for reason, n in sorted(cols.skips.items()) if n]
    if cols.unknown_categories:
        notes.append("kept events of unknown categories as host slices: " + ", ".join(sorted(cols.unknown_categories)))
    return TraceMeta(
        path=text.path,
        rank=rank if rank is not None else found_rank,
        world_size=as_int(dist.get("world_size")) if dist else None,
        schema_version=_str(header.get("schemaVersion")),
        base_time_ns=as_int(header.get("baseTimeNanoseconds")),
        display_time_unit=_str(header.get("displayTimeUnit")),
        devices=_devices(header.get("deviceProperties")),
        cuda_runtime_version=_str(header.get("cuda_runtime_version")),
        cuda_driver_version=_str(header.get("cuda_driver_version")),
        hip_runtime_version=_str(header.get("hip_runtime_version")),
        with_stack=_flag(header.get("with_stack")),
        record_shapes=_flag(header.get("record_shapes")),
        size_bytes=text.size_bytes,
        truncated=text.truncated,
        notes=notes,
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
        devices.append(DeviceInfo(id=as_int(item.get("id")) or 0, name=str(item.get("name", "")), num_sms=as_int(item.get("numSms")),
                                  total_memory_bytes=as_int(item.get("totalGlobalMem")), compute_capability=cc))
    return tuple(devices)

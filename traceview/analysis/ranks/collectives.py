"""Which rank held each collective back? Every NCCL/RCCL call matched across ranks, with its skew.

A collective finishes only when every rank of its group has joined it, so the ranks that arrive
early wait inside their NCCL kernel for the last one::

    rank 0   [ncclDevKernel_AllReduce ......................]      arrived first, waited
    rank 1                               [ncclDevKernel ....]      arrived last
             |<------------ skew (start) ------------>|

Each rank's calls come from its comm kernels (:func:`collective_calls`): the kernel's launch, up
its host stack to ``record_param_comms`` (whose args name the collective, the process group, the
dtype and the element counts; Kineto copies them onto the kernel itself in recent versions, and
what the host call lacks is read there: ``Trace.gpu_comm``), or else to the ``nccl:<name>`` annotation. Calls match across ranks (:func:`match_collectives`) by
(process group, ``Seq``) where the trace records a sequence number, else by (process group, order
of the call on the rank) -- the rule of TraceLens's ``NcclAnalyser``. A trace without process group
args matches each kind of collective apart (all-to-alls with all-to-alls): different groups' calls
interleave differently on each rank (HTA's sampled 128-rank pair does), one kind rarely does. Per collective: ``skew_ns``
(latest start - earliest start), ``last_rank`` (latest start), each rank's wait (latest start - its
start), ``latency_ns`` (the shortest kernel: the transfer once all had arrived), ``bytes`` and the
algorithm / bus bandwidth (NCCL's definitions, ``nccl-tests`` PERFORMANCE.md).

Times are put on one clock by adding each rank's ``baseTimeNanoseconds`` (Kineto's ``ts`` counts from
it), so each rank's table can be made in its own worker. Ranks of one host share the clock; across
hosts, the skew is as good as the hosts' clock agreement.
"""

from __future__ import annotations

import functools

from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import pandas as pd

from traceview.trace.catalogue import collective_kind, tagged
from traceview.analysis.ranks.ranks import RankSummary, summarize_rank
from traceview.trace import Trace

#: Bytes per element of the ``dtype`` names record_param_comms writes (c10 ScalarType names).
DTYPE_BYTES: Final[dict[str, int]] = {
    "Float": 4, "Double": 8, "Half": 2, "BFloat16": 2, "Int": 4, "Long": 8, "Short": 2, "Char": 1, "Byte": 1,
    "Bool": 1, "Float8_e4m3fn": 1, "Float8_e5m2": 1, "Float8_e4m3fnuz": 1, "Float8_e5m2fnuz": 1, "ComplexFloat": 8,
}

#: Bus bandwidth = algorithm bandwidth x this factor of the group size n (nccl-tests PERFORMANCE.md):
#: what each link carries, comparable with the hardware's peak whatever the collective.
BUS_FACTOR: Final[dict[str, Any]] = {
    "allreduce": lambda n: 2 * (n - 1) / n,
    "reducescatter": lambda n: (n - 1) / n,
    "allgather": lambda n: (n - 1) / n,
    "alltoall": lambda n: (n - 1) / n,
    "broadcast": lambda n: 1.0,
    "reduce": lambda n: 1.0,
}

#: Collective names as PyTorch and NCCL spell them -> one canonical name (BUS_FACTOR's keys).

#: record_param_comms args -> calls columns.
_ARGS: Final[dict[str, str]] = {
    "Collective name": "collective", "Process Group Name": "group", "Process Group Ranks": "group_ranks",
    "Group size": "group_size", "dtype": "dtype", "In msg nelems": "in_nelems", "Out msg nelems": "out_nelems", "Seq": "seq",
}

CALL_COLUMNS: Final[dict[str, str]] = {
    "rank": "int32",
    "group": "string",  # process group name; "? (allreduce)" when the trace names none (then each kind apart)
    "index": "int64",  # the call's position among this rank's calls of the group, from 0
    "seq": "Int64",  # the trace's sequence number ("Seq"), when it records one
    "collective": "string",  # canonical name: allreduce, allgather, reducescatter, alltoall, broadcast, sendrecv, ...
    "kernel": "string",
    "dtype": "string",
    "in_nelems": "Int64",
    "out_nelems": "Int64",
    "group_size": "Int64",
    "group_ranks": "string",
    "bytes": "Int64",  # message size: the input, or the output for an all-gather
    "stream": "Int64",
    "start_ns": "int64",  # on the common clock: baseTimeNanoseconds + the trace's own ns
    "end_ns": "int64",
    "dur_ns": "int64",
    "step": "string",  # the step whose window holds the launch
}
#: CALL_COLUMNS's types as pandas dtypes (a column of the right type is not cast again).
_CALL_DTYPES: Final[dict[str, Any]] = {c: pd.api.types.pandas_dtype(t) for c, t in CALL_COLUMNS.items()}


@dataclass(frozen=True)
class Collectives:
    """``calls``: one row per (rank, collective call), CALL_COLUMNS. ``collectives``: one row per
    collective matched across ranks: group, seq (the trace's Seq, else the order in the group),
    collective, dtype, bytes, group_size, ranks (how many ranks' calls matched), step, first_start_ns,
    skew_ns, last_rank, max_wait_ns (the first arrival's wait), mean_wait_ns, latency_ns, end_skew_ns,
    algbw_gbps, busbw_gbps. ``waits``: rank, step, wait_ns (summed over the step's collectives)."""

    calls: pd.DataFrame
    collectives: pd.DataFrame
    waits: pd.DataFrame
    seq_source: str  # "Seq" (the trace's numbers) or "order" (position per rank and group)

    def worst(self, n: int = 10) -> pd.DataFrame:
        """The ``n`` collectives with the largest start skew."""
        return self.collectives.sort_values("skew_ns", ascending=False, kind="stable").head(n)


#: ``all_reduce`` / ``allreduce`` / ``ncclDevKernel_AllReduce_Sum_f32`` -> ``allreduce`` (the catalogue's reader)
canonical_collective = collective_kind


def collective_calls(trace: Trace) -> pd.DataFrame:
    """One row per communication kernel of ``trace`` (any number of ranks), CALL_COLUMNS.

    Small enough to return from a rank's worker (:func:`traceview.trace.parallel.map_ranks`).
    """
    gpu = trace.gpu
    comm = gpu[gpu["comm"].to_numpy()]
    if comm.empty:
        return _host_calls(trace)
    slices = trace.slices
    launch = comm["launch_id"].fillna(-1).to_numpy(dtype=np.int64)
    names = slices["name"]
    host = trace.around(launch, "record_param_comms")  # the launch itself never is one
    host = _hosts_without_launch(trace, comm, host, tagged(slices, "record_param_comms"))
    annotation = trace.around(launch, "nccl_annotation")
    own = _kernel_args(trace, comm)
    hosts = host.tolist()
    read = trace.args_columns([h for h in hosts if h >= 0], tuple(_ARGS))  # each piece of the file read once
    read_rows = iter(zip(*read))
    rows = []
    for i, (h, a) in enumerate(zip(hosts, annotation.tolist())):
        row = dict(zip(_ARGS.values(), next(read_rows) if h >= 0 else [None] * len(_ARGS)))
        for col, value in own[i].items():  # what the host call does not say, from the kernel's own args
            if row.get(col) is None and value is not None:
                row[col] = value
        label = row["collective"] or (str(names.iat[a]) if a >= 0 else None) or str(comm["name"].iat[i])
        row["collective"] = canonical_collective(label) or str(label)
        rows.append(row)
    # each field as its own list: a frame made of the rows would type a field of ints with a call missing it as
    # floats (5 -> 5.0, which _int refuses) and one of texts as str with NaN for the missing
    field = {col: [row[col] for row in rows] for col in _ARGS.values()}
    offset = _clock_offsets(trace)
    rank = comm["rank"].to_numpy()
    collective = pd.array(field["collective"], dtype="string")
    dtype = pd.Series(field["dtype"], dtype=object).astype("string").array
    in_nelems = pd.array([_int(v) for v in field["in_nelems"]], dtype="Int64")
    out_nelems = pd.array([_int(v) for v in field["out_nelems"]], dtype="Int64")
    return _as_calls({
        "rank": rank,
        "group": pd.array([f"? ({c})" if g is None or (isinstance(g, float) and g != g) else str(g)  # never "nan"
                           for g, c in zip(field["group"], field["collective"])], dtype="string"),
        "seq": pd.array([_int(v) for v in field["seq"]], dtype="Int64"),
        "collective": collective,
        "kernel": pd.array(comm["name"].astype(str).to_numpy(), dtype="string"),
        "dtype": dtype,
        "in_nelems": in_nelems,
        "out_nelems": out_nelems,
        "group_size": pd.array([_int(v) for v in field["group_size"]], dtype="Int64"),
        "group_ranks": pd.array([None if r is None else str(r) for r in field["group_ranks"]], dtype="string"),
        "bytes": _message_bytes(collective, dtype, in_nelems, out_nelems),
        "stream": comm["stream"].array,
        "start_ns": comm["start_ns"].to_numpy() + offset[rank],
        "end_ns": comm["end_ns"].to_numpy() + offset[rank],
        "dur_ns": comm["dur_ns"].to_numpy(),
        "step": _steps(trace, launch),
    })


def _hosts_without_launch(trace: Trace, comm: pd.DataFrame, host: np.ndarray, param_comms: np.ndarray) -> np.ndarray:
    """The ``record_param_comms`` op of each communication kernel whose launch is not in the trace (or not
    under one): the op with the kernel's ``External id`` on its rank, else, per rank and collective, the
    unclaimed ops and kernels paired in time order when there are as many of each. Torch 2.11 writes NCCL
    kernels without their collective's args and drops some launches; the op still holds nelems and dtype."""
    missing = np.flatnonzero(host < 0)
    ops = np.flatnonzero(param_comms)
    if not len(missing) or not len(ops):
        return host
    host = host.copy()
    s = trace.slices
    op_rank = s["rank"].to_numpy()[ops]
    op_ext = s["external_id"].to_numpy(dtype=np.float64, na_value=np.nan)[ops]
    by_ext = {(int(r), int(e)): int(sid) for r, e, sid in zip(op_rank, op_ext, ops) if e == e}
    claimed = set(host[host >= 0].tolist())
    ranks = comm["rank"].to_numpy()
    ext = comm["external_id"].to_numpy(dtype=np.float64, na_value=np.nan)
    for i in missing:
        sid = by_ext.get((int(ranks[i]), int(ext[i]))) if ext[i] == ext[i] else None
        if sid is not None and sid not in claimed:
            host[i] = sid
            claimed.add(sid)
    left = np.flatnonzero(host < 0)
    if not len(left):
        return host
    free_ops = [sid for sid in ops.tolist() if sid not in claimed]
    kind_of_op = {sid: canonical_collective(name)
                  for sid, name in zip(free_ops, trace.args_columns(free_ops, ("Collective name",))[0])}
    starts = comm["start_ns"].to_numpy()
    op_start = s["start_ns"].to_numpy()
    names = comm["name"].astype(str).to_numpy()
    for rank in np.unique(ranks[left]):
        for kind in {canonical_collective(names[i]) for i in left if ranks[i] == rank}:
            kernels = sorted((i for i in left if ranks[i] == rank and canonical_collective(names[i]) == kind), key=lambda i: starts[i])
            free = sorted((sid for sid, k in kind_of_op.items() if k == kind and s["rank"].iat[sid] == rank), key=lambda sid: op_start[sid])
            if kernels and len(kernels) == len(free):
                for i, sid in zip(kernels, free):
                    host[i] = sid
    return host


#: A CPU backend's collective as its worker thread records it (``gloo:all_reduce``): the host time
#: of the operation, which includes waiting for the other ranks as an NCCL kernel's time does.


def _host_calls(trace: Trace) -> pd.DataFrame:
    """Without communication kernels (gloo on the CPU): one row per ``gloo:*`` annotation, in order per
    rank (the trace records no sequence number or group for them)."""
    s = trace.slices
    rows = np.flatnonzero((s["cat"] == "user_annotation").to_numpy(dtype=bool, na_value=False) & tagged(s, "host_collective"))
    if len(rows) == 0:
        return _no_calls()
    picked = s.iloc[rows]
    names = picked["name"].astype(str)
    kinds = [canonical_collective(n.split(":", 1)[1]) or n for n in names]
    offset = _clock_offsets(trace)
    rank = picked["rank"].to_numpy()
    none = pd.array([None] * len(rows), dtype="Int64")
    return _as_calls({
        "rank": rank, "group": pd.array([f"? ({k})" for k in kinds], dtype="string"), "seq": none,
        "collective": pd.array(kinds, dtype="string"), "kernel": pd.array(names.to_numpy(), dtype="string"),
        "dtype": pd.array([None] * len(rows), dtype="string"), "in_nelems": none, "out_nelems": none,
        "group_size": none, "group_ranks": pd.array([None] * len(rows), dtype="string"), "stream": none,
        "start_ns": picked["start_ns"].to_numpy() + offset[rank], "end_ns": picked["end_ns"].to_numpy() + offset[rank],
        "dur_ns": picked["dur_ns"].to_numpy(), "step": _steps(trace, rows.astype(np.int64)), "bytes": none,
    })


def _as_calls(columns: dict[str, Any]) -> pd.DataFrame:
    """The calls table from its columns (arrays, one row per call): the rows sorted by (rank, group, start), stably,
    each call's ``index`` in its rank's group (a count along each run of equal keys), then CALL_COLUMNS's columns in
    their order and types (only the columns that are not of their type already are cast: a whole-table ``astype``
    costs ~1 ms even on one row). Arrays throughout: a frame's sort and column assignment cost more than the rows."""
    group = np.asarray(columns["group"], dtype=object)
    _, group_code = np.unique(group, return_inverse=True)  # the names' order, as a sort of the column orders them
    order = np.lexsort((np.asarray(columns["start_ns"]), group_code.reshape(-1), np.asarray(columns["rank"])))
    columns = {c: v[order] for c, v in columns.items()}
    rank, group = np.asarray(columns["rank"]), group[order]
    n = len(order)
    starts = np.flatnonzero(np.r_[True, (rank[1:] != rank[:-1]) | (group[1:] != group[:-1])]) if n else \
        np.zeros(0, dtype=np.int64)
    runs = np.diff(np.r_[starts, n])
    columns["index"] = np.arange(n, dtype=np.int64) - np.repeat(starts, runs)
    out = pd.DataFrame({c: columns[c] for c in CALL_COLUMNS})
    wrong = {c: t for (c, t), d in zip(CALL_COLUMNS.items(), out.dtypes.tolist()) if d != _CALL_DTYPES[c]}
    return out.astype(wrong) if wrong else out


@functools.cache
def _empty_calls() -> pd.DataFrame:
    return pd.DataFrame({c: pd.Series(dtype=t) for c, t in CALL_COLUMNS.items()})


def _no_calls() -> pd.DataFrame:
    """The calls table of a trace without collectives (a copy of one made once: typing 18 columns costs ~1 ms)."""
    return _empty_calls().copy()


def _kernel_args(trace: Trace, comm: pd.DataFrame) -> list[dict[str, Any]]:
    """Per comm kernel (in ``comm``'s order), the collective's args Kineto wrote on the kernel itself
    (:data:`traceview.trace.schema.GPU_COMM`; {} for a kernel without them)."""
    table = trace.gpu_comm
    if table.empty:
        return [{} for _ in range(len(comm))]
    row_of = dict(zip(table["activity_id"].tolist(), range(len(table))))
    values = {col: table[col].tolist() for col in table.columns if col in _OWN}
    out = []
    for activity in comm["activity_id"].tolist():
        k = row_of.get(activity)
        out.append({col: (None if k is None or pd.isna(v := column[k]) else (int(v) if col in _NELEMS else str(v)))
                    for col, column in values.items()})
    return out


#: GPU_COMM columns read as calls columns, and those that are counts.
_OWN: Final[frozenset[str]] = frozenset({"collective", "dtype", "in_nelems", "out_nelems", "group_size", "group"})
_NELEMS: Final[frozenset[str]] = frozenset({"in_nelems", "out_nelems", "group_size"})


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    return None


def _message_bytes(collective, dtype, in_nelems, out_nelems) -> pd.api.extensions.ExtensionArray:
    """Bytes per call (Int64): its elements (an allgather's output, any other's input) times its dtype's size; from
    the calls' columns as arrays (``collective`` and ``dtype`` strings, the counts Int64)."""
    size = pd.array([DTYPE_BYTES.get(d) if isinstance(d, str) else None for d in dtype.tolist()], dtype="Int64")
    nelems = out_nelems.copy()
    inputs = (collective != "allgather").to_numpy(dtype=bool, na_value=False)
    nelems[inputs] = in_nelems[inputs]
    return nelems * size


def _clock_offsets(trace: Trace) -> np.ndarray:
    """Per rank, ns to add to put its times on the common clock: its ``baseTimeNanoseconds`` (Kineto's
    ``ts`` counts from it), 0 when the trace has none (its times are absolute already, or unknown)."""
    top = max([int(m.rank) for m in trace.ranks] + [int(trace.gpu["rank"].max()) if len(trace.gpu) else 0]) + 1
    offsets = np.zeros(top, dtype=np.int64)
    for meta in trace.ranks:
        offsets[int(meta.rank)] = meta.base_time_ns or 0
    return offsets


def _steps(trace: Trace, launch: np.ndarray) -> pd.array:
    """The step name holding each launch (by time, any thread of the process)."""
    known = launch >= 0
    out = np.full(len(launch), None, dtype=object)
    if not known.any() or len(trace.steps) == 0:
        return pd.array(out, dtype="string")
    slices = trace.slices
    step = slices["step_id"].to_numpy(dtype=np.int64, na_value=-1)[launch[known]]
    hit = step >= 0
    found = np.full(len(step), None, dtype=object)
    found[hit] = np.asarray(slices["name"].array[step[hit]].astype(str), dtype=object)
    out[np.flatnonzero(known)] = found
    return pd.array(out, dtype="string")


#: The columns of :attr:`Collectives.collectives`, in order.
_MATCHED: Final[list[str]] = ["group", "seq", "collective", "dtype", "bytes", "group_size", "ranks", "step", "first_start_ns",
                              "skew_ns", "last_rank", "max_wait_ns", "mean_wait_ns", "latency_ns", "end_skew_ns", "algbw_gbps",
                              "busbw_gbps"]


def match_collectives(calls: pd.DataFrame | list[pd.DataFrame]) -> Collectives:
    """Match the ranks' calls (:func:`collective_calls`, one table or one per rank) into collectives."""
    calls = pd.concat(calls, ignore_index=True) if isinstance(calls, list) else calls.reset_index(drop=True)
    if len(calls) and any(str(d) != t for d, t in zip(calls[list(CALL_COLUMNS)].dtypes.tolist(), CALL_COLUMNS.values())):
        calls = calls.astype(CALL_COLUMNS)
    by_seq = len(calls) > 0 and bool(calls["seq"].notna().all())
    key = "seq" if by_seq else "index"
    columns = _MATCHED
    if calls.empty:
        empty, waits = _empty_match()
        return Collectives(calls=calls, collectives=empty.copy(), waits=waits.copy(), seq_source="order")
    # each collective's rows sorted by start (a stable sort by group, key, start), its first and last arrival by position
    group, seq_key = calls["group"].to_numpy(dtype=object), calls[key].astype("int64").to_numpy()
    _, group_code = np.unique(group, return_inverse=True)  # the names' order, as a sort of the column orders them
    group_code = group_code.reshape(-1)
    order = np.lexsort((calls["start_ns"].to_numpy(), seq_key, group_code))
    same = (group_code[order][1:] == group_code[order][:-1]) & (seq_key[order][1:] == seq_key[order][:-1])
    if not same.any():  # one call per collective (one rank's trace): nothing to reduce, every column an array
        out, wait, rank_of, step_of = _single_calls(calls, order, seq_key[order])
    else:
        ordered = calls.assign(seq_key=seq_key).take(order).reset_index(drop=True)
        g = ordered.groupby(["group", "seq_key"], sort=False)
        first, last = ordered.loc[g.head(1).index], ordered.loc[g.tail(1).index]
        wait = (g["start_ns"].transform("max") - ordered["start_ns"]).to_numpy()  # exact int64 ns (epoch-scale times overflow float64's ns)
        ordered["wait_ns"] = wait
        agg = g.agg(ranks=("rank", "nunique"), latency_ns=("dur_ns", "min"), mean_wait_ns=("wait_ns", "mean"),
                    end_min=("end_ns", "min"), end_max=("end_ns", "max"))
        out = {
            "group": first["group"].to_numpy(), "seq": first["seq_key"].to_numpy(), "collective": first["collective"].to_numpy(),
            "dtype": first["dtype"].array, "bytes": first["bytes"].array, "step": first["step"].array,
            "first_start_ns": first["start_ns"].to_numpy(), "last_start": last["start_ns"].to_numpy(),
            "last_rank": last["rank"].to_numpy().astype(np.int64), "ranks": agg["ranks"].to_numpy(),
            "latency_ns": agg["latency_ns"].to_numpy(), "mean_wait_ns": agg["mean_wait_ns"].to_numpy(),
            "end_skew_ns": (agg["end_max"] - agg["end_min"]).to_numpy(), "group_size": first["group_size"].array,
        }
        rank_of, step_of = ordered["rank"].to_numpy(), ordered["step"].fillna("(no step)").to_numpy(dtype=object)
    size = out["group_size"].to_numpy(dtype=np.int64, na_value=-1)
    out["group_size"] = np.where(size > 0, size, out["ranks"])
    out["skew_ns"] = out["last_start"] - out["first_start_ns"]
    out["max_wait_ns"] = out["skew_ns"]  # the first arrival's
    latency = out["latency_ns"].astype(np.float64)
    algbw = out["bytes"].to_numpy(dtype=np.float64, na_value=np.nan) / np.where(latency > 0, latency, np.nan)  # B/ns = GB/s
    factor = np.array([BUS_FACTOR[c](n) if c in BUS_FACTOR and n > 0 else np.nan
                       for c, n in zip(out["collective"].tolist(), out["group_size"].tolist())], dtype=np.float64)
    out["algbw_gbps"], out["busbw_gbps"] = algbw, algbw * factor
    by_start = np.argsort(out["first_start_ns"], kind="stable")
    collectives = pd.DataFrame({c: out[c][by_start] for c in columns})
    waits_frame = _waits(rank_of, step_of, wait)
    return Collectives(calls=calls, collectives=collectives, waits=waits_frame, seq_source="Seq" if by_seq else "order")


def _single_calls(calls: pd.DataFrame, order: np.ndarray, seq_key: np.ndarray) -> tuple[dict, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`match_collectives`' columns where each collective has one call (``order``: the calls by group, key,
    start), each its own first and last arrival: no wait, no skew; and each call's wait, rank and step."""
    def col(name, values=False):
        return (calls[name].array if values else calls[name].to_numpy())[order]
    end = col("end_ns")
    n = len(order)
    out = {"group": col("group"), "seq": seq_key, "collective": col("collective"), "dtype": col("dtype", True),
           "bytes": col("bytes", True), "step": col("step", True), "first_start_ns": (start := col("start_ns")),
           "last_start": start, "last_rank": col("rank").astype(np.int64), "ranks": np.ones(n, dtype=np.int64),
           "latency_ns": col("dur_ns"), "mean_wait_ns": np.zeros(n), "end_skew_ns": end - end,
           "group_size": col("group_size", True)}
    return out, np.zeros(n, dtype=np.int64), col("rank"), calls["step"].fillna("(no step)").to_numpy(dtype=object)[order]


@functools.cache
def _empty_match() -> tuple[pd.DataFrame, pd.DataFrame]:
    """The collectives and waits of a trace without any (made once: each costs more to make than to copy)."""
    return pd.DataFrame(columns=_MATCHED), pd.DataFrame(columns=["rank", "step", "wait_ns"])


def _waits(rank: np.ndarray, step: np.ndarray, wait_ns: np.ndarray) -> pd.DataFrame:
    """rank, step, wait_ns summed per (rank, step), sorted by rank then step: a groupby's sum, from codes (a
    groupby costs ~1 ms even on one row)."""
    step_code, steps = pd.factorize(step, sort=True)
    key = rank.astype(np.int64) * max(len(steps), 1) + step_code
    keys, at = np.unique(key, return_inverse=True)
    total = np.zeros(len(keys), dtype=np.int64)
    np.add.at(total, at.reshape(-1), wait_ns.astype(np.int64))
    first = np.zeros(len(keys), dtype=np.int64)
    first[at.reshape(-1)[::-1]] = np.arange(len(key))[::-1]  # a row of each key: its rank and step
    return pd.DataFrame({"rank": rank[first], "step": step[first], "wait_ns": total})


def summary_and_calls(trace: Trace) -> tuple[RankSummary, pd.DataFrame]:
    """One rank's work for ``traceview ranks``: its :func:`~traceview.analysis.ranks.ranks.summarize_rank`
    and its :func:`collective_calls` (picklable, for :func:`traceview.trace.parallel.gather_ranks`)."""
    return summarize_rank(trace), collective_calls(trace)


def collectives(trace: Trace) -> Collectives:
    """:func:`match_collectives` of a multi-rank Trace (all ranks loaded and concatenated)."""
    return match_collectives(collective_calls(trace))

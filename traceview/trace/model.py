"""The loaded trace: a few typed tables (see :mod:`traceview.trace.schema`) and its metadata."""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Iterable, Sequence
from typing import Any

import msgspec
import numpy as np
import pandas as pd

from traceview.trace import schema
from traceview.trace.catalogue import tagged
from traceview.trace.derive import derived, has_derived
from traceview.trace.fwdbwd import fwdbwd_pairs
from traceview.trace.shapes import ShapeArgs, ShapeReader
from traceview.trace.step_windows import StepWindows, windows_of
from traceview.trace.tree import (ancestor_pairs, by_depth, innermost_at, marked_chain_pairs, nearest_ancestor, nearest_marked,
                                  outermost, outermost_marked, outermost_marked_at, parents_array)


def empty_table(spec: dict[str, str]) -> pd.DataFrame:
    """A table of ``spec``'s columns and dtypes, without rows."""
    return pd.DataFrame({col: pd.array([], dtype=dtype) for col, dtype in spec.items()})  # (a Series each: 2x slower)


@dataclass(frozen=True)
class DeviceInfo:
    """One GPU from the trace's ``deviceProperties``."""

    id: int
    name: str
    num_sms: int | None = None
    total_memory_bytes: int | None = None
    compute_capability: str | None = None  # "9.0"; for AMD the gfx name when given


@dataclass
class TraceMeta:
    """What a trace file says about itself, and what loading it had to skip or repair."""

    path: str
    rank: int = 0
    world_size: int | None = None
    schema_version: str | None = None
    base_time_ns: int | None = None  # baseTimeNanoseconds: the clock the *_ns columns count from
    display_time_unit: str | None = None
    devices: tuple[DeviceInfo, ...] = ()
    cuda_runtime_version: str | None = None
    cuda_driver_version: str | None = None
    hip_runtime_version: str | None = None
    with_stack: bool = False
    record_shapes: bool = False
    event_count: int = 0
    size_bytes: int = 0
    truncated: bool = False
    notes: list[str] = field(default_factory=list)  # what was skipped or repaired, and why
    header: dict[str, Any] = field(default_factory=dict)  # every top-level key but traceEvents

    @property
    def vendor(self) -> str:
        """``amd`` for ROCm/HIP traces, ``nvidia`` for CUDA ones, ``unknown`` otherwise."""
        if self.hip_runtime_version or "roctracer_version" in self.header:
            return "amd"
        if self.cuda_runtime_version or self.cuda_driver_version or self.devices:
            return "nvidia"
        return "unknown"


@dataclass
class Trace:
    """A Kineto trace (one rank, or several concatenated with a ``rank`` column).

    Tables (columns and dtypes in :mod:`traceview.trace.schema`):

    - ``slices``: host-side duration events with their nesting (parent_id / depth per thread), their
      classification (trace/classify.py) and step (trace/derive.py);
    - ``launches``: the runtime/driver calls that started GPU work;
    - ``gpu``: kernels, memcpys and memsets, with ``launch_id`` joining ``launches``;
    - ``gpu_annotations``, ``flows``, ``counters``, ``instants``, ``threads``;
    - ``memory``: the allocator's ``[memory]`` events with their sizes and totals (empty unless
      the trace was recorded with ``profile_memory=True``).
    """

    slices: pd.DataFrame
    launches: pd.DataFrame
    gpu: pd.DataFrame
    gpu_annotations: pd.DataFrame
    flows: pd.DataFrame
    counters: pd.DataFrame
    instants: pd.DataFrame
    threads: pd.DataFrame
    ranks: tuple[TraceMeta, ...]
    slice_args: Sequence[bytes | None] = field(default_factory=list, repr=False)  # raw JSON per slice_id (trace/args.py)
    memory: pd.DataFrame = field(default_factory=lambda: empty_table(schema.MEMORY))
    gpu_comm: pd.DataFrame = field(default_factory=lambda: empty_table(schema.GPU_COMM))  # NCCL kernels' own args
    _steps: StepWindows | None = field(default=None, init=False, repr=False, compare=False)
    _nearest: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _parents: np.ndarray | None = field(default=None, init=False, repr=False, compare=False)
    _levels: tuple | None = field(default=None, init=False, repr=False, compare=False)
    _fwdbwd: tuple | None = field(default=None, init=False, repr=False, compare=False)
    _shapes: ShapeReader | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # derived once (trace/derive.py): each slice's step, each launch's and GPU activity's context
        if not has_derived(self.slices, self.launches, self.gpu):
            self.slices, self.launches, self.gpu = derived(self.slices, self.launches, self.gpu, self.steps)

    def nearest(self, *tags: str) -> np.ndarray:
        """For every slice: itself when its name answers one of ``tags`` (:mod:`traceview.trace.catalogue`),
        else its nearest enclosing slice that does (-1: none). One walk down the tree per question, kept."""
        if tags not in self._nearest:
            mask = np.zeros(len(self.slices), dtype=bool)
            for tag in tags:
                mask |= tagged(self.slices, tag)
            self._nearest[tags] = self.nearest_where(mask)
        return self._nearest[tags]

    def around(self, rows: np.ndarray, *tags: str) -> np.ndarray:
        """:meth:`nearest` at slice ``rows`` (-1 rows, e.g. a GPU activity without its launch: -1)."""
        near = self.nearest(*tags)
        rows = np.asarray(rows, dtype=np.int64)
        return np.where(rows >= 0, near[np.maximum(rows, 0)], -1) if len(near) else np.full(len(rows), -1, dtype=np.int64)

    @property
    def fwdbwd(self) -> pd.DataFrame:
        """Which backward op ran for which forward op: one row per ``fwdbwd`` flow whose both ends bind to a slice
        (``forward_id``, ``backward_id``; :mod:`traceview.trace.fwdbwd`), bound once."""
        if self._fwdbwd is None or self._fwdbwd[0] is not self.slices or self._fwdbwd[1] is not self.flows:
            self._fwdbwd = (self.slices, self.flows, fwdbwd_pairs(self.slices, self.flows))
        return self._fwdbwd[2]

    # --- the slice tree, queried (as Perfetto's ``ancestor_slice``): the analyses ask, trace/tree.py walks ---------

    @property
    def parents(self) -> np.ndarray:
        """Each slice's parent row (-1: none; ``slice_id`` is the row), built once."""
        if self._parents is None or len(self._parents) != len(self.slices):
            self._parents = parents_array(self.slices)
        return self._parents

    @property
    def levels(self) -> list[np.ndarray]:
        """The slices' rows grouped by depth, shallowest first (the order a walk down the tree takes), built once."""
        if self._levels is None or self._levels[0] is not self.slices:
            self._levels = (self.slices, by_depth(self.slices["depth"].to_numpy()))
        return self._levels[1]

    def enclosing(self, rows: np.ndarray, where: np.ndarray, include_self: bool = False) -> np.ndarray:
        """For each slice of ``rows`` (-1: none), the nearest slice around it with ``where`` (a bool per slice)
        True (-1: none); itself first with ``include_self``."""
        rows = np.asarray(rows, dtype=np.int64)
        if not len(self.slices):
            return np.full(len(rows), -1, dtype=np.int64)
        return nearest_ancestor(self.parents, rows, where, include_self=include_self)

    def outermost(self, where: np.ndarray) -> np.ndarray:
        """Bool per slice: ``where`` is True and no slice around it has it (a top-level op, a span not nested in
        another of its kind); ``where`` may be k masks (k x slices), answered in one pass."""
        return outermost(self.parents, self.slices["depth"].to_numpy(), where, self.levels)

    def outermost_around(self, where: np.ndarray, rows: np.ndarray | None = None) -> np.ndarray:
        """For every slice (or each of ``rows``, -1: none), the outermost slice with ``where`` around it, itself
        included (-1: none); for a few rows walked up from them alone."""
        if rows is not None:
            rows = np.asarray(rows, dtype=np.int64)
            return outermost_marked_at(self.parents, rows, where) if len(self.slices) else np.full(len(rows), -1, dtype=np.int64)
        return outermost_marked(self.parents, self.slices["depth"].to_numpy(), where, self.levels)

    def nearest_where(self, where: np.ndarray) -> np.ndarray:
        """For every slice, itself if ``where``, else the nearest slice around it with ``where`` (-1: none): what
        :meth:`nearest` answers for a catalogue question, for any mask (a window's top-level ops)."""
        return nearest_marked(self.parents, self.slices["depth"].to_numpy(), where, self.levels)

    def ancestors(self, rows: np.ndarray, where: np.ndarray | None = None, *, through: np.ndarray | None = None,
                  include_self: bool = False) -> pd.DataFrame:
        """Every (row position in ``rows``, enclosing slice) pair, nearest first: the slices around each with
        ``where`` True; or, with ``through`` (a column of nearest-marked ids such as ``region_id``), the marked
        slices around it, hopping from one to the next. Columns ``row``, ``ancestor``."""
        rows = np.asarray(rows, dtype=np.int64)
        if through is not None:
            return marked_chain_pairs(self.parents, through, rows, include_self=include_self)
        if not len(self.slices):
            rows = np.full(len(rows), -1, dtype=np.int64)
        return ancestor_pairs(self.parents, rows, where, include_self=include_self)

    def running_at(self, ordered: np.ndarray, points: np.ndarray, closed: bool = False) -> np.ndarray:
        """For each moment in ``points``, the innermost slice running there among one thread's slices ``ordered``
        (slice ids sorted by start, then depth; -1: none). ``closed``: a slice ending at the moment still holds it."""
        ordered = np.asarray(ordered, dtype=np.int64)
        return innermost_at(self.parents, self.slices["end_ns"].to_numpy(), ordered,
                            self.slices["start_ns"].to_numpy()[ordered], np.asarray(points), closed=closed)

    def slice_at(self, rank: np.ndarray, pid: np.ndarray, tid: np.ndarray, ts: np.ndarray) -> np.ndarray:
        """For each moment ``ts`` on thread (rank, pid, tid): the innermost slice of that thread whose [start, end]
        holds it (-1: none)."""
        out = np.full(len(ts), -1, dtype=np.int64)
        slices = self.slices
        if len(slices) == 0 or len(ts) == 0:
            return out
        s_rank = slices["rank"].to_numpy().astype(np.int64)
        s_pid, s_tid = slices["pid"].to_numpy(dtype=np.int64, na_value=-1), slices["tid"].to_numpy(dtype=np.int64, na_value=-1)
        order = np.lexsort((slices["depth"].to_numpy(), slices["start_ns"].to_numpy(), s_tid, s_pid, s_rank))
        keys = np.stack([s_rank[order], s_pid[order], s_tid[order]], axis=1)
        cut = np.flatnonzero(np.r_[True, (keys[1:] != keys[:-1]).any(axis=1), True])
        for lo, hi in zip(cut[:-1], cut[1:]):
            r, p, t = keys[lo]
            mine = np.flatnonzero((rank == r) & (pid == p) & (tid == t))
            if len(mine):
                out[mine] = self.running_at(order[lo:hi], ts[mine], closed=True)
        return out

    @property
    def steps(self) -> StepWindows:
        """The trace's steps as time windows (:mod:`traceview.trace.step_windows`), found once."""
        if self._steps is None:
            self._steps = windows_of(self.slices)
        return self._steps

    @property
    def meta(self) -> TraceMeta:
        """The first rank's metadata (the only one for a single-file trace)."""
        return self.ranks[0]

    @property
    def kernels(self) -> pd.DataFrame:
        """GPU activities of kind ``kernel``."""
        return self.gpu[self.gpu["kind"] == "kernel"]

    @property
    def devices(self) -> tuple[DeviceInfo, ...]:
        return self.meta.devices

    def args(self, slice_id: int) -> dict[str, Any]:
        """The full Kineto ``args`` object of one slice (read and decoded on demand)."""
        return _decoded(self.slice_args[slice_id] if 0 <= slice_id < len(self.slice_args) else None)

    def shape_args(self, slice_ids: np.ndarray) -> tuple[np.ndarray, list[ShapeArgs]]:
        """The record_shapes args of slices (:mod:`traceview.trace.shapes`): for each, the number of its args in the
        list returned (0: none), each slice read and each distinct text decoded once per trace."""
        if self._shapes is None or len(self._shapes.number) != len(self.slices):
            self._shapes = ShapeReader(len(self.slices))
        return self._shapes.read(self.slice_args, slice_ids)

    def args_of(self, slice_ids: pd.Series | list[int], key: str) -> pd.Series:
        """One args key for many slices, as a Series indexed like ``slice_ids`` (each piece of the
        file read once)."""
        return self.args_table(slice_ids, (key,))[key]

    def args_table(self, slice_ids: pd.Series | list[int] | np.ndarray, keys: Sequence[str]) -> pd.DataFrame:
        """Several args keys for many slices, a column each (None where absent), indexed like ``slice_ids``: each
        slice's args decoded once however many keys are asked."""
        columns = self.args_columns(slice_ids, keys)
        index = slice_ids.index if isinstance(slice_ids, pd.Series) else None
        return pd.DataFrame({key: pd.Series(column, index=index, dtype=object) for key, column in zip(keys, columns)},
                            index=index)

    def args_columns(self, slice_ids: Iterable[int], keys: Sequence[str]) -> list[list[Any]]:
        """Per key, its value in each slice's args (None where absent), in ``slice_ids``' order: each piece of the
        file read once, each slice's args decoded once however many keys are asked."""
        ids = [int(i) for i in slice_ids]
        take = getattr(self.slice_args, "take", None)
        raws = take(ids) if take is not None else [self.slice_args[i] for i in ids]
        return _fields_of(raws, tuple(keys))


_FIELD_DECODERS: dict[tuple[str, ...], msgspec.json.Decoder] = {}


def _fields_of(raws: Sequence[bytes | None], keys: tuple[str, ...]) -> list[list[Any]]:
    """Per key, its value in each raw ``args`` object (None where absent): only those keys decoded, all raws as one
    JSON array; where one raw is not a whole object, each dict from :func:`_decoded_all`."""
    decoder = _FIELD_DECODERS.get(keys)
    if decoder is None:
        fields = [(f"f{i}", Any, msgspec.field(default=None, name=key)) for i, key in enumerate(keys)]
        decoder = _FIELD_DECODERS[keys] = msgspec.json.Decoder(list[msgspec.defstruct("Fields", fields) | None])
    try:
        values = decoder.decode(b"[" + b",".join([bytes(raw) if raw else b"null" for raw in raws]) + b"]")
    except (msgspec.MsgspecError, UnicodeDecodeError):
        values = None
    if values is None or len(values) != len(raws):
        decoded = _decoded_all(raws)
        return [[d.get(key) for d in decoded] for key in keys]
    return [[getattr(v, f"f{i}") if v is not None else None for v in values] for i in range(len(keys))]


def _decoded_all(raws: Sequence[bytes | None]) -> list[dict[str, Any]]:
    """:func:`_decoded` of each raw ``args``, decoded as one JSON array where every raw is whole JSON (one by one
    where one is not)."""
    try:
        values = msgspec.json.decode(b"[" + b",".join([bytes(raw) if raw else b"null" for raw in raws]) + b"]")
    except (msgspec.MsgspecError, UnicodeDecodeError):
        return [_decoded(raw) for raw in raws]
    if len(values) != len(raws):  # a raw that was several values (never whole JSON of one)
        return [_decoded(raw) for raw in raws]
    return [v if isinstance(v, dict) else {} for v in values]


def _decoded(raw: bytes | None) -> dict[str, Any]:
    """One raw ``args`` object as a dict ({} for none, or for anything that is not an object)."""
    if not raw:
        return {}
    try:
        try:
            value = msgspec.json.decode(raw)
        except (UnicodeDecodeError, msgspec.DecodeError):  # a string that is not UTF-8 (msgspec < 0.23 raises
            # UnicodeDecodeError, 0.23 a DecodeError): its bad bytes read as U+FFFD; any other error stands
            repaired = bytes(raw).decode("utf-8", "replace").encode("utf-8")
            if repaired == bytes(raw):
                return {}
            value = msgspec.json.decode(repaired)
    except (msgspec.MsgspecError, UnicodeDecodeError):
        return {}
    return value if isinstance(value, dict) else {}

"""Which CPU call launched each GPU kernel, and what was around it?

The chain, for every GPU activity (the TraceLens "kernel launcher" model, as table joins)::

    kernel --correlation--> launch (cudaLaunchKernel, cuLaunchKernel, cudaGraphLaunch, ...)
           --parent chain--> innermost cpu_op (aten::add, triton_poi_fused_add_mul_0, aten::_foreach_add_)
           --parent chain--> innermost "Torch-Compiled Region: F/C" call (and the outermost one)
           --parent chain--> innermost user annotation / innermost Python frame
           --launch time-->  the step whose window holds the launch (any thread of the process)

A kernel whose launch is missing falls back to the cpu_op with the same Kineto "External id".
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from traceview.trace import catalogue
from traceview.trace.catalogue import tagged
from traceview.analysis.base.compile_split import CompileSplit
from traceview.trace import Trace


@dataclass(frozen=True)
class KernelAttribution:
    """One row per GPU activity (kernels, memcpys, memsets), in start order.

    Columns: activity_id, rank, kind, name, device, stream, start_ns, dur_ns, end_ns, correlation,
    phase, launch_id, api, launch_start_ns, launch_dur_ns, launch_to_kernel_ns (launch start to
    GPU start), op_id / op (innermost cpu_op around the launch), region_id / region (innermost
    compiled region call, "F/C"), outer_region_id, step_id / step (the step whose window holds
    the launch, see :mod:`traceview.trace.step_windows`), annotation
    (innermost user annotation), source (innermost Python frame, when the trace has stacks).
    ``<NA>`` wherever the trace has no such event.
    """

    table: pd.DataFrame
    without_launch: int  # GPU activities whose launch is not in the trace
    counts: dict[str, int] = field(init=False)  # kernels: total, runtime (run phase), compile (compile or autotune)

    def __post_init__(self):
        kernel = (self.table["kind"] == "kernel").to_numpy()
        total, runtime = int(kernel.sum()), int((kernel & (self.table["phase"] == "run").to_numpy()).sum())
        object.__setattr__(self, "counts", {"total": total, "runtime": runtime, "compile": total - runtime})

    @property
    def kernels(self) -> pd.DataFrame:
        """The kernel rows (the HTML report and the comparisons read them), taken from the table on first use: a
        filter of every column costs more than most analyses on a trace of a few thousand kernels."""
        if "_kernels" not in self.__dict__:
            object.__setattr__(self, "_kernels", self.table[(self.table["kind"] == "kernel").to_numpy()])
        return self.__dict__["_kernels"]


def attribute_kernels(trace: Trace, split: CompileSplit) -> KernelAttribution:
    """Join every GPU activity to its launch, CPU op, region, step, annotation and source."""
    slices = trace.slices
    names = _CategoryLabels(slices["name"])
    cats = slices["cat"]
    is_region = (slices["kind"] == "region").to_numpy()
    is_op = (cats == "cpu_op").to_numpy() & ~is_region
    windows = trace.steps
    is_step = np.zeros(len(slices), dtype=bool)
    if not windows.by_optimizer:  # the optimizer's step() that ends a step stays an annotation of its own
        is_step[windows.slice_id] = True
    is_annotation = (cats == "user_annotation").to_numpy() & ~tagged(slices, "inductor_call") & ~is_step \
        & ~tagged(slices, "compile")
    is_python = (cats == "python_function").to_numpy()

    launches = trace.launches
    gpu = trace.gpu
    launch_id = gpu["launch_id"].fillna(-1).to_numpy(dtype=np.int64)
    has_launch = launch_id >= 0
    # each activity's launch row, by a sorted search (launch ids ascend in slice order; sorted if not)
    launch_ids = launches["launch_id"].to_numpy()
    by_id = np.arange(len(launch_ids)) if (launch_ids[1:] > launch_ids[:-1]).all() else np.argsort(launch_ids, kind="stable")
    at = by_id[np.searchsorted(launch_ids[by_id], launch_id[has_launch])]
    columns = {c: gpu[c].array for c in ("activity_id", "rank", "kind", "name", "device", "stream", "start_ns", "dur_ns", "end_ns", "correlation", "launch_id", "comm")}
    phase = split.gpu_phase
    activity_ids = gpu["activity_id"].to_numpy()
    if not (len(phase) == len(activity_ids) and (phase.index.to_numpy() == activity_ids).all()):
        phase = phase.reindex(activity_ids)
    columns["phase"] = _text_values(phase)
    columns["api"] = _text_values(launches["api"], np.where(has_launch, np.arange(len(gpu)), -1), at)
    for col in ("start_ns", "dur_ns"):
        values = np.zeros(len(gpu), dtype=np.int64)
        values[has_launch] = launches[col].to_numpy()[at]
        columns[f"launch_{col}"] = pd.arrays.IntegerArray(values, ~has_launch)
    columns["launch_to_kernel_ns"] = pd.arrays.IntegerArray(gpu["start_ns"].to_numpy() - columns["launch_start_ns"]._data, ~has_launch)

    # the op, region calls and step around each launch, derived once at load time (trace/derive.py); a
    # launch is a runtime call, never an op or a region itself
    op = _external_id_fallback(trace, gpu["op_id"].to_numpy(dtype=np.int64, na_value=-1), has_launch, is_op)
    region = gpu["region_id"].to_numpy(dtype=np.int64, na_value=-1)
    outer_region = gpu["outer_region_id"].to_numpy(dtype=np.int64, na_value=-1)
    step = _step_of(trace, launch_id, op)
    annotation = trace.enclosing(launch_id, is_annotation)
    source = trace.enclosing(launch_id, is_python)

    region_ids = names.mapped(lambda categories: [catalogue.region_id(c) for c in categories.astype(str)])
    for col, ids, labels in (("op", op, names), ("region", region, region_ids), ("step", step, names),
                             ("annotation", annotation, names), ("source", source, names)):
        if col in ("op", "region", "step"):
            columns[f"{col}_id"] = _nullable(ids)
        columns[col] = labels.strings(ids) if len(slices) else pd.array(np.full(len(ids), None, dtype=object), dtype="string")
    columns["outer_region_id"] = _nullable(outer_region)
    start = columns["start_ns"]
    if not (start[1:] >= start[:-1]).all():  # Kineto writes activities in start order, mostly
        order = np.argsort(start, kind="stable")
        columns = {c: v[order] for c, v in columns.items()}
    # the columns are new arrays (or the trace's, taken whole and never written): no copy
    table = pd.DataFrame(columns, copy=False)
    return KernelAttribution(table=table, without_launch=int((~has_launch).sum()))


def _step_of(trace: Trace, launch_id: np.ndarray, op: np.ndarray) -> np.ndarray:
    """The step slice holding each activity's launch (or, without one, its External-id op) by time."""
    host = np.where(launch_id >= 0, launch_id, op)
    steps = trace.slices["step_id"].to_numpy(dtype=np.int64, na_value=-1)
    return np.where(host >= 0, steps[np.maximum(host, 0)], -1) if len(steps) else np.full(len(host), -1, dtype=np.int64)


class _CategoryLabels:
    """A categorical column's labels at given rows, without materialising a string per row."""

    def __init__(self, column: pd.Series, values: np.ndarray | None = None) -> None:
        column = column if isinstance(column.dtype, pd.CategoricalDtype) else column.astype("category")
        self.column = column
        self.codes = column.cat.codes.to_numpy()
        self.values = column.cat.categories.to_numpy(dtype=object) if values is None else values
        self._as_strings = None  # the labels as one string array, made on first use

    def mapped(self, per_category) -> _CategoryLabels:
        """The same rows labelled by ``per_category(categories)`` (an Index -> Series/array function)."""
        return _CategoryLabels(self.column, np.asarray(per_category(self.column.cat.categories), dtype=object))

    def __getitem__(self, rows: np.ndarray) -> np.ndarray:
        return self.values[self.codes[rows]]

    def strings(self, rows: np.ndarray) -> pd.api.extensions.ExtensionArray:
        """``pd.array(self[rows], dtype="string")``, ``<NA>`` where a row is -1: each distinct label made a string
        once and taken per row (no Python string per row)."""
        at = self.codes[np.maximum(rows, 0)]
        at = np.where(at < 0, at + len(self.values), at)  # as numpy indexes the labels by a code of -1
        if self._as_strings is None:
            self._as_strings = pd.array(self.values, dtype="string")
        return self._as_strings.take(np.where(rows >= 0, at, -1), allow_fill=True)


def _object_values(column: pd.Series, rows: np.ndarray | None = None) -> np.ndarray:
    """``column.to_numpy(dtype=object)[rows]`` (NaN where missing), for a categorical column from its categories and
    codes: no string taken per row of the whole column."""
    if not isinstance(column.dtype, pd.CategoricalDtype):
        values = column.to_numpy(dtype=object)
        return values if rows is None else values[rows]
    codes = column.cat.codes.to_numpy()
    codes = codes if rows is None else codes[rows]
    labels = np.append(column.cat.categories.to_numpy(dtype=object), np.nan)  # code -1: the NaN after the last
    return labels[np.where(codes >= 0, codes, len(labels) - 1)]


def _text_values(column: pd.Series, rows: np.ndarray | None = None, at: np.ndarray | None = None):
    """:func:`_object_values` of ``column`` as the table will type it (``str`` under pandas 3, object under pandas 2),
    typed once on its distinct labels and taken per row: pandas 3 makes each string of an object column into its
    string array otherwise (~0.5 ms per 15,000 rows). ``rows``/``at``: the table's rows (-1: none, NaN) and the
    column's row for each of them that is not -1. A column of no text at all is left to the table to type."""
    if not isinstance(column.dtype, pd.CategoricalDtype):
        values = _object_values(column, at)
        if rows is None:
            return values
        out = np.full(len(rows), np.nan, dtype=object)
        out[rows >= 0] = values
        return out
    codes = column.cat.codes.to_numpy()
    codes = codes if at is None else codes[at]
    labels = np.append(column.cat.categories.to_numpy(dtype=object), np.nan)  # code -1 (and no row): the NaN last
    if rows is not None:
        codes = _placed(rows, codes)
    codes = np.where(codes >= 0, codes, len(labels) - 1)
    if not (codes < len(labels) - 1).any():  # no text: as the table types an all-NaN object column
        return labels[codes]
    used = np.flatnonzero(np.bincount(codes, minlength=len(labels)))  # the values the rows hold, typed as the rows
    renumber = np.zeros(len(labels), dtype=np.int64)
    renumber[used] = np.arange(len(used))
    return pd.Series(labels[used]).array.take(renumber[codes])


def _placed(rows: np.ndarray, values: np.ndarray) -> np.ndarray:
    """``values`` at the positions where ``rows`` is not -1, -1 elsewhere."""
    out = np.full(len(rows), -1, dtype=np.int64)
    out[rows >= 0] = values
    return out


def _nullable(ids: np.ndarray) -> pd.array:
    return pd.arrays.IntegerArray(np.where(ids >= 0, ids, 0).astype(np.int64), ids < 0)


def _external_id_fallback(trace: Trace, op: np.ndarray, has_launch: np.ndarray, is_op: np.ndarray) -> np.ndarray:
    """For activities without a launch, the cpu_op sharing their External id (same rank)."""
    missing = np.flatnonzero(~has_launch & trace.gpu["external_id"].notna().to_numpy())
    if len(missing) == 0:
        return op
    s, g = trace.slices, trace.gpu
    rows = np.flatnonzero(is_op & s["external_id"].notna().to_numpy())
    op_rank, op_ext = s["rank"].to_numpy(dtype=np.int64)[rows], s["external_id"].to_numpy(dtype=np.int64, na_value=0)[rows]
    op_sid = s["slice_id"].to_numpy()[rows]
    want_rank = g["rank"].to_numpy(dtype=np.int64)[missing]
    want_ext = g["external_id"].to_numpy(dtype=np.int64, na_value=0)[missing]
    out = op.copy()
    for rank in np.unique(want_rank).tolist():  # per rank: the first op (in slice order) of each External id
        mine = op_rank == rank
        ext, first = np.unique(op_ext[mine], return_index=True)
        if not len(ext):
            continue
        asked = np.flatnonzero(want_rank == rank)
        at = np.minimum(np.searchsorted(ext, want_ext[asked]), len(ext) - 1)
        hit = ext[at] == want_ext[asked]
        out[missing[asked[hit]]] = op_sid[mine][first[at[hit]]]
    return out

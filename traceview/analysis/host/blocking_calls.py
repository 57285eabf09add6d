"""The calls that blocked a process's host on the GPU in a window (:func:`blocking_calls`): synchronisations, copies
from pageable memory, and launches that waited on a full launch queue (:mod:`.queue_waits`). :mod:`.replay` makes
each wait as long as the replayed GPU needs."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import numpy as np
import pandas as pd

from traceview.analysis.host.queue_waits import queue_waits
from traceview.analysis.host.streams import Window
from traceview.trace.catalogue import tagged
from traceview.trace import Trace


def in_window(trace: Trace, w: Window, overlapping: bool = False) -> np.ndarray:
    """Bool per slice: of the window's process (rank, pid) and inside the window (``overlapping``: any part of it
    in the window), from numpy arrays (a pandas comparison per column costs more than the work on a short trace)."""
    s = trace.slices
    start, end = s["start_ns"].to_numpy(), s["end_ns"].to_numpy()
    inside = (end > w.start_ns) & (start < w.end_ns) if overlapping else (start >= w.start_ns) & (end <= w.end_ns)
    return inside & (s["rank"].to_numpy() == w.rank) & (s["pid"].to_numpy(dtype=np.int64, na_value=-1) == w.pid)


#: What makes a call block the host on the GPU (:class:`Blocking`'s ``cause``).
CAUSES: Final[tuple[str, ...]] = ("sync", "pageable_copy")


@dataclass(frozen=True)
class Blocking:
    """Calls in the steps that blocked the host on the GPU: ``calls`` (slice_id, start_ns, end_ns, wait_ns, cause:
    "sync" | "pageable_copy", where: the outermost op around it, bytes of a copy)."""

    calls: pd.DataFrame
    queued: pd.DataFrame | None = None  # launch calls that waited on a full launch queue (.queue_waits)
    by_cause: dict[str, pd.DataFrame] = field(init=False)  # "sync" and "pageable_copy": each cause's calls
    _listed: tuple | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "by_cause", {c: self.calls[(self.calls["cause"] == c).to_numpy()] for c in CAUSES})

    def of(self, cause: str) -> pd.DataFrame:
        return self.by_cause[cause]

    def listed(self) -> tuple[tuple[tuple[int, int, int, str], ...], dict[int, int]]:
        """The calls as Python values, made once (a replay reads them all, and the advice replays a window ~20
        times): each call's (start_ns, end_ns, slice_id, cause), and each one's wait_ns by slice_id."""
        if self._listed is None:
            calls = self.calls
            ids = calls["slice_id"].to_numpy().astype(int).tolist()
            q = self.queued if self.queued is not None else calls.iloc[:0]
            causes = calls["cause"].tolist() + ["queue"] * len(q)
            ids += q["slice_id"].to_numpy().astype(int).tolist()
            intervals = tuple((int(a), int(b), int(sid), str(c)) for sid, a, b, c in zip(
                ids, [*calls["start_ns"].to_numpy().tolist(), *q["start_ns"].to_numpy().tolist()],
                [*calls["end_ns"].to_numpy().tolist(), *q["end_ns"].to_numpy().tolist()], causes))
            waits = [*calls["wait_ns"].to_numpy().astype(int).tolist(), *q["wait_ns"].to_numpy().astype(int).tolist()]
            object.__setattr__(self, "_listed", (intervals, dict(zip(ids, waits))))
        return self._listed


def blocking_calls(trace: Trace, w: Window) -> Blocking:
    """The calls of the window's process that blocked its host on the GPU (:func:`_blocking`), and the launches that
    waited on a full launch queue (:func:`.queue_waits.queue_waits`)."""
    return Blocking(_blocking(trace, w), queued=queue_waits(trace, w))


def _blocking(trace: Trace, w: Window) -> pd.DataFrame:
    """The calls of the window's process that blocked its host on the GPU, and how long each waited: from its
    start until the last GPU work launched before it ended (0 when that work had ended already)."""
    s = trace.slices
    inside = in_window(trace, w)
    api = inside & tagged(s, "blocking_api")  # synchronisations and copies (trace/catalogue.py)
    rows = np.flatnonzero(api)
    if not len(rows) or not len(trace.gpu):
        return _no_calls()
    gpu, launches = trace.gpu, trace.launches
    mine_gpu = (gpu["rank"] == w.rank).to_numpy()
    lid = gpu["launch_id"].to_numpy(dtype=np.float64, na_value=-1).astype(np.int64)
    has_launch = mine_gpu & (lid >= 0)
    launch_start = np.full(len(gpu), -1, dtype=np.int64)
    by_id = pd.Series(launches["start_ns"].to_numpy(), index=launches["launch_id"].to_numpy())
    launch_start[has_launch] = by_id.reindex(lid[has_launch]).to_numpy(dtype=np.float64, na_value=-1).astype(np.int64)
    order = np.argsort(launch_start[has_launch], kind="stable")
    starts_sorted = launch_start[has_launch][order]
    ends_prefix = np.maximum.accumulate(gpu["end_ns"].to_numpy()[has_launch][order])
    h2d, pageable = tagged(gpu, "h2d"), tagged(gpu, "pageable")
    memcpy, is_async = tagged(s, "memcpy_api"), tagged(s, "async_api")
    # the activities each copy call launched (launch id -> GPU rows), for the copy calls only
    copies = rows[memcpy[rows]]
    launched = np.flatnonzero(has_launch & np.isin(lid, copies))
    # per copy call that launched activities: their bytes, and whether any is host to device, pageable host to
    # device, pageable (one pass over the activities, not one per call)
    launch_of, which = np.unique(lid[launched], return_inverse=True)
    nbytes_of = gpu["bytes"].to_numpy(dtype=np.float64, na_value=np.nan)[launched]
    flags = np.stack([h2d[launched], h2d[launched] & pageable[launched], pageable[launched]]).astype(np.float64)
    per_call = np.stack([np.bincount(which, weights=nbytes_of, minlength=len(launch_of))]
                        + [np.bincount(which, weights=f, minlength=len(launch_of)) > 0 for f in flags])
    own = {int(x): tuple(col) for x, col in zip(launch_of.tolist(), per_call.T.tolist())}
    names = s["name"].array
    op_ids = _outermost_ops(trace, rows)
    # the wait of every call at once: from its start until the last work launched strictly before it ended
    a_all, b_all = s["start_ns"].to_numpy()[rows], s["end_ns"].to_numpy()[rows]
    k_all = np.searchsorted(starts_sorted, a_all, side="left") - 1
    ready_all = np.where(k_all >= 0, ends_prefix[np.maximum(k_all, 0)] if len(ends_prefix) else a_all, a_all)
    # work whose launch the trace does not hold was launched before it began: before every call (a GPU-bound loop's
    # backlog, which the window's first synchronize waits for)
    unlaunched = mine_gpu & (lid < 0) & (gpu["start_ns"].to_numpy() < w.end_ns)
    if unlaunched.any():
        ready_all = np.maximum(ready_all, int(gpu["end_ns"].to_numpy()[unlaunched].max()))
    wait_all = np.minimum(np.maximum(ready_all - a_all, 0), b_all - a_all)
    out = []
    for sid, op_id, a, b, wait, copy, asynchronous in zip(rows.tolist(), op_ids.tolist(), a_all.tolist(), b_all.tolist(),
                                                          wait_all.tolist(), memcpy[rows].tolist(), is_async[rows].tolist()):
        cause, nbytes = "sync", np.nan
        if copy and sid in own:
            nbytes, any_h2d, any_pageable_h2d, any_pageable = own[sid]
            if any_h2d:
                if not any_pageable_h2d:
                    continue  # pinned, asynchronous: nothing blocks
                cause = "pageable_copy"
            elif asynchronous and not any_pageable:
                continue  # device to device, or to pinned memory: asynchronous (a synchronize after it is what waits)
        if wait <= 0 and cause == "sync":
            continue
        out.append((int(sid), a, b, int(wait), cause, str(names[op_id if op_id >= 0 else sid]), nbytes, int(op_id)))
    if not out:
        return _no_calls()
    # a copy that is not non_blocking synchronises its stream inside the same op (aten::to -> copy_): that wait
    # belongs to the copy, and goes with it
    copy_ops = {row[7] for row in out if row[4] == "pageable_copy"} - {-1}
    out = [(*row[:4], "pageable_copy" if row[4] == "sync" and row[7] in copy_ops else row[4], *row[5:7]) for row in out]
    return pd.DataFrame(out, columns=list(_CALL_TYPES))


#: The blocking calls table's columns and their types (:class:`Blocking`).
_CALL_TYPES: Final[dict[str, str]] = {"slice_id": "int64", "start_ns": "int64", "end_ns": "int64", "wait_ns": "int64",
                                      "cause": "object", "where": "object", "bytes": "float64"}


def _no_calls() -> pd.DataFrame:
    """The blocking calls table of a window without any."""
    return pd.DataFrame({col: pd.Series(dtype=t) for col, t in _CALL_TYPES.items()})


def _outermost_ops(trace: Trace, rows: np.ndarray) -> np.ndarray:
    """For each of ``rows``, the slice_id of the outermost CPU op around it, not itself (``aten::item`` for the
    synchronize inside ``.item()``), -1 when none."""
    s = trace.slices
    rows = np.asarray(rows, dtype=np.int64)
    if not len(rows):
        return rows
    is_op = (s["cat"] == "cpu_op").to_numpy(dtype=bool, na_value=False)
    return trace.outermost_around(is_op, rows=trace.parents[rows])  # (a few calls: walked up from them alone)

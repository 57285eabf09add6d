"""What is a step, and which step was running at a given moment?

A step is a **time window of the thread that owns its annotation**: a ``ProfilerStep#N`` slice, or
else a repeated outermost user annotation (``train_step_3``, ``## step 3 ##``, or the same
``train_step`` eight times: digits are ignored when names are compared), or else, in a plain loop
with no step marker, the optimizer's ``step()`` calls: each step ends with one, so a step runs from
the end of the previous ``Optimizer.step#...`` (the thread's first event for the first step) to the
end of its own. The optimizer's own annotations (``Optimizer.zero_grad#SGD.zero_grad``) are never
taken for step markers: they repeat, but hold none of the step's work. Everything the process
did inside that window belongs to the step, on any of its threads: the backward pass runs on
autograd's own thread, so its launches are inside the step by time, not by nesting::

    main thread      [ProfilerStep#5 ........................................................]
                       forward launches   loss.backward() waits ...        optimizer launches
    autograd thread                       [backward launches ..........]

    launch at t, process p  ->  the step of p whose window holds t  (none: outside every step)

``windows_of(slices)`` finds the windows, once per trace (``trace.steps``; every slice, launch and
GPU activity gets the ``step_id`` of the window it starts in, the step marker's ``slice_id``);
``step_at(windows, rank, pid, t)`` answers the lookup for other moments, many at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pandas as pd

from traceview.trace import catalogue
from traceview.trace.by_name import matches
from traceview.trace.counts import most_common
from traceview.trace.tree import nearest_marked, outermost, parents_array

_DIGITS = re.compile(r"\d+")
_OPTIMIZER_STEP = r"Optimizer\.step#"
_OPTIMIZER_SOURCE = "optimizer: "


@dataclass(frozen=True)
class StepWindows:
    """The steps of a trace, one entry per step, ordered by (rank, pid, start_ns).

    ``slice_id``: the annotation slice; ``rank``/``pid``: the process it belongs to; ``start_ns``/
    ``end_ns``: its window; ``source``: how steps were found ("ProfilerStep", "annotation: <name
    with digits as N>", "optimizer: Optimizer.step#<name>" (``slice_id`` is then the optimizer's
    step, which ends the window), or "" when the trace has none).
    """

    slice_id: np.ndarray
    rank: np.ndarray
    pid: np.ndarray
    start_ns: np.ndarray
    end_ns: np.ndarray
    source: str

    def __len__(self) -> int:
        return len(self.slice_id)

    def positions(self, step_ids: np.ndarray) -> np.ndarray:
        """The position in these windows of each step marker's ``slice_id`` (a ``step_id`` column's values;
        -1 for -1, and for a step that is not one of these windows)."""
        out = np.full(len(step_ids), -1, dtype=np.int64)
        if not len(self.slice_id) or not len(step_ids):
            return out
        order = np.argsort(self.slice_id, kind="stable")
        ids = self.slice_id[order]
        at = np.minimum(np.searchsorted(ids, step_ids), len(ids) - 1)
        hit = (step_ids >= 0) & (ids[at] == step_ids)
        out[hit] = order[at[hit]]
        return out

    @property
    def by_optimizer(self) -> bool:
        """Steps ended by the optimizer's ``step()``: their slices are the optimizer's calls, not step markers."""
        return self.source.startswith(_OPTIMIZER_SOURCE)


#: A step longer than this many times the median step is not a usual one: the scheduler preempted the process or
#: something paused it (a CPU loop on a shared 2-core host: one 162 ms step among 1.2-5 ms ones). Per-step figures
#: of the advice leave such steps out; where every step is usual they are the window's means as before.
UNUSUAL_STEP = 3.0


def usual_steps(durations_ns) -> np.ndarray:
    """Which steps are usual (:data:`UNUSUAL_STEP`), by their durations."""
    d = np.asarray(durations_ns, dtype=np.float64)
    return d <= UNUSUAL_STEP * np.median(d) if len(d) else np.zeros(0, dtype=bool)


def step_windows(trace) -> StepWindows:
    """The trace's step annotations as time windows (see the module docstring): found once, when the
    trace was built (:attr:`traceview.trace.model.Trace.steps`)."""
    return trace.steps


def windows_of(slices: pd.DataFrame) -> StepWindows:
    """The step windows of a slice table (what :attr:`Trace.steps <traceview.trace.model.Trace.steps>` holds)."""
    names = slices["name"]  # categorical: each pattern runs once per distinct name
    is_step = (slices["kind"] == "step").to_numpy()
    source = "ProfilerStep"
    if not is_step.any():
        is_step, source = _annotation_steps(slices, names)
    if not is_step.any():
        is_step, source = _optimizer_steps(slices, names)
    rows = np.flatnonzero(is_step)
    pid = slices["pid"].to_numpy(dtype=np.int64, na_value=-1)[rows]
    rank = slices["rank"].to_numpy()[rows].astype(np.int64)
    start = slices["start_ns"].to_numpy()[rows]
    if source.startswith(_OPTIMIZER_SOURCE):
        start = _after_previous(slices, rows)  # the window ends with the optimizer's call, it does not start with it
    order = np.lexsort((start, pid, rank))
    rows = rows[order]
    return StepWindows(
        slice_id=slices["slice_id"].to_numpy()[rows],
        rank=rank[order],
        pid=pid[order],
        start_ns=start[order],
        end_ns=slices["end_ns"].to_numpy()[rows],
        source=source if len(rows) else "",
    )


def step_labels(windows: StepWindows, names: pd.Series) -> tuple[str, ...]:
    """Each step's label, in window order: a ``ProfilerStep#N``'s N, an annotation's name after its last ``#``, and
    where the names do not tell the steps apart (the optimizer's calls, a ``train_step`` annotation each step) the
    step's position in its process."""
    labels = tuple(str(names.iat[int(i)]).rsplit("#", 1)[-1] for i in windows.slice_id)
    process = list(zip(windows.rank.tolist(), windows.pid.tolist()))
    if windows.by_optimizer or len(set(zip(process, labels))) < len(labels):  # one name for every step: numbered
        first = np.r_[True, (windows.rank[1:] != windows.rank[:-1]) | (windows.pid[1:] != windows.pid[:-1])]
        starts = np.maximum.accumulate(np.where(first, np.arange(len(windows)), 0))
        return tuple(str(int(i)) for i in np.arange(len(windows)) - starts)
    return labels


def step_at(windows: StepWindows, rank: np.ndarray, pid: np.ndarray, t: np.ndarray) -> np.ndarray:
    """For each moment ``t`` of process (``rank``, ``pid``): the position in ``windows`` of the step
    whose window holds it (the latest-starting one if windows overlap), -1 if none."""
    out = np.full(len(t), -1, dtype=np.int64)
    if len(windows) == 0 or len(t) == 0:
        return out
    groups = np.flatnonzero(np.r_[True, (windows.rank[1:] != windows.rank[:-1]) | (windows.pid[1:] != windows.pid[:-1])])
    bounds = np.r_[groups, len(windows)]
    for first, last in zip(bounds[:-1], bounds[1:]):
        mine = np.flatnonzero((rank == windows.rank[first]) & (pid == windows.pid[first]))
        if len(mine) == 0:
            continue
        at = np.searchsorted(windows.start_ns[first:last], t[mine], side="right") - 1 + first
        inside = (at >= first) & (t[mine] < windows.end_ns[np.maximum(at, first)])
        out[mine[inside]] = at[inside]
    return out


def _annotation_steps(slices: pd.DataFrame, names: pd.Series) -> tuple[np.ndarray, str]:
    """Outermost user annotations whose name (digits ignored) repeats: the user's step markers. PyTorch's own
    annotations (the DataLoader's ``enumerate(DataLoader)#...``, the optimizer's, DDP's, FSDP's, the collectives':
    :data:`catalogue.TORCH_ANNOTATION`) and torch.compile's are never taken, however often they repeat."""
    candidate = (slices["cat"] == "user_annotation").to_numpy() & ~matches(names, catalogue.TORCH_ANNOTATION) \
        & ~matches(names, catalogue.COMPILE) & ~matches(names, catalogue.AUTOTUNE, anchored=True)
    if not candidate.any():
        return candidate, ""
    parents = parents_array(slices)
    # one pass down the tree for every slice at once (not a walk up from each)
    around = nearest_marked(parents, slices["depth"].to_numpy(), candidate)
    outer = candidate & ((parents < 0) | (around[np.maximum(parents, 0)] < 0))
    shapes = names.str.replace(_DIGITS, "N", regex=True)
    counts = most_common(shapes[outer])
    repeated = counts[counts >= 2]
    if repeated.empty:
        return np.zeros(len(slices), dtype=bool), ""
    shape = repeated.index[0]
    return outer & (shapes == shape).to_numpy(), f"annotation: {shape}"


def _optimizer_steps(slices: pd.DataFrame, names: pd.Series) -> tuple[np.ndarray, str]:
    """The outermost ``Optimizer.step#<name>`` calls of the most frequent optimizer: each ends a step."""
    candidate = (slices["cat"] == "user_annotation").to_numpy() & matches(names, _OPTIMIZER_STEP, anchored=True)
    if not candidate.any():
        return candidate, ""
    outer = outermost(parents_array(slices), slices["depth"].to_numpy(), candidate)
    # two optimizers, each once a step: the one called last in the trace ends the steps
    name = most_common(names[outer].astype(str), latest=True).index[0]
    return outer & (names == name).to_numpy(), f"{_OPTIMIZER_SOURCE}{name}"


def _after_previous(slices: pd.DataFrame, rows: np.ndarray) -> np.ndarray:
    """Start of each optimizer-ended step: the end of its thread's previous optimizer step, or for
    the thread's first, the start of the thread's first event."""
    thread = np.stack([slices["rank"].to_numpy().astype(np.int64), slices["pid"].to_numpy(dtype=np.int64, na_value=-1),
                       slices["tid"].to_numpy(dtype=np.int64, na_value=-1)], axis=1)
    begin = slices["start_ns"].to_numpy()
    end = slices["end_ns"].to_numpy()
    mine = thread[rows]
    order = np.lexsort((begin[rows], mine[:, 2], mine[:, 1], mine[:, 0]))
    first = np.r_[True, (mine[order][1:] != mine[order][:-1]).any(axis=1)]
    out = np.empty(len(rows), dtype=begin.dtype)
    out[order[~first]] = end[rows[order[:-1][~first[1:]]]]
    for at in order[first]:
        out[at] = begin[(thread == mine[at]).all(axis=1)].min()
    return out

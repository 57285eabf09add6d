"""Which chain of host work, launches, GPU work and waits bounds each step?

A step ends when its host thread gets there; the critical path is what it waited for, followed
backwards from the step's end to its start. At each moment the path is on one lane, a host thread
or a GPU stream, and the walk asks what the thing running there waited for last::

    host    [python ][launch]............[python][cudaStreamSynchronize ......]|step end
                        \\ launch                               waits for ^
    stream 7             [kernel A][idle][kernel B ][kernel C ..........]
                                    ^ B waited for A, not for its launch (launched earlier)

- On the host (:mod:`traceview.analysis.host.path_walk`'s host timeline: the slice running on the process's
  launching threads at each moment), time is ``python_cpu`` (a CPU op, a Python frame, untraced
  Python between slices) or ``launch`` (a CUDA/HIP runtime or driver call). A synchronisation
  (``*Synchronize``, a blocking ``cudaMemcpy``, a ``cudaMemcpyAsync`` that waited for its own copy)
  during which GPU work ended jumps to the GPU activity that ended last inside it.
- On a GPU stream an activity is ``kernel``, ``memcpy`` (memcpy and memset) or ``comm`` (NCCL/RCCL
  kernels: their time includes the wait for the other ranks). Before it, whichever came last: the
  previous activity on its stream (the gap is ``idle``), its launch call (``launch``: the call and
  the launch latency; then the path is on the launching thread), or work on another stream of the
  device that ended just before it started (an event wait; the gap is ``idle``). A kernel replayed
  by ``cudaGraphLaunch`` follows the kernel before it in the graph, and only the graph's first
  kernel waits for the launch: every replayed kernel is on the path (HTA's issue #290 loses them).

The segments tile the step's window, so ``breakdown_ms`` sums to ``step_ms``. Steps come from
:mod:`traceview.trace.step_windows`; a trace without steps is one window over the run phase.
HTA's ``critical_path_analysis`` builds the same kinds of edges into a graph and takes its longest
path; ``tests/test_critical_path.py`` compares the two.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import pandas as pd

from traceview.trace import catalogue
from traceview.trace.by_name import per_label
from traceview.analysis.host.path_walk import KINDS, SEGMENT_COLUMNS, StepPath, walk
from traceview.trace.step_windows import StepWindows, step_windows, usual_steps
from traceview.trace import Trace

__all__ = ["KINDS", "SEGMENT_COLUMNS", "CriticalPath", "StepPath", "critical_path"]  # StepPath lives in .path_walk

@dataclass(frozen=True)
class CriticalPath:
    """Every step's critical path (see the module docstring); ``source``: how steps were found
    ("ProfilerStep", "annotation: ...", "run phase")."""

    steps: tuple[StepPath, ...]
    source: str = ""
    notes: list[str] = field(default_factory=list)

    def mean_breakdown_ms(self) -> dict[str, float]:
        """Each kind's ms per step, averaged over the steps (zeros without steps)."""
        n = max(len(self.steps), 1)
        return {k: sum(s.breakdown_ms[k] for s in self.steps) / n for k in KINDS}

    def mean_step_ms(self) -> float:
        return sum(s.step_ms for s in self.steps) / max(len(self.steps), 1)

    def usual_step_ms(self) -> float:
        """The mean step, those longer than UNUSUAL_STEP times the median (preempted or paused) left out, as the
        advice leaves them out."""
        kept = [s.step_ms for s, u in zip(self.steps, usual_steps([s.step_ms for s in self.steps])) if u]
        return sum(kept) / len(kept) if kept else self.mean_step_ms()

    def by_name(self, top: int = 10, kind: str | None = None) -> pd.DataFrame:
        """What the path spends most time on: kind, name, ms_per_step (summed over the steps, divided
        by their count), the largest first; untraced Python and idle gaps have name "". ``kind``:
        only that kind's rows."""
        rows = self._by_name if kind is None else self._by_name[(self._by_name["kind"] == kind).to_numpy()]
        return rows.head(top).reset_index(drop=True)

    @cached_property
    def _by_name(self) -> pd.DataFrame:
        if not self.steps:
            return pd.DataFrame({"kind": pd.Series(dtype="string"), "name": pd.Series(dtype="string"), "ms_per_step": pd.Series(dtype="float64")})
        names = self.steps[0].segments["name"].cat.categories  # one categories list for every step of a trace
        labels = per_label(pd.Series(names), catalogue.step_label)
        label_code, label_names = pd.factorize(labels)  # the step annotations' own time in one row, not one per step
        key = np.concatenate([s.segments["kind"].cat.codes.to_numpy().astype(np.int64) * len(label_names)
                              + label_code[s.segments["name"].cat.codes.to_numpy()] for s in self.steps])
        dur = np.concatenate([(s.segments["end_ns"] - s.segments["start_ns"]).to_numpy() for s in self.steps]).astype(np.float64)
        total = np.bincount(key, weights=dur, minlength=len(KINDS) * len(label_names))
        hit = np.flatnonzero(total > 0)
        out = pd.DataFrame({"kind": np.array(KINDS, dtype=object)[hit // len(label_names)], "name": np.asarray(label_names, dtype=object)[hit % len(label_names)],
                            "ms_per_step": total[hit] / 1e6 / len(self.steps)})
        return out.sort_values("ms_per_step", ascending=False, kind="stable", ignore_index=True)


def critical_path(trace: Trace, windows: StepWindows | None = None, slice_phase: pd.Series | None = None) -> CriticalPath:
    """The critical path of every step of ``trace`` (``windows``: its step windows, found when not
    given). Without steps: one window over the run phase of the process that launched the most GPU
    work, its launching threads' top-level slices from the first to the last (``slice_phase``:
    :attr:`CompileSplit.slice_phase`, to leave out compile-phase slices; without it all count)."""
    windows = step_windows(trace) if windows is None else windows
    if len(trace.gpu) == 0 or len(trace.launches) == 0:
        return CriticalPath((), "", ["critical path: no GPU activity with its launches in this trace"])
    if len(windows):
        spans: dict[tuple[int, int], tuple[int, int]] = {}  # per process: its windows' first start, last end
        for r, p, a, b in zip(windows.rank.tolist(), windows.pid.tolist(), windows.start_ns.tolist(), windows.end_ns.tolist()):
            lo, hi = spans.get((int(r), int(p)), (a, b))
            spans[(int(r), int(p))] = (int(min(lo, a)), int(max(hi, b)))
        names = trace.slices["name"].iloc[windows.slice_id].to_numpy(dtype=object)  # the steps only: no str per slice
        tids = trace.slices["tid"].iloc[windows.slice_id].to_numpy(dtype=np.int64, na_value=-1)  # the steps' only
        steps, notes = walk(trace, spans,
                            [(int(windows.rank[i]), int(windows.pid[i]), int(windows.start_ns[i]), int(windows.end_ns[i]),
                              catalogue.step_number(str(names[i]), i), int(tids[i])) for i in range(len(windows))])
        return CriticalPath(steps, windows.source, notes)
    rank, pid, tid, start, end = _run_window(trace, slice_phase)
    steps, notes = walk(trace, {(rank, pid): (start, end)}, [(rank, pid, start, end, 0, tid)])
    return CriticalPath(steps, "run phase", notes)


def _run_window(trace: Trace, slice_phase: pd.Series | None) -> tuple[int, int, int, int, int]:
    """(rank, pid, tid, start_ns, end_ns): the first to the last top-level run-phase slice on the
    launching threads of the process with the most launches (tid: its thread with the most)."""
    launches = trace.launches
    rank, pid = launches.groupby(["rank", "pid"], observed=True).size().idxmax()
    mine = launches[(launches["rank"] == rank) & (launches["pid"] == pid)]
    s = trace.slices
    top = ((s["rank"] == rank) & (s["pid"] == pid) & (s["depth"] == 0)
           & s["tid"].isin(mine["tid"].dropna().unique())).to_numpy(dtype=bool, na_value=False)
    if slice_phase is not None:
        top &= (slice_phase == "run").to_numpy(dtype=bool, na_value=False)
    rows = np.flatnonzero(top)
    if len(rows) == 0:  # every top-level slice compiling: the launches' own span
        return int(rank), int(pid), int(mine["tid"].mode().iloc[0]), int(mine["start_ns"].min()), int(mine["end_ns"].max())
    return int(rank), int(pid), int(mine["tid"].mode().iloc[0]), int(s["start_ns"].to_numpy()[rows].min()), int(s["end_ns"].to_numpy()[rows].max())


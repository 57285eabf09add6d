"""Which rank holds the others back? Per-rank totals side by side, and the stragglers among them.

In data-parallel training every rank runs the same steps and meets the others at each collective,
so the slowest rank sets the pace: the others wait inside their NCCL kernels. The per-rank table
puts each rank's GPU time (compute and communication apart), steps and compile time side by side::

    rank  kernels  kernel_ns  compute_ns  comm_ns  busy_ns  launches  steps  step_median_ns  compile_ns  span_ns
       0    42310   8.1e9      6.0e9      2.1e9    7.9e9    38001     10     8.2e8           9.5e8      1.1e10
       1    42310   8.9e9      6.9e9      2.0e9    8.7e9    38001     10     9.0e8           1.4e9      1.1e10

:func:`rank_summary` works on one rank's Trace (or several concatenated) and returns that small
table, so it can run next to the data, in a worker (:func:`traceview.trace.parallel.gather_ranks`);
:func:`summarize_rank` adds what loading the rank had to skip or repair (its notes).
:func:`compare_ranks` needs only the tables, and the notes to pass on: ranks left out because their
file could not be read, and per-rank notes (a note every rank has is said once, "every rank: ...").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

import numpy as np
import pandas as pd

from traceview.analysis.base import intervals
from traceview.analysis.base.compile_split import compile_split
from traceview.trace import Trace
from traceview.trace.catalogue import tagged

#: A rank this much above the median of a metric is a straggler. Below ~5%, run-to-run noise
#: (clocks, thermal, data) dominates; above it every collective waits that long for the rank.
STRAGGLER_THRESHOLD: Final[float] = 0.05
#: Metrics checked for stragglers: time the rank spends on its own work (not waiting for others).
STRAGGLER_METRICS: Final[tuple[str, ...]] = ("compute_ns", "step_median_ns", "compile_ns")

RANK_COLUMNS: Final[dict[str, str]] = {
    "rank": "int32",
    "kernels": "int64",  # kernels run on the rank's GPUs
    "kernel_ns": "int64",  # sum of kernel durations
    "compute_ns": "int64",  # of which non-communication kernels
    "comm_ns": "int64",  # of which NCCL/RCCL kernels (includes waiting for other ranks)
    "busy_ns": "int64",  # wall ns with at least one kernel running (streams overlap)
    "launches": "int64",
    "steps": "int64",  # ProfilerStep#N slices
    "step_median_ns": "Int64",  # <NA>: no ProfilerStep in the trace
    "compile_ns": "int64",  # torch.compile compiling (autotune excluded), wall ns
    "span_ns": "int64",  # first to last event
    "truncated": "bool",  # its file was cut off: counts cover the events read, no straggler check
}


@dataclass(frozen=True)
class RankComparison:
    """Ranks side by side, and the ones slower than the rest."""

    per_rank: pd.DataFrame  # one row per rank, RANK_COLUMNS
    stragglers: pd.DataFrame  # rank, metric, value, median, excess (fraction above the median)
    threshold: float  # excess above which a rank is a straggler
    notes: tuple[str, ...] = ()  # ranks left out, and what loading a rank skipped or repaired
    steps: pd.DataFrame = field(default_factory=lambda: _empty_steps())  # rank, step, start_ns, dur_ns (STEP_COLUMNS)


@dataclass(frozen=True)
class RankSummary:
    """One rank's row(s) of RANK_COLUMNS, and what loading it had to skip or repair."""

    table: pd.DataFrame
    notes: dict[int, list[str]] = field(default_factory=dict)  # rank -> its load notes
    steps: pd.DataFrame = field(default_factory=lambda: _empty_steps())  # the rank's steps (STEP_COLUMNS)


#: One row per (rank, step): the step's ``ProfilerStep#N`` slice on that rank, and what the rank did in it, to
#: tell why a rank arrives late at the collectives: ``input_ns`` the time before the step's first slice on its
#: thread (a sleep, waiting for data outside the profiler's view) plus the DataLoader's ``__next__`` in the step;
#: ``host_ns`` the step's top-level slices on its thread (the ops, including any wait inside them) less the
#: DataLoader's; ``ops`` how many CPU ops ran in it; ``compute_ns`` / ``kernels`` its non-communication kernels;
#: ``done_ns`` when the step's work was done: the later of its slice's end and the end of the last kernel it launched
#: (a loop that does not synchronise runs its host steps ahead of the GPU: its steps' period is the GPU's).
STEP_COLUMNS: Final[dict[str, str]] = {"rank": "int32", "step": "string", "start_ns": "int64", "dur_ns": "int64",
                                       "input_ns": "int64", "host_ns": "int64", "ops": "int64", "compute_ns": "int64",
                                       "kernels": "int64", "done_ns": "int64"}
#: The DataLoader's annotation around each batch (torch.utils.data).


def _empty_steps() -> pd.DataFrame:
    return pd.DataFrame({c: pd.Series(dtype=t) for c, t in STEP_COLUMNS.items()})


def summarize_rank(trace: Trace) -> RankSummary:
    """:func:`rank_summary` with the trace's load notes (a truncated file, events skipped...) and its steps."""
    return RankSummary(rank_summary(trace), {m.rank: list(m.notes) for m in trace.ranks if m.notes}, rank_steps(trace))


def rank_steps(trace: Trace) -> pd.DataFrame:
    """Each rank's ``ProfilerStep#N`` slices and what ran in them (STEP_COLUMNS), by rank and start; a step named
    twice on a rank (two threads annotate it) keeps its longest slice."""
    slices = trace.slices
    is_step = tagged(slices, "step")
    steps = slices[is_step]
    if steps.empty:
        return _empty_steps()
    steps = steps.sort_values("dur_ns", ascending=False, kind="stable").drop_duplicates(["rank", "name"])
    sid = steps["slice_id"].to_numpy()
    parent = slices["parent_id"].to_numpy(dtype=np.float64, na_value=-1).astype(np.int64)
    child = np.flatnonzero(np.isin(parent, sid))  # the steps' top-level slices on their own thread
    owner = pd.Series(np.arange(len(sid)), index=sid)[parent[child]].to_numpy()
    starts, durs = slices["start_ns"].to_numpy(), slices["dur_ns"].to_numpy()
    loading = tagged(slices, "dataloader_next")[child]
    first = np.full(len(sid), np.iinfo(np.int64).max)
    np.minimum.at(first, owner, starts[child])
    step_start, step_end = steps["start_ns"].to_numpy(), steps["end_ns"].to_numpy()
    gap = np.where(first < np.iinfo(np.int64).max, first - step_start, steps["dur_ns"].to_numpy())
    load = np.bincount(owner[loading], weights=durs[child][loading], minlength=len(sid))
    host = np.bincount(owner[~loading], weights=durs[child][~loading], minlength=len(sid))
    # CPU ops and compute kernels of each step's window on its rank (the backward on autograd's thread too)
    rank_of, step_rank = slices["rank"].to_numpy(), steps["rank"].to_numpy()
    is_op = (slices["cat"] == "cpu_op").to_numpy(dtype=bool, na_value=False)
    k = trace.gpu[(trace.gpu["kind"] == "kernel").to_numpy()]
    compute = ~k["comm"].to_numpy()
    # a kernel belongs to the step that launched it (it may run after the step's host window has closed); one
    # without its launch in the trace, to the step it started in
    lid = k["launch_id"].to_numpy(dtype=np.float64, na_value=-1).astype(np.int64)
    k_at = np.where(lid >= 0, starts[np.maximum(lid, 0)], k["start_ns"].to_numpy())
    ops, comp_ns, kernels = np.zeros(len(sid), np.int64), np.zeros(len(sid), np.int64), np.zeros(len(sid), np.int64)
    done = step_end.astype(np.int64).copy()
    k_rank, k_end = k["rank"].to_numpy(), k["end_ns"].to_numpy()
    for i in range(len(sid)):  # one row per profiled step: a handful per rank
        a, b, r = step_start[i], step_end[i], step_rank[i]
        ops[i] = int((is_op & (rank_of == r) & (starts >= a) & (starts < b)).sum())
        launched = (k_rank == r) & (k_at >= a) & (k_at < b)
        inside = compute & launched
        comp_ns[i], kernels[i] = int(k["dur_ns"].to_numpy()[inside].sum()), int(inside.sum())
        if launched.any():
            done[i] = max(int(done[i]), int(k_end[launched].max()))
    out = pd.DataFrame({"rank": step_rank, "step": steps["name"].astype(str).to_numpy(), "start_ns": step_start,
                        "dur_ns": steps["dur_ns"].to_numpy(), "input_ns": (gap + load).astype(np.int64),
                        "host_ns": host.astype(np.int64), "ops": ops, "compute_ns": comp_ns, "kernels": kernels,
                        "done_ns": done})
    return out.sort_values(["rank", "start_ns"], ignore_index=True).astype(STEP_COLUMNS)


def rank_notes(notes: dict[int, list[str]], ranks: Iterable[int]) -> list[str]:
    """``rank N: note`` for each rank's note; a note that every one of ``ranks`` has, once as ``every rank: note``."""
    ranks = sorted(set(ranks))
    shared = set.intersection(*(set(notes.get(r, ())) for r in ranks)) if len(ranks) > 1 else set()
    lines = [f"every rank: {n}" for n in dict.fromkeys(n for r in ranks for n in notes.get(r, ())) if n in shared]
    return lines + [f"rank {r}: {n}" for r in sorted(notes) for n in notes[r] if n not in shared]


def rank_summary(trace: Trace) -> pd.DataFrame:
    """One row per rank of ``trace`` (RANK_COLUMNS)."""
    gpu, slices = trace.gpu, trace.slices
    kernels = gpu[gpu["kind"] == "kernel"]
    is_comm = kernels["comm"].to_numpy()
    split = compile_split(trace)
    spans = split.spans.assign(rank=slices["rank"].to_numpy()[split.spans["slice_id"].to_numpy()])
    is_step = tagged(slices, "step")
    truncated = {m.rank for m in trace.ranks if m.truncated}
    rows = []
    for rank in sorted({m.rank for m in trace.ranks} | set(slices["rank"].unique()) | set(gpu["rank"].unique())):
        mine = (kernels["rank"] == rank).to_numpy()
        k = kernels[mine]
        steps = slices[is_step & (slices["rank"] == rank).to_numpy()]
        rank_spans = spans[spans["rank"] == rank]
        starts = pd.concat([slices.loc[slices["rank"] == rank, "start_ns"], gpu.loc[gpu["rank"] == rank, "start_ns"]])
        ends = pd.concat([slices.loc[slices["rank"] == rank, "end_ns"], gpu.loc[gpu["rank"] == rank, "end_ns"]])
        rows.append({
            "rank": rank,
            "kernels": len(k),
            "kernel_ns": int(k["dur_ns"].sum()),
            "compute_ns": int(k["dur_ns"][~is_comm[mine]].sum()),
            "comm_ns": int(k["dur_ns"][is_comm[mine]].sum()),
            "busy_ns": intervals.union_length(k["start_ns"].to_numpy(), k["end_ns"].to_numpy()),
            "launches": int((trace.launches["rank"] == rank).sum()),
            "steps": len(steps),
            "step_median_ns": int(steps["dur_ns"].median()) if len(steps) else pd.NA,
            "compile_ns": _compile_ns(rank_spans),
            "span_ns": int(ends.max() - starts.min()) if len(starts) else 0,
            "truncated": rank in truncated,
        })
    return pd.DataFrame(rows, columns=list(RANK_COLUMNS)).astype(RANK_COLUMNS)


def _compile_ns(spans: pd.DataFrame) -> int:
    """Wall ns inside compile or autotune spans, less the autotune part (as compile_split counts it)."""
    tune = spans[spans["phase"] == "autotune"]
    both = intervals.union_length(spans["start_ns"].to_numpy(), spans["end_ns"].to_numpy())
    return both - intervals.union_length(tune["start_ns"].to_numpy(), tune["end_ns"].to_numpy())


def compare_ranks(per_rank: pd.DataFrame | list[pd.DataFrame], threshold: float = STRAGGLER_THRESHOLD,
                  notes: Iterable[str] = (), steps: pd.DataFrame | list[pd.DataFrame] | None = None) -> RankComparison:
    """Stack per-rank tables and flag each rank more than ``threshold`` above the median of a metric.

    Truncated ranks are shown but neither checked nor counted in the medians: their totals stop at the cut.
    """
    table = pd.concat(per_rank, ignore_index=True) if isinstance(per_rank, list) else per_rank
    table = table.sort_values("rank", ignore_index=True)
    whole = table[~table["truncated"].to_numpy(dtype=bool)] if "truncated" in table else table
    flagged = []
    for metric in STRAGGLER_METRICS:
        values = whole[metric].astype("float64")
        median = values.median()
        if len(whole) < 2 or not np.isfinite(median) or median <= 0:
            continue
        excess = values / median - 1
        for i in np.flatnonzero((excess > threshold).to_numpy(dtype=bool, na_value=False)):
            flagged.append({"rank": int(whole["rank"].iloc[i]), "metric": metric, "value": int(values.iloc[i]),
                            "median": float(median), "excess": float(excess.iloc[i])})
    stragglers = pd.DataFrame(flagged, columns=["rank", "metric", "value", "median", "excess"])
    if isinstance(steps, list):
        steps = pd.concat(steps, ignore_index=True) if steps else None
    return RankComparison(per_rank=table, stragglers=stragglers.sort_values("excess", ascending=False, ignore_index=True),
                          threshold=threshold, notes=tuple(notes), steps=_empty_steps() if steps is None else steps)


def rank_comparison(trace: Trace, threshold: float = STRAGGLER_THRESHOLD) -> RankComparison:
    """:func:`compare_ranks` of a multi-rank Trace (all ranks loaded and concatenated), with its notes."""
    summary = summarize_rank(trace)
    return compare_ranks(summary.table, threshold, rank_notes(summary.notes, summary.table["rank"]), summary.steps)


def kernel_time_by_rank(trace: Trace, top: int = 10) -> pd.DataFrame:
    """The ``top`` kernels by total time: one row per kernel name, one ms column per rank."""
    k = trace.gpu[trace.gpu["kind"] == "kernel"]
    if k.empty:
        return pd.DataFrame()
    ms = k.groupby(["name", "rank"], observed=True)["dur_ns"].sum().unstack("rank", fill_value=0) / 1e6
    ms.columns = [f"rank {r} ms" for r in ms.columns]
    return ms.loc[ms.sum(axis=1).sort_values(ascending=False).index[:top]].reset_index().assign(name=lambda f: f["name"].astype(str))


def step_period_ms(steps: pd.DataFrame) -> float | None:
    """The job's step time, ms: per rank the median time between consecutive steps' ``done_ns`` (the device's
    period where the host runs ahead, the host's where it does not), the median over ranks; None with fewer than two
    steps on every rank."""
    if steps is None or not len(steps) or "done_ns" not in steps.columns:
        return None
    periods = []
    for _, mine in steps.sort_values(["rank", "start_ns"], kind="stable").groupby("rank", sort=True):
        gaps = np.diff(mine["done_ns"].to_numpy(dtype=np.int64))
        if len(gaps):
            periods.append(float(np.median(gaps)) / 1e6)
    return float(np.median(periods)) if periods else None

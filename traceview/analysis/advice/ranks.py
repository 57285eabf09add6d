"""The kinds of a job of several ranks: ``exposed_comm`` (communication no computation hides) and ``straggler`` (the
rank the others wait for, and why it is late), in one trace or across ranks (``traceview ranks``)."""

from __future__ import annotations

import dataclasses
from typing import Final

import numpy as np
import pandas as pd

from traceview.analysis.advice.record import Advice, CHECKED, share_entry
from traceview.analysis.ranks.ranks import rank_steps, step_period_ms
from traceview.trace import Trace


def exposed_comm(comm, step_ms: float, steps: int) -> Advice | None:
    """Communication with no computation beside it: overlapping it saves that time."""
    if comm is None or not comm.has_comm:
        return None
    per_rank = comm.per_rank
    exposed = float(per_rank["exposed_ns"].mean()) / 1e6 / max(steps, 1)
    busy = float(per_rank["comm_ns"].mean()) / 1e6 / max(steps, 1)
    each = per_rank["exposed_ns"].astype(float) / 1e6 / max(steps, 1)  # a range over the ranks, per step
    return share_entry("exposed_comm", exposed, step_ms,
                       f"{exposed:.2f} ms per step of communication kernels run with no computation beside them "
                       f"({busy:.2f} ms of communication per step in all)",
                       "overlap communication with the backward pass (DDP: smaller bucket_cap_mb so buckets start early; FSDP: "
                       "forward/backward prefetch), or balance the ranks if the time is waiting for a slower one (see straggler)",
                       "all exposed time can be hidden behind computation; on one rank's trace, waiting for a slower rank "
                       "counts here too; the range is over the ranks",
                       saving_range_ms=(round(float(each.min()), 4), round(float(each.max()), 4)))


#: A straggler is ranked advice only on this many steps with collectives or more ...
STRAGGLER_MIN_STEPS: Final[int] = 3


#: ... when the same rank arrived last in at least this share of them ...
STRAGGLER_LATE_SHARE: Final[float] = 0.75


#: ... its wait is above this many times the job's step-to-step jitter (the std of a rank's step times) ...
STRAGGLER_JITTER: Final[float] = 2.0


#: ... and what the late rank does more than the others (input, host, compute) covers this share of the wait, or is
#: itself above STRAGGLER_JITTER times the jitter (a wait can hold a start offset besides: two H200 DDP ranks showed 3 ms
#: of it in a balanced job), in most of the steps it was late: a rank late for no reason in its own steps is a start
#: offset, not work to move.
STRAGGLER_EXPLAINED: Final[float] = 0.5


_CAUSES: Final[dict[str, str]] = {"input_ns": "input", "host_ns": "host", "compute_ns": "compute"}


def straggler(collectives, step_ms: float, steps: int, per_step: pd.DataFrame | None = None) -> list[Advice]:
    """The rank that arrives last at collectives: what the others wait for it, per step, and why (``per_step``:
    each rank's steps, :func:`traceview.analysis.ranks.ranks.rank_steps`). Ranked (``ranked=True``) only on enough
    evidence (STRAGGLER_*): else one unranked entry whose evidence says why it is not called a straggler."""
    if collectives is None or not len(collectives.collectives) or "last_rank" not in collectives.collectives.columns:
        return []
    c = collectives.collectives
    c = c[c["ranks"] > 1] if "ranks" in c.columns else c
    if not len(c):
        return []
    # a step's collectives wait for the same late arrival at once (DDP's buckets): per step, its longest wait and
    # the rank it waited for
    key = c["step"].astype(object).where(c["step"].notna(), "(no step)") if "step" in c.columns else pd.Series("(no step)", index=c.index)
    worst = c.assign(step_key=key.to_numpy()).sort_values("max_wait_ns", ascending=False, kind="stable").drop_duplicates("step_key")
    if (worst["step_key"] != "(no step)").any():  # collectives outside every step window (a warm-up's) are no step
        worst = worst[(worst["step_key"] != "(no step)").to_numpy()]
    n = len(worst)
    late = worst.groupby("last_rank")["max_wait_ns"].sum()
    rank = int(late.idxmax())
    mine = worst[(worst["last_rank"] == rank).to_numpy()]
    waits = mine["max_wait_ns"].to_numpy(dtype=np.float64) / 1e6
    per_step_ms = float(waits.sum()) / max(steps, n, 1)
    jitter = _step_jitter_ms(per_step)
    cause, why, excess = _straggler_cause(per_step, rank, mine["step_key"].astype(str).tolist(), waits, jitter)
    waited_ms, waits_seen = per_step_ms, waits
    if cause is not None:
        # what balancing removes: the late rank's own excess (input, host or compute time over the others' median; its
        # median over the late steps), in each late step at most what the others waited for it, all its collectives together (on the
        # GPU a late first bucket pushes the later ones on the NCCL stream, so one collective's wait is not the step's)
        waited = (c.assign(step_key=key.to_numpy())[(c["last_rank"] == rank).to_numpy()]
                  .groupby("step_key")["max_wait_ns"].sum() / 1e6)
        typical = max(float(np.nanmedian(excess)), 0.0)  # a step whose excess fell outside its window still waited
        waits = np.array([min(typical, float(waited.get(k, w))) for k, w in zip(mine["step_key"].tolist(), waits)],
                         dtype=np.float64)
        per_step_ms = float(waits.sum()) / max(steps, n, 1)
    problems = []
    if n < STRAGGLER_MIN_STEPS:
        problems.append(f"{n} step(s) with collectives, too few")
    if len(mine) < STRAGGLER_LATE_SHARE * n:
        problems.append(f"last in only {len(mine)} of {n} steps")
    if jitter is not None and float(np.median(waits_seen)) <= STRAGGLER_JITTER * jitter:
        problems.append(f"its wait ({float(np.median(waits_seen)):.2f} ms) is within {STRAGGLER_JITTER:g}x the steps' jitter ({jitter:.2f} ms)")
    if cause is None:
        problems.append(why)
    ranked = not problems
    at = int((c["last_rank"] == rank).sum())
    evidence = (f"rank {rank} arrives last at {at} of {len(c)} collectives and is the one waited for longest in {len(mine)} of "
                f"{n} steps; the first rank waits {waited_ms:.2f} ms per step for it on average ({waits_seen.min():.2f}-"
                f"{waits_seen.max():.2f} ms in the steps it was waited for)")
    if cause is not None:
        evidence += (f"; balancing it saves its own excess, {per_step_ms:.2f} ms per step ({waits.min():.2f}-{waits.max():.2f}), "
                     "at most what the others wait for it over the step's collectives")
    if not ranked:
        evidence += "; not called a straggler: " + "; ".join(problems)
    how = {"input": f"rank {rank} starts its steps' work late (a gap before its first op, or its DataLoader): give its input "
                    "pipeline more workers or prefetching, or find what it waits for before the step",
           "host": f"rank {rank}'s host takes longer for its step: if it runs more ops (uneven batches or branches), balance "
                   "them; if the same ops, find what else loads its CPU (pinning, other processes, threads)",
           "compute": f"rank {rank}'s kernels take longer: balance its share of the work, or check its GPU (clocks, "
                      "throttling, another process on it)"}.get(cause or "",
                                                                 f"find what makes rank {rank} start its collectives late")
    entry = share_entry("straggler", per_step_ms, step_ms, evidence, how,
                        (f"cause: {why}; " if cause else "") + "the straggler's extra time can be removed; the other ranks then "
                        "start the collectives together", rank=rank, steps_used=n, evidence_count=len(c),
                        saving_range_ms=(round(float(waits.min()) if len(mine) == n else 0.0, 4), round(float(waits.max()), 4)),
                        ranked=ranked)
    return [entry] if entry else []


def _step_jitter_ms(per_step: pd.DataFrame | None) -> float | None:
    """The job's step-to-step jitter: the median over ranks of the std of their step times (ms)."""
    if per_step is None or len(per_step) < 2:
        return None
    std = per_step.groupby("rank")["dur_ns"].std(ddof=0).dropna()
    return float(std.median()) / 1e6 if len(std) else None


def _straggler_cause(per_step: pd.DataFrame | None, rank: int, steps: list[str],
                     waits: np.ndarray, jitter: float | None = None) -> tuple[str | None, str, np.ndarray]:
    """What the late rank did more than the others in the steps it was late: (input | host | compute, in words, its
    excess in ms in each of ``steps``: NaN where that step is not among the ranks' profiled steps), or (None, why none,
    NaNs): the metric whose excess over the other ranks' median covers STRAGGLER_EXPLAINED of the wait or is above
    STRAGGLER_JITTER times the job's ``jitter``, positive in at least STRAGGLER_LATE_SHARE of those steps."""
    none = np.full(len(steps), np.nan)
    if per_step is None or not len(per_step) or per_step["rank"].nunique() < 2:
        return None, "no per-rank steps to compare what the late rank did", none
    mine = per_step[(per_step["rank"] == rank).to_numpy()].set_index("step")
    others = per_step[(per_step["rank"] != rank).to_numpy()].groupby("step")[[*_CAUSES, "ops", "kernels"]].median()
    common = [s for s in steps if s in mine.index and s in others.index]
    if not common:
        return None, "its late steps are not among the ranks' profiled steps", none
    best, best_excess, best_share, by_step = None, 0.0, 0.0, none
    for column in _CAUSES:
        excess = (mine.loc[common, column].astype(float) - others.loc[common, column].astype(float)).to_numpy() / 1e6
        if float(excess.mean()) > best_excess:
            best, best_excess, best_share = column, float(excess.mean()), float((excess > 0).mean())
            at = dict(zip(common, excess.tolist()))
            by_step = np.array([at.get(s, np.nan) for s in steps], dtype=np.float64)
    wait = float(np.mean(waits[:len(common)]))
    significant = best_excess >= STRAGGLER_EXPLAINED * wait or (jitter is not None and best_excess > STRAGGLER_JITTER * jitter)
    if best is None or not significant or best_share < STRAGGLER_LATE_SHARE:
        found = (f"its {_CAUSES[best]} time is the most above the others', by {best_excess:.2f} ms on average and in "
                 f"{best_share:.0%} of its late steps" if best else "its input, host and compute time are not above the others'")
        return None, (f"its own steps show no reason: {found}, against a {wait:.2f} ms wait (a start offset or noise, "
                      "not work to move)"), none
    more_work = any(float(mine.loc[common, col].mean()) > 1.05 * float(others.loc[common, col].mean()) for col in ("ops", "kernels")
                    if float(others.loc[common, col].mean()) > 0)
    words = {"input_ns": "input: a gap before its step's work (data loading, a sleep, waiting outside the profiled ops)",
             "host_ns": "uneven work: more CPU ops per step" if more_work else "a slower host: the same CPU ops take longer",
             "compute_ns": "uneven work: more kernels per step" if more_work else "its kernels take longer: larger inputs (uneven batches or sequence lengths) or a slower device"}[best]
    return _CAUSES[best], f"{words}, {best_excess:.2f} ms per late step more than the others", by_step


def _rank_steps_if_ranks(trace: Trace, collectives) -> pd.DataFrame | None:
    """Each rank's steps (for the straggler's cause) when the trace holds several ranks' collectives."""
    if collectives is None or not len(collectives.collectives) or trace.slices["rank"].nunique() < 2:
        return None
    return rank_steps(trace)


def rank_advice(comparison, collectives) -> list[Advice]:
    """Advice for a job of several ranks (``traceview ranks``): the straggler the others wait for, and
    communication no computation hides beyond that wait; per step of the median rank."""
    per_rank = comparison.per_rank
    if not len(per_rank):
        return []
    steps = int(per_rank["steps"].max()) or 1
    medians = per_rank["step_median_ns"].astype("Float64").dropna()
    step_ms = float(medians.median()) / 1e6 if len(medians) else float(per_rank["span_ns"].median()) / 1e6
    # a loop that does not synchronise runs its host steps ahead of the GPU: the step is the period of the work's ends
    step_ms = max(step_ms, step_period_ms(comparison.steps) or 0.0)
    found = straggler(collectives, step_ms, steps, comparison.steps)
    waits = collectives.waits.groupby("rank")["wait_ns"].sum() if collectives is not None and len(collectives.waits) else pd.Series(dtype=float)
    exposed = (per_rank["busy_ns"] - per_rank["compute_ns"]).clip(lower=0).astype(float)
    beyond = (exposed - per_rank["rank"].map(waits).fillna(0.0).astype(float)).clip(lower=0) / 1e6 / steps
    if step_ms > 0 and float(beyond.mean()) > 0:
        found.append(share_entry("exposed_comm", float(beyond.mean()), step_ms,
                                 f"{float(beyond.mean()):.2f} ms per step and rank of communication with no computation beside it, "
                                 "beyond the time spent waiting for the last rank",
                                 "overlap communication with the backward pass (DDP: smaller bucket_cap_mb so buckets start early; "
                                 "FSDP: forward/backward prefetch)",
                                 "all of it can be hidden behind computation; exposed = wall time with a kernel running minus "
                                 "computation kernels' time"))
    return sorted((dataclasses.replace(a, checked=CHECKED.get(a.kind)) for a in found if a is not None),
                  key=lambda a: (not a.ranked, -a.saving_ms_per_step))


def in_trace(trace: Trace, result, step_ms: float, steps: int) -> list[Advice | None]:
    """``exposed_comm`` and ``straggler`` on one trace (its ranks, when it holds several), per step of ``step_ms``."""
    return [exposed_comm(result.comm, step_ms, steps),
            *straggler(result.collectives, step_ms, steps, _rank_steps_if_ranks(trace, result.collectives))]

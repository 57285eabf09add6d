"""Which rank was slow in which step, and who arrived late at which collective? Rank x step and rank x collective.

The page for a job of many ranks (``traceview report DIR``) needs the per-rank totals of
:class:`~traceview.analysis.ranks.ranks.RankComparison` spread out over time::

    step_ms        ProfilerStep#3  ProfilerStep#4  ...     arrival_ms   allreduce 0/12  allgather 1/3 ...
    rank 0                  8.20            8.31                    0            0.00          0.41
    rank 1                  8.94            9.02                    1            0.93          0.00

``step_ms``: each rank's step time (its ``ProfilerStep#N`` slice); ``slowest``: per step, the rank
with the longest step and how far above the median it is. ``arrival_ms``: per collective, how long
after the first rank each rank launched it (the wait it imposed on the others is the largest of
these); only the ``max_collectives`` collectives with the largest skew, in time order, so the
matrix stays small at 128 ranks and thousands of collectives. ``wait_ms``: each rank's summed wait
inside collectives (it arrived early, then waited for the last one), per step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import pandas as pd

from traceview.analysis.ranks.collectives import Collectives
from traceview.trace.catalogue import step_number
from traceview.trace.counts import most_common
from traceview.analysis.ranks.ranks import RankComparison

#: Collectives kept in the arrival matrix (the ones with the largest start skew).
MAX_COLLECTIVES: Final[int] = 120


@dataclass(frozen=True)
class RankMatrix:
    """Rank x step and rank x collective tables for the ranks page (ms)."""

    step_ms: pd.DataFrame  # index: rank; columns: step names in step order; NaN where a rank lacks the step
    slowest: pd.DataFrame  # step, rank (the slowest), ms, median_ms, excess (fraction above the median)
    arrival_ms: pd.DataFrame  # index: rank; columns: collective labels (time order); NaN: rank not in it
    wait_ms: pd.DataFrame  # index: rank; columns: steps; the rank's summed wait inside collectives
    collectives_shown: int  # columns of arrival_ms
    collectives_total: int  # collectives matched across ranks


def rank_matrix(comparison: RankComparison, found: Collectives, max_collectives: int = MAX_COLLECTIVES) -> RankMatrix:
    """The tables of :class:`RankMatrix` from a rank comparison and its matched collectives."""
    step_ms = _step_table(comparison.steps)
    arrival, shown = _arrival_table(found, max_collectives)
    waits = found.waits
    if len(waits):
        wait_ms = waits.pivot_table(index="rank", columns="step", values="wait_ns", aggfunc="sum") / 1e6
        wait_ms = wait_ms[sorted(wait_ms.columns, key=_step_key)]
    else:
        wait_ms = pd.DataFrame()
    return RankMatrix(step_ms=step_ms, slowest=_slowest(step_ms), arrival_ms=arrival, wait_ms=wait_ms,
                      collectives_shown=shown, collectives_total=len(found.collectives))


def _step_key(name: object) -> tuple[int, str]:
    return step_number(str(name), 1 << 62), str(name)


def _step_table(steps: pd.DataFrame) -> pd.DataFrame:
    if steps.empty:
        return pd.DataFrame()
    table = steps.pivot_table(index="rank", columns="step", values="dur_ns", aggfunc="max") / 1e6
    return table[sorted(table.columns, key=_step_key)]


def _slowest(step_ms: pd.DataFrame) -> pd.DataFrame:
    columns = ["step", "rank", "ms", "median_ms", "excess"]
    if step_ms.empty or len(step_ms) < 2:
        return pd.DataFrame(columns=columns)
    rows = []
    for step in step_ms.columns:
        col = step_ms[step].dropna()
        if len(col) < 2:
            continue
        median = float(col.median())
        rank = int(col.idxmax())
        rows.append({"step": str(step), "rank": rank, "ms": float(col.max()), "median_ms": median,
                     "excess": float(col.max() / median - 1) if median > 0 else np.nan})
    return pd.DataFrame(rows, columns=columns)


def _arrival_table(found: Collectives, max_collectives: int) -> tuple[pd.DataFrame, int]:
    calls, coll = found.calls, found.collectives
    if calls.empty or coll.empty:
        return pd.DataFrame(), 0
    key = "seq" if found.seq_source == "Seq" else "index"
    keep = coll.nlargest(max_collectives, "skew_ns", keep="first").sort_values("first_start_ns", kind="stable")
    labels = [f"{c} {g}/{int(s)}" for c, g, s in zip(keep["collective"].astype(str), keep["group"].astype(str), keep["seq"])]
    wanted = pd.DataFrame({"group": keep["group"].astype(str).to_numpy(), "seq_key": keep["seq"].to_numpy(dtype=np.int64),
                           "label": labels, "first": keep["first_start_ns"].to_numpy(dtype=np.int64)})
    mine = pd.DataFrame({"rank": calls["rank"].to_numpy(dtype=np.int64), "group": calls["group"].astype(str).to_numpy(),
                         "seq_key": calls[key].to_numpy(dtype=np.int64, na_value=-1), "start": calls["start_ns"].to_numpy(dtype=np.int64)})
    joined = mine.merge(wanted, on=["group", "seq_key"], how="inner")
    joined["ms"] = (joined["start"] - joined["first"]) / 1e6
    table = joined.pivot_table(index="rank", columns="label", values="ms", aggfunc="min")
    return table[[c for c in labels if c in table.columns]], len(keep)


def notable_ranks(comparison: RankComparison, found: Collectives, matrix: RankMatrix, top: int = 3) -> set[int]:
    """The ranks a reader of the job's page looks at next (at most ``4 * top + 2``): rank 0, the ``top`` + 1
    stragglers furthest above the median, the ``top`` ranks most often the slowest of a step, the ``top`` ranks
    most often last at a collective, and the fastest rank (for comparison)."""
    per = comparison.per_rank
    if per.empty:
        return set()
    chosen = {int(per["rank"].min())}
    chosen |= {int(r) for r in comparison.stragglers["rank"].drop_duplicates().head(top + 1)}
    chosen |= {int(r) for r in most_common(matrix.slowest["rank"]).head(top).index}
    if len(found.collectives):
        chosen |= {int(r) for r in most_common(found.collectives["last_rank"]).head(top).index}
    if not matrix.step_ms.empty:
        chosen.add(int(matrix.step_ms.median(axis=1).idxmin()))
    return chosen

"""Did communication hide behind computation? NCCL/RCCL time, compute time, their overlap and the
exposed rest, per rank and per step.

On one rank, communication kernels (``ncclDevKernel_AllReduce...``) and computation kernels run on
different streams. Where both run at once the communication is hidden; where a comm kernel runs
alone the GPU waits for the network (or for a slower rank)::

    compute  [=======]   [=====]        [====]
    comm          [=========]     [======]
                  |ovl|   |exp|   | exposed |

    comm_ns     = |union of comm kernels|          overlap_ns = |comm ∩ compute|
    compute_ns  = |union of compute kernels|       exposed_ns = comm_ns - overlap_ns

These are HTA's ``get_comm_comp_overlap`` (overlap_ns / comm_ns, per rank) and TraceLens's
``exposed_comm_time`` (``GPUEventAnalyser``: comm minus the compute union), computed on the
kernel table with integer-ns interval unions (:mod:`traceview.analysis.base.intervals`). Memcpys and
memsets count as neither (HTA's "memory" kernels); ``compute_kinds`` adds them to computation, as
TraceLens counts memsets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import numpy as np
import pandas as pd

from traceview.analysis.base import intervals
from traceview.trace.by_name import is_one_of

COMM_COLUMNS: Final[dict[str, str]] = {
    "rank": "int32",
    "comm_ns": "int64",  # wall ns with a communication kernel running
    "compute_ns": "int64",  # wall ns with a computation kernel running
    "overlap_ns": "int64",  # wall ns with both
    "exposed_ns": "int64",  # comm_ns - overlap_ns: communication with no computation beside it
    "comm_kernels": "int64",
}


@dataclass(frozen=True)
class CommCompute:
    """Communication against computation.

    ``per_rank``: COMM_COLUMNS, one row per rank with GPU kernels. ``per_step``: the same columns
    plus ``step_id`` / ``step`` (the step slice whose window holds the kernel's launch, and its
    name), one row per (rank, step), in step order.
    """

    per_rank: pd.DataFrame
    per_step: pd.DataFrame
    has_comm: bool = field(init=False)  # some rank ran a communication kernel

    def __post_init__(self):
        object.__setattr__(self, "has_comm", bool(len(self.per_rank)) and int(self.per_rank["comm_kernels"].sum()) > 0)

    def total_ms(self) -> dict[str, float]:
        """comm_ms, compute_ms, overlap_ms, exposed_ms summed over ranks."""
        sums = self.per_rank[["comm_ns", "compute_ns", "overlap_ns", "exposed_ns"]].sum()
        return {k.removesuffix("_ns") + "_ms": float(v) / 1e6 for k, v in sums.items()}


def comm_compute(table: pd.DataFrame, compute_kinds: tuple[str, ...] = ("kernel",)) -> CommCompute:
    """Comm vs compute per rank and per step, from a GPU activity table with ``rank``, ``kind``, ``comm``,
    ``start_ns``, ``end_ns`` (``trace.gpu``) and, for ``per_step``, ``step_id`` and ``step``
    (:attr:`KernelAttribution.table <traceview.analysis.kernels.attribution.KernelAttribution>`)."""
    comm = table["comm"].to_numpy(dtype=bool)  # NCCL/RCCL kernels (trace/derive.py)
    compute = is_one_of(table["kind"], compute_kinds) & ~comm
    keep = comm | compute
    rows = {"rank": table["rank"].to_numpy()[keep], "comm": comm[keep],
            "start_ns": table["start_ns"].to_numpy()[keep], "end_ns": table["end_ns"].to_numpy()[keep]}
    per_rank = _per_group(rows, ["rank"])
    per_step = None
    if "step_id" in table and "step" in table:  # the attribution table names its steps
        step_ids = table["step_id"].array[keep]
        stepped = np.flatnonzero(~pd.isna(step_ids))
        if len(stepped):
            per_step = _per_group({**{k: v[stepped] for k, v in rows.items()},
                                   "step_id": np.asarray(step_ids[stepped], dtype=np.int64)}, ["rank", "step_id"])
            # each step's name, as dict(zip(ids, names)) keeps it: from the step's last row (one string per step)
            ids = np.asarray(step_ids[stepped], dtype=np.int64)
            distinct, from_end = np.unique(ids[::-1], return_index=True)
            last_rows = np.flatnonzero(keep)[stepped][len(ids) - 1 - from_end]  # each step's last row in the table
            name_of = dict(zip(distinct.tolist(), pd.Series(table["step"].array[last_rows]).astype(str).tolist()))
            per_step.insert(2, "step", pd.array([name_of.get(i) for i in per_step["step_id"].tolist()], dtype="string"))
    if per_step is None:
        per_step = pd.DataFrame(columns=["rank", "step_id", "step", *list(COMM_COLUMNS)[1:]])
    return CommCompute(per_rank=per_rank, per_step=per_step)


def _per_group(rows: dict[str, np.ndarray], keys: list[str]) -> pd.DataFrame:
    """comm, compute, overlap and exposed ns per group of ``keys`` (``rows``: equal-length arrays ``comm``,
    ``start_ns``, ``end_ns`` and the keys), all groups at once: each group's intervals are shifted to a time range
    of its own (group k from k x the longest group span), so one merge of all intervals merges each group's apart
    and sums split back by group."""
    dtypes = {**COMM_COLUMNS, "step_id": "int64"}
    columns = [*keys, *list(COMM_COLUMNS)[1:]]
    if not len(rows["comm"]):
        return pd.DataFrame(columns=columns).astype({k: v for k, v in dtypes.items() if k in columns})
    key_values = [np.asarray(rows[k], dtype=np.int64) for k in keys]
    group, n, first = _group_ids(*key_values)
    s, e = np.asarray(rows["start_ns"]).astype(np.int64), np.asarray(rows["end_ns"]).astype(np.int64)
    lo = _group_min(group, s, n)
    span = int((_group_max(group, e, n) - lo).max()) + 1
    if span * n >= 2**62:  # cannot be shifted apart in int64: one group at a time
        parts = [_per_group({k: v[group == g] for k, v in rows.items()}, keys) for g in range(n)]
        return pd.concat(parts, ignore_index=True)
    shift = group * span - lo[group]
    s, e = s + shift, e + shift
    comm = np.asarray(rows["comm"], dtype=bool)
    comm_s, comm_e, comp_s, comp_e, shared = intervals.unions_and_overlap(s[comm], e[comm], s[~comm], e[~comm])
    comm_ns = _group_sum(comm_s // span, comm_e - comm_s, n)
    overlap = _group_sum(comm_s // span, shared, n)
    values = {k: v[first] for k, v in zip(keys, key_values)}
    values.update(comm_ns=comm_ns, compute_ns=_group_sum(comp_s // span, comp_e - comp_s, n), overlap_ns=overlap,
                  exposed_ns=comm_ns - overlap, comm_kernels=np.bincount(group[comm], minlength=n))
    return pd.DataFrame({k: values[k].astype(dtypes[k]) for k in columns})


# Rows grouped by integer keys with numpy: what ``groupby(keys, sort=True).ngroup()`` and a sum, min or max per group
# give, without pandas' fixed cost per call (a few hundred µs each; comm groups small tables per rank and per step).

def _group_ids(*keys: np.ndarray) -> tuple[np.ndarray, int, np.ndarray]:
    """(group of each row, number of groups, one row of each group): groups numbered in the keys' sorted order
    (the first key first), as ``groupby(keys, sort=True).ngroup()`` numbers them."""
    keys = tuple(np.asarray(k, dtype=np.int64) for k in keys)
    size = len(keys[0]) if keys else 0
    if size == 0:
        return np.zeros(0, dtype=np.int64), 0, np.zeros(0, dtype=np.int64)
    order = np.lexsort(keys[::-1])
    new = np.zeros(size, dtype=bool)
    new[0] = True
    for k in keys:
        ks = k[order]
        new[1:] |= ks[1:] != ks[:-1]
    group = np.empty(size, dtype=np.int64)
    group[order] = np.cumsum(new) - 1
    return group, int(new.sum()), order[new]


def _group_sum(group: np.ndarray, values: np.ndarray, n: int) -> np.ndarray:
    """Each group's sum of ``values`` (int64, exact), 0 for a group without rows."""
    out = np.zeros(n, dtype=np.int64)
    np.add.at(out, group, np.asarray(values, dtype=np.int64))
    return out


def _group_min(group: np.ndarray, values: np.ndarray, n: int) -> np.ndarray:
    out = np.full(n, np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(out, group, np.asarray(values, dtype=np.int64))
    return out


def _group_max(group: np.ndarray, values: np.ndarray, n: int) -> np.ndarray:
    out = np.full(n, np.iinfo(np.int64).min, dtype=np.int64)
    np.maximum.at(out, group, np.asarray(values, dtype=np.int64))
    return out

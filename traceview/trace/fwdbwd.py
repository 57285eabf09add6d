"""Which backward op ran for which forward op? Kineto's ``fwdbwd`` flows, bound to their slices.

With autograd, Kineto draws a ``fwdbwd`` flow from each forward op that recorded a backward node
(``CompiledFunction`` for a compiled graph, ``aten::addmm``, ...) to the backward op that ran it on
autograd's thread (``CompiledFunctionBackward``, ``AddmmBackward0``). Each endpoint is an event of
``ph: s`` / ``ph: f`` at the exact start of the op it belongs to (``"bp": "e"``)::

    flows   flow_id=7 phase=s  tid=main      ts=T1        flow_id=7 phase=f  tid=autograd  ts=T2
    slices  CompiledFunction   tid=main      start=T1     CompiledFunctionBackward  tid=autograd  start=T2

    fwdbwd_pairs(slices, flows) -> forward_id, backward_id   (slice ids; one row per flow with both ends bound)

An endpoint binds to the deepest slice of its thread that starts at its timestamp. Bound once per trace and kept:
the analyses ask ``Trace.fwdbwd``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd


def fwdbwd_pairs(slices: pd.DataFrame, flows: pd.DataFrame) -> pd.DataFrame:
    """One row per ``fwdbwd`` flow whose both ends bind to a slice: ``forward_id``, ``backward_id``."""
    empty = pd.DataFrame({"forward_id": np.array([], dtype=np.int64), "backward_id": np.array([], dtype=np.int64)})
    if flows.empty:
        return empty
    mine = flows[(flows["cat"] == "fwdbwd").to_numpy()]
    if mine.empty:
        return empty
    slice_of = _bind(slices, mine)
    ends = pd.DataFrame({"rank": mine["rank"].to_numpy(), "flow_id": mine["flow_id"].to_numpy(dtype=np.int64, na_value=-1),
                         "phase": mine["phase"].astype(str).to_numpy(), "slice_id": slice_of})
    ends = ends[(ends["slice_id"] >= 0) & (ends["flow_id"] >= 0)]
    starts = ends[ends["phase"] == "s"].drop_duplicates(["rank", "flow_id"])
    finishes = ends[ends["phase"] == "f"].drop_duplicates(["rank", "flow_id"])
    pairs = starts.merge(finishes, on=["rank", "flow_id"], suffixes=("_fwd", "_bwd"))
    return pd.DataFrame({"forward_id": pairs["slice_id_fwd"].to_numpy(dtype=np.int64),
                         "backward_id": pairs["slice_id_bwd"].to_numpy(dtype=np.int64)})


def _bind(slices: pd.DataFrame, ends: pd.DataFrame) -> np.ndarray:
    """The deepest slice of each endpoint's (rank, pid, tid) starting at its ts (-1 if none)."""
    key_cols = ["rank", "pid", "tid"]
    # only the slices that start at an endpoint's time can bind (a few per flow, of ~1M slices)
    at = np.flatnonzero(np.isin(slices["start_ns"].to_numpy(), ends["ts_ns"].to_numpy()))
    near = slices.iloc[at]
    host = pd.DataFrame({
        "rank": near["rank"].to_numpy().astype(np.int64),
        "pid": near["pid"].to_numpy(dtype=np.int64, na_value=-1),
        "tid": near["tid"].to_numpy(dtype=np.int64, na_value=-1),
        "ts_ns": near["start_ns"].to_numpy(),
        "depth": near["depth"].to_numpy(),
        "slice_id": near["slice_id"].to_numpy(),
    })
    host = host.sort_values("depth", ascending=False, kind="stable").drop_duplicates([*key_cols, "ts_ns"])
    query = pd.DataFrame({
        "rank": ends["rank"].to_numpy().astype(np.int64),
        "pid": ends["pid"].to_numpy(dtype=np.int64, na_value=-1),
        "tid": ends["tid"].to_numpy(dtype=np.int64, na_value=-1),
        "ts_ns": ends["ts_ns"].to_numpy(),
    })
    found = query.merge(host, on=[*key_cols, "ts_ns"], how="left")["slice_id"]
    return found.fillna(-1).to_numpy(dtype=np.int64)

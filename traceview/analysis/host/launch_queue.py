"""How far ahead of the GPU did the host run? The queue of launched work per stream (HTA's
``get_queue_length_time_series``): per (rank, stream), +1 when a launch call starts for each GPU activity it
started, -1 when that activity starts on the GPU: the work the host had queued and the GPU had not begun. A queue
that stays near 0 is a GPU waiting for its launches (host-bound); a deep one, a host far ahead.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from traceview.trace import Trace


def launch_queue(trace: Trace) -> pd.DataFrame:
    """Per (rank, stream), the queue's ``max``, time-weighted ``mean`` and ``changes`` (:func:`queue_summary` of
    :func:`queue_length`)."""
    return queue_summary(queue_length(trace))


def queue_length(trace: Trace) -> pd.DataFrame:
    """The queue of launched-but-not-started GPU work per (rank, stream), as a step function:
    ``rank, device, stream, ts_ns, queue_length`` (one row per change, in time order per stream;
    the value holds until the next row). Only activities whose launch is in the trace count."""
    gpu = trace.gpu
    launch = gpu["launch_id"].to_numpy(dtype=np.int64, na_value=-1)
    keep = launch >= 0  # the columns used, as arrays (no frame of them)
    launches = trace.launches
    ids = launches["launch_id"].to_numpy()
    order = np.argsort(ids, kind="stable")
    at = order[np.searchsorted(ids[order], launch[keep])]
    n = int(keep.sum())
    rank = np.tile(gpu["rank"].to_numpy()[keep], 2)
    device = np.tile(gpu["device"].to_numpy(dtype=np.int64, na_value=-1)[keep], 2)
    stream = np.tile(gpu["stream"].to_numpy(dtype=np.int64, na_value=-1)[keep], 2)
    ts = np.concatenate([launches["start_ns"].to_numpy()[at], gpu["start_ns"].to_numpy()[keep]])
    delta = np.r_[np.ones(n, dtype=np.int64), -np.ones(n, dtype=np.int64)]
    # per (rank, stream) in time order; ties: the enqueue first, so the queue never reads negative
    order = np.lexsort((-delta, ts, stream, rank))
    rank, device, stream, ts, delta = rank[order], device[order], stream[order], ts[order], delta[order]
    total = np.cumsum(delta)
    first = np.flatnonzero(np.r_[True, (rank[1:] != rank[:-1]) | (stream[1:] != stream[:-1])]) if len(delta) else np.zeros(0, dtype=np.int64)
    before = np.repeat(total[first] - delta[first], np.diff(np.r_[first, len(delta)]))  # the running sum before each group
    return pd.DataFrame({
        "rank": rank, "device": pd.arrays.IntegerArray(device, device < 0),
        "stream": stream, "ts_ns": ts, "queue_length": total - before,
    })


def queue_summary(series: pd.DataFrame) -> pd.DataFrame:
    """Per (rank, stream): ``max``, ``mean`` (time-weighted, first to last change) and ``changes``."""
    rows = []
    for (rank, stream), part in series.groupby(["rank", "stream"], sort=True):
        ts, q = part["ts_ns"].to_numpy(), part["queue_length"].to_numpy()
        span = int(ts[-1] - ts[0])
        mean = float((q[:-1] * np.diff(ts)).sum() / span) if span > 0 else float(q.mean())
        rows.append({"rank": rank, "stream": stream, "device": part["device"].iloc[0], "max": int(q.max()), "mean": mean, "changes": len(part)})
    return pd.DataFrame(rows, columns=["rank", "stream", "device", "max", "mean", "changes"])

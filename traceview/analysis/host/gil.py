"""How much of another thread's Python comes back into the training thread's step as waits for the interpreter.

With ``pin_memory=True`` a DataLoader's batches are handed over by its pin-memory thread, a thread of the training
process, which needs the GIL for its Python (unpickling each batch's shared-memory handles) in short holds. The
training thread gives the GIL up inside every op (an op's binding drops it while ATen runs) and takes it back when
the op returns: a hold that started inside an op and outlasts it, or that was waiting while the training thread
ran Python and took the GIL as the next op began, makes the training thread wait for the rest of it. A step of long
ops (a cuDNN LSTM, the backward, a synchronisation) absorbs the holds; a step of short ops with Python between them
(transformers' modules) gets them back almost whole.

:func:`hold_returns` reads the step's GIL from the trace: the process's outermost CPU ops (any thread: while the
autograd engine runs the backward the training thread waits without the GIL) are the moments it is free, the rest
of the step the training thread's Python. A hold of ``c`` µs lands at a moment taken uniformly in the step (where
the pin-memory thread's work falls depends on when the workers finish, which the trace does not show); its
expected wait is

    (1/T) * sum over free intervals of length L:  [c <= L] c^2/2 + [c > L] (c L - L^2/2)      (landing inside)
                                                  + (Python time before it) * max(0, c - L)   (landing before)

and the share that comes back is that over ``c``, averaged over the holds' lengths weighted by the time they hold
(``benchmarks/micro_gil.py`` measures them on its own: many short holds, the unpickling, and one as long as the
batch is large).
"""

from __future__ import annotations

import numpy as np

from traceview.trace import Trace


def free_intervals(starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The union of ``[starts, ends)`` as sorted, disjoint intervals."""
    if not len(starts):
        return starts.astype(np.float64), ends.astype(np.float64)
    order = np.argsort(starts, kind="stable")
    a, b = starts[order].astype(np.float64), ends[order].astype(np.float64)
    reach = np.maximum.accumulate(b)
    new = np.ones(len(a), dtype=bool)
    new[1:] = a[1:] > reach[:-1]
    return a[new], np.maximum.reduceat(b, np.flatnonzero(new))


def cut(a: np.ndarray, b: np.ndarray, t1: float, spans: list[tuple[float, float]]) -> tuple[np.ndarray, np.ndarray, float]:
    """The timeline with ``spans`` (moments the change takes away: the hand-over's own time) cut out: free
    intervals ``[a, b)`` inside them dropped, later moments moved earlier by what was cut; the step's new end."""
    spans = [(x, y) for x, y in spans if y > x]
    if spans:  # overlapping spans are cut once: their union, last first so earlier moments keep their place
        xs, ys = free_intervals(np.array([x for x, _ in spans]), np.array([y for _, y in spans]))
        spans = list(zip(xs.tolist(), ys.tolist()))
    for x, y in reversed(spans):
        a, b = np.where(a >= y, a - (y - x), np.minimum(a, x)), np.where(b >= y, b - (y - x), np.minimum(b, x))
        keep = b > a
        a, b, t1 = a[keep], b[keep], t1 - (y - x)
    return a, b, t1


def share_back(free_a: np.ndarray, free_b: np.ndarray, t0: float, t1: float, holds_us, weights=None) -> float:
    """The expected share of a hold's time the training thread waits, over the step ``[t0, t1)`` whose GIL-free
    moments are ``[free_a, free_b)`` (disjoint, sorted; ns), for holds of lengths ``holds_us`` (µs), each weighted by
    ``weights`` (the held time it stands for; equal when None)."""
    keep = (free_b > t0) & (free_a < t1)
    a, b = np.clip(free_a[keep], t0, t1), np.clip(free_b[keep], t0, t1)
    if not len(a):
        return 1.0
    length = b - a
    before = a - np.concatenate([[t0], b[:-1]])  # the Python time before each free interval
    tail = max(t1 - b[-1], 0.0)  # after the last one: a landing there waits for the next step's first op
    span = float(length.sum() + before.sum() + tail)
    shares = []
    for c in np.asarray(holds_us, dtype=np.float64) * 1e3:
        inside = np.where(c <= length, c * c / 2, c * length - length * length / 2).sum()
        waiting = (before * np.maximum(c - length, 0.0)).sum() + tail * max(c - length[0], 0.0)
        shares.append((inside + waiting) / span / c)
    return float(np.average(shares, weights=weights))


def hold_returns(trace: Trace, rank: int, pid: int, steps: list[tuple[int, int]], holds_us, weights=None,
                 shortened: list[tuple[int, int]] = (), taken: list[tuple[int, int]] = ()) -> float:
    """The median over ``steps`` ((start_ns, end_ns)) of :func:`share_back` on process ``(rank, pid)``'s GIL:
    its outermost CPU ops free it; ``shortened``: calls (start_ns, end_ns) the change makes asynchronous, whose time
    leaves the op around them; ``taken``: spans the change takes out of the step (the hand-over, now the pin-memory
    thread's)."""
    s = trace.slices
    ops = (s["cat"] == "cpu_op").to_numpy(dtype=bool, na_value=False) & (s["rank"] == rank).to_numpy() & \
        (s["pid"] == pid).to_numpy()
    top = np.flatnonzero(trace.outermost(ops))
    a, b = s["start_ns"].to_numpy()[top].astype(np.float64), s["end_ns"].to_numpy()[top].astype(np.float64)
    fa, fb = free_intervals(a, b)
    each = []
    for t0, t1 in steps:
        # the calls made asynchronous and the hand-over leave the step: what follows them comes earlier
        spans = [(float(x), float(y)) for x, y in [*taken, *shortened] if x >= t0 and y <= t1]
        ca, cb, end = cut(fa, fb, float(t1), spans)
        each.append(share_back(ca, cb, float(t0), end, holds_us, weights))
    return float(np.median(each)) if each else 1.0

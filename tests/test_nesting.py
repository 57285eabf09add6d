"""The nesting rule on every real trace here: a parent contains its child (up to the timestamps'
rounding), on the child's own thread, and stacks stay as deep as real Python/C++ stacks are."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from conftest import DATA, PUBLIC, SAMPLES, spread
from traceview.trace.nesting import nest, timestamp_quantum_ns

REAL = sorted([*DATA.glob("h200/*.json.gz"), *DATA.glob("training/*.json.gz"), *DATA.glob("cpu/*.json.gz"),
               *SAMPLES.glob("**/*.pt.trace.json.gz"), *PUBLIC.glob("*.json*")])


@pytest.mark.parametrize("path", spread(REAL, every=4, ids=lambda p: str(p.relative_to(p.parents[1]))))
def test_every_parent_contains_its_child(load_cached, path: Path):
    s = load_cached(path).slices
    start, end = s["start_ns"].to_numpy(), s["end_ns"].to_numpy()
    parent = s["parent_id"].to_numpy(dtype=np.int64, na_value=-1)
    has = parent >= 0
    tolerance = 2 * timestamp_quantum_ns(start, s["dur_ns"].to_numpy())
    assert (start[parent[has]] <= start[has]).all()
    assert (end[parent[has]] >= end[has] - tolerance).all()
    for col in ("rank", "pid", "tid"):
        values = s[col].to_numpy(dtype=np.int64, na_value=-1) if col != "rank" else s[col].to_numpy()
        assert (values[parent[has]] == values[has]).all()
    assert int(s["depth"].to_numpy().max(initial=0)) < 100


def test_whole_microsecond_traces_allow_two_microseconds_of_rounding():
    start = np.array([1_000_000, 1_001_000], dtype=np.int64)
    dur = np.array([5_000, 5_000], dtype=np.int64)  # the child ends 1 µs after its parent: rounding
    assert timestamp_quantum_ns(start, dur) == 1000
    import pandas as pd

    frame = pd.DataFrame({"slice_id": [0, 1], "rank": [0, 0], "pid": pd.array([1, 1], dtype="Int64"),
                          "tid": pd.array([1, 1], dtype="Int64"), "start_ns": start, "dur_ns": dur})
    parent, depth = nest(frame)
    assert parent.tolist() == [-1, 0] and depth.tolist() == [0, 1]
    parent, _ = nest(frame, tolerance_ns=0)
    assert parent.tolist() == [-1, -1]


def test_a_partial_overlap_is_a_sibling_not_a_child():
    """Kineto's record_function case: the enter call [0, 10) and the annotation [5, 100) it opens."""
    import pandas as pd

    frame = pd.DataFrame({"slice_id": [0, 1, 2, 3], "rank": [0] * 4, "pid": pd.array([1] * 4, dtype="Int64"),
                          "tid": pd.array([1] * 4, dtype="Int64"),
                          "start_ns": np.array([0, 1000, 1005, 1050], dtype=np.int64),  # frame, enter, annotation, op
                          "dur_ns": np.array([1000_000, 10, 95, 20], dtype=np.int64)})
    parent, depth = nest(frame)
    assert parent.tolist() == [-1, 0, 0, 2]
    assert depth.tolist() == [0, 1, 1, 2]


def test_the_walk_order_is_lexsorts_on_ties_threads_and_ranks():
    """``walk_order`` (a stable sort of the starts, the ties apart, the threads by a radix sort) gives what
    ``np.lexsort((-dur, start, tid, pid, rank))`` gives: random slices with many ties of start, of both start
    and duration, negative and missing-as-sentinel pids, two ranks; and a real trace's slices as loaded."""
    from traceview.trace.nesting import walk_order

    rng = np.random.default_rng(7)
    for _ in range(300):
        n = int(rng.integers(0, 400))
        start = rng.integers(0, 25, n).astype(np.int64)
        dur = rng.integers(0, 6, n).astype(np.int64)
        pid = rng.choice(np.array([-(2**62), -3, 0, 7, 2**40], dtype=np.int64), n)
        tid = rng.integers(0, 5, n).astype(np.int64)
        rank = rng.integers(0, 3, n).astype(np.int64)
        assert (walk_order(start, dur, (rank, pid, tid)) == np.lexsort((-dur, start, tid, pid, rank))).all()
    from traceview.trace import load

    s = load(DATA / "training" / "gpt2-compiled-stack.json.gz").slices
    start, dur = s["start_ns"].to_numpy(), s["dur_ns"].to_numpy()
    pid, tid = (s[c].to_numpy(dtype=np.int64, na_value=-(2**62)) for c in ("pid", "tid"))
    rank = s["rank"].to_numpy()
    assert (walk_order(start, dur, (rank, pid, tid)) == np.lexsort((-dur, start, tid, pid, rank))).all()

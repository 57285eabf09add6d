"""analysis/host/gil.py: the share of another thread's GIL holds a step gives back, against a plain simulation of
the two threads, and on real traces."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from traceview.analysis.host import gil, replay as rp
from traceview.trace import load
from traceview.trace.step_windows import step_windows

LOADER = Path(__file__).resolve().parents[1] / "sample_traces" / "gpu" / "loader"


def _two_threads(free: list[tuple[float, float]], t0: float, t1: float, landing: float, c: float) -> float:
    """The training thread's wait when a hold of ``c`` lands at ``landing``, simulated: the training thread runs
    Python (holding the GIL) outside ``free`` and ops (without it) inside; the other thread takes the GIL as soon as it
    is free and keeps it ``c``; the training thread, wanting it back at the end of its op, waits for it."""
    for a, b in free:
        if a <= landing < b:  # the GIL is free: the hold starts now; the op ends at b
            return max(landing + c - b, 0.0)
        if landing < a:  # the training thread holds it until its next op starts at a
            return max(a + c - b, 0.0)
    a, b = free[0]  # after the last op: the next step's first op (the same timeline again)
    return max(a + c - b, 0.0)


@pytest.mark.parametrize("seed", range(6))
def test_the_expected_wait_is_what_two_threads_simulated_wait(seed):
    rng = np.random.default_rng(seed)
    edges = np.sort(rng.uniform(0, 10_000, size=2 * int(rng.integers(3, 40))))
    a, b = edges[0::2], edges[1::2]
    t0, t1 = 0.0, 10_000.0 + rng.uniform(0, 500)
    holds = rng.uniform(5, 800, size=4)  # µs, against a timeline in ns / 1000: use ns throughout
    landings = np.linspace(t0, t1, 20_001)[:-1]
    expected = gil.share_back(a, b, t0, t1, holds / 1e3)  # holds in µs -> the timeline's units are ns, so /1e3
    free = list(zip(a.tolist(), b.tolist()))
    simulated = np.mean([np.mean([_two_threads(free, t0, t1, u, c) for u in landings]) / c for c in holds])
    assert expected == pytest.approx(simulated, abs=0.01)


def test_free_intervals_are_the_union_of_the_ops():
    rng = np.random.default_rng(1)
    starts = rng.integers(0, 1000, size=60)
    ends = starts + rng.integers(1, 80, size=60)
    a, b = gil.free_intervals(starts, ends)
    grid = np.zeros(1100, dtype=bool)
    for x, y in zip(starts, ends):
        grid[x:y] = True
    mine = np.zeros(1100, dtype=bool)
    for x, y in zip(a.astype(int), b.astype(int)):
        mine[x:y] = True
    assert (grid == mine).all() and (a[1:] > b[:-1]).all()


def test_a_cut_span_leaves_the_step_and_moves_what_follows():
    a, b = np.array([10.0, 50.0, 90.0]), np.array([20.0, 60.0, 95.0])
    ca, cb, end = gil.cut(a, b, 100.0, [(30.0, 55.0)])  # the hand-over: Python, and half an op
    assert end == 75.0
    assert ca.tolist() == [10.0, 30.0, 65.0] and cb.tolist() == [20.0, 35.0, 70.0]


def test_a_recurrent_step_gives_back_less_than_a_transformer_step():
    """The LSTM's forward is one long cuDNN call and its backward another: holds land inside them and end there;
    GPT-2's forward is many short ops with Python between them."""
    share = {}
    for case in ("lstm-workers", "gpt2-workers"):
        trace = load(LOADER / case / "train_loader.pt.trace.json.gz")
        w = rp.process_window(trace, step_windows(trace))
        steps = [(sw.start_ns, sw.end_ns) for sw in rp.step_windows_of(step_windows(trace), w)]
        share[case] = gil.hold_returns(trace, w.rank, w.pid, steps, [20.0, 60.0, 150.0])
        assert 0 < share[case] < 1
    assert share["lstm-workers"] < 0.5 * share["gpt2-workers"]


def test_overlapping_cut_spans_are_cut_once():
    a, b = np.array([10.0, 50.0]), np.array([20.0, 60.0])
    once = gil.cut(a, b, 100.0, [(30.0, 45.0)])
    twice = gil.cut(a, b, 100.0, [(30.0, 40.0), (35.0, 45.0)])  # the same moments, in two overlapping spans
    assert once[2] == twice[2] == 85.0
    assert once[0].tolist() == twice[0].tolist() and once[1].tolist() == twice[1].tolist()

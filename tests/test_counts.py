"""Counts listed in one order on pandas 2 and 3 (trace/counts.py): most first, ties in the order the trace met them.

Before: ``value_counts()`` ordered equal counts by pandas' own hashing and sort, so the same DDP rank's summary listed
its 60 ``cuLaunchKernel`` before its 60 ``cudaLaunchKernelExC`` under pandas 3 and after them under pandas 2 (CI runs
this file under both)."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from traceview.analysis.base.summary import trace_summary
from traceview.trace import load
from traceview.trace.counts import most_common

RANK = Path(__file__).resolve().parent.parent / "sample_traces" / "nccl_2rank" / "ddp-buckets" / "base" / "rank0.pt.trace.json.gz"


def _plain(values: list, latest: bool = False) -> list[tuple]:
    """The rule read the slow way: a Counter, ties by each value's first (``latest``: last, latest first) position."""
    counts = Counter(v for v in values if v is not None)
    first = {v: i for i, v in reversed(list(enumerate(values)))}
    last = {v: i for i, v in enumerate(values)}
    key = (lambda v: (-counts[v], -last[v])) if latest else (lambda v: (-counts[v], first[v]))
    return [(v, counts[v]) for v in sorted(counts, key=key)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.none(), st.sampled_from("abcdef")), max_size=40), st.booleans(), st.booleans())
def test_most_common_is_counts_by_first_or_last_appearance(values, latest, categorical):
    series = pd.Series(values, dtype="category" if categorical else object)
    got = most_common(series, latest=latest)
    assert list(zip(got.index.tolist(), got.tolist())) == _plain(values, latest)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2)), min_size=1, max_size=30))
def test_most_common_of_row_pairs(pairs):
    got = most_common(pd.MultiIndex.from_tuples(pairs))
    assert list(zip(got.index.tolist(), got.tolist())) == _plain(pairs)


def test_a_ranks_tied_launch_apis_listed_in_the_order_the_trace_met_them():
    with gzip.open(RANK, "rt") as f:
        events = json.load(f)["traceEvents"]
    trace = load(RANK)
    launches = trace_summary(trace).launches
    # the counts, read from the raw JSON's runtime and driver calls that launched work (a correlation to a GPU row)
    gpu_correlations = {e["args"]["correlation"] for e in events
                        if e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset") and "correlation" in e.get("args", {})}
    raw = Counter(e["name"] for e in events if e.get("cat") in ("cuda_runtime", "cuda_driver")
                  and e.get("args", {}).get("correlation") in gpu_correlations)
    assert launches == dict(raw) and len(raw) >= 4
    counts = list(launches.values())
    assert counts == sorted(counts, reverse=True)
    tied = [api for api, n in launches.items() if list(launches.values()).count(n) > 1]
    assert {"cuLaunchKernel", "cudaLaunchKernelExC"} <= set(tied)  # the pair pandas 2 and 3 ordered apart
    first = {api: int(np.flatnonzero((trace.launches["api"].astype(str) == api).to_numpy())[0]) for api in tied}
    for n in set(launches[a] for a in tied):
        same = [a for a in tied if launches[a] == n]
        assert same == sorted(same, key=first.get)

"""Communication against computation: traceview's comm / compute / overlap / exposed time per rank
agrees with HTA's ``get_comm_comp_overlap`` and TraceLens's ``GPUEventAnalyser`` on the same real
traces, and with a plain-JSON interval count; HTA's queue length time series too."""

from __future__ import annotations

import gzip
import json
import logging
import shutil
import warnings

import numpy as np
import pytest

from conftest import SAMPLES, public
from traceview.analysis.host.launch_queue import queue_length, queue_summary
from traceview.analysis.ranks.comm import comm_compute
from traceview.trace import load

DDP = SAMPLES / "ddp_2rank"
TRACE_DIFF = "hta__trace_diff_test_V100_rank1of2_cudagraph.json.gz"
SAMPLED = "hta__sampled_rank-0_of128.json.gz"


def hta(folder):
    """HTA's TraceAnalysis of a folder (every step kept: by default HTA drops the last one)."""
    from hta.trace_analysis import TraceAnalysis

    logging.disable(logging.WARNING)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return TraceAnalysis(trace_dir=str(folder), include_last_profiler_step=True)
    finally:
        logging.disable(logging.NOTSET)


def hta_overlap_pct(analysis) -> dict[int, float]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        frame = analysis.get_comm_comp_overlap(visualize=False)
    return dict(zip(frame["rank"], frame["comp_comm_overlap_pctg"]))


def _hta_scope(trace):
    """The GPU activities HTA keeps: launched by a host call in the trace, at or before the end of
    the last ProfilerStep (``Trace._filter_irrelevant_gpu_kernels``)."""
    steps = trace.slices[trace.slices["name"].astype(str).str.startswith("ProfilerStep#")]
    launch_start = trace.launches.set_index("launch_id")["start_ns"]
    gpu = trace.gpu[trace.gpu["launch_id"].notna()]
    started = launch_start.reindex(gpu["launch_id"].astype("int64")).to_numpy()
    return gpu[started <= steps["end_ns"].max()]


def test_overlap_per_rank_equals_hta_on_the_real_ddp_capture():
    ours = comm_compute(load(DDP).gpu).per_rank.set_index("rank")
    theirs = hta_overlap_pct(hta(DDP))
    assert sorted(theirs) == [0, 1]
    for rank, pct in theirs.items():
        row = ours.loc[rank]
        assert 100 * row.overlap_ns / row.comm_ns == pytest.approx(pct, abs=0.005)  # HTA rounds to 0.01 %
    # rank 1 reaches each all-reduce last: rank 0's NCCL kernels wait for it, ~9x longer and exposed
    assert ours.loc[0, "exposed_ns"] > 5 * ours.loc[1, "exposed_ns"]
    assert ours.loc[1, "overlap_ns"] == 0


@pytest.mark.parametrize("name, pct", [(TRACE_DIFF, 69.07), (SAMPLED, 14.95)])
def test_overlap_equals_hta_on_public_nccl_traces(tmp_path, name, pct):
    """On the kernels HTA keeps (see _hta_scope), the overlap is HTA's to its 0.01 % rounding."""
    shutil.copy(public(name), tmp_path / name)
    theirs = hta_overlap_pct(hta(tmp_path))
    assert list(theirs.values()) == [pct]
    row = comm_compute(_hta_scope(load(public(name)))).per_rank.iloc[0]
    assert 100 * row.overlap_ns / row.comm_ns == pytest.approx(pct, abs=0.005)


def _raw_intervals(path):
    """(comm, compute) kernel intervals in ns, read with plain json (no traceview)."""
    events = json.loads(gzip.decompress(path.read_bytes()))["traceEvents"]
    comm, compute = [], []
    for e in events:
        if e.get("ph") == "X" and e.get("cat") == "kernel":
            span = (round(e["ts"] * 1000), round(e["ts"] * 1000) + round(e["dur"] * 1000))
            (comm if e["name"].lower().startswith(("nccl", "void nccl", "rccl")) else compute).append(span)
    return comm, compute


def _union(spans):
    out = []
    for s, e in sorted(spans):
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


@pytest.mark.parametrize("path", [DDP / "rank0.pt.trace.json.gz", DDP / "rank1.pt.trace.json.gz"])
def test_exposed_comm_equals_a_plain_loop_over_the_raw_json(path):
    comm, compute = _raw_intervals(path)
    comm_u, compute_u = _union(comm), _union(compute)
    overlap = sum(max(0, min(e1, e2) - max(s1, s2)) for s1, e1 in comm_u for s2, e2 in compute_u)
    comm_ns = sum(e - s for s, e in comm_u)
    row = comm_compute(load(path).gpu).per_rank.iloc[0]
    assert (row.comm_ns, row.compute_ns, row.overlap_ns, row.exposed_ns) == (
        comm_ns, sum(e - s for s, e in compute_u), overlap, comm_ns - overlap)
    assert row.comm_kernels == len(comm) == 6


def test_steps_split_the_rank_totals_of_the_ddp_capture():
    from traceview.analysis.analyze import analyze

    trace = load(DDP)
    result = comm_compute(analyze(trace).attribution.table)
    per_step = result.per_step
    assert per_step.groupby("rank").size().tolist() == [3, 3]
    assert per_step["step"].str.startswith("ProfilerStep#").all() and (per_step["comm_kernels"] == 2).all()
    # the steps' windows are disjoint, each holding its two all-reduces: the per-step unions add up
    totals = per_step.groupby("rank")[["comm_ns", "exposed_ns", "overlap_ns"]].sum()
    ranks = result.per_rank.set_index("rank")
    for col in totals:
        assert (totals[col] == ranks[col]).all(), col


def test_queue_length_equals_hta_time_series_on_the_ddp_capture():
    ours = queue_length(load(DDP))
    series = hta(DDP).get_queue_length_time_series(ranks=[0, 1])
    assert sorted(series) == [0, 1]
    for rank, frame in series.items():
        for stream, theirs in frame.groupby("stream"):
            mine = ours[(ours["rank"] == rank) & (ours["stream"] == stream)]
            assert mine["queue_length"].tolist() == theirs["queue_length"].tolist()
            # same moments: HTA's float µs against our integer ns, to its rounding
            np.testing.assert_allclose(np.diff(mine["ts_ns"].to_numpy()) / 1e3, np.diff(theirs["ts"].to_numpy()), atol=0.005)
    # HTA leaves out the NCCL stream (its kernels start by cudaLaunchKernelExC); we keep it
    summary = queue_summary(ours).set_index(["rank", "stream"])
    assert summary.loc[(0, 17), "changes"] == 12 and summary.loc[(0, 7), "max"] == 6


def test_trace_without_communication_has_zero_comm_and_full_compute(load_cached):
    from conftest import h200

    row = comm_compute(load_cached(h200("adam_forloop")).gpu).per_rank.iloc[0]
    assert row.comm_ns == row.overlap_ns == row.exposed_ns == row.comm_kernels == 0
    assert row.compute_ns > 0


TRACELENS_TRACES = [DDP / "rank0.pt.trace.json.gz", "tracelens__b200_eager_rank0of8_compiled_region.json.gz", TRACE_DIFF, SAMPLED]


@pytest.mark.parametrize("name", TRACELENS_TRACES, ids=lambda n: str(n).rsplit("/", 1)[-1])
def test_exposed_comm_equals_tracelens_gpu_event_analyser(name):
    """TraceLens counts memsets as computation: compared with compute_kinds=(kernel, memset).
    TraceLens is not on PyPI: its modules are kept in tests/third_party (pinned)."""
    analyser = pytest.importorskip("TraceLens.TreePerf.gpu_event_analyser")
    path = name if not isinstance(name, str) else public(name)
    events = json.loads(gzip.decompress(path.read_bytes()))["traceEvents"]
    for uid, event in enumerate(events):
        event["UID"] = uid
    theirs = analyser.GPUEventAnalyser(events).compute_metrics()
    row = comm_compute(load(path).gpu, compute_kinds=("kernel", "memset")).per_rank.iloc[0]
    assert row.comm_ns / 1e3 == pytest.approx(theirs["total_comm_time"], abs=0.01)
    assert row.exposed_ns / 1e3 == pytest.approx(theirs["exposed_comm_time"], abs=0.01)
    assert row.compute_ns / 1e3 == pytest.approx(theirs["computation_time"], abs=0.01)

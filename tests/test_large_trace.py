"""A generated CI-sized trace (~20 MB, the shape of a with_stack training run) loads and analyses
with exactly the counts the generator wrote, whatever the size of the pieces it is read in."""

from __future__ import annotations

import sys

import pandas as pd
import pytest

from conftest import ROOT
from traceview.trace import load, read

sys.path.insert(0, str(ROOT / "benchmarks"))
from tracegen import COMPILED_KERNELS, GRAPH_KERNELS, REGION_GRAPH_KERNELS, generate  # noqa: E402

TABLES = ("slices", "launches", "gpu", "gpu_annotations", "flows", "counters", "instants", "threads")


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    path = tmp_path_factory.mktemp("large") / "rank1.pt.trace.json"
    counts = generate(path, 20_000_000, rank=1, world_size=2)
    return path, counts, load(path)


def test_generated_trace_loads_every_slice_by_category(generated):
    _, counts, trace = generated
    assert trace.slices["cat"].value_counts()[lambda s: s > 0].to_dict() == dict(counts.slices)
    assert trace.meta.rank == 1 and trace.meta.world_size == 2
    assert trace.meta.notes == []


def test_generated_trace_joins_every_gpu_activity_to_its_launch(generated):
    _, counts, trace = generated
    assert trace.launches["api"].value_counts()[lambda s: s > 0].to_dict() == dict(counts.launches)
    assert len(trace.kernels) == counts.kernels
    assert (trace.gpu["kind"] == "memcpy").sum() == counts.memcpys
    assert (trace.gpu["kind"] == "memset").sum() == counts.memsets
    assert trace.gpu["launch_id"].notna().all()
    assert int(trace.kernels["dur_ns"].sum()) == counts.kernel_ns
    assert trace.kernels.groupby("stream").size().to_dict() == dict(counts.kernels_by_stream)
    graphs = trace.launches[trace.launches["api"] == "cudaGraphLaunch"]
    assert sorted(set(graphs["kernel_count"])) == [GRAPH_KERNELS, REGION_GRAPH_KERNELS] and len(graphs) == 2 * counts.steps


def test_generated_trace_keeps_flows_and_gpu_annotations(generated):
    _, counts, trace = generated
    assert len(trace.flows) == counts.flows
    assert len(trace.gpu_annotations) == counts.gpu_annotations


def test_generated_trace_analysis_finds_steps_compile_and_all_kernels(generated):
    from traceview.analysis.analyze import analyze

    _, counts, trace = generated
    result = analyze(trace)
    assert len(result.steps.steps) == counts.steps
    assert result.split.compile_ns == counts.compile_ns
    assert result.kernel_counts["total"] == counts.kernels
    # backward (BWD_OPS + the all-reduce) launches from the autograd thread, inside the step's window
    assert result.steps.steps["kernels"].sum() == counts.kernels
    assert (result.steps.steps["kernels"] == counts.kernels // counts.steps).all()
    by = result.regions.by_region.set_index("region")
    assert set(by.loc["0/0", "kernels_per_call"]) == {COMPILED_KERNELS}
    # replayed under torch/_inductor/compile_fx.py: run frames, and still run time
    assert set(by.loc["1/0", "kernels_per_call"]) == {REGION_GRAPH_KERNELS}
    assert result.kernel_counts["compile"] == 0


def test_generated_stacks_nest_as_an_independent_walk_reads_them(tmp_path):
    """Partial overlaps (record_function enter/exit calls) and deep stacks: the depth of every slice
    equals that of a plain stack walk over the JSON that pops what does not contain the next slice."""
    import json

    path = tmp_path / "small.json"
    generate(path, 1_500_000, rank=0, world_size=1)
    events = [e for e in json.loads(path.read_text())["traceEvents"]
              if e.get("ph") == "X" and e["cat"] not in ("kernel", "gpu_memcpy", "gpu_memset", "gpu_user_annotation")]
    depth_of = {}
    by_thread: dict = {}
    for e in events:
        by_thread.setdefault(e["tid"], []).append(e)
    for thread in by_thread.values():
        thread.sort(key=lambda e: (round(e["ts"] * 1000), -round(e["dur"] * 1000)))
        stack: list = []
        for e in thread:
            start, end = round(e["ts"] * 1000), round(e["ts"] * 1000) + round(e["dur"] * 1000)
            # drop what ended before e starts; an open slice that does not contain e is passed over, not popped
            stack = [s for s in stack if s[1] > start]
            holders = [s for s in stack if s[1] >= end - 2]
            depth_of[(e["tid"], start, end, e["name"])] = len(holders)
            stack.append((start, end))
    trace = load(path)
    s = trace.slices
    found = {(int(t), int(a), int(b), str(n)): int(d) for t, a, b, n, d in
             zip(s["tid"], s["start_ns"], s["end_ns"], s["name"], s["depth"])}
    assert found == depth_of
    assert max(depth_of.values()) >= 20  # as deep as a real training loop's stacks


@pytest.mark.slow
def test_pieces_of_any_size_and_gzip_build_identical_tables(generated, monkeypatch, tmp_path):
    """The 20 MB trace read in 4 MB pieces (args left in the file), in 300 kB pieces, and gzipped
    (args copied): the same tables and the same args."""
    import gzip

    path, _, base = generated
    assert {type(b).__name__ for b in base.slice_args.backings} == {"FileRange"}
    monkeypatch.setattr(read, "PIECE_BYTES", 300_000)
    small = load(path)
    packed = tmp_path / "rank1.pt.trace.json.gz"
    packed.write_bytes(gzip.compress(path.read_bytes(), 1))
    zipped = load(packed)
    for other in (small, zipped):
        for table in TABLES:
            pd.testing.assert_frame_equal(getattr(base, table), getattr(other, table), obj=table)
    ids = list(range(0, len(base.slices), 997))
    assert base.slice_args.take(ids) == small.slice_args.take(ids) == zipped.slice_args.take(ids)



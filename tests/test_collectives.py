"""Collectives matched across ranks on the real 2-rank DDP capture: skew, the rank that arrived
last, waits, bytes and bandwidth agree with a plain-JSON reading of the kernels' own args and with
TraceLens's NcclAnalyser; a trace's Seq numbers match calls even when a rank lost one."""

from __future__ import annotations

import gzip
import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from conftest import SAMPLES, public
from traceview.analysis.ranks.collectives import canonical_collective, collective_calls, collectives, match_collectives
from traceview.trace import load

DDP = SAMPLES / "ddp_2rank"
FILES = [DDP / "rank0.pt.trace.json.gz", DDP / "rank1.pt.trace.json.gz"]


def _raw(path):
    return json.loads(gzip.decompress(path.read_bytes()))


def _raw_nccl_kernels(path):
    """(start ns on the common clock, dur ns, bytes from the kernel's own args) per NCCL kernel, in order."""
    doc = _raw(path)
    base = doc["baseTimeNanoseconds"]
    out = []
    for e in doc["traceEvents"]:
        if e.get("cat") == "kernel" and e["name"].startswith("ncclDevKernel"):
            out.append((base + round(e["ts"] * 1000), round(e["dur"] * 1000), e["args"]["In msg nelems"] * 4))
    return sorted(out)


def test_ddp_collectives_equal_a_plain_reading_of_both_ranks_kernels():
    found = collectives(load(DDP))
    rank0, rank1 = _raw_nccl_kernels(FILES[0]), _raw_nccl_kernels(FILES[1])
    assert len(found.collectives) == len(rank0) == len(rank1) == 6 and found.seq_source == "order"
    for row, a, b in zip(found.collectives.itertuples(), rank0, rank1):
        assert row.skew_ns == abs(a[0] - b[0])
        assert row.last_rank == (1 if b[0] > a[0] else 0)
        assert row.latency_ns == min(a[1], b[1])
        assert row.bytes == a[2] == b[2]  # record_param_comms' In msg nelems x Float, as the kernel says
        assert row.algbw_gbps == pytest.approx(a[2] / min(a[1], b[1]))
        assert row.busbw_gbps == pytest.approx(row.algbw_gbps * 2 * (2 - 1) / 2)
    # rank 1 arrived last at every all-reduce; rank 0 waited 0.37-1.19 ms each time
    assert set(found.collectives["last_rank"]) == {1}
    assert (found.collectives["skew_ns"] > 300_000).all()
    waits = found.waits.set_index(["rank", "step"])["wait_ns"]
    assert waits.loc[1].eq(0).all() and (waits.loc[0] > 1_000_000).all()
    assert list(waits.loc[0].index) == ["ProfilerStep#2", "ProfilerStep#3", "ProfilerStep#4"]


def test_per_rank_tables_from_workers_match_like_the_concatenated_trace():
    """``traceview ranks`` makes each rank's calls in its own worker: same collectives as one trace."""
    from traceview.trace.parallel import map_ranks

    separate = match_collectives(map_ranks(FILES, collective_calls, workers=2)).collectives
    together = collectives(load(DDP)).collectives
    assert separate.equals(together)


def test_seq_numbers_match_the_calls_when_a_rank_lost_one(tmp_path):
    """Edited copy of the real capture: Seq written on each record_param_comms (as newer PyTorch
    does), and rank 1's first NCCL kernel removed. Matching by order would pair every call wrongly;
    by Seq the other five keep their skews."""
    expected = collectives(load(DDP)).collectives.set_index("seq")
    for rank, path in enumerate(FILES):
        doc = _raw(path)
        seq, first_dropped, kept = 0, False, []
        for e in doc["traceEvents"]:
            if e.get("name") == "record_param_comms":
                e["args"]["Seq"] = seq
                seq += 1
            if rank == 1 and not first_dropped and e.get("cat") == "kernel" and e["name"].startswith("ncclDevKernel"):
                first_dropped = True
                continue
            kept.append(e)
        doc["traceEvents"] = kept
        (tmp_path / path.name.removesuffix(".gz")).write_text(json.dumps(doc))
    found = collectives(load(tmp_path))
    assert found.seq_source == "Seq"
    table = found.collectives.set_index("seq")
    assert table.loc[0, "ranks"] == 1 and (table.loc[1:, "ranks"] == 2).all()
    assert table.loc[1:, "skew_ns"].tolist() == expected.loc[1:, "skew_ns"].tolist()


def test_collective_names_are_canonical_across_pytorch_and_nccl_spellings():
    assert {canonical_collective(n) for n in ("allreduce", "nccl:all_reduce", "ncclDevKernel_AllReduce_Sum_f32_RING_LL")} == {"allreduce"}
    assert canonical_collective("_allgather_base") == "allgather" == canonical_collective("nccl:_all_gather_base")
    assert canonical_collective("_reduce_scatter_base") == "reducescatter"
    assert canonical_collective("ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t") == "sendrecv"
    assert canonical_collective("nccl:all_to_all") == "alltoall"


def test_public_b200_trace_reads_an_all_gather_from_its_process_group_args(load_cached):
    calls = collective_calls(load_cached(public("tracelens__b200_eager_rank0of8_compiled_region.json.gz")))
    assert len(calls) == 1
    call = calls.iloc[0]
    # In msg nelems 25136 per rank, Out 201088 = 8 x 25136 BFloat16: an all-gather moves its output
    assert (call["collective"], call["group"], call["group_size"], call["bytes"]) == ("allgather", "3", 8, 201088 * 2)


def test_sampled_128_rank_pair_matches_by_order_without_process_group_args(tmp_path):
    for rank in (0, 1):
        source = public(f"hta__sampled_rank-{rank}_of128.json.gz")
        (tmp_path / source.name).symlink_to(source)
    found = collectives(load(tmp_path))
    assert found.calls["group"].str.startswith("? (").all() and found.seq_source == "order"
    assert len(found.collectives) == 10 and (found.collectives["ranks"] == 2).all()
    # rank 1 ran step 552's first all-reduce before its second all-to-all, rank 0 after: matched per
    # kind, every collective pairs calls of the same step and the same kernel
    calls = found.calls.sort_values("start_ns")
    assert calls[calls["rank"] == 0]["collective"].tolist() != calls[calls["rank"] == 1]["collective"].tolist()
    for _, pair in calls.groupby(["group", "index"]):
        assert pair["step"].nunique() == 1 and pair["kernel"].nunique() == 1 and len(pair) == 2


def test_ranks_command_json_lists_the_collectives(tmp_path, monkeypatch):
    from traceview.cli import app

    monkeypatch.setenv("TRACEVIEW_CACHE_DIR", str(tmp_path / "cache"))
    result = CliRunner().invoke(app, ["ranks", str(DDP), "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert [c["seq"] for c in document["collectives"]] == list(range(6))
    first = document["collectives"][0]
    assert first["name"] == "allreduce" and first["last_rank"] == 1 and first["skew_us"] == pytest.approx(1194.067)
    table = CliRunner().invoke(app, ["ranks", str(DDP)])
    assert table.exit_code == 0 and "Worst collectives" in table.output and "rank 1 6×" in table.output


def test_collectives_equal_tracelens_nccl_analyser():
    """TraceLens's skew in start time, comm latency and algo bandwidth (GiB/s) on the same two files.
    TraceLens is not on PyPI: its modules are kept in tests/third_party (pinned)."""
    nccl = pytest.importorskip("TraceLens.NcclAnalyser.nccl_analyser")
    import logging

    logging.disable(logging.WARNING)
    try:
        theirs = nccl.NcclAnalyser([str(f) for f in FILES], 2).build_df_nccl_implicit_sync_cat()
    finally:
        logging.disable(logging.NOTSET)
    ours = collectives(load(DDP)).collectives
    assert len(theirs) == len(ours) == 6
    for mine, row in zip(ours.itertuples(), theirs.itertuples(index=False)):
        values = dict(zip(theirs.columns, row))
        assert mine.skew_ns / 1e3 == pytest.approx(values["skew in start time"], abs=0.002)
        assert mine.latency_ns / 1e3 == pytest.approx(values["comm_latency"], abs=0.002)
        assert mine.mean_wait_ns / 1e3 == pytest.approx(values["avg_wait_time"], abs=0.002)
        assert mine.algbw_gbps * 1e9 / 2**30 == pytest.approx(values["algo bw (GB/s)"], rel=1e-4)
        assert mine.last_rank != values["earliest arrival rank"]




def test_one_analysis_reads_each_piece_of_a_plain_trace_once(tmp_path, monkeypatch):
    """The analyses that read slice args (each collective's host args, the FLOP counts' shapes) read each piece of a
    plain file once in one ``analyze()``, however many ask for it, and find what a gzip load's held copy gives."""
    from traceview.analysis.analyze import analyze
    from traceview.trace import args, read

    plain = tmp_path / "rank0.pt.trace.json"
    plain.write_bytes(gzip.decompress(FILES[0].read_bytes()))
    for size in ("PIECE_BYTES", "READ_BYTES", "TAIL_BYTES"):  # ~16 pieces
        monkeypatch.setattr(read, size, 16 << 10)
    reads: list[int] = []
    raws = args.FileRange.raws
    monkeypatch.setattr(args.FileRange, "raws", lambda self: reads.append(self.start) or raws(self))
    trace = load(plain)
    result = analyze(trace)
    assert len(trace.slice_args.backings) >= 12
    assert reads and len(reads) == len(set(reads)), sorted(reads)  # some pieces read, none twice
    held = load(FILES[0])
    assert type(held.slice_args.backings[0]).__name__ == "Held"
    assert collective_calls(trace).equals(collective_calls(held)) and len(collective_calls(trace)) == 6
    assert result.flops.per_activity.equals(analyze(held).flops.per_activity)


def test_kernels_without_args_leave_the_others_sizes_whole():
    """A real NCCL capture whose first two all-reduce kernels (before the window's first step) carry no args: every
    other kernel's element counts, group size and bytes are the ones its own args say (a plain JSON reading), not
    lost because a call beside it had none (a table made of the rows typed the counts as floats, which were then
    refused: every call's bytes were missing)."""
    path = SAMPLES / "nccl_2rank" / "straggler-3" / "slow-compute" / "rank0.pt.trace.json.gz"
    doc = _raw(path)
    base = doc["baseTimeNanoseconds"]
    raw = sorted((base + round(e["ts"] * 1000), e["args"].get("In msg nelems"), e["args"].get("Group size"))
                 for e in doc["traceEvents"] if e.get("cat") == "kernel" and e["name"].startswith("ncclDevKernel"))
    assert sum(n is None for _, n, _ in raw) == 2 and sum(n is not None for _, n, _ in raw) == 12
    calls = collective_calls(load(path)).sort_values("start_ns")
    assert calls["start_ns"].tolist() == [t for t, _, _ in raw]
    for row, (_, nelems, size) in zip(calls.itertuples(), raw):
        if nelems is None:
            assert row.in_nelems is pd.NA and row.bytes is pd.NA and row.group.startswith("? (")
        else:
            assert all(v is not pd.NA for v in (row.in_nelems, row.out_nelems, row.group_size, row.bytes)), row
            assert (row.in_nelems, row.out_nelems, row.group_size, row.bytes) == (nelems, nelems, size, nelems * 4)
            assert row.dtype == "Float" and row.group == "0" and row.group_ranks == "[0, 1]"
    found = match_collectives(calls)
    sized = found.collectives[found.collectives["bytes"].notna()]
    assert len(sized) == 12 and (sized["busbw_gbps"] > 0).all()

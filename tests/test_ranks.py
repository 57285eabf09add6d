"""Per-rank and cross-rank tables: kernel time per rank, compile time per rank, stragglers; the
per-rank work runs the same in this process, in worker processes, or on any Executor."""

from __future__ import annotations

import json
import sys
from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest
from typer.testing import CliRunner

from conftest import ROOT, SAMPLES, public
from traceview.analysis.ranks.ranks import compare_ranks, kernel_time_by_rank, rank_comparison, rank_notes, rank_summary
from traceview.errors import TraceFormatError
from traceview.trace import load, load_file
from traceview.trace.parallel import gather_ranks, map_ranks, worker_count

sys.path.insert(0, str(ROOT / "benchmarks"))
from tracegen import generate  # noqa: E402


@pytest.fixture(scope="module")
def hta_two_ranks(tmp_path_factory):
    """Ranks 0 and 1 of a real 128-rank job (HTA's sampled traces), linked into one folder."""
    folder = tmp_path_factory.mktemp("two_ranks")
    for rank in (0, 1):
        source = public(f"hta__sampled_rank-{rank}_of128.json.gz")
        (folder / source.name).symlink_to(source)
    return folder


@pytest.fixture(scope="module")
def generated_ranks(tmp_path_factory):
    """Two generated ranks: rank 1 compiles 1.5x longer (the generator's odd-rank rule)."""
    folder = tmp_path_factory.mktemp("generated_ranks")
    counts = {r: generate(folder / f"rank{r}.pt.trace.json", 2_000_000, rank=r, world_size=2) for r in (0, 1)}
    return folder, counts


def test_rank_table_has_one_row_per_rank_with_its_kernel_time(hta_two_ranks):
    trace = load(hta_two_ranks)
    table = rank_summary(trace)
    assert table["rank"].tolist() == [0, 1]
    kernels = trace.kernels
    for rank in (0, 1):
        row = table[table["rank"] == rank].iloc[0]
        mine = kernels[kernels["rank"] == rank]
        assert row["kernels"] == len(mine)
        assert row["kernel_ns"] == mine["dur_ns"].sum() == row["compute_ns"] + row["comm_ns"]
        assert row["busy_ns"] <= row["kernel_ns"]
        assert row["steps"] == 2


def test_slower_compute_rank_is_flagged_as_straggler(hta_two_ranks):
    result = rank_comparison(load(hta_two_ranks))
    flagged = result.stragglers[result.stragglers["metric"] == "compute_ns"]
    assert flagged["rank"].tolist() == [1]
    assert flagged["excess"].iloc[0] > 0.05


def test_compile_time_per_rank_matches_what_each_rank_compiled(generated_ranks):
    folder, counts = generated_ranks
    table = compare_ranks(map_ranks(sorted(folder.glob("*.json")), rank_summary, workers=1)).per_rank
    assert table["compile_ns"].tolist() == [counts[0].compile_ns, counts[1].compile_ns]
    assert table["kernels"].tolist() == [counts[0].kernels, counts[1].kernels]
    result = compare_ranks(table)
    assert ("compile_ns" in result.stragglers["metric"].tolist()) and set(result.stragglers["rank"]) == {1}


def test_summaries_agree_in_process_in_worker_processes_and_on_an_executor(hta_two_ranks):
    files = sorted(hta_two_ranks.iterdir())
    serial = pd.concat(map_ranks(files, rank_summary, workers=1), ignore_index=True)
    processes = pd.concat(map_ranks(files, rank_summary, workers=2), ignore_index=True)
    with ThreadPoolExecutor(2) as executor:  # a stand-in for a Dask / Ray executor
        remote = pd.concat(map_ranks(files, rank_summary, executor=executor), ignore_index=True)
    pd.testing.assert_frame_equal(serial, processes)
    pd.testing.assert_frame_equal(serial, remote)


def test_directory_loaded_in_parallel_equals_files_loaded_one_by_one(hta_two_ranks):
    together = load(hta_two_ranks)
    files = sorted(hta_two_ranks.iterdir())
    one_by_one = [load_file(f) for f in files]
    assert len(together.slices) == sum(len(t.slices) for t in one_by_one)
    assert len(together.slice_args) == len(together.slices)
    second = len(one_by_one[0].slices)
    assert together.args(second + 5) == one_by_one[1].args(5)


def test_worker_count_is_bounded_by_files_cores_and_memory(hta_two_ranks):
    files = sorted(hta_two_ranks.iterdir())
    assert worker_count(files) <= min(2, len(files))
    assert worker_count(files, available_bytes=1) == 1


def test_worker_count_leaves_each_worker_room_for_its_largest_trace(tmp_path):
    """A worker needs the interpreter plus 1.5x the largest trace's JSON (measured ~0.85x at 0.2-2 GB)."""
    import os

    from traceview.trace import parallel

    files = []
    for i in range(3):
        path = tmp_path / f"rank{i}.json"
        with path.open("wb") as f:
            f.truncate(100 << 20)  # sparse: 100 MB of JSON by size, no disk used
        files.append(path)
    need = parallel.WORKER_BASE_BYTES + 1.5 * (100 << 20)
    assert worker_count(files, available_bytes=int(2 * need)) == min(os.cpu_count() or 1, 2)
    assert worker_count(files, available_bytes=int(need) - 1) == 1
    assert worker_count(files, available_bytes=1 << 50) == min(os.cpu_count() or 1, 3)


def test_kernel_time_by_rank_has_a_column_per_rank(hta_two_ranks):
    table = kernel_time_by_rank(load(hta_two_ranks), top=3)
    assert list(table.columns) == ["name", "rank 0 ms", "rank 1 ms"] and len(table) == 3


def test_ranks_command_prints_both_ranks_as_json(hta_two_ranks, tmp_path, monkeypatch):
    from traceview.cli import app

    monkeypatch.setenv("TRACEVIEW_CACHE_DIR", str(tmp_path / "cache"))
    result = CliRunner().invoke(app, ["ranks", str(hta_two_ranks), "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert [r["rank"] for r in document["per_rank"]] == [0, 1]
    assert document["stragglers"][0]["rank"] == 1
    table = CliRunner().invoke(app, ["ranks", str(hta_two_ranks), "--no-cache"])
    assert table.exit_code == 0 and "Stragglers" in table.output


def test_ranks_command_on_a_folder_without_traces_exits_2(tmp_path):
    from traceview.cli import main

    (tmp_path / "notes.txt").write_text("no traces here")
    with pytest.raises(SystemExit) as exit_info:
        sys.argv = ["traceview", "ranks", str(tmp_path)]
        main()
    assert exit_info.value.code == 2


DDP = SAMPLES / "ddp_2rank"


@pytest.mark.skipif(not DDP.exists(), reason="the 2-rank DDP capture (sample_traces/ddp_2rank) has not landed yet")
def test_real_ddp_capture_has_two_ranks_with_nccl_kernels():
    files = sorted(p for p in DDP.rglob("*.json*"))
    table = compare_ranks(map_ranks(files, rank_summary)).per_rank
    assert sorted(table["rank"]) == [0, 1]
    assert (table["comm_ns"] > 0).all() and (table["kernels"] > 0).all()
    assert table["kernels"].nunique() == 1 and table["steps"].nunique() == 1  # DDP: every rank runs the same step



# --- Faulty ranks: one unreadable file must not lose the others -----------------------------------


@pytest.fixture(scope="module")
def faulty_ranks(tmp_path_factory):
    """The real 2-rank DDP capture with rank 1's file cut in half (a crash during export), and two
    ranks that cannot be read at all: rank 2 corrupt gzip, rank 3 an empty file."""
    folder = tmp_path_factory.mktemp("faulty_ranks")
    (folder / "rank0.pt.trace.json.gz").write_bytes((DDP / "rank0.pt.trace.json.gz").read_bytes())
    whole = (DDP / "rank1.pt.trace.json.gz").read_bytes()
    (folder / "rank1.pt.trace.json.gz").write_bytes(whole[: len(whole) // 2])
    (folder / "rank2.pt.trace.json.gz").write_bytes(b"\x1f\x8b" + bytes(range(256)) * 4)
    (folder / "rank3.pt.trace.json.gz").write_bytes(b"")
    return folder


def test_unreadable_ranks_are_left_out_and_named_while_the_others_load(faulty_ranks):
    trace = load(faulty_ranks)
    assert [m.rank for m in trace.ranks] == [0, 1]
    assert [m.truncated for m in trace.ranks] == [False, True]
    rank0 = load_file(DDP / "rank0.pt.trace.json.gz")
    assert (trace.slices["rank"] == 0).sum() == len(rank0.slices)
    left_out = [n for n in trace.meta.notes if n.startswith("left out")]
    assert len(left_out) == 2
    assert left_out[0].startswith("left out rank 2 (rank2.pt.trace.json.gz): corrupt gzip data")
    assert left_out[1] == "left out rank 3 (rank3.pt.trace.json.gz): empty file"


def test_gather_ranks_sets_unreadable_files_apart_in_every_pool(faulty_ranks):
    files = sorted(faulty_ranks.iterdir())
    seen = []
    serial = gather_ranks(files, rank_summary, workers=1, progress=lambda p, f: seen.append((p, f)))
    pooled = gather_ranks(files, rank_summary, workers=2)
    assert serial.paths == pooled.paths == [str(f) for f in files[:2]]
    assert [f.rank for f in serial.failures] == [f.rank for f in pooled.failures] == [2, 3]
    pd.testing.assert_frame_equal(pd.concat(serial.results), pd.concat(pooled.results))
    assert sorted(p for p, _ in seen) == [str(f) for f in files]
    assert [p for p, f in seen if f is not None] == [str(files[2]), str(files[3])]
    with pytest.raises(TraceFormatError, match="rank2.pt.trace.json.gz: corrupt gzip"):
        map_ranks(files, rank_summary, workers=1)  # the strict form


def test_ranks_command_compares_the_readable_ranks_and_names_the_rest(faulty_ranks, tmp_path, monkeypatch):
    from traceview.cli import app

    monkeypatch.setenv("TRACEVIEW_CACHE_DIR", str(tmp_path / "cache"))
    result = CliRunner().invoke(app, ["ranks", str(faulty_ranks), "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert [(r["rank"], r["truncated"]) for r in document["per_rank"]] == [(0, False), (1, True)]
    notes = document["notes"]
    assert notes[0].startswith("left out rank 2") and notes[1].startswith("left out rank 3")
    assert "rank 1: the JSON ends mid-event (crash during export?): read up to the last complete event" in notes
    assert document["stragglers"] == []  # a cut-off rank is not compared: its totals stop at the cut


def test_ranks_progress_prints_each_rank_as_it_finishes(faulty_ranks):
    from traceview.cli import app

    result = CliRunner().invoke(app, ["ranks", str(faulty_ranks), "--progress", "--workers", "1"])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert [line.split("  (")[0] for line in lines[:2]] == ["read rank0.pt.trace.json.gz", "read rank1.pt.trace.json.gz"]
    assert lines[2].startswith("left out rank 2 (rank2.pt.trace.json.gz): corrupt gzip data")
    assert "left out rank 3 (rank3.pt.trace.json.gz): empty file" in result.stderr
    assert "note: left out rank 3" in result.stdout
    quiet = CliRunner().invoke(app, ["ranks", str(faulty_ranks)])  # not a terminal: no progress
    assert quiet.exit_code == 0 and quiet.stderr == ""


def test_no_readable_rank_exits_2_with_one_line(tmp_path, capsys):
    from traceview.cli import main

    for rank in (0, 1):
        (tmp_path / f"rank{rank}.pt.trace.json").write_text('{"traceEvents": [ oops')
    with pytest.raises(SystemExit) as exit_info:
        sys.argv = ["traceview", "ranks", str(tmp_path)]
        main()
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "none of the 2 trace files could be read" in err
    with pytest.raises(TraceFormatError, match="none of the 2 trace files"):
        load(tmp_path)


def _exit_for_rank_1(trace):
    """Stands in for a worker the kernel kills for memory while it holds rank 1."""
    import os
    import time

    if trace.meta.rank == 1:
        time.sleep(1.5)  # rank 0's result is back by then
        os._exit(9)
    return trace.meta.rank


def test_a_worker_that_dies_loses_only_the_ranks_it_held():
    gathered = gather_ranks(sorted(DDP.glob("*.json.gz")), _exit_for_rank_1, workers=2)
    assert gathered.results == [0]
    assert [(f.rank, f.error) for f in gathered.failures] == [(1, "the worker process loading it died (killed for memory?)")]


def test_a_truncated_rank_is_shown_but_not_in_the_straggler_medians():
    rows = pd.DataFrame({"rank": [0, 1, 2], "compute_ns": [100, 104, 10], "step_median_ns": [10, 10, 1],
                         "compile_ns": [0, 0, 0], "truncated": [False, False, True]})
    result = compare_ranks(rows)
    assert result.stragglers.empty  # against a median of 100, not of (10, 100, 104)
    assert result.per_rank["rank"].tolist() == [0, 1, 2]


def test_a_note_every_rank_has_is_said_once():
    notes = {0: ["no GPU activity"], 1: ["no GPU activity", "the JSON ends mid-event"]}
    assert rank_notes(notes, [0, 1]) == ["every rank: no GPU activity", "rank 1: the JSON ends mid-event"]
    assert rank_notes(notes, [0, 1, 2]) == ["rank 0: no GPU activity", "rank 1: no GPU activity", "rank 1: the JSON ends mid-event"]

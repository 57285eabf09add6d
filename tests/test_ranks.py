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
from traceview.analysis.ranks import compare_ranks, kernel_time_by_rank, rank_comparison, rank_summary
from traceview.trace import load, load_file
from traceview.trace.parallel import map_ranks, worker_count

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


"""``traceview report DIR`` for a directory of ranks: one page for the job, checked against a plain reading
of the real 2-GPU DDP capture, and against ranks made from it with a known slow rank."""

from __future__ import annotations

import gzip
import json
import re
import sys

import pytest
from typer.testing import CliRunner

from conftest import ROOT, SAMPLES
from traceview.analysis.ranks.rank_matrix import MAX_COLLECTIVES, notable_ranks, rank_matrix
from traceview.cli import app
from traceview.commands.ranks import compare_rank_files
from traceview.commands.report import rank_files

sys.path.insert(0, str(ROOT / "benchmarks"))
from ranks_page import make_ranks  # noqa: E402

DDP = SAMPLES / "ddp_2rank"


def _plain(path):
    """A plain reading of one rank file: its ProfilerStep durations (µs) and its NCCL kernels' start (ns, common clock)."""
    doc = json.loads(gzip.open(path, "rt").read())
    base = int(doc.get("baseTimeNanoseconds", 0))
    events = [e for e in doc["traceEvents"] if e.get("ph") == "X"]
    steps = {}
    for e in events:
        if re.fullmatch(r"ProfilerStep#\d+", str(e.get("name"))):
            steps[e["name"]] = max(steps.get(e["name"], 0), e["dur"])
    nccl = sorted(base + round(e["ts"] * 1000) for e in events if e.get("cat") == "kernel" and str(e["name"]).lower().startswith("nccl"))
    return doc["distributedInfo"]["rank"], steps, nccl


@pytest.fixture(scope="module")
def ddp():
    files = rank_files(DDP)
    comparison, found = compare_rank_files(files, cache=False, workers=1)
    return comparison, found, rank_matrix(comparison, found)


def test_the_ddp_capture_is_a_directory_of_ranks_and_a_run_directory_is_not():
    assert [f.name for f in rank_files(DDP)] == ["rank0.pt.trace.json.gz", "rank1.pt.trace.json.gz"]
    assert rank_files(SAMPLES / "gpu" / "runs" / "abc") == []  # variants of one run, not ranks


def test_step_times_per_rank_equal_a_plain_reading(ddp):
    _, _, matrix = ddp
    for path in rank_files(DDP):
        rank, steps, _ = _plain(path)
        got = matrix.step_ms.loc[rank].dropna().to_dict()
        assert got.keys() == steps.keys()
        for name, dur_us in steps.items():
            assert got[name] == pytest.approx(dur_us / 1e3, abs=1e-3)
    for row in matrix.slowest.itertuples(index=False):
        column = matrix.step_ms[row.step]
        assert row.rank == column.idxmax() and row.ms == column.max()


def test_late_arrivals_equal_a_plain_reading_of_the_nccl_kernels(ddp):
    _, found, matrix = ddp
    plain = dict(_plain(p)[::2] for p in rank_files(DDP))  # rank -> NCCL kernel starts
    assert len(plain[0]) == len(plain[1]) == matrix.collectives_total
    late = [1 if b > a else 0 for a, b in zip(plain[0], plain[1])]
    assert list(found.collectives.sort_values("first_start_ns")["last_rank"]) == late
    arrival = matrix.arrival_ms
    for i, (a, b) in enumerate(zip(plain[0], plain[1])):
        column = arrival.iloc[:, i]
        assert column.max() == pytest.approx(abs(b - a) / 1e6, abs=2e-3)
        assert column.min() == 0


def test_report_dir_writes_the_job_page_and_each_ranks_page(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["report", str(DDP), "-o", "job.html"])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "job.html").read_text()
    for rank in (0, 1):
        assert f'href="job_ranks/rank{rank}.html"' in page
        assert f"traceview: rank {rank}" in (tmp_path / "job_ranks" / f"rank{rank}.html").read_text()
    _, _, nccl1 = _plain(DDP / "rank1.pt.trace.json.gz")
    _, _, nccl0 = _plain(DDP / "rank0.pt.trace.json.gz")
    last1 = sum(b > a for a, b in zip(nccl0, nccl1))
    assert f"rank 1 at {last1} of {len(nccl0)}" in page
    assert page.index("Who held the job back") < page.index("GPU time per rank") < page.index("Late arrivals")
    outside_scripts = re.sub(r"<script>.*?</script>", "", page, flags=re.S)
    assert "cdn.plot.ly" not in outside_scripts and "<script src" not in page and "Plotly.newPlot" in page


@pytest.mark.slow
def test_a_slow_rank_made_from_the_real_capture_is_named_and_gets_its_page(tmp_path, monkeypatch):
    files = make_ranks(rank_files(DDP), 20, tmp_path)
    comparison, found = compare_rank_files(files, cache=False, workers=1)
    matrix = rank_matrix(comparison, found)
    assert 19 in set(comparison.stragglers.loc[comparison.stragglers["metric"] == "compute_ns", "rank"])
    chosen = notable_ranks(comparison, found, matrix)
    assert {0, 19} <= chosen and len(chosen) <= 14
    assert matrix.arrival_ms.shape == (20, min(MAX_COLLECTIVES, matrix.collectives_total))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["report", str(tmp_path), "-o", "job.html", "--workers", "1"])
    assert result.exit_code == 0, result.output
    pages = sorted(int(p.stem.removeprefix("rank")) for p in (tmp_path / "job_ranks").glob("rank*.html"))
    assert pages == sorted(chosen)
    page = (tmp_path / "job.html").read_text()
    plain_rank = min(set(range(20)) - chosen)
    assert f'<td class="">rank {plain_rank}</td>' in page and f"rank{plain_rank}.html" not in page

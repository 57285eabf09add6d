"""CPU runs first-class (issue 74): what a newcomer's CPU profile shows says what it is."""

from __future__ import annotations

from typer.testing import CliRunner

from conftest import ROOT, SAMPLES
from traceview.cli import app

LSTM = ROOT / "tests" / "data" / "cases" / "cpu-lstm-busy"


def test_info_says_one_process_not_rank_0_and_names_a_jobs_ranks():
    single = CliRunner().invoke(app, ["info", str(LSTM)])
    assert single.exit_code == 0 and "one (not a distributed run)" in single.stdout and "ranks" not in single.stdout
    job = CliRunner().invoke(app, ["info", str(SAMPLES / "ddp_2rank")])
    assert job.exit_code == 0 and "0, 1 of 2" in job.stdout


def test_a_cpu_entry_carries_both_scales():
    import traceview as tv

    advice = tv.open(LSTM).advice
    row = advice[advice["kind"] == "threads"].iloc[0]
    assert row["saving_ms"] > 0 and row["saving_ms_profiled"] > 0

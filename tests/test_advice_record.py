"""The advice's record, held case by case (issue 71): every checked case the repository keeps, predicted by today's
code against the change measured for real, in one committed table (tests/data/advice_record.json, rendered as
docs/advice/record.md).

A checked case is a profiled run and the interleaved A/B of the change (sample_traces/gpu/loader, gpu/models,
gpu/precision, cpu/loader, cpu/loader-blind, cpu/models; tests/data/cases). A case is right when the advice ranked the
change within 5 points of its measured share of the step (10 where the change measured 20% or more), and never where
the change measured slower beyond its spread; or did not rank it where the change saved under 3% of the step
(benchmarks/advice_record.py: ``within``). A case that was right and turns wrong fails here, whatever else improved;
the table is regenerated (``python benchmarks/advice_record.py sample_traces tests/data/cases --json
tests/data/advice_record.json`` and ``python benchmarks/record_page.py``) when a change makes cases right, so they are
held from then on.
"""

from __future__ import annotations

import json
import sys

import pytest

from conftest import ROOT, SAMPLES

sys.path.insert(0, str(ROOT / "benchmarks"))
import advice_record  # noqa: E402
import record_page  # noqa: E402

CASES = ROOT / "tests" / "data" / "cases"
RECORD = ROOT / "tests" / "data" / "advice_record.json"
PAGE = ROOT / "docs" / "advice" / "record.md"


def _key(row: dict) -> tuple[str, str, str]:
    return row["set"], row["case"], row["kind"]


@pytest.fixture(scope="module")
def committed() -> dict:
    return {_key(r): r for r in json.loads(RECORD.read_text())["rows"]}


@pytest.fixture(scope="module")
def today() -> dict:
    return {_key(r): r for r in advice_record.rows(SAMPLES) + advice_record.rows(CASES)}


@pytest.mark.slow
def test_every_case_that_was_right_stays_right(committed, today):
    turned = [f"{'/'.join(k)}: predicted {today[k]['predicted_pct']}% (was {r['predicted_pct']}%), measured "
              f"{r['measured_pct']}%" for k, r in committed.items() if r["within"] and not today[k]["within"]]
    assert not turned, "\n".join(turned)


@pytest.mark.slow
def test_the_committed_record_is_todays(committed, today):
    """Every case scored, each at today's prediction: a case made right is recorded right, and held from then on."""
    assert set(committed) == set(today)
    moved = [f"{'/'.join(k)}: {committed[k]['predicted_pct']} -> {r['predicted_pct']}" for k, r in today.items()
             if abs(r["predicted_pct"] - committed[k]["predicted_pct"]) > 0.5 or r["within"] != committed[k]["within"]]
    assert not moved, "regenerate tests/data/advice_record.json:\n" + "\n".join(moved)


def test_every_case_folder_is_scored_and_the_four_measured_misses_are_right(committed):
    """tests/data/cases: each case.json row is in the record; the four loops where the advice was measured wrong
    (../shared/cases) are right now, and the GPT shows compile and CUDA graphs as two entries."""
    for spec in CASES.glob("*/case.json"):
        for row in json.loads(spec.read_text())["rows"]:
            assert ("cases", spec.parent.name, row["kind"]) in committed
    right = {k[1:]: r["within"] for k, r in committed.items() if k[0] == "cases"}
    assert right[("gpt-bf16-eager", "compile")] and right[("gpt-bf16-eager", "cuda_graphs")]
    assert right[("convnet-eager", "compile")] and right[("gpt-fp32-nosync", "precision")]
    assert right[("gpt-fp32-nosync", "autocast")] and right[("gpt-bf16-eager", "fused_optimizer")]


def test_the_record_page_is_the_committed_table():
    assert PAGE.read_text() == record_page.page(json.loads(RECORD.read_text()))


def test_a_case_is_right_by_the_tolerance_of_its_measured_share():
    row = {"kind": "compile", "predicted_pct": 30.0, "measured_pct": 21.0, "measured_high_pct": 25.0, "advised": True}
    assert advice_record.within(row)  # 9 points of a change measured at 20% or more: within 10
    assert not advice_record.within({**row, "predicted_pct": 25.0, "measured_pct": 15.5})  # under 20%: 5 points
    assert not advice_record.within({**row, "predicted_pct": 21.5, "measured_pct": -14.8, "measured_high_pct": -10.0})
    quiet = {"kind": "compile", "predicted_pct": 0.0, "advised": False}
    assert advice_record.within({**quiet, "measured_pct": -12.0})  # not ranked where compiling was slower: right
    assert advice_record.within({**quiet, "measured_pct": 2.9})
    assert not advice_record.within({**quiet, "measured_pct": 10.7})  # a saving of 10.7% missed: wrong, however noisy


def test_an_unranked_note_predicts_nothing():
    """A kind the advice mentions only as a note (too little evidence, or compiling predicted slower) counts as a
    prediction of 0, not of the note's figure."""
    import model_predictions

    rows = model_predictions.rows_of(SAMPLES / "gpu" / "models", "cnn")
    compile_rows = [r for r in rows if r["kind"] == "compile"]
    assert compile_rows and all(not r["advised"] and r["predicted_pct"] == 0.0 for r in compile_rows)

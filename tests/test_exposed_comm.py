"""exposed_comm against the real change (issue 27 §5): DDP over NCCL on two H200s with every gradient in one bucket
(nothing overlaps the all-reduce) against DDP's default 25 MB buckets, measured in an interleaved A/B in the same
processes (sample_traces/scripts/ddp_buckets.py; sample_traces/nccl_2rank/ddp-buckets). Tolerance (issue 27): 5
points where the change is worth under 15% of the step."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from conftest import SAMPLES
from traceview.cli import app

JOB = SAMPLES / "nccl_2rank" / "ddp-buckets"


def _advice(arm: str) -> dict:
    doc = json.loads(CliRunner().invoke(app, ["ranks", "--json", str(JOB / arm)]).stdout)
    return {a["kind"]: a for a in doc["advice"]} | {"notes": doc.get("advice_notes") or []}


def test_a_balanced_ddp_job_has_no_ranked_straggler():
    """Both ranks run the same 79 kernels a step; the one waited for is not called a straggler (a note)."""
    for arm in ("base", "buckets"):
        advice = _advice(arm)
        assert "straggler" not in advice and any("straggler" in str(n) for n in advice["notes"])


def test_default_buckets_leave_less_exposed_communication_than_one_bucket():
    one, default = _advice("base")["exposed_comm"], _advice("buckets")["exposed_comm"]
    assert default["saving_ms_per_step"] < 0.7 * one["saving_ms_per_step"]
    assert default["saving_ms_per_step"] > 0  # the last bucket is still reduced after the backward


def test_exposed_comm_against_the_measured_change():
    """Known miss: all of the one bucket's exposed all-reduce is predicted to hide (10.5% of the step), the A/B measured
    3.4%: with default buckets the last bucket still runs after the backward (the trace of that arm: 6.2% exposed) and
    the overlapped NCCL kernels slow the backward's own. The test holds the miss where it is."""
    ab = json.loads((JOB / "ab.json").read_text())
    measured = 100 * ab["arms"]["buckets"]["saving_share"]
    predicted = _advice("base")["exposed_comm"]["saving_pct"]
    assert 0 < measured < 15 and predicted > measured
    assert abs(predicted - measured) > 5, "within 5 points now: update docs/benchmarks.md and advice.CHECKED"
    assert predicted - measured == pytest.approx(7.1, abs=1.0)

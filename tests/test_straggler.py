"""Straggler advice that knows its evidence (issue 32): ranked only when the same rank is late in most steps, its
wait is above the job's jitter and its own steps show why; else a note that says why not. Checked on the
committed captures: 2 gloo ranks on a 2-core CPU (balanced, and rank 1 sleeping 20 ms before each forward) and
2-rank NCCL DDP on two H200s (balanced), against plain readings of their raw JSON."""

from __future__ import annotations

import gzip
import json
import statistics

import pandas as pd
import pytest
from typer.testing import CliRunner

from conftest import SAMPLES

from traceview.analysis.advice.ranks import STRAGGLER_MIN_STEPS, straggler

from traceview.analysis.advice.record import notes, ranked
from traceview.analysis.ranks.collectives import Collectives
from traceview.analysis.ranks.ranks import rank_steps
from traceview.cli import app
from traceview.trace import load

SLOW = SAMPLES / "cpu" / "ddp_slow_rank" / "slow"
BALANCED = SAMPLES / "cpu" / "ddp_slow_rank" / "balanced"
NCCL = SAMPLES / "ddp_2rank"


def _ranks_json(path) -> dict:
    out = CliRunner().invoke(app, ["ranks", str(path), "--json"])
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


def _events(path) -> list[dict]:
    with gzip.open(path, "rt") as f:
        return json.load(f)["traceEvents"]


@pytest.mark.parametrize("job", [BALANCED, NCCL], ids=["gloo-balanced", "nccl-balanced"])
def test_a_balanced_job_gets_no_ranked_straggler_but_a_note_saying_why(job):
    doc = _ranks_json(job)
    assert "straggler" not in {a["kind"] for a in doc["advice"]}
    (note,) = [n for n in doc["advice_notes"] if n.startswith("straggler:")]
    assert "rank 1 arrives last" in note and "not called a straggler" in note and "its own steps show no reason" in note


def test_the_slow_rank_stays_first_with_input_as_its_cause_and_its_evidence():
    doc = _ranks_json(SLOW)
    first = doc["advice"][0]
    assert first["kind"] == "straggler" and first["rank"] == 1 and first["ranked"]
    assert first["assumptions"].startswith("cause: input")
    assert "gap before its first op" in first["how"]
    # evidence: 3 steps, 6 gloo all-reduces; range of the per-step waits from a plain reading of the raw JSON
    starts = {r: sorted(e["ts"] for e in _events(SLOW / f"rank{r}.pt.trace.json.gz") if e.get("name") == "gloo:all_reduce")
              for r in (0, 1)}
    waits = [(b - a) / 1e3 for a, b in zip(starts[0], starts[1])]
    per_step = [max(waits[i:i + 2]) for i in range(0, len(waits), 2)]  # two DDP buckets per step
    assert first["steps_used"] == 3 and first["evidence_count"] == len(waits) == 6
    assert f"({min(per_step):.2f}-{max(per_step):.2f} ms in the steps it was waited for)" in first["evidence"]
    # the saving: rank 1's input excess (its gap before the step's first op less rank 0's), the median over the steps,
    # in each step at most what rank 0 waited over both buckets; a plain reading of the raw JSON
    gaps = {}
    for r in (0, 1):
        events = [e for e in _events(SLOW / f"rank{r}.pt.trace.json.gz") if e.get("ph") == "X"]
        steps = [e for e in events if str(e.get("name", "")).startswith("ProfilerStep#")]
        gaps[r] = {s["name"]: min(e["ts"] for e in events if e is not s and e["tid"] == s["tid"]
                                  and s["ts"] <= e["ts"] < s["ts"] + s["dur"]) - s["ts"] for s in steps}
    excess = statistics.median((gaps[1][k] - gaps[0][k]) / 1e3 for k in gaps[1] if k in gaps[0])
    saved = [min(excess, sum(waits[i:i + 2])) for i in range(0, len(waits), 2)]
    assert first["saving_range_ms"] == pytest.approx([min(saved), max(saved)], rel=0.01)
    assert first["saving_ms_per_step"] == pytest.approx(statistics.mean(saved), rel=0.01)


def test_each_ranks_input_time_is_the_gap_a_plain_reading_finds_before_its_first_op():
    for r in (0, 1):
        path = SLOW / f"rank{r}.pt.trace.json.gz"
        events = [e for e in _events(path) if e.get("ph") == "X"]
        table = rank_steps(load(path)).set_index("step")
        for step in (e for e in events if str(e.get("name", "")).startswith("ProfilerStep#")):
            inside = [e["ts"] for e in events if e.get("tid") == step["tid"] and e is not step
                      and step["ts"] <= e["ts"] < step["ts"] + step["dur"]]
            gap_ms = (min(inside) - step["ts"]) / 1e3
            assert table.loc[step["name"], "input_ns"] / 1e6 == pytest.approx(gap_ms, abs=0.002)
            assert (gap_ms > 15) == (r == 1)  # rank 1 sleeps 20 ms before each forward; rank 0 starts at once


def test_too_few_steps_is_a_note_not_advice():
    """Rank 0 last at 2 of 3 collectives in 2 steps (the issue's gloo case): too few to call a straggler."""
    c = pd.DataFrame({"ranks": [2, 2, 2], "step": ["ProfilerStep#2", "ProfilerStep#2", "ProfilerStep#3"],
                      "last_rank": [0, 1, 0], "max_wait_ns": [400_000, 100_000, 410_000]})
    (entry,) = straggler(Collectives(pd.DataFrame(), c, pd.DataFrame(), "order"), 4.0, 2)
    assert not entry.ranked and "2 step(s) with collectives, too few" in entry.evidence
    assert STRAGGLER_MIN_STEPS == 3
    assert ranked([entry]) == [] and notes([entry]) == [f"straggler: {entry.evidence}"]


def test_a_wait_inside_the_jobs_jitter_is_not_a_straggler():
    """The slow capture's waits, against steps whose times jump by more than twice the wait."""
    trace = load(SLOW / "rank0.pt.trace.json.gz")
    steps = pd.concat([rank_steps(trace), rank_steps(load(SLOW / "rank1.pt.trace.json.gz"))], ignore_index=True)
    noisy = steps.assign(dur_ns=steps["dur_ns"] * [1, 4, 1, 1, 4, 1])  # steps 7 four times as long on both ranks
    c = pd.DataFrame({"ranks": [2] * 3, "step": ["ProfilerStep#6", "ProfilerStep#7", "ProfilerStep#8"],
                      "last_rank": [1] * 3, "max_wait_ns": [20_000_000] * 3})
    (calm,) = straggler(Collectives(pd.DataFrame(), c, pd.DataFrame(), "order"), 30.0, 3, steps)
    (jumpy,) = straggler(Collectives(pd.DataFrame(), c, pd.DataFrame(), "order"), 30.0, 3, noisy)
    assert calm.ranked and not jumpy.ranked and "jitter" in jumpy.evidence


def test_every_advice_entry_says_how_many_steps_it_rests_on():
    from traceview.analysis.analyze import analyze
    from traceview.trace.run_files import dynamo_record, run_files

    for path in (SAMPLES / "gpu" / "predictions" / "gpt2-compiled", SAMPLES / "gpu" / "loader" / "cnn-workers"):
        trace_path = next(path.glob("*.pt.trace.json*"))
        result = analyze(load(trace_path), dynamo_record(run_files(trace_path)))
        advice = result.advice
        assert advice and all(a.steps_used and a.steps_used == len(result.steady.used) >= 2 for a in advice)
        for a in advice:  # a range across steps where the model is per step, and the mean inside it
            if a.saving_range_ms is not None:
                low, high = a.saving_range_ms
                assert low <= a.saving_ms_per_step * 1.0001 and a.saving_ms_per_step <= high * 1.0001 + 1e-9, a
        assert any(a.saving_range_ms is not None for a in advice)


H200X2 = SAMPLES / "nccl_2rank"


@pytest.mark.parametrize("job", ["fsdp-bal", "ddp-nccl-bal"])
def test_balanced_nccl_jobs_on_two_h200s_get_no_ranked_straggler(job):
    doc = _ranks_json(H200X2 / job)
    assert "straggler" not in {a["kind"] for a in doc["advice"]}
    assert any(n.startswith("straggler:") and "not called a straggler" in n for n in doc["advice_notes"])


@pytest.mark.parametrize("job,collective", [("fsdp-slow", None), ("ddp-nccl-slow", "AllReduce")])
def test_the_20_ms_slow_rank_on_two_h200s_stays_first_with_input_as_its_cause(job, collective):
    """FSDP2 (all-gathers and reduce-scatters) and DDP over NCCL, rank 1 sleeping 20 ms before each step's
    forward: the straggler leads, its cause is input, its wait is about the sleep (a plain reading: the
    largest start gap of rank 0's NCCL kernels behind rank 1's, per step), and so is its saving."""
    doc = _ranks_json(H200X2 / job)
    first = doc["advice"][0]
    assert first["kind"] == "straggler" and first["rank"] == 1 and first["ranked"]
    assert first["assumptions"].startswith("cause: input")
    low, high = first["saving_range_ms"]
    assert 15 < low <= first["saving_ms_per_step"] <= high < 25
    if collective:  # DDP: the all-reduces pair up by order; per step, the largest gap
        starts = {r: sorted(e["ts"] for e in _events(H200X2 / job / f"rank{r}.pt.trace.json.gz")
                            if e.get("cat") == "kernel" and collective in e.get("name", "")) for r in (0, 1)}
        gaps = [(b - a) / 1e3 for a, b in zip(starts[0], starts[1])]
        per_step = [max(gaps[i:i + 2]) for i in range(0, len(gaps), 2)]
        assert f"({min(per_step):.2f}-{max(per_step):.2f} ms in the steps it was waited for)" in first["evidence"]
        # the saving is rank 1's input excess, in no step more than rank 0 waited over the step's all-reduces
        assert high <= min(sum(gaps[i:i + 2]) for i in range(0, len(gaps), 2)) + 0.01


#: Issue 27 §5 on two GPUs: a slow rank against a balanced job, both in the same two processes
#: (sample_traces/scripts/ddp_straggler.py via benchmarks/gpu_straggler.sh, SEALED=1: the A/B not printed, and not read
#: until this test was committed). Tolerance, written here before the capture: the issue's (10 points of the measured
#: share of the slow step, 5 where the change is worth under 15%); each slow arm a ranked `straggler` naming rank 1 and
#: the cause the arm made (input: a sleep before the forward; compute: three times the batch); the balanced arm no
#: ranked straggler.
#: The first capture (``straggler``: 3 ms sleep, 3x the batch, 8 layers of 2048, batch 512) missed by +16.6 and -17.9
#: points with the rule then (the longest wait at one collective of the step); the rule was changed after reading it
#: (the late rank's own excess, at most what the others waited over the step's collectives): in sample there. The
#: second (``straggler-2``: 1.5 ms sleep, 2x the batch, 12 layers of 1024, batch 1024), configured and sealed before it
#: ran, with the changed rule committed: out of sample, the same tolerance.
STRAGGLER_AB = SAMPLES / "nccl_2rank" / "straggler"
#: The third (``straggler-3``: 2.5 ms sleep, 4x the batch, 6 layers of 1536, batch 768), configured and sealed before it
#: ran, with the excess rule and the gate's jitter alternative committed: out of sample for both.
STRAGGLER_RUNS = [SAMPLES / "nccl_2rank" / name for name in ("straggler", "straggler-2", "straggler-3")]
#: How many of the six (3 captures x 2 slow arms) are advised on rank 1 with the right cause and within the tolerance
#: today: a floor, not a list. The two misses today are both straggler-2's: slow-input blind (a note: rank 1's 1.64 ms
#: input excess against a 4.28 ms wait, most of it a 3 ms start offset the balanced job shows too; 18.9% of the
#: profiled step against 30.5% of the A/B's, the profiler stretched the host-bound loop 1.5x) and slow-compute (twice
#: the batch cost 0.15 ms a step, 3.6%: the loop is host-bound, so the arm made no straggler to name).
STRAGGLER_WITHIN_FLOOR = 4


def test_straggler_within_tolerance_of_the_slow_rank_made_balanced():
    import sys
    sys.path.insert(0, str(SAMPLES.parent / "benchmarks"))
    import straggler_predictions

    hits = {}
    for run in STRAGGLER_RUNS:
        rows = {r["arm"]: r for r in straggler_predictions.rows_of(run)}
        assert set(rows) == {"slow-input", "slow-compute", "balanced"}
        assert not rows["balanced"]["advised"], run.name  # a balanced job names no straggler
        for arm, cause in (("slow-input", "cause: input"), ("slow-compute", "kernels")):
            r = rows[arm]
            tolerance = 5.0 if abs(r["measured_pct"]) < 15 else 10.0
            hits[run.name, arm] = r["advised"] and r["rank"] == 1 and cause in r["cause"] and abs(r["error_points"]) <= tolerance
    assert len(hits) == 6 and sum(hits.values()) >= STRAGGLER_WITHIN_FLOOR, hits

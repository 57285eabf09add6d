"""Advice (issue 21): each kind where the trace has evidence for it, its numbers read again from the
trace's plain JSON, each prediction kept where benchmarks/predictions.py measured it against the
real change (docs/benchmarks.md, "Advice checked against measured outcomes"), and the pages lead with it."""

from __future__ import annotations

import gzip
import json
import statistics
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT, SAMPLES

from traceview.analysis.advice.record import KINDS
from traceview.analysis.analyze import analyze
from traceview.cli import app
from traceview.trace import load
from traceview.trace.run_files import dynamo_record, run_files

sys.path.insert(0, str(ROOT / "benchmarks"))
import predictions  # noqa: E402  (benchmarks/predictions.py: the checked table)

PRED = SAMPLES / "gpu" / "predictions"


def _analysis(path: Path):
    return analyze(load(path), dynamo_record(run_files(path)))


def _events(trace: Path) -> list[dict]:
    with gzip.open(trace, "rt") as f:
        return json.load(f)["traceEvents"]


def test_every_entry_has_the_fields_scripts_rely_on_and_is_sorted_by_saving():
    a = _analysis(PRED / "gpt2-compiled")
    doc = json.loads(CliRunner().invoke(app, ["analyze", str(PRED / "gpt2-compiled"), "--json"]).stdout)
    assert [x["kind"] for x in doc["advice"]] == [x.kind for x in a.advice]
    assert {"cuda_graphs", "fused_optimizer", "graph_break"} <= {x["kind"] for x in doc["advice"]}
    savings = [x["saving_ms_per_step"] for x in doc["advice"]]
    assert savings == sorted(savings, reverse=True) and all(s > 0 for s in savings)
    for x in doc["advice"]:
        assert x["kind"] in KINDS and x["evidence"] and x["how"] and x["assumptions"]
        assert x["saving_pct"] == pytest.approx(100 * x["saving_ms_per_step"] / a.critical_path.mean_step_ms(), rel=1e-3)
    graph_break = next(x for x in doc["advice"] if x["kind"] == "graph_break")
    assert graph_break["where"] == "transformers/modeling_utils.py:4635"  # the break tlparse lists for this run


def test_cuda_graphs_evidence_counts_the_launches_a_plain_reading_finds_inside_the_compiled_graph_calls():
    run = PRED / "gpt2-compiled"
    events = _events(run / "train_gpt2.pt.trace.json.gz")
    steps = [e for e in events if str(e.get("name", "")).startswith("ProfilerStep#") and e.get("cat") == "user_annotation"]
    calls = [e for e in events if str(e.get("name", "")).startswith("## Call CompiledFxGraph") and e.get("cat") == "user_annotation"]
    launches = [e for e in events if e.get("name") in ("cuLaunchKernel", "cudaLaunchKernel", "cudaLaunchKernelExC")
                and any(c["tid"] == e["tid"] and c["ts"] <= e["ts"] <= c["ts"] + c["dur"] for c in calls)]
    a = next(x for x in _analysis(run).advice if x.kind == "cuda_graphs")
    assert f"{len(calls) / len(steps):g} compiled-graph call(s) per step ({len(launches) / len(steps):g} kernel launches)" in a.evidence


def test_static_inputs_saving_is_the_copy_kernels_gpu_time_per_call_by_a_plain_reading():
    run = PRED / "abc-max-autotune-b"
    events = _events(run / "abc_static.pt.trace.json.gz")
    copies = [e["dur"] for e in events if e.get("cat") == "kernel" and "multi_tensor_apply" in e["name"]]
    calls = [e for e in events if e.get("cat") == "cpu_op" and str(e.get("name", "")).startswith("Torch-Compiled Region")]
    a = next(x for x in _analysis(run).advice if x.kind == "static_inputs")
    assert a.saving_ms_per_step == pytest.approx(sum(copies) / 1e3 / len(calls), rel=1e-3)
    assert len(copies) == 10 * len(calls)  # A, B and C copied in 10 multi-tensor launches before each replay


def test_the_static_module_run_has_no_copies_and_no_static_inputs_advice():
    assert "static_inputs" not in {x.kind for x in _analysis(PRED / "abc-max-autotune-static-module").advice}


def test_recompile_advice_spreads_the_recompiles_compile_time_over_the_runs_steps():
    run = PRED / "gpt2-recompile"
    a = next(x for x in _analysis(run).advice if x.kind == "recompile")
    meta = json.loads((run / "meta.json").read_text())
    assert meta["steps"]["counted"] == 40 and "the run has 40 steps" in a.evidence
    # tlparse's reading of the same structured trace lists 4 recompilations (0/1, 1/1, 3/1, 4/1)
    assert a.evidence.startswith("4 recompilation(s)")
    timing = json.loads((run / "timing.json").read_text())["step_ms"]
    assert max(timing) > 1000 * a.saving_ms_per_step * 40 / 1000 * 0.9  # the recompiling step's own wall time holds it


def test_the_ddp_rank_leads_with_communication_not_with_launch_overhead():
    a = _analysis(SAMPLES / "ddp_2rank" / "rank0.pt.trace.json.gz")
    assert a.advice[0].kind == "exposed_comm"
    text = CliRunner(env={"COLUMNS": "200"}).invoke(app, ["analyze", str(SAMPLES / "ddp_2rank" / "rank0.pt.trace.json.gz")]).stdout
    assert text.index("exposed communication") < text.index("launch-bound")


def test_ranks_json_has_the_straggler_the_slow_rank_made():
    out = CliRunner().invoke(app, ["ranks", str(SAMPLES / "cpu" / "ddp_slow_rank" / "slow"), "--json"])
    assert out.exit_code == 0, out.output
    (straggler,) = [x for x in json.loads(out.stdout)["advice"] if x["kind"] == "straggler"]
    assert straggler["rank"] == 1  # the rank that slept 20 ms before each forward
    # a plain reading: per step, rank 0's longest wait at a gloo all-reduce for rank 1's to start
    starts = {r: [e["ts"] for e in _events(SAMPLES / "cpu" / "ddp_slow_rank" / "slow" / f"rank{r}.pt.trace.json.gz")
                  if e.get("name") == "gloo:all_reduce"] for r in (0, 1)}
    waits = [b - a for a, b in zip(sorted(starts[0]), sorted(starts[1]))]
    per_step = [max(waits[i:i + 2]) for i in range(0, len(waits), 2)]  # two DDP buckets per step
    assert f"waits {statistics.mean(per_step) / 1e3:.2f} ms per step for it" in straggler["evidence"]
    # the saving is rank 1's own excess (the 20 ms sleep, and time.sleep's oversleep), no more than rank 0 waited
    assert 20.0 <= straggler["saving_ms_per_step"] <= min(sum(waits[i:i + 2]) for i in range(0, len(waits), 2)) / 1e3
    assert straggler["saving_ms_per_step"] < 20.0 * 1.05


def test_html_page_opens_with_the_advice():
    from traceview.report.html.analysis import render_report

    page = render_report(_analysis(PRED / "gpt2-compiled"))
    assert page.index('id="advice"') < page.index("<h2>Findings</h2>") < page.index("<h2>Timeline</h2>")
    assert "reduce-overhead" in page[page.index('id="advice"'):page.index("<h2>Findings</h2>")]


@pytest.fixture(scope="module")
def checks():
    return {(c.kind, c.before): c for c in predictions.all_checks()}


#: Where each prediction was measured (docs/benchmarks.md): kind, before run, the error it must stay within.
#: Within 25% where the model gets there; the others keep their documented error (and why, in the docs).
TOLERANCES = [
    ("cuda_graphs", "gpt2-compiled-nobreak", 0.25), ("cuda_graphs", "gpt2-compiled", 0.40),
    ("recompile", "gpt2-recompile", 0.25), ("static_inputs", "abc-max-autotune", 0.25),
    ("fused_optimizer", "adam for-loop 4x1024", 0.25), ("fused_optimizer", "adam foreach 4x1024", 0.25),
    ("fused_optimizer", "adam for-loop 16x512", 0.25), ("fused_optimizer", "adam foreach 16x512", 0.25),
    ("fused_optimizer", "adam foreach 256x128", 0.25), ("straggler", "gloo 2 ranks, rank 1 +20 ms", 0.25),
    ("compile", "gpt2-eager", 1.0),
    # under CUDA graphs the eager code between the split graphs is costed too (2026-11-26): -50% -> -5%
    ("graph_break", "gpt2-reduce-overhead", 0.25),
]


@pytest.mark.parametrize("kind,before,tolerance", TOLERANCES, ids=[f"{k}:{b}" for k, b, _ in TOLERANCES])
def test_prediction_stays_where_it_was_measured(checks, kind, before, tolerance):
    c = checks[(kind, before)]
    assert c.predicted > 0 and c.measured > 0
    assert abs(c.error) <= tolerance, f"{kind} on {before}: predicted {c.predicted:.3g}, measured {c.measured:.3g}"


def test_a_graph_break_whose_removal_did_not_help_is_predicted_small(checks):
    """compiled -> compiled-nobreak measured a 3% loss (the merged graph ran slower): the prediction
    must stay a small share of the step, not promise what CUDA graphs would."""
    c = checks[("graph_break", "gpt2-compiled")]
    assert c.measured < 0 and 0 < c.predicted < 3.0


def test_ranks_view_says_who_arrives_last_without_calling_a_balanced_job_a_straggler():
    """The 2xH200 DDP trace: rank 1 last at every all-reduce, but both ranks run the same work (issue 32): the
    late arrivals are said in a note below the advice, with why they are not a straggler, never as a ranked
    change; the step-time comparison does not say "No straggler" either."""
    out = CliRunner(env={"COLUMNS": "200"}).invoke(app, ["ranks", str(SAMPLES / "ddp_2rank")]).stdout
    text = " ".join(out.split())
    assert "straggler rank" not in text  # no ranked row
    assert "note: straggler: rank 1 arrives last at 6 of 6 collectives" in text and "not called a straggler" in text
    assert "No straggler" not in out

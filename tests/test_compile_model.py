"""The `compile` advice as a replay of the eager steps with the model compiled (traceview/analysis/advice/compile_model.py),
checked on the committed H200 captures: its mechanisms against a plain reading of the raw JSON, and its predictions
against the interleaved A/B of the real change on models it was not designed on (issue 27 §3, §5).

Tolerance (the issue's own goal, fixed before these models were captured): within 10 points of the measured share of
the step, 5 points where the change is worth under 15%. A row that misses is listed in KNOWN_MISSES with the reason
docs/benchmarks.md gives; a listed row that starts to pass must leave the list.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from pathlib import Path

import numpy as np
import pytest

from traceview.analysis.advice import compile_model as cm
from traceview.analysis.host import replay as rp
from traceview.analysis.advice.compiled import compile_replayed
from traceview.analysis.analyze import analyze
from traceview.trace import catalogue, load
from traceview.trace.run_files import dynamo_record, run_files

ROOT = Path(__file__).resolve().parents[1]
MODELS = ROOT / "sample_traces" / "gpu" / "models"
GPT2 = ROOT / "sample_traces" / "gpu" / "predictions" / "gpt2-eager"
sys.path.insert(0, str(ROOT / "benchmarks"))

KNOWN_MISSES = {
    # compile rows as scored with session 12's constants (0.65 ms per graph call, 32 µs per generated kernel: the
    # medians of micro_compile.py's chain and network-block fits); in sample since (docs/benchmarks.md)
    ("mixer", "compile"): "+10.3 points (8.2% predicted, -2.1% measured): 102 generated kernels per step predicted, 121 "
                          "launched (copies around the token-mixing transposes not counted)",
    ("bert", "cuda_graphs"): "a CUDA-graph replay is costed 0.16 ms per call (A*B+C's one-kernel graph); BERT's graphs "
                             "with many inputs cost more per replay",
    ("gru", "fused_optimizer"): "measured 0.5% with rounds from -14.9% to +9.4%: the A/B's own spread is above the "
                                "tolerance",
    ("vit", "compile"): "+21.3 points: 109 generated kernels per step predicted, 121 launched; the profile run's eager "
                        "steps (11.9 ms before the window) slower than the A/B's (8.9 ms)",
    ("llama", "compile"): "+10.1 points (58.9% predicted, 48.9% measured): 81 generated kernels per step predicted, 62 "
                          "launched (Inductor fuses SiLU into the product across the up-projection; eager order splits "
                          "them)",
    ("llama", "cuda_graphs"): "the replay's per-call cost is a one-kernel graph's; Llama's graphs copy and check more inputs",
    ("vit", "fused_optimizer"): "measured 2.3% (rounds -3.1% to +6.9%), predicted 7.5%: 0.2 points outside the 5",
    ("tcn", "fused_optimizer"): "measured 6.0% (rounds -6.2% to +12.9%), predicted 12.5%: inside the A/B's spread",
    ("unet", "compile"): "compiling made the step 33% slower in this A/B (9% in another process); -16.7% predicted",
    ("convnext", "compile"): "compiling made the step 11% slower; not advised (under 3% either way): 105 generated kernels "
                             "per step predicted, 114 launched",
    ("unet", "fused_optimizer"): "measured -1.5% (rounds -9.6% to +11.8%), predicted 12.5%: the A/B's rounds span 0",
    ("densenet", "compile"): "+9.4 points (tolerance 5): 9.6% predicted, compiling left the step as it was (+0.1%); 145 "
                             "generated kernels per step predicted, 134 launched",
    ("resnext", "compile"): "-8.2 points (tolerance 5): -5.3% predicted, -13.4% measured (-2.0% in another process)",
    ("segnet", "compile"): "not advised (under 3%), measured +10.7% with rounds from -15.1% to +12.2% (-10.1% in another "
                           "process)",
    ("mobilenet", "compile"): "-24.1 points: -50.5% predicted, compiling made the step 26% slower (184 generated kernels "
                              "per step at 32 µs each: MobileNet's compiled kernels cost less host time each than the "
                              "network blocks measured)",
    ("segnet", "fused_optimizer"): "measured 1.4% (rounds -2.1% to +2.6%), predicted 11.1%",
    ("segnet", "cuda_graphs"): "measured 20.3% (rounds 19.1% to 40.8%), predicted 60.6%: the A/B's rounds spread 22 points",
    ("effnet", "compile"): "compiling made the step 15% slower, 3.7% faster predicted: 178 generated kernels predicted, "
                           "188 launched; the compiled graphs cost more host time than the constants give",
}
#: compile predicted with the wrong sign where the A/B's rounds agree on it (the same reasons as above)
WRONG_SIGN = {"effnet"}


def _trace(run: Path):
    path = sorted(run.glob("*.pt.trace.json*"))[0]
    return path, load(path)


def _model(run: Path):
    path, trace = _trace(run)
    result = analyze(trace, dynamo_record(run_files(path)))
    w = rp.process_window(trace, result.steady.used)
    blocking = rp.blocking_calls(trace, w)
    return trace, result, w, cm.compiled_step(trace, w, blocking, rp.step_windows_of(result.steady.used, w),
                                              cm.COSTS["cuda"])


@pytest.fixture(scope="module", params=["gpt2", "mixer", "gru", "bert", "vit", "cnn", "llama", "mobilenet", "tcn", "unet", "convnext"])
def eager(request):
    run = GPT2 if request.param == "gpt2" else MODELS / f"{request.param}-eager"
    return (request.param, run, *_model(run))


def test_a_training_step_becomes_a_forward_and_a_backward_graph(eager):
    """No sync and no host copy inside these models: one graph per pass (forward on the main thread, backward on
    autograd's), per step."""
    name, _, trace, _, _, model = eager
    assert model.graphs == 2, name


def _plain_kernels(path: Path, start: int, end: int) -> tuple[int, int]:
    """(kernels launched inside [start, end] (ns) outside the optimizer's annotations, those of them launched by a
    library op), read from the raw JSON: each kernel's launch by correlation id, the annotations and ops around it
    by time on the launching thread."""
    with gzip.open(path, "rt") as f:
        events = json.load(f)["traceEvents"]
    xs = [e for e in events if e.get("ph") == "X"]
    launches = {e["args"]["correlation"]: e for e in xs if e.get("cat") in ("cuda_runtime", "cuda_driver")
                and "correlation" in e.get("args", {}) and "Launch" in e["name"] and "Graph" not in e["name"]}
    optimizer = [(e["ts"], e["ts"] + e["dur"], e["tid"]) for e in xs if e["name"].startswith("Optimizer.")]
    library = re.compile(catalogue.LIBRARY_OPS)
    ops = [(e["ts"], e["ts"] + e["dur"], e["tid"], e["name"]) for e in xs if e.get("cat") == "cpu_op"]
    total = lib = 0
    for k in xs:
        if k.get("cat") != "kernel":
            continue
        launch = launches.get(k["args"].get("correlation"))
        if launch is None or not (start <= round(launch["ts"] * 1e3) <= end):
            continue
        t, tid = launch["ts"], launch["tid"]
        if any(a <= t <= b and tid == th for a, b, th in optimizer):
            continue
        total += 1
        around = [o for o in ops if o[0] <= t <= o[1] and o[2] == tid]
        innermost = max(around, key=lambda o: o[0]) if around else None
        if innermost is not None and library.match(innermost[3]) or re.search(catalogue.LIBRARY_KERNELS, k["name"]):
            lib += 1
    return total, lib


def test_kernels_and_library_kernels_match_a_plain_reading_of_the_raw_json():
    """On GPT-2 (no host copy in its steps): the eager kernels per step, and the library ones, as a reader of the
    raw events counts them."""
    path, _ = _trace(GPT2)
    trace, _, w, model = _model(GPT2)
    total, lib = _plain_kernels(path, w.start_ns, w.end_ns)  # the table's ns are the raw µs x 1000
    assert model.eager_kernels * w.steps == total
    assert model.library_kernels * w.steps == lib


def test_a_library_op_is_one_extern_call_however_many_kernels_it_launches():
    """cuDNN's GRU launches hundreds of kernels inside one ATen op: compiled, Inductor calls the same op once."""
    model = _model(MODELS / "gru-eager")[3]
    assert model.library_kernels > 20 * model.library_calls > 0
    # and its host time stays: the stretches' compiled cost is more than the generated kernels' wrapper cost
    generated = model.fused_kernels * cm.COSTS["cuda"].kernel_ms + cm.COSTS["cuda"].call_ms
    assert model.compiled_host_ms > generated + 1.0


@pytest.mark.parametrize("name", ["mixer", "gru", "bert", "vit", "cnn", "llama", "mobilenet", "tcn", "unet", "convnext"])
def test_replaying_without_the_profiler_gives_the_unprofiled_step(name):
    """The base of the prediction: the eager steps replayed with the host clock shrunk by the profiler's stretch
    come out at the step timed without the profiler (meta.json) within 5%."""
    run = MODELS / f"{name}-eager"
    path, trace = _trace(run)
    dynamo = dynamo_record(run_files(path))
    result = analyze(trace, dynamo)
    w = rp.process_window(trace, result.steady.used)
    blocking = rp.blocking_calls(trace, w)
    profiled = rp.replay(trace, w, blocking) / w.steps
    stretch = profiled / dynamo.unprofiled_step_ms
    assert stretch > 1.2  # the profiler stretched these steps
    replayed = rp.replay_steps(trace, w, blocking, host_scale=1 / stretch)[0] / w.steps
    assert replayed == pytest.approx(dynamo.unprofiled_step_ms, rel=0.05)


def test_compiling_predicted_slower_is_an_unranked_note_that_says_so():
    """Where the graph calls would cost more host time than the eager ops (here: a compiled call made to cost 40 ms),
    the prediction is negative, not ranked, and says the step would be slower."""
    path, trace = _trace(GPT2)
    result = analyze(trace, dynamo_record(run_files(path)))
    a = compile_replayed(trace, result.steady.used, 7.84, cm.CompileCosts(40.0, 0.025, "test"))
    assert a is not None and a.saving_pct < 0 and not a.ranked and "slower" in a.evidence
    assert "keep the model eager" in a.how


def test_no_compile_advice_on_a_compiled_trace():
    for name in ("mixer", "bert"):
        path, trace = _trace(MODELS / f"{name}-compiled")
        assert "compile" not in {a.kind for a in analyze(trace, dynamo_record(run_files(path))).advice}


@pytest.fixture(scope="module")
def rows():
    import model_predictions
    return [r for m in ("bert", "gru", "mixer", "vit", "cnn", "llama", "mobilenet", "tcn", "unet", "convnext",
                        "densenet", "wavenet", "effnet", "resnext", "segnet", "encoder")
            for r in model_predictions.rows_of(MODELS, m)]


def test_out_of_sample_predictions_within_tolerance_or_known_misses(rows):
    for r in rows:
        tolerance = 5.0 if abs(r["measured_pct"]) < 15 else 10.0
        key = (r["model"], r["kind"])
        within = abs(r["predicted_pct"] - r["measured_pct"]) <= tolerance
        if key in KNOWN_MISSES:
            assert not within, f"{key} is within {tolerance} points now: take it off KNOWN_MISSES"
        else:
            assert within, f"{key}: predicted {r['predicted_pct']}%, measured {r['measured_pct']}%"


def test_compile_sign_right_where_compiling_gained_or_lost_beyond_the_ab_spread(rows):
    """Where the A/B's rounds agree on the sign (10th and 90th percentiles on one side of 0), the prediction has that
    sign, or predicts nothing worth advising (|share| < 3%)."""
    for r in rows:
        if r["kind"] != "compile":
            continue
        lo, hi = r["measured_low_pct"], r["measured_high_pct"]
        right = r["predicted_pct"] > 0 if lo > 0 else r["predicted_pct"] <= 0 if hi < 0 else True
        assert right != (r["model"] in WRONG_SIGN), r
        assert np.isfinite(r["predicted_pct"])


def test_every_entry_says_how_close_its_kind_came_where_it_was_measured():
    """Each advice entry carries its kind's record against measured changes (advice.CHECKED), in JSON and on the page."""
    from traceview.analysis.advice.record import CHECKED
    from traceview.report.html.advice import advice_section

    path, trace = _trace(MODELS / "vit-eager")
    advice = analyze(trace, dynamo_record(run_files(path))).advice
    assert {"compile", "fused_optimizer"} <= {a.kind for a in advice}
    for a in advice:
        assert a.checked == CHECKED[a.kind] and a.as_dict()["checked"] == a.checked
    assert "Checked: out of sample (16 models, H200)" in advice_section(advice)


#: The same blind models profiled with compilation and the first steps inside the window (steps 0-7): misses.
KNOWN_MISSES_INCL = {
    ("cnn", "compile"): "-15.6 points: -32.4% predicted on the compile-included profile, -16.8% on the steady one (a "
                        "separate process), -16.9% measured; compiling slower in all three",
    ("vit", "fused_optimizer"): "measured 2.3% (rounds -3.1..+6.9), predicted 8.0%: 0.7 points outside the 5",
}


def test_compile_included_traces_within_tolerance_or_known_misses():
    """Issue 27's goal asks for both traces: on the compile-included profiles of the blind set, each kind against the
    same A/B (after the first step, the loop's first call, is left out as unsteady)."""
    import model_predictions

    rows = [r for m in ("vit", "cnn", "llama") for r in model_predictions.rows_of(MODELS, m, "-incl")]
    assert {r["trace"] for r in rows} == {"eager-incl", "compiled-incl"}
    for r in rows:
        tolerance = 5.0 if abs(r["measured_pct"]) < 15 else 10.0
        within = abs(r["predicted_pct"] - r["measured_pct"]) <= tolerance
        assert within != ((r["model"], r["kind"]) in KNOWN_MISSES_INCL), (r["model"], r["kind"], r["predicted_pct"], r["measured_pct"])


@pytest.mark.parametrize("model", ["bert", "mixer", "vit", "cnn", "llama", "mobilenet", "tcn", "unet", "convnext"])
def test_kernels_predicted_from_the_eager_trace_against_the_compiled_graphs_launches(model):
    """The model's kernels per step (library kernels kept, runs fused with reductions sized by Inductor's split rule,
    batch norm generated, channels-last weight copies where Inductor's layout rule allows, cuDNN's conversions gone in
    a channels-last model's graphs) against the launches inside the compiled trace's CompiledFunction and
    CompiledFunctionBackward, read from the raw JSON. Session 10 (in sample: all nine read while the split rule was
    written; tolerance as before): 0.86-1.03 (bert 249 / 279, mixer 179 / 202, vit 198 / 230, cnn 221 / 225, llama
    206 / 212, mobilenet 260 / 263, tcn 169 / 164, unet 234 / 236, convnext 198 / 209); before it, 0.70-1.35 with
    bounds of their own for tcn, mobilenet and unet."""
    from traceview.trace.step_windows import step_windows

    path, trace = _trace(MODELS / f"{model}-eager")
    w = rp.process_window(trace, step_windows(trace))
    step = cm.compiled_step(trace, w, rp.blocking_calls(trace, w), rp.step_windows_of(step_windows(trace), w), cm.COSTS["cuda"])
    predicted = step.library_kernels + step.fused_kernels
    compiled = next((MODELS / f"{model}-compiled").glob("*.pt.trace.json.gz"))
    with gzip.open(compiled, "rt") as f:
        events = [e for e in json.load(f)["traceEvents"] if e.get("ph") == "X"]
    steps = [e for e in events if e.get("cat") == "user_annotation" and str(e.get("name", "")).startswith("ProfilerStep#")]
    regions = [e for e in events if e.get("name") in ("CompiledFunction", "CompiledFunctionBackward")]
    launches = [e for e in events if e.get("cat") in ("cuda_runtime", "cuda_driver") and "LaunchKernel" in str(e.get("name", ""))]
    inside = sum(1 for k in launches for r in regions
                 if r["tid"] == k["tid"] and r["ts"] <= k["ts"] and k["ts"] + k["dur"] <= r["ts"] + r["dur"])
    real = inside / len(steps)
    assert predicted == pytest.approx(real, rel=0.15), (predicted, real)
    assert step.fused_kernels > 0 and 0 < step.library_kernels < predicted


FRESH = ROOT / "sample_traces" / "gpu" / "models-cal"


@pytest.mark.parametrize("model", ["mixer", "vit", "cnn"])
def test_fresh_captures_with_the_default_and_the_calibrated_constants(model):
    """Three models captured again (2026-11-26, `profile --calibrate`), each with an A/B of eager and compiled. With
    the default constants of session 12 (micro_compile.py's chain and network blocks: 0.65 ms, 32 µs) all three within
    the tolerance, the sign right: mixer not advised (4.7% measured; 11.3% predicted with the chain's 25 µs), vit 15.7%
    against 22.4%, the CNN -12.0% against -8.6% (not advised before). The constants calibrated in the profiled process
    (the chain alone: call 0.23-0.49 ms, 22-30 µs) are farther off on mixer (21.3%) (docs/benchmarks.md)."""
    from traceview.analysis.advice.compiled import measured_costs
    from traceview.trace.step_windows import step_windows

    folder = FRESH / f"{model}-eager"
    path = next(folder.glob("*.pt.trace.json.gz"))
    trace = load(path)
    record = dynamo_record(run_files(path))
    ab = json.loads((folder / "ab.json").read_text())["arms"]["compiled"]
    measured = 100 * ab["saving_share"]
    windows = step_windows(trace)

    def predicted(costs):
        a = compile_replayed(trace, windows, record.unprofiled_step_ms, costs)
        return 0.0 if a is None else a.saving_pct

    default, calibrated = predicted(cm.COSTS["cuda"]), predicted(measured_costs(record.host, "cuda"))
    assert record.host["calibration"]["call_ms"] < cm.COSTS["cuda"].call_ms
    tolerance = 5.0 if abs(measured) < 15 else 10.0
    assert abs(default - measured) <= tolerance, (default, measured)
    assert default == 0.0 or (default > 0) == (measured > 0)
    if model == "mixer":
        assert abs(calibrated - measured) > tolerance


#: A blind set written on 2026-11-26 (session 12), after the compile model's per-kernel cost was measured on network
#: blocks (benchmarks/micro_compile.py --blocks) and before these models ran anywhere: transformers' T5 and OPT,
#: PointNet, SqueezeNet. Each profiled eager and measured in the same process (`ab_models.py --prelude 20` under
#: `traceview profile --steps 10:15`: SAME_PROCESS=1 SEALED=1 benchmarks/gpu_models.sh), the A/B's results not read
#: until the model was committed. Tolerance, written here before the capture: the issue's (10 points, 5 where the
#: change is worth under 15%), and the sign of `compile` right wherever the A/B's rounds agree on it.
BLIND_S12 = ROOT / "sample_traces" / "gpu" / "models-blind-s12"
BLIND_S12_MODELS = ("t5", "opt", "pointnet", "squeezenet")
#: misses on the blind set, with the reason (filled in after the outcome was read; docs/benchmarks.md)
BLIND_S12_MISSES: dict[tuple[str, str], str] = {
    ("opt", "compile"): "+32.9 points (22.8% predicted, compiling made the step 10% slower): Dynamo breaks OPT's "
                        "decoder on a data-dependent branch inside its loop over layers and skips the loop's frame "
                        "(13 compiled-graph calls per step in a compiled profile of the same script, against the 3 the "
                        "model splits the step into at the eager trace's syncs); a break without a sync is not in an "
                        "eager trace",
    ("pointnet", "compile"): "not advised (under 3% either way; +5.7% with the constants before), compiling made the "
                             "step 12% slower",
    ("squeezenet", "compile"): "-16.1% predicted, +0.7% measured with rounds from -18.2% to +14.2%",
    ("t5", "fused_optimizer"): "+8.2 points: 4.7% predicted, -3.4% measured with rounds from -16.0% to +8.5% (a "
                               "49.6 ms step, 0.6 ms of optimizer)",
}


def test_blind_set_of_session_12_within_tolerance_or_known_misses():
    import model_predictions

    rows = [r for m in BLIND_S12_MODELS for r in model_predictions.rows_of(BLIND_S12, m)]
    assert {r["model"] for r in rows} == set(BLIND_S12_MODELS)
    assert {r["kind"] for r in rows} >= {"compile", "fused_optimizer"}
    for r in rows:
        tolerance = 5.0 if abs(r["measured_pct"]) < 15 else 10.0
        within = abs(r["predicted_pct"] - r["measured_pct"]) <= tolerance
        if r["kind"] == "compile" and (r["measured_low_pct"] > 0 or r["measured_high_pct"] < 0):
            within = within and (r["predicted_pct"] > 0) == (r["measured_low_pct"] > 0)
        assert within != ((r["model"], r["kind"]) in BLIND_S12_MISSES), r


@pytest.mark.parametrize("model", ["effnet", "llama", "cnn"])
def test_the_band_is_the_prediction_at_either_end_of_the_measured_per_kernel_cost(model):
    """Each `compile` entry carries the share predicted with a generated kernel's host cost at the lowest and the
    highest fit micro_compile.py measured (21 and 38 µs): the same replay as the prediction, the constant swapped.
    Where the band holds 0 the entry says faster or slower is not settled and is a note, not a ranked change:
    EfficientNet (+3.7% predicted, compiling measured 15% slower: the sign the test above lists as wrong), against
    Llama (58.9%, 48.9% measured: ranked) and the CNN (a note either way: slower)."""
    import dataclasses

    path, trace = _trace(MODELS / f"{model}-eager")
    record = dynamo_record(run_files(path))
    result = analyze(trace, record)
    entry = {a.kind: a for a in result.advice}["compile"]
    low, high = entry.saving_band_pct
    assert low <= entry.saving_pct <= high
    windows = result.steady.used
    costs = cm.COSTS["cuda"]
    for kernel_ms, end in zip(costs.kernel_ms_range, (high, low)):
        swapped = dataclasses.replace(costs, kernel_ms=kernel_ms, kernel_ms_range=None)
        alone = compile_replayed(trace, windows, record.unprofiled_step_ms, swapped)
        assert (0.0 if alone is None else alone.saving_pct) == pytest.approx(end, abs=0.05 if alone else 3.0)
        assert alone is None or alone.saving_band_pct is None
    straddles = low < 0 < high
    assert straddles == (model in ("effnet", "cnn"))
    assert entry.ranked == (entry.saving_pct > 0 and not straddles)
    assert ("not settled" in entry.evidence) == straddles
    assert "21-38 µs" in entry.evidence


def test_the_default_costs_are_the_medians_of_the_committed_micro_benchmark_fits():
    """COSTS["cuda"] is derived, not chosen: the medians of the six unprofiled fits in the committed micro_compile
    results (the chain in three device calls, the network blocks in the third), its band their lowest and highest
    per-kernel fits."""
    fits = []
    for name in ("micro_compile-1.json", "micro_compile-2.json"):
        fits.append(json.loads((MODELS / name).read_text())["unprofiled"])
    blocks = json.loads((MODELS / "micro_compile-blocks.json").read_text())["by_blocks"]
    fits += [blocks[kind]["unprofiled"] for kind in ("chain", "convbn", "mlp", "attention")]
    kernel = [f["compiled_kernel_ms"] for f in fits]
    call = [f["compiled_call_ms"] for f in fits]
    costs = cm.COSTS["cuda"]
    assert len(fits) == 6
    assert costs.kernel_ms == pytest.approx(np.median(kernel), abs=0.0005)
    assert costs.call_ms == pytest.approx(np.median(call), abs=0.005)
    assert costs.kernel_ms_range == pytest.approx((min(kernel), max(kernel)), abs=0.0005)


#: A fifth blind set, written on 2026-11-26 (session 13) with the advice models as committed at the end of session 12
#: (and the preempted-step rule, which leaves every prediction identical where no step is preempted), before these
#: models ran anywhere: ShuffleNetV2, a DLRM-style recommender (EmbeddingBag tables), a graph convolution net
#: (index_add), transformers' GPT-NeoX. Each profiled eager and measured in one process (SAME_PROCESS=1 SEALED=1
#: benchmarks/gpu_models.sh), profiled compiled in another (for `cuda_graphs`), and profiled eager with its first steps
#: inside the window (steps 0-7, "-incl"), the A/B's results not read until this test and the models were committed.
#: Tolerance, written here before the capture: the issue's (10 points, 5 where the change is worth under 15%), and
#: the sign of `compile` right wherever the A/B's rounds agree on it; on both the steady and the compile-included
#: eager trace.
BLIND_S13 = ROOT / "sample_traces" / "gpu" / "models-blind-s13"
BLIND_S13_MODELS = ("shufflenet", "dlrm", "gcn", "gptneox")
#: misses on the blind set, with the reason (filled in after the outcome was read; docs/benchmarks.md)
BLIND_S13_MISSES: dict[tuple[str, str, str], str] = {
    ("dlrm", "eager", "compile"): "blind: +18.4 points (26.7% predicted, ranked; 8.3% measured, rounds -2.7..9.3): the "
                                  "model fused the EmbeddingBag ops' sort/scan kernels, which Inductor calls as they are "
                                  "(make_fallback); with Inductor's fallback ops kept as library ops (after the blind "
                                  "scoring: DLRM is in sample for that rule) -14.4%, a note whose band (-23..+1) holds 0, "
                                  "-22.7 points; the same change measured -6.3% to +8.3% in four processes",
    ("dlrm", "eager-incl", "compile"): "blind +8.1 points (16.4%); with the fallback rule -22.3%, a note (band holds 0): "
                                       "-30.6 points",
    ("gcn", "eager-incl", "compile"): "-11.3 points (10.4% predicted, 21.7% measured): the script's process ran its steps in "
                                      "2.57 ms, the A/B's process in 3.19 ms (the same model; the steady trace of the A/B's "
                                      "process predicts 24.4%, within 3): a host-bound step's speed moves between processes",
    ("shufflenet", "eager", "compile"): "-29.0 points: -38.5% predicted, -9.5% measured (rounds -18.7..+15.6), the kernel "
                                        "count right (492 predicted, 484 launched); the profile's unprofiled step was 17.2 ms "
                                        "and the A/B's eager rounds after it 24.3: a host-bound conv net's speed moves with "
                                        "the process, the graph calls' cost does not. Measured before a profile in another "
                                        "process (benchmarks/gpu_ab_first.sh): +4.4% predicted, -2.9% measured",
    ("shufflenet", "eager-incl", "compile"): "-19.0 points (-28.5% predicted, -9.5% measured): as on the steady trace",
    ("gptneox", "eager", "fused_optimizer"): "+6.8 points: 9.2% predicted, 2.4% measured with rounds from -6.3% to +9.6%",
    ("shufflenet", "eager", "fused_optimizer"): "+7.2 points: 12.2% predicted, 5.0% measured (rounds 2.1..20.1)",
    ("gcn", "eager", "fused_optimizer"): "+5.02 points: 10.97% predicted, 5.95% measured (rounds 0.6..10.9): 0.02 outside",
    ("gcn", "eager-incl", "fused_optimizer"): "+6.8 points: 12.8% predicted on the other process's trace, 5.95% measured "
                                              "(rounds 0.6..10.9)",
    ("gptneox", "compiled", "cuda_graphs"): "+15.6 points: 61.9% predicted, 46.3% measured (rounds 41.1..54.3)",
}


def _blind_rows(root, models, tags=("", "-incl")) -> list[dict]:
    """The model_predictions rows of a blind set's captured models, for each trace tag."""
    import model_predictions

    present = [m for m in models if (root / f"ab-{m}.json").exists()]
    return [r for m in present for tag in tags for r in model_predictions.rows_of(root, m, tag)]


def _assert_within_tolerance_or_known_misses(rows: list[dict], misses: dict) -> None:
    """The blind sets' tolerance, as written before each capture: 10 points, 5 where the change is worth under 15%; the
    sign of `compile` right wherever the A/B's rounds agree on it. Each row within it unless it is a known miss (keyed
    by model, trace and kind), and a known miss not within it."""
    for r in rows:
        tolerance = 5.0 if abs(r["measured_pct"]) < 15 else 10.0
        within = abs(r["predicted_pct"] - r["measured_pct"]) <= tolerance
        if r["kind"] == "compile" and (r["measured_low_pct"] > 0 or r["measured_high_pct"] < 0):
            within = within and (r["predicted_pct"] > 0) == (r["measured_low_pct"] > 0)
        assert within != ((r["model"], r["trace"], r["kind"]) in misses), r


@pytest.mark.skipif(not BLIND_S13.is_dir(), reason="the fifth blind set is captured on the device after this test is committed")
def test_blind_set_of_session_13_within_tolerance_or_known_misses():
    rows = _blind_rows(BLIND_S13, BLIND_S13_MODELS)
    assert len({r["model"] for r in rows}) >= 3
    assert {r["kind"] for r in rows} >= {"compile", "fused_optimizer", "cuda_graphs"}
    assert {r["trace"] for r in rows} >= {"eager", "eager-incl", "compiled"}
    _assert_within_tolerance_or_known_misses(rows, BLIND_S13_MISSES)


#: A sixth blind set, written on 2026-11-27 (session 14) with the advice models as committed at the end of session 13,
#: before these models ran anywhere: a convolutional VAE (transposed convs, randn_like, a KL term), a Perceiver
#: (cross-attention from a latent array, attention written out with matmul and softmax), gMLP (spatial gating across
#: tokens) and transformers' BLOOM (ALiBi through baddbmm). Measured as the A/B should be: the A/B's rounds first, then
#: the same process's loop profiled eager at steps 160-164 (benchmarks/gpu_ab_first.sh; a profiled window leaves a
#: process 1.2-1.7x slower, benchmarks/after_profiler.py); the compiled profile (steady steps 10-14, for `cuda_graphs`)
#: and the eager profile with its first steps (0-7, "-incl") each in its own process. The A/B's results sealed until this
#: test and the models were committed. Tolerance, written here before the capture: the issue's (10 points, 5 where the
#: change is worth under 15%), and the sign of `compile` right wherever the A/B's rounds agree on it; on the steady and
#: the compile-included eager traces.
BLIND_S14 = ROOT / "sample_traces" / "gpu" / "models-blind-s14"
BLIND_S14_MODELS = ("vae", "perceiver", "gmlp", "bloom")
#: misses on the blind set, with the reason (filled in after the outcome was read; docs/benchmarks.md)
BLIND_S14_MISSES: dict[tuple[str, str, str], str] = {
    ("vae", "eager", "compile"): "+14.9 points: not advised (+0.8%, band -4..+10), -14.9% measured (rounds -22.7..-12.0): "
                                 "torch.compile(model) leaves the loss, computed outside the model (MSE and the KL term, "
                                 "20 ops and their backward per step), eager, where the model compiles every op of the step; "
                                 "with those ops kept eager (after the outcome was read) it predicts -10.1%",
    ("vae", "eager-incl", "compile"): "+22.3 points, the sign wrong (7.4% predicted): as on the steady trace, and the window "
                                      "at steps 0-7 has no unprofiled step before it: the steps after it, which run "
                                      "slower after a profile (4.05 ms against the A/B's 3.87), scale the host time",
    ("gmlp", "eager-incl", "compile"): "+6.3 points (13.4% predicted, 7.1% measured, rounds -12.9..18.2): the steps timed "
                                       "after the window ran 7.15 ms, the A/B's 7.07, the steady trace's process 6.04 "
                                       "(5.1% predicted there, -2.0 points)",
    ("perceiver", "eager-incl", "compile"): "+11.8 points (27.6% predicted, 15.8% measured): the steps timed after the "
                                            "window ran 16.97 ms, the A/B's 14.08 (20.4% on the steady trace, +4.6)",
    ("perceiver", "eager-incl", "fused_optimizer"): "-5.07 points (9.28% predicted, 14.35% measured, rounds 2.5..24.1): "
                                                    "0.07 outside; -4.0 on the steady trace",
}


@pytest.mark.skipif(not BLIND_S14.is_dir(), reason="the sixth blind set is captured on the device after this test is committed")
def test_blind_set_of_session_14_within_tolerance_or_known_misses():
    rows = _blind_rows(BLIND_S14, BLIND_S14_MODELS)
    assert len({r["model"] for r in rows}) >= 3
    assert {r["kind"] for r in rows} >= {"compile", "fused_optimizer", "cuda_graphs"}
    assert {r["trace"] for r in rows} >= {"eager", "eager-incl", "compiled"}
    _assert_within_tolerance_or_known_misses(rows, BLIND_S14_MISSES)


#: A seventh blind set, written on 2026-11-27 (session 14) and committed before these models ran anywhere: transformers'
#: DistilBERT, a tabular residual MLP with BatchNorm1d and dropout, a siamese conv encoder with a contrastive loss
#: outside the model, torch's nn.Transformer encoder-decoder. Measured as the sixth: the A/B's rounds first (arms
#: compiled, fused and compiled-loss: the forward and the loss compiled together, scored as `compile+loss` rows), then
#: the same process's loop profiled eager at steps 160-164 (benchmarks/gpu_ab_first.sh, SEALED=1). It was written to
#: score a compile model whose constants scale with the process's speed (the median eager launch call; the constants
#: measured so in the same device call, before the models ran); that model was not kept (docs/benchmarks.md: 3 of 8
#: compile rows here against 4 of 8 unscaled, 19 of 39 against 17 of 39 in sample), and the rows below are the model
#: as committed. Tolerance, written here before the capture: the issue's (10 points, 5 where the change is worth under
#: 15%), and the sign of `compile` right wherever the A/B's rounds agree on it; the steady eager trace only.
BLIND_S14B = ROOT / "sample_traces" / "gpu" / "models-blind-s14b"
BLIND_S14B_MODELS = ("distilbert", "tabular", "siamese", "seq2seq")
#: misses on the blind set, with the reason (filled in after the outcome was read; docs/benchmarks.md)
BLIND_S14B_MISSES: dict[tuple[str, str, str], str] = {
    ("seq2seq", "eager", "compile"): "+10.2 points (36.0% predicted, 25.8% measured, rounds 20.4..31.2); compiled with its "
                                     "loss 28.2%: +7.8, within; a compiled profile in a process of its own (after the "
                                     "scoring) ran the compiled step in 7.56 ms against the A/B's 11.18, with 145 kernels "
                                     "per step predicted and 157 launched",
    ("siamese", "eager", "compile"): "+8.6 points (17.2% predicted, 8.6% measured): the contrastive loss, outside the "
                                     "model, stays eager under torch.compile(model); compiled with its loss 23.2%: -6.0, within",
    ("tabular", "eager", "compile"): "+13.3 points (15.5% predicted, 2.1% measured, rounds -11.4..8.0): compiling barely "
                                     "shortened the 2.8 ms step in the A/B; a compiled profile in a process of its own "
                                     "(after the scoring) ran it in 2.10 ms against the A/B's compiled 2.71 (24% under its "
                                     "eager 2.77), 17 generated kernels per step predicted and 11 launched",
    ("tabular", "eager", "compile+loss"): "+10.5 points (15.5% predicted, 4.9% measured): as compiled alone",
}


@pytest.mark.skipif(not BLIND_S14B.is_dir(), reason="the seventh blind set is captured on the device after this test is committed")
def test_blind_set_seven_within_tolerance_or_known_misses():
    rows = _blind_rows(BLIND_S14B, BLIND_S14B_MODELS, tags=("",))
    assert len({r["model"] for r in rows}) >= 3
    assert {r["kind"] for r in rows} >= {"compile", "fused_optimizer"}
    _assert_within_tolerance_or_known_misses(rows, BLIND_S14B_MISSES)

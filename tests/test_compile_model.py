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
from traceview.analysis.advice.advise import compile_replayed
from traceview.analysis.analyze import analyze
from traceview.trace import catalogue, load
from traceview.trace.run_files import dynamo_record, run_files

ROOT = Path(__file__).resolve().parents[1]
MODELS = ROOT / "sample_traces" / "gpu" / "models"
GPT2 = ROOT / "sample_traces" / "gpu" / "predictions" / "gpt2-eager"
sys.path.insert(0, str(ROOT / "benchmarks"))

KNOWN_MISSES = {
    ("mixer", "compile"): "+16.1 points: Inductor's mixer graphs launch 218 kernels per step, 190 predicted (split "
                          "reductions counted; layout copies around the token-mixing transposes not), and the profile "
                          "run's steps without the profiler took 7.2 ms against the A/B's 5.6 ms eager step",
    ("bert", "cuda_graphs"): "a CUDA-graph replay is costed 0.16 ms per call (A*B+C's one-kernel graph); BERT's graphs "
                             "with many inputs cost more per replay",
    ("gru", "fused_optimizer"): "measured 0.5% with rounds from -14.9% to +9.4%: the A/B's own spread is above the "
                                "tolerance",
    # the blind set: captured after the model was frozen, nothing changed since
    ("cnn", "compile"): "compiling made the step 17% slower, 8.5% faster predicted: the compiled graphs' host time "
                        "(144 generated kernels per step, 99 predicted with batch norm decomposed and channels-last weight "
                        "copies; 54 before) is more than the constants give; in the profile's own processes the compiled "
                        "step was 10% slower",
    ("vit", "compile"): "+22.9 points: 220 kernels predicted, 246 launched; the profile run's eager steps (11.9 ms "
                        "before the window) slower than the A/B's (8.9 ms)",
    ("llama", "cuda_graphs"): "the replay's per-call cost is a one-kernel graph's; Llama's graphs copy and check more inputs",
    ("vit", "fused_optimizer"): "measured 2.3% (rounds -3.1% to +6.9%), predicted 7.5%: 0.2 points outside the 5",
    # the third set (mobilenet, tcn): captured after batch norm and channels-last entered the model (e43c269), scored
    # blind there; the 1-d convolution rule was added after seeing tcn's compiled trace (docs/benchmarks.md)
    ("mobilenet", "compile"): "compiling made the step 26% slower; -2.2% predicted (not advised): 118 generated kernels "
                              "per step predicted, 152 launched, each costing more host time than the constants give",
    ("tcn", "compile"): "-4.1% predicted, +6.3% measured; the profile's own processes had the compiled step 17% slower "
                        "(4.9 against 5.8 ms): Inductor fuses each 1-d batch norm with its convolution's bias and GELU "
                        "into one reduction kernel (29 generated kernels per step, 74 predicted)",
    ("tcn", "fused_optimizer"): "measured 6.0% (rounds -6.2% to +12.9%), predicted 12.5%: inside the A/B's spread",
    # the fourth set (unet, convnext): captured after the 1-d convolution rule, scored blind on be86f5c's model
    ("unet", "compile"): "compiling made the step 33% slower; -1.9% predicted (not advised): 199 kernels per step "
                         "predicted, 236 launched (ConvTranspose2d's and the concatenations' layout work not counted)",
    ("convnext", "compile"): "compiling made the step 11% slower, 4.2% faster predicted (the compiled graphs' host time; "
                             "kernels per step within 6%)",
    ("unet", "fused_optimizer"): "measured -1.5% (rounds -9.6% to +11.8%), predicted 12.5%: the A/B's rounds span 0",
}
#: compile predicted with the wrong sign where the A/B's rounds agree on it (the same reasons as above)
WRONG_SIGN = {"cnn", "tcn", "convnext"}


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
    return [r for m in ("bert", "gru", "mixer", "vit", "cnn", "llama", "mobilenet", "tcn", "unet", "convnext")
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
    from traceview.analysis.advice.advise import CHECKED
    from traceview.report.html.advice import advice_section

    path, trace = _trace(MODELS / "vit-eager")
    advice = analyze(trace, dynamo_record(run_files(path))).advice
    assert {"compile", "fused_optimizer"} <= {a.kind for a in advice}
    for a in advice:
        assert a.checked == CHECKED[a.kind] and a.as_dict()["checked"] == a.checked
    assert "Checked: out of sample (10 models, H200)" in advice_section(advice)


#: The same blind models profiled with compilation and the first steps inside the window (steps 0-7): misses.
KNOWN_MISSES_INCL = {
    ("cnn", "compile"): "+25.1 points: the same GPU slowdown of Inductor's BatchNorm kernels the steady trace misses",
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
    """The model's kernels per step (library kernels kept, runs fused, reductions over the batch split in two as
    Inductor splits them, batch norm generated, channels-last weight copies) against the launches inside the compiled
    trace's CompiledFunction and CompiledFunctionBackward, read from the raw JSON. Measured 2026-11-26 (tolerance set
    after that measurement): -6% to +15% (bert 272 / 279, mixer 190 / 202, vit 220 / 230, llama 243 / 212, the CNN
    251 / 225 once batch norm was generated: 263 before, by chance as close); counting each reduction as one kernel
    gave -19% to +4% (bert 231, mixer 163, vit 188, llama 221). mobilenet and tcn (the third set): their own bounds,
    from their first reading; unet's the same as mobilenet's (0.84), convnext within the others' 15%."""
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
    if model == "tcn":  # Inductor fuses each 1-d batch norm with the bias and GELU around it into one reduction
        assert 1.15 * real < predicted < 1.35 * real, (predicted, real)  # 202 / 164
    elif model in ("mobilenet", "unet"):  # more generated kernels than counted (mobilenet: 152 against 118)
        assert 0.7 * real < predicted < 0.87 * real, (predicted, real)  # 202 / 263, 199 / 236
    else:
        assert predicted == pytest.approx(real, rel=0.15), (predicted, real)
    assert step.fused_kernels > 0 and 0 < step.library_kernels < predicted


FRESH = ROOT / "sample_traces" / "gpu" / "models-cal"


@pytest.mark.parametrize("model", ["mixer", "vit", "cnn"])
def test_fresh_captures_with_the_default_and_the_calibrated_constants(model):
    """Three models captured again (2026-11-26, `profile --calibrate`, before the split-reduction count was written),
    each with an A/B of eager and compiled. With the default constants (benchmarks/micro_compile.py): mixer and vit
    within the tolerance; the CNN's the known BatchNorm miss (compiling made it slower). With the constants
    calibrated in the profiled process (call 0.23-0.49 ms, against micro_compile's 0.58-0.76): farther off on mixer
    and vit, so they are no better than the defaults (docs/benchmarks.md)."""
    from traceview.analysis.advice.advise import measured_costs
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
    if model == "cnn":
        assert measured < 0 < default  # Inductor's BatchNorm kernels: compiling was slower, predicted faster
    else:
        assert abs(default - measured) <= tolerance, (default, measured)
        assert abs(calibrated - measured) > abs(default - measured), (calibrated, default, measured)

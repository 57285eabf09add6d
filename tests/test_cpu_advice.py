"""CPU advice (issue 27 §4): `compile` as Inductor's C++ graphs, `fused_optimizer` for a CPU Adam/AdamW step, the
`threads` note, and no GPU-only kind on a CPU trace; each prediction against an interleaved A/B of the real change on
this repository's 2-core CPU host (sample_traces/cpu/models, benchmarks/cpu_models.sh). The models and their
constants (benchmarks/micro_compile.py, benchmarks/micro_optimizer.py) were fixed before these were measured. How
close the predictions come is tests/test_advice_record.py (a floor per kind).
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

from traceview.analysis.advice import compile_model as cm
from traceview.analysis.host import replay as rp
from traceview.analysis.advice.cpu import fused_optimizer_cpu
from traceview.analysis.advice.loading import threads_entry
from traceview.analysis.analyze import analyze
from traceview.trace import load
from traceview.trace.run_files import dynamo_record, run_files

ROOT = Path(__file__).resolve().parents[1]
MODELS = ROOT / "sample_traces" / "cpu" / "models"
sys.path.insert(0, str(ROOT / "benchmarks"))
GPU_ONLY = {"cuda_graphs", "static_inputs", "sync", "pageable_copy", "exposed_comm"}


def _run(name: str):
    path = sorted((MODELS / f"{name}-eager").glob("*.pt.trace.json*"))[0]
    trace = load(path)
    return path, trace, analyze(trace, dynamo_record(run_files(path)))


@pytest.fixture(scope="module", params=["mixer", "cnn", "gru", "vit"])
def run(request):
    return (request.param, *_run(request.param))


def test_no_gpu_only_advice_on_a_cpu_trace(run):
    _, _, trace, result = run
    assert not len(trace.gpu)
    assert not {a.kind for a in result.advice} & GPU_ONLY
    assert {a.kind for a in result.advice} & {"compile", "fused_optimizer"}  # never empty where a change helps


def test_a_cpu_training_step_is_a_forward_and_a_backward_graph(run):
    name, _, trace, result = run
    w = rp.process_window(trace, result.steady.used)
    model = cm.compiled_cpu_step(trace, w, rp.step_windows_of(result.steady.used, w), cm.COSTS["cpu"])
    if name == "gru":  # Dynamo does not trace nn.GRU: the forward splits around it (a graph before, one after)
        assert model.graphs == 3, name
    else:
        assert model.graphs == 2, name
    assert 0 < model.library_ops < model.eager_ops
    assert model.library_ms + model.fused_ms < model.eager_ms


def _optimizer_steps_plain(path: Path, start_ns: int, end_ns: int) -> list[float]:
    """Each Optimizer.step annotation in the window, from its start to the end of its last child op (µs -> ms), read
    from the raw JSON by time on its thread."""
    with gzip.open(path, "rt") as f:
        xs = [e for e in json.load(f)["traceEvents"] if e.get("ph") == "X"]
    out = []
    for e in xs:
        if not e["name"].startswith("Optimizer.step#") or not (start_ns <= e["ts"] * 1e3 + e["dur"] * 1e3 and e["ts"] * 1e3 <= end_ns):
            continue
        a, b = e["ts"], e["ts"] + e["dur"]
        inner = [o for o in xs if o.get("cat") == "cpu_op" and o["tid"] == e["tid"] and a <= o["ts"] and o["ts"] + o["dur"] <= b]
        tops = [o for o in inner if not any(p is not o and p["ts"] <= o["ts"] and o["ts"] + o["dur"] <= p["ts"] + p["dur"] for p in inner)]
        out.append((min(max(o["ts"] + o["dur"] for o in tops), end_ns / 1e3) - a) / 1e3)
    return out


def test_the_optimizer_step_leaves_out_the_profilers_step_hook():
    """The last step's annotation holds the profiler's export (gru: 128 ms); the step's own work ends with its last
    op, as a plain reading of the raw JSON gives it."""
    path, trace, result = _run("gru")
    w = rp.process_window(trace, result.steady.used)
    plain = _optimizer_steps_plain(path, w.start_ns, w.end_ns)
    a = fused_optimizer_cpu(trace, result.steady.used, None)
    profiled_share = sum(plain) / w.steps * (1 - 0.24) / ((w.end_ns - w.start_ns) / 1e6 / w.steps)
    assert max(plain) < 5  # no 128 ms step
    if a is None:
        assert profiled_share < 0.03
    else:
        assert a.saving_pct == pytest.approx(100 * profiled_share, rel=0.02)


def test_threads_only_when_the_capture_found_them_oversubscribed():
    """Ranked, with its estimate, where torch's threads did not fit the cores other processes left free; a note where
    no step says how long the work took; nothing where the threads fit."""
    from traceview.analysis.advice.loading import OVERSUBSCRIBED_SLOWDOWN
    from traceview.trace.host import HostRecord

    fits = HostRecord(usable_cores=2, torch_threads=2, other_busy_cores=0.1, oversubscribed=False, fair_threads=2)
    assert threads_entry(fits, 300.0, 40.0, 5, "unprofiled") is None
    busy = HostRecord(usable_cores=2, torch_threads=2, other_busy_cores=1.9, oversubscribed=True, fair_threads=1)
    entry = threads_entry(busy, 300.0, 40.0, 5, "unprofiled")
    assert entry.kind == "threads" and entry.ranked and "torch.set_num_threads(1)" in entry.how
    assert entry.saving_ms_per_step == pytest.approx(260.0 * (1 - 1 / OVERSUBSCRIBED_SLOWDOWN))
    assert "try --change threads --threads 1" in entry.how and "2 intra-op threads on 2 usable cores" in entry.evidence
    note = threads_entry(busy, None, 0.0, None, "profiled")
    assert note is not None and not note.ranked


@pytest.mark.slow
def test_profile_calibrate_measures_the_compile_costs_here_and_the_advice_uses_them(tmp_path):
    """profile --calibrate times a compiled call and its kernels on this machine after the script (meta.json's
    host.calibration), outside the script's structured trace; the compile advice then names them as its constants."""
    from traceview.analysis.advice.compiled import compile_replayed, measured_costs
    from traceview.capture.profile_script import profile_script

    script = ROOT / "sample_traces" / "scripts" / "train_models.py"
    result = profile_script(script, ["--model", "mixer", "--iters", "12", "--batch", "4"], out_dir=tmp_path / "run",
                            steps="6:9", calibrate=True)
    assert result.exit_code == 0, result.traceback
    cal = json.loads(result.meta_path.read_text())["host"]["calibration"]
    assert cal["device"] == "cpu" and cal["kernel_ms"] > 0 and cal["call_ms"] >= 0
    eager = [r for r in cal["rows"] if r["mode"] == "eager"]
    assert [r["n"] for r in eager] == [2, 8, 24] and eager[-1]["kernels"] > eager[0]["kernels"]  # more blocks, more kernels
    log = result.torch_trace.read_bytes() if result.torch_trace else b""
    assert b"calibrate.py" not in log  # the calibration's compiles are not the script's
    trace = load(result.trace)
    dynamo = dynamo_record(run_files(result.trace))
    costs = measured_costs(dynamo.host, "cpu")
    assert costs is not None and costs.kernel_ms == cal["kernel_ms"] and "profile --calibrate" in costs.source
    assert measured_costs(dynamo.host, "cuda") is None  # measured on another kind of device: the defaults
    windows = analyze(trace, dynamo).steady.used
    entry = compile_replayed(trace, windows, dynamo.unprofiled_step_ms, costs)
    if entry is not None:
        assert "profile --calibrate" in entry.assumptions


def test_the_oversubscribed_slowdown_is_the_median_of_its_committed_micro_benchmark():
    """OVERSUBSCRIBED_SLOWDOWN is derived, not chosen: the median over the models of
    benchmarks/results/micro_oversubscribed-2026-12-07-cpu.json, measured with 80 steps per arm in one process."""
    import statistics

    from traceview.analysis.advice.loading import OVERSUBSCRIBED_SLOWDOWN

    result = json.loads((ROOT / "benchmarks" / "results" / "micro_oversubscribed-2026-12-07-cpu.json").read_text())
    busy = result["busy_siblings"]
    assert all(m["steps_per_arm"] >= 80 for m in busy.values())
    assert OVERSUBSCRIBED_SLOWDOWN == pytest.approx(statistics.median(m["slowdown"] for m in busy.values()), abs=0.01)

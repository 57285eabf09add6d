"""Each advice mechanism kept apart, on the cases where mixing them misled (issue 71; tests/data/cases).

- compile and CUDA graphs are two entries on an eager trace: compiling keeps the wrapper's launches and what runs after
  the backward (clipping) eager; CUDA graphs replay the same graphs for a call each, and include what compiling saves;
- a GPU-bound loop with no sync: launch calls that waited for room in a full launch queue are waits on the GPU
  (checked against the raw JSON), so TF32 and bf16 get their own figures past the host's old floor;
- a DataLoader that takes 0.2% of a step is not data loading's 49%: the intra-op threads fighting another process are.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np
import pytest

from conftest import ROOT, SAMPLES
from traceview.analysis.advice.record import step_sum
from traceview.analysis.analyze import analyze
from traceview.analysis.host import replay as rp
from traceview.analysis.host.queue_waits import QUEUE_FULL, SLOW_FACTOR
from traceview.trace import load
from traceview.trace.run_files import dynamo_record, run_files

CASES = ROOT / "tests" / "data" / "cases"


def _analysis(path: Path):
    files = run_files(path)
    return analyze(load(files.trace), dynamo_record(files))


def _ranked(result) -> dict:
    return {a.kind: a for a in result.advice if a.ranked}


def test_compile_and_cuda_graphs_are_two_entries_on_the_eager_gpt():
    ranked = _ranked(_analysis(CASES / "gpt-bf16-eager"))
    compile_, graphs = ranked["compile"], ranked["cuda_graphs"]
    assert 'mode="reduce-overhead"' in graphs.how and graphs.shares_with == "compile"
    assert graphs.saving_pct > compile_.saving_pct + 30  # the launches' host time goes only with CUDA graphs
    assert "after the backward" in compile_.assumptions


def test_what_runs_after_the_backward_stays_eager():
    """The GPT clips its gradients between the backward and the optimizer: those ops are in no compiled graph."""
    from traceview.analysis.advice import compile_model as cm

    result = _analysis(CASES / "gpt-bf16-eager")
    trace = load(run_files(CASES / "gpt-bf16-eager").trace)
    w = rp.process_window(trace, result.steady.used)
    steps = rp.step_windows_of(result.steady.used, w)
    model = cm.compiled_step(trace, w, rp.blocking_calls(trace, w), steps, cm.COSTS["cuda"])
    s = trace.slices
    names = s["name"].to_numpy()[model.ops]
    norm = [i for i, n in enumerate(names) if str(n) == "aten::_foreach_norm"]
    assert norm and all(model.op_stretch[i] == -1 for i in norm)  # clip_grad_norm_'s norm stays eager
    linear = [i for i, n in enumerate(names) if str(n) == "aten::linear"]
    assert linear and all(model.op_stretch[i] >= 0 for i in linear)  # the forward compiles
    assert model.graphs == 2


def _queued_from_the_raw_json(path: Path, window: tuple[int, int]) -> int:
    """Launch calls of the window that took over SLOW_FACTOR x the median launch and returned while QUEUE_FULL or more
    kernels were launched and not started, counted from the raw JSON (ts in µs)."""
    with gzip.open(path, "rt") as f:
        events = [e for e in json.load(f)["traceEvents"] if e.get("ph") == "X"]
    launch_names = ("cudaLaunchKernel", "cudaLaunchKernelExC", "cuLaunchKernel", "cuLaunchKernelEx", "cudaMemsetAsync",
                    "cudaMemcpyAsync")
    launches = {e["args"]["correlation"]: e for e in events if e.get("cat") in ("cuda_runtime", "cuda_driver")
                and e["name"] in launch_names and "correlation" in e.get("args", {})}
    gpu = [e for e in events if e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset")
           and e.get("args", {}).get("correlation") in launches]
    queued_at = np.sort([launches[e["args"]["correlation"]]["ts"] for e in gpu])
    started = np.sort([e["ts"] for e in gpu])
    mine = [e for e in launches.values() if window[0] <= e["ts"] * 1e3 <= window[1]]
    median = np.median([e["dur"] for e in mine])
    count = 0
    for e in mine:
        end = e["ts"] + e["dur"]
        if e["dur"] > SLOW_FACTOR * median:
            queue = np.searchsorted(queued_at, end, side="right") - np.searchsorted(started, end, side="right")
            count += queue >= QUEUE_FULL
    return count


def test_full_queue_launches_are_waits_on_the_gpu_as_the_raw_json_has_them():
    folder = CASES / "gpt-fp32-nosync"
    trace_path = next(folder.glob("*.pt.trace.json.gz"))
    result = _analysis(folder)
    trace = load(trace_path)
    w = rp.process_window(trace, result.steady.used)
    queued = rp.blocking_calls(trace, w).queued
    assert len(queued) > 50 and (queued["wait_ns"] > 0).all()
    assert len(queued) == _queued_from_the_raw_json(trace_path, (w.start_ns, w.end_ns))


def test_tf32_and_bf16_get_their_own_figures_past_the_hosts_old_floor():
    ranked = _ranked(_analysis(CASES / "gpt-fp32-nosync"))
    tf32, bf16 = ranked["precision"], ranked["autocast"]
    assert tf32.saving_pct > 60 and bf16.saving_pct > tf32.saving_pct  # both were 50.7% at the floor
    assert "set_float32_matmul_precision" in tf32.how and "autocast" in bf16.how


def test_a_busy_two_core_lstm_ranks_threads_not_data_loading():
    result = _analysis(CASES / "cpu-lstm-busy")
    ranked = _ranked(result)
    assert "threads" in ranked and "input" not in ranked
    note = next(a for a in result.advice if a.kind == "input")
    assert note.shares_with == "threads" and "the workers add 0%" in note.evidence
    assert ranked["threads"].saving_ms_profiled is not None  # both scales on a CPU entry
    assert step_sum(result.advice) <= 100.0


@pytest.mark.parametrize("run", ["gpu/models/bert-eager", "gpu/models/vit-eager", "gpu/loader/cnn-input",
                                 "cpu/loader/cnn-input", "gpu/precision/gpt-fp32"])
def test_the_ranked_shares_never_sum_past_the_step(run):
    result = _analysis(SAMPLES / run)
    assert 0 < step_sum(result.advice) <= 100.0


def test_dynamo_does_not_trace_an_rnn_so_compiling_a_gru_is_not_cuda_graphs():
    """gru-compiled's own Dynamo counters: 'Attempted to wrap RNN, GRU, or LSTM'. The GRU stays eager in the compile
    model, and CUDA graphs, which measured 1% there, are not ranked."""
    ranked = _ranked(_analysis(SAMPLES / "gpu" / "models" / "gru-eager"))
    assert "cuda_graphs" not in ranked and "compile" not in ranked

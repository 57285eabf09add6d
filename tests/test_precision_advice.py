"""The wins users miss first (issue 65): `precision` (TF32), `autocast` (bf16), `cudnn_benchmark`, `channels_last`, the
batch-size note, and `graph_break` from a bare trace.

Firing cases are real GPU-bound traces (sample_traces/gpu/precision, captured with their in-process A/B); quiet cases
are host-bound ones, where the GPU already waits and a faster kernel saves nothing.
"""

from __future__ import annotations

import gzip
import json
import re

import pytest

from conftest import SAMPLES
from traceview.analysis.advice import precision as pr
from traceview.analysis.analyze import analyze
from traceview.trace import catalogue, load
from traceview.trace.run_files import dynamo_record, run_files

FP32_NAMES = ["void cutlass::Kernel2<cutlass_80_simt_sgemm_128x64_8x5_nt_align1>(cutlass_80_simt_sgemm_128x64_8x5_nt_align1::Params)",
              "sm80_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize64x64x8_stage3_warpsize1x4x1_ffma_aligna4_alignc4_execute_kernel__5x_cublas",
              "ampere_sgemm_128x64_nn", "void implicit_convolve_sgemm<float, float, 128, 5, 5, 3, 3, 3, 1, false, false, true>(int)"]
TF32_NAMES = ["sm80_xmma_gemm_f32f32_tf32f32_f32_tn_n_tilesize128x128x16_stage4_warpsize2x2x1_tensor16x8x8",
              "cutlass_80_tensorop_s1688gemm_128x128_16x4_nn_align4",
              "sm80_xmma_fprop_implicit_gemm_tf32f32_tf32f32_f32_nhwckrsc_nchw_tilesize128x128x16"]
OTHER_NAMES = ["ampere_bf16_s16816gemm_bf16_128x128_ldg8_f2f_stages_32x5_nn", "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n",
               "triton_poi_fused_add_mul_0", "void at::native::vectorized_elementwise_kernel<4, at::native::AddFunctor<float>>"]


def test_kernel_names_say_float32_on_cuda_cores_or_tensor_cores():
    fp32, tf32 = re.compile(catalogue.FP32_MATH_KERNELS), re.compile(catalogue.TF32_MATH_KERNELS)
    assert all(fp32.search(n) and not tf32.search(n) for n in FP32_NAMES)
    assert all(tf32.search(n) and not fp32.search(n) for n in TF32_NAMES)
    assert not any(fp32.search(n) or tf32.search(n) for n in OTHER_NAMES)


def test_the_speedups_are_the_micro_benchmarks_and_grow_with_the_kernels_float32_time():
    measured = json.loads((SAMPLES.parent / pr.MEASURED).read_text())
    bins = [(b["fp32_us_to"] or float("inf"), b["tf32_speedup"], b["bf16_speedup"]) for b in measured["binned"]]
    assert list(pr.SPEEDUP[1:]) == bins and pr.SPEEDUP[0] == (10.0, 1.0, 1.0)  # under 10 µs: no shape that short
    assert pr.CUDNN_BENCHMARK_SPEEDUP == measured["cudnn_benchmark_speedup_median"]
    tf32 = [pr.speedup(us, "tf32") for us in (1, 20, 50, 200, 500, 5000)]
    bf16 = [pr.speedup(us, "bf16") for us in (1, 20, 50, 200, 500, 5000)]
    assert tf32 == sorted(tf32) and bf16 == sorted(bf16)
    # bf16 beats TF32 from 30 µs of float32 up; below, both are launch- and latency-bound (bf16 pays its casts)
    assert all(b > t for b, t in zip(bf16[2:], tf32[2:])) and bf16[1] < tf32[1]


@pytest.mark.parametrize("run", ["bert-eager", "llama-eager", "vit-eager"])
def test_host_bound_float32_models_get_no_precision_advice(run):
    """Their GEMMs are float32 on CUDA cores (a plain reading of the raw JSON), but the host bounds the step: the
    GPU is busy under a third of it, and faster kernels would only wait longer."""
    folder = SAMPLES / "gpu" / "models" / run
    path = next(folder.glob("*.pt.trace.json.gz"))
    with gzip.open(path, "rt") as f:
        kernels = [e["name"] for e in json.load(f)["traceEvents"] if e.get("cat") == "kernel"]
    fp32 = re.compile(catalogue.FP32_MATH_KERNELS)
    assert sum(bool(fp32.search(n)) for n in kernels) > 10
    result = analyze(load(path), dynamo_record(run_files(path)))
    assert not {"precision", "autocast"} & {a.kind for a in result.advice if a.ranked}
    assert result.overhead.gpu_busy_ms < 0.5 * (result.overhead.gpu_busy_ms + result.overhead.gpu_idle_ms)


def test_a_bare_compiled_trace_shows_its_graph_break():
    """GPT-2 under reduce-overhead split by transformers' logging call (sample_traces/gpu/predictions): without its
    structured trace, the regions called inside another's call say a break split the frame, and `graph_break` is
    advised from them; with the structured trace, the break's own line and reason."""
    folder = SAMPLES / "gpu" / "predictions" / "gpt2-reduce-overhead"
    path = next(folder.glob("*.pt.trace.json.gz"))
    bare = {a.kind: a for a in analyze(load(path)).advice}
    assert "graph_break" in bare and bare["graph_break"].ranked and bare["graph_break"].where is None
    assert "structured trace" in bare["graph_break"].how
    logged = {a.kind: a for a in analyze(load(path), dynamo_record(run_files(path))).advice}
    assert logged["graph_break"].where and "modeling_utils.py" in logged["graph_break"].where
    # the nobreak script, the same model: no region inside another, no graph_break
    calm = folder.parent / "gpt2-reduce-overhead-nobreak"
    assert "graph_break" not in {a.kind for a in analyze(load(next(calm.glob("*.pt.trace.json.gz")))).advice}


def test_the_batch_size_note_is_never_ranked_and_says_how_busy_the_gpu_is():
    """GPT-2 under CUDA graphs already: its GPU idles and no ranked change says why, so the note says the batch is
    small. On eager BERT the idle GPU is what CUDA graphs would fill (ranked): no note."""
    path = next((SAMPLES / "gpu" / "predictions" / "gpt2-reduce-overhead-nobreak").glob("*.pt.trace.json*"))
    notes = [a for a in analyze(load(path), dynamo_record(run_files(path))).advice if a.kind == "batch_size"]
    assert len(notes) == 1 and not notes[0].ranked and re.search(r"the GPU is busy [\d.]+ ms of each", notes[0].evidence)
    path = next((SAMPLES / "gpu" / "models" / "bert-eager").glob("*.pt.trace.json.gz"))
    advice = analyze(load(path), dynamo_record(run_files(path))).advice
    assert any(a.kind == "cuda_graphs" and a.ranked for a in advice)
    assert not [a for a in advice if a.kind == "batch_size"]


PRECISION = SAMPLES / "gpu" / "precision"


def _ab_share(case: str, arm: str) -> float:
    return 100 * json.loads((PRECISION / case / "ab.json").read_text())["arms"][arm]["saving_share"]


def test_a_gpu_bound_float32_gpt_gets_precision_and_autocast_within_10_points_of_its_ab():
    """Width 1024, 6 layers, batch 32 x 256 on an H100 (benchmarks/gpu_precision.sh): its host runs ahead, so most of
    the window's GPU work runs after the host's window ends, and the window opens on a synchronize that waits for the
    steps before it. The A/B (ab.json: float32, TF32 and bf16 autocast alternating in one process) measured 65% and
    79%."""
    path = PRECISION / "gpt-fp32" / "train_precision.pt.trace.json.gz"
    with gzip.open(path, "rt") as f:
        events = json.load(f)["traceEvents"]
    window = [e for e in events if e.get("name", "").startswith("ProfilerStep#") and e.get("cat") == "user_annotation"]
    start = min(e["ts"] for e in window)
    first_sync = min((e for e in events if e.get("name") == "cudaDeviceSynchronize" and e["ts"] >= start), key=lambda e: e["ts"])
    result = analyze(load(path), dynamo_record(run_files(path)))
    shares = {a.kind: a.saving_pct for a in result.advice if a.ranked}
    assert abs(shares["precision"] - _ab_share("gpt-fp32", "precision")) <= 10
    assert abs(shares["autocast"] - _ab_share("gpt-fp32", "autocast")) <= 10
    (precision,) = [a for a in result.advice if a.kind == "precision"]
    # the synchronize that opens the window waited ~84 ms for the backlog (the raw JSON's own duration)
    assert first_sync["dur"] > 50_000 and "float32 GEMM/convolution kernels per step" in precision.evidence
    assert "x6.1 above 1 ms" in precision.assumptions


def test_the_host_bound_float32_gpt_of_the_same_session_gets_neither():
    """Width 256, 2 layers, batch 8 x 128, same H100 session: TF32 measured +0.2% and bf16 autocast -11%."""
    path = PRECISION / "small" / "train_precision.pt.trace.json.gz"
    assert abs(_ab_share("small", "precision")) < 3 and _ab_share("small", "autocast") < 0
    result = analyze(load(path), dynamo_record(run_files(path)))
    assert not {"precision", "autocast"} & {a.kind for a in result.advice if a.ranked}

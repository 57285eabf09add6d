"""FLOPs from record_shapes: equal to torch's own FlopCounterMode and profiler flop counts on a real
CPU capture, to the GPT-2 model's analytic count on the H200 training trace, and to TraceLens's
perf model; achieved TFLOP/s and the roofline on real kernels."""

from __future__ import annotations

import gzip
import json

import pytest

from conftest import DATA
from traceview.analysis.kernels.flops import call_flops, kernel_flops, op_flops
from traceview.analysis.kernels.peaks import peak_tflops
from traceview.trace import load

MEMORY_TRACE = DATA / "training" / "gpt2-memory.json.gz"
FACTS = json.loads((DATA / "training" / "gpt2-memory.facts.json").read_text())


@pytest.fixture(scope="module")
def gpt2(load_cached):
    from traceview.analysis.analyze import analyze

    trace = load_cached(MEMORY_TRACE)
    analysis = analyze(trace)
    return trace, analysis, kernel_flops(trace, analysis.attribution)


def test_flops_equal_torch_flop_counter_and_profiler_on_a_real_cpu_capture(tmp_path):
    import torch
    import torch.nn.functional as F
    from torch.profiler import ProfilerActivity, profile
    from torch.utils.flop_counter import FlopCounterMode

    torch.manual_seed(0)
    linear, conv = torch.nn.Linear(64, 96), torch.nn.Conv2d(3, 8, 3, stride=2, padding=1)

    def work():
        y = linear(torch.randn(32, 64, requires_grad=True))
        torch.bmm(torch.randn(4, 16, 32), torch.randn(4, 32, 8))
        torch.baddbmm(torch.randn(4, 16, 8), torch.randn(4, 16, 32), torch.randn(4, 32, 8))
        c = conv(torch.randn(2, 3, 16, 16, requires_grad=True))
        (y.sum() + c.sum() + F.relu(c).mean()).backward()

    with FlopCounterMode(display=False) as counter:
        work()
    with profile(activities=[ProfilerActivity.CPU], record_shapes=True, with_flops=True) as prof:
        work()
    path = tmp_path / "flops.json"
    prof.export_chrome_trace(str(path))
    ours = op_flops(load(path)).groupby("op")["flops"].sum().to_dict()
    theirs = {f"aten::{str(op).removeprefix('aten.')}": n for op, n in counter.get_flop_counts()["Global"].items()}
    assert ours == theirs
    assert set(ours) == {"aten::addmm", "aten::mm", "aten::bmm", "aten::baddbmm", "aten::convolution", "aten::convolution_backward"}
    # the profiler's with_flops (its own C++ formulas) agrees for the ops it counts
    profiler = {e.key: e.flops for e in prof.key_averages() if e.flops}
    for op in ("aten::addmm", "aten::mm", "aten::bmm", "aten::baddbmm"):
        assert profiler[op] == ours[op], op
    assert profiler["aten::conv2d"] == ours["aten::convolution"]


def test_gpt2_flops_equal_the_models_analytic_count(gpt2):
    """GPT-2, 2 layers x 256 wide, vocabulary 8192, 8 x 128 tokens, 3 steps (facts file)."""
    trace, _, flops = gpt2
    tokens, width, vocab, layers, steps, heads = FACTS["batch"] * FACTS["seq"], 256, 8192, FACTS["layers"], 3, 4
    assert FACTS["profiled_steps"] == [4, 5, 6]
    layer = 2 * tokens * width * (3 * width + width + 4 * width) + 2 * tokens * 4 * width * width  # qkv, proj, mlp up, mlp down
    lm_head = 2 * tokens * width * vocab
    by_op = flops.calls.groupby("op")["flops"].sum()
    assert by_op["aten::addmm"] == steps * layers * layer  # GPT-2's Conv1D layers are addmm
    assert by_op["aten::mm"] == steps * (lm_head + 2 * layers * layer + 2 * lm_head)  # lm_head forward, all backward GEMMs
    head = width // heads
    causal_attention = 2 * FACTS["batch"] * heads * FACTS["seq"] ** 2 * 2 * head // 2
    assert by_op["aten::_scaled_dot_product_efficient_attention"] == steps * layers * causal_attention
    assert by_op["aten::_scaled_dot_product_efficient_attention_backward"] == steps * layers * 2 * causal_attention


def test_kernels_sit_under_the_h200_roofline(gpt2):
    trace, analysis, flops = gpt2
    k = flops.kernels
    assert trace.devices[0].name == "NVIDIA H200"
    sgemm = k[k["name"].str.contains("gemm")]
    assert len(sgemm) >= 8 and (sgemm["dtype"] == "fp32").all() and (sgemm["peak_tflops"] == 67.0).all()
    # FP32 FFMA GEMMs (no TF32) reach 20-70 % of the 67 TFLOP/s FP32 peak, never above it
    assert ((k["tflops"] > 0) & (k["tflops"] <= k["attainable_tflops"])).all()
    assert sgemm["tflops"].max() > 30
    # achieved = flops / kernel time, recomputed from the attribution table
    table = analysis.attribution.kernels
    top = k.iloc[0]
    dur = table.loc[(table["name"].astype(str) == top["name"]) & (table["phase"] == "run"), "dur_ns"].sum()
    assert top["dur_ns"] == dur and top["tflops"] == pytest.approx(top["flops"] / dur / 1e3)


def test_each_calls_flops_are_shared_by_its_kernels_in_proportion_to_their_time(gpt2):
    trace, analysis, flops = gpt2
    table = analysis.attribution.kernels.assign(flops=flops.per_activity.reindex(analysis.attribution.kernels["activity_id"]).to_numpy())
    split_k = table[table["name"].astype(str).str.contains("splitKreduce")]
    assert len(split_k) and (split_k["flops"] > 0).all()  # cuBLAS's split-K reduce shares its mm's FLOPs
    assert table["flops"].sum() == pytest.approx(flops.calls["flops"].sum())


def test_peak_lookup_by_device_and_dtype():
    assert peak_tflops("NVIDIA H200", "bf16") == 989.4
    assert peak_tflops("NVIDIA H100 80GB HBM3", "fp32", "sm90_xmma_gemm_tf32f32_tf32f32") == 494.7
    assert peak_tflops("NVIDIA A100-SXM4-80GB", "fp16") == 312.0
    assert peak_tflops("Some GPU", "fp32") is None


def test_shapes_the_formulas_cannot_read_give_no_flops():
    assert call_flops("aten::mm", [[8, 4]], ["float"]) is None
    assert call_flops("aten::mm", None, None) is None
    assert call_flops("aten::convolution", [[1, 3, 8, 8], [4, 3, 3, 3], []], ["float", "float", ""],
                      ["", "", "", "[1, 1]", "[0, 0]", "[1, 1]", "True", "[0, 0]", "1"]) is None  # transposed


def test_flops_equal_tracelens_perf_model(gpt2):
    """TraceLens's GEMM and SDPA classes on the same raw events (addmm: TraceLens adds M*N for the
    bias). TraceLens is not on PyPI: its modules are kept in tests/third_party (pinned)."""
    perf_model = pytest.importorskip("TraceLens.PerfModel.perf_model")
    events = json.loads(gzip.decompress(MEMORY_TRACE.read_bytes()))["traceEvents"]
    models = {"aten::mm": perf_model.aten_mm, "aten::addmm": perf_model.aten_addmm,
              "aten::_scaled_dot_product_efficient_attention": perf_model.aten__scaled_dot_product_efficient_attention}
    trace, _, flops = gpt2
    start = trace.slices["start_ns"].to_numpy()
    ours = {(op, int(start[sid])): n for op, sid, n in zip(flops.calls["op"], flops.calls["slice_id"], flops.calls["flops"])}
    compared = 0
    for op, model in models.items():
        raw = [e for e in events if e.get("name") == op and e.get("ph") == "X"]
        assert len(raw) == sum(1 for key in ours if key[0] == op) > 0
        for event in raw:
            value = ours[(op, round(event["ts"] * 1000))]
            theirs = model(event).flops()
            if op == "aten::addmm":
                m, n = event["args"]["Input Dims"][1][0], event["args"]["Input Dims"][2][1]
                theirs -= m * n
            assert value == theirs, op
            compared += 1
    assert compared == 57 + 24 + 6


def test_every_way_the_loader_keeps_args_gives_the_same_flops(tmp_path, monkeypatch):
    """Args read again from the file (plain, in small pieces) or copied while loading (gzip)."""
    from traceview.trace import read

    expected = op_flops(load(MEMORY_TRACE))
    plain = tmp_path / "memory.json"
    plain.write_bytes(gzip.decompress(MEMORY_TRACE.read_bytes()))
    monkeypatch.setattr(read, "PIECE_BYTES", 256 * 1024)
    for path in (plain, MEMORY_TRACE):
        trace = load(path)
        assert type(trace.slice_args).__name__ == "SliceArgs"
        assert op_flops(trace).equals(expected), path
    assert len(expected) == 93


def test_a_convolutions_layout_conversions_do_none_of_its_flops():
    """cuDNN runs a convolution on NHWC between two layout conversions (nchwToNhwc, nhwcToNchw): the call's FLOPs go
    to its GEMM kernels only (a transpose at "96% of the roof" was the conversions sharing them), and no FLOP is
    lost: each call's FLOPs are still all on its kernels (a conv net on an H200, record_shapes=True)."""
    from pathlib import Path

    import numpy as np

    from traceview.analysis.analyze import analyze
    from traceview.trace.catalogue import tagged

    path = Path(__file__).resolve().parents[1] / "sample_traces/gpu/models/cnn-eager/train_models.pt.trace.json.gz"
    trace = load(path)
    result = analyze(trace)
    flops = result.flops
    layout = tagged(trace.gpu, "layout_kernel")
    assert layout.any()  # the trace has the conversions
    per = flops.per_activity.reindex(trace.gpu["activity_id"].to_numpy()).to_numpy()
    assert (per[layout] == 0).all() and (per[~layout] > 0).any()
    assert per.sum() == pytest.approx(float(flops.calls["flops"].sum()), rel=1e-9)
    names = set(flops.kernels["name"])
    assert not any("nchwToNhwc" in n or "nhwcToNchw" in n for n in names)
    assert np.isfinite(flops.kernels["tflops"]).all()


def test_shape_args_are_read_once_per_trace_and_a_failed_read_is_not_kept():
    """Trace.shape_args (trace/shapes.py): the same answer as each slice's own args, each slice's args read once however
    often asked (the FLOP counts and the compile model ask for overlapping ops), and a read that fails is read again."""
    import numpy as np

    trace = load(MEMORY_TRACE)
    ops = np.flatnonzero((trace.slices["cat"] == "cpu_op").to_numpy())
    reads = []

    class Counted(list):
        fail = False

        def __getitem__(self, i):
            if Counted.fail:
                raise OSError("gone")
            reads.append(i)
            return list.__getitem__(self, i)

    trace.slice_args = Counted(trace.slice_args[i] for i in range(len(trace.slices)))
    Counted.fail = True
    with pytest.raises(OSError):
        trace.shape_args(ops[:50])
    Counted.fail = False
    which, distinct = trace.shape_args(ops[:50])
    again, _ = trace.shape_args(ops)  # the first 50 are not read again
    assert sorted(reads) == sorted(ops.tolist()) and len(reads) == len(ops)
    assert (again[:50] == which).all() and len(distinct) > 1
    for op, n in zip(ops.tolist(), again.tolist()):
        args = trace.args(op)
        assert (distinct[n].dims, distinct[n].types) == (args.get("Input Dims"), args.get("Input type"))

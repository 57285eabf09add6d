"""Short kernel names (issue 23): what the tables print instead of full C++ signatures; JSON keeps both."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from conftest import ROOT, SAMPLES, spread

from hypothesis import given, settings
from hypothesis import strategies as st

from traceview.trace.kernel_names import _split_head, short_name, short_names

PUBLIC = ROOT.parent / "shared" / "traces" / "public"


@pytest.mark.parametrize("full,short", [
    ("void at::native::vectorized_elementwise_kernel<4, at::native::BinaryFunctor<float, float, float, "
     "at::native::binary_internal::MulFunctor<float> >, std::array<char*, 3ul> >(int, at::native::BinaryFunctor<float, "
     "float, float, at::native::binary_internal::MulFunctor<float> >, std::array<char*, 3ul>)",
     "vectorized_elementwise_kernel<MulFunctor>"),
    ("ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)", "nccl AllReduce Sum f32 RING_LL"),
    ("void cutlass::Kernel2<cutlass_80_simt_sgemm_256x128_8x4_nt_align1>(cutlass_80_simt_sgemm_256x128_8x4_nt_align1::Params)",
     "cutlass sgemm 256x128 nt"),
    ("sm80_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize32x32x8_stage3_warpsize1x2x1_ffma_aligna4_alignc4_execute_kernel__5x_cublas",
     "cublas gemm 32x32x8 tn"),
    ("void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::(anonymous namespace)::"
     "FusedOptimizerTensorListMetadata<4>, at::native::(anonymous namespace)::FusedAdamMathFunctor<float, 4, "
     "(at::native::ADAM_MODE)1, false>, float*, double, double, double, double, double, bool, float const*, "
     "float const*>(at::native::(anonymous namespace)::FusedOptimizerTensorListMetadata<4>)",
     "multi_tensor_apply_kernel<FusedAdamMathFunctor>"),
    ("triton_poi_fused_add_mul_0", "triton_poi_fused_add_mul_0"),
    ("graph_0_cpp_fused_relu_0", "graph_0_cpp_fused_relu_0"),
    ("Memcpy HtoD (Pinned -> Device)", "Memcpy HtoD (Pinned -> Device)"),
])
def test_known_names(full, short):
    assert short_name(full) == short


def _kernel_names(path: Path) -> list[str]:
    opener = gzip.open if path.name.endswith(".gz") else open
    try:
        with opener(path, "rt") as f:
            doc = json.load(f)
    except (ValueError, OSError, EOFError):
        return []
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    return sorted({str(e["name"]) for e in events if isinstance(e, dict) and e.get("cat") in ("kernel", "Kernel") and "name" in e})


TRACES = sorted(SAMPLES.glob("**/*.pt.trace.json.gz")) + sorted(PUBLIC.glob("*.json*"))


@pytest.mark.parametrize("trace", spread(TRACES, every=8, ids=lambda p: p.name))
def test_every_kernel_of_a_real_trace_gets_a_distinct_readable_name(trace):
    names = _kernel_names(trace)
    shorts = short_names(names)
    assert len(set(shorts)) == len(names)  # one table never shows two kernels under one name
    for full, short in zip(names, shorts):
        assert short and len(short) <= max(len(full), 12)
        if "<" not in full and "(" not in full and "gemm" not in full.lower() and not full.startswith(("nccl", "Cijk_")):
            assert short == full  # Inductor's and other plain names stay as they are


def test_short_names_keep_one_name_for_one_kernel_and_number_the_others():
    a = "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, std::array<char*, 1ul> >(int)"
    b = "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<int>, std::array<char*, 1ul> >(int)"
    assert short_names([a, b, a]) == ["vectorized_elementwise_kernel<FillFunctor>"] * 1 + ["vectorized_elementwise_kernel<FillFunctor> #2",
                                                                                             "vectorized_elementwise_kernel<FillFunctor>"]


def test_json_kernel_table_keeps_the_full_name_beside_the_short_one():
    from typer.testing import CliRunner

    from traceview.cli import app

    out = CliRunner().invoke(app, ["analyze", str(SAMPLES / "ddp_2rank" / "rank0.pt.trace.json.gz"), "--json"])
    rows = json.loads(out.stdout)["kernel_table"]
    nccl = next(r for r in rows if r["name"].startswith("ncclDevKernel"))
    assert nccl["short_name"] == "nccl AllReduce Sum f32 RING_LL" and "(" in nccl["name"]


def test_the_largest_kernel_finding_speaks_the_short_name():
    from traceview.analysis.analyze import analyze
    from traceview.trace import load

    a = analyze(load(SAMPLES / "gpu" / "predictions" / "gpt2-compiled"))
    finding = next(f for f in a.findings if f.topic == "kernels")
    top = a.kernels.iloc[0]
    assert top["name"].startswith("sm80_xmma_gemm") and f"the largest, {top['short_name']}, took" in finding.text
    assert top["name"] not in finding.text


def _split_head_by_characters(body: str) -> tuple[str, str]:
    """The head and template arguments read one character at a time (the reference)."""
    cut = next((i for i, ch in enumerate(body) if ch in "<("), len(body))
    if cut < len(body) and body[cut] == "<":
        depth = 0
        for j in range(cut, len(body)):
            depth += (body[j] == "<") - (body[j] == ">")
            if depth == 0:
                return body[:cut], body[cut + 1:j]
        return body[:cut], body[cut + 1:]
    return body[:cut], ""


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="ab<>( ):x", max_size=40))
def test_split_head_finds_the_brackets_a_character_walk_finds(body):
    assert _split_head(body) == _split_head_by_characters(body)

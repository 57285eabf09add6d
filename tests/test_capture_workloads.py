"""Every workload variant computes what the reference variant computes (CPU, tiny sizes)."""

from __future__ import annotations


import pytest
import torch

from traceview.capture.workloads import WORKLOADS, check_variant, get_workload
from traceview.errors import CaptureError

CPU = torch.device("cpu")
ON_CPU = [(w, v) for w in WORKLOADS.values() for v in w.variants.values() if v.why_not(CPU) is None]  # no CUDA graphs, APEX
PLAIN = [(w, v) for w, v in ON_CPU if not v.compiled]
COMPILED = [(w, v) for w, v in ON_CPU if v.compiled]


@pytest.fixture(autouse=True)
def _interpret_triton(monkeypatch):
    monkeypatch.setenv("TRITON_INTERPRET", "1")


@pytest.mark.parametrize("workload,variant", PLAIN, ids=[f"{w.name}-{v.name}" for w, v in PLAIN])
def test_variant_matches_reference_on_cpu(workload, variant):
    assert check_variant(workload, variant, workload.size("cpu", CPU), CPU) < 0.05


@pytest.mark.slow
@pytest.mark.parametrize("workload,variant", COMPILED, ids=[f"{w.name}-{v.name}" for w, v in COMPILED])
def test_compiled_variant_matches_reference_on_cpu(workload, variant):
    assert check_variant(workload, variant, workload.size("cpu", CPU), CPU) < 0.05


def test_every_workload_has_its_issue_variants():
    assert set(WORKLOADS["abc"].variants) == {"eager", "compiled", "max-autotune", "triton"}
    assert set(WORKLOADS["mpadam"].variants) == {"eager", "compiled-inplace", "compiled-return", "triton"}
    assert set(WORKLOADS["adam"].variants) == {"for-loop", "foreach", "fused", "compiled", "compiled-cudagraphs",
                                               "compiled-cpp-wrapper", "apex", "triton"}


def test_a_variant_that_computes_something_else_fails_the_check():
    wl = WORKLOADS["abc"]
    broken = wl.variants["eager"].__class__("broken", "a * b - c", lambda n, d: _wrong_abc(n, d))
    with pytest.raises(CaptureError, match="abc/broken: out differs from eager"):
        check_variant(wl, broken, 8, CPU)


def _wrong_abc(n, device):
    from traceview.capture.workloads.abc import _case

    return _case(lambda a, b, c: a * b - c, n, device)


def test_sizes_parse_presets_and_numbers():
    assert WORKLOADS["adam"].size("2x32", CPU) == (2, 32)
    assert WORKLOADS["abc"].size("100", CPU) == 100
    assert WORKLOADS["abc"].size(None, CPU) == WORKLOADS["abc"].sizes["cpu"]
    with pytest.raises(CaptureError, match="bad --size"):
        WORKLOADS["adam"].size("lots", CPU)


def test_unknown_workload_names_the_known_ones():
    with pytest.raises(CaptureError, match="abc, mpadam, adam"):
        get_workload("resnet")

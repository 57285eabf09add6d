"""The core analyses on the project's own H200 captures (sample_traces/gpu, see its README).

Each fact below was read off the trace by hand once (event names, ProfilerStep windows, launch
correlations) and is what the analysis must reproduce.
"""

from __future__ import annotations

import pytest

from conftest import SAMPLES
from traceview.analysis.analyze import analyze

GPU = SAMPLES / "gpu"


@pytest.fixture(scope="module")
def analyzed(load_cached):
    cache = {}

    def _get(relative: str):
        if relative not in cache:
            cache[relative] = analyze(load_cached(GPU / relative))
        return cache[relative]

    return _get


@pytest.mark.parametrize(
    "trace, per_step, api",
    [
        ("runs/abc/abc-eager.pt.trace.json.gz", 2, "cudaLaunchKernel"),
        ("runs/abc/abc-compiled.pt.trace.json.gz", 1, "cuLaunchKernel"),
        ("runs/abc/abc-triton.pt.trace.json.gz", 1, "cuLaunchKernelEx"),
        ("runs/mpadam/mpadam-eager.pt.trace.json.gz", 14, "cudaLaunchKernel"),
        ("runs/mpadam/mpadam-compiled-inplace.pt.trace.json.gz", 1, "cuLaunchKernel"),
        ("runs/mpadam/mpadam-compiled-return.pt.trace.json.gz", 1, "cuLaunchKernel"),
        ("runs/mpadam/mpadam-triton.pt.trace.json.gz", 1, "cuLaunchKernelEx"),
        ("runs/adam/adam-for-loop.pt.trace.json.gz", 350, "cudaLaunchKernel"),
        ("runs/adam/adam-foreach.pt.trace.json.gz", 21, "cudaLaunchKernel"),
        ("runs/adam/adam-fused.pt.trace.json.gz", 4, "cudaLaunchKernel"),
        ("runs/adam/adam-compiled.pt.trace.json.gz", 4, "cuLaunchKernel"),
        ("runs/adam/adam-triton.pt.trace.json.gz", 1, "cuLaunchKernelEx"),  # update + step increment in one launch
    ],
)
def test_kernels_per_step_and_launch_api_of_every_workload_variant(analyzed, trace, per_step, api):
    a = analyzed(trace)
    assert a.steps.source == "ProfilerStep"
    assert a.steps.kernels_per_step == [per_step] * 3
    assert set(a.attribution.kernels["api"].astype(str)) == {api}


def test_first_compiled_call_separates_compile_autotune_and_one_run_kernel(analyzed):
    a = analyzed("extras/abc-compiled-first-call/abc-compiled.pt.trace.json.gz")
    s = a.split
    assert s.compile_ids == ["0/0"]
    assert s.compile_ns > 1e9  # seconds of Dynamo + AOT + Inductor on a fresh cache
    assert 0 < s.autotune_ns < s.compile_ns
    assert set(s.spans.loc[s.spans["phase"] == "autotune", "name"]) <= {"CachingAutotuner.benchmark_all_configs", "CachingAutotuner.coordinate_descent_tuning"}
    counts = a.kernel_counts
    assert counts["runtime"] == 2 and counts["compile"] == counts["total"] - 2 > 500  # ~600 benchmark kernels
    phases = a.attribution.kernels["phase"].astype(str).value_counts().to_dict()
    assert phases == {"autotune": counts["compile"], "run": 2}
    # the function itself: one fused kernel per call, the first call included
    assert a.regions.by_region.set_index("region").loc["0/0", "kernels_per_call"] == [1, 1]
    run = a.attribution.kernels[a.attribution.kernels["phase"] == "run"]
    assert set(run["name"].astype(str)) == {"triton_poi_fused_add_mul_0"}
    # the first step is almost all compilation, and the findings say so
    assert any(f.text.startswith("ProfilerStep#0 took") and "compiling" in f.text for f in a.findings)
    assert {"aten::empty_strided", "aten::detach"} <= set(s.traced_ops["name"])


def test_max_autotune_replays_one_graph_per_call_plus_input_copies(analyzed):
    a = analyzed("runs/abc/abc-max-autotune.pt.trace.json.gz")
    assert a.graphs.count == 3 and a.graphs.kernels_per_launch == [1, 1, 1]
    graph_kernels = a.attribution.kernels[a.attribution.kernels["api"] == "cudaGraphLaunch"]
    assert set(graph_kernels["name"].astype(str)) == {"triton_poi_fused_add_mul_0"}
    assert a.regions.by_region.set_index("region").loc["0/0", "kernels_per_call"] == [11, 11, 11]
    assert any("~10 copy kernel(s) outside the graph" in f.text for f in a.findings)


def test_max_autotune_first_call_counts_cuda_graph_recording_as_one_time_cost(analyzed):
    a = analyzed("extras/abc-max-autotune-first-call/abc-max-autotune.pt.trace.json.gz")
    assert a.split.autotune_ns > 0 and a.graphs.count == 3
    assert a.steps.kernels_per_step == [1, 4, 4, 4]
    assert "CUDA graphs: record" in a.split.stages


def test_reduce_overhead_graph_launch_amortization(analyzed):
    a = analyzed("extras/reduce-overhead-steady/reduce_overhead.pt.trace.json.gz")
    g = a.graphs
    assert g.count == 6 and g.kernels_per_launch == [6] * 6
    assert g.single_launch_cpu_ns is not None
    assert g.graph_cpu_ns < g.eager_equivalent_cpu_ns  # one replay costs less than 6 launches
    assert a.regions.by_region.set_index("region").loc["0/0", "kernels_per_call"] == [7] * 6


def test_graph_break_gives_two_nested_regions(analyzed):
    a = analyzed("extras/graph-break-steady/graph_break.pt.trace.json.gz")
    by_region = a.regions.by_region.set_index("region")
    assert by_region.loc["0/0", "kernels_per_call"] == [2, 2, 2]  # its own kernel + the nested region's
    assert by_region.loc["1/0", "kernels_per_call"] == [1, 1, 1]
    calls = a.regions.calls
    assert set(calls.loc[calls["depth"] == 1, "region"]) == {"1/0"}
    k = a.attribution.kernels.set_index(a.attribution.kernels["name"].astype(str))
    assert set(k.loc["triton_poi_fused_mul_sin_0", "region"]) == {"0/0"}
    assert set(k.loc["triton_poi_fused_add_cos_0", "region"]) == {"1/0"}
    assert set(k.loc["triton_poi_fused_add_cos_0", "outer_region_id"]) <= set(calls.loc[calls["region"] == "0/0", "slice_id"])


def test_compiled_optimizer_step_first_call(analyzed):
    a = analyzed("extras/compiled-optimizer-first-call/compiled_optimizer.pt.trace.json.gz")
    assert a.split.compile_ids == ["0/0", "1/0", "2/0"]
    run = a.attribution.kernels[a.attribution.kernels["phase"] == "run"]
    fused = run[run["name"].astype(str).str.startswith("triton_for_fused")]
    assert len(fused) == 6 and (fused["api"] == "cuLaunchKernel").all()
    # kernels launched while building guards are compile time, not the optimizer's work
    compile_kernels = a.attribution.kernels[a.attribution.kernels["phase"] == "compile"]
    assert len(compile_kernels) == a.kernel_counts["compile"] > 0


def test_compiled_adam_step_runs_horizontally_fused_foreach_kernels(analyzed):
    a = analyzed("runs/adam/adam-compiled.pt.trace.json.gz")
    names = set(a.attribution.kernels["name"].astype(str))
    assert names == {f"triton_for_fused_{i}" for i in range(4)}
    assert a.steps.kernels_per_step == [4, 4, 4]


def test_findings_come_in_order_of_the_time_they_concern(analyzed):
    """Issue 21: after the advice, findings by how much time they concern; each finding's time is a number
    a plain reading of the trace gives."""
    import gzip
    import json

    from traceview.analysis.base.finding import ordered

    path = "runs/abc/abc-max-autotune.pt.trace.json.gz"
    a = analyzed(path)
    shown = ordered(a.findings)
    timed = [f.ms for f in shown if f.ms is not None]
    assert timed == sorted(timed, reverse=True) and timed
    assert [f.ms for f in shown[len(timed):]] == [None] * (len(shown) - len(timed))  # the untimed ones last
    with gzip.open(GPU / path, "rt") as f:
        events = json.load(f)["traceEvents"]
    kernels = [e for e in events if e.get("cat") == "kernel"]
    by = {f.topic: f for f in shown}
    # the copies beside the graph: every copy kernel the trace ran (all are launched beside the replays)
    copies = next(f for f in shown if "copy kernel(s) outside the graph" in f.text)
    expected = sum(e["dur"] for e in kernels if "copy" in e["name"] or "multi_tensor_apply" in e["name"]) / 1e3
    assert copies.ms == pytest.approx(expected, rel=1e-6)
    # the steps: the ProfilerStep annotations' durations
    steps = [e for e in events if e.get("cat") == "user_annotation" and e["name"].startswith("ProfilerStep#")]
    assert by["steps"].ms == pytest.approx(sum(e["dur"] for e in steps) / 1e3, rel=1e-6)
    # the largest kernel: its launches' summed time
    top = max({e["name"] for e in kernels}, key=lambda n: sum(e["dur"] for e in kernels if e["name"] == n))
    assert by["kernels"].ms == pytest.approx(sum(e["dur"] for e in kernels if e["name"] == top) / 1e3, rel=1e-6)


def test_data_warnings_lead_the_findings_whatever_their_time():
    from traceview.analysis.base.finding import Finding, ordered

    got = ordered([Finding("kernels", "k", ms=5.0), Finding("compile", "c", ms=900.0), Finding("regions", "r"),
                   Finding("data", "truncated", "warning"), Finding("overhead", "o", ms=5.0)])
    assert [f.text for f in got] == ["truncated", "c", "k", "o", "r"]  # ties keep the order they were made in

"""The CPU's kernels on the project's CPU captures (sample_traces/cpu, see its README): eager ATen ops
per call against the compiled graph's Inductor C++ kernels per call, and interpreted Triton launches.

The facts below were read off the raw JSON once (event names and categories inside each
``ProfilerStep#N``); a plain loop over the raw events checks the per-step counts of every trace.
"""

from __future__ import annotations

import gzip
import json
import re

import pytest
from typer.testing import CliRunner

from conftest import DATA, SAMPLES, h200
from traceview.trace import catalogue
from traceview.analysis.analyze import analyze
from traceview.cli import app
from traceview.report.json.analysis import analysis_document

CPU = SAMPLES / "cpu"
TRACES = sorted(CPU.glob("*/*.pt.trace.json.gz"))


@pytest.fixture(scope="module")
def analyzed(load_cached):
    cache = {}

    def _get(path):
        if str(path) not in cache:
            cache[str(path)] = analyze(load_cached(path))
        return cache[str(path)]

    return _get


def _trace(name: str):
    return CPU / name.split("-")[0] / f"{name}.pt.trace.json.gz"


@pytest.mark.parametrize(
    "name, per_step, kinds, kernel",
    [
        ("abc-eager", 2, {"aten": 2}, "aten::mul"),
        ("abc-compiled", 1, {"inductor_cpp": 1}, "graph_0_cpp_fused_add_mul_0"),
        ("abc-max-autotune", 1, {"inductor_cpp": 1}, "graph_1_cpp_fused_add_mul_0"),
        ("abc-triton", 2, {"aten": 1, "triton_interpreted": 1}, "triton_interpreted::abc_kernel"),  # + the launcher's empty_like
        ("mpadam-eager", 17, {"aten": 17}, "aten::mul"),
        ("mpadam-compiled-inplace", 1, {"inductor_cpp": 1}, "graph_0_cpp_fused__to_copy_add_copy_copy__div_mul_sqrt_sub_0"),
        ("mpadam-compiled-return", 1, {"inductor_cpp": 1}, "graph_1_cpp_fused__to_copy_add_copy_copy__div_mul_sqrt_sub_0"),
        ("mpadam-triton", 1, {"triton_interpreted": 1}, "triton_interpreted::mpadam_kernel"),
        ("adam-for-loop", 126, {"aten": 126}, "aten::add_"),
        ("adam-foreach", 40, {"aten": 40}, "aten::_foreach_add_"),
        ("adam-fused", 2, {"aten": 2}, "aten::_fused_adam_"),
        ("adam-compiled", 1, {"inductor_cpp": 1}, None),  # one C++ kernel for the whole foreach update
        ("adam-triton", 1, {"triton_interpreted": 1}, "triton_interpreted::multi_tensor_adam_kernel"),
    ],
)
def test_cpu_kernels_per_step_of_every_workload_variant(analyzed, name, per_step, kinds, kernel):
    a = analyzed(_trace(name))
    assert a.summary.kernels == 0 and a.steps.source == "ProfilerStep"
    assert a.cpu.kernels_per_step == [per_step] * 3
    assert {k: a.cpu.per_step[k].tolist() for k in kinds} == {k: [n] * 3 for k, n in kinds.items()}
    assert a.cpu.run_counts == {k: 3 * n for k, n in kinds.items()}
    if kernel is not None:
        assert kernel in set(a.cpu.by_name["name"])


def test_compiled_abc_runs_one_cpp_kernel_per_call_where_eager_runs_two_aten_ops(analyzed):
    eager, compiled = analyzed(_trace("abc-eager")), analyzed(_trace("abc-compiled"))
    assert eager.cpu.by_name.set_index("name")["count"].to_dict() == {"aten::mul": 3, "aten::add": 3}
    assert compiled.cpu.by_name["name"].tolist() == ["graph_0_cpp_fused_add_mul_0"]
    assert compiled.cpu.by_name["kind"].tolist() == ["inductor_cpp"]
    region = compiled.cpu.per_region.set_index("region").loc["0/0"]
    assert region["calls"] == 3 and region["kernels_per_call"] == [1, 1, 1] and region["steady_kernels_per_call"] == 1
    texts = " ".join(f.text for f in compiled.findings)
    assert "Compiled region 0/0: 3 call(s), 1 CPU kernel(s) per call" in texts
    assert "the CPU ran 1, 1, 1 kernel(s) per step (Inductor C++ ×1" in texts


def test_compiled_adam_step_nests_one_cpp_kernel_in_both_region_calls(analyzed):
    """torch.compile(opt.step): region 1/0 runs inside 0/0, and the one C++ kernel counts in each."""
    a = analyzed(_trace("adam-compiled"))
    by_region = a.cpu.per_region.set_index("region")
    assert by_region["kernels_per_call"].to_dict() == {"0/0": [1, 1, 1], "1/0": [1, 1, 1]}
    (name,) = a.cpu.by_name["name"]
    assert re.fullmatch(r"graph_0_cpp_fused__foreach_add__foreach_addcdiv_\w+_0", name)


def test_interpreted_triton_kernel_owns_the_interpreters_aten_copies(analyzed, load_cached):
    """abc-triton: each call is the launcher's aten::empty_like, then the interpreted kernel, whose
    copies in and out of NumPy (aten::copy_, set_, empty) nest inside it and are not kernels."""
    a = analyzed(_trace("abc-triton"))
    assert set(a.cpu.by_name["name"]) == {"triton_interpreted::abc_kernel", "aten::empty_like"}
    assert a.steps.steps["aten_ops"].tolist() == [29, 29, 29]  # top-level ATen ops, interpreter included
    assert any("Triton's interpreter (TRITON_INTERPRET=1)" in f.text and f.level == "warning" for f in a.findings)


def _raw_per_step(path) -> list[dict[str, int]]:
    """Per ProfilerStep, kernels by kind, read with a plain loop over the raw events: an Inductor C++
    kernel is a cpu_op named like one, an interpreted Triton launch its annotation, an ATen kernel an
    aten:: cpu_op inside no other aten op or kernel on its thread (containment by time)."""
    with gzip.open(path, "rt") as f:
        events = [e for e in json.load(f)["traceEvents"] if e.get("ph") == "X"]
    steps = sorted((e for e in events if re.fullmatch(r"ProfilerStep#\d+", e["name"])), key=lambda e: e["ts"])
    cpp = [e for e in events if e.get("cat") == "cpu_op" and catalogue.INDUCTOR_CPP_KERNEL.match(e["name"])]
    interpreted = [e for e in events if e["name"].startswith("triton_interpreted::")]
    aten = [e for e in events if e.get("cat") == "cpu_op" and e["name"].startswith("aten::")]
    outer = cpp + interpreted + aten

    def inside(e, o):
        return o is not e and o["tid"] == e["tid"] and o["ts"] <= e["ts"] and e["ts"] + e["dur"] <= o["ts"] + o["dur"] \
            and (o["ts"], -o["dur"]) < (e["ts"], -e["dur"])

    top_aten = [e for e in aten if not any(inside(e, o) for o in outer)]
    out = []
    for s in steps:
        def count(kernels):
            return sum(1 for e in kernels if s["ts"] <= e["ts"] < s["ts"] + s["dur"])
        out.append({"aten": count(top_aten), "inductor_cpp": count(cpp), "triton_interpreted": count(interpreted)})
    return out


@pytest.mark.parametrize("path", TRACES, ids=lambda p: p.name.split(".")[0])
def test_per_step_counts_equal_a_plain_reading_of_the_raw_json(analyzed, path):
    per_step = analyzed(path).cpu.per_step
    ours = [{k: int(r[k]) for k in ("aten", "inductor_cpp", "triton_interpreted")} for _, r in per_step.iterrows()]
    assert ours == _raw_per_step(path)


def test_sample_corpus_has_every_variant():
    assert len(TRACES) == 13


@pytest.mark.parametrize("name", ["graph_0_cpp_fused_add_mul_0", "cpp_fused_add_mul_0", "graph_12_cpp__3",
                                  "graph_0_cpp_fused__foreach_add__foreach_addcdiv_0", "graph_1_CppMicroGemm_cpp_fused_mm_0"])
def test_inductor_cpp_kernel_names_match(name):
    assert catalogue.INDUCTOR_CPP_KERNEL.match(name)


@pytest.mark.parametrize("name", ["aten::add", "my_cpp_helper", "triton_poi_fused_add_mul_0", "graph_0_triton_poi_fused_0", "cpp"])
def test_other_names_are_no_inductor_cpp_kernel(name):
    assert not catalogue.INDUCTOR_CPP_KERNEL.match(name)


def test_gpu_trace_has_no_cpu_kernels(analyzed):
    """With a GPU, ATen ops launch the kernels: none is counted as the CPU's kernel."""
    a = analyzed(h200("abc_eager"))
    assert a.summary.kernels == 6 and not a.cpu and a.cpu.kernels_per_step == []


def test_ops_traced_while_compiling_are_compile_phase_not_cpu_kernels(analyzed):
    """tests/data/cpu/compile_graph_break.json.gz (captured without the C++ kernel profile): Dynamo's
    aten ops on fake tensors are compile phase, so the steps count no kernel, and the finding says how
    to see the compiled graphs' C++ kernels."""
    a = analyzed(DATA / "cpu" / "compile_graph_break.json.gz")
    phases = a.cpu.kernels["phase"].astype(str).value_counts().to_dict()
    assert phases["compile"] > 500 and phases["run"] == 3  # run: the script's 3 aten::randn outside the steps
    assert a.cpu.kernels_per_step == [0, 0, 0]
    assert any("TORCHINDUCTOR_CPP_ENABLE_KERNEL_PROFILE=1" in f.text for f in a.findings)


def test_json_terminal_and_html_reports_show_the_cpu_kernels(analyzed, tmp_path):
    from traceview.report.html.analysis import render_report

    path = _trace("abc-compiled")
    doc = analysis_document(analyzed(path))
    assert doc["cpu_kernels"]["counts"] == {"inductor_cpp": 3}
    assert doc["cpu_kernels"]["kernels_per_step"] == [1, 1, 1]
    assert doc["cpu_kernels"]["regions"]["0/0"]["kernels_per_call"] == [1, 1, 1]
    assert doc["cpu_kernels"]["by_name"][0]["name"] == "graph_0_cpp_fused_add_mul_0"
    json.loads(json.dumps(doc, allow_nan=False))
    result = CliRunner().invoke(app, ["analyze", str(path)])
    assert result.exit_code == 0 and "CPU kernels per step" in result.stdout and "graph_0_cpp_fused_add_mul_0" in result.stdout
    page = render_report(analyzed(path))
    assert "<h2>CPU kernels</h2>" in page and "graph_0_cpp_fused_add_mul_0" in page
    assert "<h2>CPU kernels</h2>" not in render_report(analyzed(h200("abc_eager")))


def test_run_comparison_puts_eager_aten_ops_beside_compiled_cpp_kernels(analyzed):
    from rich.console import Console

    from traceview.report.terminal.analysis import comparison_view

    results = [(n, analyzed(_trace(n))) for n in ("abc-eager", "abc-compiled", "abc-triton")]
    console = Console(width=200, record=True)
    console.print(comparison_view(results))
    text = console.export_text()
    assert "per step, CPU" in text
    rows = {line.split("│")[1].strip(): line for line in text.splitlines() if line.count("│") > 3}
    assert "ATen op ×2" in rows["abc-eager"] and "Inductor C++ ×1" in rows["abc-compiled"]
    assert "Triton (interpreted) ×1" in rows["abc-triton"]

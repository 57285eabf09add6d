"""Inductor's autotuning decisions (issue 22, seed 003) on a real CPU max-autotune capture.

``tests/data/autotune/cpu-mlp`` (README there): ``traceview profile --steady`` of
``sample_traces/scripts/autotune_mlp.py``; the script ran twice (compiles 0/0 unprofiled, 0/1 in the
trace), Inductor benchmarked C++ GEMM templates against MKL for each Linear. Independent readings:
torch's own ``AUTOTUNE`` printout on stderr (``autotune_stderr.txt``), torch's
``select_algorithm_autotune`` counter in meta.json, and the trace's JSON read with ``json``.
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import statistics
from pathlib import Path

import pytest
from typer.testing import CliRunner

from traceview.analysis.analyze import analyze
from traceview.analysis.compile.autotune import choices_for_source
from traceview.cli import app
from traceview.trace import load
from traceview.trace.autotune_log import read_autotune_log
from traceview.trace.run_files import dynamo_record, run_files

RUN = Path(__file__).parent / "data" / "autotune" / "cpu-mlp"
BLOCK = re.compile(r"^AUTOTUNE (\w+)\((.*)\)\n(?:.*\n){2}((?:  \S+ [\d.]+ ms .*\n)+)"
                   r"SingleProcess AUTOTUNE benchmarking takes ([\d.]+) seconds", re.M)


def printed_blocks() -> list[dict]:
    """torch's ``AUTOTUNE op(sizes)`` blocks from stderr: candidates fastest first, seconds benchmarking."""
    text = (RUN / "autotune_stderr.txt").read_text()
    blocks = []
    for op, sizes, lines, seconds in BLOCK.findall(text):
        candidates = [(line.split()[0], float(line.split()[1])) for line in lines.splitlines()]
        blocks.append({"op": op, "sizes": sizes, "candidates": candidates, "seconds": float(seconds)})
    return blocks


@pytest.fixture(scope="module")
def analysis():
    files = run_files(RUN)
    return analyze(load(files.trace), dynamo_record(files))


def test_every_benchmarked_decision_is_the_one_torch_printed():
    blocks = printed_blocks()
    benchmarked = [r for r in read_autotune_log(RUN / "autotune_mlp.autotune.json").records if not r.cached]
    assert len(blocks) == len(benchmarked) == 4
    for block, record in zip(blocks, benchmarked):
        assert record.op == block["op"]
        assert block["sizes"].startswith("x".join(map(str, record.inputs[0]["size"])))
        assert record.chosen == block["candidates"][0][0]  # torch prints the winner first
        recorded = {c.name: round(c.ms, 4) for c in record.candidates}
        assert recorded == {name: ms for name, ms in block["candidates"]}
        assert record.autotune_s == pytest.approx(block["seconds"], abs=1e-4)


def test_benchmarked_decisions_match_torchs_select_algorithm_counter():
    counters = json.loads((RUN / "meta.json").read_text())["dynamo"]["counters"]["inductor"]
    records = read_autotune_log(RUN / "autotune_mlp.autotune.json").records
    assert sum(not r.cached for r in records) == counters["select_algorithm_autotune"]
    assert {r.source for r in records} == {"select_algorithm.feedback_saver"}  # torch 2.13 has the saver


def test_chosen_cpp_template_runtime_is_its_kernels_median_in_the_trace(analysis):
    events = json.load(gzip.open(RUN / "autotune_mlp.pt.trace.json.gz"))["traceEvents"]
    shown = [c for c in analysis.autotune.choices if c.compile_id == "0/1"]
    assert len(shown) == 3 and all(c.chosen_kind == "cpp" for c in shown)
    for choice in shown:
        m, n, k = (int(x) for x in re.search(r"gemm_m(\d+)n(\d+)k(\d+)", choice.kernel).groups())
        assert choice.inputs.startswith(f"{m}x{k},")  # X is M x K
        durations = [e["dur"] for e in events if e.get("name") == choice.kernel and e.get("ph") == "X"]
        assert choice.trace_count == len(durations)
        assert choice.trace_ms == pytest.approx(statistics.median(durations) / 1e3, rel=1e-3)


def test_chosen_kernel_runs_about_as_fast_in_the_trace_as_in_its_benchmark(analysis):
    # one OpenMP thread (the capture's OMP_NUM_THREADS=1): no descheduled-thread waits in either timing
    for choice in (c for c in analysis.autotune.choices if c.kernel is not None):
        assert 0.5 < choice.trace_ms / choice.chosen_ms < 3


def test_decisions_of_the_unprofiled_compile_are_listed_without_a_kernel(analysis):
    outside = [c for c in analysis.autotune.choices if c.compile_id == "0/0"]
    assert len(outside) == 3 and all(c.kernel is None and c.trace_count == 0 for c in outside)
    assert any("outside the profiled window" in n for n in analysis.autotune.notes)
    doc = json.loads(CliRunner().invoke(app, ["analyze", "--json", str(RUN)]).stdout)
    assert doc["autotune_notes"] == analysis.autotune.notes


def test_a_decision_answered_from_inductors_cache_is_marked_cached(analysis):
    by_compile = [c for c in analysis.autotune.choices if c.compile_id == "0/1"]
    first, _, repeat = by_compile
    assert repeat.cached and not first.cached and repeat.inputs == first.inputs
    assert repeat.autotune_s is None and repeat.kernel == first.kernel


def test_analyze_json_lists_each_decision_with_its_candidates():
    result = CliRunner().invoke(app, ["analyze", "--json", str(RUN)])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert len(doc["autotune"]) == 6
    for row in doc["autotune"]:
        assert {"kernel", "op", "candidates", "chosen", "source", "trace_ms", "autotune_s"} <= set(row)
        assert row["chosen"] in {c["name"] for c in row["candidates"]}
        assert all({"name", "ms"} <= set(c) for c in row["candidates"])


def test_kernels_command_prints_the_choices_beside_the_trace_time():
    result = CliRunner().invoke(app, ["kernels", str(RUN)])
    assert result.exit_code == 0, result.output
    assert "Inductor autotuning" in result.output and "graph_1_gemm_m32n128k64_kernel" in result.output
    doc = json.loads(CliRunner().invoke(app, ["kernels", "--json", str(RUN)]).stdout)
    raw = json.loads((RUN / "autotune_mlp.autotune.json").read_text())["records"]
    assert [c["chosen"] for c in doc["runs"][0]["autotune"]] == [r["chosen"] for r in raw]


def test_show_finds_the_decision_of_a_cpp_template_recorded_under_its_gemm_name(analysis):
    wrapper = next((RUN / "code").glob("01_*.py")).read_text()
    source = wrapper.split("cpp_fused_addmm_relu_0 = ")[1].split("''')")[0]
    found = choices_for_source(analysis.autotune, "cpp_fused_addmm_relu_0", source)
    assert [c.kernel for c in found] == ["graph_1_gemm_m32n128k64_kernel"] * 2  # decided once, then from the cache


def test_html_report_lists_the_decisions(tmp_path):
    out = tmp_path / "r.html"
    result = CliRunner().invoke(app, ["report", str(RUN), "-o", str(out), "--no-perfetto"])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert "<section id='autotune'>" in page and "graph_1_gemm_m32n64k128_kernel" in page


def _copy_with(tmp_path: Path, name: str, edit) -> Path:
    """A copy of the run whose autotuning record is edited by ``edit`` (a hand-made change, for diff)."""
    folder = tmp_path / name
    shutil.copytree(RUN, folder, ignore=shutil.ignore_patterns("code"))
    path = folder / "autotune_mlp.autotune.json"
    doc = json.loads(path.read_text())
    edit(doc)
    path.write_text(json.dumps(doc))
    return folder / "autotune_mlp.pt.trace.json.gz"


def test_diff_says_when_a_choice_changed_handmade(tmp_path):
    def mkl_wins_in_0_1(doc):
        record = next(r for r in doc["records"] if r["compile_id"] == "0/1" and r["chosen"].startswith("cpp"))
        record["chosen"] = "_mkl_linear"

    same = _copy_with(tmp_path, "same", lambda doc: None)
    changed = _copy_with(tmp_path, "changed", mkl_wins_in_0_1)
    unchanged = CliRunner().invoke(app, ["diff", str(RUN / "autotune_mlp.pt.trace.json.gz"), str(same)])
    assert unchanged.exit_code == 0, unchanged.output
    assert "the same choice in both runs for all 6" in unchanged.output
    result = CliRunner().invoke(app, ["diff", "--json", str(same), str(changed)])
    rows = json.loads(result.stdout)["diffs"][0]["autotune"]
    flipped = [r for r in rows if r["changed"]]
    assert len(flipped) == 1 and flipped[0]["b_chosen"] == "_mkl_linear (extern)"
    assert flipped[0]["a_chosen"] == "cpp_CppMicroGemmFP32Vec (cpp)"


def test_a_broken_autotuning_record_is_a_note_not_an_error(tmp_path):
    folder = tmp_path / "broken"
    shutil.copytree(RUN, folder, ignore=shutil.ignore_patterns("code"))
    (folder / "autotune_mlp.autotune.json").write_text("{not json")
    files = run_files(folder)
    record = dynamo_record(files)
    assert record.autotune is None and any("autotuning record skipped" in n for n in record.notes)
    result = CliRunner().invoke(app, ["analyze", "--json", str(folder)])
    assert result.exit_code == 0 and json.loads(result.stdout)["autotune"] is None


@pytest.mark.slow
def test_recording_restores_what_it_patched():
    pytest.importorskip("torch")
    from torch._inductor import select_algorithm as sa
    from torch._inductor.runtime.triton_heuristics import CachingAutotuner

    from traceview.capture import autotune

    before = (sa.AlgorithmSelectorCache.__dict__["log_results"], CachingAutotuner.benchmark_all_configs,
              CachingAutotuner.coordinate_descent_tuning, list(sa.get_algorithm_selector_cache().feedback_saver_fns))
    with autotune.recording() as recorder:
        assert CachingAutotuner.benchmark_all_configs is not before[1]
        assert len(sa.get_algorithm_selector_cache().feedback_saver_fns) == len(before[3]) + 1
    after = (sa.AlgorithmSelectorCache.__dict__["log_results"], CachingAutotuner.benchmark_all_configs,
             CachingAutotuner.coordinate_descent_tuning, list(sa.get_algorithm_selector_cache().feedback_saver_fns))
    assert after == before
    assert all(recorder.sources.values())  # torch 2.13 offers every hook


# --- the GPU paths, on real H200/H100 traces with hand-made records (no GPU here to capture a record) ---------

GPT2_EAGER = Path(__file__).parent / "data" / "runs" / "gpt2-eager-stack" / "train_gpt2.pt.trace.json.gz"
ABC_MAX_AUTOTUNE = Path(__file__).parent.parent / "sample_traces" / "gpu" / "runs" / "abc" / "abc-max-autotune.pt.trace.json.gz"


def _handmade_log(records: list[dict]):
    import msgspec

    from traceview.trace.autotune_log import AutotuneLog

    return msgspec.convert({"records": records}, AutotuneLog)


def _choices(path: Path, records: list[dict]):
    from traceview.analysis.compile.autotune import autotune_of_trace

    return autotune_of_trace(load(path), _handmade_log(records)).choices


def _kernels_under(events: list[dict], op: str, dims: list) -> list[dict]:
    """GPU kernels launched inside ``op`` calls with these Input Dims, by External id -> correlation."""
    ids = {e["args"]["External id"] for e in events if e.get("cat") == "cpu_op" and e["name"] == op
           and e["args"].get("Input Dims") == dims}
    correlations = {e["args"]["correlation"] for e in events if e.get("cat") == "cuda_runtime"
                    and e.get("args", {}).get("External id") in ids and "correlation" in e.get("args", {})}
    return [e for e in events if e.get("cat") == "kernel" and e["args"].get("correlation") in correlations]


def test_an_extern_choice_is_the_cublas_kernel_under_its_op_of_the_same_shapes_handmade():
    events = json.load(gzip.open(GPT2_EAGER))["traceEvents"]
    record = {"tuner": "select_algorithm", "op": "addmm", "source": "handmade", "chosen": "bias_addmm",
              "inputs": [{"size": [768]}, {"size": [1024, 256]}, {"size": [256, 768]}],
              "candidates": [{"name": "bias_addmm", "ms": 0.02, "kind": "extern"}, {"name": "triton_mm_1", "ms": 0.03, "kind": "triton"}]}
    (choice,) = _choices(GPT2_EAGER, [record])
    kernels = _kernels_under(events, "aten::addmm", [[768], [1024, 256], [256, 768], [], []])
    names = [k["name"] for k in kernels]
    top = max(set(names), key=names.count)
    assert choice.kernel == top and choice.match == "op"
    assert choice.trace_count == names.count(top)
    assert choice.trace_ms == pytest.approx(statistics.median(k["dur"] for k in kernels if k["name"] == top) / 1e3, rel=1e-3)


def test_a_runtime_autotuned_kernel_is_found_by_its_name_handmade():
    if not ABC_MAX_AUTOTUNE.is_file():
        pytest.skip("sample_traces/gpu not in this checkout")
    events = json.load(gzip.open(ABC_MAX_AUTOTUNE))["traceEvents"]
    record = {"tuner": "runtime", "op": "pointwise", "source": "handmade", "kernel": "triton_poi_fused_add_mul_0",
              "chosen": "XBLOCK: 1024, num_warps: 4", "candidates": [{"name": "XBLOCK: 1024, num_warps: 4", "ms": 0.9},
                                                                      {"name": "XBLOCK: 512, num_warps: 8", "ms": 1.1}]}
    (choice,) = _choices(ABC_MAX_AUTOTUNE, [record])
    durations = [e["dur"] for e in events if e.get("cat") == "kernel" and e["name"] == "triton_poi_fused_add_mul_0"]
    assert choice.match == "name" and choice.trace_count == len(durations) > 0
    assert choice.trace_ms == pytest.approx(statistics.median(durations) / 1e3, rel=1e-3)
    assert choice.runner_up == "XBLOCK: 512, num_warps: 8"


def test_an_extern_choice_inside_cuda_graph_replays_is_not_found_and_says_why_handmade():
    if not ABC_MAX_AUTOTUNE.is_file():
        pytest.skip("sample_traces/gpu not in this checkout")
    from traceview.analysis.compile.autotune import autotune_of_trace

    record = {"tuner": "select_algorithm", "op": "mm", "source": "handmade", "chosen": "mm",
              "inputs": [{"size": [64, 64]}, {"size": [64, 64]}], "candidates": [{"name": "mm", "ms": 0.01, "kind": "extern"}]}
    result = autotune_of_trace(load(ABC_MAX_AUTOTUNE), _handmade_log([record]))
    assert result.choices[0].kernel is None
    assert any("CUDA-graph replays carry no op" in n for n in result.notes)


def test_cpp_gemm_template_kernels_count_as_inductor_cpu_kernels_per_call(analysis):
    events = json.load(gzip.open(RUN / "autotune_mlp.pt.trace.json.gz"))["traceEvents"]
    calls = [e for e in events if e.get("name") == "Torch-Compiled Region: 0/1"]
    # the generated C++ kernels (graph_1_*) and the one extern call (aten::bmm, Inductor's extern_kernels.bmm)
    inside = [[e for e in events if e.get("cat") == "cpu_op" and re.match(r"^graph_1_|^aten::bmm$", e["name"])
               and c["ts"] <= e["ts"] <= c["ts"] + c["dur"]] for c in calls]
    inside = [[e for e in x if not any(o is not e and o["ts"] <= e["ts"] and e["ts"] + e["dur"] <= o["ts"] + o["dur"]
                                       for o in x)] for x in inside]  # an op nested in another counts once
    region = analysis.cpu.per_region.set_index("region").loc["0/1"]
    assert list(region["kernels_per_call"]) == [len(x) for x in inside]
    assert sum("gemm" in e["name"] for e in inside[-1]) == 3  # one template kernel per Linear


def test_runtime_autotuner_benchmarks_are_recorded_with_the_fastest_config_kept():
    """Torch's own ``CachingAutotuner.benchmark_all_configs`` on stand-in launchers (no GPU here to compile
    a Triton kernel): the record holds each config's time, as torch returned it, and the fastest."""
    pytest.importorskip("torch")
    from types import SimpleNamespace

    from torch._inductor.runtime.triton_heuristics import CachingAutotuner

    from traceview.capture import autotune

    tuner = object.__new__(CachingAutotuner)
    class Launcher(SimpleNamespace):
        __hash__ = object.__hash__  # torch keys its timings by launcher

    launchers = [Launcher(config=f"XBLOCK: {b}, num_warps: 4", n_regs=0, n_spills=0, shared=0) for b in (256, 1024)]
    times = {id(launchers[0]): 0.9, id(launchers[1]): 0.5}
    tuner.__dict__.update(inductor_meta={"kernel_name": "triton_poi_fused_add_mul_0"}, compile_id=None, is_backward=False,
                          launchers=launchers, bench=lambda launcher, *a, **k: times[id(launcher)],
                          coordesc_tuner=SimpleNamespace(cache_benchmark_result=lambda config, t: None),
                          reset_to_zero_args=lambda *a, **k: None, _close_static_launcher=lambda launcher: None,
                          fn=SimpleNamespace(__name__="triton_poi_fused_add_mul_0"))
    with autotune.recording() as recorder:
        timings = tuner.benchmark_all_configs()
    (row,) = recorder.records
    assert {c["name"]: c["ms"] for c in row["candidates"]} == {str(k.config): v for k, v in timings.items()}
    assert row["kernel"] == "triton_poi_fused_add_mul_0" and row["chosen"] == "XBLOCK: 1024, num_warps: 4"
    assert row["source"] == "triton_heuristics.benchmark_all_configs" and row["autotune_s"] >= 0


def test_a_triton_gemm_config_gives_the_launch_shape_of_its_kernel():
    """Threads = num_warps x 32; blocks = batch x ceil(M / BLOCK_M) x ceil(N / BLOCK_N) (Inductor's mm/bmm grid)."""
    from traceview.analysis.compile.autotune_kernels import _launch_shape
    from traceview.trace.autotune_log import AutotuneRecord, Candidate

    config = ("ACC_TYPE='tl.float32', ALLOW_TF32=False, BLOCK_K=32, BLOCK_M=64, BLOCK_N=128, EVEN_K=True, GROUP_M=8, "
              "num_stages=3, num_warps=4")
    chosen = Candidate("triton_mm_7", 0.01, "triton", config)
    addmm = AutotuneRecord("select_algorithm", "addmm", "handmade", inputs=[{"size": [1024]}, {"size": [512, 1024]},
                                                                           {"size": [1024, 1000]}])
    bmm = AutotuneRecord("select_algorithm", "bmm", "handmade", inputs=[{"size": [4, 512, 256]}, {"size": [4, 256, 100]}])
    assert _launch_shape(addmm, chosen) == (128, 8 * 8)  # 512/64 x ceil(1000/128)
    assert _launch_shape(bmm, chosen) == (128, 4 * 8 * 1)
    assert _launch_shape(addmm, Candidate("mm", 0.01, "extern", "")) is None


#: What the H200 run of benchmarks/autotune_gpu.sh recorded ~10,500 times per max-autotune GEMM model
#: (/tmp/tv-autotune/mlp: coordinate descent of template candidates while select_algorithm benchmarked them).
_BENCHMARKING_ROW = {"tuner": "coordinate_descent", "op": "template", "kernel": "Placeholder.DESCRIPTIVE_NAME",
                     "compile_id": None, "inputs": [], "candidates": [{"name": "num_warps: 8, num_ctas: 1, num_stages: 3",
                                                                        "ms": None, "kind": "triton", "description": "start"}],
                     "chosen": "num_warps: 8, num_ctas: 1, num_stages: 3", "autotune_s": 0.01, "precompile_s": None,
                     "source": "triton_heuristics.coordinate_descent_tuning"}


def test_tunings_of_select_algorithms_candidates_are_counted_not_listed(tmp_path):
    from traceview.capture.autotune import AutotuneRecorder

    recorder = AutotuneRecorder()
    kept = json.loads((RUN / "autotune_mlp.autotune.json").read_text())["records"]
    for row in kept:
        recorder.add(row)
    for _ in range(3000):
        recorder.add(dict(_BENCHMARKING_ROW))
    recorder.add({**_BENCHMARKING_ROW, "tuner": "runtime", "op": "pointwise"})
    written = read_autotune_log(recorder.write(tmp_path / "x.autotune.json"))
    assert len(written.records) == len(kept)
    assert any("3,000 coordinate_descent tuning(s)" in n for n in written.notes)
    assert any("1 runtime tuning(s)" in n for n in written.notes)


def test_a_record_written_before_the_folding_reads_without_them_and_kernels_lists_the_real_decisions(tmp_path):
    run = tmp_path / "run"
    shutil.copytree(RUN, run)
    path = run / "autotune_mlp.autotune.json"
    doc = json.loads(path.read_text())
    real = len(doc["records"])
    doc["records"] += [_BENCHMARKING_ROW] * 5000
    path.write_text(json.dumps(doc))
    log = read_autotune_log(path)
    assert len(log.records) == real and any("5,000 coordinate_descent" in n for n in log.notes)
    out = CliRunner(env={"COLUMNS": "200"}).invoke(app, ["kernels", str(run)])
    assert out.exit_code == 0, out.output
    assert "Placeholder.DESCRIPTIVE_NAME" not in out.stdout  # only the note names them (Placeholder.*)


def test_show_accepts_the_kernel_name_the_trace_prints():
    """Issue 23: Inductor's C++ kernel profile names a kernel ``graph_1_cpp_fused_sum_2`` in the trace (what
    the CPU kernel tables print); the generated code calls it ``cpp_fused_sum_2``: show takes either."""
    runner = CliRunner(env={"COLUMNS": "200"})
    printed = runner.invoke(app, ["show", "graph_1_cpp_fused_sum_2", str(RUN)])
    own = runner.invoke(app, ["show", "cpp_fused_sum_2", str(RUN)])
    assert printed.exit_code == 0 and own.exit_code == 0, printed.output
    assert printed.stdout.splitlines()[0] == own.stdout.splitlines()[0]
    assert ":1_inference" in printed.stdout.splitlines()[1]  # graph_1: the wrapper whose AOT id is 1_inference
    missing = runner.invoke(app, ["show", "graph_1_cpp_no_such_kernel", str(RUN)])
    assert missing.exit_code != 0 and "no generated kernel named" in str(missing.exception)

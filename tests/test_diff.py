"""traceview diff: metrics side by side and kernels matched across traces by the ops they came from."""

from __future__ import annotations

import json
import shutil
import statistics
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from traceview.cli import app

from tests.conftest import h200


def _diff(load_cached, a: str, b: str):
    from traceview.analysis.analyze import analyze
    from traceview.analysis.compare.diff import diff_analyses

    return diff_analyses(analyze(load_cached(h200(a))), analyze(load_cached(h200(b))), a, b)


def _metric(d, name: str) -> tuple[float, float]:
    row = d.metrics.set_index("metric").loc[name]
    return row["a"], row["b"]


def test_eager_mul_and_add_match_the_compiled_fused_kernel(load_cached):
    d = _diff(load_cached, "abc_eager", "abc_compiled_steady")
    assert len(d.groups) == 1 and d.unmatched_a.empty and d.unmatched_b.empty
    g = d.groups.iloc[0]
    assert g["how"] == "same ops" and g["ops"] == "add, mul"
    assert sorted(g["a_ops"]) == ["aten::add", "aten::mul"] and g["b_kernels"] == ["triton_poi_fused_add_mul_0"]
    assert (g["a_count"], g["b_count"]) == (6, 5)


def test_torch21_three_kernels_match_torch22_single_kernel():
    """Seed 002: the kernel names of torch 2.1's three-kernel mixed-precision Adam and 2.2's one."""
    from traceview.analysis.compare.diff import kernel_ops, match_kernels

    def side(names: list[str]) -> pd.DataFrame:
        rows = pd.DataFrame({"name": names, "op": names, "phase": "run", "dur_ns": 1000})
        return kernel_ops(rows)

    three = side(["triton_poi_fused__to_copy_add_copy_div_mul_sqrt_sub_0", "triton_poi_fused__to_copy_add_copy_div_mul_sqrt_sub_1",
                  "triton_poi_fused__to_copy_add_copy_mul_2"])
    one = side(["triton_poi_fused__to_copy_add_copy_div_lift_fresh_mul_sqrt_sub_0"])
    groups, lone_a, lone_b = match_kernels(three, one)
    assert len(groups) == 1 and lone_a.empty and lone_b.empty
    assert len(groups.iloc[0]["a_kernels"]) == 3 and groups.iloc[0]["a_count"] == 3


def test_forloop_adam_kernels_match_foreach_kernels_op_by_op(load_cached):
    d = _diff(load_cached, "adam_forloop", "adam_foreach")
    assert len(d.groups) == 7 and set(d.groups["how"]) == {"same ops"}
    assert set(d.groups["ops"]) == {"lerp", "addcdiv", "mul", "addcmul", "sqrt", "div", "add"}
    assert _metric(d, "kernels per step") == (168, 7)
    assert d.launches.set_index("api").loc["cudaLaunchKernel"].tolist() == [504, 21]


def test_fused_adam_kernel_has_no_counterpart_and_is_listed(load_cached):
    d = _diff(load_cached, "adam_foreach", "adam_fused")
    assert list(d.unmatched_b["op"]) == ["aten::_fused_adam_"]
    assert len(d.unmatched_a) == 6  # the foreach kernels other than the shared step increment
    assert _metric(d, "kernels per call") == (7, 2)


def test_diff_json_cli_has_metrics_groups_and_unmatched(tmp_path):
    from traceview.cli import app

    result = CliRunner().invoke(app, ["diff", str(h200("abc_eager")), str(h200("abc_compiled_steady")), "--json", "--html", str(tmp_path / "d.html")])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    (d,) = doc["diffs"]
    assert d["metrics"]["kernels (run phase)"] == {"unit": "kernels", "a": 6, "b": 5, "ratio": 5 / 6}
    assert d["groups"][0]["b_kernels"] == ["triton_poi_fused_add_mul_0"] and d["unmatched_a"] == []
    assert "<!DOCTYPE html>" in (tmp_path / "d.html").read_text(encoding="utf-8")


def test_run_directory_compares_each_variant_with_eager(tmp_path):
    from traceview.cli import app

    for name, variant in (("abc_eager", "eager"), ("abc_compiled_steady", "compiled"), ("user_triton_abc", "triton")):
        shutil.copy(h200(name), tmp_path / f"abc-{variant}.pt.trace.json.gz")
    result = CliRunner().invoke(app, ["diff", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    pairs = [(d["a"], d["b"]) for d in json.loads(result.output)["diffs"]]
    assert pairs == [("abc-eager", "abc-compiled"), ("abc-eager", "abc-triton")]


def test_two_run_directories_pair_traces_by_file_name(tmp_path):
    from traceview.cli import app

    for folder, name in (("old", "adam_forloop"), ("new", "adam_foreach")):
        (tmp_path / folder).mkdir()
        shutil.copy(h200(name), tmp_path / folder / "adam-eager.pt.trace.json.gz")
    result = CliRunner().invoke(app, ["diff", str(tmp_path / "old"), str(tmp_path / "new")])
    assert result.exit_code == 0, result.output
    assert "kernels per step" in result.output and "lerp" in result.output


def test_diff_of_a_lone_trace_exits_2_with_one_line():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "traceview.cli", "diff", str(h200("abc_eager"))], capture_output=True, text=True)
    assert done.returncode == 2 and "give two traces" in done.stderr


def test_diff_of_two_training_runs_leads_with_wall_time_per_steady_step():
    """Issue 23: "is B faster per step?" is the first row, from the steps themselves (a plain reading:
    the median ProfilerStep duration), then GPU and host time per step; compile rows stay at the end."""
    import gzip
    import json
    import statistics

    from typer.testing import CliRunner

    from traceview.cli import app

    pred = Path(__file__).resolve().parents[1] / "sample_traces" / "gpu" / "predictions"
    out = CliRunner(env={"COLUMNS": "200"}).invoke(app, ["diff", str(pred / "gpt2-eager"), str(pred / "gpt2-compiled")])
    assert out.exit_code == 0, out.output
    first_table = out.stdout.split("└", 1)[0]
    lines = [line for line in first_table.splitlines() if "│" in line]
    assert "gpt2-eager/train_gpt2" in out.stdout and "gpt2-compiled/train_gpt2" in out.stdout
    assert lines[0].split("│")[1].strip().startswith("wall time per step")
    metrics = [line.split("│")[1].strip() for line in lines]
    compile_rows = [i for i, m in enumerate(metrics) if m.startswith(("compile time", "autotune time", "kernels while compiling"))]
    assert all(i > metrics.index("GPU waiting for launches") for i in compile_rows)  # compile rows apart, at the end
    for run, cell in (("gpt2-eager", 3), ("gpt2-compiled", 4)):
        with gzip.open(pred / run / "train_gpt2.pt.trace.json.gz", "rt") as f:
            steps = [e["dur"] for e in json.load(f)["traceEvents"]
                     if str(e.get("name", "")).startswith("ProfilerStep#") and e.get("cat") == "user_annotation"]
        assert float(lines[0].split("│")[cell].strip()) == pytest.approx(statistics.median(steps) / 1e3, abs=1e-3)


def test_diff_of_two_cpu_traces_shows_what_the_cpu_measured_not_rows_of_zeros():
    from traceview.analysis.analyze import analyze
    from traceview.trace import load

    cpu = Path(__file__).resolve().parents[1] / "sample_traces" / "cpu" / "abc"
    a, b = cpu / "abc-eager.pt.trace.json.gz", cpu / "abc-compiled.pt.trace.json.gz"
    out = CliRunner(env={"COLUMNS": "200"}).invoke(app, ["diff", str(a), str(b)])
    assert out.exit_code == 0, out.output
    rows = [[c.strip() for c in line.split("│")[1:-1]] for line in out.stdout.split("└", 1)[0].splitlines() if "│" in line]
    assert rows and all(not (r[2] in ("0", "-") and r[3] in ("0", "-")) for r in rows)  # no row with nothing on either side
    per_step = {r[0]: (r[2], r[3]) for r in rows}["CPU kernels per step (no GPU)"]
    expected = [statistics.median(analyze(load(p)).cpu.kernels_per_step) for p in (a, b)]
    assert [float(v) for v in per_step] == expected
    assert "left out: zero or not measurable in both traces" in out.stdout

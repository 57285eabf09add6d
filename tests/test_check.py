"""``traceview check``: budgets on real runs, exit 0 / 1 / 2, one line per rule, --json, --junit, baselines, config files.

The runs: the H200 GPT-2 traces (tests/data/training; eager 157 kernels per step, compiled 127 with
one graph break recorded in the structured trace beside it) and the CPU run directory from
``traceview profile --steps`` (tests/data/runs/gpt2-cpu-recompile: 1 graph break, 4 recompiles).
Expected values come from the raw JSON (tests/training_facts.py) and the structured trace.
"""

from __future__ import annotations

import json
import statistics
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from training_facts import facts as raw_facts
from traceview.cli import main

DATA = Path(__file__).parent / "data"
COMPILED = DATA / "training" / "gpt2-compiled.json.gz"
EAGER = DATA / "training" / "gpt2-eager.json.gz"
RECOMPILE_PLAIN = DATA / "training" / "gpt2-recompile.json.gz"  # copied alone: no structured trace beside it
CPU_RUN = DATA / "runs" / "gpt2-cpu-recompile"


def run(monkeypatch, capsys, *args: str) -> tuple[int, str, str]:
    """``traceview ARGS`` in this process, through cli.main: (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["traceview", *args])
    with pytest.raises(SystemExit) as exited:
        main()
    out = capsys.readouterr()
    return exited.value.code, out.out, out.err


@pytest.fixture(autouse=True)
def _no_project_budgets(tmp_path, monkeypatch):
    """Run from a folder with no pyproject.toml above it (the repository's own has no check table anyway)."""
    monkeypatch.chdir(tmp_path)


def test_budgets_within_limits_pass_with_one_line_per_rule(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "check", str(COMPILED), "--max", "kernels_per_step=127",
                       "--max", "gpu_ms_per_step=5", "--max", "compile_s=60", "--max", "recompiles=0")
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) == 5 and all(ln.startswith("PASS") for ln in lines[:4])
    assert lines[0].startswith("PASS  kernels_per_step = 127 (max 127)")  # the bound itself passes
    assert "all 4 rule(s) passed" in lines[-1]


def test_metrics_agree_with_the_raw_trace(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "check", str(EAGER), "--max", "kernels_per_step=1000", "--json")
    doc = json.loads(out)
    f = raw_facts(EAGER)
    assert code == 0 and doc["passed"] is True
    assert doc["metrics"]["kernels_per_step"] == statistics.median(f["kernels_per_step"]) == 157
    assert doc["metrics"]["kernels"] == f["kernels"] == 471
    assert doc["metrics"]["graph_breaks"] == 0 and doc["metrics"]["recompiles"] == 0  # eager: nothing compiled


def test_a_graph_break_fails_the_gate_with_its_reason_and_junit_shows_it(monkeypatch, capsys, tmp_path):
    junit = tmp_path / "reports" / "check.xml"
    code, out, _ = run(monkeypatch, capsys, "check", str(COMPILED), "--max", "graph_breaks=0", "--max",
                       "kernels_per_step=240", "--junit", str(junit))
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "FAIL  graph_breaks = 1 (max 0)"
    assert "logging.Logger method not supported for non-export cases at transformers/modeling_utils.py:4635" in lines[1]
    assert lines[2].startswith("PASS  kernels_per_step = 127") and "1 of 2 rule(s) failed" in lines[-1]
    suite = ET.parse(junit).getroot()
    assert suite.tag == "testsuites" and suite.get("tests") == "2" and suite.get("failures") == "1" and suite.get("errors") == "0"
    cases = suite.findall("./testsuite/testcase")
    assert [c.get("name") for c in cases] == ["graph_breaks <= 0", "kernels_per_step <= 240"]
    failure = cases[0].find("failure")
    assert failure is not None and failure.get("message") == "graph_breaks = 1 (max 0)" and "warning_once" in failure.text
    assert cases[1].find("failure") is None


def test_run_directory_from_profile_gates_graph_breaks_and_recompiles(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "check", str(CPU_RUN), "--max", "recompiles=4", "--max", "graph_breaks=1")
    assert code == 0, out
    code, out, _ = run(monkeypatch, capsys, "check", str(CPU_RUN), "--max", "recompiles=0", "--json")
    doc = json.loads(out)
    assert code == 1 and doc["passed"] is False
    (rule,) = doc["rules"]
    assert rule["status"] == "fail" and rule["value"] == 4
    assert any("0/1: guard of 0/0 failed: tensor 'kwargs['input_ids']' size mismatch" in r for r in rule["reasons"])


def test_a_rule_the_input_cannot_answer_is_bad_input(monkeypatch, capsys, tmp_path):
    """graph_breaks of a compiled trace with no structured trace or meta.json: exit 2, never a silent pass."""
    junit = tmp_path / "j.xml"
    plain = tmp_path / "alone" / "recompile.json.gz"
    plain.parent.mkdir()
    plain.write_bytes(RECOMPILE_PLAIN.read_bytes())
    code, out, err = run(monkeypatch, capsys, "check", str(plain), "--max", "graph_breaks=0", "--junit", str(junit))
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("traceview: error: graph_breaks unknown")
    assert (out + err).count("graph_breaks unknown") == 1  # said once (issue 67), not again as an ERROR line
    assert ET.parse(junit).getroot().get("errors") == "1"
    code, out, err = run(monkeypatch, capsys, "check", str(plain), "--max", "graph_breaks=0", "--json")
    assert code == 2 and err.count("\n") == 1 and err.startswith("traceview: error: graph_breaks unknown")


@pytest.mark.parametrize("args, message", [
    (["--max", "kernels_per_stepp=1"], "unknown metric 'kernels_per_stepp'"),
    (["--max", "kernels_per_step"], "expected METRIC=NUMBER"),
    (["--max", "gpu_ms_per_step=5%"], "a percentage needs a baseline"),
    ([], "no budgets"),
    (["--max-regression", "gpu_ms_per_step=5%"], "needs a baseline"),
])
def test_bad_rules_exit_2_with_one_line(monkeypatch, capsys, args, message):
    code, out, err = run(monkeypatch, capsys, "check", str(COMPILED), *args)
    assert code == 2 and (out + err).count(message) == 1 and "Traceback" not in out + err


def test_missing_trace_and_missing_baseline_exit_2(monkeypatch, capsys, tmp_path):
    code, _, err = run(monkeypatch, capsys, "check", str(tmp_path / "nope.json.gz"), "--max", "kernels=1")
    assert code == 2 and "no such file" in err
    code, _, err = run(monkeypatch, capsys, "check", str(COMPILED), "--baseline", str(tmp_path / "nope"),
                       "--max-regression", "kernels=1")
    assert code == 2 and "baseline" in err


def test_regressions_against_a_baseline_trace_and_its_saved_json(monkeypatch, capsys, tmp_path):
    """Eager against the compiled baseline: 157 vs 127 kernels per step (+30), GPU ms +19%."""
    args = ["--max-regression", "kernels_per_step=29", "--max-regression", "gpu_ms_per_step=25%"]
    code, out, _ = run(monkeypatch, capsys, "check", str(EAGER), "--baseline", str(COMPILED), *args)
    assert code == 1
    assert out.splitlines()[0].startswith("FAIL  kernels_per_step = 157 vs baseline 127 (+30")
    assert out.splitlines()[1].startswith("PASS  gpu_ms_per_step")
    code, saved, _ = run(monkeypatch, capsys, "analyze", "--json", str(COMPILED))
    baseline = tmp_path / "baseline.json"
    baseline.write_text(saved)
    code2, out2, _ = run(monkeypatch, capsys, "check", str(EAGER), "--baseline", str(baseline), *args)
    assert (code2, out2.splitlines()[:2]) == (1, out.splitlines()[:2])  # same verdicts from the saved analysis
    code3, _, _ = run(monkeypatch, capsys, "check", str(EAGER), "--baseline", str(baseline), "--max-regression", "kernels_per_step=30")
    assert code3 == 0


def test_pyproject_budgets_apply_and_the_command_line_overrides_them(monkeypatch, capsys, tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.traceview.check]\nkernels_per_step = 120\ngraph_breaks = 0\n'
        f'baseline = "{COMPILED}"\n\n[tool.traceview.check.max_regression]\ngpu_ms_per_step = "5%"\n')
    sub = tmp_path / "sub"
    sub.mkdir()
    monkeypatch.chdir(sub)  # found in a parent folder
    code, out, _ = run(monkeypatch, capsys, "check", str(COMPILED))
    lines = out.splitlines()
    assert code == 1 and len(lines) == 5
    assert lines[0].startswith("FAIL  kernels_per_step = 127 (max 120)  [pyproject.toml]")
    assert lines[1] == "FAIL  graph_breaks = 1 (max 0)  [pyproject.toml]" and "warning_once" in lines[2]
    assert lines[3].startswith("PASS  gpu_ms_per_step = 1.164 vs baseline 1.164")
    code, out, _ = run(monkeypatch, capsys, "check", str(COMPILED), "--max", "kernels_per_step=130", "--max", "graph_breaks=1")
    assert code == 0 and out.splitlines()[0] == "PASS  kernels_per_step = 127 (max 130)"


def test_budgets_file_replaces_pyproject(monkeypatch, capsys, tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.traceview.check]\nkernels_per_step = 1\n")
    budgets = tmp_path / "budgets.toml"
    budgets.write_text("kernels_per_step = 200\n[max_regression]\nkernels_per_step = 10\n")
    code, out, _ = run(monkeypatch, capsys, "check", str(COMPILED), "--budgets", str(budgets), "--baseline", str(EAGER))
    assert code == 0 and out.splitlines()[0] == "PASS  kernels_per_step = 127 (max 200)  [budgets.toml]"
    budgets.write_text("kernels_per_step = [1]\n")
    code, _, err = run(monkeypatch, capsys, "check", str(COMPILED), "--budgets", str(budgets))
    assert code == 2 and "expected a number" in err
    budgets.write_text("kernels_per_step = \n")
    code, _, err = run(monkeypatch, capsys, "check", str(COMPILED), "--budgets", str(budgets))
    assert code == 2 and "not valid TOML" in err


def test_check_output_says_what_loading_skipped(monkeypatch, capsys):
    bad = DATA / "bad" / "truncated_mid_event.json"
    code, out, _ = run(monkeypatch, capsys, "check", str(bad), "--max", "kernels=4")
    assert code == 0 and "PASS  kernels = 4 (max 4)" in out
    assert "note: the trace file was truncated" in out and "ends mid-event" in out
    code, out, _ = run(monkeypatch, capsys, "check", "--json", str(bad), "--max", "kernels=3")
    doc = json.loads(out)
    assert code == 1 and any("ends mid-event" in n for n in doc["notes"])

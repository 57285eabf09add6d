"""What a newcomer on a laptop sees after README's main job (issue 30): the `traceview run abc` directory of a
CPU machine (the committed ``sample_traces/cpu/abc``: eager, compiled, max-autotune, Triton interpreted) read
by every command as variants, not ranks; CPU traces answer kernel counts with their CPU kernels and leave
GPU-only fields null; the words the commands print."""

from __future__ import annotations

import gzip
import os
import json
import re
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from traceview.cli import app

ROOT = Path(__file__).resolve().parents[1]
RUN = ROOT / "sample_traces" / "cpu" / "abc"
VARIANTS = ["eager", "compiled", "max-autotune", "triton"]


def _events(trace: Path) -> list[dict]:
    with gzip.open(trace, "rt") as f:
        return json.load(f)["traceEvents"]


def _raw_steps(trace: Path) -> int:
    return sum(1 for e in _events(trace) if e.get("ph") == "X" and str(e.get("name", "")).startswith("ProfilerStep#"))


def test_analyze_run_directory_reads_each_variant_on_its_own():
    result = CliRunner().invoke(app, ["analyze", "--json", str(RUN)])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)["variants"]
    assert list(doc) == VARIANTS
    for name in VARIANTS:  # each variant's steps are its own trace's ProfilerSteps, not the four merged as ranks
        trace = RUN / f"abc-{name}.pt.trace.json.gz"
        assert len(doc[name]["steps"]["kernels_per_step"]) == _raw_steps(trace)
        assert doc[name]["ranks"] == [0]
    assert set(doc["compiled"]["regions"]) == {"0/0"}
    text = CliRunner().invoke(app, ["analyze", str(RUN)]).stdout
    assert all(f"variant {name}:" in text for name in VARIANTS)


def test_cpu_trace_json_nulls_gpu_fields_and_counts_cpu_kernels():
    trace = RUN / "abc-compiled.pt.trace.json.gz"
    doc = json.loads(CliRunner().invoke(app, ["analyze", "--json", str(trace)]).stdout)
    raw_cpp = [e for e in _events(trace) if e.get("ph") == "X" and "cpp_fused" in str(e.get("name", ""))]
    steps = doc["steps"]
    assert steps["kernels_on"] == "cpu" and steps["gpu_ms_per_step"] is None
    assert sum(steps["kernels_per_step"]) == len(raw_cpp) > 0  # the Inductor C++ kernels the raw JSON holds
    region = doc["regions"]["0/0"]
    assert region["kernels_on"] == "cpu" and region["gpu_ms"] is None and region["steady_kernels_per_call"] == 1
    assert doc["metrics"]["gpu_ms"] is None and doc["metrics"]["kernels_per_step"] == 1.0


def test_check_gates_a_cpu_run_on_its_cpu_kernels():
    eager = RUN / "abc-eager.pt.trace.json.gz"
    passed = subprocess.run([sys.executable, "-m", "traceview", "check", str(eager), "--max", "kernels_per_step=10"],
                            capture_output=True, text=True, timeout=120)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "PASS  kernels_per_step = 2 (max 10) (CPU kernels: the trace has no GPU)" in passed.stdout  # aten::mul, aten::add
    failed = subprocess.run([sys.executable, "-m", "traceview", "check", str(eager), "--max", "kernels_per_step=1"],
                            capture_output=True, text=True, timeout=120)
    assert failed.returncode == 1 and "FAIL  kernels_per_step = 2 (max 1)" in failed.stdout
    assert "unknown" not in failed.stdout + failed.stderr


def test_html_first_screen_of_a_cpu_run_does_not_contradict_itself(tmp_path):
    out = tmp_path / "abc.html"
    result = CliRunner().invoke(app, ["report", str(RUN / "abc-compiled.pt.trace.json.gz"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.sub(r"<script.*?</script>", "", out.read_text(), flags=re.S)))
    assert "No steps and no GPU kernels" not in text
    assert "no GPU; CPU kernels (run phase): 3" in text
    assert "no GPU in this trace: the CPU ran 1 kernel(s) per step (median)" in text
    assert re.search(r"graph_\d+_cpp_fused_add_mul_0", text.split("Findings")[0])  # the CPU's top kernel, first screen
    assert "phase wall ms CPU kernels" in text and "0.000 ms of GPU time" not in text


def test_report_and_export_take_a_run_directory(tmp_path):
    result = CliRunner().invoke(app, ["report", str(RUN), "-o", str(tmp_path / "abc.html")])
    assert result.exit_code == 0, result.output
    for name in VARIANTS:
        assert (tmp_path / f"abc-{name}.html").is_file() and (tmp_path / f"abc-{name}.perfetto.json.gz").is_file()
    exported = CliRunner().invoke(app, ["export", str(RUN), "-o", str(tmp_path / "exp")])
    assert exported.exit_code == 0, exported.output
    assert sorted(p.name for p in (tmp_path / "exp").iterdir()) == sorted(f"abc-{n}.perfetto.json.gz" for n in VARIANTS)


def test_kernels_of_a_cpu_run_lists_its_cpu_kernels_and_show_finds_them():
    result = CliRunner().invoke(app, ["kernels", str(RUN)])
    assert result.exit_code == 0, result.output
    assert "0 kernels" not in result.stdout
    name = re.search(r"graph_\d+_cpp_fused_add_mul_0", result.stdout)
    assert name and "aten::mul" in result.stdout
    shown = CliRunner().invoke(app, ["show", name.group(), str(RUN)])
    assert shown.exit_code == 0 and "cpp cpp" not in shown.stdout.splitlines()[0]
    assert "Inductor C++ kernel" in shown.stdout.splitlines()[0]


def test_run_footer_names_the_workloads_call():
    from traceview.report.words import caption

    assert caption("abc").startswith("per call (one A * B + C)")
    assert caption("adam").startswith("per call (one optimizer step)")


def test_main_job_outputs_are_ignored_by_git():
    ignored = (ROOT / ".gitignore").read_text().splitlines()
    assert {"/traceview-run/", "/traceview-profile/", "/traceview-try/"} <= set(ignored)


def test_help_never_breaks_a_name_at_its_hyphen():
    for command in ("run", "try", "profile"):
        result = subprocess.run([sys.executable, "-m", "traceview", command, "--help"], capture_output=True, text=True,
                                timeout=60, env={**os.environ, "COLUMNS": "100"})
        assert result.returncode == 0
        broken = [line for line in result.stdout.splitlines() if re.search(r"\w-$", line.rstrip())]
        assert not broken, broken
    assert "compiled-cpp-wrapper" in subprocess.run([sys.executable, "-m", "traceview", "run", "--help"],
                                                    capture_output=True, text=True, timeout=60,
                                                    env={**os.environ, "COLUMNS": "100"}).stdout


def test_compile_stages_add_up():
    """A compile-included GPT-2 trace (H200): the stages' inclusive ms nest and overlap (their sum exceeds the
    compile time); their self ms add up to at most it, and the innermost stage keeps all of its time."""
    result = CliRunner().invoke(app, ["analyze", "--json", str(ROOT / "sample_traces" / "gpu" / "steady" / "compiled-incl")])
    c = json.loads(result.stdout)["compile"]
    inclusive, own = c["stages_ms"], c["stages_self_ms"]
    assert sum(inclusive.values()) > c["total_ms"]  # why a table of inclusive times alone reads wrong
    assert sum(own.values()) <= c["total_ms"] + 1e-6
    assert set(own) <= set(inclusive) and all(own[k] <= inclusive[k] + 1e-6 for k in own)
    inner = "Inductor: lowering + codegen"
    assert own[inner] == inclusive[inner]
    assert own["backend compile (AOT + Inductor)"] < inclusive["backend compile (AOT + Inductor)"] / 2

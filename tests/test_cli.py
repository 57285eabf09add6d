"""The CLI skeleton: version, help, info counts on every shared trace, one-line errors with exit 2."""

from __future__ import annotations

import json
import subprocess
import sys

import re

import pytest
from typer.testing import CliRunner

from conftest import H200, h200
from traceview import __version__
from traceview.cli import app

runner = CliRunner()


def test_version_and_help():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and __version__ in result.stdout
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("info", "analyze"):
        assert command in result.stdout


@pytest.mark.parametrize("path", sorted(H200.glob("*.json.gz")), ids=lambda p: p.name.split(".")[0])
def test_info_json_counts_kernels_and_launches_like_the_trace_does(path):
    import gzip

    raw = json.loads(gzip.decompress(path.read_bytes()))["traceEvents"]
    kernels = sum(1 for e in raw if e.get("cat") == "kernel")
    result = runner.invoke(app, ["info", "--json", str(path)])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["kernels"] == kernels
    launched = {e["name"] for e in raw if e.get("cat") in ("cuda_runtime", "cuda_driver") and "Launch" in e["name"] or e.get("name") == "cudaMemcpyAsync"}
    assert set(doc["launches"]) == launched


def test_info_names_the_triton_launch_api():
    result = runner.invoke(app, ["info", "--json", str(h200("user_triton_abc"))])
    doc = json.loads(result.stdout)
    assert doc["kernels"] == 10 and doc["launches"] == {"cuLaunchKernelEx": 10}


@pytest.mark.parametrize("content", [b"", b"{not json", b"{}", b"[]", b"\x1f\x8b\x08\x00garbage"])
def test_bad_input_exits_2_with_one_line_and_no_traceback(tmp_path, content):
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    proc = subprocess.run([sys.executable, "-m", "traceview.cli", "info", str(bad)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("traceview: error:")
    assert "Traceback" not in proc.stderr + proc.stdout


def test_missing_path_exits_2(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "traceview.cli", "analyze", str(tmp_path / "nope.json")], capture_output=True, text=True)
    assert proc.returncode == 2 and "no such file" in proc.stderr


def _help(*command: str) -> str:
    from typer.testing import CliRunner

    from traceview.cli import app

    out = CliRunner(env={"COLUMNS": "400"}).invoke(app, [*command, "--help"])
    assert out.exit_code == 0, out.output
    return " ".join(out.stdout.split())  # one line: wrapping never splits what is checked


@pytest.mark.parametrize("command", [["check"], ["ranks"], ["run"], ["profile"], ["analyze"], ["report"], ["diff"],
                                     ["kernels"], ["show"], ["export"], ["info"]])
def test_help_texts_keep_their_brackets_and_use_no_internal_names(command):
    text = _help(*command)
    assert "seed 0" not in text
    if command == ["check"]:
        assert "[tool.traceview.check]" in text  # rich markup used to eat it: "the keys of );"
    if command == ["ranks"]:
        assert "traceview[dask]" in text and "[ray]" in text


def test_run_help_lists_every_workloads_variants():
    from traceview.capture.workloads import WORKLOADS

    text = _help("run")
    for name, workload in WORKLOADS.items():
        listed = re.split(rf"(?<![a-z]){name}: ", text, maxsplit=1)[1].split("variants: ", 1)[1].split(")", 1)[0]
        assert listed.replace("- ", "-").split(", ") == list(workload.variants), name  # click wraps at hyphens


def test_an_unknown_workload_is_said_plainly_in_one_line():
    """Issue 30 §7: typer words a bad choice "Value error, 'resnet' is not one of ..."; the user reads it plainly."""
    proc = subprocess.run([sys.executable, "-m", "traceview.cli", "run", "resnet"], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    (line,) = proc.stderr.strip().splitlines()
    assert "'resnet' is not one of 'abc', 'mpadam', 'adam'" in line and "Value error" not in line

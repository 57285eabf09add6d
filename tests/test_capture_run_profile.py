"""``traceview run`` and ``traceview profile`` on the CPU: traces, meta.json, code, exit codes."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from traceview.trace import catalogue
from traceview.capture.profile_script import profile_script
from traceview.capture.runner import run_workload
from traceview.errors import CaptureError

ROOT = Path(__file__).resolve().parents[1]


def _events(trace: Path) -> list[dict]:
    with gzip.open(trace, "rt") as f:
        return json.load(f)["traceEvents"]


def _script(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / name
    path.write_text(body)
    return path


def test_run_eager_writes_one_trace_per_variant_with_profiler_steps(tmp_path):
    result = run_workload("mpadam", ["eager"], "cpu", tmp_path / "run", device="cpu", calls=2)
    trace = tmp_path / "run" / "mpadam-eager.pt.trace.json.gz"
    assert result.traces == [trace]
    steps = sorted(e["name"] for e in _events(trace) if e.get("name", "").startswith("ProfilerStep#"))
    assert steps == ["ProfilerStep#0", "ProfilerStep#1"]
    meta = json.loads(result.meta_path.read_text())
    entry = meta["variants"]["eager"]
    assert meta["workload"] == "mpadam" and meta["device"]["type"] == "cpu"
    assert entry["trace"] == trace.name and entry["bytes_per_call"] == 28 * 4099 and entry["median_ms"] > 0
    assert meta["versions"]["torch"]


@pytest.mark.slow
def test_run_compiled_variant_captures_inductor_wrapper(tmp_path):
    result = run_workload("abc", ["compiled"], "cpu", tmp_path, device="cpu")
    wrappers = sorted((tmp_path / "compiled" / "code").glob("*.py"))
    assert len(wrappers) == 1 and result.variants[0].code_files == [wrappers[0].name]
    source = wrappers[0].read_text()
    assert "cpp_fused_add_mul" in source and "def call(" in source
    meta = json.loads(result.meta_path.read_text())["variants"]["compiled"]
    assert meta["code_dir"] == "compiled/code"
    assert meta["dynamo"]["counters"]["stats"]["unique_graphs"] == 1
    # the autotuning record is written for a compiled variant: default mode benchmarks no template on the CPU
    tuning = json.loads((tmp_path / meta["autotune"]).read_text())
    assert meta["autotune"] == "abc-compiled.autotune.json" and tuning["records"] == []
    events = _events(result.traces[0])
    names = {e.get("name", "") for e in events}
    assert any(n.startswith("Torch-Compiled Region") for n in names)
    # run turns Inductor's C++ kernel profile on: each call of the fused kernel is a cpu_op, 3 calls
    cpp = [e for e in events if e.get("cat") == "cpu_op" and catalogue.INDUCTOR_CPP_KERNEL.match(e.get("name", ""))]
    assert len(cpp) == 3 and all(e["name"].endswith("cpp_fused_add_mul_0") for e in cpp)


@pytest.mark.slow
def test_run_include_compile_puts_compilation_inside_the_trace(tmp_path):
    result = run_workload("abc", ["compiled"], "cpu", tmp_path, include_compile=True, device="cpu", calls=2)
    names = [e.get("name", "") for e in _events(result.traces[0])]
    assert any("_compile" in n or "compile_fx" in n for n in names)
    assert result.variants[0].checked == "after profiling" and result.variants[0].code_files


def test_run_rejects_unknown_variant_and_unwritable_folder(tmp_path):
    with pytest.raises(CaptureError, match="unknown variant"):
        run_workload("abc", ["fast"], "cpu", tmp_path, device="cpu")
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(CaptureError, match="cannot create output folder"):
        run_workload("abc", ["eager"], "cpu", blocker / "out", device="cpu")


def test_profile_passes_argv_and_exit_code_and_writes_trace(tmp_path):
    script = _script(tmp_path, "exits.py", "import sys, torch\ntorch.ones(3).sum()\n"
                     "open(sys.argv[1], 'w').write(repr(sys.argv[2:]) + __name__)\nsys.exit(3)\n")
    seen = tmp_path / "argv.txt"
    result = profile_script(script, [str(seen), "--flag", "x"], tmp_path / "out")
    assert result.exit_code == 3 and seen.read_text() == "['--flag', 'x']__main__"
    assert result.trace.exists() and any(e.get("name") == "aten::sum" for e in _events(result.trace))
    assert json.loads(result.meta_path.read_text())["exit_code"] == 3


def test_profile_of_a_script_that_raises_still_writes_the_trace(tmp_path):
    script = _script(tmp_path, "boom.py", "import torch\ntorch.ones(3).mul(2)\nraise ValueError('bad input')\n")
    result = profile_script(script, [], tmp_path / "out")
    assert result.exit_code == 1 and result.error == "ValueError: bad input"
    assert "boom.py" in result.traceback
    assert any(e.get("name") == "aten::mul" for e in _events(result.trace))


def test_profile_of_an_interrupted_script_writes_the_trace_and_exits_130(tmp_path):
    # Python's own Ctrl-C handler, as under a terminal: a test run started in the background (nohup, `cmd &`)
    # inherits SIGINT ignored, and the signal would then not interrupt anything
    script = _script(tmp_path, "sigint.py", "import os, signal, time, torch\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"
                     "torch.ones(3).add(1)\nos.kill(os.getpid(), signal.SIGINT)\ntime.sleep(5)\nraise SystemExit(0)\n")
    result = profile_script(script, [], tmp_path / "out")
    assert result.exit_code == 130 and "Ctrl-C" in result.error
    assert any(e.get("name") == "aten::add" for e in _events(result.trace))


def test_profile_errors_before_running_anything(tmp_path):
    with pytest.raises(CaptureError, match="script not found"):
        profile_script(tmp_path / "missing.py", [], tmp_path / "out")
    marker = tmp_path / "ran"
    script = _script(tmp_path, "side_effect.py", f"open({str(marker)!r}, 'w')\n")
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(CaptureError, match="cannot create output folder"):
        profile_script(script, [], blocker / "out")
    bad = _script(tmp_path, "bad.py", "def (:\n")
    with pytest.raises(CaptureError, match="syntax error"):
        profile_script(bad, [], tmp_path / "out")
    assert not marker.exists()


@pytest.mark.slow
def test_profile_steady_runs_twice_and_captures_generated_code(tmp_path):
    script = _script(tmp_path, "compiled.py", "import torch\nf = torch.compile(lambda a: a.sin() * 2)\n"
                     "x = torch.randn(33)\nfor _ in range(3):\n    f(x)\nprint('run')\n")
    result = profile_script(script, [], tmp_path / "out", include_compile=False)
    assert result.exit_code == 0 and result.code_dir is not None
    wrapper = next(result.code_dir.glob("*.py")).read_text()
    assert "cpp_fused" in wrapper
    names = [e.get("name", "") for e in _events(result.trace)]
    assert sum(n.startswith("Torch-Compiled Region") for n in names) == 3  # no recompile in the profiled run
    assert sum(bool(catalogue.INDUCTOR_CPP_KERNEL.match(n)) for n in names) == 3  # profile records the C++ kernels too
    meta = json.loads(result.meta_path.read_text())
    assert meta["autotune"] == "compiled.autotune.json" and (result.meta_path.parent / meta["autotune"]).is_file()


@pytest.mark.slow
def test_cli_profile_passes_script_options_through_and_exits_with_its_code(tmp_path):
    script = _script(tmp_path, "cli.py", "import sys\nprint('ARGS', sys.argv[1:])\nsys.exit(4)\n")
    proc = subprocess.run([sys.executable, "-m", "traceview.cli", "profile", "--out", str(tmp_path / "o"),
                           "--no-analyze", str(script), "--out", "mine", "-v"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 4, proc.stderr
    assert "ARGS ['--out', 'mine', '-v']" in proc.stdout
    assert (tmp_path / "o" / "cli.pt.trace.json.gz").exists()


@pytest.mark.slow
def test_cli_profile_says_each_stage_on_stderr_on_one_clock(tmp_path):
    script = _script(tmp_path, "slowish.py", "import torch\nfor _ in range(3):\n    torch.ones(64) * 2\n")
    proc = subprocess.run([sys.executable, "-m", "traceview.cli", "profile", "--out", str(tmp_path / "o"), str(script)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.startswith("traceview: [")]
    stages = [line.split("] ", 1)[1] for line in lines]
    assert stages[0] == "running slowish.py under the profiler"
    assert stages[1].startswith("the script ended after ") and "exporting the trace" in stages[1]
    assert any(s.startswith("loading slowish.pt.trace.json.gz") for s in stages)
    assert any(s.startswith("analyzing ") for s in stages)
    seconds = [float(line.split("[", 1)[1].split(" s]")[0].replace(",", "")) for line in lines]
    assert seconds == sorted(seconds)  # time since the command began, never going back
    assert "traceview: [" not in proc.stdout  # the stage lines are not in the user's stdout


def test_cli_profile_missing_script_is_one_line_and_exit_2(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "traceview.cli", "profile", str(tmp_path / "nope.py")],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [f"traceview: error: script not found: {tmp_path / 'nope.py'}"]


def test_cpp_kernel_profile_is_on_inside_and_restored_after(monkeypatch):
    import torch._inductor.config as config

    from traceview.capture.profiling import CPP_KERNEL_PROFILE_ENV, cpp_kernel_profile

    monkeypatch.delenv(CPP_KERNEL_PROFILE_ENV, raising=False)
    before = config.cpp.enable_kernel_profile
    with cpp_kernel_profile():
        assert config.cpp.enable_kernel_profile is True
        assert os.environ[CPP_KERNEL_PROFILE_ENV] == "1"
    assert config.cpp.enable_kernel_profile == before and CPP_KERNEL_PROFILE_ENV not in os.environ
    monkeypatch.setenv(CPP_KERNEL_PROFILE_ENV, "0")  # the user turned it off: left off
    with cpp_kernel_profile():
        assert config.cpp.enable_kernel_profile == before

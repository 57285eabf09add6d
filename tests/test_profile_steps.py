"""``traceview profile --steps``, ``--step-annotation``, ``-m MODULE`` and the structured-trace capture, on the CPU."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from traceview.capture.profile_script import profile_script
from traceview.capture.steps import StepRange
from traceview.errors import CaptureError
from traceview.trace.torch_log import read_torch_log

ROOT = Path(__file__).resolve().parents[1]

TRAIN = """
import sys, torch
model = torch.nn.Linear(4, 4)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
{extra_setup}
for i in range(int(sys.argv[1])):
    with torch.profiler.record_function(f"iter{{i}}"):
        model(torch.randn(2, 4)).sum().backward()
        opt.step()
        {extra_step}
        opt.zero_grad()
"""


def _events(trace: Path) -> list[dict]:
    with gzip.open(trace, "rt") as f:
        return json.load(f)["traceEvents"]


def _names(trace: Path, pattern: str) -> list[str]:
    return sorted({e["name"] for e in _events(trace) if re.fullmatch(pattern, str(e.get("name", "")))})


def _script(tmp_path: Path, body: str, name: str = "train.py") -> Path:
    path = tmp_path / name
    path.write_text(body)
    return path


def test_steps_window_profiles_only_those_optimizer_steps(tmp_path):
    script = _script(tmp_path, TRAIN.format(extra_setup="", extra_step=""))
    result = profile_script(script, ["6"], tmp_path / "out", steps="2:4")
    assert result.exit_code == 0
    assert _names(result.trace, r"ProfilerStep#\d+") == ["ProfilerStep#2", "ProfilerStep#3"]
    assert _names(result.trace, r"iter\d+") == ["iter2", "iter3"]  # step 1 was the warm-up: its events dropped
    meta = json.loads(result.meta_path.read_text())
    timing = meta["steps"].pop("timing")
    assert meta["steps"] == {"by": "optimizer", "optimizer": "SGD", "counted": 6, "requested": "2:4", "profiled": [2, 3],
                             "partial_step": None, "stopped_after": None}
    # each step's duration from the end of the one before (step 0 has none); steps 0-2 compile or warm up and
    # 4-5 follow the window (step 4 pays for the export): none of the 6 is an unprofiled steady step
    assert sorted(timing["step_ms"], key=int) == ["1", "2", "3", "4", "5"]
    assert all(v > 0 for v in timing["step_ms"].values())
    assert timing["profiled_steps"] == [2, 3] and timing["unprofiled_steps"] == []
    assert timing["profiled_median_ms"] == pytest.approx((timing["step_ms"]["2"] + timing["step_ms"]["3"]) / 2, abs=1e-3)
    assert timing["unprofiled_median_ms"] is None and timing["profiler_inflation"] is None
    assert set(meta["host"]) == {"cpu_count", "usable_cores", "torch_threads", "other_busy_cores", "oversubscribed",
                                 "fair_threads"} and meta["host"]["usable_cores"] >= 1
    assert 1 <= meta["host"]["fair_threads"] <= meta["host"]["torch_threads"]


def test_a_script_that_ends_inside_the_window_says_which_step_is_partial(tmp_path):
    script = _script(tmp_path, TRAIN.format(extra_setup="", extra_step=""))
    result = profile_script(script, ["3"], tmp_path / "out", steps="2:5")
    assert result.steps["profiled"] == [2] and result.steps["partial_step"] == 3
    assert _names(result.trace, r"ProfilerStep#\d+") == ["ProfilerStep#2", "ProfilerStep#3"]  # 3: the script's tail
    assert _names(result.trace, r"iter\d+") == ["iter2"]


def test_steps_are_counted_on_the_first_optimizer_only(tmp_path):
    two = TRAIN.format(extra_setup="other = torch.optim.Adam(model.parameters(), lr=0.1)", extra_step="other.step()")
    result = profile_script(_script(tmp_path, two), ["5"], tmp_path / "out", steps="1:3")
    assert result.steps["counted"] == 5 and result.steps["optimizer"] == "SGD"
    assert _names(result.trace, r"iter\d+") == ["iter1", "iter2"]


def test_step_annotation_counts_steps_without_an_optimizer(tmp_path):
    body = ("import torch\nfor i in range(5):\n    with torch.profiler.record_function('train_step'):\n"
            "        torch.ones(3).mul(i + 1)\n        torch.ones(2).add(i)\n")
    result = profile_script(_script(tmp_path, body), [], tmp_path / "out", steps="3:5", step_annotation="train_step")
    assert result.steps["by"] == "annotation: train_step" and result.steps["counted"] == 5
    assert _names(result.trace, r"ProfilerStep#\d+") == ["ProfilerStep#3", "ProfilerStep#4"]
    assert sum(e.get("name") == "train_step" for e in _events(result.trace)) == 2


@pytest.mark.slow
def test_a_window_the_script_never_reaches_writes_no_trace_and_exits_2(tmp_path):
    script = _script(tmp_path, TRAIN.format(extra_setup="", extra_step=""))
    result = profile_script(script, ["3"], tmp_path / "out", steps="10:12")
    assert result.trace is None and result.steps["profiled"] == [] and result.steps["counted"] == 3
    proc = subprocess.run([sys.executable, "-m", "traceview.cli", "profile", "--steps", "10:12", "--out", str(tmp_path / "o"),
                           str(script), "3"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 2 and "--steps 10:12 was never reached" in proc.stderr


@pytest.mark.parametrize("text, start, stop", [("10:15", 10, 15), ("0:2", 0, 2), ("7", 7, 8)])
def test_step_ranges_are_python_slices(text, start, stop):
    window = StepRange.parse(text)
    assert (window.start, window.stop) == (start, stop)


@pytest.mark.parametrize("text", ["5:3", "a:b", "", "3:", "-1:2"])
def test_bad_step_ranges_are_capture_errors(text):
    with pytest.raises(CaptureError, match="--steps"):
        StepRange.parse(text)


def test_steps_with_steady_or_annotation_alone_is_refused_before_running(tmp_path):
    marker = tmp_path / "ran"
    script = _script(tmp_path, f"open({str(marker)!r}, 'w')\n")
    with pytest.raises(CaptureError, match="--steady"):
        profile_script(script, [], tmp_path / "out", include_compile=False, steps="1:2")
    with pytest.raises(CaptureError, match="--steps"):
        profile_script(script, [], tmp_path / "out", step_annotation="x")
    assert not marker.exists()


def _package(tmp_path: Path) -> None:
    pkg = tmp_path / "trainpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "helpers.py").write_text("WHO = 'helpers'\n")
    (pkg / "run.py").write_text("import sys, torch\nfrom .helpers import WHO\ntorch.ones(3).sum()\n"
                                "open(sys.argv[1], 'w').write(repr([__name__, __package__, WHO, sys.argv[2:], sys.argv[0], sys.path[0]]))\n")
    (pkg / "__main__.py").write_text("import sys\nopen(sys.argv[1], 'w').write('package main ' + __name__)\n")


def test_module_runs_like_python_dash_m(tmp_path, monkeypatch):
    _package(tmp_path)
    monkeypatch.chdir(tmp_path)
    seen = tmp_path / "seen.txt"
    result = profile_script(None, [str(seen), "--lr", "1"], tmp_path / "out", module="trainpkg.run")
    assert result.exit_code == 0 and result.module == "trainpkg.run"
    name, package, who, args, argv0, path0 = eval(seen.read_text())
    assert (name, package, who, args) == ("__main__", "trainpkg", "helpers", ["--lr", "1"])
    assert Path(argv0) == tmp_path / "trainpkg" / "run.py" and path0 == str(tmp_path)
    assert result.trace.name == "run.pt.trace.json.gz"
    assert json.loads(result.meta_path.read_text())["module"] == "trainpkg.run"
    profile_script(None, [str(seen)], tmp_path / "out2", module="trainpkg")
    assert seen.read_text() == "package main __main__"


@pytest.mark.slow
def test_cli_module_option_and_missing_module(tmp_path):
    _package(tmp_path)
    seen = tmp_path / "seen.txt"
    proc = subprocess.run([sys.executable, "-m", "traceview.cli", "profile", "--no-analyze", "--out", str(tmp_path / "o"),
                           "-m", "trainpkg.run", str(seen), "x"], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert eval(seen.read_text())[3] == ["x"]
    proc = subprocess.run([sys.executable, "-m", "traceview.cli", "profile", "-m", "no_such_module_here"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert proc.returncode == 2 and proc.stderr.strip() == "traceview: error: no module named no_such_module_here"


def test_eager_script_leaves_no_structured_trace(tmp_path):
    result = profile_script(_script(tmp_path, "import torch\ntorch.ones(2).add(1)\n"), [], tmp_path / "out")
    assert result.torch_trace is None and json.loads(result.meta_path.read_text())["torch_trace"] is None
    assert not list((tmp_path / "out").glob("*.torch_trace.log*"))


COMPILED = """
import torch

def f{i}(x):
    y = x.sin() * 2
    torch._dynamo.graph_break()
    return y.cos() + 1

g = torch.compile(f{i})
for n in (8, 8, 8, 6, 6):
    g(torch.randn(n))
"""


@pytest.mark.slow
def test_structured_trace_of_a_compiled_script_has_its_graph_break_and_recompile(tmp_path):
    """Two captures in one process: the second file still names every file its stacks refer to. (Each
    script's function has its own name: Dynamo remembers a function's dynamic shapes within a process.)"""
    results = [profile_script(_script(tmp_path, COMPILED.format(i=i), f"compiled{i}.py"), [], tmp_path / f"out{i}")
               for i in range(2)]
    for i, result in enumerate(results):
        assert result.torch_trace is not None and result.torch_trace.name == f"compiled{i}.torch_trace.log.gz"
        log = read_torch_log(result.torch_trace)
        breaks = log.graph_breaks
        assert (breaks["reason"] == "Call to `torch._dynamo.graph_break()`").all() and len(breaks) >= 1
        assert set(breaks["file"]) == {str(tmp_path / f"compiled{i}.py")} and set(breaks["line"]) == {6}
        assert set(breaks["code"]) == {"torch._dynamo.graph_break()"}
        assert log.recompiles["reason"].str.contains("size mismatch at index 0. expected 8, actual 6").any()
        strings, used = set(), set()
        with gzip.open(result.torch_trace, "rt") as f:
            for line in f:
                if line.startswith("\t") or "] {" not in line:
                    continue
                meta = json.loads(line.split("] ", 1)[1])
                if "str" in meta:
                    strings.add(meta["str"][1])
                if "dynamo_start" in meta:
                    used |= {frame["filename"] for frame in meta["dynamo_start"]["stack"]}
        assert used and used <= strings


def test_no_torch_trace_option_skips_it(tmp_path):
    result = profile_script(_script(tmp_path, "import torch\ntorch.ones(2).add(1)\n"), [], tmp_path / "out", torch_trace=False)
    assert result.torch_trace is None and result.exit_code == 0


@pytest.mark.slow
def test_run_writes_the_structured_trace_of_a_compiled_variant_beside_its_trace(tmp_path):
    from traceview.capture.runner import run_workload
    from traceview.trace.run_files import run_files

    result = run_workload("abc", ["eager", "compiled"], "cpu", tmp_path / "run", device="cpu")
    eager, compiled = result.variants
    assert eager.torch_trace is None and compiled.torch_trace == tmp_path / "run" / "abc-compiled.torch_trace.log.gz"
    meta = json.loads(result.meta_path.read_text())
    assert meta["variants"]["compiled"]["torch_trace"] == "abc-compiled.torch_trace.log.gz"
    files = run_files(compiled.trace)
    assert files.torch_logs == (compiled.torch_trace,) and files.dynamo == meta["variants"]["compiled"]["dynamo"]
    log = read_torch_log(compiled.torch_trace)
    assert log.compiles["compile_id"].tolist() == ["0/0"] and log.graph_breaks.empty


def test_stop_after_ends_the_script_after_that_many_steps(tmp_path):
    """``--stop-after N`` (what ``try`` profiles with): the script is ended after its N-th step, exit code 0,
    the window profiled, and meta.json says where it stopped."""
    script = _script(tmp_path, TRAIN.format(extra_setup="", extra_step=""))
    result = profile_script(script, ["40"], tmp_path / "out", steps="2:4", stop_after=7)
    assert result.exit_code == 0 and result.error is None
    assert _names(result.trace, r"ProfilerStep#\d+") == ["ProfilerStep#2", "ProfilerStep#3"]
    meta = json.loads(result.meta_path.read_text())
    assert (meta["steps"]["counted"], meta["steps"]["stopped_after"]) == (7, 7)
    assert len(meta["steps"]["timing"]["step_ms"]) == 6  # steps 1..6 timed: the script made no step 7
    with pytest.raises(CaptureError, match="--stop-after 3"):
        profile_script(script, ["40"], tmp_path / "out2", steps="2:4", stop_after=3)


def test_the_loaders_next_is_timed_per_step_with_the_profiler_off(tmp_path):
    """A DataLoader loop: meta.json gives each step's time in DataLoader.__next__ beside the step's own, and the
    medians of both over the unprofiled steps (what `input` advice reads instead of the profiled trace's)."""
    script = tmp_path / "loop.py"
    script.write_text("""
import time, torch
from torch.utils.data import DataLoader, Dataset

class Slow(Dataset):
    def __len__(self):
        return 4096
    def __getitem__(self, i):
        time.sleep(0.002)  # a transform the profiler records nothing of
        return torch.ones(4), torch.tensor(0)

net = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for x, y in DataLoader(Slow(), batch_size=2):
    net(x).sum().backward()
    opt.step()
    opt.zero_grad()
""")
    out = tmp_path / "run"
    profile_script(script, [], out, steps=StepRange.parse("9:11"), stop_after=14)
    timing = json.loads((out / "meta.json").read_text())["steps"]["timing"]
    loader, steps = timing["loader_ms"], timing["step_ms"]
    assert set(loader) == set(steps) and len(steps) >= 12
    assert all(4.0 <= loader[i] <= steps[i] for i in steps)  # two samples of 2 ms each, inside the step
    assert 4.0 <= timing["unprofiled_loader_median_ms"] <= timing["unprofiled_median_ms"]


def test_no_step_before_timed_from_times_the_run(tmp_path):
    """A capture records where its unprofiled timing may begin (``since``: 3, or ``--timed-from``: a script whose first
    steps are another loop); the steps from there to the profiler's warm-up step count, at most the 20 right before
    it."""
    import statistics

    from traceview.trace.run_files import dynamo_record, run_files

    script = _script(tmp_path, TRAIN.format(extra_setup="", extra_step=""))
    result = profile_script(script, ["40"], tmp_path / "out", steps="30:32", timed_from=15)
    timing = json.loads(result.meta_path.read_text())["steps"]["timing"]
    assert timing["since"] == 15 and timing["unprofiled_steps"] == list(range(15, 29))  # 29: the profiler's warm-up
    steps = {int(k): v for k, v in timing["step_ms"].items()}
    record = dynamo_record(run_files(result.trace))  # read again by the rule: the same steps
    assert record.unprofiled_step_ms == pytest.approx(statistics.median(steps[i] for i in range(15, 29)), rel=1e-3)
    default = profile_script(script, ["40"], tmp_path / "default", steps="30:32")
    timing = json.loads(default.meta_path.read_text())["steps"]["timing"]
    assert timing["since"] == 3 and timing["unprofiled_steps"] == list(range(9, 29))  # the 20 right before the warm-up
    with pytest.raises(CaptureError, match="--timed-from 30"):
        profile_script(script, ["40"], tmp_path / "late", steps="30:32", timed_from=30)
    with pytest.raises(CaptureError, match="give --steps"):
        profile_script(script, ["40"], tmp_path / "none", timed_from=5)


def test_timed_from_without_a_window_is_a_one_line_error(tmp_path):
    import subprocess
    import sys

    script = _script(tmp_path, TRAIN.format(extra_setup="", extra_step=""))
    proc = subprocess.run([sys.executable, "-m", "traceview.cli", "profile", "--timed-from", "5", "-o", str(tmp_path / "o"),
                           str(script), "4"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == ["traceview: error: --timed-from says which steps time the run for --steps: "
                                                "give --steps START:STOP too"]

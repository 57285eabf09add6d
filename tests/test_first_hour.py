"""Issue 67: the first hour on a laptop, as a new user meets it. Two training scripts of a user's own
(tests/data/scripts: a CNN fed by a DataLoader whose ``__getitem__`` augments in Python, and a compiled MLP that prints
``loss.item()`` each step) profiled on this CPU, on a quiet machine and with busy sibling processes started here."""

from __future__ import annotations

import gzip
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import DATA, ROOT, SAMPLES, busy_cores
from traceview.analysis.analyze import analyze
from traceview.cli import app
from traceview.trace import load
from traceview.trace.run_files import dynamo_record, run_files

SCRIPTS = DATA / "scripts"
CNN = SCRIPTS / "cnn_train.py"
MLP = SCRIPTS / "mlp_compiled.py"
#: small enough to profile in seconds on 2 cores
CNN_ARGS = ["--batch", "32", "--size", "24"]


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _profile(out: Path, script: Path, *args: str, window: str | None = None) -> Path:
    cli = ["profile", "--no-analyze", "-o", str(out), *(["--steps", window] if window else []), str(script), *args]
    result = CliRunner().invoke(app, cli)
    assert result.exit_code == 0, result.output
    return out


def _analysis(run: Path):
    files = run_files(run)
    return analyze(load(files.trace), dynamo_record(files))


def _raw(run: Path) -> list[dict]:
    trace = next(run.glob("*.pt.trace.json.gz"))
    with gzip.open(trace, "rt") as f:
        return json.load(f)["traceEvents"]


@pytest.fixture(scope="module")
def cnn_own_steps(tmp_path_factory) -> Path:
    """The script's own --steps flag, no window: as the issue's user first ran it."""
    return _profile(tmp_path_factory.mktemp("cnn-own"), CNN, "--steps", "6", *CNN_ARGS)


@pytest.fixture(scope="module")
def cnn_busy(tmp_path_factory) -> Path:
    """A window of steps, while other processes keep every core busy (a shared box)."""
    with busy_cores(_cores()):
        return _profile(tmp_path_factory.mktemp("cnn-busy"), CNN, "--steps", "14", *CNN_ARGS, window="8:11")


@pytest.fixture(scope="module")
def mlp(tmp_path_factory) -> Path:
    return _profile(tmp_path_factory.mktemp("mlp"), MLP, "--steps", "14", window="8:11")


# 1. steps ---------------------------------------------------------------------------------------------------------

def test_pytorchs_own_annotations_are_never_the_step(cnn_own_steps):
    """Without ProfilerStep the DataLoader's ``enumerate(DataLoader)#...__next__`` repeats once per step, but it is
    PyTorch's, never the user's step: the optimizer's step() ends each step instead, as many as the raw JSON holds."""
    events = _raw(cnn_own_steps)
    assert sum(e.get("name", "").startswith("enumerate(DataLoader)#") for e in events) >= 6
    optimizer_steps = sum(e.get("name") == "Optimizer.step#Adam.step" for e in events)
    result = _analysis(cnn_own_steps)
    assert result.steps.source.startswith("optimizer:") and len(result.steps.steps) == optimizer_steps == 6
    assert result.steady.labels == tuple(str(i) for i in range(6))  # numbered, not six times "Adam.step"
    assert all(a.saving_pct <= 100 for a in result.advice)


def test_no_share_is_ever_above_the_whole_step(cnn_own_steps, cnn_busy, mlp):
    for run in (cnn_own_steps, cnn_busy, mlp):
        for a in _analysis(run).advice:
            assert 0 <= a.saving_pct <= 100, (run.name, a.kind, a.saving_pct)


def test_the_step_annotation_filter_keeps_user_annotations():
    """A user's own repeated annotation (``## forward ##`` style, ``train_step``) still makes the steps; PyTorch's own
    names never do (the catalogue's TORCH_ANNOTATION)."""
    from traceview.trace import catalogue

    for name in ("enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", "Optimizer.step#Adam.step",
                 "DistributedDataParallel.forward", "FSDP::pre_forward (3)", "nccl:all_reduce",
                 "## Call CompiledFxGraph fabc ##", "CUDAGraphNode.record"):
        assert catalogue.TORCH_ANNOTATION.match(name), name
    for name in ("train_step", "## forward ##", "step 3", "[LightningModule]Model.training_step"):
        assert not catalogue.TORCH_ANNOTATION.match(name), name


# 2. the biggest win: input and threads on an oversubscribed CPU ---------------------------------------------------

def test_an_oversubscribed_loop_gets_threads_ranked_and_input_counted_beyond_it(cnn_busy):
    """Other processes keep the cores busy: the threads change is ranked with its estimate; the DataLoader change,
    which lowers the threads too, counts only what its workers add beyond the threads change (issue 71: one saving is
    never counted twice), so the ranked shares stay within the step."""
    from traceview.analysis.advice.record import step_sum

    meta = json.loads((cnn_busy / "meta.json").read_text())
    assert meta["host"]["oversubscribed"] and meta["host"]["torch_threads"] == _cores()
    result = _analysis(cnn_busy)
    advice = {a.kind: a for a in result.advice}
    assert advice["threads"].ranked, [(a.kind, a.ranked, a.evidence) for a in result.advice]
    assert advice["threads"].saving_pct > 3 and "torch.set_num_threads(1)" in advice["threads"].how
    assert advice["input"].shares_with == "threads" and "the workers add" in advice["input"].evidence
    assert step_sum(result.advice) <= 100.0
    # input gives as many workers as `try --change num_workers` does
    from traceview.capture.changes import Facts, defaults

    workers = defaults(Facts(usable_cores=_cores(), torch_threads=_cores()))["workers"]
    assert f"num_workers={workers}" in advice["input"].how


def test_a_dropped_kind_says_why():
    """GPT-2 fed by a DataLoader without workers on an H200 (sample_traces/gpu/loader/gpt2-input): a batch takes 0.7 ms
    of a 9.2 ms step, and taking it from a worker costs more than making it (the A/B measured workers 13% slower).
    `input` is not advised, and its note says what bounds the step instead of vanishing."""
    ab = json.loads((SAMPLES / "gpu" / "loader" / "gpt2-input" / "ab.json").read_text())
    assert ab["arms"]["input"]["saving_share"] < 0
    note = {a.kind: a for a in _analysis(SAMPLES / "gpu" / "loader" / "gpt2-input").advice}["input"]
    assert not note.ranked and note.saving_pct == 0
    assert re.search(r"not advised: with \d+ worker\(s\) the step would take [\d.]+ ms against [\d.]+ now \(", note.evidence)
    from traceview.report.terminal.advice import advice_table
    from rich.console import Console

    console = Console(width=200, record=True)
    console.print(advice_table([note]))
    text = console.export_text()
    assert "note: input: " in text and "not advised" in text


# 4. the terminal advice table -------------------------------------------------------------------------------------

def test_the_advice_table_is_one_line_per_entry_with_whole_counts():
    path = SAMPLES / "gpu" / "models" / "bert-eager"
    result = CliRunner().invoke(app, ["analyze", str(path)], terminal_width=160)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("┏"))
    bottom = next(i for i, line in enumerate(lines) if line.startswith("└"))
    rows = [line for line in lines[top + 3:bottom]]
    ranked = [a for a in _analysis(path).advice if a.ranked]
    assert len(rows) == len(ranked) >= 2  # one line each: evidence and record behind --verbose
    assert "--verbose" in result.output and "checked:" not in result.output
    verbose = CliRunner().invoke(app, ["analyze", "--verbose", str(path)], terminal_width=160).output
    assert "evidence:" in verbose and "checked:" in verbose
    for a in _analysis(path).advice:
        assert not re.search(r"\b\d+\.\d+ (?:graph call|top-level op|kernels per step|library)", a.evidence), a.evidence


def test_cut_names_stay_distinct():
    from traceview.report.text import distinct_cuts

    names = ["void at::native::vectorized_elementwise_kernel<4, at::native::AddFunctor<float>, std::array<char*, 3> >",
             "void at::native::vectorized_elementwise_kernel<4, at::native::AddFunctor<c10::Half>, std::array<char*, 3> >",
             "short"]
    cut = distinct_cuts(names, 40)
    assert len(set(cut)) == 3 and all(len(c) <= 45 for c in cut[:2]) and cut[2] == "short"


# 5. advice never compiles a kernel of the user's own --------------------------------------------------------------

def test_no_compile_advice_on_a_users_own_triton_kernel():
    for path in (SAMPLES / "cpu" / "abc" / "abc-triton.pt.trace.json.gz",
                 SAMPLES / "gpu" / "runs" / "abc" / "abc-triton.pt.trace.json.gz"):
        files = run_files(path)
        ranked = {a.kind for a in analyze(load(files.trace), dynamo_record(files)).advice if a.ranked}
        assert "compile" not in ranked, path


# 6. try's verdicts ------------------------------------------------------------------------------------------------

def _change(predicted, measured, interval, rounds=5):
    from traceview.capture.verdict import ChangeResult

    return ChangeResult("num_workers", "more workers", "measured", measured_share=measured, rounds=rounds,
                        predicted_kind="input", predicted_share=predicted, interval=interval,
                        saved_ms=100.0, saved_range=(50.0, 150.0), applied=["DataLoader: num_workers=0 -> 2"])


def test_try_says_inconclusive_up_front_and_how_many_runs_would_tell():
    assert _change(40.0, 81.0, (-258.0, 97.0)).verdict.startswith("inconclusive: the runs differ too much")
    wide = _change(20.0, 24.0, (-2.0, 50.0))
    assert wide.verdict.startswith("inconclusive: ") and wide.more_runs is not None and "--runs" in wide.verdict
    assert _change(20.0, 22.0, (19.0, 25.0)).verdict == "confirmed"
    assert _change(60.0, 22.0, (19.0, 25.0)).verdict == "saved less than predicted (22% against 60%)"
    assert _change(49.0, 85.0, (80.0, 90.0)).verdict == "saved more than predicted (85% against 49%)"
    assert _change(20.0, -15.0, (-20.0, -10.0)).verdict.startswith("made the step slower, where the advice predicted")
    # the advice stayed quiet and the change cost time (fused Adam on a busy 2-core CPU: -88%, -224% to -9%): right
    assert _change(0.0, -88.0, (-224.0, -9.0)).verdict.startswith("confirmed: it saves nothing")
    assert _change(0.0, -23.0, (-111.0, 29.0)).verdict.startswith("inconclusive")  # it might have saved 29%
    assert _change(0.0, 12.0, (8.0, 16.0)).verdict == "saved more than predicted (12% against 0%)"  # silence, 12% there


def test_try_prints_one_labelled_figure_per_line():
    from traceview.capture.verdict import TrialReport
    from traceview.report.terminal.trial import try_view
    from rich.console import Console

    report = TrialReport("cnn_train.py", [], "5:45", "optimizer", 5, [500.0] * 5, 500.0,
                         [_change(40.0, 81.0, (-258.0, 97.0))], "the advice on x", {}, 2, 1)
    console = Console(width=100, record=True)
    console.print(try_view(report))
    text = console.export_text()
    assert re.search(r"^num_workers: inconclusive", text, re.M)
    assert re.search(r"^  predicted  40% of the step", text, re.M)
    assert re.search(r"^  measured   81% of the step; 90% interval \(-258% to 97%\)", text, re.M)
    assert re.search(r"^  ms saved   100\.000 per step; round by round \(50\.000 to 150\.000\)", text, re.M)


def test_try_warns_before_the_runs_when_other_processes_keep_the_cores_busy(monkeypatch):
    from traceview.capture import host_load
    from traceview.capture.host_load import CpuShare
    from traceview.commands.try_ import _busy_warning

    monkeypatch.setattr(host_load, "measure", lambda *a, **k: CpuShare(2, 2, 1.0))
    assert "other processes keep 1.0 of 2 usable cores busy" in _busy_warning()
    monkeypatch.setattr(host_load, "measure", lambda *a, **k: CpuShare(2, 2, 0.0))
    assert _busy_warning() is None


# 7. one step, everywhere ------------------------------------------------------------------------------------------

def test_check_gates_step_ms_on_the_step_timed_without_the_profiler(cnn_busy):
    meta = json.loads((cnn_busy / "meta.json").read_text())
    result = CliRunner().invoke(app, ["check", str(cnn_busy), "--max", "step_ms=1e9", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    record = dynamo_record(run_files(cnn_busy))
    assert doc["metrics"]["step_ms"] == pytest.approx(record.unprofiled_step_ms)
    assert doc["metrics"]["profiled_step_ms"] != doc["metrics"]["step_ms"]
    assert meta["steps"]["timing"]["step_ms"]
    text = CliRunner().invoke(app, ["check", str(cnn_busy), "--max", "step_ms=1e9"]).output
    assert "step_ms = " in text and "(timed without the profiler, meta.json)" in text


def test_an_error_is_printed_once(tmp_path):
    bare = tmp_path / "bare.pt.trace.json.gz"
    bare.write_bytes((SAMPLES / "cpu" / "abc" / "abc-compiled.pt.trace.json.gz").read_bytes())  # compiled, no structured trace
    result = CliRunner().invoke(app, ["check", str(bare), "--max", "graph_breaks=0"])
    assert result.exit_code == 2
    assert result.output.count("graph_breaks unknown") == 1 and "ERROR" not in result.output


# 8. report RUN_DIR writes the Perfetto export ---------------------------------------------------------------------

def test_report_of_a_profile_directory_writes_the_perfetto_export(cnn_busy, tmp_path):
    page = tmp_path / "page.html"
    result = CliRunner().invoke(app, ["report", str(cnn_busy), "--out", str(page)])
    assert result.exit_code == 0, result.output
    assert page.is_file() and (tmp_path / "page.perfetto.json.gz").is_file()


# 9. profile's clock and Ctrl-C ------------------------------------------------------------------------------------

@pytest.mark.slow
def test_ctrl_c_keeps_the_trace_skips_the_analysis_and_says_so_in_one_line(tmp_path):
    script = tmp_path / "forever.py"
    script.write_text("import time, torch\nx = torch.ones(64)\nprint('started', flush=True)\n"
                      "while True:\n    x = torch.tanh(x)\n    time.sleep(0.001)\n")
    proc = subprocess.Popen([sys.executable, "-m", "traceview", "profile", "-o", str(tmp_path / "run"), str(script)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    assert proc.stdout.readline().strip() == "started"  # the script runs under the profiler
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert len([line for line in err.splitlines() if "interrupted (Ctrl-C)" in line]) == 1
    assert "traceview analysis" not in out  # no analysis after Ctrl-C
    assert next((tmp_path / "run").glob("*.pt.trace.json.gz")).stat().st_size > 0


def test_the_stage_clock_counts_from_the_process_start(monkeypatch, capsys):
    from traceview.capture.progress import stage
    from traceview.commands import _common

    monkeypatch.setattr(_common, "_process_age_s", lambda: 7.0)
    with _common.progress_lines():
        stage("running x.py under the profiler")
    seconds = float(re.search(r"\[([\d.]+) s\]", capsys.readouterr().err).group(1))
    assert seconds >= 7.0
    assert _common._process_age_s() > 0


# 10. help and README ----------------------------------------------------------------------------------------------

def test_help_is_plain_whole_and_consistent():
    top = CliRunner().invoke(app, ["--help"]).output
    commands = top.split("Commands:")[1]
    assert "..." not in commands.replace("graph breaks...", "")  # whole descriptions, not click's cut
    assert "``" not in CliRunner().invoke(app, ["analyze", "--help"]).output
    from traceview.analysis.verdicts.budgets import METRICS

    check_help = " ".join(CliRunner().invoke(app, ["check", "--help"], terminal_width=200).output.split())
    assert all(m in check_help for m in METRICS)
    for command in ("report", "diff", "kernels", "analyze", "info", "check", "export"):
        assert "--no-cache" in CliRunner().invoke(app, [command, "--help"], terminal_width=200).output, command
    for command in ("profile", "run", "try", "report", "export"):
        assert re.search(r"--out\b", CliRunner().invoke(app, [command, "--help"], terminal_width=200).output), command


def test_readme_installs_from_the_checkout():
    readme = (ROOT / "README.md").read_text()
    assert "pip install -e" in readme and "pip install traceview\n" not in readme and "`pip install traceview`" not in readme


def test_the_advice_for_both_scripts_in_the_terminal(cnn_busy, mlp):
    """What the closing note shows: the terminal advice of the two scripts."""
    for run in (cnn_busy, mlp):
        result = CliRunner().invoke(app, ["analyze", str(run)], terminal_width=120)
        assert result.exit_code == 0, result.output
        print(result.output.split("CPU kernels per step")[0])

"""Every trace command on every broken input (tests/data/bad): a result that says what was skipped and
why (exit 0), or one ``traceview: error:`` line on stderr (exit 2). Never a traceback, never exit 1.

The expected behaviour of each file is in tests/data/bad/README.md; ``EXPECT`` below is the same table
in code. The commands are found in the app itself, so ``report`` and ``diff`` are covered once they exist.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from conftest import DATA, h200, spread
from traceview.analysis.analyze import analyze
from traceview.cli import app, main
from traceview.trace import load

BAD = DATA / "bad"
GOOD = h200("abc_eager")
#: Commands that do not read a trace.
NOT_TRACE_COMMANDS = {"run", "profile", "try"}  # these run a script or workload, not read a trace

#: file -> (exit code of a command that loads it, text the error line or the output must hold)
EXPECT: dict[str, tuple[int, list[str]]] = {
    "not_json.json": (2, ["not valid JSON"]),
    "truncated_mid_event.json": (0, ["ends mid-event"]),
    "truncated_before_first_event.json": (2, ["not valid JSON"]),
    "truncated_gzip_stream.json.gz": (0, ["gzip stream ends early", "ends mid-event"]),
    "corrupt_gzip.json.gz": (2, ["corrupt gzip"]),
    "empty.json": (2, ["empty file"]),
    "empty_object.json": (2, ["no 'traceEvents'"]),
    "json_list.json": (2, ["JSON list"]),
    "trace_events_not_list.json": (2, ["'traceEvents' is not a list"]),
    "trace_events_string.json": (2, ["'traceEvents' is not a list"]),
    "zero_events.json": (0, ["no usable events"]),
    "missing_fields.json": (0, ["no usable 'ts'", "numeric 'dur'", "without a 'ph'", "no launch"]),
    "strings_for_numbers.json": (0, ["'ts' is not a number", "numeric 'dur'", "'pid' is not a number", "unsupported phase 7"]),
    "negative_duration.json": (0, ["negative duration"]),
    "nan_values.json": (0, ["NaN/Infinity", "no usable 'ts'", "numeric 'dur'"]),
    "duplicate_correlation.json": (0, ["reuse a correlation id"]),
    "kernel_without_launch.json": (0, ["have no launch"]),
    "launch_without_kernel.json": (0, ["GPU work is missing"]),
    "unknown_category.json": (0, ["unknown categories", "unsupported phase 'Q'"]),
    "unbalanced_begin_end.json": (0, ["without a matching 'B'", "never closed"]),
    "events_not_objects.json": (0, ["not JSON objects"]),
    "gpu_only.json": (0, ["have no launch"]),
    "huge_numbers.json": (0, ["'ts' is not a number", "numeric 'dur'", "'pid' is not a number"]),
    "amd_hip.json": (0, []),
    "cpu_only.json.gz": (0, ["no GPU activity"]),
    "ansi_names.json": (0, []),
}
FILES = sorted(EXPECT)

pytestmark = pytest.mark.usefixtures("in_tmp_path")  # `report` writes <trace>.html into the cwd


def trace_commands() -> dict[str, object]:
    """The app's commands that read a trace, by name (click command objects)."""
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    return {name: cmd for name, cmd in sorted(commands.items()) if name not in NOT_TRACE_COMMANDS}


def invocations(name: str, command: object, bad: Path, tmp_path: Path) -> list[list[str]]:
    """Command lines that feed ``bad`` to ``command``: each trace argument in turn (others get a good
    trace), with and without ``--json``; an output option, if any, points into ``tmp_path``."""
    params = command.params  # type: ignore[attr-defined]
    positional = [p for p in params if not p.opts[0].startswith("-")]
    trace_slots = [i for i, p in enumerate(positional) if p.name != "kernel"]
    options: list[str] = []
    for p in params:
        out_flag = next((o for o in p.opts if o in ("--out", "--output", "-o")), None)
        if out_flag and p.opts[0].startswith("-"):
            options += [out_flag, str(tmp_path / f"{name}-out")]
    if name == "check":  # a gate needs a budget to check the trace against
        options += ["--max", "kernels=1000000000"]
    lines = []
    for slot in trace_slots:
        args = [str(bad) if i == slot else ("add_kernel" if i not in trace_slots else str(GOOD)) for i in range(len(positional))]
        lines.append([name, *args, *options])
        if any("--json" in p.opts for p in params):
            lines.append([name, "--json", *args, *options])
    return lines


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    """``traceview ARGS`` in this process through the real entry point (error handling included)."""
    monkeypatch.delenv("TRACEVIEW_DEBUG", raising=False)
    monkeypatch.setattr(sys, "argv", ["traceview", *args])
    with pytest.raises(SystemExit) as stop:
        main()
    out, err = capsys.readouterr()
    code = stop.value.code
    return (code if isinstance(code, int) else 1), out, err


def assert_clean_exit(args: list[str], code: int, out: str, err: str) -> None:
    assert "Traceback" not in out + err, (args, err)
    assert "internal error" not in err, (args, err)
    assert code in (0, 2), (args, code, err)
    if code == 2:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("traceview: error: "), (args, err)


def test_corpus_readme_and_expectations_list_every_file():
    on_disk = {p.name for p in BAD.iterdir() if p.name != "README.md"}
    assert on_disk == set(EXPECT)
    readme = (BAD / "README.md").read_text()
    for name in on_disk:
        assert f"| {name} |" in readme, name


@pytest.mark.parametrize("command", sorted(trace_commands()))
@pytest.mark.parametrize("name", spread(FILES, every=5))
def test_every_command_gives_a_result_or_one_error_line(name, command, tmp_path, capsys, monkeypatch):
    expected_code, needles = EXPECT[name]
    cmd = trace_commands()[command]
    for args in invocations(command, cmd, BAD / name, tmp_path):
        code, out, err = run_cli(args, capsys, monkeypatch)
        assert_clean_exit(args, code, out, err)
        if command == "show":  # reads a trace only to find Inductor code beside it, and the corpus has none
            assert code == 2 and "no generated kernel" in err, (args, err)
            continue
        if command == "check" and name == "zero_events.json":  # a kernel budget, no kernels of any kind: not a pass
            assert code == 2 and err.count("kernels unknown: the trace has no GPU activity") == 1, (args, err)
            continue
        if command == "check" and name == "cpu_only.json.gz":  # no GPU: the budget counts the CPU's kernels (issue 30 §2)
            assert code == 0 and "(CPU kernels: the trace has no GPU)" in out, (args, out, err)
            continue
        assert code == expected_code, (args, err)
        if code == 2:
            for needle in needles:
                assert needle in err, (args, needle, err)


@pytest.mark.parametrize("json", [False, True], ids=["terminal", "json"])
@pytest.mark.parametrize("command", ["info", "analyze"])
@pytest.mark.parametrize("name", spread([n for n in FILES if EXPECT[n][0] == 0 and EXPECT[n][1]], every=3))
def test_output_says_what_was_skipped_and_why(name, command, json, capsys, monkeypatch):
    args = [command, *(["--json"] if json else []), str(BAD / name)]
    code, out, err = run_cli(args, capsys, monkeypatch)
    assert code == 0, err
    for needle in EXPECT[name][1]:
        assert needle in out, (needle, out[-2000:])


@pytest.mark.parametrize("name", ["truncated_mid_event.json", "kernel_without_launch.json", "duplicate_correlation.json"])
def test_kernels_output_says_what_was_skipped(name, capsys, monkeypatch):
    code, out, err = run_cli(["kernels", str(BAD / name)], capsys, monkeypatch)
    assert code == 0, err
    assert all(needle in out for needle in EXPECT[name][1])


@pytest.mark.parametrize("command", ["info", "analyze"])
def test_truncated_trace_says_it_was_truncated(command, capsys, monkeypatch):
    code, out, _ = run_cli([command, "--json", str(BAD / "truncated_mid_event.json")], capsys, monkeypatch)
    assert code == 0 and '"truncated": true' in out
    code, out, _ = run_cli(["info", str(BAD / "truncated_mid_event.json")], capsys, monkeypatch)
    assert "truncated" in out


def test_the_installed_entry_point_behaves_the_same():
    for name in ("corrupt_gzip.json.gz", "truncated_mid_event.json"):
        proc = subprocess.run([sys.executable, "-m", "traceview.cli", "info", str(BAD / name)], capture_output=True, text=True, timeout=120)
        assert "Traceback" not in proc.stderr
        assert proc.returncode == EXPECT[name][0], proc.stderr
        if proc.returncode == 2:
            assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("traceview: error: ")


# --- the numbers are right, not just present ----------------------------------------------------


def test_truncated_trace_keeps_every_complete_event():
    trace = load(BAD / "truncated_mid_event.json")
    assert trace.meta.truncated
    assert len(trace.kernels) == 4 and len(trace.launches) == 5  # the 5th kernel was cut off


def test_truncated_gzip_stream_keeps_what_decompressed():
    trace = load(BAD / "truncated_gzip_stream.json.gz")
    assert trace.meta.truncated and 0 < len(trace.kernels) < 40


def test_kernels_without_launch_are_still_counted():
    result = analyze(load(BAD / "kernel_without_launch.json"))
    assert result.kernel_counts["total"] == 5
    assert result.attribution.without_launch == 3
    assert result.summary.kernels == 5


def test_launches_without_kernels_are_counted_as_launches_with_no_work():
    trace = load(BAD / "launch_without_kernel.json")
    assert len(trace.launches) == 5
    assert (trace.launches["kernel_count"] == 0).sum() == 3 and len(trace.kernels) == 2


def test_reused_correlation_joins_each_kernel_to_the_launch_just_before_it():
    trace = load(BAD / "duplicate_correlation.json")
    joined = trace.kernels.merge(trace.launches, on="launch_id", suffixes=("", "_launch"))
    assert len(joined) == 3 and joined["launch_id"].is_unique
    assert (joined["start_ns_launch"] <= joined["start_ns"]).all()
    attribution = analyze(trace).attribution.kernels
    assert attribution.set_index("name").loc["mul_kernel", "op"] == "aten::mul"


def test_skipped_events_leave_only_the_good_ones():
    for name, kernels in (("negative_duration.json", 2), ("nan_values.json", 2), ("missing_fields.json", 3)):
        trace = load(BAD / name)
        assert len(trace.kernels) == kernels, name
        assert (trace.slices["dur_ns"] >= 0).all() and (trace.gpu["dur_ns"] >= 0).all()


def test_amd_trace_counts_hip_launches_and_graph_kernels():
    trace = load(BAD / "amd_hip.json")
    assert trace.meta.vendor == "amd" and trace.meta.notes == []
    assert trace.launches["api"].value_counts()[lambda s: s > 0].to_dict() == {"hipLaunchKernel": 2, "hipGraphLaunch": 1, "hipMemcpyWithStream": 1}
    graph = trace.launches[trace.launches["api"] == "hipGraphLaunch"]
    assert graph["kernel_count"].tolist() == [3]
    result = analyze(trace)
    assert result.graphs.count == 1 and result.kernel_counts["total"] == 5


def test_gpu_only_trace_counts_its_kernels_without_launches():
    result = analyze(load(BAD / "gpu_only.json"))
    assert result.kernel_counts["total"] == 3 and result.attribution.without_launch == 3


def test_cpu_only_trace_has_ops_and_no_kernels():
    result = analyze(load(BAD / "cpu_only.json.gz"))
    assert result.summary.kernels == 0 and result.summary.categories.get("cpu_op", 0) > 0
    assert result.kernel_counts == {"total": 0, "runtime": 0, "compile": 0}

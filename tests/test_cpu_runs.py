"""CPU runs first-class (issue 74): what a newcomer's CPU profile shows says what it is."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from conftest import ROOT, SAMPLES
from traceview.cli import app

LSTM = ROOT / "tests" / "data" / "cases" / "cpu-lstm-busy"


def test_info_says_one_process_not_rank_0_and_names_a_jobs_ranks():
    single = CliRunner().invoke(app, ["info", str(LSTM)])
    assert single.exit_code == 0 and "one (not a distributed run)" in single.stdout and "ranks" not in single.stdout
    job = CliRunner().invoke(app, ["info", str(SAMPLES / "ddp_2rank")])
    assert job.exit_code == 0 and "0, 1 of 2" in job.stdout


def test_a_cpu_entry_carries_both_scales():
    import traceview as tv

    advice = tv.open(LSTM).advice
    row = advice[advice["kind"] == "threads"].iloc[0]
    assert row["saving_ms"] > 0 and row["saving_ms_profiled"] > 0


NOISY = """import sys, torch
m = torch.nn.Linear(8, 8); opt = torch.optim.SGD(m.parameters(), lr=0.1)
for i in range(8):
    m(torch.randn(4, 8)).sum().backward(); opt.step(); opt.zero_grad()
    sys.stderr.write(f"\\rprogress {i}"); sys.stderr.flush()
print("USDT: the script's own line stays", file=sys.stderr)
"""


def test_profile_keeps_the_scripts_stderr_and_drops_kinetos_own_lines(tmp_path):
    import subprocess
    import sys

    script = tmp_path / "noisy.py"
    script.write_text(NOISY)
    done = subprocess.run([sys.executable, "-m", "traceview", "profile", "--no-analyze", "-o", str(tmp_path / "o"),
                           "--steps", "2:5", str(script)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "profiler_start" not in done.stderr and "SyncActivityProfilerHandler" not in done.stderr
    assert "progress 7" in done.stderr and "USDT: the script's own line stays" in done.stderr


def test_the_pump_passes_partial_lines_at_once_and_drops_whole_kineto_lines():
    import os
    import select
    import threading

    from traceview.capture.quiet_stderr import _pump

    r, w = os.pipe()
    out_r, out_w = os.pipe()
    t = threading.Thread(target=_pump, args=(r, out_w))
    t.start()
    os.write(w, b"\rstep 1")  # a progress bar's line without its newline comes through before the next write
    assert select.select([out_r], [], [], 5.0)[0] and os.read(out_r, 100) == b"\rstep 1"
    os.write(w, b"\nUSDT:2026-12-08 01:06:16 7182:7182 SyncActivityProfilerHandler.cpp:59] profiler_stop\n"
                b"user line\nSTAGE:2026-12-08 01:40:20 20028:20028 SyncActivityProfilerHandler.cpp:51] Warm Up\n")
    os.close(w)
    t.join(5)
    with os.fdopen(out_r, "rb") as f:
        assert f.read() == b"\nuser line\n"


def test_the_api_answers_on_a_cpu_run_as_the_cli_does():
    """sample_traces/cpu/abc (traceview run abc without a GPU): every table and figure the API documents answers."""
    import json

    import traceview as tv

    runs = tv.open(SAMPLES / "cpu" / "abc")
    meta = json.loads((SAMPLES / "cpu" / "abc" / "meta.json").read_text())
    compare = runs.compare().set_index("variant")
    recorded = meta["variants"]["compiled"]["dynamo"]["compile_times_s"]["_compile.compile_inner"]  # torch's own
    assert compare.at["compiled", "compile_s"] == pytest.approx(recorded, rel=0.05) and recorded > 0
    compiled = runs["compiled"]
    assert list(compiled.regions["kernels_per_call"].iloc[0]) == [1, 1, 1]  # one fused C++ kernel per call
    top = compiled.plot.top_kernels()
    assert "cpp_fused_add_mul" in " ".join(top.data[0].y)
    phases = compiled.plot.phases()
    assert "compiled for" in phases.layout.annotations[0].text  # nothing to draw, and says why
    d = tv.diff(runs["eager"], runs["compiled"])
    (row,) = d.kernels.itertuples()
    assert set(row.a_kernels) == {"aten::mul", "aten::add"} and row.b_kernels == ["graph_0_cpp_fused_add_mul_0"]

"""Issue 30 §4: `run` and `profile` notice when torch's intra-op threads do not fit the cores other processes leave
free, say so in one line, and `run` measures with the threads that fit (traceview/capture/host_load.py)."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from conftest import busy_cores
from traceview.capture.host_load import CpuShare, measure
from traceview.trace.host import HostRecord

pytestmark = pytest.mark.skipif(not Path("/proc/stat").exists() or not hasattr(os, "sched_getaffinity"),
                                reason="needs /proc/stat and CPU affinity (Linux)")


def test_threads_that_fit_and_those_that_do_not():
    assert not CpuShare(2, 2, 0.1).oversubscribed and CpuShare(2, 2, 0.1).line() is None
    assert CpuShare(4, 2, 0.0).oversubscribed  # more threads than cores, whatever else runs
    busy = CpuShare(2, 2, 1.9)
    assert busy.oversubscribed and busy.fair_threads == 1
    assert "2 intra-op threads on 2 usable cores while other processes kept 1.9" in busy.line()
    assert "OMP_NUM_THREADS=1" in busy.line()
    assert CpuShare(8, 16, 6.0).fair_threads == 8 and not CpuShare(8, 16, 6.0).oversubscribed
    assert not CpuShare(1, 2, 2.0).oversubscribed  # one thread waits for no other


def _cores() -> int:
    return len(os.sched_getaffinity(0))


def test_measure_sees_other_processes_keep_the_cores_busy():
    with busy_cores(_cores()):
        share = measure(threads=_cores())
    assert share.other_busy is not None and share.other_busy >= _cores() - 0.6
    assert share.oversubscribed and share.fair_threads == 1 if _cores() > 1 else True


@contextmanager
def torch_threads(n: int):
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(n)
    try:
        yield
    finally:
        torch.set_num_threads(before)


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="one core: one thread always fits")
def test_run_measures_with_the_threads_that_fit_and_says_so(tmp_path):
    import torch

    from traceview.capture.runner import run_workload

    with busy_cores(_cores()), torch_threads(_cores()):
        result = run_workload("abc", ["eager"], out_dir=tmp_path / "run", device="cpu")
        assert torch.get_num_threads() == _cores()  # given back afterwards
    assert "run measures every variant with 1 thread(s)" in result.host_note
    assert f"torch runs {_cores()} intra-op threads on {_cores()} usable cores" in result.host_note
    host = json.loads((tmp_path / "run" / "meta.json").read_text())["host"]
    assert host["oversubscribed"] and host["threads_used"] == 1 and host["torch_threads"] == _cores()
    # one schema (trace/host.py) for run and profile: every key run writes is one the reader knows
    assert set(host) <= {f.name for f in dataclasses.fields(HostRecord)}
    # the advice reads the threads run recorded (issue 67: "torch ran None intra-op threads"): run measured with the
    # threads that fit, so there is nothing to advise about them
    from traceview.analysis.advice.loading import threads_entry
    from traceview.trace.run_files import dynamo_record, run_files

    record = dynamo_record(run_files(tmp_path / "run")).host
    assert record.torch_threads == _cores() and record.threads_ran == 1 and not record.ran_oversubscribed
    assert threads_entry(record, 10.0, 0.0, 3, "profiled") is None
    as_profiled = dataclasses.replace(record, threads_used=None)  # a script that kept its threads
    entry = threads_entry(as_profiled, 10.0, 0.0, 3, "profiled")
    assert entry is not None and f"torch ran {_cores()} intra-op threads on {_cores()} usable cores" in entry.evidence


def test_a_run_directory_of_the_older_schema_reads_as_the_new_one():
    """``run`` wrote ``threads`` and ``other_busy`` before the one schema: they read as torch_threads and
    other_busy_cores; a value of the wrong type reads as missing."""
    old = {"threads": 2, "usable_cores": 2, "other_busy": 1.0, "oversubscribed": True, "fair_threads": 1, "threads_used": 1}
    assert HostRecord.of(old) == HostRecord(usable_cores=2, torch_threads=2, other_busy_cores=1.0, oversubscribed=True,
                                            fair_threads=1, threads_used=1)
    assert HostRecord.of({"torch_threads": "2", "oversubscribed": "yes"}) == HostRecord()
    assert HostRecord.of([1, 2]) is None


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="one core: one thread always fits")
def test_profile_records_the_load_and_says_so(tmp_path):
    from traceview.capture.profile_script import profile_script

    script = tmp_path / "tiny.py"
    script.write_text("import torch\nx = torch.ones(1000)\nfor _ in range(3):\n    x = x * 1.0001\n")
    with busy_cores(_cores()), torch_threads(_cores()):
        result = profile_script(script, out_dir=tmp_path / "prof")
    host = json.loads(result.meta_path.read_text())["host"]
    assert host["torch_threads"] == _cores() and host["oversubscribed"] and host["other_busy_cores"] >= _cores() - 0.6
    assert set(host) <= {f.name for f in dataclasses.fields(HostRecord)}
    assert host["fair_threads"] == 1 and "intra-op threads" in result.host_note


def test_run_and_profile_print_the_line_once(tmp_path, monkeypatch):
    """The commands print the capture's line on stderr, once (a fixed measurement: the printing is what is tested)."""
    from typer.testing import CliRunner

    from traceview.capture import host_load
    from traceview.cli import app

    monkeypatch.setattr(host_load, "measure", lambda *a, **k: CpuShare(4, 2, 1.5))
    script = tmp_path / "tiny.py"
    script.write_text("x = 1\n")
    for args in (["run", "abc", "-v", "eager", "--no-analyze", "--device", "cpu", "-o", str(tmp_path / "run")],
                 ["profile", "--no-analyze", "-o", str(tmp_path / "prof"), str(script)]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
        assert result.output.count("torch runs 4 intra-op threads on 2 usable cores while other processes kept 1.5") == 1

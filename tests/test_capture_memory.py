"""``--memory`` on ``traceview run`` / ``profile`` (CPU captures here): the trace holds the allocator's
[memory] events, which the memory analysis reads; meta.json says the window was recorded with them."""

from __future__ import annotations

import json

from traceview.analysis.kernels.memory import memory_usage
from traceview.capture.profile_script import profile_script
from traceview.capture.runner import run_workload
from traceview.trace import load


def test_run_with_memory_records_allocator_events_and_without_none(tmp_path):
    with_memory = run_workload("mpadam", ["eager"], "cpu", tmp_path / "mem", device="cpu", calls=2, memory=True)
    plain = run_workload("mpadam", ["eager"], "cpu", tmp_path / "plain", device="cpu", calls=2)
    trace = load(with_memory.traces[0])
    assert len(trace.memory) > 0 and (trace.memory["device_type"] == 0).all()  # the CPU allocator's events
    assert load(plain.traces[0]).memory.empty
    usage = memory_usage(trace)
    assert usage.peaks.iloc[0]["peak_allocated_bytes"] > 0
    assert json.loads(with_memory.meta_path.read_text())["variants"]["eager"]["memory"] is None  # peaks are read on a GPU only


def test_profile_with_memory_charges_the_scripts_tensor_to_its_op(tmp_path):
    script = tmp_path / "alloc.py"
    script.write_text("import torch\nx = torch.ones(1024, 1024)\ny = x * 2\nprint(float(y.sum()))\n")
    result = profile_script(script, [], tmp_path / "out", memory=True)
    assert result.exit_code == 0
    meta = json.loads(result.meta_path.read_text())
    assert meta["profile_memory"] is True
    usage = memory_usage(load(result.trace))
    live = usage.live_at_peak
    # x and y (4 MiB each) are both alive when the peak is reached
    big = live[live["bytes"] == 1024 * 1024 * 4]
    assert sorted(big["op"]) == ["aten::empty", "aten::mul"]  # torch.ones allocates inside its aten::empty

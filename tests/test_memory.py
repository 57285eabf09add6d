"""Memory over time from ``[memory]`` events: the GPU peak equals torch's own max_memory_allocated /
max_memory_reserved of the profiled window (gpt2-memory and its facts file), what was live at the
peak equals a plain-JSON replay of the allocator events, and each live block is charged to the op,
compiled region and phase that allocated it (a real CPU capture of a compiled function)."""

from __future__ import annotations

import gzip
import json

import numpy as np
import pytest

from conftest import DATA, SAMPLES
from traceview.analysis.kernels.memory import memory_usage
from traceview.trace import load

MEMORY_TRACE = DATA / "training" / "gpt2-memory.json.gz"
FACTS = json.loads((DATA / "training" / "gpt2-memory.facts.json").read_text())


@pytest.fixture(scope="module")
def usage():
    return memory_usage(load(MEMORY_TRACE))


def test_gpu_peaks_equal_torch_max_memory_of_the_profiled_window(usage):
    """capture.py reset the peak statistics right before the first active step."""
    assert usage.peak_allocated_bytes == FACTS["max_memory_allocated"] == 314_480_640
    assert usage.peak_reserved_bytes == FACTS["max_memory_reserved"] == 341_835_776


def test_live_at_peak_equals_a_replay_of_the_raw_allocator_events(usage):
    events = json.loads(gzip.decompress(MEMORY_TRACE.read_bytes()))["traceEvents"]
    memory = sorted([e for e in events if e.get("name") == "[memory]" and e["args"]["Device Type"] == 1], key=lambda e: e["ts"])  # each thread's events are listed apart
    peak_at = max(range(len(memory)), key=lambda i: (memory[i]["args"]["Total Allocated"], -i))
    live = {}
    for e in memory[: peak_at + 1]:
        addr, size = e["args"]["Addr"], e["args"]["Bytes"]
        if size > 0:
            live[addr] = size
        else:
            live.pop(addr, None)  # a free of a block allocated before the trace is not in the dict
    peak = usage.peaks[usage.peaks["device_type"] == 1].iloc[0]
    assert peak["live_bytes"] == sum(live.values())
    assert peak["live_bytes"] + peak["before_trace_bytes"] == peak["peak_allocated_bytes"]
    assert sorted(usage.live_at_peak.query("device_type == 1")["addr"].astype("int64")) == sorted(live)

    # the owner of each live block: the innermost cpu_op around its event on its thread, by a plain loop
    ops = [e for e in events if e.get("ph") == "X" and e.get("cat") == "cpu_op"]
    for row in usage.live_at_peak.query("device_type == 1").itertuples():
        event = next(e for e in memory if e["args"]["Addr"] == row.addr and e["args"]["Bytes"] > 0 and round(e["ts"] * 1000) == row.ts_ns)
        around = [o for o in ops if o["tid"] == event["tid"] and o["ts"] <= event["ts"] <= o["ts"] + o["dur"]]
        assert row.op == min(around, key=lambda o: o["dur"])["name"]
    # the peak is at the loss backward: the 8x128x8192 fp32 logits (lm_head's mm), their log-softmax
    # and both gradients are live at once, 33.5 MB each, beside the forward's activations
    by_op = usage.live_by("op").query("device_type == 1").set_index("op")
    for op in ("aten::mm", "aten::_log_softmax", "aten::nll_loss_backward", "aten::_log_softmax_backward_data"):
        assert by_op.loc[op, "bytes"] == 8 * 128 * 8192 * 4, op


def test_timeline_follows_every_event_and_reserved_never_falls_below_allocated(usage):
    gpu = usage.timeline[usage.timeline["device_type"] == 1]
    assert len(gpu) == 1134  # 1,230 events, 96 of them the CPU's
    assert (gpu["reserved_bytes"] >= gpu["allocated_bytes"]).all()
    assert np.all(np.diff(gpu["ts_ns"].to_numpy()) >= 0)


def test_slice_at_equals_a_walk_over_every_slice(load_cached):
    trace = load_cached(MEMORY_TRACE)
    m, s = trace.memory, trace.slices
    found = trace.slice_at(m["rank"].to_numpy(), m["pid"].to_numpy(dtype=np.int64), m["tid"].to_numpy(dtype=np.int64), m["ts_ns"].to_numpy())
    start, end, tid = s["start_ns"].to_numpy(), s["end_ns"].to_numpy(), s["tid"].to_numpy(dtype=np.int64)
    depth = s["depth"].to_numpy()
    for i in range(0, len(m), 7):
        t = int(m["ts_ns"].iat[i])
        around = np.flatnonzero((tid == int(m["tid"].iat[i])) & (start <= t) & (t <= end))
        expected = around[np.argmax(depth[around])] if len(around) else -1
        assert found[i] == expected, i


def test_trace_without_memory_events_has_no_peak():
    usage = memory_usage(load(SAMPLES / "ddp_2rank" / "rank0.pt.trace.json.gz"))
    assert usage.peak_allocated_bytes is None and usage.peak_reserved_bytes is None
    assert usage.peaks.empty and usage.live_at_peak.empty and usage.live_by("op").empty


@pytest.mark.parametrize("path", [MEMORY_TRACE, DATA / "training" / "gpt2-compiled.json.gz"])
def test_a_trace_without_allocator_totals_gets_the_general_paths_empty_answer(path):
    """memory_usage answers a trace without memory events at once (_empty_usage): the frames the general path makes
    from no events, column for column, dtype for dtype, index type for index type (pandas 2 and 3)."""
    import pandas as pd

    from traceview.analysis.kernels import memory as m

    trace = load(path)
    none = trace.memory.iloc[:0]
    fast, general = m._empty_usage(none), m._usage(none, trace, None)
    for field in ("timeline", "peaks", "live_at_peak", "by_phase"):
        a, b = getattr(fast, field), getattr(general, field)
        pd.testing.assert_frame_equal(a, b, check_index_type=True, check_column_type=True)
        assert type(a.index) is type(b.index) and a.columns.dtype == b.columns.dtype, field
    if not trace.memory["total_allocated"].notna().any():
        pd.testing.assert_frame_equal(memory_usage(trace).peaks, general.peaks)


def test_compiled_function_memory_is_charged_to_its_region_and_compile_to_the_compile_phase(tmp_path):
    """A real capture (CPU, torch.compile with the aot_eager backend: no C++ compiler needed)."""
    import torch
    from torch.profiler import ProfilerActivity, profile

    def f(x, w):
        return torch.relu(x @ w).sum(dim=0)

    compiled = torch.compile(f, backend="aot_eager")
    x, w = torch.randn(256, 128), torch.randn(128, 512)
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True, record_shapes=True) as prof:
        for _ in range(3):
            compiled(x, w)
    path = tmp_path / "compiled_memory.json"
    prof.export_chrome_trace(str(path))
    usage = memory_usage(load(path))
    phases = set(usage.by_phase["phase"])
    assert phases == {"compile", "run"}
    peak = usage.peaks.iloc[0]
    # at the peak: x @ w and relu's output, 256 x 512 fp32 each, inside the compiled region's call
    # (the CPU allocator's total counts the whole process: what other code holds is "before the trace")
    live = usage.live_at_peak
    assert peak["live_bytes"] == 2 * 256 * 512 * 4
    assert peak["peak_allocated_bytes"] == peak["live_bytes"] + peak["before_trace_bytes"]
    assert sorted(live["op"]) == ["aten::clamp_min", "aten::mm"]
    assert live["region"].str.fullmatch(r"\d+/0").all() and live["region"].nunique() == 1  # frame ids count per process
    assert set(live["phase"]) == {"run"}


# What `traceview profile --memory` and `traceview run --memory` recorded on an H100 (benchmarks/gpu_session.sh):
# meta.json holds torch.cuda.max_memory_allocated / max_memory_reserved of the profiled window (the peak
# statistics reset right before it), and the trace's [memory] events must reach exactly that peak.
CAPTURED = {
    "reduce-overhead-profile": lambda meta: meta["memory"],  # profile: a reduce-overhead function, 6 calls
    "abc-max-autotune-run": lambda meta: meta["variants"]["max-autotune"]["memory"],  # run abc, compile included
}


@pytest.mark.parametrize("folder", sorted(CAPTURED))
def test_peaks_equal_what_the_capture_measured_with_torch(folder):
    base = DATA / "memory" / folder
    meta = json.loads((base / "meta.json").read_text())
    measured = CAPTURED[folder](meta)
    trace = next(base.glob("*.pt.trace.json.gz"))
    usage = memory_usage(load(trace))
    assert (usage.peak_allocated_bytes, usage.peak_reserved_bytes) == (measured["max_memory_allocated"], measured["max_memory_reserved"])
    # the same through the JSON users read
    from typer.testing import CliRunner

    from traceview.cli import app

    result = CliRunner().invoke(app, ["analyze", str(trace), "--json", "--no-cache"])
    assert result.exit_code == 0, result.output
    memory = json.loads(result.stdout)["memory"]
    assert (memory["peak_allocated_bytes"], memory["peak_reserved_bytes"]) == (measured["max_memory_allocated"], measured["max_memory_reserved"])

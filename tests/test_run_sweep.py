"""``traceview run`` over several sizes (issue 22, seed 000): host and GPU time per step apart, per variant and
size, the host/GPU crossover, ``run --json`` and the sweep page; variants that cannot run on the CPU say why."""

from __future__ import annotations

import gzip
import math
import json
import statistics
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
import torch

from traceview.analysis.analyze import analyze
from traceview.analysis.compare.scaling import RunPoint, crossover, step_scaling
from traceview.capture.workloads import WORKLOADS
from traceview.capture.workloads.adam import shapes
from traceview.report.terminal.scaling import scaling_view
from traceview.trace import load
from traceview.trace.run_files import dynamo_record, run_files

ROOT = Path(__file__).resolve().parents[1]
H200_ADAM = ROOT / "sample_traces" / "gpu" / "runs" / "adam"
CPU = torch.device("cpu")
REQUIRED = {"variant", "size", "n_tensors", "kernels_per_step", "gpu_ms_per_step", "host_ms_per_step", "wall_ms_per_step"}


def _events(trace: Path) -> list[dict]:
    with gzip.open(trace, "rt") as f:
        return json.load(f)["traceEvents"]


def _top_level_aten_ops(events: list[dict], step: str) -> int:
    """Plain JSON reading: ``aten::`` CPU ops inside the ``step`` annotation not nested in another one."""
    window = next(e for e in events if e.get("name") == step and e.get("cat") == "user_annotation")
    lo, hi = window["ts"], window["ts"] + window["dur"]
    ops = sorted((e["ts"], e["ts"] + e["dur"]) for e in events
                 if e.get("cat") == "cpu_op" and e.get("name", "").startswith("aten::") and lo <= e["ts"] < hi)
    count, open_until = 0, float("-inf")
    for start, end in ops:
        if start >= open_until:
            count, open_until = count + 1, end
    return count


def _kernel_ms_per_step(events: list[dict]) -> list[float]:
    """Plain JSON reading: summed ``kernel`` durations whose launch is inside each ProfilerStep window."""
    steps = [e for e in events if str(e.get("name", "")).startswith("ProfilerStep#") and e.get("cat") == "user_annotation"]
    launch_ts = {e["args"]["correlation"]: e["ts"] for e in events if e.get("cat") in ("cuda_runtime", "cuda_driver") and "correlation" in e.get("args", {})}
    out = []
    for s in sorted(steps, key=lambda e: e["ts"]):
        inside = [k["dur"] for k in events if k.get("cat") == "kernel"
                  and s["ts"] <= launch_ts.get(k["args"]["correlation"], -1) <= s["ts"] + s["dur"]]
        out.append(sum(inside) / 1e3)
    return out


def test_adam_has_the_issue_22_variants_and_the_gpu_only_ones_say_why_on_the_cpu():
    adam = WORKLOADS["adam"].variants
    assert {"compiled-cudagraphs", "compiled-cpp-wrapper", "apex"} <= set(adam)
    reasons = {name: v.why_not(CPU) for name, v in adam.items()}
    assert "CUDA graphs" in reasons["compiled-cudagraphs"] and "GPU" in reasons["compiled-cudagraphs"]
    assert "APEX" in reasons["apex"]
    assert all("\n" not in r for r in reasons.values() if r)
    assert {n for n, r in reasons.items() if r is None} == {"for-loop", "foreach", "fused", "compiled", "compiled-cpp-wrapper", "triton"}


@pytest.mark.slow
def test_run_json_sweeps_sizes_one_object_per_variant_and_size(tmp_path):
    out = tmp_path / "sweep"
    proc = subprocess.run([sys.executable, "-m", "traceview.cli", "run", "adam", "-v", "for-loop", "-v", "fused",
                           "-v", "compiled-cudagraphs", "--size", "1x16,4x8", "--device", "cpu", "-o", str(out), "--json"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    skipped = [line for line in proc.stderr.splitlines() if "skipped" in line]
    assert skipped == ["traceview: compiled-cudagraphs skipped: CUDA graphs (mode='reduce-overhead') need a GPU"]
    assert "traceview: [" not in proc.stderr  # --json: no stage lines for a script reading stderr either
    doc = json.loads(proc.stdout)
    runs = {(r["variant"], r["size"]): r for r in doc["runs"]}
    assert set(runs) == {(v, s) for v in ("for-loop", "fused") for s in ("1x16", "4x8")}
    assert all(REQUIRED <= set(r) for r in runs.values())
    for (variant, size), r in runs.items():
        layers, width = map(int, size.split("x"))
        assert r["n_tensors"] == len(shapes(layers, width))  # 12 per layer + the head's 2
        assert 0 < r["host_ms_per_step"] <= r["wall_ms_per_step"]
        assert r["gpu_ms_per_step"] is None and r["launches_per_step"] is None  # the CPU: no GPU kernels
        events = _events(out / r["trace"])
        assert r["kernels_per_step"] == statistics.median(_top_level_aten_ops(events, f"ProfilerStep#{i}") for i in range(3))
    # the for-loop runs the same ops per tensor at every size; fused runs the same ops whatever the count
    per_tensor = {s: runs["for-loop", s]["kernels_per_step"] / runs["for-loop", s]["n_tensors"] for s in ("1x16", "4x8")}
    assert per_tensor["1x16"] == per_tensor["4x8"]
    assert runs["fused", "1x16"]["kernels_per_step"] == runs["fused", "4x8"]["kernels_per_step"] < 14
    for size in ("1x16", "4x8"):
        meta = json.loads((out / size / "meta.json").read_text())
        assert set(meta["variants"]) == {"for-loop", "fused"} and "compiled-cudagraphs" in meta["skipped"]
        assert meta["variants"]["fused"]["host_ms"] <= meta["variants"]["fused"]["median_ms"]
    page = (out / "sweep.html").read_text()
    assert "<script src=" not in page and "Plotly" in page  # offline: plotly.js inlined
    figures = json.loads(page.split('id="tv-figures">')[1].split("</script>")[0])
    (figure,) = figures.values()
    assert {t["name"] for t in figure["data"]} == {"for-loop", "fused"}
    assert {tuple(t["x"]) for t in figure["data"]} == {(14.0, 50.0)}


@pytest.mark.parametrize("variant,kernels", [("for-loop", 350), ("compiled", 4)])
def test_run_table_of_h200_adam_reads_kernels_and_gpu_ms_per_step_from_the_trace(variant, kernels):
    trace = H200_ADAM / f"adam-{variant}.pt.trace.json.gz"
    meta = json.loads((H200_ADAM / "meta.json").read_text())["variants"][variant]
    a = analyze(load(trace), dynamo_record(run_files(trace)))
    wall = meta["median_ms"]
    host = wall / 2  # the committed run predates host timing: any host time exercises the ratio
    s = step_scaling([RunPoint(variant, "4x1024", meta["sizes"]["n_tensors"], host, wall, a, meta["sizes"]["n_params"])])
    row = s.rows.iloc[0]
    assert row["kernels_per_step"] == kernels  # sample_traces/README.md, counted from the trace
    assert row["gpu_ms_per_step"] == pytest.approx(statistics.median(_kernel_ms_per_step(_events(trace))), rel=1e-6)
    assert row["host_over_gpu"] == pytest.approx(host / row["gpu_ms_per_step"])
    assert row["launches_per_step"] >= kernels and row["cpu_kernel_ms_per_step"] is None
    assert row["n_tensors"] == 50


def _rows(pairs):
    return pd.DataFrame({"n_tensors": [n for n, _ in pairs], "host_over_gpu": [r for _, r in pairs]})


def test_crossover_is_interpolated_between_the_sizes_that_bracket_it():
    entry = crossover("compiled", _rows([(50, 0.25), (200, 0.5), (800, 2.0), (3200, 8.0)]))
    assert entry["host_bound_from"] == 800
    assert entry["crossover_n_tensors"] == pytest.approx(400.0)  # log-log midway: ratio 0.5 -> 2.0 over 200 -> 800
    assert "between 200 and 800" in entry["detail"]


def test_crossover_says_when_the_host_never_or_always_dominates():
    never = crossover("fused", _rows([(50, 0.1), (3000, 0.9)]))
    assert never["host_bound_from"] is None and never["crossover_n_tensors"] is None and "GPU time exceeds" in never["detail"]
    always = crossover("for-loop", _rows([(50, 1.5), (3000, 40.0)]))
    assert always["host_bound_from"] == 50 and always["crossover_n_tensors"] is None and "smallest" in always["detail"]
    assert crossover("x", _rows([(50, None)])) is None


def test_every_run_table_shows_gpu_and_host_ms_apart():
    from rich.console import Console

    s = step_scaling([RunPoint("fused", "1x16", 14, 0.1, 0.2)])
    console = Console(width=200, record=True)
    console.print(scaling_view(s, "adam on cpu"))
    header = console.export_text().splitlines()[2]
    assert "GPU ms" in header and "host ms" in header and "wall ms" in header


H200_SWEEP = ROOT / "sample_traces" / "gpu" / "adam-sweep"
SWEEP_DOC = json.loads((H200_SWEEP / "adam_sweep.json").read_text())


def _kernels_per_step(events: list[dict]) -> float:
    """Plain JSON reading: kernels launched inside each ProfilerStep window, by correlation; graph
    replays' kernels carry their cudaGraphLaunch's correlation. The median over the steps."""
    steps = sorted((e for e in events if str(e.get("name", "")).startswith("ProfilerStep#")
                    and e.get("cat") == "user_annotation"), key=lambda e: e["ts"])
    launch_ts = {e["args"]["correlation"]: e["ts"] for e in events
                 if e.get("cat") in ("cuda_runtime", "cuda_driver") and "correlation" in e.get("args", {})}
    kernels = [launch_ts.get(k["args"].get("correlation"), -1) for k in events if k.get("cat") == "kernel"]
    return statistics.median(sum(s["ts"] <= t <= s["ts"] + s["dur"] for t in kernels) for s in steps)


@pytest.mark.parametrize("row", [r for r in SWEEP_DOC["runs"] if (H200_SWEEP / r["trace"]).exists()],
                         ids=lambda r: f"{r['variant']}-{r['size']}")
def test_h200_sweep_rows_equal_a_plain_reading_of_their_traces(row):
    """The committed H200 sweep (benchmarks/adam_sweep.sh, docs/benchmarks.md): each row's kernels and
    GPU ms per step are what its trace holds, and the tensor count is the size's."""
    events = _events(H200_SWEEP / row["trace"])
    assert row["kernels_per_step"] == _kernels_per_step(events)
    assert row["gpu_ms_per_step"] == pytest.approx(statistics.median(_kernel_ms_per_step(events)), rel=1e-6)
    layers, width = (int(x) for x in row["size"].split("x"))
    assert row["n_tensors"] == len(shapes(layers, width))
    assert row["n_params"] == sum(math.prod(s) for s in shapes(layers, width))
    assert row["host_over_gpu"] == pytest.approx(row["host_ms_per_step"] / row["gpu_ms_per_step"])


def test_h200_sweep_crossovers_follow_from_its_rows():
    rows = pd.DataFrame(SWEEP_DOC["runs"])
    for entry in SWEEP_DOC["crossovers"]:
        mine = rows[rows["variant"] == entry["variant"]].sort_values("n_tensors")
        assert crossover(entry["variant"], mine[["n_tensors", "host_over_gpu"]].reset_index(drop=True)) == entry
    # what the sweep found on the H200: the for-loop step is host-bound from 50 tensors, foreach and fused
    # become host-bound between 50 and 194 tensors, the project's Triton kernel never (one launch per step)
    by = {e["variant"]: e for e in SWEEP_DOC["crossovers"]}
    assert by["for-loop"]["host_bound_from"] == 50 and by["triton"]["host_bound_from"] is None
    assert 50 < by["foreach"]["crossover_n_tensors"] < 194 and 50 < by["fused"]["crossover_n_tensors"] < 194

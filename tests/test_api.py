"""The Python API a notebook uses (issue 63): ``traceview.open(path)`` and ``traceview.diff(a, b)``.

Its tables are held to plain readings of the raw JSON on every public trace beside this checkout
(../shared/traces/public) and on the repository's own: the kernel count and phase, launches per API, the steps.
Nothing is analysed until asked: the kernels compute no critical path.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest

from conftest import DATA, PUBLIC, SAMPLES, spread
from training_facts import API_CATS, GPU_CATS, RawTrace

import traceview as tv
from traceview.errors import TraceviewError
from traceview.trace.schema import LAUNCH_APIS

PUBLIC_TRACES = sorted(PUBLIC.glob("*.json*")) if PUBLIC.is_dir() else []
OURS = [SAMPLES / "gpu" / "predictions" / "gpt2-compiled" / "train_gpt2.pt.trace.json.gz",
        SAMPLES / "gpu" / "runs" / "adam" / "adam-foreach.pt.trace.json.gz",
        SAMPLES / "gpu" / "extras" / "abc-compiled-first-call" / "abc-compiled.pt.trace.json.gz",
        DATA / "training" / "gpt2-compiled-first-call.json.gz",
        SAMPLES / "gpu" / "models" / "bert-eager" / "train_models.pt.trace.json.gz"]


#: Categories as written by any Kineto (the 2021 schema: "Kernel", "Runtime", "Memcpy"), lower-cased.
RAW_GPU = {c.lower() for c in GPU_CATS} | {"memcpy", "memset"}
RAW_API = {c.lower() for c in API_CATS} | {"runtime", "driver", "hip_runtime", "hip_driver"}


def _cat(e: dict) -> str:
    return str(e.get("cat", "")).lower()


def _raw_kernels(raw: RawTrace) -> list[dict]:
    return [e for e in raw.complete if _cat(e) == "kernel"]


def _raw_launches(raw: RawTrace) -> Counter:
    """Runtime and driver calls that start GPU work: a launch API, or a call whose correlation a GPU activity
    carries (a memcpy, a memset), by API name without its version suffix."""
    gpu = {(e.get("args") or {}).get("correlation") for e in raw.complete if _cat(e) in RAW_GPU} - {None}
    out: Counter = Counter()
    for e in raw.complete:
        if _cat(e) in RAW_API and (e.get("args") or {}).get("correlation") is not None:
            name = re.sub(r"_v\d+$", "", e["name"])
            if name in LAUNCH_APIS or e["args"]["correlation"] in gpu:
                out[name] += 1
    return out


def _raw_steps(raw: RawTrace) -> int:
    """Distinct ProfilerStep#N per process (a step can be named on two threads); else the ``train_step`` annotations."""
    steps = {(e["pid"], e["name"]) for e in raw.complete
             if _cat(e) == "user_annotation" and re.fullmatch(r"ProfilerStep#\d+", e["name"])}
    return len(steps) or len(raw.step_windows())


@pytest.mark.parametrize("path", [*OURS, *spread(PUBLIC_TRACES, every=2)], ids=lambda p: getattr(p, "name", str(p)))
def test_tables_equal_plain_readings_of_the_raw_json(path):
    raw = RawTrace(path)
    t = tv.open(path)
    gpu_kernels = t.kernels[t.kernels["kind"] == "kernel"]
    assert len(gpu_kernels) == len(_raw_kernels(raw))
    assert set(t.kernels["phase"].dropna()) <= {"compile", "autotune", "run"}
    launched_while_compiling = (gpu_kernels["phase"] != "run").sum()
    assert launched_while_compiling >= raw.compile_kernels()  # the spans a plain reading knows are compile time
    counts = t.launches["api"].value_counts().to_dict()
    assert {str(k): int(v) for k, v in counts.items()} == dict(_raw_launches(raw))
    assert len(t.steps) == _raw_steps(raw)
    if len(t.steps) and raw.step_windows():
        per_step = t.kernels[t.kernels["kind"] == "kernel"].groupby("step").size()
        assert sorted(per_step.to_list()) == sorted(n for n in raw.kernels_per_step() if n)


def test_the_kernels_compute_no_critical_path_and_no_advice():
    t = tv.open(OURS[0])
    assert t.computed == ()  # nothing on open
    k = t.kernels
    assert {"critical_path", "advice", "replay", "flops"}.isdisjoint(t.computed)
    assert list(k.columns) == ["name", "short_name", "kind", "start_ns", "dur_ns", "phase", "step", "region", "launch_api",
                               "op", "module", "rank", "device", "stream", "launch_dur_ns", "launch_to_kernel_ns"]
    t.launches, t.steps
    assert "critical_path" not in t.computed
    ranked = t.advice[t.advice["ranked"]]
    assert "critical_path" in t.computed and list(ranked["kind"])[:1] == ["cuda_graphs"]
    assert t.kernels is k  # kept


def test_the_advice_is_what_the_cli_ranks():
    from traceview.analysis.analyze import analyze
    from traceview.trace import load
    from traceview.trace.run_files import dynamo_record, run_files

    run = SAMPLES / "gpu" / "models" / "bert-eager"
    files = run_files(run)
    cli = analyze(load(files.trace), dynamo_record(files)).advice
    t = tv.open(run)
    assert t.advice["kind"].to_list() == [a.kind for a in cli]
    assert t.advice["saving_pct"].to_list() == pytest.approx([a.saving_pct for a in cli])


def test_steps_and_kernels_per_step_on_a_compiled_run():
    t = tv.open(SAMPLES / "gpu" / "runs" / "abc" / "abc-compiled.pt.trace.json.gz")
    assert t.steps["step"].to_list() == [0, 1, 2] and (t.steps["kernels"] == 1).all()
    assert t.kernels.groupby(["step", "phase"]).size().to_dict() == {(0, "run"): 1, (1, "run"): 1, (2, "run"): 1}
    assert set(t.kernels["region"].dropna()) == {"0/0"} and set(t.kernels["launch_api"]) == {"cuLaunchKernel"}


def test_a_cpu_trace_gives_its_cpu_kernels():
    t = tv.open(SAMPLES / "cpu" / "abc" / "abc-compiled.pt.trace.json.gz")
    assert set(t.kernels["kind"]) == {"inductor_cpp"} and t.steps["gpu_ms"].isna().all()
    assert t.steps["kernels"].to_list() == [1, 1, 1]


def test_a_run_directory_of_variants_is_a_mapping_with_a_comparison():
    runs = tv.open(SAMPLES / "gpu" / "runs" / "abc")
    assert isinstance(runs, tv.Runs) and list(runs) == ["eager", "compiled", "max-autotune", "triton"]
    table = runs.compare().set_index("variant")
    assert table.loc["eager", "kernels_per_step"] == 2 and table.loc["compiled", "kernels_per_step"] == 1
    assert "compiled" in runs._repr_html_()


def test_a_directory_of_ranks_is_one_run_with_each_ranks_steps():
    t = tv.open(SAMPLES / "ddp_2rank")
    assert sorted(t.steps["rank"].unique().tolist()) == [0, 1]
    assert set(t.comm["rank"]) == {0, 1}


def test_diff_matches_kernels_by_the_ops_they_came_from():
    runs = tv.open(SAMPLES / "gpu" / "runs" / "abc")
    d = tv.diff(runs["eager"], runs["compiled"])
    assert isinstance(d.metrics, pd.DataFrame) and isinstance(d.kernels, pd.DataFrame)
    row = d.kernels.iloc[0]
    assert row["how"] == "same ops" and "add" in row["ops"] and "mul" in row["ops"]
    assert "kernels matched" in d._repr_html_()


def test_the_notebook_sees_a_summary_not_a_dump():
    t = tv.open(SAMPLES / "gpu" / "models" / "bert-eager")
    page = t._repr_html_()
    assert "what to change first" in page and "top kernels" in page and len(page) < 20_000
    assert repr(t).startswith("<traceview.Run 'bert-eager'")


def test_figures_and_the_page(tmp_path):
    t = tv.open(SAMPLES / "gpu" / "runs" / "abc" / "abc-compiled.pt.trace.json.gz")
    assert t.plot.timeline().data and t.plot.top_kernels() is not None
    assert "critical_path" not in t.computed  # the timeline needs the kernels and the phases only
    page = t.report(tmp_path / "page.html")
    assert page.is_file() and (tmp_path / "page.perfetto.json.gz").is_file()


def test_bad_paths_raise_one_error():
    with pytest.raises(TraceviewError, match="no such file"):
        tv.open("no/such/trace.json")


def test_importing_traceview_imports_no_pandas():
    import subprocess

    code = "import sys, traceview; print('pandas' in sys.modules, 'pyarrow' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]
    help_ = "import sys, traceview.cli; print('pandas' in sys.modules, 'pyarrow' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", help_], capture_output=True, text=True, check=True).stdout.split() == ["False", "False"]


def test_a_try_document_reads_the_same_on_pandas_2_and_3():
    # `try --json` from the device (gpt2): each change's row against the raw JSON; a change measured without a
    # prediction (no_compile) says so in words, where pandas 2 would show None and pandas 3 NaN
    doc = json.loads((SAMPLES / "gpu" / "try" / "gpt2" / "try.json").read_text())
    trial = tv.read_try(SAMPLES / "gpu" / "try" / "gpt2")
    rows = trial.changes.set_index("change")
    assert list(rows.index) == [c["name"] for c in doc["changes"]]
    for c in doc["changes"]:
        row = rows.loc[c["name"]]
        assert row["status"] == c["status"]
        assert row["measured_pct"] == pytest.approx(c["measured_share"]) if "measured_share" in c else pd.isna(row["measured_pct"])
        assert row["verdict"] == (c.get("verdict") or ("no prediction" if c["status"] == "measured" else ""))
    assert "no prediction" in set(rows["verdict"]) and not rows[["verdict", "predicted_kind", "why"]].isna().any().any()
    assert len(trial.runs) == len(doc["baseline_ms"]) + sum(len(c.get("step_ms") or []) for c in doc["changes"])

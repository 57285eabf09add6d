"""The public tables of one run: one row per kernel, launch, step, change to make... as pandas DataFrames with
stable, documented columns. Each is built from the analyses it needs (`traceview.analysis.resolve`), read
through a lazy record: asking for the kernels computes no critical path."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from traceview.trace import Trace, catalogue
from traceview.trace.kernel_names import short_names
from traceview.trace.step_windows import step_labels

#: `Run.kernels`' columns, in order.
KERNEL_COLUMNS = ["name", "short_name", "kind", "start_ns", "dur_ns", "phase", "step", "region", "launch_api", "op",
                  "module", "rank", "device", "stream", "launch_dur_ns", "launch_to_kernel_ns"]
#: `Run.launches`' columns, in order.
LAUNCH_COLUMNS = ["api", "start_ns", "dur_ns", "step", "kernels", "phase", "op", "region", "module", "rank", "pid", "tid"]
#: `Run.steps`' columns, in order.
STEP_COLUMNS = ["step", "ms", "gpu_ms", "kernels", "launches", "launch_cpu_ms", "compile_kernels", "start_ns", "rank"]
#: `Run.advice`' columns, in order.
ADVICE_COLUMNS = ["kind", "saving_ms", "saving_pct", "ranked", "how", "evidence", "assumptions", "checked", "where", "rank",
                  "scale", "steps_used", "saving_ms_profiled", "shares_with"]


def _step_of(trace: Trace, windows, step_ids: np.ndarray) -> pd.Series:
    """Each row's step label (`ProfilerStep#12` -> 12; optimizer-ended steps numbered from 0), <NA> outside."""
    labels = step_labels(windows, trace.slices["name"])
    numeric = all(label.isdigit() for label in labels)
    lookup = dict(zip(windows.slice_id.tolist(), (int(x) for x in labels) if numeric else labels))
    values = [lookup.get(int(s)) if s >= 0 else None for s in step_ids]
    return pd.Series(values, dtype="Int64" if numeric else "string")


def _ids(column: pd.Series) -> np.ndarray:
    return column.to_numpy(dtype=np.float64, na_value=-1).astype(np.int64)


def _names_at(trace: Trace, ids: np.ndarray, label=None) -> pd.Series:
    """The name of slice `id` per row (as `label` gives it), <NA> for -1."""
    names = trace.slices["name"].astype(str).to_numpy()
    out = [None if i < 0 else (label(names[i]) if label else names[i]) for i in ids]
    return pd.Series(out, dtype="string")


def kernels(trace: Trace, result: Any) -> pd.DataFrame:
    """One row per kernel: the GPU's (kernel activities), or on a trace without GPU activity the CPU's (ATen ops,
    Inductor's C++ kernels, interpreted Triton). `phase`: compile, autotune or run; `step`: the step it ran in
    (<NA>: outside every step); `region`: the compiled region call (`F/C`); `launch_api`: the launch call;
    `op`: the innermost CPU op around its launch; `module`: the `nn.Module` around it (with_stack traces);
    `launch_dur_ns`: the launch call's CPU time; `launch_to_kernel_ns`: from the call's start to the kernel's."""
    windows = result.windows
    if len(trace.gpu):
        k = result.attribution.kernels
        gpu = trace.gpu.set_index("activity_id")
        module_ids = _ids(gpu["module_id"].reindex(k["activity_id"].to_numpy()))
        frame = pd.DataFrame({
            "name": k["name"].astype("string").array, "short_name": pd.array(short_names(k["name"]), dtype="string"),
            "kind": "kernel", "start_ns": k["start_ns"].to_numpy(), "dur_ns": k["dur_ns"].to_numpy(),
            "phase": k["phase"].astype("string").array, "step": _step_of(trace, windows, _ids(k["step_id"])),
            "region": k["region"].astype("string").array, "launch_api": k["api"].astype("string").array,
            "op": k["op"].astype("string").array, "module": _names_at(trace, module_ids, catalogue.module_label),
            "rank": k["rank"].to_numpy(), "device": k["device"].to_numpy(), "stream": k["stream"].to_numpy(),
            "launch_dur_ns": k["launch_dur_ns"].array, "launch_to_kernel_ns": k["launch_to_kernel_ns"].array})
        return frame[KERNEL_COLUMNS]
    c = result.cpu.kernels
    rows = c["slice_id"].to_numpy()
    slices = trace.slices
    region = _ids(slices["region_id"].iloc[rows]) if len(rows) else np.zeros(0, dtype=np.int64)
    frame = pd.DataFrame({
        "name": c["name"].astype("string").array, "short_name": c["name"].astype("string").array,
        "kind": c["kind"].astype("string").array, "start_ns": c["start_ns"].to_numpy(), "dur_ns": c["dur_ns"].to_numpy(),
        "phase": c["phase"].astype("string").array, "step": _step_of(trace, windows, _ids(c["step_id"])),
        "region": _names_at(trace, region, catalogue.region_id), "launch_api": pd.array([None] * len(c), dtype="string"),
        "op": c["name"].astype("string").array,
        "module": _names_at(trace, _ids(slices["module_id"].iloc[rows]) if len(rows) else region, catalogue.module_label),
        "rank": c["rank"].to_numpy(), "device": pd.array([None] * len(c), dtype="Int64"),
        "stream": pd.array([None] * len(c), dtype="Int64"), "launch_dur_ns": pd.array([None] * len(c), dtype="Int64"),
        "launch_to_kernel_ns": pd.array([None] * len(c), dtype="Int64")})
    return frame[KERNEL_COLUMNS]


def launches(trace: Trace, result: Any) -> pd.DataFrame:
    """One row per launch call (cudaLaunchKernel, cuLaunchKernel, cudaGraphLaunch, memcpy/memset calls, ...):
    `kernels`: the GPU activities it started (a graph launch: every kernel it replays)."""
    la = trace.launches
    frame = pd.DataFrame({
        "api": la["api"].astype("string").array, "start_ns": la["start_ns"].to_numpy(), "dur_ns": la["dur_ns"].to_numpy(),
        "step": _step_of(trace, result.windows, _ids(la["step_id"])), "kernels": la["gpu_count"].to_numpy(),
        "phase": la["phase"].astype("string").array, "op": _names_at(trace, _ids(la["op_id"])),
        "region": _names_at(trace, _ids(la["region_id"]), catalogue.region_id),
        "module": _names_at(trace, _ids(la["module_id"]), catalogue.module_label),
        "rank": la["rank"].to_numpy(), "pid": la["pid"].to_numpy(), "tid": la["tid"].to_numpy()})
    return frame[LAUNCH_COLUMNS]


def steps(trace: Trace, result: Any) -> pd.DataFrame:
    """One row per step: `ms` its wall time (profiled), `gpu_ms` its run-phase GPU kernel time (<NA> on a CPU
    trace), `kernels` its run-phase kernels (the CPU's on a CPU trace), `launches` its launch calls and
    `launch_cpu_ms` the CPU time inside them."""
    s = result.steps.steps
    if not len(s):
        return pd.DataFrame({c: [] for c in STEP_COLUMNS})
    step = _step_of(trace, result.windows, s["slice_id"].to_numpy())
    gpu = len(trace.gpu) > 0
    kernels_ = s["kernels"].to_numpy()
    if not gpu:
        per = result.cpu.per_step.set_index("slice_id")["kernels"]
        kernels_ = per.reindex(s["slice_id"].to_numpy()).fillna(0).astype(np.int64).to_numpy()
    frame = pd.DataFrame({"step": step, "ms": s["dur_ns"].to_numpy() / 1e6,
                          "gpu_ms": s["gpu_ms"].to_numpy() if gpu else pd.array([None] * len(s), dtype="Float64"),
                          "kernels": kernels_, "launches": s["launches"].to_numpy(), "launch_cpu_ms": s["launch_cpu_ms"].to_numpy(),
                          "compile_kernels": s["compile_kernels"].to_numpy(), "start_ns": s["start_ns"].to_numpy(),
                          "rank": trace.slices["rank"].to_numpy()[s["slice_id"].to_numpy()]})
    return frame[STEP_COLUMNS]


def advice(result: Any) -> pd.DataFrame:
    """The changes the CLI ranks, largest saving first, then the notes (`ranked` False): one row each."""
    rows = [{"kind": a.kind, "saving_ms": a.saving_ms_per_step, "saving_pct": a.saving_pct, "ranked": a.ranked,
             "how": a.how, "evidence": a.evidence, "assumptions": a.assumptions, "checked": a.checked, "where": a.where,
             "rank": a.rank, "scale": a.scale, "steps_used": a.steps_used, "saving_ms_profiled": a.saving_ms_profiled,
             "shares_with": a.shares_with} for a in result.advice]
    return pd.DataFrame(rows, columns=ADVICE_COLUMNS)


def findings(result: Any) -> pd.DataFrame:
    """The findings in plain words, by the time each concerns, largest first."""
    from traceview.analysis.base.finding import ordered

    rows = [{"level": f.level, "text": f.text, **{k: v for k, v in vars(f).items() if k not in ("level", "text")}}
            for f in ordered(result.findings)]
    return pd.DataFrame(rows)


def critical_path(result: Any) -> pd.DataFrame:
    """Per step on the critical path: ms by what bounded it (python_cpu, launch, kernel, memcpy, comm, idle)."""
    cp = result.critical_path
    rows = [{"step": s.step, "rank": s.rank, "step_ms": s.step_ms, **s.breakdown_ms} for s in cp.steps]
    return pd.DataFrame(rows)


def autotune(result: Any) -> pd.DataFrame:
    """Inductor's autotuning decisions beside their kernels (empty where none was recorded)."""
    choices = result.autotune
    return choices.table if choices is not None else pd.DataFrame()

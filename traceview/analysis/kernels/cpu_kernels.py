"""Which kernels did the CPU run? A CPU-only trace's answer to "how many kernels per call".

On a GPU a kernel is a GPU activity. On the CPU the units of work are slices, of three kinds:

- ``inductor_cpp``: a C++ kernel Inductor generated for a compiled graph. With
  ``torch._inductor.config.cpp.enable_kernel_profile`` (``TORCHINDUCTOR_CPP_ENABLE_KERNEL_PROFILE=1``;
  ``traceview run`` and ``traceview profile`` turn it on) each call is a ``cpu_op`` named after the
  kernel: ``graph_<G>_cpp_fused_<ops>_<N>`` (before torch 2.6 without ``graph_<G>_``).
- ``triton_interpreted``: a Triton kernel run by Triton's interpreter (``TRITON_INTERPRET=1``), which
  leaves no event of its own: traceview's reference kernels wrap each launch in a
  ``triton_interpreted::<kernel>`` annotation (:func:`traceview.capture.kernels.launch`).
- ``aten``: on a trace with no GPU activity, an ATen op called from Python: a top-level ``aten::``
  cpu_op (one nested in another counts once, as the outer call) that is not inside a kernel of the
  kinds above (there it is the interpreter's own copying). With a GPU, ATen ops launch the kernels
  and are not counted here.

::

    ProfilerStep#1                                  <- step
      Torch-Compiled Region: 0/0                    <- region call
        graph_0_cpp_fused_add_mul_0                 -> kernel, inductor_cpp
    ProfilerStep#2
      aten::mul                                     -> kernel, aten
        aten::empty                                    (inside aten::mul: its own work)
      aten::add                                     -> kernel, aten
      triton_interpreted::abc_kernel                -> kernel, triton_interpreted
        aten::copy_                                    (the interpreter's copy)

A kernel's phase is its slice's (:mod:`traceview.analysis.base.compile_split`): the ATen ops Dynamo runs on fake
tensors while compiling are compile phase, and only run-phase kernels are counted per step and per call.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from traceview.trace import catalogue
from traceview.trace.catalogue import tagged
from traceview.trace.by_name import per_label
from traceview.analysis.base.compile_split import CompileSplit
from traceview.trace.step_windows import StepWindows, step_labels, step_windows
from traceview.trace import Trace

#: Kinds of CPU kernel, in the order reports list them.
KINDS = ("aten", "inductor_cpp", "triton_interpreted")
#: How reports name each kind.
KIND_LABELS = {"aten": "ATen op", "inductor_cpp": "Inductor C++", "triton_interpreted": "Triton (interpreted)"}

KERNEL_COLUMNS = ["slice_id", "rank", "name", "kind", "phase", "start_ns", "dur_ns", "step_id"]
STEP_COLUMNS = ["slice_id", "step", "name", "kernels", *KINDS, "kernel_ms"]
REGION_COLUMNS = ["region", "calls", "kernels_per_call", "steady_kernels_per_call", "kernel_ms"]
NAME_COLUMNS = ["name", "kind", "count", "total_ms", "median_us", "share"]


@dataclass(frozen=True)
class CpuKernels:
    """The CPU's kernels (see the module docstring for what counts).

    ``kernels``: one row per kernel call, in start order: slice_id, rank, name, kind, phase, start_ns,
    dur_ns, step_id (the step annotation whose window holds its start; <NA> outside every step).
    ``per_step``: one row per step, in time order: slice_id, name, kernels (run phase), one count per
    kind (aten, inductor_cpp, triton_interpreted), kernel_ms (their summed time).
    ``per_region``: per compiled region ("F/C"): calls, kernels_per_call (list: run-phase kernels inside
    each call, nested region calls included), steady_kernels_per_call (the most common), kernel_ms.
    ``by_name``: run phase, per kernel name: kind, count, total_ms, median_us, share (of kernel time),
    largest total first.
    """

    kernels: pd.DataFrame
    per_step: pd.DataFrame
    per_region: pd.DataFrame
    by_name: pd.DataFrame
    kernels_per_step: list[int] = field(init=False)
    run_counts: dict[str, int] = field(init=False)  # run-phase kernels per kind (kinds with none left out)

    def __post_init__(self):
        object.__setattr__(self, "kernels_per_step", [int(k) for k in self.per_step["kernels"]])
        run = self.kernels[(self.kernels["phase"] == "run").to_numpy()]
        counts = run["kind"].value_counts()
        object.__setattr__(self, "run_counts", {k: int(counts[k]) for k in KINDS if counts.get(k, 0)})

    def __bool__(self) -> bool:
        return len(self.kernels) > 0


def cpu_kernels(trace: Trace, split: CompileSplit, windows: StepWindows | None = None) -> CpuKernels:
    """The CPU kernels of ``trace``, per step, per compiled-region call and per name."""
    windows = step_windows(trace) if windows is None else windows
    slices = trace.slices
    kind = _kind_codes(trace)
    rows = np.flatnonzero(kind >= 0)
    if len(rows) == 0:  # most GPU traces: nothing to count (empty tables, not rows of zeros)
        return CpuKernels(*(pd.DataFrame({c: [] for c in cols}) for cols in (KERNEL_COLUMNS, STEP_COLUMNS, REGION_COLUMNS, NAME_COLUMNS)))
    names = slices["name"].array
    rank = slices["rank"].to_numpy()[rows].astype(np.int64)
    start = slices["start_ns"].to_numpy()[rows]
    pos = windows.positions(slices["step_id"].to_numpy(dtype=np.int64, na_value=-1)[rows])  # -1: in none of them
    step_id = windows.slice_id[np.maximum(pos, 0)] if len(windows) else np.zeros(len(rows), dtype=np.int64)
    kernels = pd.DataFrame({
        "slice_id": slices["slice_id"].to_numpy()[rows],
        "rank": rank,
        "name": np.asarray(names.categories.astype(str), dtype=object)[names.codes[rows]],
        "kind": pd.Categorical.from_codes(kind[rows], categories=list(KINDS)),
        "phase": split.slice_phase.array[rows],
        "start_ns": start,
        "dur_ns": slices["dur_ns"].to_numpy()[rows],
        "step_id": pd.arrays.IntegerArray(step_id.astype(np.int64), pos < 0),
    }, columns=KERNEL_COLUMNS)
    run = (kernels["phase"] == "run").to_numpy()
    per_step = _per_step(trace, windows, kernels, pos, run)
    per_region = _per_region(trace, kernels, run)
    order = np.argsort(start, kind="stable")
    return CpuKernels(kernels=kernels.take(order).reset_index(drop=True), per_step=per_step, per_region=per_region,
                      by_name=_by_name(kernels[run]))


def _kind_codes(trace: Trace) -> np.ndarray:
    """Per slice: its position in :data:`KINDS`, or -1 for a slice that is no CPU kernel."""
    slices = trace.slices
    cats = slices["cat"]
    kind = np.full(len(slices), -1, dtype=np.int8)
    cpp = tagged(slices, "inductor_cpp_kernel") & (cats == "cpu_op").to_numpy()
    interpreted = tagged(slices, "triton_interpreted")
    kind[cpp] = KINDS.index("inductor_cpp")
    kind[interpreted] = KINDS.index("triton_interpreted")
    if len(trace.gpu) == 0:
        aten = tagged(slices, "traced_op") & (cats == "cpu_op").to_numpy() & ~cpp
        # not inside another op or kernel
        outer = trace.outermost(aten | cpp | interpreted) & aten
        kind[outer] = KINDS.index("aten")
    return kind


def _per_step(trace: Trace, windows: StepWindows, kernels: pd.DataFrame, pos: np.ndarray, run: np.ndarray) -> pd.DataFrame:
    """Run-phase kernels per step window (``pos``: each kernel's window position, -1 for none)."""
    n = len(windows)
    if n == 0:
        return pd.DataFrame({c: [] for c in STEP_COLUMNS})
    counted = run & (pos >= 0)
    at = pos[counted]
    codes = kernels["kind"].cat.codes.to_numpy()[counted]
    dur = kernels["dur_ns"].to_numpy()[counted]
    names = trace.slices["name"].array
    out = pd.DataFrame({
        "slice_id": windows.slice_id,
        "name": np.asarray(names.categories.astype(str), dtype=object)[names.codes[windows.slice_id]],
        "step": list(step_labels(windows, trace.slices["name"])),
        "start_ns": windows.start_ns,
        "kernels": np.bincount(at, minlength=n).astype(np.int64),
        **{k: np.bincount(at[codes == i], minlength=n).astype(np.int64) for i, k in enumerate(KINDS)},
        "kernel_ms": np.bincount(at, weights=dur, minlength=n) / 1e6,
    })
    return out.sort_values("start_ns", kind="stable", ignore_index=True)[STEP_COLUMNS]


def _per_region(trace: Trace, kernels: pd.DataFrame, run: np.ndarray) -> pd.DataFrame:
    slices = trace.slices
    call_ids = np.flatnonzero((slices["kind"] == "region").to_numpy())  # slice_id == row position
    if len(call_ids) == 0:
        return pd.DataFrame({c: [] for c in REGION_COLUMNS})
    ids = kernels["slice_id"].to_numpy()[run]
    nearest = slices["region_id"].to_numpy(dtype=np.int64, na_value=-1)  # found at load time
    pairs = trace.ancestors(ids, through=nearest)  # every enclosing call, as for GPU kernels
    at = np.searchsorted(call_ids, pairs["ancestor"].to_numpy())
    dur = kernels["dur_ns"].to_numpy()[run][pairs["row"].to_numpy()]
    calls = pd.DataFrame({
        "region": per_label(slices["name"], catalogue.region_id)[call_ids],
        "start_ns": slices["start_ns"].to_numpy()[call_ids],
        "kernels": np.bincount(at, minlength=len(call_ids)).astype(np.int64),
        "kernel_ns": np.bincount(at, weights=dur, minlength=len(call_ids)),
    }).sort_values("start_ns", kind="stable")
    rows = []
    for region, group in calls.groupby("region", sort=False):
        counts = [int(k) for k in group["kernels"]]
        rows.append({"region": region, "calls": len(counts), "kernels_per_call": counts,
                     "steady_kernels_per_call": int(pd.Series(counts).mode().max()),
                     "kernel_ms": float(group["kernel_ns"].sum()) / 1e6})
    return pd.DataFrame(rows, columns=REGION_COLUMNS)


def _by_name(run: pd.DataFrame) -> pd.DataFrame:
    if run.empty:
        return pd.DataFrame({c: [] for c in NAME_COLUMNS})
    grouped = run.groupby("name", sort=False)
    out = pd.DataFrame({
        "kind": grouped["kind"].first().astype(str),
        "count": grouped.size().astype(np.int64),
        "total_ms": grouped["dur_ns"].sum() / 1e6,
        "median_us": grouped["dur_ns"].median() / 1e3,
    }).reset_index()
    total = out["total_ms"].sum()
    out["share"] = out["total_ms"] / total if total else 0.0
    return out.sort_values("total_ms", ascending=False, kind="stable", ignore_index=True)[NAME_COLUMNS]

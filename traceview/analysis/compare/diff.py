"""What changed between two runs? Two analyses side by side, and their kernels matched by origin.

``diff_analyses(a, b)`` compares kernel counts (total, per call, per step), GPU time, launches by API,
launch overhead and compile time, and matches run-phase kernels across the two traces:

1. the same kernel name on both sides is one group;
2. otherwise by the ops the kernels came from, compared as sets of op words: an eager kernel's CPU op
   (``aten::mul`` -> {mul}), an Inductor kernel's fused ops from its name
   (``triton_poi_fused_add_mul_0`` -> {add, mul}) or from its ``Original ATen`` comment when given.
   Each kernel links to its best partner on the other side (one set contains the other, or they share
   at least half their words); linked kernels form groups, so eager ``aten::mul`` + ``aten::add`` group
   with compiled ``triton_poi_fused_add_mul_0``, and torch 2.1's three mixed-precision Adam kernels with
   2.2's one.

Kernels with no partner are listed as unmatched on their side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from traceview.trace.catalogue import inductor_kernel, without_namespace
from traceview.trace.inductor_code import aten_ops_from_name

if TYPE_CHECKING:
    from traceview.analysis.result import Analysis

#: Two op-word sets that are not nested must share at least this Jaccard similarity to match.
MIN_JACCARD = 0.5
#: Words that say nothing about which computation a kernel did.
_STOP_WORDS = frozenset({"", "default", "tensor", "scalar", "out", "self", "fused", "kernel", "impl"})


@dataclass(frozen=True)
class Diff:
    """Two traces side by side.

    ``metrics``: metric, unit, a, b, ratio (b / a; NaN when a is 0 or either is missing).
    ``launches``: per launch API (run phase): api, a, b (calls).
    ``groups``: one row per matched group: group, how ("same name" | "same ops"), ops (shared op words),
    a_kernels / b_kernels (names, list), a_ops / b_ops (each kernel's CPU op, list), a_count / b_count (launches), a_ms / b_ms (GPU time).
    ``unmatched_a`` / ``unmatched_b``: kernels with no partner: name, op, ops, count, total_ms.
    ``autotune``: Inductor's autotuning decisions matched across the runs, ``changed`` when the choice differs.
    """

    label_a: str
    label_b: str
    metrics: pd.DataFrame
    launches: pd.DataFrame
    groups: pd.DataFrame
    unmatched_a: pd.DataFrame
    unmatched_b: pd.DataFrame
    autotune: pd.DataFrame | None = None  # autotuning decisions on both sides (analysis.autotune_diff); None: not compared


def op_words(op: object) -> frozenset[str]:
    """``aten::_foreach_add_.Scalar`` -> {add}; ``aten._to_copy`` -> {to, copy}; None -> {}."""
    if op is None or op is pd.NA or (isinstance(op, float) and op != op):
        return frozenset()
    text = without_namespace(str(op).strip())
    text = text.split(".", 1)[0].replace("_foreach_", "_")
    return frozenset(w for w in text.lower().split("_") if w not in _STOP_WORDS and not w.isdigit())


def kernel_ops(kernels: pd.DataFrame, aten_ops: Mapping[str, Sequence[str]] | None = None) -> pd.DataFrame:
    """Per run-phase kernel name: op (most common CPU op), ops (op words), count, total_ms.

    ``kernels``: attribution rows (name, op, phase, dur_ns). ``aten_ops``: optional kernel name -> ATen ops
    (from generated code's ``Original ATen``), preferred over ops parsed from the name.
    """
    k = kernels[kernels["phase"].astype(str) == "run"]
    if k.empty:
        return pd.DataFrame({"name": pd.Series([], dtype=str), "op": [], "ops": [], "count": pd.Series([], dtype="int64"), "total_ms": pd.Series([], dtype=float)})
    k = k.assign(name=k["name"].astype(str))
    grouped = k.groupby("name", sort=False)
    out = pd.DataFrame({"count": grouped.size(), "total_ms": grouped["dur_ns"].sum() / 1e6,
                        "op": grouped["op"].agg(lambda v: v.dropna().mode().iloc[0] if v.notna().any() else None),
                        "op_names": grouped["op"].agg(lambda v: sorted({str(x) for x in v.dropna()}))}).reset_index()
    out["ops"] = [_ops_of(n, ops, aten_ops) for n, ops in zip(out["name"], out["op_names"])]
    return out.drop(columns=["op_names"]).sort_values("total_ms", ascending=False, ignore_index=True)


def _ops_of(name: str, ops: list[str], aten_ops: Mapping[str, Sequence[str]] | None) -> frozenset[str]:
    if aten_ops and aten_ops.get(name):
        return frozenset().union(*(op_words(o) for o in aten_ops[name]))
    if inductor_kernel(name):
        return frozenset().union(frozenset(), *(op_words(o) for o in aten_ops_from_name(name)))
    return frozenset().union(frozenset(), *(op_words(o) for o in ops if o != name))


def match_kernels(a: pd.DataFrame, b: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Groups of matched kernels, and the unmatched ones of each side (tables of :func:`kernel_ops`)."""
    parent = list(range(len(a) + len(b)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(i: int, j: int) -> None:
        parent[find(i)] = find(j)

    same = {n: j for j, n in enumerate(b["name"])}
    exact = {i: same[n] for i, n in enumerate(a["name"]) if n in same}
    for i, j in exact.items():
        union(i, len(a) + j)
    rest_a = [i for i in range(len(a)) if i not in exact]
    rest_b = [j for j in range(len(b)) if j not in set(exact.values())]
    for i in rest_a:
        j = _best(a.at[i, "ops"], a.at[i, "total_ms"], b, rest_b)
        if j is not None:
            union(i, len(a) + j)
    for j in rest_b:
        i = _best(b.at[j, "ops"], b.at[j, "total_ms"], a, rest_a)
        if i is not None:
            union(i, len(a) + j)
    roots = [find(i) for i in range(len(a) + len(b))]
    members: dict[int, tuple[list[int], list[int]]] = {}
    for i in range(len(a)):
        members.setdefault(roots[i], ([], []))[0].append(i)
    for j in range(len(b)):
        members.setdefault(roots[len(a) + j], ([], []))[1].append(j)
    rows, lone_a, lone_b = [], [], []
    for ia, jb in members.values():
        if not ia:
            lone_b += jb
        elif not jb:
            lone_a += ia
        else:
            rows.append(_group(a.iloc[ia], b.iloc[jb], exact))
    groups = pd.DataFrame(rows, columns=["how", "ops", "a_kernels", "b_kernels", "a_ops", "b_ops", "a_count", "b_count", "a_ms", "b_ms"])
    groups = groups.sort_values(["a_ms", "b_ms"], ascending=False, ignore_index=True)
    groups.insert(0, "group", np.arange(1, len(groups) + 1))
    return groups, a.iloc[sorted(lone_a)].reset_index(drop=True), b.iloc[sorted(lone_b)].reset_index(drop=True)


def _best(ops: frozenset[str], ms: float, other: pd.DataFrame, candidates: list[int]) -> int | None:
    """The candidate whose op words best match ``ops`` (nested sets first, then Jaccard, then closest time)."""
    if not ops:
        return None
    best, best_key = None, None
    for j in candidates:
        theirs = other.at[j, "ops"]
        if not theirs:
            continue
        shared = len(ops & theirs)
        jaccard = shared / len(ops | theirs)
        nested = shared == min(len(ops), len(theirs))
        if not nested and jaccard < MIN_JACCARD:
            continue
        key = (nested, jaccard, -abs(float(other.at[j, "total_ms"]) - float(ms)))
        if best_key is None or key > best_key:
            best, best_key = j, key
    return best


def _group(ga: pd.DataFrame, gb: pd.DataFrame, exact: dict[int, int]) -> dict[str, object]:
    same = len(ga) == 1 and len(gb) == 1 and ga.iloc[0]["name"] == gb.iloc[0]["name"]
    ops = frozenset().union(*ga["ops"]) & frozenset().union(*gb["ops"])
    return {"how": "same name" if same else "same ops", "ops": ", ".join(sorted(ops)),
            "a_kernels": list(ga["name"]), "b_kernels": list(gb["name"]),
            "a_ops": [o if isinstance(o, str) else "" for o in ga["op"]], "b_ops": [o if isinstance(o, str) else "" for o in gb["op"]],
            "a_count": int(ga["count"].sum()), "b_count": int(gb["count"].sum()),
            "a_ms": float(ga["total_ms"].sum()), "b_ms": float(gb["total_ms"].sum())}


def diff_analyses(a: Analysis, b: Analysis, label_a: str = "A", label_b: str = "B",
                  aten_ops_a: Mapping[str, Sequence[str]] | None = None,
                  aten_ops_b: Mapping[str, Sequence[str]] | None = None) -> Diff:
    """Compare two analyses; ``aten_ops_*`` optionally give generated kernels' Original ATen ops.
    Their autotuning decisions (``Analysis.autotune``) are compared when both have a record."""
    from traceview.analysis.compile.autotune_diff import autotune_changes

    if a.summary.kernels == 0 and b.summary.kernels == 0 and a.cpu is not None and b.cpu is not None:
        (ka_rows, ka_ops), (kb_rows, kb_ops) = cpu_kernel_rows(a), cpu_kernel_rows(b)
        ka, kb = kernel_ops(ka_rows, ka_ops), kernel_ops(kb_rows, kb_ops)
    else:
        ka = kernel_ops(a.attribution.kernels, aten_ops_a)
        kb = kernel_ops(b.attribution.kernels, aten_ops_b)
    groups, lone_a, lone_b = match_kernels(ka, kb)
    rows = [(name, unit, *values) for name, unit, values in _metric_rows(a, b)]
    metrics = pd.DataFrame(rows, columns=["metric", "unit", "a", "b"])
    av, bv = metrics["a"].astype("float64"), metrics["b"].astype("float64")
    metrics["ratio"] = np.where((av > 0) & bv.notna(), bv / av.where(av > 0), np.nan)
    apis = sorted(set(a.overhead.per_api.get("api", [])) | set(b.overhead.per_api.get("api", [])))
    calls_a = dict(zip(a.overhead.per_api.get("api", []), a.overhead.per_api.get("calls", [])))
    calls_b = dict(zip(b.overhead.per_api.get("api", []), b.overhead.per_api.get("calls", [])))
    launches = pd.DataFrame({"api": apis, "a": [int(calls_a.get(x, 0)) for x in apis], "b": [int(calls_b.get(x, 0)) for x in apis]})
    tuned = autotune_changes(a.autotune, b.autotune) if a.autotune is not None and b.autotune is not None else None
    return Diff(label_a, label_b, metrics, launches, groups, lone_a, lone_b, tuned)


def cpu_kernel_rows(a: Analysis) -> tuple[pd.DataFrame, dict[str, list[str]]]:
    """A trace without GPU work: its CPU kernels (:mod:`~traceview.analysis.kernels.cpu_kernels`) as
    :func:`kernel_ops` reads kernels, and each name's ATen ops (an ATen op is its own; an Inductor C++ kernel's come
    from its name, ``graph_0_cpp_fused_add_mul_0`` -> add, mul), so eager ops and the fused kernels that replace
    them match as :func:`match_kernels` matches GPU kernels."""
    k = a.cpu.kernels
    names = k["name"].astype(str).tolist()
    rows = pd.DataFrame({"name": names, "op": [n if n.startswith("aten::") else None for n in names],
                         "phase": k["phase"].astype(str).to_numpy(), "dur_ns": k["dur_ns"].to_numpy()})
    ops = {n: [n] if n.startswith("aten::") else aten_ops_from_name(_graph_prefix_off(n)) for n in set(names)}
    return rows, ops


def _graph_prefix_off(name: str) -> str:
    """``graph_0_cpp_fused_add_mul_0`` -> ``cpp_fused_add_mul_0`` (Inductor's C++ kernel profile names its graph)."""
    head, _, rest = name.partition("_")
    number, _, kernel = rest.partition("_")
    return kernel if head == "graph" and number.isdigit() and kernel else name


def calls_of(a: Analysis) -> tuple[int, str]:
    """How many calls the trace holds and how they were found: profiler steps (what ``traceview run``
    writes around each call), else outermost compiled-region calls; (0, "") when neither."""
    if len(a.steps.steps):
        return len(a.steps.steps), "steps"
    outer = a.regions.calls[a.regions.calls["depth"] == 0] if len(a.regions.calls) else a.regions.calls
    if len(outer):
        return len(outer), "compiled-region calls"
    return 0, ""


def _per_call(a: Analysis) -> float | None:
    """Median run-phase kernels per call (per step, else per outermost compiled-region call)."""
    if len(a.steps.steps):
        return float(a.steps.steps["kernels"].median())
    outer = a.regions.calls[a.regions.calls["depth"] == 0] if len(a.regions.calls) else a.regions.calls
    return float(outer["kernels"].median()) if len(outer) else None


def _steady(a: Analysis) -> pd.DataFrame:
    """The steps no compilation or autotuning ran in (their window holds no compile or autotune span)."""
    steps = a.steps.steps
    spans = a.split.spans
    if not len(steps) or not len(spans):
        return steps
    start, end = steps["start_ns"].to_numpy(), (steps["start_ns"] + steps["dur_ns"]).to_numpy()
    s0, s1 = spans["start_ns"].to_numpy(), spans["end_ns"].to_numpy()
    compiling = [bool(((s0 < e) & (s1 > b)).any()) for b, e in zip(start, end)]
    return steps[~np.array(compiling, dtype=bool)]


def steady_step_ms(a: Analysis) -> float | None:
    """Median wall ms of the steady steps (as the profiled trace has them)."""
    steps = _steady(a)
    return float(steps["dur_ns"].median()) / 1e6 if len(steps) else None


def host_path_ms(a: Analysis) -> float | None:
    """Mean ms per step that the critical path spends on the host (Python, CPU ops, launches)."""
    cp = a.critical_path
    if cp is None or not cp.steps:
        return None
    mean = cp.mean_breakdown_ms()
    return mean["python_cpu"] + mean["launch"]


def _metric_rows(a: Analysis, b: Analysis) -> list[tuple[str, str, tuple[object, object]]]:
    def both(fn):  # noqa: ANN001, ANN202 - small local helper
        return (fn(a), fn(b))

    def run_gpu_ms(x: Analysis) -> float:
        k = x.attribution.kernels
        return float(k.loc[k["phase"].astype(str) == "run", "dur_ns"].sum()) / 1e6

    def per_step_ms(x: Analysis) -> float | None:
        return float(x.steps.steps["gpu_ms"].median()) if len(x.steps.steps) else None

    return [
        ("wall time per step (median, steady steps)", "ms", both(steady_step_ms)),
        ("steady steps", "steps", both(lambda x: len(_steady(x)) or None)),
        ("GPU time per step", "ms", both(per_step_ms)),
        ("host time on the critical path per step", "ms", both(host_path_ms)),
        ("CPU kernels per step (no GPU)", "kernels", both(lambda x: float(x.cpu.per_step["kernels"].median())
                                                          if x.cpu and len(x.cpu.per_step) else None)),
        ("CPU kernel time per step (no GPU)", "ms", both(lambda x: float(x.cpu.per_step["kernel_ms"].median())
                                                         if x.cpu and len(x.cpu.per_step) else None)),
        ("kernels (run phase)", "kernels", both(lambda x: x.kernel_counts["runtime"])),
        ("distinct kernels", "names", both(lambda x: len(x.kernels))),
        ("calls", "calls", both(lambda x: calls_of(x)[0] or None)),
        ("kernels per call", "kernels", both(_per_call)),
        ("kernels per step", "kernels", both(lambda x: float(x.steps.steps["kernels"].median()) if len(x.steps.steps) else None)),
        ("GPU kernel time", "ms", both(run_gpu_ms)),
        ("launches (run phase)", "calls", both(lambda x: int(x.overhead.per_api["calls"].sum()) if len(x.overhead.per_api) else 0)),
        ("launch CPU time", "ms", both(lambda x: float(x.overhead.per_api["cpu_ms_total"].sum()) if len(x.overhead.per_api) else 0.0)),
        ("launch CPU cost (median)", "µs", both(lambda x: x.overhead.launch_cpu_us_median)),
        ("launch latency (median)", "µs", both(lambda x: x.overhead.launch_latency_us_median)),
        ("graph launches", "calls", both(lambda x: x.graphs.count)),
        ("GPU busy", "ms", both(lambda x: x.overhead.gpu_busy_ms)),
        ("GPU idle", "ms", both(lambda x: x.overhead.gpu_idle_ms)),
        ("GPU waiting for launches", "ms", both(lambda x: x.overhead.launch_wait_ms)),
        ("compile time", "ms", both(lambda x: x.split.compile_ns / 1e6)),
        ("autotune time", "ms", both(lambda x: x.split.autotune_ns / 1e6)),
        ("kernels while compiling/autotuning", "kernels", both(lambda x: x.kernel_counts["compile"])),
    ]

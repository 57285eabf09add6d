"""``traceview analyze --json``: one analysis as a JSON document."""

from __future__ import annotations

from typing import Any
from typing import TYPE_CHECKING

from traceview.analysis.advice.record import notes, ranked
from traceview.analysis.base.finding import ordered
from traceview.report.json import SCHEMA_VERSION
from traceview.report.json import to_jsonable

if TYPE_CHECKING:
    from traceview.analysis.result import Analysis
    from traceview.analysis.host.critical_path import CriticalPath


def _peer_sections(a: "Analysis") -> dict[str, Any]:
    """memory, comm, collectives and roofline: the analyses HTA and TraceLens also answer."""
    out: dict[str, Any] = {}
    m = a.memory
    out["memory"] = {
        "peak_allocated_bytes": m.peak_allocated_bytes if m else None,
        "peak_reserved_bytes": m.peak_reserved_bytes if m else None,
        "devices": to_jsonable(m.peaks) if m else [],
        "live_at_peak_by_op": to_jsonable(m.live_by("op").head(20)) if m else [],
    }
    c = a.comm
    out["comm"] = {**(c.total_ms() if c else {"comm_ms": 0.0, "compute_ms": 0.0, "overlap_ms": 0.0, "exposed_ms": 0.0}),
                   "per_rank": to_jsonable(c.per_rank) if c else [], "per_step": to_jsonable(c.per_step) if c else [],
                   "queues": to_jsonable(a.queues) if a.queues is not None else []}
    if a.collectives is not None and len(a.collectives.collectives):
        from traceview.report.json.collectives import collective_records

        out["collectives"] = collective_records(a.collectives)
    out["roofline"] = to_jsonable(a.flops.kernels.head(100)) if a.flops is not None else []
    return out


def analysis_document(a: "Analysis") -> dict[str, Any]:
    """The ``traceview analyze --json`` object. Keys documented in README ("JSON output")."""
    from traceview.analysis.verdicts.budgets import check_metrics, has_gpu

    o, g, s = a.overhead, a.graphs, a.split
    regions = {
        str(row.region): {"calls": int(row.calls), "kernels_per_call": [int(k) for k in row.kernels_per_call],
                          "steady_kernels_per_call": int(row.steady_kernels_per_call), "gpu_ms": float(row.gpu_ms),
                          "backward_kernels_per_call": [int(k) for k in row.backward_kernels_per_call],
                          "backward_gpu_ms": float(row.backward_gpu_ms)}
        for row in a.regions.by_region.itertuples()
    }
    gpu = has_gpu(a)
    steps_doc = {"source": a.steps.source, "kernels_on": "gpu", "kernels_per_step": a.steps.kernels_per_step,
                 "gpu_ms_per_step": [float(x) for x in a.steps.steps["gpu_ms"]] if len(a.steps.steps) else []}
    if not gpu:  # a CPU-only trace: kernel counts are its CPU kernels, GPU times mean nothing
        cpu = _cpu_kernels(a)
        steps_doc |= {"kernels_on": "cpu", "kernels_per_step": cpu["kernels_per_step"] if len(a.steps.steps) else [],
                      "gpu_ms_per_step": None}
        regions = {name: {"calls": r["calls"], "kernels_per_call": r["kernels_per_call"],
                          "steady_kernels_per_call": r["steady_kernels_per_call"], "kernels_on": "cpu",
                          "gpu_ms": None, "backward_kernels_per_call": None, "backward_gpu_ms": None}
                   for name, r in cpu["regions"].items()}
    doc = {
        "schema_version": SCHEMA_VERSION,
        "trace": a.summary.path,
        "ranks": a.summary.ranks,
        "devices": a.summary.devices,
        "kernels": a.kernel_counts,
        "launches": a.summary.launches,
        "graph_launches": {
            "count": g.count,
            "kernels_per_launch": g.kernels_per_launch,
            "cpu_us_per_launch_median": (float(g.launches["cpu_ns"].median()) / 1e3) if g.count else None,
            "single_launch_cpu_us_median": (g.single_launch_cpu_ns / 1e3) if g.single_launch_cpu_ns is not None else None,
            "eager_equivalent_cpu_us": (g.eager_equivalent_cpu_ns / 1e3) if g.eager_equivalent_cpu_ns is not None else None,
        },
        "compile": {
            "total_ms": s.compile_ns / 1e6,
            "autotune_ms": s.autotune_ns / 1e6,
            "compiles": s.compile_count,
            "compile_ids": s.compile_ids,
            "stages_ms": s.stages,
            "stages_self_ms": s.stages_self,
            "traced_ops": to_jsonable(s.traced_ops),
        },
        "regions": regions,
        "overhead": {
            "launch_cpu_us_median": o.launch_cpu_us_median,
            "launch_latency_us_median": o.launch_latency_us_median,
            "gpu_busy_ms": o.gpu_busy_ms,
            "gpu_idle_ms": o.gpu_idle_ms,
            "launch_wait_ms": o.launch_wait_ms,
            "host_wait_ms": o.host_wait_ms,
            "launch_bound": o.launch_bound,
            "per_api": to_jsonable(o.per_api),
            "dispatch": to_jsonable(o.dispatch.head(50)),
        },
        "steps": steps_doc,
        "kernel_table": to_jsonable(a.kernels.drop(columns=["first_start_ns"]).head(200)),
        "cpu_kernels": _cpu_kernels(a),
        **_peer_sections(a),
        "metrics": check_metrics(a),
        "compile_reasons": _reasons_document(a),
        "modules": _modules_document(a),
        "autotune": to_jsonable(a.autotune.choices) if a.autotune is not None else None,
        "autotune_notes": list(a.autotune.notes) if a.autotune is not None else [],
        "critical_path": _critical_path_document(a.critical_path, a),
        "advice": [x.as_dict() for x in ranked(a.advice)],
        "advice_notes": notes(a.advice) + ([n for n in a.critical_path.notes if "no steady step" in n] if a.critical_path else []),
        "findings": [{"topic": f.topic, "level": f.level, "text": f.text, "ms": f.ms} for f in ordered(a.findings)],
        "notes": a.summary.notes,
        "truncated": a.summary.truncated,
    }
    return to_jsonable(doc)


def _cpu_kernels(a: "Analysis") -> dict[str, Any]:
    """The CPU's kernels (:mod:`traceview.analysis.kernels.cpu_kernels`): run-phase counts per kind, per step, per region, per name."""
    c = a.cpu
    return {
        "counts": c.run_counts,
        "kernels_per_step": c.kernels_per_step,
        "per_step": to_jsonable(c.per_step),
        "regions": {str(r.region): {"calls": int(r.calls), "kernels_per_call": [int(k) for k in r.kernels_per_call],
                                    "steady_kernels_per_call": int(r.steady_kernels_per_call), "kernel_ms": float(r.kernel_ms)}
                    for r in c.per_region.itertuples()},
        "by_name": to_jsonable(c.by_name.head(200)),
    }


def _reasons_document(a: "Analysis") -> dict[str, Any] | None:
    """Graph breaks, recompiles and compiled frames (``compile_reasons`` in the JSON)."""
    r = a.reasons
    if r is None:
        return None
    return {"source": r.source, "graph_breaks": r.graph_break_count, "recompiles": r.recompile_count,
            "compile_s": r.compile_s, "compile_s_source": r.compile_s_source,
            "graph_break_sites": to_jsonable(r.graph_breaks), "recompile_list": to_jsonable(r.recompiles),
            "frames": to_jsonable(r.frames), "notes": r.notes}


def _modules_document(a: "Analysis") -> dict[str, Any] | None:
    """The per-module table (``modules`` in the JSON; rows empty without module events)."""
    m = a.modules
    if m is None:
        return None
    return {"kernels": m.kernels, "attributed_kernels": m.attributed_kernels, "steps": len(a.steps.steps),
            "rows": to_jsonable(m.modules), "notes": m.notes}


def _steps_used(a) -> dict[str, Any]:
    """``steps_used``: the steps (by name) the critical path and the advice read; ``steps_left_out``: name -> why."""
    st = a.steady
    if st is None or not len(st.windows):
        return {"steps_used": [], "steps_left_out": {}}
    table = a.steps.steps
    name = dict(zip(table["slice_id"].astype(int), table["name"].astype(str)))
    ids = st.windows.slice_id
    return {"steps_used": [name.get(int(i), str(i)) for i in st.used.slice_id],
            "steps_left_out": {name.get(int(ids[i]), str(ids[i])): why for i, why in st.reasons.items()}}


def _critical_path_document(cp: "CriticalPath | None", a) -> dict[str, Any] | None:
    """``critical_path`` in ``analyze --json``: per step its ms and breakdown, and their mean."""
    if cp is None:
        return None
    return {"source": cp.source, "mean_step_ms": cp.mean_step_ms(), "mean_breakdown_ms": cp.mean_breakdown_ms(),
            "steps": [{"step": s.step, "rank": s.rank, "step_ms": s.step_ms, "breakdown_ms": s.breakdown_ms} for s in cp.steps],
            "top": [{"kind": r.kind, "name": r.name, "ms_per_step": r.ms_per_step} for r in cp.by_name(10).itertuples()],
            "notes": cp.notes, **_steps_used(a), "unprofiled_step_ms": a.unprofiled_step_ms,
            "profiler_inflation": (cp.usual_step_ms() / a.unprofiled_step_ms) if a.unprofiled_step_ms and cp.steps else None}

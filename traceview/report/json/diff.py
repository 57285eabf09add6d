"""``traceview diff --json``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from traceview.analysis.compare.diff import Diff
from traceview.report.json import SCHEMA_VERSION
from traceview.report.json import to_jsonable


def diff_document(diffs: Sequence[Diff]) -> dict[str, Any]:
    """The ``traceview diff --json`` object: ``{"schema_version", "diffs": [...]}``."""
    out = []
    for d in diffs:
        unmatched = {side: [{"name": r["name"], "op": r["op"], "ops": sorted(r["ops"]), "count": r["count"], "total_ms": r["total_ms"]}
                            for r in lone.to_dict(orient="records")] for side, lone in (("a", d.unmatched_a), ("b", d.unmatched_b))}
        out.append({"a": d.label_a, "b": d.label_b,
                    "metrics": {r["metric"]: {"unit": r["unit"], "a": r["a"], "b": r["b"], "ratio": r["ratio"]} for r in d.metrics.to_dict(orient="records")},
                    "launches": d.launches, "groups": d.groups, "unmatched_a": unmatched["a"], "unmatched_b": unmatched["b"],
                    "autotune": d.autotune})
    return to_jsonable({"schema_version": SCHEMA_VERSION, "diffs": out})

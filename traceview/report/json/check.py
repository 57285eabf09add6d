"""``traceview check --json``: the verdicts and metrics."""

from __future__ import annotations

from typing import Any
from typing import TYPE_CHECKING

from traceview.analysis.verdicts.budgets import Verdict
from traceview.report.words import reason_lines

if TYPE_CHECKING:
    from traceview.analysis.compile.compile_reasons import CompileReasons


def check_document(verdicts: list[Verdict], label: str, metrics: dict[str, float | None],
                   baseline: dict[str, float | None] | None, reasons: CompileReasons | None = None,
                   notes: list[str] | None = None) -> dict[str, Any]:
    """The ``--json`` object: passed (all rules passed), rules, the metrics (and the baseline's), the trace's notes."""
    return {
        "trace": label,
        "passed": all(v.status == "pass" for v in verdicts),
        "rules": [{"metric": v.rule.metric, "kind": v.rule.kind, "limit": v.rule.limit, "percent": v.rule.percent,
                   "origin": v.rule.origin, "status": v.status, "value": v.value, "baseline": v.baseline,
                   "bound": v.bound, "detail": v.detail,
                   "reasons": reason_lines(v.rule.metric, reasons) if v.status == "fail" else []} for v in verdicts],
        "metrics": metrics,
        "baseline_metrics": baseline,
        "notes": list(notes or []),
    }

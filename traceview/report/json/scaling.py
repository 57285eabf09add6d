"""``traceview run --json``: the sweep's runs and crossovers."""

from __future__ import annotations

from typing import Any

from traceview.analysis.compare.scaling import StepScaling
from traceview.report.json import SCHEMA_VERSION
from traceview.report.json import to_jsonable


def scaling_document(s: StepScaling, **extra: Any) -> dict[str, Any]:
    """``run --json``: ``runs`` (one object per variant and size), ``crossovers`` and ``extra``."""
    return {"schema_version": SCHEMA_VERSION, **to_jsonable(extra),
            "runs": to_jsonable(s.rows), "crossovers": to_jsonable(s.crossovers)}

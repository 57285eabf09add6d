"""``traceview try --json``: the report as plain data."""

from __future__ import annotations

from typing import Any

from traceview.capture.verdict import TrialReport
from traceview.report.words import sentence


def try_document(report: TrialReport) -> dict[str, Any]:
    """``try --json``: the report as plain data, with each change's one-line sentence."""
    out = report.as_dict()
    for row, c in zip(out["changes"], report.changes):
        row["sentence"] = sentence(c)
    return out

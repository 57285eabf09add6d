"""One finding: a sentence for the top of a report (what :mod:`.findings` and :mod:`.compile_reasons` say).

A leaf record, so that the analyses that write findings and :class:`~.result.Analysis`, which holds
them, need not import each other."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    """One sentence for the top of a report. ``level``: info | warning. ``ms``: how much of the trace's
    time it concerns (compile wall time, a region's GPU time, the GPU's idle time, ...), None when it
    speaks of no time: reports order findings by it (:func:`ordered`)."""

    topic: str
    text: str
    level: str = "info"
    ms: float | None = None


def ordered(findings: Iterable[Finding]) -> list[Finding]:
    """Reading order: what makes the trace's numbers incomplete (topic "data") first, then the findings
    by how much time they concern, largest first, then those about no time; ties keep their order."""
    return sorted(findings, key=lambda f: (f.topic != "data", f.ms is None, -(f.ms or 0.0)))

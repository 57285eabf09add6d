"""One finding: a sentence for the top of a report (what :mod:`.findings` and :mod:`.compile_reasons` say).

A leaf record, so that the analyses that write findings and :class:`~.result.Analysis`, which holds
them, need not import each other."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    """One sentence for the top of a report. ``level``: info | warning."""

    topic: str
    text: str
    level: str = "info"

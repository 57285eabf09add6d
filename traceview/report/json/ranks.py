"""``traceview ranks --json``: ranks side by side and the stragglers."""

from __future__ import annotations

from typing import Any

import pandas as pd

from traceview.analysis.ranks.ranks import RankComparison


def ranks_document(c: RankComparison) -> dict[str, Any]:
    """A JSON-ready dict: per_rank and stragglers as lists of records (times in ns), and the notes."""
    def records(frame: pd.DataFrame) -> list[dict[str, Any]]:
        return [{k: (None if pd.isna(v) else v.item() if hasattr(v, "item") else v) for k, v in row.items()} for row in frame.to_dict(orient="records")]

    return {"schema_version": 1, "threshold": c.threshold, "per_rank": records(c.per_rank), "stragglers": records(c.stragglers),
            "notes": list(c.notes)}

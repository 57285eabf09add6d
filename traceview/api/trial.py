"""`tv.read_try(path)`: what `traceview try` wrote (try.json in its folder), as tables and a figure.

    tr = tv.read_try("traceview-try")          # the folder try wrote, or its --json document
    tr.changes                                  # per change: predicted and measured share, the 90% interval, verdict
    tr.runs                                     # every run: arm, round, step ms
    tr.plot()                                   # predicted against measured, each with its interval
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import plotly.graph_objects as go

from traceview.errors import TraceFormatError

#: `Trial.changes`' columns.
CHANGE_COLUMNS = ["change", "status", "predicted_kind", "predicted_pct", "measured_pct", "low_pct", "high_pct", "saved_ms",
                  "rounds", "method", "verdict", "within_noise", "stopped", "applied", "why"]


@dataclass(frozen=True)
class Trial:
    """One `traceview try`: the script, its baseline runs and each change."""

    target: str
    steps: str
    baseline_ms: list[float]
    changes: pd.DataFrame
    runs: pd.DataFrame
    prediction_source: str | None
    plan: str | None = None  # what try planned to run, and about how long

    def plot(self) -> go.Figure:
        """Each measured change: the share of the step predicted (a diamond) and measured (a dot with its 90% interval)."""
        c = self.changes[self.changes["status"] == "measured"]
        fig = go.Figure()
        fig.add_trace(go.Scatter(x=c["measured_pct"], y=c["change"], mode="markers", name="measured (90% interval)",
                                 error_x=dict(type="data", symmetric=False, array=c["high_pct"] - c["measured_pct"],
                                              arrayminus=c["measured_pct"] - c["low_pct"]), marker=dict(size=11)))
        fig.add_trace(go.Scatter(x=c["predicted_pct"], y=c["change"], mode="markers", name="predicted",
                                 marker=dict(symbol="diamond", size=12)))
        fig.add_vline(x=0, line_dash="dot", line_color="grey")
        fig.update_layout(title=f"try: {Path(self.target).name}, steps {self.steps}: % of the step each change saves",
                          xaxis_title="% of the step saved", template="plotly_white", height=160 + 50 * len(c))
        return fig

    def _repr_html_(self) -> str:
        return (f"<b>traceview try</b> {self.target} (steps {self.steps}, as it is {pd.Series(self.baseline_ms).median():,.3f} "
                "ms per step)" + self.changes[["change", "predicted_pct", "measured_pct", "low_pct", "high_pct", "verdict"]]
                .to_html(index=False, border=0, float_format=lambda x: f"{x:,.1f}"))


def read_try(path: str | Path) -> Trial:
    """The `try` document at `path`: the folder `try` wrote (its `try.json`, written by every run), or the file."""
    path = Path(path)
    file = path / "try.json" if path.is_dir() else path
    try:
        doc = json.loads(file.read_text())
    except (OSError, ValueError) as exc:
        raise TraceFormatError(f"{file}: not a traceview try --json document ({exc})") from None
    if not isinstance(doc, dict) or "changes" not in doc:
        raise TraceFormatError(f"{file}: not a traceview try --json document (no 'changes')")
    rows = []
    for c in doc["changes"]:
        low, high = c.get("interval") or (None, None)
        rows.append({"change": c["name"], "status": c["status"], "predicted_kind": c.get("predicted_kind") or "",
                     "predicted_pct": c.get("predicted_share"), "measured_pct": c.get("measured_share"), "low_pct": low,
                     "high_pct": high, "saved_ms": c.get("saved_ms"), "rounds": c.get("rounds"),
                     "method": c.get("method") or "", "stopped": c.get("stopped") or "",
                     "verdict": c.get("verdict") or ("no prediction" if c["status"] == "measured" else ""),
                     "within_noise": c.get("within_noise"), "applied": "; ".join(c.get("applied") or []),
                     "why": c.get("why") or ""})
    runs = [{"arm": "as it is", "run": i, "step_ms": ms} for i, ms in enumerate(doc.get("baseline_ms") or [])]
    runs += [{"arm": c["name"], "run": i, "step_ms": ms} for c in doc["changes"] for i, ms in enumerate(c.get("step_ms") or [])]
    return Trial(str(doc.get("target")), str(doc.get("steps")), list(doc.get("baseline_ms") or []),
                 pd.DataFrame(rows, columns=CHANGE_COLUMNS), pd.DataFrame(runs, columns=["arm", "run", "step_ms"]),
                 doc.get("prediction_source"), doc.get("plan"))

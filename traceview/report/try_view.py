"""``traceview try``'s table (terminal) and document (``--json``): per change, predicted against measured.
Reads :class:`~traceview.analysis.verdicts.trial.TrialReport`."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from traceview.analysis.verdicts.trial import ChangeResult, TrialReport
from traceview.report.text import safe


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{round(value) or 0:.0f}%"  # never "-0%"


def _span(values: tuple[float, float] | None, fmt: str) -> str:
    if values is None:
        return ""
    low, high = (round(v) or 0 if fmt.endswith("%}") else v for v in values)  # never "-0%"
    return f" ({fmt.format(low)} to {fmt.format(high)})"


def sentence(c: ChangeResult) -> str:
    """'predicted 62%, measured 60% (58% to 63%, 3 runs each)', or why there is no measurement."""
    if c.status != "measured":
        return f"{c.status}: {c.why}"
    predicted = ("no advice kind predicts it" if c.predicted_kind is None and c.predicted_share is None
                 else f"predicted {_pct(c.predicted_share)}")
    if c.measured_share is None:
        return f"{predicted}; no round had both arms"
    runs = f"{c.rounds} run{'s' if c.rounds != 1 else ''} each"
    span = _span(c.interval, "{:.0f}%") if c.interval is not None else _span(c.share_range, "{:.0f}%")
    noisy = "; within noise: the runs cannot tell it from no change" if c.within_noise else ""
    return f"{predicted}, measured {_pct(c.measured_share)}{span}, {runs}{noisy}"


def try_view(report: TrialReport) -> RenderableType:
    """The terminal table: one row per change, then what each change did."""
    steps = f"steps {report.steps} ({report.counted_by})"
    base = "-" if report.baseline_median_ms is None else f"{report.baseline_median_ms:,.3f} ms"
    title = (f"try: {report.target}, {steps}; as it is {base} per step (median of {len(report.baseline_ms)} runs"
             + (f", slowest of {report.world_size} ranks" if report.world_size and report.world_size > 1 else "") + ")")
    t = Table(title=safe(title), title_justify="left", title_style="bold")
    for col, justify in (("change", "left"), ("predicted", "right"), ("measured", "right"), ("90% interval", "right"),
                         ("ms saved / step", "right"), ("verdict", "left")):
        t.add_column(col, justify=justify, overflow="fold")  # type: ignore[arg-type]
    notes: list[str] = []
    for c in report.changes:
        if c.status != "measured":
            t.add_row(c.name, _pct(c.predicted_share) if c.predicted_ms is not None else "-", c.status, "", "", safe(c.why or ""))
            continue
        predicted = _pct(c.predicted_share) if c.predicted_kind else "-"
        saved = "-" if c.saved_ms is None else f"{c.saved_ms:,.3f}{_span(c.saved_range, '{:,.3f}')}"
        verdict = c.verdict or ("no prediction" if c.predicted_kind is None else "")
        if c.within_noise:
            verdict += f"{'; ' if verdict else ''}within noise"
        t.add_row(c.name, predicted, _pct(c.measured_share), _span(c.interval, "{:.0f}%").strip(" ()") or "-", saved,
                  verdict)
        did = "; ".join(c.applied) if c.applied else "changed nothing in the script (it built nothing this change touches)"
        notes.append(f"{c.name}: {safe(did)}")
    how = report.model.describe() if report.model is not None else "too few runs to fit"
    t.caption = "\n".join([f"measured: % of the step saved, from every run ({how}); each round runs every arm once, "
                           f"{report.rounds} round(s); ms saved: the rounds' range in brackets; "
                           f"predicted: {safe(report.prediction_source or 'no profiled run')}",
                           *notes])
    t.caption_justify = "left"
    return Group(t)


def try_document(report: TrialReport) -> dict[str, Any]:
    """``try --json``: the report as plain data, with each change's one-line sentence."""
    out = report.as_dict()
    for row, c in zip(out["changes"], report.changes):
        row["sentence"] = sentence(c)
    return out


def summary_lines(report: TrialReport) -> Text:
    """One line per measured change in the issue's words: 'cuda_graphs: predicted 62%, measured 60% (...)'."""
    return Text("\n".join(f"{c.name}: {sentence(c)}" for c in report.changes if c.status == "measured"))

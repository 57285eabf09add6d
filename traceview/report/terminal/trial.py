"""``traceview try`` in the terminal: each change predicted and measured."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from traceview.analysis.verdicts.trial import TrialReport
from traceview.report.text import safe
from traceview.report.words import sentence
from traceview.report.words import trial_pct
from traceview.report.words import trial_span


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
            t.add_row(c.name, trial_pct(c.predicted_share) if c.predicted_ms is not None else "-", c.status, "", "", safe(c.why or ""))
            continue
        predicted = trial_pct(c.predicted_share) if c.predicted_kind else "-"
        saved = "-" if c.saved_ms is None else f"{c.saved_ms:,.3f}{trial_span(c.saved_range, '{:,.3f}')}"
        verdict = c.verdict or ("no prediction" if c.predicted_kind is None else "")
        if c.within_noise:
            verdict += f"{'; ' if verdict else ''}within noise"
        t.add_row(c.name, predicted, trial_pct(c.measured_share), trial_span(c.interval, "{:.0f}%").strip(" ()") or "-", saved,
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


def summary_lines(report: TrialReport) -> Text:
    """One line per measured change in the issue's words: 'cuda_graphs: predicted 62%, measured 60% (...)'."""
    return Text("\n".join(f"{c.name}: {sentence(c)}" for c in report.changes if c.status == "measured"))

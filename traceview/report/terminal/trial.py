"""``traceview try`` in the terminal: each change's verdict first, then its figures one labelled line each."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from traceview.capture.changes import ADVICE_KIND
from traceview.capture.verdict import ChangeResult, TrialReport
from traceview.report.text import safe
from traceview.report.words import trial_pct, trial_span


def _verdict_style(verdict: str) -> str:
    return "green" if verdict.startswith("confirmed") else "yellow" if verdict.startswith("inconclusive") else "red"


def change_lines(c: ChangeResult, baseline_runs: int) -> list[Text]:
    """One change: its verdict on the first line, then predicted, measured (with its 90% interval), the ms saved
    (with the rounds' range: another range, said so), and what the change did."""
    head = Text(f"{c.name}: ", style="bold")
    if c.status != "measured":
        return [head + Text(f"{c.status}: ") + safe(c.why or "")]
    unpredicted = "no advice kind predicts it" if ADVICE_KIND.get(c.name) is None else "not predicted (no profiled run)"
    verdict = c.verdict or (unpredicted if c.predicted_kind is None else "no round had both arms")
    if c.predicted_kind is None and c.within_noise:
        verdict += "; within noise: the runs cannot tell it from no change"
    lines = [head + Text(verdict, style=_verdict_style(verdict) if c.verdict else "")]
    if c.predicted_kind is not None:
        lines.append(Text(f"  predicted  {trial_pct(c.predicted_share)} of the step (the {c.predicted_kind} advice)"))
    if c.measured_share is not None:
        interval = (f"; 90% interval{trial_span(c.interval, '{:.0f}%')}" if c.interval is not None else "")
        how = (f"{c.blocks} on-blocks against the off-blocks beside them, in one run" if c.method == "switch"
               else f"{c.rounds} run(s) against {baseline_runs} as it is")
        lines.append(Text(f"  measured   {trial_pct(c.measured_share)} of the step{interval} ({how})"))
    if c.saved_ms is not None:
        spread = f"; round by round{trial_span(c.saved_range, '{:,.3f}')}" if c.saved_range else ""
        lines.append(Text(f"  ms saved   {c.saved_ms:,.3f} per step{spread}"))
    if c.stopped:
        lines.append(Text("  stopped    ") + safe(c.stopped))
    if c.needs:
        lines.append(Text(f"  needs      {c.needs} beside it here: this pair is measured beside each change alone"))
    did = "; ".join(c.applied) if c.applied else "changed nothing in the script (it built nothing this change touches)"
    lines.append(Text("  it did     ") + safe(did))
    return lines


def try_view(report: TrialReport) -> RenderableType:
    """The head (the script, its steps and step as it is), then one block per change."""
    steps = f"steps {report.steps} ({report.counted_by})"
    base = "-" if report.baseline_median_ms is None else f"{report.baseline_median_ms:,.3f} ms"
    head = (f"try: {report.target}, {steps}; as it is {base} per step (median of {len(report.baseline_ms)} runs"
            + (f", slowest of {report.world_size} ranks" if report.world_size and report.world_size > 1 else "") + ")")
    parts: list[RenderableType] = [Text(head, style="bold")]
    for c in report.changes:
        parts += change_lines(c, len(report.baseline_ms))
    how = report.model.describe() if report.model is not None else "too few runs to fit"
    measured = [c for c in report.changes if c.measured_share is not None]
    switched = "each on-block against the off-blocks beside it, every switched change in one run"
    if measured and all(c.method == "switch" for c in measured):
        method = f"measured: % of the step saved, {switched}; "
    else:
        method = (f"measured: % of the step saved, fitted over every run ({how}); each round runs every arm once, "
                  f"up to {report.rounds} round(s), fewer once a change's interval decides"
                  + (f"; switched: {switched}" if any(c.method == "switch" for c in measured) else "") + "; ")
    parts.append(Text(method + "predicted: ", style="dim") + safe(report.prediction_source or "no profiled run", style="dim"))
    return Group(*parts)


"""``traceview check`` verdicts as terminal lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from traceview.analysis.verdicts.budgets import Verdict
from traceview.report.text import neutralize
from traceview.report.words import reason_lines

if TYPE_CHECKING:
    from traceview.analysis.compile.compile_reasons import CompileReasons


def summary_line(verdicts: list[Verdict], label: str) -> str:
    failed = sum(v.status == "fail" for v in verdicts)
    unknown = sum(v.status == "unknown" for v in verdicts)
    head = f"traceview check: {failed} of {len(verdicts)} rule(s) failed" if failed else \
        f"traceview check: all {len(verdicts)} rule(s) passed" if not unknown else "traceview check:"
    if unknown:
        head += f"{',' if failed else ''} {unknown} could not be checked"
    return f"{head} ({neutralize(label)})"


def terminal_lines(verdicts: list[Verdict], label: str, reasons: CompileReasons | None = None,
                   notes: list[str] | None = None) -> list[str]:
    """One line per rule (with the reasons under a failed graph_breaks/recompiles rule), the trace's
    notes (what loading it skipped), then a summary."""
    out = []
    for v in verdicts:
        if v.status == "unknown":  # said once, on stderr, by the command (a rule the input cannot answer is bad input)
            continue
        tag = {"pass": "PASS", "fail": "FAIL"}[v.status]
        out.append(f"{tag:<5} {neutralize(v.detail)}" + (f"  [{v.rule.origin}]" if v.rule.origin != "command line" else ""))
        if v.status == "fail":
            out += [f"      {neutralize(line)}" for line in reason_lines(v.rule.metric, reasons)]
    out += [f"note: {neutralize(n)}" for n in notes or []]
    out.append(summary_line(verdicts, label))
    return out

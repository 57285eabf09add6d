"""``traceview check`` verdicts -> terminal lines, a JSON document, JUnit XML (what CI pages show).

One line per rule on the terminal::

    PASS  kernels_per_step = 127 (max 240)
    ERROR graph_breaks unknown: ...        (the input cannot answer the rule: exit 2)
    FAIL  graph_breaks = 1 (max 0)
          logging.Logger method not supported for non-export cases at transformers/modeling_utils.py:4635 (`logger.warning_once(`)
    traceview check: 1 of 2 rules failed (gpt2.pt.trace.json.gz)

JUnit: one ``<testsuite>``, one ``<testcase>`` per rule; a failed rule has a ``<failure>``, an
unknown one an ``<error>`` (the input lacks what the rule needs).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING, Any

from traceview.analysis.verdicts.budgets import Verdict
from traceview.analysis.compile.compile_reasons import text
from traceview.report.text import neutralize

if TYPE_CHECKING:
    from traceview.analysis.compile.compile_reasons import CompileReasons

#: Characters XML 1.0 cannot hold (C0 controls but tab/newline/CR, lone surrogates, U+FFFE/U+FFFF).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: Graph-break / recompile lines listed under a failed rule.
MAX_REASONS = 5


def reason_lines(metric: str, reasons: CompileReasons | None) -> list[str]:
    """What a failed graph_breaks / recompiles rule is about: one line per break site or recompile."""
    if reasons is None:
        return []
    if metric == "graph_breaks":
        return [f"{b.reason}" + (f" at {b.where}" if text(b.where) else "") + (f" (`{b.code}`)" if text(b.code) else "")
                for b in reasons.graph_breaks.head(MAX_REASONS).itertuples()]
    if metric == "recompiles":
        return [f"{r.compile_id}: " + (f"guard of {r.failed_compile_id} failed: {_guard(r.reason)}" + _more(r.failed_guards)
                                       if text(r.reason) else "reason not recorded")
                for r in reasons.recompiles.head(MAX_REASONS).itertuples()]
    return []


def _guard(reason: str) -> str:
    """A failed guard's first line, less Dynamo's source comment (the user stack follows in the JSON)."""
    return reason.strip().splitlines()[0].split("  #", 1)[0].strip()


def _more(failed: object) -> str:
    """" (and the guards of N older cache entries)" when Dynamo tried more than one."""
    n = len(failed) - 1 if isinstance(failed, list) else 0
    return f" (and the guards of {n} older cache entr{'y' if n == 1 else 'ies'})" if n > 0 else ""


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
        tag = {"pass": "PASS", "fail": "FAIL", "unknown": "ERROR"}[v.status]
        out.append(f"{tag:<5} {neutralize(v.detail)}" + (f"  [{v.rule.origin}]" if v.rule.origin != "command line" else ""))
        if v.status == "fail":
            out += [f"      {neutralize(line)}" for line in reason_lines(v.rule.metric, reasons)]
    out += [f"note: {neutralize(n)}" for n in notes or []]
    out.append(summary_line(verdicts, label))
    return out


def check_document(verdicts: list[Verdict], label: str, metrics: dict[str, float | None],
                   baseline: dict[str, float | None] | None, reasons: CompileReasons | None = None,
                   notes: list[str] | None = None) -> dict[str, Any]:
    """The ``--json`` object: passed (all rules passed), rules, the metrics (and the baseline's), the trace's notes."""
    return {
        "trace": label,
        "passed": all(v.status == "pass" for v in verdicts),
        "rules": [{"metric": v.rule.metric, "kind": v.rule.kind, "limit": v.rule.limit, "percent": v.rule.percent,
                   "origin": v.rule.origin, "status": v.status, "value": v.value, "baseline": v.baseline,
                   "bound": v.bound, "detail": v.detail,
                   "reasons": reason_lines(v.rule.metric, reasons) if v.status == "fail" else []} for v in verdicts],
        "metrics": metrics,
        "baseline_metrics": baseline,
        "notes": list(notes or []),
    }


def junit_xml(verdicts: list[Verdict], label: str, reasons: CompileReasons | None = None) -> str:
    """JUnit XML: one testsuite, one testcase per rule."""
    failures = sum(v.status == "fail" for v in verdicts)
    errors = sum(v.status == "unknown" for v in verdicts)
    counts = {"tests": str(len(verdicts)), "failures": str(failures), "errors": str(errors), "skipped": "0"}
    suites = ET.Element("testsuites", {"name": "traceview check", **counts})
    suite = ET.SubElement(suites, "testsuite", {"name": _xml(f"traceview check: {label}"), **counts, "time": "0"})
    for v in verdicts:
        case = ET.SubElement(suite, "testcase", {"classname": "traceview.check", "name": _xml(str(v.rule)), "time": "0"})
        if v.status == "fail":
            body = "\n".join([v.detail, *reason_lines(v.rule.metric, reasons)])
            ET.SubElement(case, "failure", {"message": _xml(v.detail), "type": "budget exceeded"}).text = _xml(body)
        elif v.status == "unknown":
            ET.SubElement(case, "error", {"message": _xml(v.detail), "type": "unknown metric value"}).text = _xml(v.detail)
        else:
            ET.SubElement(case, "system-out").text = _xml(v.detail)
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"


def _xml(text: object) -> str:
    return _NOT_XML.sub("?", str(text))

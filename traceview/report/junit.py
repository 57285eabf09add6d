"""``traceview check --junit``: the verdicts as JUnit XML, what CI pages show."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from traceview.analysis.verdicts.budgets import Verdict
from traceview.report.words import reason_lines

if TYPE_CHECKING:
    from traceview.analysis.compile.compile_reasons import CompileReasons


#: Characters XML 1.0 cannot hold (C0 controls but tab/newline/CR, lone surrogates, U+FFFE/U+FFFF).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


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

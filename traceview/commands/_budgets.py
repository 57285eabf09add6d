"""Where ``traceview check`` gets its rules and its baseline: the command line, a budgets file, pyproject.toml.

A budgets file (``--budgets FILE``) and ``[tool.traceview.check]`` in pyproject.toml hold the same
keys: a metric name with a number is a maximum; ``[...max]`` and ``[...max_regression]`` tables
name the kind; ``baseline`` names a baseline run::

    [tool.traceview.check]
    kernels_per_step = 240
    graph_breaks = 0
    baseline = "ci/baseline.json"          # relative to the file

    [tool.traceview.check.max_regression]
    gpu_ms_per_step = "5%"
    kernels_per_step = 10

Rules given on the command line replace a file's rule on the same (kind, metric). pyproject.toml
is looked for in the current folder and its parents, and only when no ``--budgets`` is given.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from traceview.analysis.verdicts.budgets import BudgetError, Rule, make_rule, parse_rule
from traceview.errors import TraceFormatError, TraceviewError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


class BudgetFileError(TraceviewError):
    """A budgets file or pyproject.toml table that cannot be read."""


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml at or above ``start`` that has a ``[tool.traceview.check]`` table."""
    for folder in [start, *start.parents]:
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            return candidate if _table(candidate, required=False) is not None else None
    return None


def rules_from_file(path: Path) -> tuple[list[Rule], Path | None]:
    """(rules, baseline path) of a budgets file or pyproject.toml."""
    table = _table(path, required=True)
    assert table is not None
    origin = path.name
    rules: list[Rule] = []
    baseline = None
    try:
        for key, value in table.items():
            if key == "baseline":
                if not isinstance(value, str):
                    raise BudgetFileError(f"{path}: baseline must be a path string")
                baseline = (path.parent / value) if not Path(value).is_absolute() else Path(value)
            elif key in ("max", "max_regression") and isinstance(value, dict):
                rules += [_rule(key, metric, limit, origin) for metric, limit in value.items()]
            else:
                rules.append(_rule("max", key, value, origin))
    except BudgetError as exc:
        raise BudgetFileError(f"{path}: {exc}") from None
    return rules, baseline


def merge(file_rules: list[Rule], cli_rules: list[Rule]) -> list[Rule]:
    """File rules, each replaced by a command-line rule on the same (kind, metric); then the rest of the command line's."""
    given = {(r.kind, r.metric): r for r in cli_rules}
    out = [given.pop((r.kind, r.metric), r) for r in file_rules]
    return out + [r for r in cli_rules if (r.kind, r.metric) in given]


def cli_rules(maxima: list[str], regressions: list[str]) -> list[Rule]:
    try:
        return [parse_rule(t, "max") for t in maxima] + [parse_rule(t, "max_regression") for t in regressions]
    except BudgetError as exc:
        raise BudgetFileError(str(exc)) from None


def saved_metrics(path: Path) -> dict[str, float | None] | None:
    """The ``metrics`` of a saved ``traceview analyze --json`` document; None if ``path`` is not one."""
    if not path.is_file() or path.suffix != ".json" or path.stat().st_size > 64 * 1024 * 1024:
        return None
    import msgspec

    try:
        doc = msgspec.json.decode(path.read_bytes())
    except (msgspec.DecodeError, UnicodeDecodeError):
        return None
    if not isinstance(doc, dict) or "traceEvents" in doc or "schema_version" not in doc:
        return None
    metrics = doc.get("metrics")
    if not isinstance(metrics, dict):
        raise TraceFormatError(f"{path}: a traceview JSON document without \"metrics\" (save it with a newer "
                               "`traceview analyze --json`)")
    return {str(k): (float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None) for k, v in metrics.items()}


def _table(path: Path, required: bool) -> dict[str, Any] | None:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise BudgetFileError(f"{path}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise BudgetFileError(f"{path}: not valid TOML: {exc}") from None
    table = data.get("tool", {}).get("traceview", {}).get("check") if isinstance(data.get("tool"), dict) else None
    if table is None and path.name != "pyproject.toml":
        table = data  # a budgets file may hold the keys at its top level
    if table is None or not isinstance(table, dict):
        if required:
            raise BudgetFileError(f"{path}: no [tool.traceview.check] table")
        return None
    return table


def _rule(kind: str, metric: str, value: Any, origin: str) -> Rule:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise BudgetError(f"{metric} = {value!r}: expected a number (or \"5%\" for a regression)")
    if isinstance(value, str):
        return parse_rule(f"{metric}={value.strip()}", kind, origin)
    return make_rule(kind, metric, float(value), False, origin)

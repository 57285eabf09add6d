"""``traceview check TRACE_OR_RUN_DIR --max kernels_per_step=240 ...``: a pass/fail gate for CI.

Exit 0: every rule passed; 1: a budget was exceeded; 2: bad input (unreadable trace or budgets, an
unknown metric, no rules, or a rule the input cannot answer, e.g. graph_breaks without a structured
trace). Rules and metrics: :mod:`traceview.analysis.verdicts.budgets`; files: :mod:`traceview.commands._budgets`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from traceview.commands._common import console, load_run
from traceview.errors import TraceviewError


def check_cmd(
    path: Annotated[Path, typer.Argument(help="A trace (.json / .json.gz), a run directory (traceview profile / run), or a per-rank directory.")],
    maximum: Annotated[Optional[list[str]], typer.Option("--max", help="METRIC=N: fail when the metric is above N (repeatable), e.g. kernels_per_step=240, graph_breaks=0.")] = None,
    regression: Annotated[Optional[list[str]], typer.Option("--max-regression", help="METRIC=N or METRIC=N%: fail when the metric grew more than that over --baseline (repeatable).")] = None,
    baseline: Annotated[Optional[Path], typer.Option("--baseline", help="The run to compare with: a trace, a run directory, or a saved `traceview analyze --json`.")] = None,
    budgets: Annotated[Optional[Path], typer.Option("--budgets", help="A TOML file of budgets (the keys of [tool.traceview.check]); default: pyproject.toml's [tool.traceview.check].")] = None,
    json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of lines.")] = False,
    junit: Annotated[Optional[Path], typer.Option("--junit", help="Also write the verdicts as JUnit XML to this file (CI test reports).")] = None,
    torch_trace: Annotated[Optional[Path], typer.Option("--torch-trace", help="PyTorch's structured trace (TORCH_TRACE log) of the run, if not beside the trace.")] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Read the JSON even when a columnar cache exists (and write none).")] = False,
) -> None:
    """Check a run against budgets, absolute (--max) or against a baseline (--max-regression). Exit 0: every rule
    passed; 1: a budget was exceeded; 2: bad input, or a rule the run cannot answer.

    Metrics: kernels_per_step, kernels_per_step_max, gpu_ms_per_step, gpu_ms_per_step_max, launches_per_step,
    step_ms (the step timed without the profiler where meta.json has it, else the profiled one), profiled_step_ms,
    kernels, gpu_ms, compile_s, graph_breaks, recompiles, graph_launches."""
    from traceview.analysis.analyze import analyze
    from traceview.analysis.verdicts.budgets import check, check_metrics, METRICS, step_source
    from traceview.commands import _budgets
    from traceview.report.json.check import check_document
    from traceview.report.junit import junit_xml
    from traceview.report.terminal.check import terminal_lines

    rules, file_baseline = [], None
    config = budgets if budgets is not None else _budgets.find_pyproject(Path.cwd())
    if config is not None:
        rules, file_baseline = _budgets.rules_from_file(config)
    rules = _budgets.merge(rules, _budgets.cli_rules(maximum or [], regression or []))
    if not rules:
        raise TraceviewError("no budgets: give --max METRIC=N (or --max-regression with --baseline), a --budgets file, "
                             f"or [tool.traceview.check] in pyproject.toml; metrics: {', '.join(METRICS)}")
    trace, dynamo = load_run(path, torch_trace, quiet=True, cache=not no_cache)
    result = analyze(trace, dynamo)
    metrics = check_metrics(result)
    base_path = baseline or file_baseline
    base_metrics = _baseline_metrics(base_path, no_cache) if base_path is not None else None
    verdicts = check(rules, metrics, base_metrics, sources=step_source(result))
    label = str(path)
    notes = ([("the trace file was truncated: metrics cover the events read before the cut")] if result.summary.truncated else []) \
        + list(result.summary.notes)
    if junit is not None:
        try:
            junit.parent.mkdir(parents=True, exist_ok=True)
            junit.write_text(junit_xml(verdicts, label, result.reasons), encoding="utf-8")
        except OSError as exc:
            raise TraceviewError(f"cannot write {junit}: {exc.strerror}") from None
    if json:
        from traceview.report.json import json_text, to_jsonable

        typer.echo(json_text(to_jsonable(check_document(verdicts, label, metrics, base_metrics, result.reasons, notes))))
    else:
        out = console()
        for line in terminal_lines(verdicts, label, result.reasons, notes):
            out.print(line, markup=False, highlight=False)
    unknown = [v for v in verdicts if v.status == "unknown"]
    if unknown:  # bad input: one line on stderr, once (the terminal's rule lines leave it out)
        from traceview.report.text import neutralize

        more = f"; {len(unknown) - 1} more rule(s) cannot be checked either" if len(unknown) > 1 else ""
        sys.stderr.write(f"traceview: error: {neutralize(unknown[0].detail)}{more}\n")
        raise SystemExit(2)
    if any(v.status == "fail" for v in verdicts):
        raise SystemExit(1)


def _baseline_metrics(path: Path, no_cache: bool) -> dict[str, float | None]:
    """Metrics of the baseline: a saved ``analyze --json`` document, else a trace or run directory analysed now."""
    from traceview.analysis.analyze import analyze
    from traceview.analysis.verdicts.budgets import check_metrics
    from traceview.commands._budgets import saved_metrics

    if not path.exists():
        raise TraceviewError(f"baseline {path}: no such file or directory")
    saved = saved_metrics(path)
    if saved is not None:
        return saved
    trace, dynamo = load_run(path, None, quiet=True, cache=not no_cache)
    return check_metrics(analyze(trace, dynamo))

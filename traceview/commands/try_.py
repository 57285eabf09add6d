"""``traceview try [OPTIONS] script.py [ARGS...]`` (or ``-m package.module``): measure each change the advice
names on the user's own job, without editing the script."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from traceview.capture.changes import NAMES


def try_cmd(
    ctx: typer.Context,
    script: Annotated[Optional[Path], typer.Argument(help="The Python script to run as __main__; everything after it goes to the script.")] = None,
    module: Annotated[Optional[str], typer.Option("--module", "-m", help="Run a module as __main__, like python -m (then every argument goes to it).")] = None,
    steps: Annotated[str, typer.Option("--steps", help="Time steps START:STOP (0-based, STOP excluded), counted on the optimizer's step() calls; each run is stopped after step STOP-1.")] = "5:45",
    step_annotation: Annotated[Optional[str], typer.Option("--step-annotation", help="Count a step each time a torch.profiler.record_function of this name closes, instead of optimizer steps.")] = None,
    change: Annotated[Optional[list[str]], typer.Option("--change", "-c", help=f"A change to try (repeatable): {', '.join(NAMES)}. Default: every one that applies.")] = None,
    runs: Annotated[int, typer.Option("--runs", min=1, help="Runs per arm at most (the script as it is, and each change not switched), alternating in rounds; a change stops taking rounds once its interval decides.")] = 5,
    max_minutes: Annotated[float, typer.Option("--max-minutes", min=0, help="Stop after about this many minutes with what is decided by then (0: no bound); every change still gets its line.")] = 4.0,
    workers: Annotated[Optional[int], typer.Option("--workers", min=1, help="num_workers for the num_workers change (default: half the cores, 2 to 8).")] = None,
    threads: Annotated[Optional[int], typer.Option("--threads", min=1, help="Intra-op threads for the threads change (default: half of the script's).")] = None,
    trace: Annotated[Optional[Path], typer.Option("--trace", help="Predict from this trace (a file or a profile folder) instead of profiling the script first.")] = None,
    predict: Annotated[bool, typer.Option("--predict/--no-predict", help="Profile the script first (steps START:STOP) and put the advice's predicted share beside each measurement.")] = True,
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for each run's timing and output, the profiled run, and try.json (always written; tv.read_try(folder) reads it).")] = Path("traceview-try"),
    json_out: Annotated[bool, typer.Option("--json", help="Print the JSON document (arms, runs, step ms, predicted and measured shares) instead of the table.")] = False,
    switch: Annotated[bool, typer.Option("--switch/--no-switch", help="Measure the changes that can be switched while the script runs (tf32, cudnn_benchmark, threads, no_compile, fused_optimizer; pin_memory where loaders have no workers) in one run, each taking turns with the script as it is in blocks of steps; --no-switch: separate processes for every change.")] = True,
) -> None:
    """Run SCRIPT as it is and under each change, alternating, and print per change the predicted and the measured share of the step it saves."""
    from traceview.capture import require_torch

    require_torch("try")
    from traceview.capture.trials import BaselineFailed, run_trials
    from traceview.commands._common import console, err_console, progress_lines
    from traceview.errors import CaptureError

    args = list(ctx.args)
    if module is not None and script is not None:
        args, script = [str(script), *args], None
    if module is None and script is None:
        raise typer.BadParameter("give a script to run, or -m MODULE", param_hint="SCRIPT")
    if trace is not None and not trace.exists():
        raise CaptureError(f"--trace {trace}: no such file or folder")
    lead = os.environ.get("RANK", "0") == "0"  # under torchrun every rank runs the arms; rank 0 reports

    def warn_if_busy() -> None:  # once the command line holds, before the runs
        busy = _busy_warning() if lead and not json_out else None
        if busy:
            err_console().print(f"traceview: warning: {busy}", markup=False, soft_wrap=True)
    predicted: dict = {"advice": None, "where": "--no-predict"}

    def predictions(profile_dir: Path | None, error: str | None) -> dict:
        """The advice on the profiled run (or --trace), kept for the report; each change's predicted share."""
        from traceview.capture.verdict import predicted_shares

        if not (predict or trace is not None):
            return {}
        predicted["advice"], predicted["where"] = _advice(trace if trace is not None else profile_dir, error)
        return predicted_shares(predicted["advice"])
    with progress_lines(lead and not json_out):
        try:
            trials = run_trials(script, args, module=module, steps=steps, step_annotation=step_annotation, changes=change,
                                rounds=runs, workers=workers, threads=threads, out=out,
                                profile=predict and trace is None, switch_here=switch, before_runs=warn_if_busy,
                                predict=predictions, max_minutes=max_minutes or None)
        except BaselineFailed as failed:
            sys.stderr.write(failed.log.read_text(errors="replace"))
            err_console().print(f"traceview: {module or script} failed as it is, before any change: {failed} "
                                f"(its output: {failed.log})", markup=False, soft_wrap=True)
            raise SystemExit(failed.exit_code) from None
    from traceview.capture.verdict import compare
    from traceview.report.json import json_text
    from traceview.report.json.trial import try_document

    report = compare(trials, predicted["advice"], predicted["where"])
    if not lead:
        return
    document = json_text(try_document(report)) + "\n"
    (out / "try.json").write_text(document)
    if json_out:
        sys.stdout.write(document)
        return
    from traceview.report.terminal.trial import try_view

    console().print(try_view(report))
    console().print(f"runs: {out / 'runs'}; the whole as JSON: {out / 'try.json'}", markup=False)


def _busy_warning() -> str | None:
    """A line when other processes keep this machine's cores busy before the runs start (their timings will then
    differ more from run to run), else None."""
    from traceview.capture.host_load import BUSY_MIN, measure

    share = measure()
    if share.other_busy is None or share.other_busy < BUSY_MIN:
        return None
    return (f"other processes keep {share.other_busy:.1f} of {share.usable_cores} usable cores busy: separate runs will "
            "differ more than on a quiet machine, so verdicts may come out inconclusive (stop what else runs, or give "
            "--runs more)")


def _advice(source: Path | None, error: str | None):
    """The advice of the profiled run's trace and where it came from; (None, why) without one."""
    if source is None:
        return None, error or "no profiled run"
    from traceview.analysis.analyze import analyze
    from traceview.commands._common import load_with_progress
    from traceview.errors import TraceviewError
    from traceview.trace.run_files import dynamo_record, run_files

    try:
        files = run_files(_own_trace(source))
        analysis = analyze(load_with_progress(files.trace, quiet=True), dynamo_record(files))
    except TraceviewError as exc:
        return None, f"no prediction: {exc}"
    return analysis.advice, f"the advice on {files.trace}"


def _own_trace(source: Path) -> Path:
    """In a profile folder of a torchrun job, this rank's trace; else the folder or file as given."""
    rank = os.environ.get("RANK")
    if source.is_dir() and rank is not None:
        mine = sorted(source.glob(f"*.rank{rank}.pt.trace.json*"))
        if mine:
            return mine[0]
    return source


# Options stop at the script path: everything after it (its own --flags too) is the script's argv.
try_cmd.context_settings = {"allow_extra_args": True, "ignore_unknown_options": True, "allow_interspersed_args": False}

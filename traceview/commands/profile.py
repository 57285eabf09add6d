"""``traceview profile [OPTIONS] script.py [ARGS...]`` (or ``-m package.module``): run a script under torch.profiler, like ``nsys profile``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from traceview.commands.run import follow_up


def profile_cmd(
    ctx: typer.Context,
    script: Annotated[Optional[Path], typer.Argument(help="The Python script to run as __main__; everything after it goes to the script.")] = None,
    module: Annotated[Optional[str], typer.Option("--module", "-m", help="Run a module as __main__, like python -m (then every argument goes to it).")] = None,
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for the trace, meta.json, PyTorch's structured trace and generated code.")] = Path("traceview-profile"),
    steps: Annotated[Optional[str], typer.Option("--steps", help="Profile only steps START:STOP (0-based, STOP excluded: 10:15 is steps 10-14), counted on the optimizer's step() calls.")] = None,
    step_annotation: Annotated[Optional[str], typer.Option("--step-annotation", help="With --steps: count a step each time a torch.profiler.record_function of this name closes, instead of optimizer steps.")] = None,
    stop_after: Annotated[Optional[int], typer.Option("--stop-after", min=1, help="With --steps: end the script once it has made this many steps (like nsys --capture-range-end=stop-shutdown); the steps before the window (and after it, when fewer than 5 ran before) time the step without the profiler.")] = None,
    timed_from: Annotated[Optional[int], typer.Option("--timed-from", min=0, help="With --steps: no step before this one times the run without the profiler (default 3: the first ones compile and warm up; at most the 20 steps right before the window count), for a script whose first steps are another loop.")] = None,
    with_stack: Annotated[bool, typer.Option("--with-stack", help="Record Python stacks (larger traces; needed for the per-module view). Over compilation it records every Python call of Dynamo and Inductor, which can take tens of GB: give --steps or --steady with it.")] = False,
    include_compile: Annotated[bool, typer.Option("--include-compile/--steady", help="Profile the whole run, compilation included; --steady runs the script once unprofiled first, then profiles a second run.")] = True,
    torch_trace: Annotated[bool, typer.Option("--torch-trace/--no-torch-trace", help="Also write PyTorch's structured trace (graph breaks, recompiles, compile times) beside the trace.")] = True,
    analyze: Annotated[bool, typer.Option("--analyze/--no-analyze", help="Analyze the trace afterwards.")] = True,
    calibrate: Annotated[bool, typer.Option("--calibrate", help="After the script, time what a compiled call and each of its kernels cost on this machine (about 20 s); the compile advice then uses these instead of its defaults.")] = False,
    memory: Annotated[bool, typer.Option("--memory", help="Record every allocation and free (profile_memory=True): memory over time, the peak and what was live at it.")] = False,
) -> None:
    """Run SCRIPT (or -m MODULE) with its arguments under torch.profiler; its exit code is passed through."""
    from traceview.capture import require_torch

    require_torch("profile")
    from traceview.capture.profile_script import profile_script
    from traceview.commands._common import progress_lines

    args = list(ctx.args)
    if module is not None and script is not None:  # with -m, the first positional is the module's own argument
        args, script = [str(script), *args], None
    if module is None and script is None:
        raise typer.BadParameter("give a script to run, or -m MODULE", param_hint="SCRIPT")
    with progress_lines():  # capture, then analysis: one line per stage, on one clock
        result = profile_script(script, args, out, with_stack, include_compile, module=module, steps=steps, calibrate=calibrate,
                                step_annotation=step_annotation, torch_trace=torch_trace, memory=memory,
                                stop_after=stop_after, timed_from=timed_from)
        _report(result, out, analyze, module or script)
    if result.exit_code:
        # SystemExit rather than typer.Exit: with standalone_mode=False click returns an Exit's code
        # from app() instead of raising it, and cli.main would then exit 0.
        raise SystemExit(result.exit_code)
    if result.steps is not None and not result.steps["profiled"]:
        raise SystemExit(2)


def _report(result, out: Path, analyze: bool, name) -> None:
    """What the capture found (errors, step windows, where the files are), then the analysis."""
    from traceview.commands._common import console, err_console

    from traceview.capture.profile_script import SIGINT_EXIT

    if result.exit_code == SIGINT_EXIT:  # Ctrl-C: keep what was recorded, skip the analysis, one line
        kept = f"; the trace so far: {result.trace} (traceview analyze {out})" if result.trace else "; no trace was written"
        err_console().print(f"traceview: {name} interrupted (Ctrl-C){kept}", markup=False, soft_wrap=True)
        return
    if result.error:
        err_console().print(f"traceview: {name} failed: {result.error}", markup=False)
    if result.host_note:
        err_console().print(f"traceview: {result.host_note}", markup=False, soft_wrap=True)
    if result.steps is not None and not result.steps["profiled"]:
        err_console().print(f"traceview: {name} made {result.steps['counted']} step(s) ({result.steps['by']}); "
                            f"--steps {result.steps['requested']} was never reached: nothing profiled", markup=False)
    if result.steps is not None and result.steps.get("partial_step") is not None:
        n = result.steps["partial_step"]
        err_console().print(f"traceview: {name} ended after {n} step(s), inside --steps {result.steps['requested']}: "
                            f"ProfilerStep#{n} in the trace is what ran after the last step, not a whole step", markup=False)
    if result.trace:
        console().print(f"trace: {result.trace}  meta: {result.meta_path}"
                        + (f"  structured trace: {result.torch_trace}" if result.torch_trace else "")
                        + (f"  code: {result.code_dir}" if result.code_dir else ""), markup=False)
        if result.rank is not None or result.rank_traces:
            _follow_up_ranks(result, out, analyze)
        elif analyze:
            follow_up([result.trace])


def _follow_up_ranks(result, out: Path, analyze: bool) -> None:
    """A multi-process run: the ranks the script started compared side by side; under torchrun,
    rank 0 analyzes its own trace (the others only say where theirs is)."""
    from traceview.commands._common import console, err_console
    from traceview.errors import TraceviewError

    if not result.rank_traces:
        if analyze and result.rank == 0:
            follow_up([result.trace])
            console().print(f"each rank wrote its own trace: compare them with  traceview ranks {out}", markup=False)
        return
    ranks = ([result.trace] if result.rank is not None else []) + list(result.rank_traces)
    console().print("ranks: " + "  ".join(str(p) for p in result.rank_traces), markup=False)
    if not analyze:
        return
    from traceview.commands.ranks import compare_rank_files
    from traceview.report.terminal.ranks import ranks_view

    try:
        console().print(ranks_view(compare_rank_files(ranks)[0]))
    except TraceviewError as exc:
        err_console().print(f"traceview: rank comparison skipped: {exc}", markup=False)


# Options stop at the script path: everything after it (its own --flags too) is the script's argv.
profile_cmd.context_settings = {"allow_extra_args": True, "ignore_unknown_options": True,
                                "allow_interspersed_args": False}

"""``traceview profile [OPTIONS] script.py [ARGS...]``: run a script under torch.profiler, like ``nsys profile``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from traceview.commands.run import follow_up


def profile_cmd(
    ctx: typer.Context,
    script: Annotated[Path, typer.Argument(help="The Python script to run as __main__; everything after it goes to the script.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for the trace, meta.json and generated code.")] = Path("traceview-profile"),
    with_stack: Annotated[bool, typer.Option("--with-stack", help="Record Python stacks (larger traces).")] = False,
    include_compile: Annotated[bool, typer.Option("--include-compile/--steady", help="Profile the whole run, compilation included; --steady runs the script once unprofiled first, then profiles a second run.")] = True,
    analyze: Annotated[bool, typer.Option("--analyze/--no-analyze", help="Analyze the trace afterwards.")] = True,
    memory: Annotated[bool, typer.Option("--memory", help="Record every allocation and free (profile_memory=True): memory over time, the peak and what was live at it.")] = False,
) -> None:
    """Run SCRIPT with its arguments under torch.profiler; its exit code is passed through."""
    from traceview.capture.profile_script import profile_script
    from traceview.commands._common import console, err_console

    result = profile_script(script, list(ctx.args), out, with_stack, include_compile, memory=memory)
    if result.error:
        err_console().print(f"traceview: {script} failed: {result.error}", markup=False)
    if result.trace:
        console().print(f"trace: {result.trace}  meta: {result.meta_path}"
                        + (f"  code: {result.code_dir}" if result.code_dir else ""), markup=False)
        if analyze:
            follow_up([result.trace])
    if result.exit_code:
        # SystemExit rather than typer.Exit: with standalone_mode=False click returns an Exit's code
        # from app() instead of raising it, and cli.main would then exit 0.
        raise SystemExit(result.exit_code)


# Options stop at the script path: everything after it (its own --flags too) is the script's argv.
profile_cmd.context_settings = {"allow_extra_args": True, "ignore_unknown_options": True,
                                "allow_interspersed_args": False}

"""The ``traceview`` command line: thin wrappers that call the library and a report writer.

Every :class:`~traceview.errors.TraceviewError` becomes one line on stderr and exit code 2.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated, Optional

import typer

from traceview._version import __version__
from traceview.commands.info import info_cmd
from traceview.errors import TraceviewError

def _keep_hyphenated_names_whole() -> None:
    """Help text wraps between words, never inside a name such as ``compiled-cpp-wrapper`` (click's wrapper
    breaks at hyphens): hyphens inside words become non-breaking while the text is wrapped."""
    import importlib
    import re

    for name in ("typer._click.formatting", "click.formatting"):  # typer >= 0.16 vendors click; older ones use it
        try:
            formatting = importlib.import_module(name)
        except ImportError:
            continue
        wrap = formatting.wrap_text
        if getattr(wrap, "_traceview", False):
            continue

        def wrap_text(text: str, *args, _wrap=wrap, **kwargs) -> str:
            return _wrap(re.sub(r"(?<=\w)-(?=\w)", "\u2011", text), *args, **kwargs).replace("\u2011", "-")

        wrap_text._traceview = True  # type: ignore[attr-defined]
        formatting.wrap_text = wrap_text


_keep_hyphenated_names_whole()

app = typer.Typer(
    name="traceview",
    help="What your PyTorch program really did on the GPU: compile vs run time, launches, kernels, overhead.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # help texts are plain: "[tool.traceview.check]" and "traceview[dask]" print as written
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"traceview {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[Optional[bool], typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")] = None,
) -> None:
    """traceview: profile, analyze, report and diff PyTorch profiler (Kineto) traces."""


#: Each command's line in ``traceview --help`` (click would cut its docstring's first sentence to 45 characters).
SHORT_HELP = {
    "info": "What a trace holds: events, span, devices, launches by API.",
    "analyze": "Where the time went, and what to change first.",
    "report": "An offline HTML page (and a Perfetto export) of a trace or run.",
    "diff": "Compare two runs: kernels, GPU time, launches, ops matched.",
    "kernels": "Each kernel with the ops and source lines it came from.",
    "show": "One generated kernel's source, its ops and its time.",
    "run": "Run a built-in workload (abc, mpadam, adam) variant by variant.",
    "profile": "Run a script under torch.profiler, like nsys profile.",
    "ranks": "Compare the ranks of a job: stragglers, communication, steps.",
    "export": "The trace with traceview's tracks added, for Perfetto.",
    "check": "Gate CI on budgets: kernels per step, step ms, graph breaks...",
    "try": "Measure each advised change on your own script.",
}

app.command("info", short_help=SHORT_HELP["info"])(info_cmd)


def _register_optional() -> None:
    """Commands whose modules may pull heavy imports register lazily, by module."""
    import importlib

    for module, name, func in (
        ("traceview.commands.analyze", "analyze", "analyze_cmd"),
        ("traceview.commands.report", "report", "report_cmd"),
        ("traceview.commands.diff", "diff", "diff_cmd"),
        ("traceview.commands.kernels", "kernels", "kernels_cmd"),
        ("traceview.commands.kernels", "show", "show_cmd"),
        ("traceview.commands.run", "run", "run_cmd"),
        ("traceview.commands.profile", "profile", "profile_cmd"),
        ("traceview.commands.ranks", "ranks", "ranks_cmd"),
        ("traceview.commands.export", "export", "export_cmd"),
        ("traceview.commands.check", "check", "check_cmd"),
        ("traceview.commands.try_", "try", "try_cmd"),
    ):
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name == module:
                continue
            raise
        fn = getattr(mod, func, None)
        if fn is not None:
            settings = getattr(fn, "context_settings", None)
            options = {"short_help": SHORT_HELP.get(name), **({"context_settings": settings} if settings else {})}
            app.command(name, **options)(fn)


_register_optional()


def main() -> None:
    """Entry point: run the app, turning library errors into one stderr line and exit code 2."""
    try:
        # standalone_mode=False: click returns typer.Exit's code (or the command's return value).
        result = app(standalone_mode=False)
    except TraceviewError as exc:
        _fail(str(exc))
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        _fail("aborted", code=130)
    except KeyboardInterrupt:
        _fail("interrupted", code=130)
    except Exception as exc:  # click usage errors arrive here in standalone_mode=False
        if hasattr(exc, "format_message") and isinstance(getattr(exc, "exit_code", None), int):
            # click's errors (typer may vendor click): a bad command line is one line, like every other error.
            ctx = getattr(exc, "ctx", None)
            hint = f" (see: {ctx.command_path} --help)" if ctx is not None else ""
            message = exc.format_message().replace("Value error, ", "")  # typer's wording for a bad choice
            _fail(f"{message}{hint}", code=exc.exit_code)
        if os.environ.get("TRACEVIEW_DEBUG"):
            raise
        _fail(f"internal error: {type(exc).__name__}: {exc} (set TRACEVIEW_DEBUG=1 for the traceback)", code=1)
    else:
        sys.exit(result if isinstance(result, int) else 0)


def _fail(message: str, code: int = 2) -> None:
    from traceview.report.text import neutralize  # messages quote paths and trace strings: no escapes on the terminal

    first = message.strip().splitlines()[0] if message.strip() else "error"
    sys.stderr.write(f"traceview: error: {neutralize(first)}\n")
    sys.exit(code)


if __name__ == "__main__":
    main()

"""Helpers shared by the command modules: consoles, loading with a progress bar."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path

from typing import TYPE_CHECKING

from rich.console import Console

if TYPE_CHECKING:
    from traceview.trace import Trace

#: Files larger than this get a progress spinner while they load.
PROGRESS_THRESHOLD_BYTES = 4 * 1024 * 1024


#: Width used when output is not a terminal (pipes, CI logs): wide enough for kernel tables.
PIPE_WIDTH = 160


def console() -> Console:
    return Console(highlight=False, soft_wrap=False, width=None if sys.stdout.isatty() else PIPE_WIDTH)


def err_console() -> Console:
    return Console(stderr=True, highlight=False)


def load_with_progress(path: Path, quiet: bool = False, cache: bool = True) -> "Trace":
    """``traceview.trace.load`` with a transient progress display for large inputs on a terminal.

    ``cache``: use the columnar cache (``$TRACEVIEW_CACHE_DIR``, default ``~/.cache/traceview``),
    so re-opening a large trace takes under a second; ``--no-cache`` on the commands turns it off.
    """
    from functools import partial

    from traceview.trace import load as load_trace

    load = partial(load_trace, cache=cache)

    size = path.stat().st_size if path.is_file() else sum(p.stat().st_size for p in path.glob("*.json*")) if path.is_dir() else 0
    if quiet or size < PROGRESS_THRESHOLD_BYTES or not sys.stderr.isatty():
        return load(path)
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    with Progress(SpinnerColumn(), TextColumn("loading {task.description}"), TimeElapsedColumn(), console=err_console(), transient=True) as progress:
        progress.add_task(f"{path.name} ({size / 1e6:,.0f} MB)", total=None)
        return load(path)


def load_run(path: Path, torch_trace: Path | None = None, quiet: bool = False, cache: bool = True):
    """The trace at ``path`` (a file or a run directory) and what Dynamo recorded beside it
    (meta.json counters, PyTorch's structured trace; ``torch_trace`` names one explicitly)."""
    from traceview.trace.run_files import dynamo_record, run_files

    files = run_files(path, torch_trace)
    return load_with_progress(files.trace, quiet=quiet, cache=cache), dynamo_record(files)


def _process_age_s() -> float:
    """Seconds since this process started (0 where it cannot be told)."""
    import time

    try:
        import psutil

        return max(time.time() - psutil.Process().create_time(), 0.0)
    except Exception:  # noqa: BLE001 - a clock that starts late is no error
        return 0.0


@contextmanager
def progress_lines(enabled: bool = True):
    """Print each stage a capture or command enters on stderr, one line each, with the time since the
    command began (``traceview: [12.3 s] exporting the trace``): a long ``profile`` is never silent."""
    import logging
    import time

    from traceview.capture.progress import log as progress_log

    if not enabled:
        yield
        return
    # one clock per command, from the moment the process started (importing torch takes seconds before anything runs)
    started = time.perf_counter() - _process_age_s()

    class _Lines(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            err_console().print(f"traceview: [{time.perf_counter() - started:,.1f} s] {record.getMessage()}", markup=False,
                                highlight=False, soft_wrap=True)

    handler = _Lines()
    level = progress_log.level
    progress_log.addHandler(handler)
    progress_log.setLevel(logging.INFO)
    try:
        yield
    finally:
        progress_log.removeHandler(handler)
        progress_log.setLevel(level)

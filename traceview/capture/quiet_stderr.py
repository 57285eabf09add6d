"""Kineto's own lines off the user's terminal: ``torch.profiler`` prints ``USDT:... profiler_start``, ``STAGE:...
Completed Stage: Warm Up`` and their like from C++ straight to the process's stderr (no setting turns them off).
While the profiler runs, :func:`kineto_lines_dropped` routes file descriptor 2 through a pipe and a thread that passes
every other byte on as it comes (a progress bar's ``\\r`` line too), dropping only whole lines that start with one of
Kineto's tags and name one of its own source files."""

from __future__ import annotations

import os
import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

#: A line Kineto prints on its own: ``USDT:2026-12-08 01:06:16 7182:7182 SyncActivityProfilerHandler.cpp:59] ...``.
KINETO_LINE: Final = re.compile(rb"^(?:USDT|STAGE|INFO|WARNING):\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \d+:\d+ \w+\.cpp:\d+\]")
_TAGS: Final = (b"USDT:", b"STAGE:", b"INFO:", b"WARNING:")


def _may_start_kineto(partial: bytes) -> bool:
    """Whether an unfinished line could still be one of Kineto's (held until its newline); any other passes now."""
    return any(tag.startswith(partial) or partial.startswith(tag) for tag in _TAGS)


def _pump(read_fd: int, out_fd: int) -> None:
    held = b""
    with os.fdopen(read_fd, "rb", buffering=0) as src:
        while chunk := src.read(65536):
            held += chunk
            *lines, held = held.split(b"\n")
            keep = [line + b"\n" for line in lines if not KINETO_LINE.match(line)]
            if held and not _may_start_kineto(held):
                keep.append(held)
                held = b""
            if keep:
                os.write(out_fd, b"".join(keep))
    if held and not KINETO_LINE.match(held):
        os.write(out_fd, held)
    os.close(out_fd)


@contextmanager
def kineto_lines_dropped() -> Iterator[None]:
    """Inside: stderr (fd 2) without Kineto's own lines; everything else passes on, in order."""
    if os.name != "posix" or os.environ.get("TRACEVIEW_KINETO_LINES"):  # opt out: see them all
        yield
        return
    sys.stderr.flush()
    saved = os.dup(2)
    read_fd, write_fd = os.pipe()
    pump = threading.Thread(target=_pump, args=(read_fd, os.dup(saved)), daemon=True, name="traceview-stderr")
    pump.start()
    os.dup2(write_fd, 2)
    os.close(write_fd)
    try:
        yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)  # the pipe's last writer here closes: the pump drains it and stops
        os.close(saved)
        pump.join(timeout=2.0)  # a process the script started may hold the pipe open: the pump goes on for it

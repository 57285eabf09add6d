"""Stage lines while a capture runs (``traceview profile`` of a script that takes minutes): the
capture says which stage it enters on the ``traceview.progress`` logger; the command that wants the
lines (:func:`traceview.commands._common.progress_lines`) prints them on stderr. The logger does not
propagate, so a user's script that configures logging never sees them."""

from __future__ import annotations

import logging

log = logging.getLogger("traceview.progress")
log.propagate = False


def stage(text: str) -> None:
    """Enter a stage: "running train.py under the profiler", "exporting the trace", ..."""
    log.info(text)

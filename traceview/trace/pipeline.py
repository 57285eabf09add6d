"""One trace file -> :class:`Trace`, top to bottom. This is the whole loading path::

    read      file -> TraceText (header + the events list a piece at a time)        trace/read.py
      or recover   another layout, read whole and repaired (or refused)              trace/recover.py
    events    pieces -> Columns (typed columns per piece, skips, repairs;            trace/events.py
              a large file's pieces decoded by worker processes, joined in order)
    tables    Columns -> slices, launches, gpu, ... (+ nesting,                    trace/tables.py, lost_exit.py,
              lost Python exits closed first, each slice classified after)       nesting.py, classify.py

Every Kineto file takes the first route, whatever its size or compression; a piece that does not
decode is mended inside the events stage (:func:`traceview.trace.recover.mend`). Only a file
in another layout (no ``"traceEvents": [`` near its start) is read whole by the recovery route.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from traceview.trace import heap, recover
from traceview.trace.workers import read_columns
from traceview.trace.model import Trace
from traceview.trace.read import read
from traceview.trace.tables import build


def load_file(path: str | Path, rank: int | None = None) -> Trace:
    """Load one trace file (its rank from ``distributedInfo``, the file name, else 0; ``rank`` overrides)."""
    path = Path(path)
    with _gc_paused():
        repairs = recover.Repairs()
        text = read(path) or recover.whole_file(path, repairs)
        columns = read_columns(text, repairs)
        trace = build(text, columns, rank)
    if text.size_bytes >= heap.LARGE_BYTES:  # the decoded pieces' memory, back to the OS (trace/heap.py)
        del columns, text
        heap.release()
    return trace



@contextmanager
def _gc_paused() -> Iterator[None]:
    """Loading makes a few objects per event and no reference cycles: the cyclic collector's passes
    over them while they are made (dozens per trace) find nothing and cost ~5% of the load."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()

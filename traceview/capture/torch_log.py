"""Capture PyTorch's structured trace (what ``TORCH_TRACE=dir`` writes, tlparse's input) beside a Kineto trace.

``TORCH_TRACE`` is read once, when torch is imported, and the capture runs after that. The
structured trace is a logger, ``torch._logging._internal.trace_log`` (always at DEBUG, never
propagating), and PyTorch emits a record whenever that logger has a handler: adding one is how its
own test harness turns it on (``torch/_dynamo/test_case.py``), and it leaves the user's
``TORCH_LOGS`` / ``TORCH_TRACE`` settings alone. The records are formatted by torch's own
``TorchLogsFormatter(trace=True)``, so the file is the one ``TORCH_TRACE`` would write.

File names in Dynamo's stacks are interned (``{"str": [name, id]}`` once per process): the table
interned before the capture began is written first, so the file stands on its own.
"""

from __future__ import annotations

import gzip
import json
import logging
import os
import shutil
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

log = logging.getLogger(__name__)

SUFFIX = ".torch_trace.log.gz"


@contextmanager
def structured_trace(path: Path) -> Iterator[Path | None]:
    """Record the structured trace of the block into ``path`` (gzipped when the block ends).

    Yields ``path``, or None when this torch has no structured trace (the block still runs). The
    file is removed at the end if nothing was compiled (no record beyond the interned names).
    """
    try:
        from torch._logging import structured
        from torch._logging._internal import TorchLogsFormatter, trace_log
    except ImportError:  # pragma: no cover - torch older than 2.2
        log.info("this torch has no structured trace; not captured")
        yield None
        return
    plain = path.with_name(path.name.removesuffix(".gz") + ".part")
    plain.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)  # an earlier run's file in this folder is not this run's
    interned = dict(structured.INTERN_TABLE)
    with plain.open("w", encoding="utf-8") as f:
        for name, index in interned.items():
            f.write(_record({"str": [name, index]}))
    handler = logging.FileHandler(plain, mode="a", encoding="utf-8")
    handler.setFormatter(TorchLogsFormatter(trace=True))
    level = trace_log.level
    trace_log.setLevel(logging.DEBUG)
    trace_log.addHandler(handler)
    try:
        yield path
    finally:
        trace_log.removeHandler(handler)
        trace_log.setLevel(level)
        handler.close()
        _finish(plain, path, len(interned))


def _record(metadata: dict) -> str:
    """One record line in torch's format (``V<mmdd hh:mm:ss.us> <pid> <file:line>] <json>``)."""
    now = time.time()
    stamp = time.strftime("%m%d %H:%M:%S", time.localtime(now)) + f".{int(now % 1 * 1e6):06d}"
    return f"V{stamp} {os.getpid()} torch/_logging/structured.py:0] {json.dumps(metadata)}\n"


def _finish(plain: Path, path: Path, preamble: int) -> None:
    with plain.open("rb") as f:
        lines = sum(1 for line in f if not line.startswith(b"\t"))
    if lines <= preamble:
        plain.unlink()
        return
    with plain.open("rb") as src, gzip.open(path, "wb", compresslevel=6) as dst:
        shutil.copyfileobj(src, dst, 1 << 20)
    plain.unlink()

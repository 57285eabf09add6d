"""The process's heap, given back to the OS where freed memory piles up.

Loading a large trace frees the pieces' structs and per-piece columns once its tables are built, and the
analyses free their temporaries as they go; glibc keeps those pages in its arenas and the process's RSS keeps
counting them until ``malloc_trim``. On the 100 MB with_stack GPT-2 trace that was 63 MB after the load (RSS 262 ->
198 MB) and ~25 MB before the critical path's walk, whose per-moment arrays are the largest the analyses make. With
the walk's leaner arrays (analysis/host/path_walk.py) the load + analyze peak went from 327 to 289 MB
(docs/benchmarks/speed.md). Elsewhere (musl, macOS, Windows) it does nothing.
"""

from __future__ import annotations

import ctypes
from typing import Any

#: Traces from this many bytes of JSON (the loader) or slices (the analyses) up give their freed heap back: a small
#: trace's few MB are not worth the call (~2 ms).
LARGE_BYTES = 8 * 1024 * 1024
LARGE_SLICES = 100_000

_trim: Any = None


def release() -> None:
    """Give the heap's free pages back to the OS (glibc's ``malloc_trim(0)``; nothing elsewhere)."""
    global _trim
    if _trim is None:
        try:
            _trim = ctypes.CDLL(None).malloc_trim
        except (AttributeError, OSError, TypeError):  # not glibc (musl, macOS), or no C library to open (Windows)
            _trim = False
    if _trim:
        _trim(0)

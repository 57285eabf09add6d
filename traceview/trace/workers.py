"""Stage 2 over every piece of a file: :func:`read_columns`, in this process or, for a large file, with worker
processes decoding pieces (:mod:`traceview.trace.events` reads each piece) while this one cuts the next pieces and
joins their columns in file order (:func:`_merge`: file positions and args backings renumbered); the pieces a worker
cannot read alone (no decode, ``B``/``E`` events, the piece after a mended one) are read here, in turn."""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
from collections import deque
from collections.abc import Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import numpy as np

from traceview.errors import TraceFormatError
from traceview.trace.events import Columns, _add_piece, _BeginEnd, _decode, _decoded, _Mender
from traceview.trace.read import Piece, TraceText, json_bytes
from traceview.trace.recover import Repairs

#: A file of this much JSON or more (:func:`traceview.trace.read.json_bytes`) has its pieces decoded by worker
#: processes (:func:`load_workers`); below it, starting them costs more than they save (docs/benchmarks/speed.md,
#: 2 workers on 2 cores lost 25-50 ms at 1.8-14 MB, gained 40-60 ms at 15-33 MB).
PARALLEL_BYTES = 16 << 20
#: At most this many workers for one file (the parent joins their columns, one piece at a time).
MAX_WORKERS = 8
#: Pieces handed out per worker ahead of the one joined (each ~1 MB of text and its columns in flight).
AHEAD = 3


def read_columns(text: TraceText, repairs: Repairs | None = None, workers: int | None = None) -> Columns:
    """Decode every piece of ``text`` into columns (see the module docstring). ``workers``: processes that
    decode pieces while this one cuts the next and joins their columns in order (None: :func:`load_workers`
    for the file's size; 0 or 1: every piece in this process). Either way the columns are the same."""
    out = Columns(repairs=repairs if repairs is not None else Repairs())
    pairs = _BeginEnd()
    workers = load_workers(text) if workers is None else workers
    if workers > 1:  # a plain file's pieces are read by the workers themselves (text.ranges)
        _read_in_workers(out, text.ranges(), pairs, workers)
    else:
        for piece, events, args in _decoded(text.pieces(), out.repairs):
            _add_piece(out, piece, events, args, pairs)
    pairs.finish(out)
    if text.truncated and out.events == 0 and text.notes and "mid-event" in text.notes[-1]:
        raise TraceFormatError(f"{text.path}: not valid JSON (the file ends before its first complete event)")
    return out


def load_workers(text: TraceText) -> int:
    """Worker processes for ``text``'s pieces: on Linux, one per core this process may use and other processes leave
    free (up to :data:`MAX_WORKERS`; none when fewer than two are free) for a file of :data:`PARALLEL_BYTES` of JSON or more, read by a process that is no
    worker itself (a directory's ranks load one per worker already: trace/parallel.py);
    ``TRACEVIEW_LOAD_WORKERS`` sets the number."""
    told = os.environ.get("TRACEVIEW_LOAD_WORKERS", "").strip()
    if told:
        try:
            return max(int(told), 0)
        except ValueError:
            raise TraceFormatError(f"TRACEVIEW_LOAD_WORKERS={told!r}: not a number of processes") from None
    if not sys.platform.startswith("linux") or multiprocessing.parent_process() is not None:
        return 0  # forked workers: Linux only (macOS's system libraries are not safe to fork)
    cores = len(os.sched_getaffinity(0))
    if cores < 2 or json_bytes(text.path) < PARALLEL_BYTES:
        return 0
    # the cores other processes leave free: the 1-minute load average less this process (on a busy 2-core host a
    # pool of 2 made a 222 MB trace 1.27x slower than one process)
    free = cores - max(os.getloadavg()[0] - 1.0, 0.0)
    workers = min(int(free + 0.25), MAX_WORKERS)
    return workers if workers > 1 else 0


def _read_in_workers(out: Columns, pieces: Iterable[Piece], pairs: _BeginEnd, workers: int) -> None:
    """The pieces decoded by ``workers`` forked processes (:func:`_piece_columns`), a few ahead of the one
    joined, and joined into ``out`` in file order. A piece a worker leaves (it does not decode, or has ``B``/``E``
    events, which pair across pieces) is read here as :func:`read_columns` reads every piece, and so is a
    piece that follows a mended one (the rest of the mended one's last event is joined to it), and, once a worker
    has died (killed for memory...), every piece not joined yet."""
    mender = _Mender(out.repairs)
    window: deque[tuple[Piece, Future | None]] = deque()
    broken = False  # a worker died (killed for memory...): the pieces not joined yet are read here

    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"),
                             initializer=_exit_with_parent, initargs=(os.getpid(),)) as pool:
        def hand_out(piece: Piece) -> Future | None:
            nonlocal broken
            if not broken:
                try:
                    return pool.submit(_piece_columns, piece)
                except BrokenProcessPool:
                    broken = True
            return None

        def join_first() -> None:
            nonlocal broken
            piece, future = window.popleft()
            part = None
            if future is not None and not broken:
                try:
                    part = future.result()
                except BrokenProcessPool:
                    broken = True
            if part is not None and mender.pending is None:
                _merge(out, part)
            elif (got := mender.step(piece)) is not None:
                _add_piece(out, *got, pairs)

        for piece in pieces:
            window.append((piece, hand_out(piece)))
            if len(window) >= AHEAD * workers:
                join_first()
        while window:
            join_first()
    if (got := mender.finish()) is not None:
        _add_piece(out, *got, pairs)


def _exit_with_parent(parent: int) -> None:
    """In a worker, first: the kernel kills it when the process that started it dies (killed for memory, by a time
    limit, ...); a pool's workers wait for work forever otherwise, each holding its copy of the parent's memory."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # no prctl: the workers end with the pool, as before
        return
    if os.getppid() != parent:  # the parent died before the call above
        os._exit(1)


#: prctl's option that sends a signal to this process when its parent ends (linux/prctl.h).
_PR_SET_PDEATHSIG = 1


def _piece_columns(piece: Piece) -> Columns | None:
    """In a worker: one piece's columns, as if it were a file's first piece (None: read it in the parent)."""
    piece = piece.loaded()
    decoded = _decode(piece)
    if not isinstance(decoded, tuple):
        return None
    part, pairs = Columns(), _BeginEnd()
    _add_piece(part, piece, decoded[0], decoded[1], pairs)
    return None if pairs.seen else part


def _merge(out: Columns, part: Columns) -> None:
    """A worker's piece columns after ``out``'s: its events' file positions and its args backings renumbered."""
    first, backings = out.events, len(out.args)
    for table, into in ((part.host, out.host), (part.gpu, out.gpu), (part.annotations, out.annotations),
                        (part.gpu_comm, out.gpu_comm)):
        for columns in table:
            columns["order"] = columns["order"] + first
            if "args_piece" in columns:
                at = columns["args_piece"]
                columns["args_piece"] = np.where(at >= 0, at + backings, at).astype(np.int32, copy=False)
            into.append(columns)
    out.flows += part.flows
    out.instants += part.instants
    out.memory += part.memory
    for key, values in part.counters.items():
        out.counters[key] += values
    out.args += part.args
    out.process_names.update(part.process_names)
    out.thread_names.update(part.thread_names)
    out.skips.update(part.skips)
    out.unknown_categories |= part.unknown_categories
    out.events += part.events

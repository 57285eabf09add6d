"""Stage 2: pieces of the events list -> typed event columns, one piece at a time (msgspec).

::

    Piece "{e0},{e1},..."  --msgspec-->  [Event(ph, cat, name, pid, tid, ts, dur, id, args: raw text), ...]
                           --msgspec-->  [Args, ...]  (every event's args text joined, decoded in one call)
                           --columns-->  Columns: host / gpu / annotations / flows / instants / counters
                                         (numpy arrays + label codes), skip counts, thread names,
                                         and where each host slice's raw ``args`` can be read again

Every piece goes through the same steps; only what it holds changes the work:

- ``args`` are kept as raw text in that pass, and all of a piece's are then decoded into :class:`Args` (the keys the
  tables need) in one call over their texts joined; the rest of a slice's args is read back on demand (:mod:`traceview.trace.args`): from the file for a plain
  file's pieces, from a copy kept here for a gzip file's or a repaired piece (``held``).
- a piece that does not decode is mended by :func:`traceview.trace.recover.mend` (a cut that fell
  inside a string: the events before it now, the rest with the next piece; NaN, bad UTF-8 and
  entries that are not objects repaired); an entry whose ``args`` is not an object is read with
  ``args`` dropped.
- values are read by :mod:`traceview.trace.values` (numeric strings, huge numbers, exact epoch ns);
  an event without a usable ``ts`` / ``dur``, with a negative ``dur``, a ``pid`` that is no number or
  an unknown ``ph`` is skipped and counted by reason (the trace's notes).
- ``B``/``E`` pairs are matched per (pid, tid) at the end and become slices like ``X`` events;
  counters (``C``) have free-form args, decoded raw.
- a large file's pieces are decoded by forked worker processes (:mod:`traceview.trace.workers`).
"""

from __future__ import annotations

import operator
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import msgspec
import numpy as np
import pandas as pd

from traceview.trace import schema
from traceview.trace.args import Backing, FileRange, Held
from traceview.trace.event_types import ARGS, ARGS_LIST, EVENTS, MEMORY_ARGS, RAW_TS, Args, Event
from traceview.trace.labels import Labels
from traceview.trace.read import Piece, TraceText
from traceview.trace.recover import Repairs, mend
from traceview.trace.values import as_int, exact_ns_array, int_array, ns_array, xyz


#: ph -> 0 duration, 1 metadata, 2 flow, 3 instant, 4 counter, 5 begin, 6 end (anything else skipped).
_PHASE_KIND = {"X": 0, "M": 1, "s": 2, "f": 2, "t": 2, "i": 3, "I": 3, "R": 3, "C": 4, "B": 5, "E": 6}
#: Duration events by category: 0 host slice, 1 GPU activity, 2 GPU annotation, 3 dropped ("Trace").
_KNOWN_HOST = frozenset({"cpu_op", "user_annotation", "python_function", "cuda_runtime", "cuda_driver", "overhead",
                         "cuda_sync", "cuda_profiler_range"})
@dataclass
class Columns:
    """Every table's columns, a list of per-piece dicts each (joined by :mod:`traceview.trace.tables`)."""

    host: list[dict[str, Any]] = field(default_factory=list)
    gpu: list[dict[str, Any]] = field(default_factory=list)
    annotations: list[dict[str, Any]] = field(default_factory=list)
    flows: list[dict[str, Any]] = field(default_factory=list)
    instants: list[dict[str, Any]] = field(default_factory=list)
    memory: list[dict[str, Any]] = field(default_factory=list)
    gpu_comm: list[dict[str, Any]] = field(default_factory=list)  # GPU activities whose args describe a collective
    counters: dict[str, list[Any]] = field(default_factory=lambda: {k: [] for k in ("name", "series", "pid", "ts_ns", "value")})
    args: list[Backing] = field(default_factory=list)  # where host slices' args are: one per piece with any
    process_names: dict[int, str] = field(default_factory=dict)
    thread_names: dict[tuple[int, int], str] = field(default_factory=dict)
    skips: Counter = field(default_factory=Counter)
    repairs: Repairs = field(default_factory=Repairs)
    unknown_categories: set[str] = field(default_factory=set)
    events: int = 0


class _Mender:
    """Pieces in file order -> (piece, events, args): a piece that does not decode is mended
    (:func:`recover.mend`): repaired, and cut after its last whole event when its text ends inside one
    (the cut between pieces fell inside a string or a nested value); that rest waits (``pending``) to be
    joined to the next piece."""

    def __init__(self, repairs: Repairs) -> None:
        self.repairs, self.pending = repairs, None

    def step(self, piece: Piece) -> tuple[Piece, list[Event], list[Args | None]] | None:
        piece = piece.loaded()
        if self.pending is not None:
            piece, self.pending = self.pending.joined(piece), None
        decoded = _decode(piece)
        if not isinstance(decoded, tuple):
            piece, self.pending = mend(piece, self.repairs)
            decoded = _decode(piece)
        return (piece, *decoded) if isinstance(decoded, tuple) else None

    def finish(self) -> tuple[Piece, list[Event], list[Args | None]] | None:
        """The text after the last whole event of a file that ends inside one."""
        if self.pending is None:
            return None
        rest, self.pending = self.pending, None
        piece, _ = mend(Piece(rest.data, rest.start, rest.end, rest.sep, True, rest.file), self.repairs)
        decoded = _decode(piece)
        return (piece, *decoded) if isinstance(decoded, tuple) else None


def _decoded(pieces: Iterable[Piece], repairs: Repairs) -> Iterator[tuple[Piece, list[Event], list[Args | None]]]:
    """Each piece with its events, mended where it does not decode (:class:`_Mender`)."""
    mender = _Mender(repairs)
    for piece in pieces:
        if (got := mender.step(piece)) is not None:
            yield got
    if (got := mender.finish()) is not None:
        yield got


def whole_pieces(text: TraceText, repairs: Repairs | None = None) -> Iterator[Piece]:
    """The pieces of ``text`` as they decode: every event whole, mended where the file is broken."""
    for piece, _, _ in _decoded(text.pieces(), repairs if repairs is not None else Repairs()):
        yield piece


def _decode(piece: Piece) -> tuple[list[Event], list[Args | None]] | str:
    """(events, each event's :class:`Args` -- None where it has none, or its ``args`` is no object) or "cut" /
    "broken". The args texts are decoded in one call, joined into one JSON list: one pass over the piece and one
    over its args, where decoding the events with typed args and again for their raw texts took two whole passes."""
    text = piece.data
    try:
        events = EVENTS.decode(text)
    except msgspec.ValidationError:  # an entry that is not an object
        return "broken"
    except msgspec.DecodeError as exc:
        return "cut" if str(exc).startswith("Input data was truncated") else "broken"
    except UnicodeDecodeError:
        return "broken"
    raws = [e.args if e.args is not None else b"null" for e in events]
    try:
        return events, ARGS_LIST.decode(b"".join((b"[", b",".join(raws), b"]")))
    except msgspec.ValidationError:  # some args is no object: read one by one, None for those
        pass
    except (msgspec.DecodeError, UnicodeDecodeError):  # bad UTF-8 in a string the tables read: mended as a piece
        return "broken"
    args: list[Args | None] = []
    for raw in raws:
        try:
            args.append(ARGS.decode(raw))
        except (msgspec.MsgspecError, UnicodeDecodeError):
            args.append(None)
    return events, args


def _add_piece(out: Columns, piece: Piece, events: list[Event], args: list[Args | None], pairs: _BeginEnd) -> None:
    """One piece's events (and each one's :class:`Args`) into ``out``'s columns."""
    first = out.events
    out.events += len(events)
    phases = Labels.strings([e.ph for e in events], lambda v: "")
    kind_of = np.array([_PHASE_KIND.get(p, -1) for p in phases.labels], dtype=np.int8)
    kind = kind_of[phases.codes] if len(events) else np.zeros(0, dtype=np.int8)
    for i in np.flatnonzero(kind == -1).tolist():
        ph = events[i].ph
        out.skips["event without a 'ph'" if ph is None else f"unsupported phase {ph!r}"] += 1
    for i in np.flatnonzero(kind == 1).tolist():
        _metadata(out, events[i], args[i])
    timed = np.flatnonzero((kind != 1) & (kind != -1))
    raw = _RawText(piece, events)
    ts, usable = _timestamps(raw, events, timed)
    for i in timed[~usable[timed]].tolist():
        out.skips["no usable 'ts'" if events[i].ts is None else "'ts' is not a number"] += 1
    location = _Location(out, piece, raw)
    complete = np.flatnonzero((kind == 0) & usable)
    if len(complete):
        rows = complete.tolist()
        dur, ok, _ = ns_array([events[i].dur for i in rows])
        keep = ok & (dur >= 0)
        if not keep.all():
            for reason, count in (("complete event without a numeric 'dur'", (~ok).sum()), ("negative duration", (ok & (dur < 0)).sum())):
                if count:
                    out.skips[reason] += int(count)
        complete = complete[keep]
        rows = complete.tolist()
        add_complete(out, [events[i] for i in rows], [args[i] for i in rows], ts[complete], dur[keep], first + complete,
                     location, complete)
    for i in np.flatnonzero(((kind == 5) | (kind == 6)) & usable).tolist():
        pairs.add(out, events[i], args[i], int(ts[i]), first + i, kind[i] == 6, location, i)
    flows = np.flatnonzero((kind == 2) & usable)
    if len(flows):
        e = [events[i] for i in flows.tolist()]
        out.flows.append({"flow_id": int_array([v.id for v in e]), "cat": Labels.strings([v.cat for v in e], lambda c: "").column(),
                          "phase": phases.rows(flows).column(), "pid": int_array([v.pid for v in e]),
                          "tid": int_array([v.tid for v in e]), "ts_ns": ts[flows]})
    instants = np.flatnonzero((kind == 3) & usable)
    if len(instants):
        e = [events[i] for i in instants.tolist()]
        out.instants.append({"name": Labels.strings([v.name for v in e], lambda n: "").column(),
                             "pid": int_array([v.pid for v in e]), "tid": int_array([v.tid for v in e]), "ts_ns": ts[instants]})
        memory = [k for k, v in enumerate(e) if v.name == schema.MEMORY_EVENT]
        if memory:
            at = instants[memory]
            _add_memory(out, [e[k] for k in memory], [args[i] for i in at.tolist()], ts[at])
    for i in np.flatnonzero((kind == 4) & usable).tolist():
        _counter(out, events[i], events[i].args, int(ts[i]))


class _RawText:
    """A piece's events' ``ts`` texts (decoded once, when first needed) and ``args`` texts (the events hold them)."""

    def __init__(self, piece: Piece, events: list[Event]) -> None:
        self.data, self.events = piece.data, events
        self._ts: list | None = None
        self._args: list | None = None

    def ts(self) -> list:
        if self._ts is None:
            self._ts = [e.ts for e in RAW_TS.decode(self.data)]
        return self._ts

    def args(self) -> list:
        if self._args is None:  # listed once: a piece of B/E pairs asks once per pair
            self._args = [e.args for e in self.events]
        return self._args


def _timestamps(raw: _RawText, events: list[Event], timed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(ts ns, usable) per event of the piece (rows ``timed`` read; epoch-µs floats exactly from the text)."""
    ts = np.zeros(len(events), dtype=np.int64)
    usable = np.zeros(len(events), dtype=bool)
    rows = timed.tolist()
    ts[timed], usable[timed], lossy = ns_array([events[i].ts for i in rows])
    if lossy:  # float µs since the epoch: read every stamp from its text, to the ns
        texts = raw.ts()
        ts[timed], usable[timed] = exact_ns_array([bytes(texts[i]) if texts[i] is not None else None for i in rows])
    return ts, usable


class _Location:
    """Where one piece's slices' args can be read again: a backing added to ``out.args`` when first needed."""

    def __init__(self, out: Columns, piece: Piece, raw: _RawText) -> None:
        self.out, self.at = out, -1
        self.range = (piece.file, piece.start, piece.end) if piece.file is not None and piece.start is not None else None
        self.raw = raw  # a held copy is made from the text
        self.wanted: list[np.ndarray] = []

    def want(self, indices: np.ndarray) -> int:
        """The backing's position in ``out.args``, which holds the args of events ``indices`` of the piece."""
        if self.at < 0:
            self.at = len(self.out.args)
            self.out.args.append(FileRange(*self.range) if self.range is not None else None)  # type: ignore[arg-type]
        if self.range is None:
            self.wanted.append(np.asarray(indices, dtype=np.int64))
            wanted = np.concatenate(self.wanted) if len(self.wanted) > 1 else self.wanted[0]
            if len(wanted) > 1 and not (wanted[1:] > wanted[:-1]).all():  # a piece's X events come ascending, once
                wanted = np.unique(wanted)
            # msgspec's Raw texts, copied once into the held blob (never each into bytes of its own)
            self.out.args[self.at] = Held.of(self.raw.args(), wanted)
        return self.at


def add_complete(out: Columns, evs: list[Event], evs_args: list[Args | None], ts: np.ndarray, dur: np.ndarray,
                 order: np.ndarray, location: _Location, index: np.ndarray) -> None:
    """Duration events (and their :class:`Args`) -> host slices, GPU activities, GPU annotations (by category);
    ``order``: each event's position in the file (slices keep that order); ``index``: its index in its piece."""
    aliases = schema.CATEGORY_ALIASES
    cats = Labels.strings([e.cat for e in evs], lambda c: "").mapped(lambda c: aliases.get(c, c))
    names = Labels.strings([e.name for e in evs], lambda n: str(n) if n is not None else "")
    cls_of = np.array([3 if c == "Trace" else 1 if c in schema.GPU_KINDS else 2 if c == "gpu_user_annotation" else 0
                       for c in cats.labels], dtype=np.int8)
    cls = cls_of[cats.codes] if len(evs) else np.zeros(0, dtype=np.int8)
    blank = Args()
    host = np.flatnonzero(cls == 0)
    if len(host):
        r = host.tolist()
        pids = [evs[i].pid for i in r]
        pid = int_array(pids)
        bad = pid.isna()
        if bad.any():  # a pid that is there but no number (a missing one stays a slice of pid <NA>)
            bad &= np.fromiter((p is not None for p in pids), dtype=bool, count=len(pids))
        if bad.any():
            out.skips["host event whose 'pid' is not a number"] += int(bad.sum())
        host, r = host[~bad], host[~bad].tolist()
        a = [evs_args[i] for i in r]
        used = cats.rows(host)
        out.unknown_categories |= {c or "<none>" for c in {used.labels[k] for k in np.unique(used.codes).tolist()} if c not in _KNOWN_HOST}
        out.host.append({
            "cat": used.column(), "name": names.rows(host).column(), "pid": pid[~bad],
            "tid": int_array([evs[i].tid for i in r]), "start_ns": ts[host], "dur_ns": dur[host],
            "external_id": _external_ids(a), "correlation": int_array([x.correlation if x is not None else None for x in a]),
            "python_id": _python_ids(a, "python_id"),
            "python_parent_id": _python_ids(a, "python_parent_id"),
            "order": order[host], "args_piece": np.full(len(host), location.want(index[host]) if len(host) else -1, dtype=np.int32),
            "args_index": index[host].astype(np.int32),
        })
    gpu = np.flatnonzero(cls == 1)
    if len(gpu):
        r = gpu.tolist()
        e = [evs[i] for i in r]
        a = [x if (x := evs_args[i]) is not None else blank for i in r]
        grid, block = xyz([x.grid for x in a]), xyz([x.block for x in a])
        out.gpu.append({
            "kind": cats.rows(gpu).mapped(lambda c: schema.GPU_KINDS.get(c, "")).column(), "name": names.rows(gpu).column(),
            "device": int_array([x.device if x.device is not None else v.pid for x, v in zip(a, e)]),
            "stream": int_array([x.stream if x.stream is not None else v.tid for x, v in zip(a, e)]),
            "start_ns": ts[gpu], "dur_ns": dur[gpu], "correlation": int_array([x.correlation for x in a]),
            "external_id": _external_ids(a), "grid_x": grid[0], "grid_y": grid[1], "grid_z": grid[2],
            "block_x": block[0], "block_y": block[1], "block_z": block[2],
            "registers": int_array([x.registers for x in a]), "shared_mem": int_array([x.shared_mem for x in a]),
            "bytes": int_array([x.bytes for x in a]), "order": order[gpu],
        })
        comm = [k for k, x in enumerate(a) if x.collective is not None or x.in_nelems is not None or x.out_nelems is not None]
        if comm:
            c = [a[k] for k in comm]
            out.gpu_comm.append({
                "order": order[gpu][comm], "collective": [_text(x.collective) for x in c], "dtype": [_text(x.dtype) for x in c],
                "in_nelems": int_array([x.in_nelems for x in c]), "out_nelems": int_array([x.out_nelems for x in c]),
                "group_size": int_array([x.group_size for x in c]), "group": [_text(x.group) for x in c],
            })
    annotations = np.flatnonzero(cls == 2)
    if len(annotations):
        r = annotations.tolist()
        e = [evs[i] for i in r]
        a = [x if (x := evs_args[i]) is not None else blank for i in r]
        out.annotations.append({
            "name": names.rows(annotations).column(),
            "device": int_array([x.device if x.device is not None else v.pid for x, v in zip(a, e)]),
            "stream": int_array([x.stream if x.stream is not None else v.tid for x, v in zip(a, e)]),
            "start_ns": ts[annotations], "dur_ns": dur[annotations], "external_id": _external_ids(a), "order": order[annotations],
        })


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _add_memory(out: Columns, events: list[Event], events_args: list[Args | None], ts: np.ndarray) -> None:
    """``[memory]`` instants -> MEMORY columns (the allocator's sizes and totals from their args)."""
    blank = Args()
    args = [a if a is not None else blank for a in events_args]
    columns = {"pid": int_array([e.pid for e in events]), "tid": int_array([e.tid for e in events]), "ts_ns": ts}
    for column, name in MEMORY_ARGS.items():
        columns[column] = int_array([getattr(a, name) for a in args])
    out.memory.append(columns)


def _python_ids(args: list[Args | None], field: str) -> pd.arrays.IntegerArray:
    """The tracer's ``Python id`` / ``Python parent id`` of each event (<NA> where none): read in one
    pass into int64 (every event of a with_stack trace has them; most are Python frames)."""
    get = operator.attrgetter(field)
    try:
        values = np.fromiter((-1 if x is None or (v := get(x)) is None else v for x in args), dtype=np.int64, count=len(args))
    except (TypeError, ValueError, OverflowError):  # not plain ints: read one by one
        return int_array([None if x is None else get(x) for x in args])
    mask = values < 0  # the tracer numbers from 0 up
    return pd.arrays.IntegerArray(np.where(mask, 0, values), mask)


def _external_ids(args: list[Args | None]) -> Any:
    return int_array([None if a is None else a.external_id if a.external_id is not None else a.external_id_old for a in args])


def _metadata(out: Columns, ev: Event, args: Args | None) -> None:
    """``process_name`` / ``thread_name`` (other metadata events carry nothing the tables use)."""
    if ev.name not in ("process_name", "thread_name") or args is None:
        return
    label, pid, tid = args.name, as_int(ev.pid), as_int(ev.tid)
    if not isinstance(label, str) or pid is None:
        return
    if ev.name == "process_name":
        out.process_names[pid] = label
    elif tid is not None:
        out.thread_names[(pid, tid)] = label


def _counter(out: Columns, ev: Event, raw: msgspec.Raw | None, ts_ns: int) -> None:
    """One ``C`` event: a row per numeric series of its args."""
    try:
        values = msgspec.json.decode(raw) if raw is not None else {}
    except (msgspec.MsgspecError, UnicodeDecodeError):
        return
    if not isinstance(values, dict):
        return
    c = out.counters
    for series, value in values.items():
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            c["name"].append(ev.name if isinstance(ev.name, str) else "")
            c["series"].append(str(series))
            c["pid"].append(as_int(ev.pid))
            c["ts_ns"].append(ts_ns)
            c["value"].append(float(value))


class _BeginEnd:
    """``B``/``E`` events paired per (pid, tid): an ``E`` closes the latest open ``B`` of its thread;
    the pair is a duration event placed where the ``E`` was."""

    def __init__(self) -> None:
        self.open: defaultdict[tuple[str, str], list[tuple[Event, Args | None, int, _Location, int]]] = defaultdict(list)
        # begin, its args, start, dur, order, location, index
        self.done: list[tuple[Event, Args | None, int, int, int, _Location, int]] = []
        self.seen = False  # any B or E (a worker's piece with one is read again by the parent: pairs cross pieces)

    def add(self, out: Columns, ev: Event, args: Args | None, ts_ns: int, order: int, end: bool, location: _Location,
            index: int) -> None:
        self.seen = True
        key = (repr(ev.pid), repr(ev.tid))
        if not end:
            self.open[key].append((ev, args, ts_ns, location, index))
            return
        stack = self.open.get(key)
        if not stack:
            out.skips["'E' event without a matching 'B'"] += 1
            return
        begin, args, start, where, at = stack.pop()
        self.done.append((begin, args, start, max(ts_ns - start, 0), order, where, at))

    def finish(self, out: Columns) -> None:
        unclosed = sum(len(v) for v in self.open.values())
        if unclosed:
            out.skips["'B' event never closed by an 'E'"] += unclosed
        # one call per piece the pairs began in: each call makes its piece's held args copy again with every event
        # asked so far, so a call per pair took time quadratic in the pairs (8,000 pairs of one piece: 3.7 s)
        by_piece: dict[int, list[tuple[Event, Args | None, int, int, int, _Location, int]]] = {}
        for pair in self.done:
            by_piece.setdefault(id(pair[5]), []).append(pair)
        for pairs in by_piece.values():
            begins, args, starts, durs, orders, where, ats = zip(*pairs)
            add_complete(out, list(begins), list(args), np.array(starts, dtype=np.int64), np.array(durs, dtype=np.int64),
                         np.array(orders, dtype=np.int64), where[0], np.array(ats, dtype=np.int64))

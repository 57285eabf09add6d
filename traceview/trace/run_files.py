"""A trace and what a capture wrote beside it: ``meta.json`` (Dynamo's counters) and PyTorch's structured trace.

``traceview profile`` and ``traceview run`` write a *run directory*::

    DIR/train.pt.trace.json.gz          the Kineto trace (or one per variant / per rank)
    DIR/train.torch_trace.log.gz        PyTorch's structured trace (TORCH_TRACE), when anything compiled
    DIR/train.autotune.json             Inductor's autotuning decisions (:mod:`traceview.trace.autotune_log`)
    DIR/meta.json                       {"dynamo": {"counters": ..., "compile_times_s": ...}, "torch_trace": ...,
                                        "autotune": ...} (``run``: per variant, under "variants")

``run_files(path)`` takes a trace file or a run directory and finds the rest: the structured trace
named in meta.json, else ``<trace stem>.torch_trace.log[.gz]``, else the only ``*.torch_trace.log*``
of a folder that holds one trace. A plain trace with nothing beside it gets empty companions.
The autotuning record is the one meta.json names, else ``<trace stem>.autotune.json``.
``dynamo_record(files)`` reads them (:class:`DynamoRecord`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from traceview.errors import TraceFormatError
from traceview.trace.autotune_log import AutotuneLog, read_autotune_log
from traceview.trace.host import HostRecord
from traceview.trace.loading import trace_files
from traceview.trace.torch_log import TorchLog, read_torch_log
from traceview.trace.step_times import timed_after_window, unprofiled_median

LOG_GLOBS = ("*.torch_trace.log.gz", "*.torch_trace.log")


@dataclass(frozen=True)
class RunFiles:
    """``trace``: what :func:`traceview.trace.load` reads (a file or a per-rank folder); ``meta``:
    meta.json when there is one; ``dynamo``: its Dynamo counters and compile times for this trace;
    ``torch_logs``: the structured traces that belong to it (one per rank at most)."""

    trace: Path
    meta: dict[str, Any] | None = None
    dynamo: dict[str, Any] | None = None
    torch_logs: tuple[Path, ...] = ()
    autotune: Path | None = None  # Inductor's autotuning decisions (the first rank's, for several)


@dataclass(frozen=True)
class DynamoRecord:
    """What Dynamo recorded during the run: the structured traces read, and meta.json's counters."""

    logs: list[TorchLog] = field(default_factory=list)
    counters: dict[str, dict[str, int]] = field(default_factory=dict)
    compile_times_s: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    autotune: AutotuneLog | None = None  # Inductor's autotuning decisions (None: none recorded beside the trace)
    run_steps: int | None = None  # steps the whole run took (meta.json of `profile --steps`), to spread one-off costs over
    host: HostRecord | None = None  # meta.json's host: usable cores, torch threads, other processes' load
    unprofiled_step_ms: float | None = None  # median step with the profiler off (meta.json of `profile --steps`)
    harness_syncs: bool = False  # a `traceview run` trace: each step ends in the runner's own synchronize
    unprofiled_loader_ms: float | None = None  # median time per step in DataLoader.__next__, the profiler off (meta.json)
    unprofiled_after_window: bool = False  # those steps ran after the profiled window (none before it): slower ones
    torch_flags: dict[str, Any] | None = None  # meta.json's torch_flags: TF32, cuDNN benchmark as the script left them

    @property
    def empty(self) -> bool:
        return not self.logs and not self.counters and not self.compile_times_s


def run_files(path: str | Path, torch_trace: str | Path | None = None) -> RunFiles:
    """The trace at ``path`` with its meta.json and structured trace(s); ``torch_trace`` names one explicitly."""
    path = Path(path)
    if not path.exists():
        raise TraceFormatError(f"{path}: no such file or directory")
    folder = path if path.is_dir() else path.parent
    traces = trace_files(path) if path.is_dir() else [path]
    meta = _read_meta(folder / "meta.json")
    dynamo = _dynamo_of(meta, traces)
    if torch_trace is not None:
        explicit = Path(torch_trace)
        if not explicit.is_file():
            raise TraceFormatError(f"{explicit}: no such structured trace file")
        return RunFiles(path, meta, dynamo, (explicit,), _autotune_beside(folder, traces, meta))
    return RunFiles(path, meta, dynamo, _logs_beside(folder, traces, meta), _autotune_beside(folder, traces, meta))


def variant_traces(path: str | Path) -> dict[str, Path]:
    """The traces of a ``traceview run`` directory by variant, in the run's order; empty for anything else
    (a trace file, a ``profile`` folder, a folder of ranks). Variants are separate programs, not ranks of one
    job: each is analyzed on its own."""
    path = Path(path)
    if not path.is_dir():
        return {}
    meta = _read_meta(path / "meta.json")
    if not isinstance(meta, dict) or meta.get("kind") != "run" or not isinstance(meta.get("variants"), dict):
        return {}
    out = {}
    for name, variant in meta["variants"].items():
        trace = variant.get("trace") if isinstance(variant, dict) else None
        if isinstance(trace, str) and (path / trace).is_file():
            out[str(name)] = path / trace
    return out


def dynamo_record(files: RunFiles) -> DynamoRecord:
    """Read the structured traces of ``files`` (a bad one is a note, not an error) and its counters."""
    logs, notes = [], []
    for rank, log_path in enumerate(files.torch_logs):
        try:
            logs.append(read_torch_log(log_path, rank=rank))
        except TraceFormatError as exc:
            notes.append(f"structured trace skipped: {exc}")
    dynamo = files.dynamo or {}
    counters = dynamo.get("counters") if isinstance(dynamo.get("counters"), dict) else {}
    times = dynamo.get("compile_times_s") if isinstance(dynamo.get("compile_times_s"), dict) else {}
    for log in logs:
        notes += log.notes
    autotune = None
    if files.autotune is not None:
        try:
            autotune = read_autotune_log(files.autotune)
        except TraceFormatError as exc:
            notes.append(f"autotuning record skipped: {exc}")
    return DynamoRecord(logs, counters, times, notes, autotune, _run_steps(files.meta), _host(files.meta),
                        _unprofiled_step_ms(files.meta, files.trace), isinstance(files.meta, dict) and files.meta.get("kind") == "run",
                        _timing(files.meta, "unprofiled_loader_median_ms"),
                        isinstance(files.meta, dict) and timed_after_window(files.meta.get("steps")),
                        _flags(files.meta))


def _flags(meta: dict[str, Any] | None) -> dict[str, Any] | None:
    flags = meta.get("torch_flags") if isinstance(meta, dict) else None
    return flags if isinstance(flags, dict) else None


def _run_steps(meta: dict[str, Any] | None) -> int | None:
    """How many steps the run counted (``profile --steps`` records it), else None."""
    steps = meta.get("steps") if isinstance(meta, dict) else None
    counted = steps.get("counted") if isinstance(steps, dict) else None
    return counted if isinstance(counted, int) and counted > 0 else None


def _host(meta: dict[str, Any] | None) -> HostRecord | None:
    return HostRecord.of(meta.get("host")) if isinstance(meta, dict) else None


def _unprofiled_step_ms(meta: dict[str, Any] | None, path: Path | None = None) -> float | None:
    """The median step timed with the profiler off: ``profile --steps`` records it; ``run`` times each variant's
    calls (one call is one profiled step there) with the profiler off. None when neither says."""
    if isinstance(meta, dict) and isinstance(meta.get("variants"), dict) and path is not None and not Path(path).is_dir():
        for variant in meta["variants"].values():
            if isinstance(variant, dict) and variant.get("trace") == Path(path).name:
                value = variant.get("median_ms")
                return float(value) if isinstance(value, (int, float)) and value > 0 else None
    return _timing(meta, "unprofiled_median_ms")


#: meta.json's recorded medians and the per-step times they are taken from.
_PER_STEP = {"unprofiled_median_ms": "step_ms", "unprofiled_loader_median_ms": "loader_ms"}


def _timing(meta: dict[str, Any] | None, key: str) -> float | None:
    """A positive figure of meta.json's ``steps.timing`` (``profile --steps``), else None. A median over the
    unprofiled steps is taken again from the per-step times by the current rule (:mod:`.step_times`), so a run
    captured under an older one is timed like a new one."""
    steps = meta.get("steps") if isinstance(meta, dict) else None
    timing = steps.get("timing") if isinstance(steps, dict) else None
    value = unprofiled_median(steps, _PER_STEP[key]) if key in _PER_STEP and isinstance(steps, dict) else None
    if value is None:
        value = timing.get(key) if isinstance(timing, dict) else None
    return float(value) if isinstance(value, (int, float)) and value > 0 else None


def _read_meta(path: Path) -> dict[str, Any] | None:
    if not path.is_file():
        return None
    try:
        value = json.loads(path.read_text(encoding="utf-8", errors="replace"))
    except (OSError, ValueError):
        return None
    return value if isinstance(value, dict) else None


def _dynamo_of(meta: dict[str, Any] | None, traces: list[Path]) -> dict[str, Any] | None:
    """meta.json's Dynamo block for these traces: a profile's own, or the variant whose trace it is."""
    if meta is None:
        return None
    if isinstance(meta.get("dynamo"), dict):
        return meta["dynamo"]
    names = {t.name for t in traces}
    for variant in (meta.get("variants") or {}).values():
        if isinstance(variant, dict) and variant.get("trace") in names and isinstance(variant.get("dynamo"), dict):
            return variant["dynamo"] if len(names) == 1 else None
    return None


def _logs_beside(folder: Path, traces: list[Path], meta: dict[str, Any] | None) -> tuple[Path, ...]:
    """meta.json's word when it has one (``torch_trace``: a name, or null for none); else by file name."""
    recorded = _named_in_meta(meta, traces)
    if recorded is not None:
        return tuple(folder / name for name in recorded if (folder / name).is_file())
    stems = [t.name.split(".")[0] for t in traces]
    found = [p for stem in stems for g in LOG_GLOBS for p in [folder / g.replace("*", stem, 1)] if p.is_file()]
    if found:
        return tuple(dict.fromkeys(found))
    every = sorted({p for g in LOG_GLOBS for p in folder.glob(g)})
    return tuple(every) if len(every) == 1 and len(traces) == 1 else ()


def _named_in_meta(meta: dict[str, Any] | None, traces: list[Path]) -> list[str] | None:
    """The structured traces meta.json names for these traces (None: meta.json does not say)."""
    if meta is None:
        return None
    if "torch_trace" in meta and len(traces) == 1:  # a profile's meta.json
        return [meta["torch_trace"]] if isinstance(meta["torch_trace"], str) else []
    by_trace = {v.get("trace"): v for v in (meta.get("variants") or {}).values() if isinstance(v, dict) and "torch_trace" in v}
    variants = [by_trace[t.name] for t in traces if t.name in by_trace]  # in the traces' (and ranks') order
    if not variants:
        return None
    return [v["torch_trace"] for v in variants if isinstance(v["torch_trace"], str)]


def _autotune_beside(folder: Path, traces: list[Path], meta: dict[str, Any] | None) -> Path | None:
    """The autotuning record meta.json names for the (first) trace, else ``<trace stem>.autotune.json``."""
    if not traces:
        return None
    named = None
    if meta is not None and "autotune" in meta:  # a profile's meta.json
        named = meta["autotune"]
    for variant in (meta or {}).get("variants", {}).values() if isinstance((meta or {}).get("variants"), dict) else ():
        if isinstance(variant, dict) and variant.get("trace") == traces[0].name:
            named = variant.get("autotune")
    if isinstance(named, str) and (folder / named).is_file():
        return folder / named
    guess = folder / f"{traces[0].name.split('.')[0]}.autotune.json"
    return guess if guess.is_file() else None

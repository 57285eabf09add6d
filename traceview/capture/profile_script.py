"""``profile_script``: run a user's script as ``__main__`` under ``torch.profiler``, like ``nsys profile``.

The script gets its own ``sys.argv`` (``[script, *args]``), its folder first on ``sys.path``, and
``__name__ == "__main__"``. Whatever it does (returns, raises, calls ``sys.exit(n)``, or is
interrupted by SIGINT), the profiler is stopped and the trace of what ran is written; its exit code
comes back in :class:`ProfileResult` (0, n, 1 for an exception, 130 for SIGINT, as ``python``
would give). Inductor's generated code and the Dynamo counters are captured as for ``run``::

    DIR/<script stem>.pt.trace.json.gz
    DIR/code/          Inductor's wrapper modules (see :mod:`.inductor_code`)
    DIR/meta.json      versions, device, argv, exit code, error, Dynamo counters and compile times

A multi-process run writes one trace per rank (:mod:`.ranks`): under torchrun, or when this process
initialises ``torch.distributed`` itself, its files are ``<stem>.rank<N>.pt.trace.json.gz`` and
``meta.rank<N>.json``; the processes the script starts (``torch.multiprocessing.spawn``) profile
themselves as ranks the same way, and :attr:`ProfileResult.rank_traces` lists what they wrote.

``include_compile=False`` (``--steady``) runs the script once without the profiler first, then
again under it; both runs execute the same code objects, so Dynamo's cache is warm on the second
and its compiled functions do not compile again. The script must be safe to run twice.
"""

from __future__ import annotations

import dataclasses
import json
import signal
import sys
import time
import traceback
import types
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import torch

from traceview.errors import CaptureError

from . import inductor_code
from . import ranks as rank_files
from .profiling import (DynamoDelta, activities, cpp_kernel_profile, device_info, export_trace, peak_memory,
                        reset_peak_memory, resolve_device, versions, writable_dir)

SIGINT_EXIT = 128 + signal.SIGINT  # what a shell reports for a program ended by Ctrl-C


@dataclass(frozen=True)
class ScriptOutcome:
    """How one execution of the script ended."""

    exit_code: int
    error: str | None  # one line ("ValueError: bad input", "interrupted (SIGINT)"); None on exit code 0
    traceback: str | None


@dataclass(frozen=True)
class ProfileResult:
    """A ``traceview profile`` of one script."""

    script: Path
    argv: list[str]
    exit_code: int  # the script's, to pass through
    error: str | None
    traceback: str | None
    trace: Path | None  # None only when the warm-up run of --steady failed
    code_dir: Path | None
    meta_path: Path
    rank: int | None = None  # this process's rank ($RANK, or its process group's); None: no rank
    rank_traces: tuple[Path, ...] = ()  # traces of the ranks the script started, by rank


def _check_inputs(script: Path, out_dir: Path) -> types.CodeType:
    if not script.is_file():
        raise CaptureError(f"script not found: {script}")
    try:
        source = script.read_bytes()
    except OSError as exc:
        raise CaptureError(f"cannot read script {script}: {exc.strerror}") from None
    try:
        code = compile(source, str(script), "exec", dont_inherit=True)
    except SyntaxError as exc:
        raise CaptureError(f"{script}:{exc.lineno}: syntax error: {exc.msg}") from None
    writable_dir(out_dir)
    return code


@contextmanager
def _as_main(script: Path, args: list[str]):
    """Make a fresh ``__main__`` module for the script, with its argv and sys.path; restore after."""
    saved_argv, saved_path, saved_main = sys.argv[:], sys.path[:], sys.modules.get("__main__")
    module = types.ModuleType("__main__")
    module.__dict__.update({"__file__": str(script), "__builtins__": __builtins__, "__spec__": None})
    sys.argv = [str(script), *args]
    sys.path.insert(0, str(script.resolve().parent))
    sys.modules["__main__"] = module
    try:
        yield module.__dict__
    finally:
        sys.argv, sys.path[:] = saved_argv, saved_path
        if saved_main is not None:
            sys.modules["__main__"] = saved_main


def _exit_code(code: object) -> tuple[int, str | None]:
    """``sys.exit(code)`` as the interpreter would report it."""
    if code is None:
        return 0, None
    if isinstance(code, int):
        return code, (f"exited with code {code}" if code else None)
    return 1, f"exited: {code}"


def execute(code: types.CodeType, globals_: dict) -> ScriptOutcome:
    """Run the compiled script once in ``globals_``; never raises for what the script does.

    A second run must reuse the same ``globals_``: Dynamo stores each compiled graph there
    (``__compiled_fn_*``) and the cached bytecode looks it up by name.
    """
    try:
        exec(code, globals_)
    except SystemExit as exc:
        status, message = _exit_code(exc.code)
        return ScriptOutcome(status, message, None)
    except KeyboardInterrupt:
        return ScriptOutcome(SIGINT_EXIT, "interrupted (SIGINT)", traceback.format_exc())
    except BaseException as exc:  # noqa: BLE001 - the script's error is reported, not ours
        line = traceback.format_exception_only(type(exc), exc)[-1].strip()
        return ScriptOutcome(1, line, traceback.format_exc())
    return ScriptOutcome(0, None, None)


@contextmanager
def _sigint_ignored():
    """Keep a second Ctrl-C from cutting the trace export short (main thread only)."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def profile_script(script: Path | str, args: list[str] | None = None, out_dir: Path | str = "traceview-profile",
                   with_stack: bool = False, include_compile: bool = True, memory: bool = False) -> ProfileResult:
    """Profile ``script`` with ``args``; write the trace, generated code and ``meta.json`` to ``out_dir``.

    ``memory``: record the allocator's events (``profile_memory=True``) and the window's peak memory.

    Raises :class:`CaptureError` before anything runs if the script is missing or not valid Python,
    or if ``out_dir`` cannot be written. The script's own failures are reported in the result.
    """
    script, out, args = Path(script), Path(out_dir), list(args or [])
    code = _check_inputs(script, out)
    device = resolve_device(None)
    dynamo = DynamoDelta()  # counters and compile times cover the warm-up run too
    rank = rank_files.rank_from_env()
    spawned = rank_files.RankCapture(str(out.resolve()), script.stem, with_stack, uuid.uuid4().hex, str(script),
                                     (str(script), *args))
    with _as_main(script, args) as globals_, inductor_code.recording() as recorder, cpp_kernel_profile():
        if not include_compile:
            warmup = execute(code, globals_)
            if warmup.exit_code != 0:
                return _finish(script, args, out, warmup, None, None, {}, device, include_compile, with_stack, rank)
        outcome, wall_s, trace, rank = _profiled_execution(code, globals_, device, spawned, rank, memory)
    code_dir = out / rank_files.code_dir_name(rank)
    wrappers = recorder.write(code_dir)
    extra = {"wall_s": round(wall_s, 6), "dynamo": dynamo.result(), "profile_memory": memory}
    if memory:
        extra["memory"] = peak_memory(device)
    ranks = tuple(rank_files.rank_traces(out, spawned.run_id))
    if ranks:
        extra |= {"run_id": spawned.run_id, "rank_traces": [p.name for p in ranks]}
    result = _finish(script, args, out, outcome, trace, code_dir if wrappers else None, extra, device,
                     include_compile, with_stack, rank)
    return dataclasses.replace(result, rank_traces=ranks)


def _profiled_execution(code, globals_, device, spawned: rank_files.RankCapture, rank: int | None,
                        memory: bool = False) -> tuple[ScriptOutcome, float, Path, int | None]:
    """One execution under the profiler; the trace is written whatever the script does, named after
    this process's rank (``$RANK``, else its process group's if the script initialises one). The
    processes the script starts profile themselves as ranks (``spawned``)."""
    from torch.profiler import profile

    prof = profile(activities=activities(device), record_shapes=True, with_stack=spawned.with_stack, profile_memory=memory)
    if memory:
        reset_peak_memory(device)
    distributed = rank_files.DistributedState()
    started = time.perf_counter()
    prof.start()
    try:
        with rank_files.distributed_info_recorded(prof, distributed), rank_files.spawned_ranks_profiled(spawned):
            outcome = execute(code, globals_)
        _synchronize_quietly(device)
    finally:
        wall_s = time.perf_counter() - started
        rank = rank if rank is not None else distributed.rank
        trace = Path(spawned.out_dir) / rank_files.trace_name(spawned.stem, rank)
        with _sigint_ignored():
            prof.stop()
            export_trace(prof, trace)
    return outcome, wall_s, trace, rank


def _synchronize_quietly(device) -> None:
    if device.type == "cuda":
        try:
            torch.cuda.synchronize()
        except RuntimeError:  # a failed kernel: the script's error already says so
            pass


def _finish(script, args, out, outcome: ScriptOutcome, trace, code_dir, extra, device, include_compile,
            with_stack, rank: int | None) -> ProfileResult:
    meta = {
        "schema_version": 1,
        "kind": "profile",
        "script": str(script),
        "argv": [str(script), *args],
        "exit_code": outcome.exit_code,
        "error": outcome.error,
        "trace": trace.name if trace else None,
        "code_dir": code_dir.name if code_dir else None,
        "include_compile": include_compile,
        "with_stack": with_stack,
        "rank": rank,
        "device": device_info(device),
        "versions": versions(),
        "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        **extra,
    }
    meta_path = out / rank_files.meta_name(rank)
    meta_path.write_text(json.dumps(meta, indent=1, default=str) + "\n")
    return ProfileResult(script, [str(script), *args], outcome.exit_code, outcome.error, outcome.traceback, trace,
                         code_dir, meta_path, rank)

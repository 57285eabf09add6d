"""``profile_script``: run a user's script as ``__main__`` under ``torch.profiler``, like ``nsys profile``.

The script gets its own ``sys.argv`` (``[script, *args]``), its folder first on ``sys.path``, and
``__name__ == "__main__"``. Whatever it does (returns, raises, calls ``sys.exit(n)``, or is
interrupted by SIGINT), the profiler is stopped and the trace of what ran is written; its exit code
comes back in :class:`ProfileResult` (0, n, 1 for an exception, 130 for SIGINT, as ``python``
would give); an exception's traceback is printed to stderr as ``python`` prints it, before the trace
is written. Inductor's generated code and the Dynamo counters are captured as for ``run``::

    DIR/<script stem>.pt.trace.json.gz
    DIR/<script stem>.torch_trace.log.gz   PyTorch's structured trace of the whole run (graph breaks,
                                           recompiles, compile times; see :mod:`.torch_log`)
    DIR/code/          Inductor's wrapper modules (see :mod:`.inductor_code`)
    DIR/<script stem>.autotune.json        Inductor's autotuning decisions (see :mod:`.autotune`)
    DIR/meta.json      versions, device, argv, exit code, error, Dynamo counters and compile times,
                       the steps counted and profiled

``module="pkg.mod"`` runs a module as ``python -m`` would (:mod:`.target`). ``steps="10:15"``
profiles only those steps, counted on the optimizer's ``step()`` or a ``record_function`` name
(:mod:`.steps`); the rest of the run executes without the profiler recording.

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
import os
import signal
import sys
import time
import traceback
import types
import uuid
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path

import torch

from traceview.errors import CaptureError
from traceview.trace.step_times import FIRST_TIMED_STEP

from . import autotune, host_load, inductor_code
from . import ranks as rank_files
from .profiling import (DynamoDelta, activities, cpp_kernel_profile, device_info, export_trace, peak_memory,
                        reset_peak_memory, resolve_device, versions, writable_dir)
from .steps import StepCounter, StepRange, StepsDone, counting_steps
from .target import Target, module_target, script_target
from .progress import stage
from .quiet_stderr import kineto_lines_dropped
from .torch_log import SUFFIX as TORCH_LOG_SUFFIX
from .torch_log import structured_trace

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
    trace: Path | None  # None when the warm-up run of --steady failed, or the script ended before --steps began
    code_dir: Path | None
    meta_path: Path
    rank: int | None = None  # this process's rank ($RANK, or its process group's); None: no rank
    rank_traces: tuple[Path, ...] = ()  # traces of the ranks the script started, by rank
    torch_trace: Path | None = None  # PyTorch's structured trace; None when nothing was compiled or it was off
    module: str | None = None  # the -m module name
    steps: dict | None = None  # with --steps: how steps were counted, how many, which were profiled
    host_note: str | None = None  # one line when torch's threads do not fit the cores others left free (host_load)


def _check_inputs(script: Path | None, module: str | None, out_dir: Path) -> Target:
    target = module_target(module) if module else script_target(script)  # type: ignore[arg-type]
    writable_dir(out_dir)
    return target


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
    except StepsDone:  # stop_after: the steps asked for are made
        return ScriptOutcome(0, None, None)
    except SystemExit as exc:
        status, message = _exit_code(exc.code)
        return ScriptOutcome(status, message, None)
    except KeyboardInterrupt:  # Ctrl-C: the user knows where they stopped it; torch's frames would be 30 lines of noise
        return ScriptOutcome(SIGINT_EXIT, "interrupted (Ctrl-C)", None)
    except BaseException as exc:  # noqa: BLE001 - the script's error is reported, not ours
        line = traceback.format_exception_only(type(exc), exc)[-1].strip()
        return ScriptOutcome(1, line, _print_traceback(exc))
    return ScriptOutcome(0, None, None)


def _print_traceback(exc: BaseException) -> str:
    """Print the script's traceback to stderr as ``python script.py`` would (its own frames, file and
    line; not the ``exec`` here), before the trace is written; return it."""
    tb = exc.__traceback__.tb_next if exc.__traceback__ is not None else None  # skip execute()'s own frame
    text = "".join(traceback.format_exception(type(exc), exc, tb))
    sys.stderr.write(text)
    sys.stderr.flush()
    return text


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


def profile_script(script: Path | str | None, args: list[str] | None = None, out_dir: Path | str = "traceview-profile",
                   with_stack: bool = False, include_compile: bool = True, *, module: str | None = None,
                   steps: str | StepRange | None = None, step_annotation: str | None = None,
                   torch_trace: bool = True, memory: bool = False, stop_after: int | None = None,
                   calibrate: bool = False, timed_from: int | None = None) -> ProfileResult:
    """Profile ``script`` (or ``module``) with ``args``; write the trace, generated code and ``meta.json`` to ``out_dir``.

    ``memory``: record the allocator's events (``profile_memory=True``) and the window's peak memory.
    ``stop_after``: with ``steps``, end the script once it has made that many steps (like nsys's
    ``--capture-range-end=stop-shutdown``); a long training script then costs only those steps.
    ``timed_from``: with ``steps``, no step before it times the run without the profiler (default
    :data:`~traceview.trace.step_times.FIRST_TIMED_STEP`).
    ``calibrate``: after the script, time the compile model's host costs here (:mod:`.calibrate`) into meta.json's
    ``host.calibration``, where the advice reads them instead of its defaults.
    Raises :class:`CaptureError` before anything runs if the script or module is missing or not
    valid Python, if ``steps`` is not START:STOP, or if ``out_dir`` cannot be written. The script's
    own failures are reported in the result.
    """
    out, args = Path(out_dir), list(args or [])
    window = StepRange.parse(steps) if isinstance(steps, str) else steps
    if window is None and step_annotation is not None:
        raise CaptureError("--step-annotation counts steps for --steps: give --steps START:STOP too")
    if stop_after is not None and (window is None or stop_after < window.stop):
        raise CaptureError(f"--stop-after {stop_after}: give --steps too, ending at or before step {stop_after}"
                           if window is not None else "--stop-after counts steps for --steps: give --steps START:STOP too")
    if timed_from is not None and (window is None or timed_from >= window.start):
        raise CaptureError(f"--timed-from {timed_from}: the window (--steps {window}) must start after the steps that time the run"
                           if window is not None else "--timed-from says which steps time the run for --steps: give --steps START:STOP too")
    if window is not None and not include_compile:
        raise CaptureError("--steps and --steady do not go together: --steps already leaves the first steps unprofiled")
    target = _check_inputs(Path(script) if script is not None else None, module, out)
    device = resolve_device(None)
    share = host_load.measure()  # before the script: what else keeps the cores busy
    dynamo = DynamoDelta()  # counters and compile times cover the warm-up run too
    rank = rank_files.rank_from_env()
    spawned = rank_files.RankCapture(str(out.resolve()), target.stem, with_stack, uuid.uuid4().hex, str(target.path),
                                     (str(target.path), *args))
    log_path = out / f"{target.stem}{'' if rank is None else f'.rank{rank}'}{TORCH_LOG_SUFFIX}"  # one per torchrun rank
    recording_log = structured_trace(log_path) if torch_trace else nullcontext(None)
    step_info = None
    with target.as_main(args) as globals_, inductor_code.recording() as recorder, recording_log, cpp_kernel_profile(), \
            autotune.recording() as tuning:
        if not include_compile:
            warmup = execute(target.code, globals_)
            if warmup.exit_code != 0:
                return _finish(target, args, out, warmup, None, None, {}, device, include_compile, with_stack, rank, share)
        outcome, wall_s, trace, rank, step_info = _profiled_execution(target.code, globals_, device, spawned, rank, memory,
                                                                      window, step_annotation, stop_after, timed_from)
    code_dir = out / rank_files.code_dir_name(rank)
    wrappers = recorder.write(code_dir)
    tuned = tuning.write(out / f"{target.stem}{'' if rank is None else f'.rank{rank}'}{autotune.SUFFIX}")
    extra = {"autotune": tuned.name, "wall_s": round(wall_s, 6), "dynamo": dynamo.result(), "profile_memory": memory,
             "torch_trace": log_path.name if log_path.exists() else None}
    if memory:
        extra["memory"] = peak_memory(device)
    if calibrate and outcome.exit_code == 0:  # after the script and outside its structured trace and Dynamo counts
        stage("timing a compiled call's host costs on this machine (--calibrate)")
        from .calibrate import compile_costs

        extra["calibration"] = compile_costs(device.type)
    if step_info is not None:
        extra["steps"] = step_info
    ranks = tuple(rank_files.rank_traces(out, spawned.run_id))
    if ranks:
        extra |= {"run_id": spawned.run_id, "rank_traces": [p.name for p in ranks]}
    result = _finish(target, args, out, outcome, trace if trace.exists() else None, code_dir if wrappers else None, extra,
                     device, include_compile, with_stack, rank, share)
    return dataclasses.replace(result, rank_traces=ranks)


def _profiled_execution(code, globals_, device, spawned: rank_files.RankCapture, rank: int | None, memory: bool = False,
                        window: StepRange | None = None, step_annotation: str | None = None,
                        stop_after: int | None = None,
                        timed_from: int | None = None) -> tuple[ScriptOutcome, float, Path, int | None, dict | None]:
    """One execution under the profiler; the trace is written whatever the script does (with
    ``window``, when the script reached its first step), named after this process's rank (``$RANK``,
    else its process group's if the script initialises one). The processes the script starts profile
    themselves as ranks (``spawned``)."""
    from torch.profiler import profile

    distributed = rank_files.DistributedState()

    def trace_path() -> Path:
        return Path(spawned.out_dir) / rank_files.trace_name(spawned.stem, rank if rank is not None else distributed.rank)

    stale = trace_path()
    if stale.exists():
        stale.unlink()  # a trace left by an earlier run in this folder is not this run's
    options = {}
    if window is not None:
        options = {"schedule": window.schedule(), "on_trace_ready": lambda p: export_trace(p, trace_path())}
    prof = profile(activities=activities(device), record_shapes=True, with_stack=spawned.with_stack, profile_memory=memory,
                   **options)
    if memory:
        reset_peak_memory(device)
    first_timed = FIRST_TIMED_STEP if timed_from is None else timed_from
    counter = StepCounter(prof, step_annotation, stop_after=stop_after, timed_from=first_timed) if window is not None else None
    started = time.perf_counter()
    stage(f"running {_target_name(code)} under the profiler")
    with kineto_lines_dropped():
        return _under_profiler(prof, code, globals_, device, spawned, distributed, counter, window, started, rank,
                               trace_path)


def _under_profiler(prof, code, globals_, device, spawned, distributed, counter, window, started, rank, trace_path):
    """The script run between the profiler's start and stop (see :func:`_profiled_execution`)."""
    prof.start()
    try:
        with rank_files.distributed_info_recorded(prof, distributed), rank_files.spawned_ranks_profiled(spawned), \
                rank_files.teardown_drained(), (counting_steps(counter) if counter is not None else nullcontext()):
            outcome = execute(code, globals_)
        _synchronize_quietly(device)
    finally:
        wall_s = time.perf_counter() - started
        rank = rank if rank is not None else distributed.rank
        trace = trace_path()
        with _sigint_ignored():
            stage(f"the script ended after {wall_s:,.1f} s; stopping the profiler and exporting the trace")
            prof.stop()  # with a schedule, exports through on_trace_ready if the window was reached
            if window is None:
                export_trace(prof, trace)
    steps = counter.summary(window) if counter is not None and window is not None else None
    return outcome, wall_s, trace, rank, steps


def host_info(share: host_load.CpuShare | None = None) -> dict:
    """The cores this process may use and torch's intra-op threads: what data-loading workers and threads
    advice is bounded by; with ``share`` (measured before the script ran), the cores other processes kept busy,
    and whether torch's threads fit the rest."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return host_load.record(share, threads=torch.get_num_threads(), usable_cores=usable).to_meta()


def torch_flags() -> dict:
    """The numeric and cuDNN switches the script left set (read after it ran): what the precision and cuDNN advice
    need to know, since a trace's kernel names say it only in part."""
    return {"float32_matmul_precision": torch.get_float32_matmul_precision(),
            "matmul_allow_tf32": bool(torch.backends.cuda.matmul.allow_tf32),
            "cudnn_allow_tf32": bool(torch.backends.cudnn.allow_tf32),
            "cudnn_benchmark": bool(torch.backends.cudnn.benchmark)}


def _target_name(code) -> str:
    """The script's file name, for the stage lines."""
    return Path(getattr(code, "co_filename", "") or "the script").name


def _synchronize_quietly(device) -> None:
    if device.type == "cuda":
        try:
            torch.cuda.synchronize()
        except RuntimeError:  # a failed kernel: the script's error already says so
            pass


def _finish(target: Target, args, out, outcome: ScriptOutcome, trace, code_dir, extra, device, include_compile,
            with_stack, rank: int | None, share: host_load.CpuShare | None = None) -> ProfileResult:
    script = target.path
    meta = {
        "schema_version": 1,
        "kind": "profile",
        "script": str(script),
        "module": target.module,
        "argv": [str(script), *args],
        "exit_code": outcome.exit_code,
        "error": outcome.error,
        "trace": trace.name if trace else None,
        "code_dir": code_dir.name if code_dir else None,
        "include_compile": include_compile,
        "with_stack": with_stack,
        "rank": rank,
        "device": device_info(device),
        "host": {**host_info(share), **({"calibration": extra.pop("calibration")} if "calibration" in extra else {})},
        "versions": versions(),
        "torch_flags": torch_flags(),
        "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        **extra,
    }
    meta_path = out / rank_files.meta_name(rank)
    meta_path.write_text(json.dumps(meta, indent=1, default=str) + "\n")
    torch_log = extra.get("torch_trace")
    return ProfileResult(script, [str(script), *args], outcome.exit_code, outcome.error, outcome.traceback, trace,
                         code_dir, meta_path, rank, torch_trace=(out / torch_log) if torch_log else None, module=target.module,
                         steps=extra.get("steps"), host_note=share.line() if share is not None else None)

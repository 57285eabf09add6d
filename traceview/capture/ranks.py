"""Profile a multi-process run rank by rank: each rank its own trace, with its rank in ``distributedInfo``.

A script runs as several ranks in one of two ways, and ``traceview profile`` handles both:

- **torchrun** (``torchrun --nproc-per-node 2 -m traceview profile script.py``): every process runs the
  whole ``traceview profile``; :func:`rank_from_env` reads its ``RANK`` before the script starts.
- **the script starts its ranks** (``torch.multiprocessing.spawn``, ``multiprocessing.Process``): while
  the script runs, :func:`spawned_ranks_profiled` makes every process it starts run its target through
  :func:`_rank_target`, which profiles that process from the moment it initialises ``torch.distributed``
  to the end of its target. A process that never initialises it (a DataLoader worker) is left alone.
  A ``Process`` subclass that overrides ``run()`` instead of passing a target is not profiled.

PyTorch writes ``distributedInfo`` (backend, rank, world size, process groups) into a trace only
when the process group exists as the profiler *starts*; under ``traceview profile`` the script
initialises it later, so :func:`distributed_info_recorded` adds it when ``init_process_group`` returns.

A script that destroys its process group right after training must not hang under the profiler
(:func:`teardown_drained`).

Files, beside the launching process's own trace and ``meta.json`` (those of a rank when it is one)::

    DIR/<stem>.rank<N>.pt.trace.json.gz
    DIR/meta.rank<N>.json     the rank's meta: rank, world size, pid, exit code, run id, Dynamo counters
    DIR/code/                 Inductor's code of rank 0 (of the launcher when it is no rank)
    DIR/code.rank<N>/         Inductor's code of rank N > 0
"""

from __future__ import annotations

import functools
import json
import logging
import os
import time
import traceback
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .profiling import TRACE_SUFFIX

log = logging.getLogger(__name__)


def rank_from_env(environ: Mapping[str, str] = os.environ) -> int | None:
    """The rank torchrun (or any launcher following its convention) gave this process: ``$RANK``."""
    value = environ.get("RANK", "").strip()
    return int(value) if value.isdigit() else None


def trace_name(stem: str, rank: int | None) -> str:
    """``<stem>.rank<N>.pt.trace.json.gz``, or ``<stem>.pt.trace.json.gz`` for a process that is no rank."""
    return f"{stem}{'' if rank is None else f'.rank{rank}'}{TRACE_SUFFIX}"


def meta_name(rank: int | None) -> str:
    return "meta.json" if rank is None else f"meta.rank{rank}.json"


def code_dir_name(rank: int | None) -> str:
    return "code" if not rank else f"code.rank{rank}"


@dataclass
class DistributedState:
    """What this process learned when it initialised ``torch.distributed`` (None before)."""

    rank: int | None = None
    world_size: int | None = None
    backend: str | None = None


def _distributed_info() -> dict[str, Any] | None:
    """PyTorch's own ``distributedInfo`` for the initialised default process group (None if none)."""
    import torch.distributed as dist

    if not dist.is_available() or not dist.is_initialized():
        return None
    try:
        from torch.profiler.profiler import _KinetoProfile

        info = _KinetoProfile._get_distributed_info(None)  # the dict PyTorch writes itself (torch 2.1+)
    except Exception:  # a torch without it: the keys traceview reads
        info = None
    return info or {"backend": dist.get_backend(), "rank": dist.get_rank(), "world_size": dist.get_world_size()}


@contextmanager
def _after_init_process_group(callback: Callable[[], None]) -> Iterator[None]:
    """While active, ``torch.distributed.init_process_group`` calls ``callback()`` after it returns.

    Both names are replaced: ``torch.distributed.init_process_group`` (what scripts call) and the
    one in ``distributed_c10d`` (what ``init_device_mesh`` calls). The callback never breaks the script.
    """
    import torch.distributed as dist

    if not dist.is_available():
        yield
        return
    from torch.distributed import distributed_c10d as c10d

    original = c10d.init_process_group

    @functools.wraps(original)
    def init_process_group(*args: Any, **kwargs: Any) -> Any:
        result = original(*args, **kwargs)
        try:
            callback()
        except Exception as exc:  # noqa: BLE001 - profiling must not change what the script does
            log.warning("traceview: could not record the process group for the profiler: %s", exc)
        return result

    dist.init_process_group = c10d.init_process_group = init_process_group
    try:
        yield
    finally:
        dist.init_process_group = c10d.init_process_group = original


#: Seconds the script's ``destroy_process_group()`` first leaves the GIL to the process group's workers.
DRAIN_S = 0.05


@contextmanager
def teardown_drained() -> Iterator[None]:
    """While active, ``torch.distributed.destroy_process_group`` first releases the GIL for
    :data:`DRAIN_S`, so that the process group's worker threads can free the collectives they finished.

    Why: while the profiler records, every gloo collective keeps a copy of the launching thread's
    state for its end callback (``wrapPropagateTLSState``); a collective launched by DDP during
    ``backward()`` copies the autograd engine's ``contextvars.Context`` that torch stashes there, a
    Python object. The worker thread that ran the collective frees it afterwards, and to free that
    object it needs the GIL. A script that destroys its group right after training drops the last
    reference to the group (``destroy_process_group()``, then its DDP model's reducer) holding the
    GIL, and ``~ProcessGroupGloo`` joins the workers: if one is still waiting for the GIL, neither
    moves (about 1 run in 6 under ``traceview profile``; never without the profiler, whose absence
    means no such copy). Nothing else changes: the original runs right after, with the same arguments.
    """
    import torch.distributed as dist

    if not dist.is_available():
        yield
        return
    from torch.distributed import distributed_c10d as c10d

    original = c10d.destroy_process_group

    @functools.wraps(original)
    def destroy_process_group(*args: Any, **kwargs: Any) -> Any:
        time.sleep(DRAIN_S)  # releases the GIL: a worker freeing a finished collective takes it now
        return original(*args, **kwargs)

    dist.destroy_process_group = c10d.destroy_process_group = destroy_process_group
    try:
        yield
    finally:
        dist.destroy_process_group = c10d.destroy_process_group = original


@contextmanager
def distributed_info_recorded(prof: Any, state: DistributedState) -> Iterator[None]:
    """While ``prof`` runs: when the script initialises ``torch.distributed`` (or had initialised it
    already: the unprofiled warm-up run of a script that guards ``init_process_group`` with
    ``is_initialized()``), write ``distributedInfo`` into the trace as PyTorch would have, and fill
    ``state`` with the rank."""

    def record() -> None:
        info = _distributed_info()
        if info and state.rank is None:
            prof.add_metadata_json("distributedInfo", json.dumps(info, default=str))
            state.rank, state.world_size, state.backend = info["rank"], info["world_size"], info["backend"]

    try:
        record()  # a process group from before the profiled run (None when there is none)
    except Exception as exc:  # noqa: BLE001 - profiling must not change what the script does
        log.warning("traceview: could not record the process group for the profiler: %s", exc)
    with _after_init_process_group(record):
        yield


@dataclass(frozen=True)
class RankCapture:
    """What a started process needs to profile itself as a rank (pickled into it)."""

    out_dir: str  # absolute
    stem: str
    with_stack: bool
    run_id: str  # the launching profile's, so it finds the ranks of this run only
    script: str
    argv: tuple[str, ...]


@contextmanager
def spawned_ranks_profiled(capture: RankCapture) -> Iterator[None]:
    """While active, every process this one starts runs its target under :func:`_rank_target`."""
    from multiprocessing.process import BaseProcess

    original = BaseProcess.start

    def start(self: BaseProcess) -> None:
        target = getattr(self, "_target", None)
        if target is not None and not (isinstance(target, functools.partial) and target.func is _rank_target):
            self._target = functools.partial(_rank_target, capture, target)
        return original(self)

    BaseProcess.start = start
    try:
        yield
    finally:
        BaseProcess.start = original


def _rank_target(capture: RankCapture, target: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """A started process's target, profiled from its ``init_process_group`` on (see the module docstring)."""
    session = _RankSession(capture)
    exit_code, error = 0, None
    try:
        with _after_init_process_group(session.start), teardown_drained():
            return target(*args, **kwargs)
    except SystemExit as exc:
        exit_code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        error = f"exited with code {exc.code}" if exit_code else None
        raise
    except BaseException as exc:
        exit_code, error = 1, traceback.format_exception_only(type(exc), exc)[-1].strip()
        raise
    finally:
        session.finish(exit_code, error)


class _RankSession:
    """One spawned rank's profiler: started once the process group exists, stopped when the target ends."""

    def __init__(self, capture: RankCapture) -> None:
        self.capture, self.prof, self.rank = capture, None, None

    def start(self) -> None:
        import torch.distributed as dist
        from torch.profiler import profile

        from . import inductor_code
        from .profiling import DynamoDelta, activities, resolve_device

        if self.prof is not None or not dist.is_initialized():
            return
        self.rank, self.world_size = dist.get_rank(), dist.get_world_size()
        self.device = resolve_device(None)
        self.dynamo = DynamoDelta()
        self._recording = inductor_code.recording()
        self.recorder = self._recording.__enter__()
        # The process group exists now, so PyTorch writes distributedInfo itself at start.
        self.prof = profile(activities=activities(self.device), record_shapes=True, with_stack=self.capture.with_stack)
        self.started = time.perf_counter()
        self.prof.start()

    def finish(self, exit_code: int, error: str | None) -> None:
        if self.prof is None:
            return
        from .profiling import device_info, export_trace, synchronize, versions

        try:
            synchronize(self.device)
        except RuntimeError:  # a failed kernel: the rank's error says so
            pass
        wall_s = time.perf_counter() - self.started
        out = Path(self.capture.out_dir)
        self.prof.stop()
        trace = export_trace(self.prof, out / trace_name(self.capture.stem, self.rank))
        self._recording.__exit__(None, None, None)
        code = out / code_dir_name(self.rank)
        wrote_code = bool(self.recorder.write(code))
        meta = {
            "schema_version": 1, "kind": "profile-rank", "run_id": self.capture.run_id,
            "script": self.capture.script, "argv": list(self.capture.argv),
            "rank": self.rank, "world_size": self.world_size, "pid": os.getpid(), "launched_by": "the script",
            "exit_code": exit_code, "error": error, "trace": trace.name, "code_dir": code.name if wrote_code else None,
            "with_stack": self.capture.with_stack, "device": device_info(self.device), "versions": versions(),
            "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "wall_s": round(wall_s, 6), "dynamo": self.dynamo.result(),
        }
        (out / meta_name(self.rank)).write_text(json.dumps(meta, indent=1, default=str) + "\n")


def rank_traces(out_dir: Path, run_id: str) -> list[Path]:
    """The traces that the ranks started by the run ``run_id`` wrote to ``out_dir``, by rank."""
    found = []
    for meta_path in out_dir.glob("meta.rank*.json"):
        try:
            meta = json.loads(meta_path.read_text())
        except (OSError, ValueError):
            continue
        if meta.get("run_id") == run_id and meta.get("trace"):
            found.append((meta.get("rank", 0), out_dir / meta["trace"]))
    return [path for _, path in sorted(found)]

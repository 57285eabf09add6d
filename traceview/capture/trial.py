"""One run of ``traceview try``: the unmodified script, under one change or none, its steps timed with the
profiler off, and the run stopped after the last timed step.

Run as ``python -m traceview.capture.trial [-m MODULE | SCRIPT] [ARGS...]`` with ``TRACEVIEW_TRY_SPEC``
(JSON: ``change``, ``start``, ``stop``, ``annotation``, ``workers``, ``threads``, ``out``) in the
environment; the environment variables of the change (:data:`.changes.ENV`) are set by the caller, so
torch reads them when it is imported. Steps are counted as ``profile --steps`` counts them
(:mod:`.steps`: the optimizer's ``step()``, or a ``record_function`` name). The timed steps
``start .. stop - 1`` are cut into chunks of :func:`chunk_size` steps; at the end of step ``start - 1`` and
of each chunk the device is synchronised and the clock read, so each chunk's mean step is what the device
finished, however far the host ran ahead, and::

    step_ms = median over chunks of (t[chunk end] - t[chunk start]) / chunk size

A burst of interference from the rest of the machine (seen on the lent H200: 7-10 steps at 1.6x) moves a
chunk or two, not the median; a synchronisation every few steps costs the step little overlap. The mean
over the whole window and each step's host-clock time are kept beside it. After step ``stop - 1`` a :class:`StepsDone`
(a ``BaseException``, so the script's ``except Exception`` does not catch it) ends the script. Under
``torch.distributed`` every rank stops at the same step and the timings are the slowest rank's (a MAX
all-reduce on the script's own process group).

The result is a JSON file at ``out``: the timing, what the change did, and the :class:`.changes.Facts`
of the script (whether it compiled, its optimizer and DataLoaders, threads, device). The exit code is
the script's; 0 when it was stopped after its last timed step.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from dataclasses import asdict

from collections.abc import Callable

from . import switch
from .changes import Facts, apply, has_fused, usable_cores
from .steps import StepCounter, StepsDone, counting_steps

SPEC_ENV = "TRACEVIEW_TRY_SPEC"


class Clock:
    """Stands in for the profiler in :class:`.steps.StepCounter`: called after each counted step."""

    def __init__(self, start: int, stop: int) -> None:
        self.start, self.stop = start, stop
        self.chunk = chunk_size(stop - start)
        self.counter: StepCounter | None = None
        self.marks: list[tuple[int, int]] = []  # (steps done, perf_counter_ns) at each synchronised mark
        self.slowest: list[float] | None = None
        self.calibration: list[dict] = []  # host_calibration() right before and right after the timed steps

    def step(self) -> None:
        done = self.counter.steps if self.counter is not None else 0
        if done < self.start or done > self.stop:
            return
        if done == self.stop:
            _synchronize()
            self.marks.append((done, time.perf_counter_ns()))
            self.calibration.append(host_calibration())
        elif done == self.start or (done - self.start) % self.chunk == 0:
            _synchronize()
            if done == self.start:
                self.calibration.append(host_calibration())
                _synchronize()
            self.marks.append((done, time.perf_counter_ns()))
        if done == self.stop:
            self.slowest = _slowest_rank([self.step_ms() or 0.0, self.window_mean_ms() or 0.0,
                                          self.host_median_ms() or 0.0])
            raise StepsDone

    def chunk_ms(self) -> list[float]:
        """Each chunk's mean step, synchronised at both ends."""
        return [(t1 - t0) / 1e6 / (n1 - n0) for (n0, t0), (n1, t1) in zip(self.marks, self.marks[1:])]

    def step_ms(self) -> float | None:
        chunks = self.chunk_ms()
        return statistics.median(chunks) if chunks and self.marks[-1][0] == self.stop else None

    def window_mean_ms(self) -> float | None:
        if len(self.marks) < 2 or self.marks[-1][0] != self.stop:
            return None
        return (self.marks[-1][1] - self.marks[0][1]) / 1e6 / (self.stop - self.start)

    def host_ms(self) -> list[float]:
        ends = self.counter.ends_ns if self.counter is not None else []
        return [(ends[i] - ends[i - 1]) / 1e6 for i in range(max(1, self.start), min(self.stop, len(ends)))]

    def host_median_ms(self) -> float | None:
        values = self.host_ms()
        return statistics.median(values) if values else None


class SwitchClock(Clock):
    """The switchback (:mod:`.switch`): from step ``start``, blocks of ``block`` steps whose arm the
    :class:`.switch.Schedule` picks, each block timed after its first ``drop`` steps, synchronised at both ends.
    The run stops (StepsDone) when the schedule has no change left, at step ``stop``, or at the first block end past
    ``deadline`` (``time.time()``); under ``torch.distributed`` every rank takes the slowest rank's block times and
    deadline, so all ranks switch and stop at the same step."""

    def __init__(self, start: int, stop: int, switches: dict[str, tuple[Callable[[], str], Callable[[], None]]],
                 schedule: switch.Schedule, block: int, drop: int, deadline: float | None = None) -> None:
        super().__init__(start, stop)
        self.switches, self.schedule, self.block, self.drop, self.deadline = switches, schedule, block, drop, deadline
        self.applied: dict[str, list[str]] = {name: [] for name in switches}
        self.arm: str | None = None  # the change on in the block under way
        self.ended_by: str | None = None  # "decided", "stop", "deadline"
        self._t0: int | None = None
        self._open = False

    @property
    def blocks(self) -> list[dict]:
        return self.schedule.blocks

    def step(self) -> None:
        done = self.counter.steps if self.counter is not None else 0
        if done < self.start:
            return
        offset = (done - self.start) % self.block
        if offset == self.drop and self._open:
            _synchronize()
            self._t0 = time.perf_counter_ns()
        if offset != 0:
            return
        _synchronize()  # a block ends (if one was open) and the next begins
        now = time.perf_counter_ns()
        late = self.deadline is not None and time.time() > self.deadline
        if self._open and self._t0 is not None:
            ms, late_flag = _slowest_rank([(now - self._t0) / 1e6 / (self.block - self.drop), float(late)])
            self.schedule.record(ms)
            late = late_flag > 0
        if done == self.start:
            self.calibration.append(host_calibration())
        arm = self.schedule.next() if not late and done + self.block <= self.stop else switch.DONE
        if arm == switch.DONE:
            self.ended_by = "deadline" if late else ("stop" if self.schedule.active else "decided")
            self._set(None)
            self.calibration.append(host_calibration())
            raise StepsDone
        self._set(arm)
        self._open, self._t0 = True, None
        if self.drop == 0:
            self._t0 = time.perf_counter_ns()

    def _set(self, arm: str | None) -> None:
        """Turn the change of the block before off and ``arm`` on (None: the baseline)."""
        if arm == self.arm:
            return
        if self.arm is not None:
            self.switches[self.arm][1]()
        if arm is not None:
            said = self.switches[arm][0]()
            if said not in self.applied[arm]:
                self.applied[arm].append(said)
        self.arm = arm

    def step_ms(self) -> float | None:
        off = [b["ms"] for b in self.blocks if not b["on"]]
        return statistics.median(off) if off else None


def host_calibration(calls: int = 400) -> dict:
    """How fast this process's host runs torch right now: ms per call of a tiny CPU ``torch.add`` (the
    dispatcher), and of a tiny CUDA one when CUDA is in use (dispatch + launch), each the median of 5 batches
    of ``calls // 5``. Processes on a shared host differ; a run's step can be read against its own host speed."""
    torch = sys.modules.get("torch")
    if torch is None:
        return {}
    out = {}
    devices = ["cpu"] + (["cuda"] if torch.cuda.is_initialized() else [])
    for device in devices:
        a = torch.ones(4, device=device)
        batches = []
        for _ in range(5):
            t0 = time.perf_counter_ns()
            for _ in range(calls // 5):
                torch.add(a, a)
            if device == "cuda":
                torch.cuda.synchronize()
            batches.append((time.perf_counter_ns() - t0) / 1e6 / (calls // 5))
        out[f"{device}_add_ms"] = round(statistics.median(batches), 6)
    return out


def chunk_size(steps: int) -> int:
    """Steps per synchronised chunk: 5, or fewer so that a short window still has 4 chunks."""
    return max(1, min(5, steps // 4))


def _synchronize() -> None:
    torch = sys.modules.get("torch")
    if torch is not None and torch.cuda.is_initialized():
        torch.cuda.synchronize()


def _slowest_rank(values: list[float]) -> list[float]:
    """``values`` as the slowest rank saw them (MAX over the default process group); as they are without one."""
    torch = sys.modules.get("torch")
    dist = getattr(torch, "distributed", None) if torch is not None else None
    if dist is None or not dist.is_available() or not dist.is_initialized():
        return values
    backend = str(dist.get_backend()).lower()
    device = f"cuda:{torch.cuda.current_device()}" if "nccl" in backend and torch.cuda.is_available() else "cpu"
    tensor = torch.tensor(values, dtype=torch.float64, device=device)
    dist.all_reduce(tensor, op=dist.ReduceOp.MAX)
    return [float(v) for v in tensor.cpu().tolist()]


def _execute(code, globals_) -> tuple[int, str | None, bool]:
    """Run the script; (exit code, one-line error, stopped after the last timed step)."""
    from .profile_script import SIGINT_EXIT, _exit_code, _print_traceback

    try:
        exec(code, globals_)
    except StepsDone:
        return 0, None, True
    except SystemExit as exc:
        status, message = _exit_code(exc.code)
        return status, message, False
    except KeyboardInterrupt as exc:
        _print_traceback(exc)
        return SIGINT_EXIT, "interrupted (SIGINT)", False
    except BaseException as exc:  # noqa: BLE001 - the script's error, reported with its traceback
        import traceback

        _print_traceback(exc)
        return 1, one_line("".join(traceback.format_exception_only(type(exc), exc))), False
    return 0, None, False


def one_line(message: str) -> str:
    """An error in one line: a message that carries another traceback (a DataLoader worker's) is its first
    line and its last, the original error."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    if not lines:
        return "error"
    return lines[0] if len(lines) == 1 else f"{lines[0]} ... {lines[-1]}"


def run(argv: list[str], spec: dict) -> int:
    """One run (see the module docstring); returns the exit code."""
    from .target import module_target, script_target

    module = argv[1] if argv[:1] == ["-m"] else None
    target = module_target(module) if module else script_target(argv[0])
    args = argv[2:] if module else argv[1:]
    import torch

    facts = Facts(torch_threads=torch.get_num_threads(), usable_cores=usable_cores())
    applied, undo = apply(spec.get("change"), int(spec["workers"]), int(spec["threads"]), facts,
                          int(spec.get("loader_threads") or 0))
    seen: dict[int, object] = {}
    names = spec.get("switch") or []
    names = [names] if isinstance(names, str) else list(names)
    found = {n: switch.switch(n, int(spec["threads"]), lambda: list(seen.values())) for n in names}
    switches = {n: pair for n, pair in found.items() if pair is not None}
    if switches:  # the baseline and each change in turns, in blocks of steps, in this one run (.switch)
        schedule = switch.Schedule(list(switches), spec.get("predictions"), int(spec.get("max_pairs") or switch.MAX_PAIRS))
        clock: Clock = SwitchClock(int(spec["start"]), int(spec["stop"]), switches, schedule,
                                   int(spec.get("block") or switch.BLOCK), int(spec.get("drop", switch.DROP)),
                                   spec.get("deadline"))
    else:
        clock = Clock(int(spec["start"]), int(spec["stop"]))
    counter = StepCounter(clock, spec.get("annotation"))
    clock.counter = counter
    started = time.perf_counter()

    def remember(optimizer, _args, _kwargs) -> None:
        seen.setdefault(id(optimizer), optimizer)

    from torch.optim.optimizer import register_optimizer_step_post_hook

    handle = register_optimizer_step_post_hook(remember)  # before the counter's: the optimizer is known at the stop
    try:
        with target.as_main(args) as globals_, counting_steps(counter):
            code, error, reached = _execute(target.code, globals_)
    finally:
        handle.remove()
        undo()
    wall_s = time.perf_counter() - started
    facts.optimizers = [{"cls": type(o).__name__, "has_fused": has_fused(type(o)),
                         "fused": bool(getattr(o, "defaults", {}).get("fused"))} for o in seen.values()]
    facts.compiled_graphs = _compiled_graphs()
    facts.device = "cuda" if torch.cuda.is_initialized() else "cpu"
    facts.tf32 = torch.get_float32_matmul_precision() != "highest"
    facts.cudnn_benchmark = bool(torch.backends.cudnn.benchmark)
    slowest = clock.slowest or [clock.step_ms(), clock.window_mean_ms(), clock.host_median_ms()]
    switched: dict = {}
    if isinstance(clock, SwitchClock):  # what the switch did is what each change did
        applied = [line for lines in clock.applied.values() for line in lines]
        switched = {"applied": clock.applied, "stopped": clock.schedule.stopped, "ended_by": clock.ended_by,
                    "last_arm": clock.arm, "block": clock.block, "drop": clock.drop,
                    "not_switched": [n for n in names if n not in switches]}
    result = {"change": spec.get("change"), "exit_code": code, "error": error, "reached": reached,
              "steps_counted": counter.steps, "counted_by": counter.by, "step_ms": slowest[0] if reached else None,
              "window_mean_ms": slowest[1] if reached else None, "chunk_steps": clock.chunk,
              "chunk_ms": [round(v, 4) for v in clock.chunk_ms()], "calibration": clock.calibration, "host_median_ms": slowest[2] if slowest[2] else None, "host_step_ms": [round(v, 4) for v in clock.host_ms()],
              "applied": list(applied), "facts": asdict(facts), "wall_s": round(wall_s, 3), "settings": _settings(),
              "rank": _rank(), "switch": names or None, "switched": switched,
              "blocks": [{"arm": b["arm"], "on": b["on"], "ms": round(b["ms"], 5)} for b in getattr(clock, "blocks", [])]}
    with open(spec["out"], "w") as f:
        json.dump(result, f, indent=1)
    return code


def _settings() -> dict:
    """What the script's process ran with, as torch read it: Inductor's and Dynamo's switches the changes set,
    and the intra-op threads (the evidence that a change took effect)."""
    out: dict = {"torch_threads": sys.modules["torch"].get_num_threads()}
    inductor = sys.modules.get("torch._inductor.config")
    if inductor is not None:
        out |= {"max_autotune": bool(inductor.max_autotune), "coordinate_descent_tuning": bool(inductor.coordinate_descent_tuning),
                "cudagraphs": bool(inductor.triton.cudagraphs)}
    dynamo = sys.modules.get("torch._dynamo.config")
    if dynamo is not None:
        out["compile_disabled"] = bool(dynamo.disable)
    return out


def _compiled_graphs() -> int:
    dynamo = sys.modules.get("torch._dynamo.utils")
    if dynamo is None:
        return 0
    stats = dynamo.counters.get("stats", {})
    return int(stats.get("unique_graphs", 0))


def _rank() -> int | None:
    torch = sys.modules.get("torch")
    dist = getattr(torch, "distributed", None) if torch is not None else None
    if dist is not None and dist.is_available() and dist.is_initialized():
        return dist.get_rank()
    return int(os.environ["RANK"]) if os.environ.get("RANK", "").isdigit() else None


def main() -> None:
    spec = json.loads(os.environ[SPEC_ENV])
    code = run(sys.argv[1:], spec)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)  # DataLoader workers, NCCL and compile workers do not hold a stopped run's exit


if __name__ == "__main__":
    main()

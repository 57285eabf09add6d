"""``run_trials``: the runs behind ``traceview try`` — the script as it is and under each change, in rounds.

Each run is a fresh process (:mod:`.trial`): a change is made before the script's first line and
Dynamo, Inductor and the allocator start cold in every arm alike. Round ``r`` runs every arm once, in
an order rotated by ``r`` (baseline, a, b; then a, b, baseline; ...), so drift on a shared host hits
every arm; round 0 starts with the baseline, whose run says which changes can apply
(:func:`.changes.why_not`). A run's time is the median of its steps ``start .. stop - 1`` in synchronised
chunks (see :mod:`.trial`); the script is stopped after them.

Optionally a profiled run comes first (``traceview profile --steps START:STOP`` in its own process),
whose trace the command analyzes for the predicted savings.

Under torchrun every rank runs this same loop, so every rank runs the same arm at the same time; each
run gets its own rendezvous port (``MASTER_PORT`` + 1 + the run's number; the agent's store is not
reused, as a finished run's keys would confuse the next), and its timings are the slowest rank's.

Files, under ``out``::

    runs/<arm>.<round>.json   each run's timing, what the change did, the script's facts
    runs/<arm>.<round>.log    what the script printed (stdout and stderr)
    profile/                  the profiled run (``traceview profile``'s folder)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from traceview.errors import CaptureError

from . import changes as ch
from . import switch
from .progress import stage
from .steps import StepRange
from .target import module_target, script_target
from .trial import SPEC_ENV

BASELINE = "baseline"
#: A switched run counts when it finished at least this many blocks of each state.
MIN_SWITCH_BLOCKS = 4
#: Steps the profiled run makes after its window before it is stopped: the unprofiled ones among them time
#: the step without the profiler (the first two after the window pay for exporting the trace).
PROFILE_STEPS_AFTER = 6


@dataclass
class Run:
    """One process: an arm in a round."""

    arm: str
    round: int
    exit_code: int
    error: str | None
    reached: bool
    step_ms: float | None  # median of the synchronised chunks' mean step (see .trial); None unless reached
    host_median_ms: float | None
    host_step_ms: list[float]
    steps_counted: int
    applied: list[str]
    wall_s: float
    log: Path
    facts: dict = field(default_factory=dict)
    window_mean_ms: float | None = None  # the whole window's mean step, synchronised at both ends
    chunk_ms: list[float] = field(default_factory=list)
    calibration: list[dict] = field(default_factory=list)  # host_calibration() before and after the steps
    blocks: list[dict] = field(default_factory=list)  # a switched run's blocks: {"on": bool, "ms": mean step} (.switch)

    @property
    def host_speed_ms(self) -> float | None:
        """The run's host speed: the mean of its calibrations' tiny CUDA add (dispatch + launch), or of the CPU
        add when the run never used CUDA; None without calibrations."""
        key = "cuda_add_ms" if self.calibration and all("cuda_add_ms" in c for c in self.calibration) else "cpu_add_ms"
        values = [c[key] for c in self.calibration if c.get(key)]
        return sum(values) / len(values) if values else None


@dataclass
class Trials:
    """Everything ``try`` ran."""

    target: str  # the script's path, or "-m module"
    argv: list[str]
    steps: StepRange
    counted_by: str
    rounds: int
    facts: ch.Facts
    workers: int
    threads: int
    runs: list[Run]
    arms: list[str]  # the changes run, in order
    skipped: dict[str, str]  # change -> why it could not apply
    failed: dict[str, str]  # change -> the error of its failed run
    profile_dir: Path | None = None
    profile_error: str | None = None
    rank: int | None = None
    world_size: int | None = None

    def of(self, arm: str) -> list[Run]:
        return [r for r in self.runs if r.arm == arm]


class BaselineFailed(Exception):
    """The script failed without any change: its own exit code and the log holding its traceback."""

    def __init__(self, exit_code: int, error: str, log: Path) -> None:
        super().__init__(error)
        self.exit_code, self.log = exit_code, log


def run_trials(script: Path | str | None, args: list[str], *, module: str | None = None, steps: str = "5:45",
               step_annotation: str | None = None, changes: list[str] | None = None, rounds: int = 5,
               workers: int | None = None, threads: int | None = None, out: Path | str = "traceview-try",
               profile: bool = True, on_run: Callable[[Run], None] | None = None, switch_here: bool = True,
               before_runs: Callable[[], None] | None = None) -> Trials:
    """Run the baseline and each change ``rounds`` times (see the module docstring); a change that switches
    (:data:`.switch.SWITCHES`) once, on and off in blocks inside one run, unless ``switch_here`` is False.

    Raises :class:`CaptureError` for a bad command line (missing script, unknown change, ``--steps`` that
    start at 0, a script that never reaches the last step) and :class:`BaselineFailed` when the script fails
    as it is."""
    window = _checked(steps, changes, rounds)
    target = module_target(module) if module else script_target(script)  # type: ignore[arg-type]
    out = Path(out)
    (out / "runs").mkdir(parents=True, exist_ok=True)
    command = ["-m", target.module] if module else [str(target.path)]
    name = f"-m {target.module}" if module else str(target.path)
    launcher = _Launcher(out, [*command, *args], window, step_annotation)
    if before_runs:  # the command line holds: say what the caller wants said before anything runs
        before_runs()

    profile_dir = profile_error = None
    if profile:
        stage(f"profiling steps {window} of {Path(target.path).name} for the predictions")
        profile_dir, profile_error = launcher.profile(args, module or None, target)

    stage(f"{name} as it is, steps {window} (round 1 of {rounds})")
    base = launcher.run(None, 0, workers or 0, threads or 0)
    if on_run:
        on_run(base)
    if not base.reached:
        if base.exit_code:
            raise BaselineFailed(base.exit_code, base.error or f"exited with code {base.exit_code}", base.log)
        raise CaptureError(f"{name} made {base.steps_counted} step(s) ({launcher.counted_by}); --steps {window} needs "
                           f"{window.stop}: give a smaller --steps, or more steps to the script")
    facts = ch.Facts.from_dict(base.facts)
    chosen = ch.defaults(facts)
    workers, threads = workers or chosen["workers"], threads or chosen["threads"]
    requested = list(changes) if changes else list(ch.NAMES)
    skipped = {c: why for c in requested if (why := ch.why_not(c, facts, workers, threads))}
    arms = [c for c in ch.NAMES if c in requested and c not in skipped]
    for c, why in skipped.items():
        stage(f"{c} skipped: {why}")
    runs, failed = [base], {}
    switched = [c for c in arms if switch_here and switch.switches(c, facts.loaders)]
    for arm in switched:  # one run each, the change on and off in blocks of steps (.switch)
        run = _switched_run(launcher, arm, workers, threads, on_run)
        if isinstance(run, Run):
            runs.append(run)
        elif run is not None:
            failed[arm] = run
        else:  # the script ended too soon to switch: this change is measured in processes, like the others
            switched.remove(arm)
    arms_by_process = [a for a in arms if a not in switched]
    for r in range(rounds if arms_by_process else 0):  # every change switched: no rounds of processes to run
        order = _rotate([BASELINE, *arms_by_process], r)
        for arm in order:
            if (r == 0 and arm == BASELINE) or arm in failed:
                continue
            stage(f"{arm if arm != BASELINE else 'as it is'} (round {r + 1} of {rounds})")
            run = launcher.run(None if arm == BASELINE else arm, r, workers, threads,
                               ch.threads_beside_workers(facts, workers) if arm == "num_workers" else 0)
            runs.append(run)
            if on_run:
                on_run(run)
            if not run.reached:
                why = run.error or f"ended after {run.steps_counted} step(s), before step {window.stop - 1}"
                if arm == BASELINE:
                    raise BaselineFailed(run.exit_code or 1, why, run.log)
                failed[arm] = why
                stage(f"{arm} failed: {why}; the other changes go on")
    return Trials(name, [*command, *args], window, launcher.counted_by, rounds, facts, workers, threads, runs, arms,
                  skipped, failed, profile_dir, profile_error, _env_int("RANK"), _env_int("WORLD_SIZE"))


def _checked(steps: str | StepRange, changes: list[str] | None, rounds: int) -> StepRange:
    """The step window, once the command line holds (else :class:`CaptureError`)."""
    window = StepRange.parse(steps) if isinstance(steps, str) else steps
    if window.start < 1:
        raise CaptureError(f"--steps {window}: start at step 1 or later (the first step compiles and warms up; "
                           "a step's time runs from the end of the step before it)")
    unknown = [c for c in changes or [] if c not in ch.NAMES]
    if unknown:
        raise CaptureError(f"unknown change {unknown[0]!r}: choose from {', '.join(ch.NAMES)}")
    if rounds < 1:
        raise CaptureError("--runs must be at least 1")
    return window


def _switched_run(launcher: _Launcher, arm: str, workers: int, threads: int,
                  on_run: Callable[[Run], None] | None) -> Run | str | None:
    """``arm`` switched on and off in blocks inside one run: the run; why it failed (the script broke); or None
    when the script ended before MIN_SWITCH_BLOCKS blocks of each state (its files move to ``runs/short/``, and the
    change is measured in separate processes instead)."""
    window = launcher.window
    stop = switch.switched_steps(window.start, window.stop)
    stage(f"{arm} switched on and off inside one run (steps {window.start}:{stop})")
    run = launcher.run(None, 0, workers, threads, switched=arm)
    on, off = (sum(b["on"] == state for b in run.blocks) for state in (True, False))
    if min(on, off) >= MIN_SWITCH_BLOCKS or run.error or run.exit_code:
        if on_run:
            on_run(run)
    if min(on, off) >= MIN_SWITCH_BLOCKS:
        return run
    if run.error or run.exit_code:
        why = run.error or f"exited with code {run.exit_code}"
        stage(f"{arm} failed: {why}; the other changes go on")
        return why
    short = run.log.parent / "short"
    short.mkdir(exist_ok=True)
    for f in (run.log, run.log.with_suffix(".json")):
        if f.exists():
            f.replace(short / f.name)
    stage(f"{arm}: the script ended after {run.steps_counted} step(s), {on} block(s) on and {off} off, fewer than "
          f"{MIN_SWITCH_BLOCKS} each (steps {window.start}:{stop} switch it); measured in separate runs instead")
    return None


def read_run(path: Path) -> Run:
    """A run back from its ``runs/<arm>.<round>[.rank<N>].json`` (the log beside it)."""
    return _run_of(json.loads(Path(path).read_text()), Path(path))


def _run_of(data: dict, path: Path) -> Run:
    arm, round_ = path.name.split(".")[:2]
    return Run(arm, 0 if round_ == "switch" else int(round_), data["exit_code"], data["error"], bool(data["reached"]), data["step_ms"],
               data["host_median_ms"], data.get("host_step_ms", []), data["steps_counted"], data["applied"],
               data["wall_s"], path.with_suffix(".log"), data["facts"], data.get("window_mean_ms"),
               data.get("chunk_ms", []), data.get("calibration", []), data.get("blocks", []))


def _rotate(items: list[str], r: int) -> list[str]:
    k = r % len(items)
    return items[k:] + items[:k]


def _env_int(name: str) -> int | None:
    value = os.environ.get(name, "")
    return int(value) if value.isdigit() else None


class _Launcher:
    """Starts the runs: one process each, with the change's environment and the rendezvous port of its turn."""

    def __init__(self, out: Path, command: list[str], window: StepRange, annotation: str | None) -> None:
        self.out, self.command, self.window, self.annotation = out, command, window, annotation
        self.counted_by = f"annotation: {annotation}" if annotation else "optimizer"
        self.turn = 0
        self.distributed = os.environ.get("WORLD_SIZE") is not None and os.environ.get("MASTER_PORT", "").isdigit()

    def _env(self, extra: dict[str, str]) -> dict[str, str]:
        env = {**os.environ, **extra}
        env.setdefault("PYTHONUNBUFFERED", "1")
        if self.distributed:
            env["MASTER_PORT"] = str(int(os.environ["MASTER_PORT"]) + 1 + self.turn)
            env["TORCHELASTIC_USE_AGENT_STORE"] = "False"
        self.turn += 1
        return env

    def run(self, change: str | None, round_: int, workers: int, threads: int, loader_threads: int = 0,
            switched: str | None = None) -> Run:
        """One process under ``change`` (None: the baseline), or with ``switched`` switched on and off in blocks
        of steps (:mod:`.switch`: the change made inside the run, over a longer window)."""
        arm = switched or change or BASELINE
        rank = os.environ.get("RANK")
        stem = f"{arm}.{'switch' if switched else round_}" + (f".rank{rank}" if rank is not None and self.distributed else "")
        result, log = self.out / "runs" / f"{stem}.json", self.out / "runs" / f"{stem}.log"
        if result.exists():
            result.unlink()
        stop = switch.switched_steps(self.window.start, self.window.stop) if switched else self.window.stop
        spec = {"change": change, "switch": switched, "start": self.window.start, "stop": stop,
                "annotation": self.annotation, "workers": workers, "threads": threads, "loader_threads": loader_threads,
                "out": str(result)}
        env = self._env({SPEC_ENV: json.dumps(spec), **ch.environment(change, threads)})
        with open(log, "wb") as sink:
            proc = subprocess.run([sys.executable, "-m", "traceview.capture.trial", *self.command], env=env,
                                  stdout=sink, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        if not result.exists():  # died before writing (a signal, an import error of the module itself)
            return Run(arm, round_, proc.returncode or 1, _last_line(log) or f"exited with code {proc.returncode}",
                       False, None, None, [], 0, [], 0.0, log)
        data = json.loads(result.read_text())
        self.counted_by = data.get("counted_by") or self.counted_by
        return _run_of(data, result)

    def profile(self, args: list[str], module: str | None, target) -> tuple[Path | None, str | None]:
        """``traceview profile --steps START:STOP`` of the script as it is, in its own process."""
        folder = self.out / "profile"
        cmd = [sys.executable, "-m", "traceview", "profile", "--no-analyze", "--steps", str(self.window),
               "--stop-after", str(self.window.stop + PROFILE_STEPS_AFTER), "--out", str(folder)]
        if self.annotation:
            cmd += ["--step-annotation", self.annotation]
        cmd += ["-m", module, *args] if module else [str(target.path), *args]
        log = self.out / "profile.log"
        with open(log, "wb") as sink:
            proc = subprocess.run(cmd, env=self._env({}), stdout=sink, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        if proc.returncode != 0:
            return None, f"the profiled run exited with code {proc.returncode}: {_last_line(log)}"
        return folder, None


def _last_line(log: Path) -> str | None:
    try:
        lines = [line for line in log.read_text(errors="replace").splitlines() if line.strip()]
    except OSError:
        return None
    return lines[-1].strip() if lines else None

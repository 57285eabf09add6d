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

import dataclasses
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from traceview.errors import CaptureError

from . import changes as ch
from . import switch
from .progress import stage
from .steps import StepRange
from .plan import MIN_ROUNDS, Plan, decided_by_rounds, fewest_process_s, round_s  # noqa: F401 - Plan re-exported
from .stopping import MIN_PAIRS, switched_share
from .target import module_target, script_target
from .trial import SPEC_ENV

BASELINE = "baseline"
#: The arm of the one run in which every switchable change takes turns with the baseline (:mod:`.switch`).
SWITCHED = "switched"
#: Steps the profiled run makes after its window before it is stopped: the unprofiled ones among them time
#: the step without the profiler (the first two after the window pay for exporting the trace).
PROFILE_STEPS_AFTER = 6
#: ``try``'s time budget by default (``--max-minutes``).
MAX_MINUTES = 4.0


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
    blocks: list[dict] = field(default_factory=list)  # a switched run's blocks: {"arm", "on", "ms"} (.switch)
    switched: dict = field(default_factory=dict)  # a switched run: each change's lines, which stopped and why
    process_s: float = 0.0  # the process, start to end, as the caller timed it (interpreter and imports included)

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
    switched: list[str] = field(default_factory=list)  # the changes measured inside the switched run
    plan: Plan | None = None
    undecided: dict[str, str] = field(default_factory=dict)  # change -> why it stopped before its interval decided
    requested: list[str] = field(default_factory=list)  # every change asked for, or applicable by default

    def of(self, arm: str) -> list[Run]:
        """The runs of ``arm``; for a switched change, the switched run (its blocks hold every arm)."""
        if arm in self.switched:
            return [r for r in self.runs if r.arm == SWITCHED]
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
               before_runs: Callable[[], None] | None = None,
               predict: Callable[[Path | None, str | None], dict[str, float | None]] | None = None,
               max_minutes: float | None = MAX_MINUTES) -> Trials:
    """Run the baseline, then every switchable change (:data:`.switch.SWITCHES`) in one run where they take turns
    with the baseline in blocks (unless ``switch_here`` is False), and every other change in separate processes, in
    up to ``rounds`` rounds (see the module docstring). ``predict(profile folder, why none)`` gives each change's
    predicted share (None: no prediction) for the stopping rule (:mod:`.stopping`); ``max_minutes`` bounds the whole
    (None: no bound), past which what is not decided stops with what it has.

    Raises :class:`CaptureError` for a bad command line (missing script, unknown change, ``--steps`` that
    start at 0, a script that never reaches the last step) and :class:`BaselineFailed` when the script fails
    as it is."""
    window = _checked(steps, changes, rounds)
    began = time.monotonic()
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
    predicted = predict(profile_dir, profile_error) if predict else {}

    stage(f"{name} as it is, steps {window}")
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
    requested = [c for c in ch.NAMES if c in changes] if changes else list(ch.NAMES)
    skipped = {c: why for c in requested if (why := ch.why_not(c, facts, workers, threads))}
    arms = [c for c in requested if c not in skipped]
    for c, why in skipped.items():
        stage(f"{c} skipped: {why}")
    budget_s = max_minutes * 60 if max_minutes else None
    step_ms = base.step_ms or base.host_median_ms or 1.0
    switchable = [c for c in arms if switch_here and switch.switches(c, facts.loaders)]
    block, drop = switch.block_size(step_ms, len(switchable), window.stop - window.start)
    plan = Plan(switchable, [c for c in arms if c not in switchable], step_ms, base.process_s or base.wall_s, block,
                drop, rounds, budget_s)
    stage(f"plan: {plan.describe()}")
    runs, failed, undecided = [base], {}, {}
    switched: list[str] = []
    if switchable:
        deadline = None if budget_s is None else time.time() + max(0.0, budget_s - (time.monotonic() - began)
                                                                       - fewest_process_s(plan))
        run = launcher.run(None, 0, workers, threads, switched=switchable, block=block, drop=drop,
                           predictions={c: predicted.get(c) for c in switchable}, deadline=deadline)
        runs.append(run)
        if on_run:
            on_run(run)
        switched, back, why_back = _read_switched(run, switchable, failed, undecided, window, block)
        if back:
            stage(f"{', '.join(back)}: {why_back}; measured in separate runs instead")
        plan = dataclasses.replace(plan, switched=switched, processes=[*back, *plan.processes])
    rounds_of = _Rounds(launcher, facts, workers, threads, runs, failed, undecided, on_run)
    rounds_of.run(list(plan.processes), rounds, began, budget_s, predicted if predict is not None else None)
    return Trials(name, [*command, *args], window, launcher.counted_by, rounds, facts, workers, threads, runs, arms,
                  skipped, failed, profile_dir, profile_error, _env_int("RANK"), _env_int("WORLD_SIZE"), switched,
                  plan, undecided, requested)


@dataclass
class _Rounds:
    """The rounds of separate processes: each round runs the baseline and every change still undecided, in an order
    rotated by the round; from round MIN_ROUNDS on a change that has decided (:func:`.plan.decided_by_rounds`) stops,
    and no round starts that the time budget cannot hold."""

    launcher: _Launcher
    facts: ch.Facts
    workers: int
    threads: int
    runs: list[Run]
    failed: dict[str, str]
    undecided: dict[str, str]
    on_run: Callable[[Run], None] | None

    def run(self, arms: list[str], rounds: int, began: float, budget_s: float | None,
            predicted: dict[str, float | None] | None) -> None:
        for r in range(rounds if arms else 0):
            live = [a for a in arms if a not in self.failed and a not in self.undecided]
            if r >= MIN_ROUNDS and budget_s is not None and live and \
                    time.monotonic() - began + round_s(self.runs, live) > budget_s:
                for a in live:
                    self.undecided[a] = f"stopped at the {budget_s / 60:g}-minute budget after {r} round(s) (--max-minutes)"
                stage(f"the {budget_s / 60:g}-minute budget leaves no time for round {r + 1}: "
                      f"{', '.join(live)} stop with {r} round(s)")
                return
            if r >= MIN_ROUNDS and predicted is not None:
                live = [a for a in live if not decided_by_rounds(self.runs, live, a, predicted.get(a))]
            if not live:
                return
            for arm in _rotate([BASELINE, *live], r):
                if not (r == 0 and arm == BASELINE):
                    self._one(arm, r, rounds)

    def _one(self, arm: str, r: int, rounds: int) -> None:
        stage(f"{arm if arm != BASELINE else 'as it is'} (round {r + 1} of up to {rounds})")
        run = self.launcher.run(None if arm == BASELINE else arm, r, self.workers, self.threads,
                                ch.threads_beside_workers(self.facts, self.workers) if arm == ch.PAIR[2] else 0)
        self.runs.append(run)
        if self.on_run:
            self.on_run(run)
        if not run.reached:
            why = run.error or f"ended after {run.steps_counted} step(s), before step {self.launcher.window.stop - 1}"
            if arm == BASELINE:
                raise BaselineFailed(run.exit_code or 1, why, run.log)
            self.failed[arm] = why
            stage(f"{arm} failed: {why}; the other changes go on")


def _read_switched(run: Run, changes: list[str], failed: dict[str, str], undecided: dict[str, str],
                   window: StepRange, block: int) -> tuple[list[str], list[str], str]:
    """The changes the switched run measured; those to measure in separate runs instead, and why. A change the
    script broke under (the one on when it failed) is ``failed``; one left undecided at the step or time bound goes
    in ``undecided`` with the reason."""
    info = run.switched or {}
    measured, back = [], list(info.get("not_switched", []))
    why = "torch cannot switch them while the script runs" if back else ""
    broke = (run.error or (f"exited with code {run.exit_code}" if run.exit_code else None))
    if broke and info.get("last_arm"):
        failed[info["last_arm"]] = broke
        stage(f"{info['last_arm']} failed: {broke}; the other changes go on")
    short = []
    for c in changes:
        if c in back or c in failed:
            continue
        found = switched_share(run.blocks, c)
        if found is not None and found[2] >= MIN_PAIRS:
            measured.append(c)
            if c not in info.get("stopped", {}):
                undecided[c] = ("stopped at the time budget (--max-minutes)" if info.get("ended_by") == "deadline"
                                else f"the script ended after {run.steps_counted} step(s), before its interval decided")
        else:
            short.append(c)
    if short and info.get("ended_by") == "deadline":
        why = f"the time budget ran out after {run.steps_counted} step(s), before they had {MIN_PAIRS} pairs of blocks"
        back += short
    elif short:
        need = window.start + switch.steps_needed(len(changes), block)
        why = (f"the script ended after {run.steps_counted} step(s), too few blocks to switch them "
               f"({len(changes)} change(s) switched need about {need} steps)")
        back += short
    return measured, back, why


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


def read_run(path: Path) -> Run:
    """A run back from its ``runs/<arm>.<round>[.rank<N>].json`` (the log beside it)."""
    return _run_of(json.loads(Path(path).read_text()), Path(path))


def _run_of(data: dict, path: Path) -> Run:
    arm, round_ = path.name.split(".")[:2]
    return Run(arm, 0 if round_ == "switch" else int(round_), data["exit_code"], data["error"], bool(data["reached"]), data["step_ms"],
               data["host_median_ms"], data.get("host_step_ms", []), data["steps_counted"], data["applied"],
               data["wall_s"], path.with_suffix(".log"), data["facts"], data.get("window_mean_ms"),
               data.get("chunk_ms", []), data.get("calibration", []), data.get("blocks", []), data.get("switched") or {})


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
            switched: list[str] | None = None, block: int = switch.BLOCK, drop: int = switch.DROP,
            predictions: dict[str, float | None] | None = None, deadline: float | None = None) -> Run:
        """One process under ``change`` (None: the baseline), or with the ``switched`` changes taking turns with the
        baseline in blocks of steps (:mod:`.switch`), until each decides (``predictions``), the steps run out or
        ``deadline`` (``time.time()``) passes."""
        arm = SWITCHED if switched else change or BASELINE
        rank = os.environ.get("RANK")
        stem = f"{arm}.{'switch' if switched else round_}" + (f".rank{rank}" if rank is not None and self.distributed else "")
        result, log = self.out / "runs" / f"{stem}.json", self.out / "runs" / f"{stem}.log"
        if result.exists():
            result.unlink()
        stop = (self.window.start + switch.steps_needed(len(switched), block, switch.MAX_PAIRS) if switched
                else self.window.stop)
        spec = {"change": change, "switch": switched, "start": self.window.start, "stop": stop,
                "annotation": self.annotation, "workers": workers, "threads": threads, "loader_threads": loader_threads,
                "out": str(result), "block": block, "drop": drop, "predictions": predictions or {},
                "deadline": deadline}
        env = self._env({SPEC_ENV: json.dumps(spec), **ch.environment(change, threads)})
        began = time.monotonic()
        with open(log, "wb") as sink:
            proc = subprocess.run([sys.executable, "-m", "traceview.capture.trial", *self.command], env=env,
                                  stdout=sink, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        took = time.monotonic() - began
        if not result.exists():  # died before writing (a signal, an import error of the module itself)
            return Run(arm, round_, proc.returncode or 1, _last_line(log) or f"exited with code {proc.returncode}",
                       False, None, None, [], 0, [], 0.0, log, process_s=took)
        data = json.loads(result.read_text())
        self.counted_by = data.get("counted_by") or self.counted_by
        return dataclasses.replace(_run_of(data, result), process_s=took)

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

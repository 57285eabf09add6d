"""What ``traceview try`` will run and when it stops: the :class:`Plan` made from the baseline run (which changes
switch inside one run, which take separate processes, and about how long), and the stopping rule for the rounds of
separate processes (:func:`decided_by_rounds`: :mod:`.stopping` on the fit of every run so far)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import switch
from .fit import fit_effects
from .stopping import decided

#: Rounds of separate processes every change run that way gets, whatever the time budget (the fewest with an
#: interval: the baseline's and the change's runs, with the fit's degrees of freedom).
MIN_ROUNDS = 2
#: The arm of the script as it is.
BASELINE = "baseline"


@dataclass(frozen=True)
class Plan:
    """What ``try`` will run, decided from the baseline run before the others: which changes switch inside one run
    and which take separate processes, the blocks, and about how long it takes."""

    switched: list[str]
    processes: list[str]
    step_ms: float  # the baseline's step
    run_s: float  # the baseline's process, start to end
    block: int
    drop: int
    rounds: int
    budget_s: float | None

    @property
    def switch_steps(self) -> int:
        """Timed steps the switched run needs for every change to reach its first decision."""
        return switch.steps_needed(len(self.switched), self.block)

    @property
    def estimate_s(self) -> float:
        """Seconds the runs after the baseline take, each change deciding at its fewest measurements (switched) or
        after the rounds asked for (processes)."""
        switched = self.run_s + self.switch_steps * self.step_ms / 1e3 if self.switched else 0.0
        processes = (self.rounds * (len(self.processes) + 1) - 1) * self.run_s if self.processes else 0.0
        if self.budget_s is not None and self.processes:
            fewest = (MIN_ROUNDS * (len(self.processes) + 1) - 1) * self.run_s
            processes = max(fewest, min(processes, self.budget_s - switched))
        return switched + processes

    def describe(self) -> str:
        n = len(self.switched) + len(self.processes)
        parts = []
        if self.switched:
            parts.append(f"{len(self.switched)} switched in one run ({', '.join(self.switched)}; blocks of {self.block} "
                         f"steps, at least {self.switch_steps} steps)")
        if self.processes:
            parts.append(f"{len(self.processes)} in separate processes ({', '.join(self.processes)}; up to "
                         f"{self.rounds} rounds of {self.run_s:.0f} s runs)")
        minutes = self.estimate_s / 60
        about = f"about {minutes:.1f} min" if minutes >= 1 else f"about {self.estimate_s:.0f} s"
        budget = f", stopping at {self.budget_s / 60:g} min with what is decided" if self.budget_s else ""
        return f"{n} change(s): {'; '.join(parts) or 'none to run'}; {about}{budget}"


def fewest_process_s(plan: Plan) -> float:
    """Seconds the changes in separate processes need at least (MIN_ROUNDS rounds): kept from the switched run's
    share of the budget."""
    return (MIN_ROUNDS * (len(plan.processes) + 1) - 1) * plan.run_s if plan.processes else 0.0


def round_s(runs: list, arms: list[str]) -> float:
    """Seconds one more round of ``arms`` and the baseline takes: each arm's slowest run so far."""
    out = 0.0
    for arm in [BASELINE, *arms]:
        walls = [r.process_s or r.wall_s for r in runs if r.arm == arm and (r.process_s or r.wall_s)]
        out += max(walls) if walls else 0.0
    return out


def decided_by_rounds(runs: list, arms: list[str], arm: str, predicted: float | None) -> bool:
    """Whether the rounds so far settle ``arm`` (:func:`.stopping.decided` on the fit of every run)."""
    done = [r for r in runs if r.reached and r.step_ms and (r.arm == BASELINE or r.arm in arms)]
    fit = fit_effects(done, arms)
    if fit is None or arm not in fit[1]:
        return False
    share, half = fit[1][arm]
    effect = math.log(1.0 - share / 100.0)
    low, high = 100.0 * (1.0 - math.exp(effect + half)), 100.0 * (1.0 - math.exp(effect - half))
    return decided(share, low, high, predicted)

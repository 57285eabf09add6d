"""What ``traceview try`` measured against what the advice predicted, per change.

Each run's step is a median of synchronised chunks (:mod:`traceview.capture.trial`); within a run the
chunks agree to ~5-8%, but separate processes do not: on the lent H200 a host-bound GPT-2 step ran 4.0 to
5.6 ms (compiled) and 4.4 to 6.7 ms (eager) from one process to the next, and each process's own host
speed, a tiny ``torch.add`` timed right before and after its steps, follows it (correlation 0.6 compiled,
0.77 eager; ``benchmarks/try_noise.sh``, docs/benchmarks/try.md). So a change is measured as a model of all runs:

    log(step_ms) = baseline + effect[arm] + beta * log(host_speed_ms)      (least squares)

and its saving is ``1 - exp(effect)``, with a 90% interval from the fit's standard error. Where the host
speed explains nothing (``beta``'s t below 2, or no calibration), ``beta`` is 0 and the model is the plain
comparison of log step times. ``raw_share`` is the plain ``1 - median(change) / median(baseline)`` beside
it, and ``share_range`` the rounds' shares: in round ``r`` the baseline and the change ran back to back
(:mod:`traceview.capture.trials`), and ``1 - change_ms / baseline_ms`` of that round is one measurement.

The predicted share is the advice entry of the kind the change tests
(:data:`traceview.capture.changes.ADVICE_KIND`), from a profiled run of the same script. The verdict:

- *saved more (less) than predicted*: the prediction lies outside the measured 90% interval, by more than the
  tolerance;
- *confirmed* also where the advice stayed quiet (predicted 0) and the interval's top is within the tolerance:
  the change saves nothing worth making, however much slower it may be;
- *confirmed*: within :data:`AGREE_POINTS` points of the measured share (the advice's own goal for changes
  worth under 15%; :data:`LARGE_AGREE_POINTS` above), with an interval at most twice that wide on either side;
- *inconclusive*: the prediction lies inside an interval too wide to confirm it: it says how many more runs
  per arm would narrow the interval to the tolerance (the interval narrows as one over the root of the runs).

A change whose interval holds 0 is *within noise*.
"""

from __future__ import annotations

import dataclasses
import math
import statistics
from dataclasses import asdict, dataclass, field
from typing import Sequence


from traceview.analysis.advice.record import Advice
from . import changes as ch
from .fit import MIN_T, HostSpeedModel, fit_effects  # noqa: F401 - re-exported
from .stopping import AGREE_POINTS, LARGE_AGREE_POINTS, switched_share, t90, tolerance  # noqa: F401 - re-exported
from .trials import BASELINE, Run, Trials

#: The verdict where the advice stayed quiet and the change saved no more than the tolerance, however wide its
#: interval below that: silence was right (a change that costs time, measured anyhow, refutes nothing).
QUIET_CONFIRMED = "confirmed: it saves nothing, as the advice's silence said"
#: An interval wider than this many tolerances on either side cannot confirm a prediction: inconclusive.
WIDE_FACTOR = 2.0
#: Beyond this many more runs per arm the verdict says the runs differ too much, not a number to chase.
MANY_RUNS = 40
@dataclass(frozen=True)
class ChangeResult:
    """One change: measured over the rounds, and what the advice said."""

    name: str
    what: str
    status: str  # "measured", "skipped", "failed"
    why: str | None = None  # skipped or failed: the one-line reason
    applied: list[str] = field(default_factory=list)  # what the change did in its first run
    step_ms: list[float] = field(default_factory=list)  # each run's step
    measured_share: float | None = None  # % of the baseline step saved (the model's; see the module docstring)
    share_range: tuple[float, float] | None = None  # the rounds' shares, lowest to highest
    saved_ms: float | None = None  # ms saved per step: measured_share of the baseline's median step
    saved_range: tuple[float, float] | None = None  # the rounds' ms saved
    rounds: int = 0  # rounds in which both arms ran
    predicted_kind: str | None = None
    predicted_share: float | None = None
    predicted_ms: float | None = None
    predicted_scale: str | None = None
    interval: tuple[float, float] | None = None  # 90% interval of measured_share
    raw_share: float | None = None  # 1 - median(change runs) / median(baseline runs), in %
    method: str = "processes"  # "switch": on and off in blocks inside one run; "processes": a fresh process per run
    blocks: int = 0  # a switched change: the on blocks paired with their off neighbours
    stopped: str | None = None  # why it stopped taking blocks or rounds before its interval decided (None: it decided)
    needs: str | None = None  # the change this one needs beside it to pay (a pair's line says so)

    @property
    def tolerance(self) -> float:
        """Points within which the prediction counts as confirmed."""
        return tolerance(self.predicted_share, self.measured_share)

    @property
    def more_runs(self) -> int | None:
        """Runs per arm to add before the interval is narrow enough to tell (None: it is already)."""
        if self.interval is None or not self.rounds:
            return None
        half = (self.interval[1] - self.interval[0]) / 2
        if half <= WIDE_FACTOR * self.tolerance:
            return None
        return max(1, math.ceil(self.rounds * (half / (WIDE_FACTOR * self.tolerance)) ** 2) - self.rounds)

    @property
    def verdict(self) -> str | None:
        """'confirmed', 'inconclusive: N more runs would tell', 'saved more (less) than predicted (M% against
        P%)', or None (nothing to compare)."""
        if self.measured_share is None or self.predicted_kind is None:
            return None
        predicted = self.predicted_share or 0.0
        gap = predicted - self.measured_share
        low, high = self.interval or (self.measured_share, self.measured_share)
        if predicted == 0.0 and high <= self.tolerance:
            return QUIET_CONFIRMED
        if not low <= predicted <= high and abs(gap) > self.tolerance:
            return self._off()
        more = self.more_runs
        if more is None:
            return "confirmed" if abs(gap) <= self.tolerance else self._off()
        if self.method == "switch":
            return (f"inconclusive: about {more} more pair(s) of blocks would tell (a script with more steps, or a "
                    "larger --max-minutes)")
        if more > MANY_RUNS:
            return (f"inconclusive: the runs differ too much to tell ({self.rounds + more} runs per arm would; "
                    "separate processes differ, a quieter machine narrows it)")
        return f"inconclusive: {more} more run(s) per arm would tell (--runs {self.rounds + more})"

    def _off(self) -> str:
        """Which way the prediction missed, in words: 'saved more than predicted (85% against 49%)'."""
        measured, predicted = self.measured_share or 0.0, self.predicted_share or 0.0
        way = "saved more than predicted" if measured > predicted else "saved less than predicted"
        if measured < 0:
            way = "made the step slower, where the advice predicted a saving" if predicted > 0 else "made the step slower"
        return f"{way} ({measured:.0f}% against {predicted:.0f}%)"

    @property
    def within_noise(self) -> bool:
        """The 90% interval of the measured saving holds 0: the runs cannot tell the change from none."""
        return self.interval is not None and self.interval[0] <= 0.0 <= self.interval[1]

    def as_dict(self) -> dict:
        return {**asdict(self), "verdict": self.verdict, "within_noise": self.within_noise, "more_runs": self.more_runs}


@dataclass(frozen=True)
class TrialReport:
    """The whole ``try``: the baseline, every change, and where the predictions came from."""

    target: str
    argv: list[str]
    steps: str
    counted_by: str
    rounds: int
    baseline_ms: list[float]
    baseline_median_ms: float | None
    changes: list[ChangeResult]
    prediction_source: str | None  # the profiled trace, or why there is no prediction
    facts: dict
    workers: int
    threads: int
    world_size: int | None = None
    model: HostSpeedModel | None = None
    plan: str | None = None  # what try planned to run, and about how long (:class:`.trials.Plan`)

    def as_dict(self) -> dict:
        out = asdict(self)
        out["changes"] = [c.as_dict() for c in self.changes]
        out["model"] = {**asdict(self.model), "describe": self.model.describe()} if self.model else None
        return out


def _switched(name: str, run: Run, pred: dict, stopped: str | None) -> ChangeResult:
    """A change measured inside the switched run, from its own blocks and the baseline blocks beside them (a run of
    one change, read back from before several switched together, has blocks without an arm)."""
    blocks = run.blocks if any("arm" in b for b in run.blocks) else [{**b, "arm": name} for b in run.blocks]
    found = switched_share(blocks, name)
    off = [b["ms"] for b in blocks if not b["on"]]
    base_ms = statistics.median(off) if off else None
    applied = (run.switched.get("applied") or {}).get(name, run.applied)
    mine = [b["ms"] for b in blocks if b.get("arm") == name]
    if found is None or base_ms is None:
        return ChangeResult(name, ch.WHAT[name], "measured", None, applied, mine, **pred, method="switch", stopped=stopped)
    share, interval, pairs = found
    return ChangeResult(name, ch.WHAT[name], "measured", None, applied, mine, share,
                        None, base_ms * share / 100.0, None, pairs, **pred, interval=interval, raw_share=share,
                        method="switch", blocks=pairs, stopped=stopped)


def compare(trials: Trials, advice: Sequence[Advice] | None, prediction_source: str | None) -> TrialReport:
    """Each change's runs against the baseline's, beside the advice (None: no profiled run to predict from); a
    switched change from its own run's blocks (:func:`switched_share`)."""
    base = {r.round: r for r in trials.of(BASELINE) if r.reached and r.step_ms}
    switched = set(trials.switched) | {n for n in ch.NAMES if any(r.blocks for r in trials.runs if r.arm == n)}
    measured_arms = [n for n in ch.NAMES if n not in trials.skipped and n not in trials.failed and trials.of(n)
                     and n not in switched]
    done = [r for r in trials.runs if r.reached and r.step_ms and (r.arm == BASELINE or r.arm in measured_arms)]
    fit = fit_effects(done, measured_arms)
    base_median = statistics.median(r.step_ms for r in base.values()) if base else None
    rows = []
    for name in ch.NAMES:
        pred = _prediction(name, advice)
        if name in trials.skipped:
            rows.append(ChangeResult(name, ch.WHAT[name], "skipped", trials.skipped[name], **pred))
            continue
        runs = trials.of(name)
        if not runs:
            continue
        if name in trials.failed:
            rows.append(ChangeResult(name, ch.WHAT[name], "failed", trials.failed[name], runs[0].applied,
                                     [r.step_ms for r in runs if r.step_ms], **pred))
            continue
        if name in switched:
            rows.append(_switched(name, runs[0], pred, trials.undecided.get(name)))
            continue
        rows.append(dataclasses.replace(_measured(name, runs, base, pred, fit[1].get(name) if fit else None, base_median),
                                        stopped=trials.undecided.get(name)))
    rows = [dataclasses.replace(r, needs=ch.PAIR[1]) if r.name == ch.PAIR[2] else r for r in rows]
    named = {r.name for r in rows}
    for name in trials.requested or []:  # every change asked for has its line, even one no run reached
        if name not in named:
            rows.append(ChangeResult(name, ch.WHAT[name], "failed", "no run measured it", **_prediction(name, advice)))
    return TrialReport(trials.target, trials.argv, str(trials.steps), trials.counted_by, trials.rounds,
                       [r.step_ms for r in base.values()], base_median, rows, prediction_source, asdict(trials.facts),
                       trials.workers, trials.threads, trials.world_size, fit[0] if fit else None,
                       trials.plan.describe() if trials.plan else None)


def _prediction(name: str, advice: Sequence[Advice] | None) -> dict:
    """What the advice predicted for change ``name``: the ChangeResult fields of its kind's ranked entry (a share
    of 0 where the advice stayed quiet; None where there is no advice, or no kind predicts the change)."""
    kind = ch.ADVICE_KIND[name]
    if not kind or advice is None:
        return {"predicted_kind": None, "predicted_share": None, "predicted_ms": None, "predicted_scale": None}
    predicted = next((a for a in advice if a.ranked and a.kind == kind), None)
    return {"predicted_kind": kind, "predicted_share": predicted.saving_pct if predicted else 0.0,
            "predicted_ms": predicted.saving_ms_per_step if predicted else None,
            "predicted_scale": predicted.scale if predicted else None}


def predicted_shares(advice: Sequence[Advice] | None) -> dict[str, float | None]:
    """Each change's predicted share, for the stopping rule (:mod:`.stopping`): None without a prediction."""
    return {name: _prediction(name, advice)["predicted_share"] for name in ch.NAMES}


def _measured(name: str, runs: list[Run], base: dict[int, Run], pred: dict, fitted: tuple[float, float] | None,
              base_median: float | None) -> ChangeResult:
    done = [r for r in runs if r.reached and r.step_ms]
    pairs = [(base[r.round].step_ms, r.step_ms) for r in done if r.round in base]
    shares = [100.0 * (b - c) / b for b, c in pairs]
    saved = [b - c for b, c in pairs]
    applied = runs[0].applied
    if not pairs or base_median is None:
        return ChangeResult(name, ch.WHAT[name], "measured", None, applied, [r.step_ms for r in done], **pred)
    raw = 100.0 * (1.0 - statistics.median(r.step_ms for r in done) / base_median)
    share, interval = raw, None
    if fitted is not None:
        share = fitted[0]
        log_effect, half = math.log(1.0 - share / 100.0), fitted[1]
        interval = (100.0 * (1.0 - math.exp(log_effect + half)), 100.0 * (1.0 - math.exp(log_effect - half)))
    return ChangeResult(name, ch.WHAT[name], "measured", None, applied, [r.step_ms for r in done], share,
                        (min(shares), max(shares)), base_median * share / 100.0, (min(saved), max(saved)), len(pairs),
                        **pred, interval=interval, raw_share=raw)

"""What ``traceview try`` measured against what the advice predicted, per change.

A change's measured saving is ``1 - median(change runs) / median(baseline runs)`` of the runs' steps
(each run's step is itself a median of synchronised chunks, :mod:`traceview.capture.trial`). Its spread
is read round by round: in round ``r`` the baseline and the change ran back to back
(:mod:`traceview.capture.trials`), and ``1 - change_ms / baseline_ms`` of that round is one measurement
taken under the same drift; the range of those is printed beside the median. Separate processes differ
(on the lent H200 a host-bound GPT-2 step ran 3.8 to 7.1 ms from one process to the next; within a run
its chunks agree to ~5%), so the baseline's own spread across runs is the noise floor (``noise``), and
a change smaller than it is called *within noise*. The predicted share is the advice entry of the kind
the change tests (:data:`traceview.capture.changes.ADVICE_KIND`), from a profiled run of the same
script. A prediction is *confirmed* within :data:`AGREE_POINTS` points of the measured share (the
advice's own goal for changes worth under 15%; :data:`LARGE_AGREE_POINTS` above); *not refuted* when
it misses that but lies inside the rounds' range.
"""

from __future__ import annotations

import statistics
from dataclasses import asdict, dataclass, field
from typing import Sequence

from traceview.analysis.advice import Advice
from traceview.capture import changes as ch
from traceview.capture.trials import BASELINE, Run, Trials

#: Points between predicted and measured share within which a prediction is confirmed (changes under
#: 15% of the step); larger changes get LARGE_AGREE_POINTS.
AGREE_POINTS = 5.0
LARGE_AGREE_POINTS = 10.0


@dataclass(frozen=True)
class ChangeResult:
    """One change: measured over the rounds, and what the advice said."""

    name: str
    what: str
    status: str  # "measured", "skipped", "failed"
    why: str | None = None  # skipped or failed: the one-line reason
    applied: list[str] = field(default_factory=list)  # what the change did in its first run
    step_ms: list[float] = field(default_factory=list)  # each run's step
    measured_share: float | None = None  # % of the baseline step saved, median over rounds
    share_range: tuple[float, float] | None = None
    saved_ms: float | None = None  # ms saved per step, median over rounds
    saved_range: tuple[float, float] | None = None
    rounds: int = 0  # rounds in which both arms ran
    predicted_kind: str | None = None
    predicted_share: float | None = None
    predicted_ms: float | None = None
    predicted_scale: str | None = None

    noise: float | None = None  # the baseline runs' spread, % of their median step

    @property
    def verdict(self) -> str | None:
        """'confirmed', 'not refuted (...)', 'off by N points', or None (nothing to compare)."""
        if self.measured_share is None or self.predicted_kind is None:
            return None
        predicted = self.predicted_share or 0.0
        tolerance = AGREE_POINTS if max(abs(predicted), abs(self.measured_share)) < 15 else LARGE_AGREE_POINTS
        gap = predicted - self.measured_share
        if abs(gap) <= tolerance:
            return "confirmed"
        low, high = self.share_range or (self.measured_share, self.measured_share)
        if low <= predicted <= high:
            return f"not refuted: off by {gap:+.0f} points, inside the rounds' range; more --runs would tell"
        return f"off by {gap:+.0f} points"

    @property
    def within_noise(self) -> bool:
        """The measured saving is smaller than the baseline's own spread across runs."""
        return self.measured_share is not None and self.noise is not None and abs(self.measured_share) < self.noise

    def as_dict(self) -> dict:
        return {**asdict(self), "verdict": self.verdict, "within_noise": self.within_noise}


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

    def as_dict(self) -> dict:
        out = asdict(self)
        out["changes"] = [c.as_dict() for c in self.changes]
        return out


def compare(trials: Trials, advice: Sequence[Advice] | None, prediction_source: str | None) -> TrialReport:
    """Each change's rounds against the baseline's, beside the advice (None: no profiled run to predict from)."""
    base = {r.round: r for r in trials.of(BASELINE) if r.reached and r.step_ms}
    by_kind = {a.kind: a for a in advice or [] if a.ranked}
    rows = []
    for name in ch.NAMES:
        kind = ch.ADVICE_KIND[name]
        predicted = by_kind.get(kind) if kind else None
        pred = {"predicted_kind": kind if advice is not None else None,
                "predicted_share": (predicted.saving_pct if predicted else 0.0) if kind and advice is not None else None,
                "predicted_ms": predicted.saving_ms_per_step if predicted else None,
                "predicted_scale": predicted.scale if predicted else None}
        if not kind:
            pred["predicted_kind"] = None
        if name in trials.skipped:
            rows.append(ChangeResult(name, ch.WHAT[name], "skipped", trials.skipped[name], **pred))
            continue
        runs = trials.of(name)
        if not runs:
            continue
        applied = runs[0].applied
        if name in trials.failed:
            rows.append(ChangeResult(name, ch.WHAT[name], "failed", trials.failed[name], applied,
                                     [r.step_ms for r in runs if r.step_ms], **pred))
            continue
        rows.append(_measured(name, applied, runs, base, pred, noise(list(base.values()))))
    times = [r.step_ms for r in base.values()]
    return TrialReport(trials.target, trials.argv, str(trials.steps), trials.counted_by, trials.rounds, times,
                       statistics.median(times) if times else None, rows, prediction_source, asdict(trials.facts),
                       trials.workers, trials.threads, trials.world_size)


def noise(base: list[Run]) -> float | None:
    """The baseline runs' spread: (slowest - fastest) / median, in % (None under two runs)."""
    times = [r.step_ms for r in base if r.step_ms]
    if len(times) < 2:
        return None
    return 100.0 * (max(times) - min(times)) / statistics.median(times)


def _measured(name: str, applied: list[str], runs: list[Run], base: dict[int, Run], pred: dict,
              base_noise: float | None) -> ChangeResult:
    done = [r for r in runs if r.reached and r.step_ms]
    pairs = [(base[r.round].step_ms, r.step_ms) for r in done if r.round in base]
    shares = [100.0 * (b - c) / b for b, c in pairs]
    saved = [b - c for b, c in pairs]
    if not pairs:
        return ChangeResult(name, ch.WHAT[name], "measured", None, applied, [r.step_ms for r in done], **pred)
    b, c = statistics.median(r.step_ms for r in base.values()), statistics.median(r.step_ms for r in done)
    return ChangeResult(name, ch.WHAT[name], "measured", None, applied, [r.step_ms for r in done],
                        100.0 * (b - c) / b, (min(shares), max(shares)), b - c, (min(saved), max(saved)),
                        len(pairs), **pred, noise=base_noise)

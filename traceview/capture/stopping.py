"""When ``traceview try`` has measured a change enough: the tolerance around a prediction and the stopping rule.

A change's measured share comes with a 90% interval ``[low, high]``. Against a predicted share ``p`` with
tolerance ``tol`` (:func:`tolerance`) the measurement has *decided* once the interval lies

- clearly inside the tolerance: ``p - tol <= low`` and ``high <= p + tol`` (the prediction holds), or
- clearly outside it: ``high < p - tol`` or ``low > p + tol`` (it does not);

and, with no prediction to test (``try --no-predict``), once the interval is no wider than ``2 * tol``. A
switched change (:mod:`.switch`) stops taking blocks once decided, a change run in separate processes stops
taking rounds; so short steps get more blocks and long ones fewer, and what is clear early costs no more time.

The tolerance is the advice's own goal: :data:`AGREE_POINTS` points for changes under 15% of the step,
:data:`LARGE_AGREE_POINTS` above.
"""

from __future__ import annotations

import math
import statistics
from typing import Final

#: Points between predicted and measured share within which a prediction is confirmed (changes under 15% of the
#: step); larger changes get LARGE_AGREE_POINTS.
AGREE_POINTS: Final[float] = 5.0
LARGE_AGREE_POINTS: Final[float] = 10.0
#: Measurements a change rests on before its interval may decide (pairs of blocks, or runs per arm).
MIN_PAIRS: Final[int] = 4
#: Student's t at 95% one-sided (a 90% two-sided interval) by degrees of freedom; 1.645 beyond.
T90 = (6.314, 2.920, 2.353, 2.132, 2.015, 1.943, 1.895, 1.860, 1.833, 1.812, 1.796, 1.782, 1.771, 1.761, 1.753,
       1.746, 1.740, 1.734, 1.729, 1.725, 1.721, 1.717, 1.714, 1.711, 1.708, 1.706, 1.703, 1.701, 1.699, 1.697)


def t90(df: int) -> float:
    return T90[df - 1] if 1 <= df <= len(T90) else 1.645


def tolerance(predicted: float | None, measured: float | None) -> float:
    """Points within which a measured share confirms ``predicted`` (None: no prediction, judged as 0)."""
    return AGREE_POINTS if max(abs(predicted or 0.0), abs(measured or 0.0)) < 15 else LARGE_AGREE_POINTS


def decided(measured: float, low: float, high: float, predicted: float | None) -> bool:
    """Whether the interval ``[low, high]`` of a measured share settles the question (see the module docstring);
    ``predicted`` None: no prediction, so only its width counts."""
    tol = tolerance(predicted, measured)
    if predicted is None:
        return high - low <= 2 * tol
    inside = predicted - tol <= low and high <= predicted + tol
    outside = high < predicted - tol or low > predicted + tol
    return inside or outside


def log_ratio_share(ratios: list[float]) -> tuple[float, tuple[float, float], int] | None:
    """The share of the step saved (%) from log step ratios (change / baseline), its 90% interval and how many
    ratios it rests on; None with fewer than 2."""
    if len(ratios) < 2:
        return None
    mean = statistics.mean(ratios)
    half = t90(len(ratios) - 1) * statistics.stdev(ratios) / math.sqrt(len(ratios))
    return 100 * (1 - math.exp(mean)), (100 * (1 - math.exp(mean + half)), 100 * (1 - math.exp(mean - half))), len(ratios)


def switched_share(blocks: list[dict], arm: str | None = None) -> tuple[float, tuple[float, float], int] | None:
    """A switched run's share of the step saved (%) by ``arm`` (None: every on block, a run that switched one
    change), its 90% interval, and the pairs it rests on: each on block of the arm against the mean of the off
    blocks beside it (the order off, on, on, off keeps one beside each), averaged on the log scale; None with fewer
    than 2 pairs."""
    ratios = []
    for i, b in enumerate(blocks):
        if not b["on"] or (arm is not None and b.get("arm", arm) != arm):
            continue
        beside = [blocks[j]["ms"] for j in (i - 1, i + 1) if 0 <= j < len(blocks) and not blocks[j]["on"]]
        if beside and b["ms"] > 0:
            ratios.append(math.log(b["ms"] / (sum(beside) / len(beside))))
    return log_ratio_share(ratios)

"""The model of every run of ``traceview try``'s separate processes (see :mod:`.verdict`):

    log(step_ms) = baseline + effect[arm] + beta * log(host_speed_ms)      (least squares)

each arm's share saved with the half-width of its 90% interval; the host speed enters only where it explains the runs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .stopping import t90

#: The host speed enters the model only when its coefficient is this many standard errors from 0.
MIN_T = 2.0


@dataclass(frozen=True)
class HostSpeedModel:
    """The fit behind the measured shares."""

    beta: float  # log step per log host speed; 0 when the host speed is left out
    beta_t: float | None  # its t statistic (None: no calibration to fit)
    used: bool  # the host speed entered the model
    residual_sd: float  # of log step, after the fit
    runs: int
    df: int = 0  # degrees of freedom of the fit

    def describe(self) -> str:
        if self.used:
            return (f"adjusted for each run's host speed (beta {self.beta:.2f}, t {self.beta_t:.1f}; "
                    f"residual {100 * self.residual_sd:.0f}% per run)")
        why = "no host calibration" if self.beta_t is None else f"host speed explained little (t {self.beta_t:.1f})"
        return f"plain comparison of the runs ({why}; {100 * self.residual_sd:.0f}% per run)"


def fit_effects(runs: list, arms: list[str]) -> tuple[HostSpeedModel, dict[str, tuple[float, float]]] | None:
    """Least squares of log(step) on the arms (and the host speed, where it explains the runs; ``runs``: each with
    ``arm``, ``step_ms`` and ``host_speed_ms``): each arm's
    share saved, in %, with the half-width of its 90% interval on the log scale. None with too few runs to fit."""
    if not arms:
        return None
    y = np.log([r.step_ms for r in runs])
    columns = [np.ones(len(runs))] + [np.array([r.arm == a for r in runs], dtype=float) for a in arms]
    speeds = [r.host_speed_ms for r in runs]
    t_stat = None
    best = None
    if all(s is not None and s > 0 for s in speeds):
        x = np.log(np.asarray(speeds, dtype=float))
        with_speed = _ols(np.column_stack([*columns, x - x.mean()]), y)
        if with_speed is not None:
            coef, se, sd = with_speed
            t_stat = float(coef[-1] / se[-1]) if se[-1] > 0 else None
            if t_stat is not None and t_stat >= MIN_T:
                best = (HostSpeedModel(float(coef[-1]), t_stat, True, sd, len(runs), len(runs) - len(columns) - 1),
                        coef[1:-1], se[1:-1])
    if best is None:
        plain = _ols(np.column_stack(columns), y)
        if plain is None:
            return None
        coef, se, sd = plain
        best = (HostSpeedModel(0.0, t_stat, False, sd, len(runs), len(runs) - len(columns)), coef[1:], se[1:])
    model, effects, errors = best
    return model, {a: (100.0 * (1.0 - math.exp(e)), s * t90(model.df)) for a, e, s in zip(arms, effects, errors)}


def _ols(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, float] | None:
    """Coefficients, their standard errors and the residual SD; None when the fit has no degrees of freedom."""
    n, k = x.shape
    if n <= k or np.linalg.matrix_rank(x) < k:
        return None
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    residual = y - x @ coef
    var = float(residual @ residual) / (n - k)
    cov = var * np.linalg.inv(x.T @ x)
    return coef, np.sqrt(np.maximum(np.diag(cov), 0.0)), math.sqrt(var)

"""`input`, `sync` and `pageable_copy` advice (issue 33) against interleaved A/B measurements of the change.

Tolerances, written before any measurement was made (2026-11-25): the predicted share of the step within
TOLERANCE_POINTS points of the measured share, the sign right, on every checked case; where a change measured
a saving under NOT_FIRING_SHARE of the step, the kind need not be advised, and where it measured no saving
(under the noise of the A/B, NOISE_SHARE) it must not be ranked.
"""

from __future__ import annotations

TOLERANCE_POINTS = 5.0
NOT_FIRING_SHARE = 0.03
NOISE_SHARE = 0.01

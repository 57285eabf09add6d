"""What an interleaved A/B benchmark (``ab_loader.py``, ``ab_compile.py``) reports: per arm the median of its
rounds' ms per step, and per change the share of the ``base`` step it saves with the spread of the round-by-round
shares (each round against the base round of the same lap; the 10th and 90th percentiles)."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Callable


def interleaved_rounds(arms: list[str], rounds: int, run_round: Callable[[str, int], float]) -> dict[str, list[float]]:
    """All arms in one process, alternating: ``rounds + 1`` laps, each arm once per lap in an order that rotates by
    one arm each lap; ``run_round(arm, lap)`` runs one round of the arm (synchronised at both ends) and returns its
    ms per step. The first lap warms every arm up and is not kept. Returns each arm's ms per step, one per round."""
    times: dict[str, list[float]] = {a: [] for a in arms}
    for lap in range(rounds + 1):
        for arm in arms[lap % len(arms):] + arms[:lap % len(arms)]:
            ms = run_round(arm, lap)
            if lap:
                times[arm].append(ms)
    return times


def timed_round(step: Callable[[], None], sync: Callable[[], None], steps: int, warm: int) -> float:
    """``warm`` untimed steps, then ``steps`` timed ones between two synchronisations: ms per step."""
    import time

    for _ in range(warm):
        step()
    sync()
    t0 = time.perf_counter()
    for _ in range(steps):
        step()
    sync()
    return (time.perf_counter() - t0) * 1e3 / steps


def summarize(result: dict, times: dict[str, list[float]], arms: list[str], json_path: str | None, label: str) -> dict:
    """Fill ``result["arms"]`` from ``times`` (ms per step, one per round), write it to ``json_path`` if given,
    print one line per arm ("LABEL ARM ms/step saves +x% (low..high)"); returns ``result``."""
    result.setdefault("arms", {})
    for a in arms:
        result["arms"].setdefault(a, {}).update({"round_ms": [round(t, 4) for t in times[a]],
                                                 "median_ms": statistics.median(times[a])})
    if "base" in times:
        b = result["arms"]["base"]["median_ms"]
        for arm in arms:
            if arm == "base":
                continue
            shares = sorted(1 - t / tb for t, tb in zip(times[arm], times["base"]))
            result["arms"][arm].update({"saving_share": 1 - result["arms"][arm]["median_ms"] / b,
                                        "saving_ms": b - result["arms"][arm]["median_ms"],
                                        "share_low": shares[len(shares) // 10], "share_high": shares[-1 - len(shares) // 10]})
    if json_path:
        Path(json_path).write_text(json.dumps(result, indent=1) + "\n")
    for arm in arms:
        a = result["arms"][arm]
        extra = f"  saves {a['saving_share']:+.1%} ({a['share_low']:+.1%}..{a['share_high']:+.1%})" if "saving_share" in a else ""
        print(f"{label} {arm:16s} {a['median_ms']:8.3f} ms/step{extra}")
    return result

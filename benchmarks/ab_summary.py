"""What an interleaved A/B benchmark (``ab_loader.py``, ``ab_compile.py``) reports: per arm the median of its
rounds' ms per step, and per change the share of the ``base`` step it saves with the spread of the round-by-round
shares (each round against the base round of the same lap; the 10th and 90th percentiles)."""

from __future__ import annotations

import json
import statistics
from pathlib import Path


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

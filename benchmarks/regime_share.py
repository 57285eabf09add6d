"""Issue 33: the A/B's measured share at the CPU speed the profile saw (docs/benchmarks.md, session 20).

The device's CPU changes speed by ~1.6x every few seconds (benchmarks/host_regime.py); a sync loop's batch, made in
the training process, follows it and its GPU work does not. The base arm's ``__next__`` ms per step in each A/B lap
says which speed that lap ran at. For a run directory of ``gpu_loader.sh PROFILE_AFTER=1`` (ab.json with a postlude:
the unprofiled steps right before the profiled window), each change's share at the postlude's speed: the median of
the lap shares (1 - the change's round / the base round of the same lap) over the ``--laps`` laps whose base
``__next__`` is closest to the postlude's. Beside it, the prediction and the unconditional measurement
(``bottleneck_predictions.rows_of``).

    python benchmarks/regime_share.py sample_traces/gpu/loader-blind-after/*-sync [--laps 12] [--json out.json]
    python benchmarks/regime_share.py sample_traces/gpu/loader-probe/* --by probe --laps 24   # ab_loader.py --probe runs
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bottleneck_predictions import rows_of  # noqa: E402


def share_at_speed(ab: dict, arm: str, laps: int, by: str = "next") -> tuple[float, float, float]:
    """(share at the postlude's speed, the chosen laps' speed measure low, high). ``by="next"``: the laps whose base
    ``__next__`` ms per step is closest to the postlude's; ``by="probe"`` (an ``ab_loader.py --probe`` run): the laps
    whose base and ``arm`` rounds both ran closest to the postlude's CPU speed (the larger of the two probes'
    relative distances from the postlude's probe, smallest first)."""
    base, other = ab["arms"]["base"], ab["arms"][arm]
    if by == "probe":
        target = ab["postlude_timed"]["probe_ms"]
        key = [max(abs(b - target), abs(o - target)) / target for b, o in zip(base["probe_ms"], other["probe_ms"])]
        measure = base["probe_ms"]
    else:
        target = ab["postlude_timed"]["next_ms"]
        key = [abs(b - target) for b in base["next_ms"]]
        measure = base["next_ms"]
    lap = sorted(range(len(base["round_ms"])), key=key.__getitem__)[:laps]
    shares = [1 - other["round_ms"][k] / base["round_ms"][k] for k in lap]
    chosen = [measure[k] for k in lap]
    return statistics.median(shares), min(chosen), max(chosen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+", type=Path)
    parser.add_argument("--laps", type=int, default=12, help="laps chosen (a run's 40 rounds: 12; 80: 24)")
    parser.add_argument("--by", choices=("next", "probe"), default="next", help="how a lap's speed is told (see share_at_speed)")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    out = []
    for d in args.dirs:
        ab = json.loads((d / "ab.json").read_text())
        if not ab.get("postlude_timed"):
            print(f"{d.name}: no postlude (not a PROFILE_AFTER run), left out", file=sys.stderr)
            continue
        for row in rows_of(d):
            if not row["advised"]:
                continue
            at, lo, hi = share_at_speed(ab, row["kind"], args.laps, args.by)
            row.update({"by": args.by, "postlude_probe_ms": ab["postlude_timed"].get("probe_ms"), "postlude_next_ms": round(ab["postlude_timed"]["next_ms"], 3), "laps_next_ms": [round(lo, 3), round(hi, 3)],
                        "at_speed_pct": round(100 * at, 2), "at_speed_error": round(row["predicted_pct"] - 100 * at, 2)})
            out.append(row)
            print(f"{row['case']:18s} {row['kind']:14s} predicted {row['predicted_pct']:5.1f}%  measured {row['measured_pct']:5.1f}% "
                  f"(error {row['error_points']:+5.1f})  at the profile's speed {row['at_speed_pct']:5.1f}% (error "
                  f"{row['at_speed_error']:+5.1f}; postlude __next__ {row['postlude_next_ms']:.2f} ms; the laps' {args.by} {lo:.2f}..{hi:.2f})")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()

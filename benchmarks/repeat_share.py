"""Issue 33, set `loader-repeat` (docs/benchmarks.md, session 23): how far the measured share of one change on one
loop moves between runs of the same protocol, and where the tool's prediction of each run lies.

    python benchmarks/repeat_share.py RUN_FOLDER [RUN_FOLDER ...] [--json out.json]

Each RUN_FOLDER holds one run of benchmarks/gpu_loader.sh (a folder per loop: ab.json, the trace, meta.json); a loop
found in several folders was measured several times. Per loop and change (each arm of ab.json but `base`): the
measured share of each run, every pair of runs' difference (hypothesis R: within 5 points on at least 90% of pairs),
and each run's prediction (benchmarks/bottleneck_predictions.py's row: 0 where not advised) against its own run's
measurement and against the mean of the loop's *other* runs (what a predictor that knew the loop's expected share,
and nothing of the run, could at best do).
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
from pathlib import Path

TOLERANCE_POINTS = 5.0


def measured(run_dir: Path) -> dict[str, float]:
    """Each change's measured share of the base step (percent) in one run's ab.json."""
    arms = json.loads((run_dir / "ab.json").read_text())["arms"]
    return {kind: 100 * arm["saving_share"] for kind, arm in arms.items() if kind != "base"}


def by_loop(records: list[dict]) -> list[dict]:
    """Flat per-run records (``run``, ``case``, ``kind``, ``measured_pct``, ``predicted_pct``, ``advised``), in run
    order, as one row per loop and change holding its runs."""
    rows: dict[tuple[str, str], dict] = {}
    for r in records:
        row = rows.setdefault((r["case"], r["kind"]), {"case": r["case"], "kind": r["kind"], "runs": []})
        row["runs"].append({k: r[k] for k in ("run", "measured_pct", "predicted_pct", "advised")})
    return list(rows.values())


def table(folders: list[Path]) -> list[dict]:
    """One row per loop and change: the runs' measured shares and predictions, in the order of ``folders``."""
    import bottleneck_predictions

    records = []
    for folder in folders:
        for run_dir in sorted(p for p in folder.iterdir() if (p / "ab.json").exists()):
            predicted = {r["kind"]: r for r in bottleneck_predictions.rows_of(run_dir)}
            for kind, share in measured(run_dir).items():
                p = predicted.get(kind)
                records.append({"run": folder.name, "case": run_dir.name, "kind": kind, "measured_pct": round(share, 2),
                                "predicted_pct": p["predicted_pct"] if p else None,
                                "advised": p["advised"] if p else None})
    return by_loop(records)


def summary(rows: list[dict]) -> dict:
    """Pairs of runs within the tolerance (hypothesis R), and the predictions' errors against their own run and
    against the mean of the loop's other runs."""
    pairs = [abs(a["measured_pct"] - b["measured_pct"]) for r in rows for a, b in itertools.combinations(r["runs"], 2)]
    own, others = [], []
    for r in rows:
        for i, run in enumerate(r["runs"]):
            if not run["advised"]:
                continue
            rest = [o["measured_pct"] for j, o in enumerate(r["runs"]) if j != i]
            own.append(run["predicted_pct"] - run["measured_pct"])
            if rest:
                others.append(run["predicted_pct"] - statistics.mean(rest))
    # a run's measurement against the mean of the loop's other runs: the best a predictor of the loop's expected
    # share could do against that run (leave-one-out, so the run does not pull the mean towards itself)
    loo = [run["measured_pct"] - statistics.mean(o["measured_pct"] for j, o in enumerate(r["runs"]) if j != i)
           for r in rows if len(r["runs"]) > 1 for i, run in enumerate(r["runs"])]

    def within(xs: list[float]) -> str:
        return f"{sum(abs(x) <= TOLERANCE_POINTS for x in xs)} of {len(xs)}"

    return {"pairs": len(pairs), "pairs_within": within(pairs),
            "pairs_median_points": round(statistics.median(pairs), 2) if pairs else None,
            "hypothesis_r_holds": bool(pairs) and sum(x <= TOLERANCE_POINTS for x in pairs) >= 0.9 * len(pairs),
            "advised_runs": len(own), "prediction_vs_own_run_within": within(own),
            "prediction_vs_own_run_mean_abs": round(statistics.mean(map(abs, own)), 2) if own else None,
            "prediction_vs_other_runs_within": within(others),
            "prediction_vs_other_runs_mean_abs": round(statistics.mean(map(abs, others)), 2) if others else None,
            "run_vs_other_runs_within": within(loo),
            "run_vs_other_runs_mean_abs": round(statistics.mean(map(abs, loo)), 2) if loo else None}


def main() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    rows = table(args.folders)
    for r in rows:
        runs = "  ".join(f"{x['measured_pct']:6.1f}" + (f" ({x['predicted_pct']:.1f})" if x["advised"] else " (quiet)")
                         for x in r["runs"])
        print(f"{r['case']:18s} {r['kind']:14s} measured (predicted): {runs}")
    s = summary(rows)
    for k, v in s.items():
        print(f"{k}: {v}")
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "summary": s}, indent=1) + "\n")


if __name__ == "__main__":
    main()

"""Issue 33: each `input`, `sync` and `pageable_copy` prediction against the interleaved A/B measurement of the
change, per run directory of benchmarks/gpu_loader.sh (or a CPU one): `traceview profile`'s trace + meta.json,
and ab.json from benchmarks/ab_loader.py.

    python benchmarks/bottleneck_predictions.py sample_traces/gpu/loader/*/ [--json out.json]

A kind not advised predicts 0 (it said the change would save under 3% of the step, or had no evidence).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from traceview.analysis.analyze import analyze
from traceview.trace import load
from traceview.trace.run_files import dynamo_record, run_files

KINDS = ("input", "sync", "pageable_copy", "precision", "autocast")  # ab.json arms named by the kind they test


def rows_of(run_dir: Path) -> list[dict]:
    trace = sorted(run_dir.glob("*.pt.trace.json*"))[0]
    result = analyze(load(trace), dynamo_record(run_files(trace)))
    advised = {a.kind: a for a in result.advice if a.ranked}  # an unranked note predicts nothing
    measured = json.loads((run_dir / "ab.json").read_text())
    rows = []
    for kind in KINDS:
        arm = measured["arms"].get(kind)
        if arm is None:
            continue
        a = advised.get(kind)
        rows.append({"case": run_dir.name, "kind": kind, "advised": a is not None,
                     "predicted_pct": round(a.saving_pct, 2) if a else 0.0,
                     "predicted_ms": round(a.saving_ms_per_step, 3) if a else 0.0, "scale": a.scale if a else None,
                     "measured_pct": round(100 * arm["saving_share"], 2),
                     "measured_low_pct": round(100 * arm["share_low"], 2), "measured_high_pct": round(100 * arm["share_high"], 2),
                     "measured_ms": round(arm["saving_ms"], 3), "base_ms": round(measured["arms"]["base"]["median_ms"], 3),
                     "error_points": round((a.saving_pct if a else 0.0) - 100 * arm["saving_share"], 2)})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+", type=Path)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    rows = [r for d in args.dirs if (d / "ab.json").exists() for r in rows_of(d)]
    for r in rows:
        print(f"{r['case']:14s} {r['kind']:14s} predicted {r['predicted_pct']:6.1f}%  measured {r['measured_pct']:6.1f}% "
              f"({r['measured_low_pct']:.1f}..{r['measured_high_pct']:.1f})  error {r['error_points']:+.1f} points", file=sys.stdout)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()

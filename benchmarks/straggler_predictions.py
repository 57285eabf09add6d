"""`straggler` advice against the measured change: each slow arm of ``sample_traces/scripts/ddp_straggler.py``'s run
(``traceview ranks`` on its two ranks' traces) against the interleaved A/B of the same processes (``ab.json``).

    python benchmarks/straggler_predictions.py sample_traces/nccl_2rank/straggler [--json OUT]

A slow arm's measured share is what making its slow rank like the balanced job's saved (1 - balanced / slow, medians
of the rounds; 10-90% of the rounds' own ratios beside it); the prediction is the `straggler` entry's `saving_pct`
(0 where it is not ranked advice)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from typer.testing import CliRunner

from traceview.cli import app


def ranks_doc(folder: Path) -> dict:
    out = CliRunner().invoke(app, ["ranks", str(folder), "--json"])
    if out.exit_code:
        raise SystemExit(f"traceview ranks {folder}: {out.output.strip()}")
    return json.loads(out.stdout)


def rows_of(root: Path) -> list[dict]:
    ab = json.loads((root / "ab.json").read_text())
    rows = []
    for arm, m in ab["arms"].items():
        if "saving_share" not in m:
            continue
        doc = ranks_doc(root / arm)
        a = next((x for x in doc["advice"] if x["kind"] == "straggler" and x["ranked"]), None)
        rows.append({"arm": arm, "advised": a is not None, "rank": a["rank"] if a else None,
                     "cause": a["assumptions"].split(";")[0] if a else None,
                     "predicted_pct": round(a["saving_pct"], 2) if a else 0.0,
                     "predicted_ms": round(a["saving_ms_per_step"], 3) if a else 0.0,
                     "measured_pct": round(100 * m["saving_share"], 2), "measured_ms": round(m["saving_ms"], 3),
                     "measured_low_pct": round(100 * m["share_low"], 2), "measured_high_pct": round(100 * m["share_high"], 2),
                     "error_points": round((a["saving_pct"] if a else 0.0) - 100 * m["saving_share"], 2)})
    balanced = ranks_doc(root / "balanced")
    rows.append({"arm": "balanced", "advised": any(x["kind"] == "straggler" and x["ranked"] for x in balanced["advice"]),
                 "note": next((n for n in balanced["advice_notes"] if n.startswith("straggler:")), None)})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    rows = rows_of(args.root)
    for r in rows:
        if "predicted_pct" in r:
            print(f"{r['arm']:13s} predicted {r['predicted_pct']:6.1f}% ({r['predicted_ms']:.2f} ms, {r['cause']})  measured "
                  f"{r['measured_pct']:6.1f}% ({r['measured_low_pct']:.1f}..{r['measured_high_pct']:.1f}; {r['measured_ms']:.2f} ms)"
                  f"  error {r['error_points']:+.1f} points", file=sys.stdout)
        else:
            print(f"{r['arm']:13s} straggler ranked: {r['advised']}; {r['note']}", file=sys.stdout)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()

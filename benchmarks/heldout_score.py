"""Score the advice on held-out loops (benchmarks/gpu_heldout.sh PART=models): each model's two profiles (steps 20:25
and 5:45) analysed by today's code against its in-process A/B (benchmarks/heldout.py --ab), and how far each
prediction moves between the two windows.

    python benchmarks/heldout_score.py PROFILES_DIR AB_JSON... [--json out.json]

A row per (model, change): the kind it tests, the predicted share at 20:25 and at 5:45, the measured share and its
10-90% range (the A/B's step percentiles against the baseline's median), and whether the prediction is right by the
record's rule (benchmarks/advice_record.py: ``within``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import advice_record  # noqa: E402

from traceview.analysis.analyze import analyze  # noqa: E402
from traceview.trace import load  # noqa: E402
from traceview.trace.run_files import dynamo_record, run_files  # noqa: E402

#: A/B variant -> the advice kind it measures.
KIND_OF = {"compile": "compile", "ro": "cuda_graphs", "fused": "fused_optimizer", "tf32": "precision", "bf16": "autocast"}


def ranked(folder: Path) -> dict:
    files = run_files(folder)
    return {a.kind: a.saving_pct for a in analyze(load(files.trace), dynamo_record(files)).advice if a.ranked}


def rows(profiles: Path, ab_paths: list[Path]) -> list[dict]:
    out = []
    for ab_path in ab_paths:
        ab = json.loads(ab_path.read_text())
        model = ab["model"]
        late, early = ranked(profiles / f"{model}-20-25"), ranked(profiles / f"{model}-5-45")
        base = ab["results"]["eager"]["median_ms"]
        for variant, kind in KIND_OF.items():
            if variant not in ab["results"]:
                continue
            r = ab["results"][variant]
            row = {"set": "heldout", "case": model, "kind": kind, "advised": kind in late,
                   "predicted_pct": round(late.get(kind, 0.0), 2), "predicted_5_45_pct": round(early.get(kind, 0.0), 2),
                   "measured_pct": round(r["saving_pct"], 2), "measured_low_pct": round(100 * (1 - r["p90"] / base), 2),
                   "measured_high_pct": round(100 * (1 - r["p10"] / base), 2)}
            row["within"] = advice_record.within(row)
            row["window_moves"] = round(abs(row["predicted_pct"] - row["predicted_5_45_pct"]), 2)
            out.append(row)
    return out


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("profiles", type=Path)
    p.add_argument("ab", type=Path, nargs="+")
    p.add_argument("--json", type=Path)
    a = p.parse_args()
    table = rows(a.profiles, a.ab)
    for r in table:
        print(f"{r['case']:8s} {r['kind']:16s} predicted {r['predicted_pct']:6.1f}% (5:45 {r['predicted_5_45_pct']:6.1f}%)"
              f"  measured {r['measured_pct']:6.1f}% ({r['measured_low_pct']:.1f}..{r['measured_high_pct']:.1f})"
              f"  {'ok' if r['within'] else 'MISS'}")
    if a.json:
        a.json.write_text(json.dumps({"script": "benchmarks/heldout_score.py", "rows": table}, indent=1) + "\n")


if __name__ == "__main__":
    main()

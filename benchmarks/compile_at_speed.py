"""The compile model with its constants at each trace's process speed, against the model as committed: the
``compile`` (and ``compile+loss``) rows of model-set directories, each scored with both.

    python benchmarks/compile_at_speed.py sample_traces/gpu/models sample_traces/gpu/models-blind-s14b ... [--json OUT]

The scaled constants come from ``benchmarks/micro_compile.py`` runs that recorded their process's speed (the median
eager launch call under the profiler; ``sample_traces/gpu/models/micro_compile-speed-*.json``): each fit divided by its
process's launch call, the medians taken at the median launch call, and each trace's process scaled to its own
(``compile_model.at_speed``). Tolerance as the tests': 10 points, 5 where the change is worth under 15%, the sign
right where the A/B's rounds agree."""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import model_predictions as mp  # noqa: E402

import traceview.analysis.advice.compile_model as cm  # noqa: E402

SPEED = Path(__file__).resolve().parent.parent / "sample_traces" / "gpu" / "models"


def scaled_costs() -> cm.CompileCosts:
    fits = []
    for path in sorted(SPEED.glob("micro_compile-speed-*.json")):
        for v in json.loads(path.read_text())["by_blocks"].values():
            u = v["unprofiled"]
            fits.append((u["compiled_kernel_ms"] / u["eager_launch_us"], u["compiled_call_ms"] / u["eager_launch_us"], u["eager_launch_us"]))
    launch = statistics.median(f[2] for f in fits)
    kernel = [f[0] * launch for f in fits]
    return dataclasses.replace(cm.COSTS["cuda"], call_ms=statistics.median(f[1] for f in fits) * launch,
                               kernel_ms=statistics.median(kernel), kernel_ms_range=(min(kernel), max(kernel)), launch_us=launch,
                               source=f"micro_compile-speed: {len(fits)} fits at a {launch:.2f} µs launch call")


def score(roots: list[Path], costs: cm.CompileCosts) -> list[dict]:
    cm.COSTS["cuda"] = costs
    out = []
    for root in roots:
        for ab in sorted(root.glob("ab-*.json")):
            model = ab.name[3:-5]
            if not (root / f"{model}-eager").is_dir():
                continue
            for r in mp.rows_of(root, model):
                if r["trace"] != "eager" or r["kind"] not in ("compile", "compile+loss"):
                    continue
                tolerance = 5 if abs(r["measured_pct"]) < 15 else 10
                ok = abs(r["error_points"]) <= tolerance
                if r["measured_low_pct"] > 0 or r["measured_high_pct"] < 0:
                    ok = ok and (r["predicted_pct"] > 0) == (r["measured_low_pct"] > 0)
                out.append({**r, "set": root.name, "within": ok})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="+", type=Path)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    committed = cm.COSTS["cuda"]
    at_speed = scaled_costs()
    before, after = score(args.roots, committed), score(args.roots, at_speed)
    cm.COSTS["cuda"] = committed
    print(f"committed: {committed.call_ms} ms, {committed.kernel_ms * 1e3:.1f} µs; at speed: {at_speed.call_ms:.3f} ms, "
          f"{at_speed.kernel_ms * 1e3:.1f} µs at a {at_speed.launch_us:.2f} µs launch call")
    for a, b in zip(before, after):
        print(f"{a['set'][-14:]:14s} {a['model']:10s} {a['kind']:12s} measured {a['measured_pct']:6.1f}%  committed "
              f"{a['predicted_pct']:6.1f}% ({a['error_points']:+6.1f}{'' if a['within'] else ' X'})  at speed {b['predicted_pct']:6.1f}% "
              f"({b['error_points']:+6.1f}{'' if b['within'] else ' X'})")
    for name, rows in (("committed", before), ("at speed", after)):
        errors = [abs(r["error_points"]) for r in rows]
        print(f"{name}: mean |error| {statistics.mean(errors):.2f} points, within {sum(r['within'] for r in rows)} of {len(rows)}")
    if args.json:
        Path(args.json).write_text(json.dumps({"committed": before, "at_speed": after}, indent=1) + "\n")


if __name__ == "__main__":
    main()

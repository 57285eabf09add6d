"""Two checkouts of traceview on one trace, runs interleaved (A, B, A, B, ...): load + analyze seconds,
load seconds and peak memory, medians. For small traces, where one run is a fraction of a second and
a shared machine's spread between runs is larger than the difference being measured.

    git worktree add /tmp/old <commit>
    python benchmarks/before_after.py TRACE --before /tmp/old [--runs 9] [--out results.json]

Each run is a fresh process measured by ``benchmarks/analyzer.py``'s ``run_one`` (the ``traceview``
tool: ``load`` + ``analyze``, no cache).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import analyzer  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace", type=Path)
    parser.add_argument("--before", type=Path, required=True, help="the other checkout (e.g. a git worktree of an older commit)")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    base = {**os.environ, "TRACEVIEW_CACHE_DIR": str(Path("/tmp") / "traceview-before-after-cache")}
    runs: dict[str, list[dict]] = {"before": [], "after": []}
    for _ in range(args.runs):
        for label in runs:
            env = dict(base, TRACEVIEW_BENCH_SRC=str(args.before.resolve())) if label == "before" else base
            runs[label].append(analyzer.run_one("traceview", args.trace, 20 * 2**30, env))
    for label, done in runs.items():
        med = {k: statistics.median(r[k] for r in done) for k in ("seconds", "load_seconds", "peak_mb")}
        print(f"{label}: {med['seconds']:.3f} s (load {med['load_seconds']:.3f} s), peak {med['peak_mb']:.1f} MB; "
              f"runs {[round(r['seconds'], 3) for r in done]}")
    if args.out:
        args.out.write_text(json.dumps(runs, indent=1))


if __name__ == "__main__":
    main()

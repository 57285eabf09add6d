"""Load and analyze times of two checkouts on the same traces, in rounds of one process per checkout (A, B, A, B,
...): in each process every trace is loaded and analysed ``--runs`` times afresh (no cache, no worker processes),
the first run left out, medians kept. A 10% change in ``analyze()`` is below the 2x spread between fresh processes
on a shared host, not below the spread of medians within one.

    git archive <commit> traceview | tar -x -C /tmp/old
    python benchmarks/load_analyze_rounds.py --other /tmp/old [--rounds 3] [--runs 6] [--json out.json] TRACE...
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_CHILD = r'''
import json, os, statistics, sys, time
os.environ["TRACEVIEW_LOAD_WORKERS"] = "0"
sys.path.insert(0, sys.argv[1])
import traceview
assert traceview.__file__.startswith(sys.argv[1]), traceview.__file__
from traceview.analysis.analyze import analyze
from traceview.trace import load
runs, out = int(sys.argv[2]), {}
for path in sys.argv[3:]:
    loads, analyses = [], []
    for _ in range(runs):
        t = time.perf_counter(); trace = load(path); t1 = time.perf_counter(); analyze(trace); t2 = time.perf_counter()
        loads.append(t1 - t); analyses.append(t2 - t1)
    out[path] = {"load_ms": statistics.median(loads[1:]) * 1e3, "analyze_ms": statistics.median(analyses[1:]) * 1e3}
print(json.dumps(out))
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("traces", nargs="+")
    parser.add_argument("--other", type=Path, required=True, help="the other checkout's root (holding traceview/)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    sides = {"other": str(args.other.resolve()), "this": str(ROOT)}
    got: dict[str, list[dict]] = {side: [] for side in sides}
    for _ in range(args.rounds):
        for side, src in sides.items():
            done = subprocess.run([sys.executable, "-c", _CHILD, src, str(args.runs), *args.traces], check=True,
                                  capture_output=True, text=True)
            got[side].append(json.loads(done.stdout.strip().splitlines()[-1]))
    table = {}
    print("| trace | load before / after (ms) | analyze before / after (ms) | analyze change |")
    print("|---|---:|---:|---:|")
    for path in args.traces:
        row = {side: {k: statistics.median(r[path][k] for r in got[side]) for k in ("load_ms", "analyze_ms")} for side in sides}
        table[path] = {"rounds": {side: [r[path] for r in got[side]] for side in sides}, "medians": row}
        a, b = row["other"], row["this"]
        print(f"| {Path(path).name} | {a['load_ms']:.0f} / {b['load_ms']:.0f} | {a['analyze_ms']:.0f} / {b['analyze_ms']:.0f} "
              f"| {100 * (b['analyze_ms'] / a['analyze_ms'] - 1):+.0f}% |")
    if args.json:
        args.json.write_text(json.dumps(table, indent=1))


if __name__ == "__main__":
    main()

"""A trace loaded and analysed with 0, 2, 4, ... worker processes decoding its pieces (``TRACEVIEW_LOAD_WORKERS``):
seconds of load and analyze, CPU seconds of the process and of its workers, peak RSS; each run a fresh process,
the counts interleaved in rounds (a shared machine's slow spells hit each count alike), medians.

    python benchmarks/load_workers.py TRACE [--workers 0 2 4 8] [--rounds 3] [--out results.json]

Workers: 0 reads every piece in the process itself; N > 1 forks N processes (trace/workers.py, ``_read_in_workers``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
from datetime import date
from pathlib import Path

CHILD = r"""
import json, resource, sys, time
from traceview.trace import load
from traceview.analysis.analyze import analyze
t0 = time.perf_counter(); trace = load(sys.argv[1]); t1 = time.perf_counter(); analyze(trace); t2 = time.perf_counter()
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"load_s": t1 - t0, "analyze_s": t2 - t1, "total_s": t2 - t0, "slices": len(trace.slices),
                  "cpu_self_s": me.ru_utime + me.ru_stime, "cpu_workers_s": kids.ru_utime + kids.ru_stime,
                  "maxrss_mb": me.ru_maxrss / 1024, "worker_maxrss_mb": kids.ru_maxrss / 1024}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace", type=Path)
    parser.add_argument("--workers", type=int, nargs="+", default=[0, 2])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    runs: dict[int, list[dict]] = {w: [] for w in args.workers}
    for r in range(args.rounds):
        for w in args.workers:
            env = {**os.environ, "TRACEVIEW_LOAD_WORKERS": str(w)}
            done = subprocess.run([sys.executable, "-c", CHILD, str(args.trace)], env=env, capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"workers={w}: {done.stderr.strip().splitlines()[-1] if done.stderr.strip() else done.returncode}")
            runs[w].append(json.loads(done.stdout.strip().splitlines()[-1]))
            print(f"round {r + 1} workers {w}: {runs[w][-1]}", flush=True)
    medians = {w: {k: statistics.median(run[k] for run in rs) for k in rs[0]} for w, rs in runs.items()}
    print(f"\n{args.trace.name}, {os.cpu_count()} cores, Python {platform.python_version()}, {date.today()}; medians of {args.rounds}")
    print("| workers | load | analyze | load + analyze | CPU s (process + workers) | peak RSS (process / a worker) |")
    print("|---:|---:|---:|---:|---:|---:|")
    for w, m in medians.items():
        print(f"| {w} | {m['load_s']:.3f} s | {m['analyze_s']:.3f} s | {m['total_s']:.3f} s | "
              f"{m['cpu_self_s']:.1f} + {m['cpu_workers_s']:.1f} | {m['maxrss_mb']:.0f} / {m['worker_maxrss_mb']:.0f} MB |")
    if args.out:
        args.out.write_text(json.dumps({"trace": str(args.trace), "cores": os.cpu_count(), "date": str(date.today()),
                                        "python": platform.python_version(), "runs": runs, "medians": medians}, indent=1))


if __name__ == "__main__":
    main()

"""Where one ``analyze()`` call spends its time: each analysis it runs, timed on the same loaded trace, medians of
``--runs`` calls after a first one (the first call's lazy imports left out). ``--src`` times another checkout's
traceview (an older commit's ``traceview/`` folder) the same way, for a before/after of analysis code alone: load
and the host's noise between processes do not enter a median of calls in one process. A loaded trace keeps what
its queries derive (the slice tree's levels, nearest-tag walks, the ops' shapes): ``--fresh`` loads the trace again
(untimed) before each call, so every call pays them as a user's single ``analyze()`` does.

    python benchmarks/analyze_stages.py TRACE [--src /tmp/old] [--runs 5] [--fresh] [--json out.json]
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("traces", type=Path, nargs="+")
    parser.add_argument("--src", type=Path, help="another checkout's root (holding traceview/)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", type=Path, help="write {trace: {analysis: ms}} here")
    parser.add_argument("--fresh", action="store_true", help="load the trace again (untimed) before each call")
    args = parser.parse_args()
    os.environ.setdefault("TRACEVIEW_LOAD_WORKERS", "0")
    sys.path.insert(0, str((args.src or Path(__file__).resolve().parent.parent).resolve()))
    import traceview.analysis.analyze as analyze_module
    from traceview.trace import load

    times: dict[str, list[float]] = defaultdict(list)

    def timed(name, f):
        @functools.wraps(f)
        def run(*a, **k):
            t = time.perf_counter()
            try:
                return f(*a, **k)
            finally:
                times[name].append(time.perf_counter() - t)
        return run

    # every analysis analyze() calls by a name it imported (the module's functions, not its helpers)
    names = [n for n, f in vars(analyze_module).items() if callable(f) and getattr(f, "__module__", "").startswith("traceview.")
             and n not in ("analyze", "Analysis", "DynamoRecord", "with_steady_note") and not isinstance(f, type)]
    for n in names:
        setattr(analyze_module, n, timed(n, getattr(analyze_module, n)))
    out = {}
    for path in args.traces:
        times.clear()
        trace = load(path)
        analyze_module.analyze(trace)
        times.clear()
        total = []
        for _ in range(args.runs):
            if args.fresh:
                trace = load(path)
            t = time.perf_counter()
            analyze_module.analyze(trace)
            total.append(time.perf_counter() - t)
        row = {"analyze": statistics.median(total) * 1e3, **{n: statistics.median(v) * 1e3 for n, v in times.items()}}
        out[str(path)] = row
        top = sorted(((v, n) for n, v in row.items() if n != "analyze"), reverse=True)[:8]
        print(f"{path}: analyze {row['analyze']:.0f} ms; " + ", ".join(f"{n} {v:.0f}" for v, n in top), flush=True)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

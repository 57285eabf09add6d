"""Load + analyze of each trace in a fresh process, the first call and the calls after it (the first one pays
what is done once per process: lazy imports, caches, first-call setup). With ``--other`` a second checkout's
traceview is timed the same way in the same rounds. Prints one line per trace and checkout.

    python benchmarks/first_calls.py TRACE... [--calls 3] [--rounds 3] [--other /tmp/old]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _child(trace: str, calls: int) -> None:
    started = time.perf_counter()
    from traceview.analysis.analyze import analyze
    from traceview.trace import load
    imported = time.perf_counter() - started
    runs = []
    for _ in range(calls):
        t = time.perf_counter()
        loaded = load(trace)
        t_load = time.perf_counter() - t
        analyze(loaded)
        runs.append({"load": t_load, "analyze": time.perf_counter() - t - t_load})
    print(json.dumps({"import": imported, "runs": runs}))


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        sys.path.insert(0, sys.argv[4])
        _child(sys.argv[2], int(sys.argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("traces", nargs="+")
    parser.add_argument("--calls", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--other", help="another checkout's root (holding traceview/)")
    args = parser.parse_args()
    sources = {"this": str(ROOT)} | ({"other": str(Path(args.other).resolve())} if args.other else {})
    for trace in args.traces:
        got: dict[str, list[dict]] = {name: [] for name in sources}
        for _ in range(args.rounds):
            for name, src in sources.items():
                out = subprocess.run([sys.executable, __file__, "--child", trace, str(args.calls), src],
                                     capture_output=True, text=True, env=os.environ | {"PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")})
                if out.returncode != 0:
                    print(f"{trace} {name}: failed: {out.stderr.strip().splitlines()[-1:]}")
                    break
                got[name].append(json.loads(out.stdout.strip().splitlines()[-1]))
        for name, children in got.items():
            if not children:
                continue
            def med(call: int, key: str) -> float:
                return statistics.median(c["runs"][call][key] for c in children) * 1000
            later = ", ".join(f"call {i + 1}: load {med(i, 'load'):.1f} + analyze {med(i, 'analyze'):.1f} ms"
                              for i in range(1, args.calls))
            print(f"{Path(trace).name} [{name}] first call: load {med(0, 'load'):.1f} + analyze {med(0, 'analyze'):.1f} ms; {later}")


if __name__ == "__main__":
    main()

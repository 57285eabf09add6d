"""Load + analyze of each trace in a fresh process, the first call and the calls after it (the first one pays
what is done once per process: lazy imports, caches, first-call setup). With ``--other`` a second checkout's
traceview is timed the same way in the same rounds. Prints one line per trace and checkout.

    python benchmarks/first_calls.py TRACE... [--calls 3] [--rounds 3] [--other /tmp/old]
    python benchmarks/first_calls.py TRACE --why [--json out.json]

``--why``: what the first call pays that the second does not, in one fresh process: the modules first imported
during it, each call's minor page faults, and the functions whose own time (cProfile) the first call exceeds the
second's by most.
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


def _why(trace: str, top: int = 30) -> dict:
    """The first call against the second in this process (see the module docstring)."""
    import cProfile
    import pstats
    import resource

    from traceview.analysis.analyze import analyze
    from traceview.trace import load

    calls = []
    for _ in range(2):
        before, faults = set(sys.modules), resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        profile = cProfile.Profile()
        t = time.perf_counter()
        profile.enable()
        analyze(load(trace))
        profile.disable()
        calls.append({"seconds_profiled": time.perf_counter() - t, "stats": pstats.Stats(profile).stats,
                      "faults": resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults,
                      "imported": sorted(set(sys.modules) - before)})
    first, second = calls[0]["stats"], calls[1]["stats"]
    extra = sorted(((v[2] - second.get(k, (0, 0, 0))[2], k, v[1], second.get(k, (0, 0))[1]) for k, v in first.items()),
                   reverse=True)[:top]
    return {"trace": trace, "python": sys.version.split()[0],
            "versions": {m: getattr(sys.modules.get(m), "__version__", None) for m in ("numpy", "pandas", "pyarrow", "msgspec")},
            "calls": [{k: v for k, v in c.items() if k != "stats"} for c in calls],
            "first_call_extra_own_ms": [{"ms": round(d * 1e3, 3), "function": f"{k[0]}:{k[1]}:{k[2]}", "calls": [n1, n2]}
                                        for d, k, n1, n2 in extra]}


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--why":
        out = _why(sys.argv[2])
        if len(sys.argv) > 4 and sys.argv[3] == "--json":
            Path(sys.argv[4]).write_text(json.dumps(out, indent=1))
        print(json.dumps({k: out[k] for k in ("trace", "versions", "calls")}))
        for row in out["first_call_extra_own_ms"][:15]:
            print(f"{row['ms']:8.2f} ms {row['calls']} {row['function']}")
        return
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

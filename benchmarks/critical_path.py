"""What the critical path adds to ``traceview analyze``: seconds of ``analyze()`` on one loaded trace and
of ``critical_path()`` alone, runs interleaved, medians; with ``--hta`` also HTA's
``critical_path_analysis`` on the first step (pandas 2 only: HTA's breaks on pandas 3).

    python benchmarks/critical_path.py TRACE [--runs 5] [--hta] [--out results.json]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

from traceview.analysis.analyze import analyze
from traceview.analysis.host.critical_path import critical_path
from traceview.analysis.base.compile_split import compile_split
from traceview.trace.step_windows import step_windows
from traceview.trace import load


def _hta_seconds(trace_path: Path) -> float:
    """Seconds of HTA's TraceAnalysis load + critical_path_analysis of ProfilerStep instance 0."""
    import logging

    logging.disable(logging.WARNING)
    from hta.trace_analysis import TraceAnalysis

    with tempfile.TemporaryDirectory() as d:
        (Path(d) / trace_path.name).symlink_to(trace_path.resolve())
        start = time.perf_counter()
        TraceAnalysis(trace_dir=d).critical_path_analysis(rank=0, annotation="ProfilerStep", instance_id=0)
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hta", action="store_true", help="also time HTA's critical_path_analysis (pandas 2)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    start = time.perf_counter()
    trace = load(args.trace)
    load_s = time.perf_counter() - start
    windows, split = step_windows(trace), compile_split(trace)
    analyze_s, path_s = [], []
    for _ in range(args.runs):
        start = time.perf_counter()
        analyze(trace)
        analyze_s.append(time.perf_counter() - start)
        start = time.perf_counter()
        cp = critical_path(trace, windows, split.slice_phase)
        path_s.append(time.perf_counter() - start)
    result = {
        "trace": str(args.trace), "size_mb": args.trace.stat().st_size / 1e6, "slices": len(trace.slices), "gpu": len(trace.gpu),
        "steps": len(cp.steps), "segments": sum(len(s.segments) for s in cp.steps), "load_s": load_s,
        "analyze_s_median": statistics.median(analyze_s), "critical_path_s_median": statistics.median(path_s),
        "machine": f"{platform.node()} {platform.processor() or platform.machine()}", "python": platform.python_version(),
        "date": time.strftime("%Y-%m-%d"),
    }
    result["critical_path_share_of_analyze"] = result["critical_path_s_median"] / result["analyze_s_median"]
    if args.hta:
        result["hta_critical_path_s_one_step"] = _hta_seconds(args.trace)
    text = json.dumps(result, indent=1)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    sys.exit(main())

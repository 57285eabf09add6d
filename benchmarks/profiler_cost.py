"""The profiler's host cost per recorded event, from every kept GPU run whose meta.json timed its steps without the
profiler: the constant that puts a bare trace (no meta.json) on the scale of a step without the profiler.

For each run: ``(profiled step ms - unprofiled step ms) / host events per profiled step`` (host events: every slice on
a CPU thread in the profiled steps). The median over the runs is the constant; the spread is written beside it.

    python benchmarks/profiler_cost.py sample_traces/gpu --out benchmarks/results/profiler_cost.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import traceview as tv


def rows(root: Path) -> list[dict]:
    out = []
    for meta_path in sorted(root.rglob("meta.json")):
        meta = json.loads(meta_path.read_text())
        timing = (meta.get("steps") or {}).get("timing") or {}
        unprof, prof = timing.get("unprofiled_median_ms"), timing.get("profiled_median_ms")
        if (meta.get("device") or {}).get("type") != "cuda" or not unprof or not prof:
            continue
        try:
            t = tv.open(meta_path.parent)
            steps = t.steps
            s = t.trace.slices
        except Exception as exc:  # noqa: BLE001 - a run this script cannot read is reported, not fatal
            print(f"{meta_path.parent}: {exc}", file=sys.stderr)
            continue
        if not len(steps):
            continue
        start, end = int(steps["start_ns"].min()), int(steps["start_ns"].max() + steps["ms"].iloc[-1] * 1e6)
        events = int(((s["start_ns"] >= start) & (s["start_ns"] < end)).sum()) / len(steps)
        out.append({"run": str(meta_path.parent.relative_to(root)), "profiled_ms": prof, "unprofiled_ms": unprof,
                    "host_events_per_step": round(events, 1), "us_per_event": round((prof - unprof) / events * 1e3, 3)})
    return out


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("root", type=Path)
    p.add_argument("--out", type=Path)
    a = p.parse_args()
    table = rows(a.root)
    values = sorted(r["us_per_event"] for r in table)
    result = {"script": "benchmarks/profiler_cost.py", "date": time.strftime("%Y-%m-%d"), "runs": len(table),
              "us_per_event_median": statistics.median(values) if values else None,
              "us_per_event_quartiles": statistics.quantiles(values, n=4) if len(values) >= 4 else None, "rows": table}
    text = json.dumps(result, indent=1)
    print(text)
    if a.out:
        a.out.write_text(text + "\n")


if __name__ == "__main__":
    main()

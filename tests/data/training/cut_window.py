"""Cut a large Kineto trace down to one time window, keeping what the window's events hang from.

    python tests/data/training/cut_window.py big.json OUT.json.gz --step 1

Kept, with every field and arg as they were:

- every event (any phase) that starts inside the window: the ``--step`` N-th ``ProfilerStep#N``
  annotation of the main thread (the thread of ``ProfilerStep#0`` that starts first), from its start
  to its end;
- every duration event that started before the window and is still open at its start (the Python
  frames and annotations around it, and the frames whose exit the profiler lost, which end at its
  stop);
- the GPU activities launched by a kept launch (same correlation), wherever they run;
- metadata events (process and thread names) and the trace's header.

Used for ``lost-exit-gpt2-step1.json.gz`` (see README.md beside this file).
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path

GPU = {"kernel", "gpu_memcpy", "gpu_memset", "gpu_user_annotation"}


def cut(source: Path, out: Path, step: int) -> dict:
    with open(source) as f:
        trace = json.load(f)
    events = trace["traceEvents"]
    steps = sorted((e for e in events if e.get("ph") == "X" and str(e.get("name", "")).startswith("ProfilerStep#")),
                   key=lambda e: e["ts"])
    main_tid = steps[0]["tid"]
    window = [e for e in steps if e["tid"] == main_tid][step]
    lo, hi = window["ts"], window["ts"] + window["dur"]
    kept, correlations = [], set()
    for e in events:
        ph, cat, ts = e.get("ph"), e.get("cat"), e.get("ts")
        if ph == "M":
            kept.append(e)
        elif cat in GPU or ts is None:
            continue
        elif lo <= ts <= hi or (ph == "X" and ts < lo <= ts + e.get("dur", 0)):
            kept.append(e)
            if cat in ("cuda_runtime", "cuda_driver") and "correlation" in e.get("args", {}):
                correlations.add(e["args"]["correlation"])
    kept += [e for e in events if e.get("cat") in GPU
             and (e.get("args", {}).get("correlation") in correlations or lo <= e.get("ts", -1) <= hi)]
    trace["traceEvents"] = kept
    with gzip.open(out, "wt", compresslevel=9) as f:
        json.dump(trace, f, separators=(",", ":"))
    return {"window": [lo, hi], "events": len(kept), "of": len(events), "bytes": out.stat().st_size}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--step", type=int, default=1, help="which ProfilerStep of the main thread (0-based)")
    args = parser.parse_args()
    print(cut(args.source, args.out, args.step))


if __name__ == "__main__":
    main()

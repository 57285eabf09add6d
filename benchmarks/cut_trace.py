"""Cut a Kineto trace to its last N profiler steps, and stay a real trace: what the repository keeps of a checked run.

Kept: every metadata event (process and thread names, ``ph: "M"``), the trace's header fields, every event that
starts in the window from the start of the first kept ``ProfilerStep#`` to the end of the last, or encloses all of it
(the script's frames), and every GPU activity and flow event of a kept launch (by ``correlation``; a kernel runs after
its launch, so it may end after the window). A slice that started before the window and ends inside it (the previous
step's optimizer step, inside which the profiler starts the next step) goes with its children. Nothing is rewritten:
the events kept are the file's own.

    python benchmarks/cut_trace.py TRACE.json.gz --steps 3 [-o OUT.json.gz]   # default: in place

Used on 2026-12-07 to cut the checked runs the repository keeps (sample_traces/gpu/models, gpu/loader,
cpu/models) from 5 profiled steps to 3 (sample_traces/README.md).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from pathlib import Path

_STEP = re.compile(r"^ProfilerStep#\d+$")
#: Categories of GPU activities (matched to their launch by correlation).
_GPU = {"kernel", "gpu_memcpy", "gpu_memset", "gpu_user_annotation", "Kernel", "Memcpy", "Memset"}


def cut(doc: dict, steps: int) -> tuple[dict, int, int]:
    """The trace document with events outside its last ``steps`` ProfilerSteps dropped; (document, kept, before)."""
    events = doc["traceEvents"]
    marks = sorted((e["ts"], e["ts"] + e.get("dur", 0)) for e in events
                   if e.get("ph") == "X" and _STEP.match(str(e.get("name", ""))))
    if len(marks) < steps:
        raise SystemExit(f"the trace has {len(marks)} ProfilerStep(s), fewer than {steps}")
    start, end = marks[-steps][0], marks[-1][1]

    def overlaps(e: dict) -> bool:
        """Inside the window, or around all of it (a frame or op that encloses the steps kept); a slice that started
        before the window and ends inside it is the previous step's (its children were before the window) and goes."""
        ts = e.get("ts")
        if ts is None:
            return True
        stop = ts + (e.get("dur") or 0)
        return start <= ts <= end or (ts < start and stop >= end)

    kept, correlations = [], set()
    for e in events:
        if e.get("ph") == "M" or (e.get("cat") not in _GPU and e.get("ph") not in ("s", "f") and overlaps(e)):
            kept.append(e)
            c = (e.get("args") or {}).get("correlation")
            if c is not None and e.get("cat") in ("cuda_runtime", "cuda_driver", "hip_runtime", "hip_driver"):
                correlations.add(c)
    for e in events:
        if e.get("cat") in _GPU and ((e.get("args") or {}).get("correlation") in correlations or overlaps(e)):
            kept.append(e)
        elif e.get("ph") in ("s", "f") and (e.get("cat") == "ac2g" and e.get("id") in correlations or
                                            e.get("cat") != "ac2g" and overlaps(e)):
            kept.append(e)
    return {**doc, "traceEvents": kept}, len(kept), len(events)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trace", type=Path)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("-o", "--out", type=Path)
    args = parser.parse_args()
    opener = gzip.open if args.trace.suffix == ".gz" else open
    with opener(args.trace, "rt", encoding="utf-8") as f:
        doc = json.load(f)
    out, kept, before = cut(doc, args.steps)
    target = args.out or args.trace
    with (gzip.open if target.suffix == ".gz" else open)(target, "wt", encoding="utf-8") as f:
        json.dump(out, f, separators=(",", ":"))
    print(f"{args.trace}: {kept} of {before} events kept -> {target} ({target.stat().st_size / 1e6:.2f} MB)")


if __name__ == "__main__":
    main()

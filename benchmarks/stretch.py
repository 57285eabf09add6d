"""Make a real trace longer by repeating its profiled steps ("concatenate steps").

    python benchmarks/stretch.py REAL.json[.gz] OUT.json --mb 220

The events between the first ``ProfilerStep#N`` start and the last step's end (and every GPU
activity a launch in there started) are written again after the end of the trace, as often as it
takes to reach ``--mb`` of plain JSON: each copy is shifted in time by the window's length, its
correlation, External, flow and Python ids are offset so they stay unique, and its steps renumbered.
The header, metadata and everything outside the window are written once. The result has the shape
of the real trace (same stacks, threads, partial overlaps, graph replays), only more steps of it.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from pathlib import Path

_STEP = re.compile(r"^ProfilerStep#(\d+)$")
_ID_ARGS = ("correlation", "External id", "Python id", "Python parent id", "Ev Idx", "Sequence number", "Record function id")


def stretch(src: Path, out: Path, target_bytes: int) -> dict:
    opener = gzip.open if src.suffix == ".gz" else open
    with opener(src, "rb") as f:
        doc = json.load(f)
    events = doc["traceEvents"]
    steps = [e for e in events if e.get("ph") == "X" and e.get("cat") == "user_annotation" and _STEP.match(e.get("name", ""))]
    if not steps:
        raise SystemExit(f"{src}: no ProfilerStep#N annotations to repeat")
    lo = min(e["ts"] for e in steps)
    hi = max(e["ts"] + e["dur"] for e in steps)
    first_step = min(int(_STEP.match(e["name"]).group(1)) for e in steps)
    n_steps = len(steps)
    window_corr = {e["args"]["correlation"] for e in events
                   if e.get("cat") in ("cuda_runtime", "cuda_driver") and lo <= e["ts"] < hi and "correlation" in e.get("args", {})}

    def in_window(e: dict) -> bool:
        if e.get("ph") == "M" or "ts" not in e:
            return False
        if e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset"):
            return e.get("args", {}).get("correlation") in window_corr
        if e.get("cat") == "ac2g" and e.get("id") in window_corr:
            return True
        return lo <= e["ts"] < hi

    block = [e for e in events if in_window(e)]
    offsets = {k: 1 + max((e.get("args", {}).get(k, 0) for e in events if isinstance(e.get("args", {}).get(k, 0), int)), default=0)
               for k in _ID_ARGS}
    # a frame's parent id is another frame's id: both shifted alike, or a copy's frames name other frames as callers
    offsets["Python id"] = offsets["Python parent id"] = max(offsets["Python id"], offsets["Python parent id"])
    flow_offset = 1 + max((e["id"] for e in events if isinstance(e.get("id"), int)), default=0)
    span = max(e["ts"] + e.get("dur", 0) for e in events if "ts" in e and e.get("ph") != "M") - lo + 1.0
    body = [json.dumps(e) for e in events]
    size = sum(map(len, body)) + 2 * len(body)
    copies = 0
    while size < target_bytes:
        copies += 1
        for e in block:
            c = dict(e)
            c["ts"] = round(e["ts"] + copies * span, 3)
            if "args" in e:
                args = dict(e["args"])
                for k in _ID_ARGS:
                    if isinstance(args.get(k), int) and args[k] > 0:
                        args[k] += copies * offsets[k]
                c["args"] = args
            if isinstance(e.get("id"), int):
                c["id"] = e["id"] + copies * (flow_offset if e.get("cat") != "ac2g" else offsets["correlation"])
            m = _STEP.match(e.get("name", ""))
            if m:
                c["name"] = f"ProfilerStep#{int(m.group(1)) + copies * n_steps}"
            line = json.dumps(c)
            body.append(line)
            size += len(line) + 2
    with open(out, "w") as f:
        text = json.dumps({k: v for k, v in doc.items() if k != "traceEvents"})
        f.write(text[:-1] + ', "traceEvents": [\n')
        f.write(",\n".join(body))
        f.write("\n]}\n")
    return {"copies": copies, "steps": n_steps * (copies + 1), "first_step": first_step, "bytes": out.stat().st_size}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--mb", type=float, default=220)
    args = parser.parse_args()
    info = stretch(args.src, args.out, int(args.mb * 1e6))
    print(f"{args.out}: {info['bytes'] / 1e6:.1f} MB, {info['steps']} steps ({info['copies']} copies of the window)")


if __name__ == "__main__":
    main()

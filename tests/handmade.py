"""Hand-written Kineto JSON for edge cases a real trace cannot show. Named ``handmade_*`` on disk."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any


def x(name: str, cat: str, ts: float, dur: float, pid: Any = 1, tid: Any = 1, **args: Any) -> dict:
    event = {"ph": "X", "cat": cat, "name": name, "pid": pid, "tid": tid, "ts": ts, "dur": dur}
    if args:
        event["args"] = {k.replace("_", " ") if k == "External_id" else k: v for k, v in args.items()}
    return event


def launch_and_kernel(api: str, kernel: str, ts: float, correlation: int, cat: str = "cuda_runtime", stream: int = 7) -> list[dict]:
    return [
        {"ph": "X", "cat": cat, "name": api, "pid": 1, "tid": 1, "ts": ts, "dur": 5.0, "args": {"correlation": correlation}},
        {"ph": "X", "cat": "kernel", "name": kernel, "pid": 0, "tid": stream, "ts": ts + 10, "dur": 20.0,
         "args": {"device": 0, "stream": stream, "correlation": correlation, "grid": [4, 1, 1], "block": [128, 1, 1]}},
    ]


def write(path: Path, events: list[dict], gz: bool = False, **header: Any) -> Path:
    body = json.dumps({**header, "traceEvents": events}).encode()
    if gz:
        path.write_bytes(gzip.compress(body))
    else:
        path.write_bytes(body)
    return path

"""Shrink a committed structured trace (TORCH_TRACE log) for the repository: every record's metadata line is kept;
the payload lines are kept only for the artifacts traceview reads (traceview.trace.torch_log._PAYLOAD_ARTIFACTS:
graph-break reasons and recompile reasons), the rest (Inductor's output code, graphs, guards, cache entries) dropped.
Checks that ``read_torch_log`` reads the same three tables from the shrunk file, else leaves the file as it was.

    python benchmarks/shrink_torch_log.py sample_traces/gpu/**/*.torch_trace.log.gz
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from traceview.trace.torch_log import _HEAD, _PAYLOAD_ARTIFACTS, read_torch_log


def shrunk(text: str) -> str:
    out, keep = [], False
    for line in text.splitlines(keepends=True):
        if line.startswith("\t"):
            if keep:
                out.append(line)
            continue
        out.append(line)
        head = _HEAD.match(line.rstrip("\n"))
        try:
            meta = json.loads(head.group("json")) if head else {}
        except ValueError:
            meta = {}
        artifact = meta.get("artifact") if isinstance(meta, dict) else None
        keep = isinstance(artifact, dict) and artifact.get("name") in _PAYLOAD_ARTIFACTS
    return "".join(out)


def tables(path: Path) -> list[str]:
    log = read_torch_log(path)
    return [t.to_json() for t in (log.compiles, log.graph_breaks, log.recompiles)]


def main() -> None:
    for name in sys.argv[1:]:
        path = Path(name)
        before_bytes = path.stat().st_size
        before = tables(path)
        original = path.read_bytes()
        path.write_bytes(gzip.compress(shrunk(gzip.decompress(original).decode("utf-8", errors="replace")).encode(), mtime=0))
        if tables(path) != before:
            path.write_bytes(original)
            print(f"{path}: tables differ, left as it was")
            continue
        print(f"{path}: {before_bytes} -> {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()

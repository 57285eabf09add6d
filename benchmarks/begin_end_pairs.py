"""Load time of a trace written as ``B``/``E`` pairs (Chrome's other duration form, which traces from other tools
use): N pairs on one thread, one piece, gzip (a gzip trace's slices' args are held, the case a call per pair made
quadratic). Prints one line per size.

    python benchmarks/begin_end_pairs.py [--sizes 2000 8000 32000] [--src /tmp/old]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000, 8000, 32000])
    parser.add_argument("--src", type=Path, help="another checkout's root (holding traceview/)")
    args = parser.parse_args()
    if args.src:
        sys.path.insert(0, str(args.src.resolve()))
    from traceview.trace import load

    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            events = []
            for i in range(n):
                events += [{"ph": "B", "cat": "cpu_op", "name": f"op{i % 7}", "pid": 1, "tid": 1, "ts": 10 * i,
                            "args": {"External id": i}},
                           {"ph": "E", "pid": 1, "tid": 1, "ts": 10 * i + 5}]
            path = Path(tmp) / f"pairs{n}.json.gz"
            path.write_bytes(gzip.compress(json.dumps({"traceEvents": events}).encode()))
            t = time.perf_counter()
            trace = load(path)
            print(f"{n:>7,} pairs: {len(trace.slices):,} slices in {time.perf_counter() - t:.2f} s", flush=True)


if __name__ == "__main__":
    main()

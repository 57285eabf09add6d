"""Inflating a gzip trace's text: the standard library's zlib against zlib-ng (what traceview's loader uses when
installed), each file inflated in 64 KiB compressed steps, the two alternating, medians of ``--runs``.

    python benchmarks/inflate.py TRACE.json.gz... [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import time
import zlib
from pathlib import Path

from zlib_ng import zlib_ng


def inflate(module, data: bytes) -> int:
    d, out = module.decompressobj(16 + module.MAX_WBITS), 0
    for i in range(0, len(data), 1 << 16):
        out += len(d.decompress(data[i: i + (1 << 16)]))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("traces", type=Path, nargs="+")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    for path in args.traces:
        data = path.read_bytes()
        times: dict[str, list[float]] = {"zlib": [], "zlib-ng": []}
        for _ in range(args.runs):
            for name, module in (("zlib", zlib), ("zlib-ng", zlib_ng)):
                t = time.perf_counter()
                size = inflate(module, data)
                times[name].append(time.perf_counter() - t)
        z, n = (statistics.median(times[k]) * 1e3 for k in ("zlib", "zlib-ng"))
        print(f"{path.name}: {size / 1e6:.1f} MB of text, zlib {z:.1f} ms, zlib-ng {n:.1f} ms ({z / n:.1f}x)", flush=True)


if __name__ == "__main__":
    main()

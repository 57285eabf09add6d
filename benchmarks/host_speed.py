"""How fast this host runs the layers traceview's load and analyses are made of, each on its own micro-benchmark:
plain Python, numpy's per-call cost, pandas' per-call cost (on the installed pandas and its string storage),
regex, a typed msgspec decode, zlib. Run on two hosts, the ratios say which layer makes one slower than the
other (a trace's timings alone cannot: load and analyses mix all of them).

    python benchmarks/host_speed.py [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import statistics
import sys
import time
import zlib
from typing import Callable

import msgspec
import numpy as np
import pandas as pd


def _per_call_us(fn: Callable[[], object], calls: int, rounds: int = 7) -> float:
    """Median over ``rounds`` of the mean microseconds per call of ``calls`` calls."""
    fn()
    runs = []
    for _ in range(rounds):
        t = time.perf_counter()
        for _ in range(calls):
            fn()
        runs.append((time.perf_counter() - t) / calls * 1e6)
    return statistics.median(runs)


class _Event(msgspec.Struct):
    ph: str = ""
    name: str = ""
    ts: float = 0.0
    dur: float = 0.0
    pid: int | str = 0
    tid: int | str = 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args()

    names = [f"aten::op_{i % 300}" for i in range(10_000)]
    strings = pd.Series(names, dtype="str") if int(pd.__version__.split(".")[0]) >= 3 else pd.Series(names, dtype=object)
    small = pd.DataFrame({"key": np.arange(200) % 17, "value": np.arange(200, dtype=np.float64)})
    columns = {f"c{i}": np.arange(1000) for i in range(10)}
    mask = np.arange(1000) % 3 == 0
    frame = pd.DataFrame(columns)
    values = np.arange(100, dtype=np.int64)
    pattern = re.compile(r"aten::(?:mm|addmm|bmm|linear)\b|cudaLaunchKernel")
    events = msgspec.json.encode([{"ph": "X", "name": names[i % 300], "ts": 1.5 * i, "dur": 2.0, "pid": 1, "tid": 7,
                                   "args": {"External id": i, "Input Dims": [[4, 4], [4]]}} for i in range(20_000)])
    decoder = msgspec.json.Decoder(list[_Event])
    packed = zlib.compress(events * 20, 6)
    category = pd.DataFrame({"name": pd.Categorical(names), "x": np.arange(len(names))})

    def page_faults() -> int:  # 64 MB of fresh pages, one write each (an mmap'd array: every page faults once)
        block = np.empty(64 << 20, dtype=np.uint8)
        block[::4096] = 1
        return int(block[0])

    def python_loop() -> int:
        total = 0
        for i in range(1000):
            total += i * 2 if i % 3 else i
        return total

    def dict_ops() -> dict:
        d: dict = {}
        for name in names[:1000]:
            d[name] = d.get(name, 0) + 1
        return d

    results = {
        "python: 1000-iteration loop (us)": _per_call_us(python_loop, 2000),
        "python: 1000 dict get/set (us)": _per_call_us(dict_ops, 1000),
        "regex: search on 1000 names (us)": _per_call_us(lambda: [pattern.search(n) for n in names[:1000]], 500),
        "numpy: 100-element add (us)": _per_call_us(lambda: values + values, 50_000),
        "numpy: 100-element boolean index (us)": _per_call_us(lambda: values[values > 50], 50_000),
        "pandas: 10-column DataFrame of 1000 rows (us)": _per_call_us(lambda: pd.DataFrame(columns), 2000),
        "pandas: boolean filter of a 10-column frame (us)": _per_call_us(lambda: frame[mask], 2000),
        "pandas: a column of a frame, frame[name] (us)": _per_call_us(lambda: frame["c3"], 20_000),
        "pandas: a categorical column == a string (us)": _per_call_us(lambda: category["name"] == "aten::op_7", 2000),
        "pandas: Series of 200 strings (us)": _per_call_us(lambda: pd.Series(names[:200]), 2000),
        "memory: 64 MB of fresh pages touched (ms)": _per_call_us(page_faults, 5) / 1000,
        "pandas: groupby().sum() on 200 rows (us)": _per_call_us(lambda: small.groupby("key")["value"].sum(), 2000),
        "pandas: factorize 10,000 strings (us)": _per_call_us(lambda: pd.factorize(strings), 300),
        "pandas: str.contains on 10,000 strings (us)": _per_call_us(lambda: strings.str.contains("op_1"), 100),
        "msgspec: typed decode of 20,000 events (ms)": _per_call_us(lambda: decoder.decode(events), 10) / 1000,
        "zlib: inflate 27 MB (ms)": _per_call_us(lambda: zlib.decompress(packed), 3, rounds=3) / 1000,
    }
    host = {"python": sys.version.split()[0], "pandas": pd.__version__, "numpy": np.__version__,
            "msgspec": msgspec.__version__, "string storage": str(strings.dtype) + " " + type(strings.array).__name__,
            "machine": platform.processor() or platform.machine()}
    try:
        import pyarrow
        host["pyarrow"] = pyarrow.__version__
    except ImportError:
        host["pyarrow"] = "none"
    print(" ".join(f"{k} {v}" for k, v in host.items()))
    for key, value in results.items():
        print(f"{value:10.2f}  {key}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"host": host, "results": results}, f, indent=1)


if __name__ == "__main__":
    main()

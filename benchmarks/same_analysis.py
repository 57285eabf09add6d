"""Every field of ``analyze()``'s result on each trace, by this checkout and by another (an older commit's
``traceview/`` folder), compared: a speed change must leave every answer as it was.

    git archive <commit> traceview | tar -x -C /tmp/old
    python benchmarks/same_analysis.py --other /tmp/old TRACE...

Each checkout runs in a process of its own; DataFrames, arrays, dataclasses and floats (by repr) are compared
whole. Prints one line per trace and exits 1 when any differs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_DUMP = r'''
import dataclasses, json, os, sys
os.environ.setdefault("TRACEVIEW_LOAD_WORKERS", "0")
sys.path.insert(0, sys.argv[1])
import numpy as np, pandas as pd
from traceview.analysis.analyze import analyze
from traceview.trace import load

def _got(x, name):
    try:
        return norm(getattr(x, name))
    except Exception as exc:  # a property that cannot answer on this trace: its error, compared as the answer
        return {"raised": type(exc).__name__}

def norm(x):
    if isinstance(x, pd.DataFrame):
        index = None if isinstance(x.index, pd.RangeIndex) else [norm(v) for v in x.index.tolist()]
        return {"columns": [str(c) for c in x.columns], "dtypes": [str(d) for d in x.dtypes],
                "rows": [[norm(v) for v in r] for r in x.itertuples(index=False)], "index": index}
    if isinstance(x, pd.Series):
        return {"values": [norm(v) for v in x.tolist()], "index": [norm(v) for v in x.index.tolist()], "dtype": str(x.dtype)}
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        # the public fields (a private one is a cache, not an answer), and the public properties (a field one
        # checkout has may be a property in the other)
        names = [f.name for f in dataclasses.fields(x) if not f.name.startswith("_")]
        names += sorted(n for n in dir(type(x)) if not n.startswith("_") and n not in names
                        and isinstance(getattr(type(x), n, None), property))
        return {type(x).__name__: {n: _got(x, n) for n in names}}
    if isinstance(x, dict):
        return [[norm(k), norm(v)] for k, v in x.items()]
    if isinstance(x, (list, tuple)):
        return [norm(v) for v in x]
    if isinstance(x, np.ndarray):
        return {"array": [norm(v) for v in x.tolist()], "dtype": str(x.dtype)}
    if isinstance(x, (float, np.floating)):
        return repr(float(x))
    if isinstance(x, np.integer):
        return int(x)
    if x is None or x is pd.NA or x is pd.NaT:
        return None
    return x if isinstance(x, (int, str, bool)) else repr(x)

from traceview.errors import TraceFormatError
try:
    result = norm(analyze(load(sys.argv[2])))
except TraceFormatError as exc:  # not a trace: the same one-line error from both checkouts is the same answer
    result = {"error": str(exc)}
with open(sys.argv[3], "w") as out:
    json.dump(result, out, sort_keys=True, default=repr)
'''


def dump(src: Path, trace: Path, out: Path) -> str:
    subprocess.run([sys.executable, "-c", _DUMP, str(src), str(trace), str(out)], check=True)
    return out.read_text()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("traces", type=Path, nargs="+")
    parser.add_argument("--other", type=Path, required=True, help="the other checkout's root (holding traceview/)")
    args = parser.parse_args()
    differ = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, trace in enumerate(args.traces):
            mine = dump(ROOT, trace, Path(tmp) / f"{i}-this.json")
            other = dump(args.other.resolve(), trace, Path(tmp) / f"{i}-other.json")
            same = mine == other
            differ += not same
            print(f"{'same' if same else 'DIFFERS'}  {trace}  ({len(mine):,} characters of result)", flush=True)
    print(f"{len(args.traces) - differ} of {len(args.traces)} traces: every field of the analysis the same")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()

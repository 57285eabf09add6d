"""Every field of ``analyze()``'s result on each trace, by this checkout and by another (an older commit's
``traceview/`` folder), compared: a speed change must leave every answer as it was.

    git archive <commit> traceview | tar -x -C /tmp/old
    python benchmarks/same_analysis.py --other /tmp/old TRACE...

Each checkout runs in a process of its own; DataFrames, arrays, dataclasses and floats (by repr) are compared
whole. Prints one line per trace and exits 1 when any differs.

``--other-pythonpath DIR`` instead runs this checkout a second time with DIR first on ``sys.path`` (another pandas:
``pip install --target /tmp/pd2 'pandas>=2.2,<3'``): the answers of one commit under two pandas, compared with the
dtypes and frames' row labels set aside (pandas 3 stores text as ``str`` with NaN for missing, pandas 2 as ``object``).
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


def dump(src: Path, trace: Path, out: Path, pythonpath: Path | None = None) -> str:
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(pythonpath), *filter(None, [env.get("PYTHONPATH")])])
    subprocess.run([sys.executable, "-c", _DUMP, str(src), str(trace), str(out)], check=True, env=env)
    return out.read_text()


def _without_kinds(x):
    """A dumped result with its dtypes left out, and a frame's row labels (a ``RangeIndex`` on one pandas is a plain
    index of the same numbers on the other; a Series' labels are kept), and NaN read as missing (pandas 3's ``str``)."""
    if isinstance(x, dict):
        frame = "rows" in x
        return {k: _without_kinds(v) for k, v in x.items() if k not in ("dtypes", "dtype") and not (frame and k == "index")}
    if isinstance(x, list):
        return [_without_kinds(v) for v in x]
    return None if x == "nan" else x


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("traces", type=Path, nargs="+")
    other = parser.add_mutually_exclusive_group(required=True)
    other.add_argument("--other", type=Path, help="the other checkout's root (holding traceview/)")
    other.add_argument("--other-pythonpath", type=Path, help="this checkout again, with this folder first on sys.path")
    args = parser.parse_args()
    differ = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, trace in enumerate(args.traces):
            mine = dump(ROOT, trace, Path(tmp) / f"{i}-this.json")
            if args.other is not None:
                other = dump(args.other.resolve(), trace, Path(tmp) / f"{i}-other.json")
                same = mine == other
            else:
                other = dump(ROOT, trace, Path(tmp) / f"{i}-other.json", args.other_pythonpath.resolve())
                same = _without_kinds(json.loads(mine)) == _without_kinds(json.loads(other))
            differ += not same
            print(f"{'same' if same else 'DIFFERS'}  {trace}  ({len(mine):,} characters of result)", flush=True)
    print(f"{len(args.traces) - differ} of {len(args.traces)} traces: every field of the analysis the same")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()

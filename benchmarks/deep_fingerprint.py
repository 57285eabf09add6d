"""Every field of ``analyze()``'s result on every trace of the test corpus, hashed: a speed change
proves it changed no answer by giving the same file before and after.

    python benchmarks/deep_fingerprint.py OUT.json [--src CHECKOUT] [--jobs 2] [--only SUBSTRING ...]
    python benchmarks/deep_fingerprint.py --compare BEFORE.json AFTER.json

The corpus is ``tests/golden.py``'s (tests/data, sample_traces, ../shared/traces/public) and the seed
traces in ../shared/traces. A result is walked field by field (dataclasses, dicts, lists, tuples,
DataFrames column by column, Series, numpy arrays, scalars); each leaf's path gets a hash of its
type and exact value (floats by ``repr``, frames by dtype and ``pandas.util.hash_pandas_object``).
``--src`` runs another checkout of traceview (a ``git worktree`` of the commit before).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _h(*parts: bytes) -> str:
    d = hashlib.sha256()
    for p in parts:
        d.update(p)
    return d.hexdigest()[:16]


def _frame_column(values) -> str:
    """tests/golden.py's column hash (dtype, categories, values); cells it cannot hash (lists, dicts) by their reprs."""
    from golden import _column_hash

    try:
        return _column_hash(values)
    except TypeError:
        return _h(str(values.dtype).encode(), repr([_plain(v) for v in values.tolist()]).encode())


def _plain(v):
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    return repr(v)


def walk(value, path: str, out: dict, seen: set) -> None:
    import numpy as np
    import pandas as pd

    if id(value) in seen and not isinstance(value, (int, float, str, bool, type(None))):
        out[path] = "<seen>"
        return
    if isinstance(value, pd.DataFrame):
        seen.add(id(value))
        out[path + ".columns"] = _h(repr([str(c) for c in value.columns]).encode())
        out[path + ".index"] = _frame_column(value.index.to_series()) if not isinstance(value.index, pd.RangeIndex) \
            else repr((value.index.start, value.index.stop))
        for c in value.columns:
            out[f"{path}[{c}]"] = _frame_column(value[c])
        return
    if isinstance(value, pd.Series):
        seen.add(id(value))
        out[path] = _frame_column(value)
        out[path + ".index"] = _frame_column(value.index.to_series())
        return
    if isinstance(value, np.ndarray):
        seen.add(id(value))
        out[path] = _h(str(value.dtype).encode(), repr(value.shape).encode(),
                       np.ascontiguousarray(value).tobytes() if value.dtype != object else repr(value.tolist()).encode())
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        seen.add(id(value))
        out[path + ".type"] = type(value).__name__
        for f in dataclasses.fields(value):
            walk(getattr(value, f.name), f"{path}.{f.name}", out, seen)
        return
    if isinstance(value, dict):
        seen.add(id(value))
        out[path + ".keys"] = _h(repr([repr(k) for k in value]).encode())
        for k, v in value.items():
            walk(v, f"{path}[{k!r}]", out, seen)
        return
    if isinstance(value, (list, tuple)):
        seen.add(id(value))
        out[path + ".len"] = str(len(value))
        for i, v in enumerate(value):
            walk(v, f"{path}[{i}]", out, seen)
        return
    if isinstance(value, float):
        out[path] = repr(value)
        return
    if isinstance(value, (int, str, bool, type(None))) or hasattr(value, "item"):
        out[path] = f"{type(value).__name__}:{value!r}"
        return
    if hasattr(value, "__dict__") or hasattr(value, "__slots__"):  # plain classes, named tuples
        seen.add(id(value))
        out[path + ".type"] = type(value).__name__
        names = list(getattr(value, "__dict__", {})) or [s for s in getattr(value, "__slots__", ())]
        for n in names:
            walk(getattr(value, n, None), f"{path}.{n}", out, seen)
        return
    out[path] = f"{type(value).__name__}:{value!r}"


def one(path: str) -> dict:
    os.environ.setdefault("TMPDIR", "/tmp")
    sys.path.insert(0, str(ROOT / "tests"))
    from traceview.errors import TraceviewError
    from traceview.trace import load
    from traceview.analysis.analyze import analyze

    try:
        trace = load(path)
        result = analyze(trace)
    except TraceviewError as exc:
        return {"error": str(exc).replace(str(path), "<path>")}
    out: dict = {}
    walk(result, "a", out, set())
    return {"hash": _h(json.dumps(out, sort_keys=True).encode()), "fields": out}


def corpus() -> dict[str, str]:
    sys.path.insert(0, str(ROOT / "tests"))
    from golden import corpus as golden_corpus

    named = {k: str(p) for k, p in golden_corpus().items() if not k.startswith("tests/data/bad")}
    named.update({f"seeds/{p.name}": str(p) for p in (ROOT.parent / "shared" / "traces").glob("*.json*")})
    return dict(sorted(named.items()))


def compare(before: dict, after: dict) -> int:
    differ = 0
    for name in sorted(set(before) | set(after)):
        b, a = before.get(name), after.get(name)
        if b is None or a is None:
            print(f"{name}: only {'after' if b is None else 'before'}")
            differ += 1
        elif b.get("hash") != a.get("hash") or b.get("error") != a.get("error"):
            differ += 1
            bf, af = b.get("fields", {}), a.get("fields", {})
            changed = [k for k in sorted(set(bf) | set(af)) if bf.get(k) != af.get(k)]
            print(f"{name}: {len(changed)} fields differ: {changed[:8]}{' ...' if len(changed) > 8 else ''}"
                  if changed else f"{name}: {b.get('error')!r} -> {a.get('error')!r}")
    print(f"{len(before)} before, {len(after)} after, {differ} differ")
    return 1 if differ else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?")
    ap.add_argument("--compare", nargs=2)
    ap.add_argument("--src", help="another checkout of traceview to import")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", nargs="*", default=[])
    args = ap.parse_args()
    if args.compare:
        return compare(*(json.loads(Path(p).read_text()) for p in args.compare))
    if args.src:  # the same script, in a child that imports the other checkout first
        env = {**os.environ, "PYTHONPATH": args.src}
        cmd = [sys.executable, __file__, str(Path(args.out).resolve()), "--jobs", str(args.jobs), "--only", *args.only]
        return subprocess.call(cmd, env=env, cwd=args.src)
    names = {k: v for k, v in corpus().items() if not args.only or any(s in k for s in args.only)}
    with ProcessPoolExecutor(args.jobs) as pool:
        results = dict(zip(names, pool.map(one, names.values(), chunksize=4)))
    import traceview

    Path(args.out).write_text(json.dumps(results))
    print(f"traceview from {Path(traceview.__file__).parent}: {len(results)} traces, {sum('error' in r for r in results.values())} errors -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

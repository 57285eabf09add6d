"""Fingerprints of every loaded table, so a change to the loader can prove it changed nothing.

    python tests/golden.py            # (re)write tests/data/golden/tables.json.gz from the current loader

``fingerprint(path)`` hashes what :func:`traceview.trace.load` gives for one trace file: each
table's columns (name, dtype and values), every slice's decoded args, and the metadata a user sees
(rank, devices, notes, header...); or the one-line error for a file that does not load. The
analyses are pure functions of these, so equal fingerprints mean equal results everywhere.
``tests/test_golden_tables.py`` compares every trace in tests/data, sample_traces and
../shared/traces/public with the recorded fingerprints.
"""

from __future__ import annotations

import dataclasses
import hashlib
import gzip
import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = ROOT.parent / "shared" / "traces" / "public"
GOLDEN = Path(__file__).parent / "data" / "golden" / "tables.json.gz"  # gzipped: the device call carries the tree (64 MiB)
TABLES = ("slices", "launches", "gpu", "gpu_annotations", "flows", "counters", "instants", "threads", "memory")


def corpus() -> dict[str, Path]:
    """Every real or hand-made trace the tests use, by a name independent of where the checkout is."""
    data = Path(__file__).parent / "data"
    files = [*data.glob("h200/*.json.gz"), *data.glob("training/*.json.gz"), *data.glob("cpu/*.json.gz"),
             *data.glob("bad/*.json*"), *(ROOT / "sample_traces").glob("**/*.pt.trace.json.gz")]
    named = {str(p.relative_to(ROOT)): p for p in files if not p.name.endswith(".log.gz")}
    named.update({f"public/{p.name}": p for p in PUBLIC.glob("*.json*")})
    return dict(sorted(named.items()))


def _column_hash(values: pd.Series) -> str:
    """dtype and values; a categorical's categories too (as strings: pandas 2 and 3 agree on them)."""
    digest = hashlib.sha256(str(values.dtype).encode())
    if isinstance(values.dtype, pd.CategoricalDtype):
        digest.update(json.dumps([str(c) for c in values.cat.categories]).encode())
        values = values.astype(object)
    digest.update(np.ascontiguousarray(pd.util.hash_pandas_object(values, index=False).to_numpy()).tobytes())
    return digest.hexdigest()[:16]


def fingerprint(path: Path) -> dict:
    from traceview.errors import TraceviewError
    from traceview.trace import load

    try:
        trace = load(path)
    except TraceviewError as exc:
        return {"error": str(exc).replace(str(path), "<path>").split(" (")[0]}  # the parser's own words may differ
    out: dict = {}
    for table in TABLES:
        frame = getattr(trace, table)
        # ``tags``: the catalogue's answers about the names (fingerprinted already), a bit per question; checked
        # against a plain regex in tests/test_catalogue.py, left out here so a new question changes no fingerprint
        out[table] = {"rows": len(frame), "columns": {c: _column_hash(frame[c]) for c in frame.columns if c != "tags"}}
    args = hashlib.sha256()
    for i in range(len(trace.slices)):
        args.update(json.dumps(trace.args(i), sort_keys=True).encode())
        args.update(b"\n")
    out["slice_args"] = args.hexdigest()[:16]
    metas = []
    for meta in trace.ranks:
        m = dataclasses.asdict(meta)
        m["path"] = Path(m["path"]).name
        m["notes"] = [n.replace(str(path), "<path>") for n in m["notes"]]
        metas.append(json.loads(json.dumps(m, default=str, sort_keys=True)))
    out["meta"] = hashlib.sha256(json.dumps(metas, sort_keys=True).encode()).hexdigest()[:16]
    out["notes"] = [n for m in metas for n in m["notes"]]
    return out


def main() -> None:
    sys.path.insert(0, str(ROOT))
    prints = {name: fingerprint(path) for name, path in corpus().items()}
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_bytes(gzip.compress((json.dumps(prints, indent=1, sort_keys=True) + "\n").encode(), mtime=0))
    print(f"{GOLDEN}: {len(prints)} traces")


if __name__ == "__main__":
    main()

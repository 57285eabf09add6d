"""Two versions of the `input`/`sync`/`pageable_copy` rules scored on every checked set (issue 33): the table the
record scores (benchmarks/advice_record.py, tests/test_advice_record.py's floors), computed by a given source tree, and
two such tables compared (advised rows within 5 points, mean |error|, mean signed error, quiet rows the A/B contradicts).

    python benchmarks/bottleneck_rules.py rows SRC OUT.json     # SRC: a checkout (e.g. `git worktree add /tmp/old REV`)
    python benchmarks/bottleneck_rules.py compare A.json B.json [--rows]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

TOLERANCE = 5.0


def rows(src: Path, out: Path) -> None:
    for sub in ("", "benchmarks"):
        sys.path.insert(0, str(src / sub))
    import advice_record

    table = [r for r in advice_record.rows(src / "sample_traces") if r["kind"] in ("input", "sync", "pageable_copy")]
    out.write_text(json.dumps({"rows": table}) + "\n")


def summary(table: dict, keep) -> dict:
    advised = [r for r in table if keep(r) and r["advised"]]
    errors = [r["error_points"] for r in advised]
    wrong_quiet = [r for r in table if keep(r) and not r["advised"] and r["measured_pct"] >= 3 and r["measured_low_pct"] >= 1]
    return {"advised": len(advised), "within": sum(abs(e) <= TOLERANCE for e in errors),
            "mean_abs": round(sum(map(abs, errors)) / max(len(errors), 1), 2),
            "mean_signed": round(sum(errors) / max(len(errors), 1), 2), "quiet_wrong": len(wrong_quiet)}


def compare(a_path: Path, b_path: Path, show_rows: bool) -> None:
    a, b = (json.loads(p.read_text())["rows"] for p in (a_path, b_path))
    groups = {"all": lambda r: True, "input": lambda r: r["kind"] == "input",
              "input, GPU sync loops": lambda r: r["kind"] == "input" and r["set"] != "cpu" and r["case"].endswith("-sync")}
    for label, keep in groups.items():
        for name, table in ((a_path.name, a), (b_path.name, b)):
            print(f"{label:22} {name:50} {summary(table, keep)}")
    if show_rows:
        key = lambda r: (r["set"], r["case"], r["kind"])  # noqa: E731
        by = {key(r): r for r in b}
        for r in a:
            s = by.get(key(r))
            if s is not None and s["predicted_pct"] != r["predicted_pct"]:
                print(key(r), f"{r['predicted_pct']:.1f} ({r['error_points']:+.1f}) -> {s['predicted_pct']:.1f} "
                      f"({s['error_points']:+.1f}), measured {s['measured_pct']:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    r = sub.add_parser("rows")
    r.add_argument("src", type=Path)
    r.add_argument("out", type=Path)
    c = sub.add_parser("compare")
    c.add_argument("a", type=Path)
    c.add_argument("b", type=Path)
    c.add_argument("--rows", action="store_true")
    args = parser.parse_args()
    if args.what == "rows":
        rows(args.src.resolve(), args.out)
    else:
        compare(args.a, args.b, args.rows)


if __name__ == "__main__":
    main()

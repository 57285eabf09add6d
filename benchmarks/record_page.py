"""The advice's record as a docs page: docs/advice/record.md from tests/data/advice_record.json (benchmarks/
advice_record.py), one table per kind, a row per case. tests/test_advice_record.py holds the page to the table.

    python benchmarks/record_page.py
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def page(record: dict) -> str:
    rows = record["rows"]
    kinds = sorted({r["kind"] for r in rows})
    right = sum(r["within"] for r in rows)
    out = ["# The advice's record", "",
           "Every case the repository keeps where an advised change was made for real and measured (interleaved A/B in "
           "one process), against what today's code predicts from the profiled trace. A case is right when the change "
           "was ranked within 5 points of its measured share of the step (10 where it measured 20% or more), never "
           "where it measured slower beyond its spread, or was not ranked where it saved under 3%. "
           "`tests/test_advice_record.py` fails when any right case turns wrong.", "",
           f"Today: **{right} of {len(rows)}** cases right. Regenerate with `python benchmarks/advice_record.py "
           "sample_traces tests/data/cases --json tests/data/advice_record.json && python benchmarks/record_page.py`.", ""]
    for kind in kinds:
        mine = [r for r in rows if r["kind"] == kind]
        out += [f"## {kind}", "", f"{sum(r['within'] for r in mine)} of {len(mine)} right.", "",
                "| set | case | predicted | measured (10-90%) | right |", "|---|---|---|---|---|"]
        for r in mine:
            predicted = f"{r['predicted_pct']:.1f}%" if r["advised"] else "not ranked"
            out.append(f"| {r['set']} | {r['case']} | {predicted} | {r['measured_pct']:.1f}% "
                       f"({r['measured_low_pct']:.1f} to {r['measured_high_pct']:.1f}) | {'yes' if r['within'] else 'no'} |")
        out.append("")
    return "\n".join(out)


def main() -> None:
    record = json.loads((ROOT / "tests" / "data" / "advice_record.json").read_text())
    (ROOT / "docs" / "advice" / "record.md").write_text(page(record))


if __name__ == "__main__":
    main()

"""Write docs/benchmarks/advice.md from the advice record: per kind, the checked cases the repository keeps (scored
now by benchmarks/advice_record.py) and every case recorded on 2026-12-07 before the research sets left
(benchmarks/results/advice-record-2026-12-07.json). ``python docs/gen/advice_record.py``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import advice_record  # noqa: E402

PAGE = ROOT / "docs" / "benchmarks" / "advice.md"
RECORD = ROOT / "benchmarks" / "results" / "advice-record-2026-12-07.json"


def _summary_rows(summary: dict) -> list[str]:
    rows = ["| kind | cases | right | share |", "|---|---:|---:|---:|"]
    rows += [f"| `{k}` | {v['cases']} | {v['within']} | {v['share']:.0%} |" for k, v in sorted(summary.items())]
    return rows


def page() -> str:
    kept = advice_record.rows(ROOT / "sample_traces")
    full = json.loads(RECORD.read_text())
    parts = ["# Advice against measured changes", "",
             "Each advice kind was checked by making the change for real and measuring it: the script profiled, then its "
             "change timed in an interleaved A/B (both arms alternating in one process, the share of the step each saves). "
             "A case is **right** when the advice ranked the change within its tolerance of the measured share (5 points; "
             "10 where the change is worth 15% or more, for `compile`, `fused_optimizer` and `cuda_graphs`), or did not "
             "rank it where the change saved under 3% of the step or could not be told from none.", "",
             "## The cases the repository keeps", "",
             "Scored on every test run: `tests/test_advice_record.py` fails when a kind's count of right cases drops below "
             "its floor. Script: `python benchmarks/advice_record.py sample_traces`; machines: NVIDIA H200 (torch 2.11) "
             "and a 2-core x86-64 CPU (torch 2.13); traces cut to their last 2 profiled steps (2026-12-07).", ""]
    parts += _summary_rows(advice_record.summary(kept))
    parts += ["", "| set | case | kind | predicted % | measured % | A/B 10-90% | right |", "|---|---|---|---:|---:|---|---|"]
    parts += [f"| {r['set']} | {r['case']} | `{r['kind']}` | {r['predicted_pct']:.1f} | {r['measured_pct']:.1f} | "
              f"{r['measured_low_pct']:.1f} .. {r['measured_high_pct']:.1f} | {'yes' if r['within'] else 'no'} |" for r in kept]
    parts += ["", "## Every case recorded on 2026-12-07", "",
              f"The research sets of sessions 10-23 (blind sets, re-runs, repeats, probes) scored with the code of "
              f"2026-12-07 before they left the repository: {len(full['rows'])} rows in "
              "`benchmarks/results/advice-record-2026-12-07.json`. A set comes back with "
              "`git archive 28f54a3 sample_traces/gpu/<set> | tar -x`.", ""]
    parts += _summary_rows(full["summary"])
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    PAGE.write_text(page())
    print(f"wrote {PAGE}")

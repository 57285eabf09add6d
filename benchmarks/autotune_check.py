"""Check a max-autotune capture: do the recorded candidates, the winner and the winner's runtime agree?

    python benchmarks/autotune_check.py RUN_DIR [STDERR_FILE] [--out check.json]

For each autotuning decision ``traceview analyze --json RUN_DIR`` lists, print the op, its inputs,
how many candidates were benchmarked, the chosen one (and its kind), its benchmark time, the runner-up,
and the chosen kernel's median time in the trace with the ratio trace / benchmark. With STDERR_FILE
(what the capture printed; Inductor writes an ``AUTOTUNE op(sizes)`` block per benchmarked template
decision under max-autotune) also check, independently of traceview's recording, that every block's
winner and times are the recorded ones. Writes the rows and the checks as JSON (``--out``).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

BLOCK = re.compile(r"^AUTOTUNE (\w+)\((.*)\)\n(?:.*\n){2}((?:  \S+ [\d.]+ ms .*\n)+)", re.M)


def printed_blocks(text: str) -> list[dict]:
    """Inductor's AUTOTUNE blocks: op, sizes, candidates fastest first (name, ms)."""
    return [{"op": op, "sizes": sizes, "candidates": [(ln.split()[0], float(ln.split()[1])) for ln in lines.splitlines()]}
            for op, sizes, lines in BLOCK.findall(text)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir", type=Path)
    parser.add_argument("stderr", type=Path, nargs="?")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    analysis = subprocess.run([sys.executable, "-m", "traceview", "analyze", "--json", str(args.run_dir)],
                              capture_output=True, text=True, check=True)
    doc = json.loads(analysis.stdout)
    rows = doc.get("autotune") or []
    print(f"{args.run_dir}: {len(rows)} autotuning decision(s)")
    header = f"{'tuner':18} {'op':14} {'inputs':34} {'n':>3} {'chosen':32} {'bench ms':>9} {'runner-up ms':>12} " \
             f"{'kernel in trace':40} {'match':6} {'trace ms':>9} {'x':>6}"
    print(header)
    for r in rows:
        ratio = r["trace_ms"] / r["chosen_ms"] if r.get("trace_ms") and r.get("chosen_ms") else None
        r["trace_over_benchmark"] = ratio
        print(f"{r['tuner'][:18]:18} {r['op'][:14]:14} {r['inputs'][:34]:34} {len(r['candidates']):>3} "
              f"{(str(r['chosen']) + ' (' + str(r['chosen_kind']) + ')')[:32]:32} {_f(r['chosen_ms']):>9} "
              f"{_f(r['runner_up_ms']):>12} {str(r['kernel'])[:40]:40} {str(r['match'])[:6]:6} {_f(r['trace_ms']):>9} {_f(ratio, 2):>6}")
    for note in doc.get("autotune_notes") or []:
        print(f"note: {note}")
    checks: dict = {"decisions": len(rows), "with_kernel": sum(r["kernel"] is not None for r in rows),
                    "chosen_is_fastest": sum(r["chosen"] == r.get("fastest", r["chosen"]) for r in rows),
                    "kept_with_epilogue": sum(r["chosen"] != r.get("fastest", r["chosen"]) for r in rows),
                    "fastest_is_fastest": all(r["chosen"] != r.get("fastest", r["chosen"]) or r["chosen_ms"] is None
                                              or all(c["ms"] is None or c["ms"] >= r["chosen_ms"] for c in r["candidates"])
                                              for r in rows)}
    if args.stderr is not None and args.stderr.is_file():
        blocks = printed_blocks(args.stderr.read_text(errors="replace"))
        tuned = [r for r in rows if r["tuner"] == "select_algorithm" and not r["cached"]]
        same = [b["candidates"][0][0] == r.get("fastest", r["chosen"]) and all(abs(dict((c["name"], c["ms"]) for c in r["candidates"])
                                                                   .get(name, -1) - ms) < 1e-4 + 1e-3 * ms
                                                               for name, ms in b["candidates"])
                for b, r in zip(blocks, tuned)]
        checks |= {"printed_blocks": len(blocks), "benchmarked_template_decisions": len(tuned),
                   "printed_equals_recorded": len(blocks) == len(tuned) and all(same)}
    print(json.dumps(checks))
    if args.out:
        args.out.write_text(json.dumps({"checks": checks, "rows": rows}, indent=1) + "\n")
    return 0


def _f(value, digits: int = 4) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


if __name__ == "__main__":
    raise SystemExit(main())

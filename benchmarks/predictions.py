"""Each advice's predicted saving against the measured saving of actually making the change.

    python benchmarks/predictions.py [--json OUT.json]

Reads the committed run directories (H200 captures under ``sample_traces/gpu/predictions`` and
``sample_traces/gpu/adam-sweep``; 2-rank gloo captures under ``sample_traces/cpu/ddp_slow_rank``),
computes the advice of each "before" run as ``traceview analyze`` / ``traceview ranks`` do, and
compares its prediction with what the "after" run measured without the profiler:

- host-bound changes (cuda_graphs, compile, graph_break, fused_optimizer) are compared as a share of
  the step: the profiler slows host work (~1.6-1.9x on these runs) but not the share a change removes;
  the measured share is (before - after) / before of the unprofiled median step;
- static_inputs (GPU time) and straggler (a wait) in ms per step or call;
- recompile: the run's total wall time difference spread over its steps.

Prints the Markdown table of docs/benchmarks.md ("Advice checked against measured outcomes").
``tests/test_advice.py`` keeps each prediction where this table says it is.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PRED = ROOT / "sample_traces" / "gpu" / "predictions"
SWEEP = ROOT / "sample_traces" / "gpu" / "adam-sweep"
SLOW = ROOT / "sample_traces" / "cpu" / "ddp_slow_rank"


@dataclass(frozen=True)
class Check:
    kind: str
    before: str
    after: str
    unit: str  # "%" of the step, "ms" per step or call
    predicted: float
    measured: float

    @property
    def error(self) -> float | None:
        """(predicted - measured) / |measured|; None when nothing was measured to save."""
        return (self.predicted - self.measured) / abs(self.measured) if abs(self.measured) > 1e-9 else None


def _median_step_ms(run: Path) -> float:
    timing = json.loads((run / "timing.json").read_text())
    if "step_ms" in timing:
        values = timing["step_ms"]
        return statistics.median(values[20:40] if len(values) >= 40 else values[len(values) // 3:])
    return statistics.median(timing["call_ms"][50:])


def _advice(path: Path) -> dict[str, object]:
    from traceview.analysis.analyze import analyze
    from traceview.trace import load
    from traceview.trace.run_files import dynamo_record, run_files

    found = analyze(load(path), dynamo_record(run_files(path))).advice
    out: dict[str, object] = {}
    for a in found:
        out.setdefault(a.kind, a)  # the largest of a kind
    return out


def gpt2_checks() -> list[Check]:
    pairs = [("compile", "gpt2-eager", "gpt2-compiled"),
             ("cuda_graphs", "gpt2-compiled", "gpt2-reduce-overhead"),
             ("cuda_graphs", "gpt2-compiled-nobreak", "gpt2-reduce-overhead-nobreak"),
             ("graph_break", "gpt2-compiled", "gpt2-compiled-nobreak"),
             ("graph_break", "gpt2-reduce-overhead", "gpt2-reduce-overhead-nobreak")]
    advice = {name: _advice(PRED / name) for name in {p[1] for p in pairs}}
    checks = []
    for kind, before, after in pairs:
        a = advice[before].get(kind)
        b, c = _median_step_ms(PRED / before), _median_step_ms(PRED / after)
        checks.append(Check(kind, before, after, "%", a.saving_pct if a else 0.0, 100.0 * (b - c) / b))
    return checks


def recompile_check() -> Check:
    a = _advice(PRED / "gpt2-recompile").get("recompile")
    before = json.loads((PRED / "gpt2-recompile" / "timing.json").read_text())["step_ms"]
    after = json.loads((PRED / "gpt2-recompile-dynamic" / "timing.json").read_text())["step_ms"]
    return Check("recompile", "gpt2-recompile", "gpt2-recompile-dynamic", "ms", a.saving_ms_per_step if a else 0.0,
                 (sum(before) - sum(after)) / len(before))


def static_check() -> Check:
    # before and after from one device session (abc-max-autotune-b: the same script as abc-max-autotune, a later call)
    a = _advice(PRED / "abc-max-autotune-b").get("static_inputs")
    return Check("static_inputs", "abc-max-autotune", "abc-max-autotune-static-module", "ms", a.saving_ms_per_step if a else 0.0,
                 _median_step_ms(PRED / "abc-max-autotune-b") - _median_step_ms(PRED / "abc-max-autotune-static-module"))


def fused_checks() -> list[Check]:
    rows = {(r["variant"], r["size"]): r for r in json.loads((SWEEP / "adam_sweep.json").read_text())["runs"]}
    checks = []
    for size in ("4x1024", "16x512", "256x128"):
        for variant in ("for-loop", "foreach"):
            trace = SWEEP / rows[(variant, size)]["trace"]
            if not trace.exists():
                continue
            a = _advice(trace).get("fused_optimizer")
            b, c = rows[(variant, size)]["wall_ms_per_step"], rows[("fused", size)]["wall_ms_per_step"]
            checks.append(Check("fused_optimizer", f"adam {variant} {size}", f"adam fused {size}", "%", a.saving_pct if a else 0.0,
                                100.0 * (b - c) / b))
    return checks


def straggler_check() -> Check:
    from traceview.commands.ranks import compare_rank_files
    from traceview.analysis.advice.ranks import rank_advice
    from traceview.trace.loading import trace_files

    result, found = compare_rank_files(trace_files(SLOW / "slow"), cache=False, workers=1)
    a = next((x for x in rank_advice(result, found) if x.kind == "straggler"), None)
    return Check("straggler", "gloo 2 ranks, rank 1 +20 ms", "gloo 2 ranks, balanced", "ms", a.saving_ms_per_step if a else 0.0,
                 _median_step_ms(SLOW / "slow") - _median_step_ms(SLOW / "balanced"))


def all_checks() -> list[Check]:
    return [*gpt2_checks(), recompile_check(), static_check(), *fused_checks(), straggler_check()]


def markdown(checks: list[Check]) -> str:
    lines = ["| advice | before → after (measured) | predicted | measured | error |", "|---|---|---:|---:|---:|"]
    for c in checks:
        error = f"{c.error:+.0%}" if c.error is not None else "n/a"
        unit = "% of step" if c.unit == "%" else " ms"
        lines.append(f"| `{c.kind}` | {c.before} → {c.after} | {c.predicted:.3g}{unit} | {c.measured:.3g}{unit} | {error} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="also write the checks as JSON")
    args = parser.parse_args()
    checks = all_checks()
    print(markdown(checks))
    if args.json:
        args.json.write_text(json.dumps([{**c.__dict__, "error": c.error} for c in checks], indent=1) + "\n")


if __name__ == "__main__":
    main()

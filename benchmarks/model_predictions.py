"""Issue 27 §5: each advice kind's prediction on the out-of-sample models against the interleaved A/B measurement of
the change (benchmarks/gpu_models.sh: ``<dir>/<model>-eager``, ``<model>-compiled`` profile run directories and
``ab-<model>.json`` from benchmarks/ab_models.py).

    python benchmarks/model_predictions.py sample_traces/gpu/models [--json out.json]

Kinds and what measures them: ``compile`` on the eager trace against the A/B's compiled arm (share of the eager
step); ``fused_optimizer`` on the eager trace against the fused arm; ``cuda_graphs`` on the eager trace against the cudagraphs arm
(compiled with mode="reduce-overhead", share of the eager step); ``cuda_graphs`` and ``fused_optimizer`` on the
compiled trace against the cudagraphs arm (share of the compiled step: each round against the compiled round of
the same lap). A kind not advised predicts 0.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from traceview.analysis.analyze import analyze
from traceview.trace import load
from traceview.trace.run_files import dynamo_record, run_files

#: (trace, kind, arm measured, arm it is measured against[, the row's label]): ``compiled-loss`` (the forward and the
#: loss compiled as one function) measures `compile` too, in rows labelled ``compile+loss``, where an A/B has that arm
CASES = (("eager", "compile", "compiled", "base"), ("eager", "fused_optimizer", "fused", "base"),
         ("compiled", "cuda_graphs", "cudagraphs", "compiled"), ("eager", "compile", "compiled-loss", "base", "compile+loss"),
         ("eager", "cuda_graphs", "cudagraphs", "base"))


def measured(ab: dict, arm: str, against: str) -> dict:
    """The share of ``against``'s step the change to ``arm`` saves: medians, and the 10-90% of the rounds' shares."""
    a, b = ab["arms"][arm]["round_ms"], ab["arms"][against]["round_ms"]
    shares = sorted(1 - x / y for x, y in zip(a, b))
    mid = 1 - statistics.median(a) / statistics.median(b)
    return {"measured_pct": round(100 * mid, 2), "measured_low_pct": round(100 * shares[len(shares) // 10], 2),
            "measured_high_pct": round(100 * shares[-1 - len(shares) // 10], 2)}


def rows_of(root: Path, model: str, tag: str = "") -> list[dict]:
    """``tag``: read the traces of ``<model>-<which><tag>`` (``-incl``: the compile-included profiles)."""
    ab = json.loads((root / f"ab-{model}.json").read_text())
    rows = []
    for which, kind, arm, against, *label in CASES:
        run_dir = root / f"{model}-{which}{tag}"
        if not run_dir.is_dir() or arm not in ab["arms"]:
            continue  # not captured there (the CPU set has no compiled trace and no CUDA graphs)
        trace = sorted(run_dir.glob("*.pt.trace.json*"))[0]
        result = analyze(load(trace), dynamo_record(run_files(trace)))
        a = {x.kind: x for x in result.advice if x.ranked}.get(kind)  # an unranked note predicts nothing
        m = measured(ab, arm, against)
        rows.append({"model": model, "trace": which + tag, "kind": label[0] if label else kind, "advised": a is not None,
                     "predicted_pct": round(a.saving_pct, 2) if a else 0.0, **m,
                     "error_points": round((a.saving_pct if a else 0.0) - m["measured_pct"], 2)})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--json", default=None)
    parser.add_argument("--tag", default="", help="read <model>-<trace><TAG> run directories (-incl: compile included)")
    args = parser.parse_args()
    models = sorted(p.name[3:-5] for p in args.root.glob("ab-*.json"))
    rows = [r for m in models for r in rows_of(args.root, m, args.tag)]
    for r in rows:
        print(f"{r['model']:6s} {r['trace']:9s} {r['kind']:16s} predicted {r['predicted_pct']:6.1f}%  measured "
              f"{r['measured_pct']:6.1f}% ({r['measured_low_pct']:.1f}..{r['measured_high_pct']:.1f})  error "
              f"{r['error_points']:+.1f} points", file=sys.stdout)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()

"""Does alternating arms in one process change what each arm measures? The A/B benchmarks (``ab_models.py``) run
every arm's rounds in turn; in the same process the eager arm's rounds took 0.83-1.78x (median 1.26x) the steps of
the same loop run alone before and after the profiled window (24 models, sessions 12-13). This times, per model, in
one process and in this order:

1. ``loop``: the eager loop alone, each step on the host clock without a synchronisation (as ``traceview profile``
   times unprofiled steps: from the end of one step to the end of the next);
2. ``alone``: the eager arm alone in rounds as ``ab_models.py`` times them (2 warm steps, 10 timed between two
   synchronisations), before any other arm exists;
3. ``alone_after``: the same after the other arms were built and each warmed up by one round (compiled, CUDA graphs);
4. ``alternating``: all arms in turn, ``ab_models.py``'s rounds (``interleaved_rounds``);
5. ``compiled_alone``: the compiled arm alone in rounds, then the eager arm alone again (``alone_last``).

    python benchmarks/ab_alternation.py --model dlrm --rounds 20 --json alt-dlrm.json

Each phase's median ms per step and, for the compiled arm, its share of the eager step alternating and alone.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ab_summary import interleaved_rounds, timed_round  # noqa: E402
from model_arms import ModelArms  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="mixer")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    runner = ModelArms(args.model, args.batch)
    sync, step, make = runner.sync, runner.step, runner.add

    def alone(arm: str) -> list[float]:
        return [timed_round(lambda: step(arm), sync, args.steps, 2) for _ in range(args.rounds)]

    make("base")
    for _ in range(10):
        step("base")
    sync()
    ends = []
    for _ in range(10 * args.steps + 1):
        step("base")
        ends.append(time.perf_counter())
    loop = [(b - a) * 1e3 for a, b in zip(ends, ends[1:])]
    phases = {"loop": loop, "alone": alone("base")}
    for arm in ("compiled", "cudagraphs"):
        make(arm)
        timed_round(lambda: step(arm), sync, args.steps, 5)
    phases["alone_after"] = alone("base")
    arms = ["base", "compiled", "cudagraphs"]
    alt = interleaved_rounds(arms, args.rounds // 2, lambda arm, lap: timed_round(lambda: step(arm), sync, args.steps,
                                                                                  2 if lap else 5))
    phases.update({f"alternating_{a}": alt[a] for a in arms})
    phases["compiled_alone"] = alone("compiled")
    phases["alone_last"] = alone("base")
    med = {k: round(statistics.median(v), 4) for k, v in phases.items()}
    result = {"model": args.model, "device": runner.device_name,
              "torch": torch.__version__, "argv": vars(args), "median_ms": med,
              "compiled_share_alternating": round(1 - med["alternating_compiled"] / med["alternating_base"], 4),
              "compiled_share_alone": round(1 - med["compiled_alone"] / statistics.median(phases["alone_after"] + phases["alone_last"]), 4),
              "rounds_ms": {k: [round(v, 4) for v in vs] for k, vs in phases.items() if k != "loop"}}
    print(args.model, " ".join(f"{k} {v:.2f}" for k, v in med.items()),
          f"share alternating {result['compiled_share_alternating']:.3f} alone {result['compiled_share_alone']:.3f}")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()

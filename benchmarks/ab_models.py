"""Interleaved A/B benchmark of the out-of-sample models (``sample_traces/scripts/train_models.py``: mixer, gru,
bert) under the changes advice predicts: all arms in one process, each with its own copy of the model (same initial
weights) and its own AdamW, alternating in rounds (the order rotating each round), each round synchronised at both
ends and timed whole; the first round of each arm (compiling, warming up) is dropped.

    python benchmarks/ab_models.py --model bert --rounds 10 --steps 10 --json ab-bert.json

Arms: ``base`` (eager, as the script runs with --mode eager), ``compiled`` (torch.compile(model)), ``cudagraphs``
(torch.compile with Inductor's CUDA-graph trees), ``fused`` (eager, AdamW(fused=True)), ``compiled-loss``,
``tf32``, ``cudnn_benchmark`` and ``channels_last`` (benchmarks/model_arms.py says what each does). The loss is read with
``loss.item()`` every ``--log-every`` steps as the script does. Each arm's rounds are kept (``round_ms``), so a
change measured against another arm than ``base`` (cudagraphs against compiled) pairs the rounds of one lap.
With ``--prelude N`` the base arm first runs N steps alone (under ``traceview profile --steps 10:15 --no-torch-trace``:
the eager trace and its unprofiled steps from the process that then measures the changes).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ab_summary import interleaved_rounds, summarize, timed_round  # noqa: E402
from model_arms import ModelArms  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="mixer")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--arms", default="base,compiled,cudagraphs,fused")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--log-every", type=int, default=10)
    parser.add_argument("--prelude", type=int, default=0, help="steps of the base arm alone before the rounds: run "
                        "under `traceview profile --steps A:B --no-torch-trace` with B < PRELUDE, the eager trace the advice "
                        "reads comes from the process that measures the changes")
    parser.add_argument("--tail", type=int, default=0, help="steps of the base arm alone after the rounds: under "
                        "`traceview profile --steps A:B` with the window inside them, the A/B is measured before the "
                        "profiler ran (a profiled window leaves the process 1.2-1.7x slower: benchmarks/after_profiler.py); "
                        "only the base arm's optimizer is counted (the first that steps): the rounds take "
                        "5 + steps + rounds * (2 + steps) of its steps")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    runner = ModelArms(args.model, args.batch, args.log_every)
    sync, step = runner.sync, runner.step
    arms = [a for a in args.arms.split(",") if a]
    for arm in arms:
        runner.add(arm)

    for _ in range(args.prelude):  # the script's own loop, eager, before any other arm has run
        step("base")
    sync()
    times = interleaved_rounds(arms, args.rounds, lambda arm, lap: timed_round(lambda: step(arm), sync, args.steps,
                                                                              2 if lap else 5))
    for _ in range(args.tail):  # the script's loop again, alone: the profiled window sits here (--tail)
        step("base")
    sync()
    result = {"model": args.model, "device": runner.device_name,
              "torch": torch.__version__, "argv": vars(args)}
    summarize(result, times, arms, args.json, args.model)


if __name__ == "__main__":
    main()

"""Interleaved A/B benchmark of the out-of-sample models (``sample_traces/scripts/train_models.py``: mixer, gru,
bert) under the changes advice predicts: all arms in one process, each with its own copy of the model (same initial
weights) and its own AdamW, alternating in rounds (the order rotating each round), each round synchronised at both
ends and timed whole; the first round of each arm (compiling, warming up) is dropped.

    python benchmarks/ab_models.py --model bert --rounds 10 --steps 10 --json ab-bert.json

Arms: ``base`` (eager, as the script runs with --mode eager), ``compiled`` (torch.compile(model)), ``cudagraphs``
(torch.compile with Inductor's CUDA-graph trees), ``fused`` (eager, AdamW(fused=True)). The loss is read with
``loss.item()`` every ``--log-every`` steps as the script does. Each arm's rounds are kept (``round_ms``), so a
change measured against another arm than ``base`` (cudagraphs against compiled) pairs the rounds of one lap.
With ``--prelude N`` the base arm first runs N steps alone (under ``traceview profile --steps 10:15 --no-torch-trace``:
the eager trace and its unprofiled steps from the process that then measures the changes).
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path

import torch

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "sample_traces" / "scripts"))
from ab_summary import interleaved_rounds, summarize, timed_round  # noqa: E402
from train_models import build, compiled  # noqa: E402


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
    device = "cuda" if torch.cuda.is_available() else "cpu"
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    torch.manual_seed(0)
    first, (x, y), loss_of = build(args.model, device, args.batch)
    arms = [a for a in args.arms.split(",") if a]
    steppers = {}
    for arm in arms:
        model = copy.deepcopy(first)
        opt = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=True if arm == "fused" else None)
        mode = {"compiled": "compiled", "cudagraphs": "cudagraphs"}.get(arm, "eager")
        steppers[arm] = (compiled(model, mode), opt, [0])

    def step(arm: str) -> None:
        forward, opt, count = steppers[arm]
        loss = loss_of(forward, x, y)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        if args.log_every and count[0] % args.log_every == 0:
            loss.item()
        count[0] += 1

    for _ in range(args.prelude):  # the script's own loop, eager, before any other arm has run
        step("base")
    sync()
    times = interleaved_rounds(arms, args.rounds, lambda arm, lap: timed_round(lambda: step(arm), sync, args.steps,
                                                                              2 if lap else 5))
    for _ in range(args.tail):  # the script's loop again, alone: the profiled window sits here (--tail)
        step("base")
    sync()
    result = {"model": args.model, "device": torch.cuda.get_device_name(0) if device == "cuda" else "cpu",
              "torch": torch.__version__, "argv": vars(args)}
    summarize(result, times, arms, args.json, args.model)


if __name__ == "__main__":
    main()

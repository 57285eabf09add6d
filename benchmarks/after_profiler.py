"""Does a profiled window leave the process slower, and by a factor or by a cost per launch? In the same-process
runs the steps right after ``traceview profile``'s window took a median 1.29x the steps before it (24 models). Per
model, in one process: the eager and the compiled arm alternating in rounds (``ab_models.py``'s rounds), then five
eager steps under ``torch.profiler`` (CPU and CUDA activities, the trace exported as ``traceview profile`` does), then
the same rounds right after, then again after 40 more eager steps.

    python benchmarks/after_profiler.py --model shufflenet --rounds 10 --json after-shufflenet.json

A factor slows both arms alike (compile's share stays); a cost per launch slows the eager arm more (it launches more),
and the share measured after a profile moves.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ab_summary import interleaved_rounds, timed_round  # noqa: E402
from model_arms import ModelArms  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="mixer")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--activities", default="cpu,cuda", help="what the window profiles: cpu, cuda or both")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    runner = ModelArms(args.model, args.batch)
    sync, step = runner.sync, runner.step
    for arm in ("base", "compiled"):
        runner.add(arm)

    def rounds() -> dict[str, float]:
        times = interleaved_rounds(["base", "compiled"], args.rounds,
                                   lambda arm, lap: timed_round(lambda: step(arm), sync, args.steps, 2 if lap else 5))
        base, comp = statistics.median(times["base"]), statistics.median(times["compiled"])
        return {"base_ms": round(base, 4), "compiled_ms": round(comp, 4), "compiled_share": round(1 - comp / base, 4)}

    phases = {"before": rounds()}
    wanted = set(args.activities.split(","))
    activities = ([torch.profiler.ProfilerActivity.CPU] if "cpu" in wanted else []) + \
        ([torch.profiler.ProfilerActivity.CUDA] if runner.device == "cuda" and "cuda" in wanted else [])
    with torch.profiler.profile(activities=activities) as prof:
        for _ in range(5):
            step("base")
        sync()
    prof.export_chrome_trace(str(Path(tempfile.gettempdir()) / f"after_profiler-{args.model}.json"))
    phases["right_after"] = rounds()
    for _ in range(40):
        step("base")
    sync()
    phases["later"] = rounds()
    result = {"model": args.model, "device": runner.device_name,
              "torch": torch.__version__, "argv": vars(args), "phases": phases}
    print(args.model, args.activities, json.dumps(phases))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()

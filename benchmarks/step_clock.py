"""Time a training script's steps with no profiler at all: the script runs as ``python script.py args`` would
run it, each optimizer step's end taken from the host clock (the step ``traceview profile`` counts). Prints one
JSON line: the step times and their median over steps 3..N.

    python benchmarks/step_clock.py sample_traces/scripts/train_models.py --model mixer --iters 40
"""

from __future__ import annotations

import json
import runpy
import statistics
import sys
import time


def main() -> None:
    from torch.optim.optimizer import register_optimizer_step_post_hook

    ends: list[float] = []
    register_optimizer_step_post_hook(lambda *_: ends.append(time.perf_counter()))
    script, sys.argv = sys.argv[1], sys.argv[1:]
    runpy.run_path(script, run_name="__main__")
    ms = [(b - a) * 1e3 for a, b in zip(ends, ends[1:])]  # ms[i - 1]: step i
    print(json.dumps({"script": script, "argv": sys.argv[1:], "step_ms": [round(x, 4) for x in ms],
                      "median_ms_from_step_3": statistics.median(ms[2:]) if len(ms) > 2 else None}))


if __name__ == "__main__":
    main()

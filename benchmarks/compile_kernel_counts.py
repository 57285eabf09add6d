"""The compile model's generated kernels per step (from the eager trace) against the generated kernels the compiled
trace of the same model launched (Triton kernels per step, forward and backward graphs, steady steps).

    python benchmarks/compile_kernel_counts.py sample_traces/gpu/models [--json out.json]

Each extra generated kernel costs the compiled step ``COSTS["cuda"].kernel_ms`` of host time (32 µs on an H200 host):
on host-bound models the count decides the sign of ``compile``'s prediction.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import numpy as np

from traceview.analysis.advice import compile_model as cm
from traceview.analysis.advice.blocking import replay_inputs
from traceview.trace import load

GENERATED = re.compile(r"^triton_")


def predicted(eager: Path) -> float | None:
    trace = load(eager)
    inputs = replay_inputs(trace, trace.steps)
    if inputs is None:
        return None
    model = cm.compiled_step(trace, inputs.window, inputs.blocking, inputs.steps, cm.COSTS["cuda"])
    return None if model is None else model.fused_kernels


def launched(compiled: Path) -> float:
    """Generated (Triton) kernels per step of the compiled trace, over its steps (their launches' step)."""
    trace = load(compiled)
    g = trace.gpu
    kernels = g[(g["kind"] == "kernel").to_numpy() & g["name"].astype(str).str.match(GENERATED).to_numpy()]
    step = kernels["step_id"].to_numpy(dtype=np.int64, na_value=-1)
    steps = len(trace.steps)
    return float((step >= 0).sum()) / max(steps, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rows = []
    for eager_dir in sorted(args.root.glob("*-eager")):
        model = eager_dir.name.removesuffix("-eager")
        compiled_dir = args.root / f"{model}-compiled"
        if not compiled_dir.is_dir():
            continue
        e = sorted(eager_dir.glob("*.pt.trace.json*"))[0]
        c = sorted(compiled_dir.glob("*.pt.trace.json*"))[0]
        p, a = predicted(e), launched(c)
        rows.append({"model": model, "predicted": p, "launched": a, "error": None if p is None else round(p - a, 1)})
        print(f"{model:10s} predicted {p if p is None else round(p, 1):>6} launched {a:6.1f}  error {rows[-1]['error']}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()

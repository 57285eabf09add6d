"""What a library call costs the host inside a compiled graph against the same op eager: a chain of N library ops
and nothing else (``x @ W_i``; a 1x1 convolution of 16 channels, too few for Inductor's channels-last layout, so no
generated kernel goes with it), one training step each (forward, ``sum().backward()``), eager and compiled, at
several N, all in one process, alternating in rounds (medians of synchronised chunks, no profiler).

The compile model keeps each library op's eager host time in the compiled graph (the extern call is the same op);
``extern_extra_ms`` is the slope of the compiled steps minus the eager steps' per op and its backward: what Inductor's
wrapper adds per extern call (output allocation, the Python call) or saves (the eager op's dispatch layers).

    python benchmarks/micro_extern.py --json out.json
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import torch

from traceview.capture.calibrate import kernels_per_step, timed, training_step


def chain(kind: str, n: int, device: str):
    g = torch.Generator(device="cpu").manual_seed(n)
    if kind == "mm":
        ws = [(torch.randn(64, 64, generator=g) / 8).to(device).requires_grad_() for _ in range(n)]
        x = torch.randn(8, 64, device=device)

        def f(x):
            for w in ws:
                x = x @ w
            return x
    else:
        ws = [(torch.randn(16, 16, 1, 1, generator=g) / 4).to(device).requires_grad_() for _ in range(n)]
        x = torch.randn(8, 16, 8, 8, device=device)

        def f(x):
            for w in ws:
                x = torch.nn.functional.conv2d(x, w)
            return x
    return f, ws, x


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="4,16,32")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--json", default=None)
    a = p.parse_args()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    sizes = [int(s) for s in a.sizes.split(",")]
    steps = {}
    for kind in ("mm", "conv"):
        for n in sizes:
            for mode in ("eager", "compiled"):
                f, ws, x = chain(kind, n, device)
                steps[(kind, n, mode)] = training_step(torch.compile(f) if mode == "compiled" else f, ws, x)
                sync()
    launches = {key: kernels_per_step(step, sync, device) for key, step in steps.items()}
    ms: dict = {key: [] for key in steps}
    for _ in range(a.rounds):  # every variant in every round, the same order
        for key, step in steps.items():
            ms[key].append(timed(step, sync, chunks=5, per=10))
    rows = [{"kind": k, "n": n, "mode": m, "launches": launches[(k, n, m)], "ms": float(np.median(ms[(k, n, m)]))}
            for (k, n, m) in steps]
    out = {"device": torch.cuda.get_device_name(0) if device == "cuda" else "cpu", "torch": torch.__version__, "rows": rows}
    for kind in ("mm", "conv"):
        slope = {}
        for mode in ("eager", "compiled"):
            r = [x for x in rows if x["kind"] == kind and x["mode"] == mode]
            slope[mode] = float(np.polyfit([x["n"] for x in r], [x["ms"] for x in r], 1)[0])
        out[kind] = {"eager_ms_per_op": slope["eager"], "compiled_ms_per_op": slope["compiled"],
                     "extern_extra_ms": slope["compiled"] - slope["eager"]}
        print(kind, {k: round(v, 4) for k, v in out[kind].items()}, flush=True)
    for r in rows:
        print(r, flush=True)
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()

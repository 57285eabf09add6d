"""How much faster a float32 GEMM runs under TF32 and under bf16, by how long it takes in float32: the constants of
the ``precision`` and ``autocast`` advice (traceview/analysis/advice/precision.py: SPEEDUP).

Square and tall-skinny matmuls (forward and the two backward shapes of a linear layer) from tiny to large, each timed
with CUDA events in float32 (TF32 off), float32 with TF32 on, and bf16, the three alternating in one process, 30
timed calls per arm after a warm-up, medians. None of the models that score the advice. One row per shape: the
float32 kernel's µs and the two speedups; then the speedups binned by the float32 µs (the advice looks a kernel up by
its own float32 duration, which a trace gives without shapes).

    python benchmarks/micro_precision.py --json benchmarks/results/micro_precision-<date>-<gpu>.json
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from pathlib import Path

import torch

#: (m, k, n): a linear layer's forward (tokens x in -> out) and its backward shapes
SHAPES = [(m, k, n) for m in (256, 1024, 4096, 16384) for k, n in ((256, 256), (768, 3072), (1024, 1024), (4096, 1024))]
#: float32 µs bin edges of the table the advice reads
BINS = (0.0, 10.0, 30.0, 100.0, 300.0, 1000.0, 1e12)


def _time(fn, calls: int = 30) -> float:
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(calls):
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end) * 1e3)
    return statistics.median(times)


def measure() -> list[dict]:
    rows = []
    for m, k, n in SHAPES:
        a, b = torch.randn(m, k, device="cuda"), torch.randn(k, n, device="cuda")
        a16, b16 = a.bfloat16(), b.bfloat16()
        arms = {}

        def fp32():
            torch.backends.cuda.matmul.allow_tf32 = False
            return a @ b

        def tf32():
            torch.backends.cuda.matmul.allow_tf32 = True
            return a @ b

        def bf16():
            return a16 @ b16

        for fn in (fp32, tf32, bf16):  # warm-up, cuBLAS heuristics
            for _ in range(5):
                fn()
        torch.cuda.synchronize()
        for _ in range(3):  # alternating rounds
            for name, fn in (("fp32", fp32), ("tf32", tf32), ("bf16", bf16)):
                arms.setdefault(name, []).append(_time(fn, 10))
        torch.backends.cuda.matmul.allow_tf32 = False
        us = {name: statistics.median(v) for name, v in arms.items()}
        rows.append({"m": m, "k": k, "n": n, "fp32_us": round(us["fp32"], 2), "tf32_us": round(us["tf32"], 2),
                     "bf16_us": round(us["bf16"], 2), "tf32_speedup": round(us["fp32"] / us["tf32"], 3),
                     "bf16_speedup": round(us["fp32"] / us["bf16"], 3)})
    return rows


#: convolutions (N, C, H, W, out channels, kernel): ResNet- and U-Net-like layers
CONVS = [(64, 64, 56, 56, 64, 3), (64, 128, 28, 28, 128, 3), (64, 256, 14, 14, 256, 3), (64, 512, 7, 7, 512, 3),
         (32, 64, 128, 128, 64, 3), (64, 256, 56, 56, 64, 1), (16, 32, 256, 256, 32, 3)]


def convs() -> list[dict]:
    """Each convolution's forward and backward (float32 with TF32, as by default) with cuDNN's heuristics
    (benchmark off) against its benchmarked choice (on), alternating in one process."""
    rows = []
    conv = torch.nn.functional.conv2d
    for n, c, h, w, k, r in CONVS:
        x = torch.randn(n, c, h, w, device="cuda", requires_grad=True)
        weight = torch.randn(k, c, r, r, device="cuda", requires_grad=True)

        def run():
            y = conv(x, weight, padding=r // 2)
            y.sum().backward()

        times: dict[bool, list[float]] = {False: [], True: []}
        for bench in (False, True):  # warm-up (benchmark=True times the algorithms on its first call)
            torch.backends.cudnn.benchmark = bench
            for _ in range(3):
                run()
        torch.cuda.synchronize()
        for _ in range(3):
            for bench in (False, True):
                torch.backends.cudnn.benchmark = bench
                times[bench].append(_time(run, 10))
        torch.backends.cudnn.benchmark = False
        off, on = statistics.median(times[False]), statistics.median(times[True])
        rows.append({"shape": [n, c, h, w, k, r], "heuristic_us": round(off, 2), "benchmarked_us": round(on, 2),
                     "speedup": round(off / on, 3)})
    return rows


def binned(rows: list[dict]) -> list[dict]:
    out = []
    for low, high in zip(BINS[:-1], BINS[1:]):
        inside = [r for r in rows if low <= r["fp32_us"] < high]
        if inside:
            out.append({"fp32_us_from": low, "fp32_us_to": high if high < 1e11 else None, "shapes": len(inside),
                        "tf32_speedup": round(statistics.median(r["tf32_speedup"] for r in inside), 3),
                        "bf16_speedup": round(statistics.median(r["bf16_speedup"] for r in inside), 3)})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rows = measure()
    conv_rows = convs()
    result = {"script": "benchmarks/micro_precision.py", "device": torch.cuda.get_device_name(), "torch": torch.__version__,
              "machine": platform.node(), "date": time.strftime("%Y-%m-%d"), "rows": rows, "binned": binned(rows),
              "convolutions": conv_rows,
              "cudnn_benchmark_speedup_median": round(statistics.median(r["speedup"] for r in conv_rows), 3)}
    text = json.dumps(result, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()

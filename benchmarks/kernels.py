"""Time every variant of the reference workloads against the bytes it must move.

    python benchmarks/kernels.py --out DIR            # on a GPU: default (gpu) sizes
    python benchmarks/kernels.py --out DIR --size cpu # anywhere: tiny sizes, Triton interpreted

For each workload x variant: the median time of one call (``triton.testing.do_bench`` on a GPU,
which times with CUDA events; a perf_counter median on the CPU), the fewest bytes the call must
move (each input read once, each output written once), the achieved GB/s, and that as a share of
the copy bandwidth measured on the same device (``dst.copy_(src)`` over 1 GiB, bytes read plus
written). The own Triton variants are timed in several launch configurations; the best one is
marked. Writes ``DIR/kernels.json`` and ``DIR/kernels.md`` (the table in docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

COPY_BYTES = 1 << 30  # 1 GiB source: far past any cache
TRITON_CONFIGS = {  # launch configurations tried for the own kernels
    "abc": [{"block": 1024, "num_warps": 4}, {"block": 2048, "num_warps": 4}, {"block": 2048, "num_warps": 8},
            {"block": 4096, "num_warps": 8}],
    "mpadam": [{"block": 1024, "num_warps": 4}, {"block": 2048, "num_warps": 4}, {"block": 2048, "num_warps": 8},
               {"block": 4096, "num_warps": 8}],
    "adam": [{"block": 1024, "iters": 1, "num_warps": 4}, {"block": 1024, "iters": 4, "num_warps": 4},
             {"block": 2048, "iters": 1, "num_warps": 4}, {"block": 2048, "iters": 2, "num_warps": 8},
             {"block": 1024, "iters": 8, "num_warps": 4}, {"block": 4096, "iters": 1, "num_warps": 8}],
}


def median_ms(fn, device: torch.device) -> float:
    """Median time of one call in ms."""
    if device.type == "cuda":
        from triton.testing import do_bench

        return float(do_bench(fn, warmup=50, rep=300, return_mode="median"))
    fn()
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1e3)
    return statistics.median(samples)


def copy_bandwidth(device: torch.device) -> float:
    """GB/s of a device-to-device copy, counting bytes read plus bytes written."""
    n = COPY_BYTES // 4 if device.type == "cuda" else 1 << 20
    src = torch.randn(n, device=device)
    dst = torch.empty_like(src)
    ms = median_ms(lambda: dst.copy_(src), device)
    return 2 * n * 4 / (ms * 1e6)


def bench_case(name: str, variant: str, case, device, copy_gbps: float, config: dict | None = None) -> dict:
    for _ in range(3):  # compile, autotune, record CUDA graphs
        case.step()
    if device.type == "cuda":
        torch.cuda.synchronize()
    ms = median_ms(case.step, device)
    gbps = case.bytes_per_call / (ms * 1e6)
    return {"workload": name, "variant": variant, "config": config, "median_ms": ms,
            "bytes": case.bytes_per_call, "gb_per_s": gbps, "pct_of_copy": 100 * gbps / copy_gbps,
            "sizes": case.sizes}


def bench_workload(workload, device, size, copy_gbps: float) -> list[dict]:
    from traceview.capture.workloads import check_against_reference
    from traceview.capture.workloads import abc, adam, mpadam

    triton_cases = {"abc": abc.triton_case, "mpadam": mpadam.triton_case, "adam": adam.triton_case}
    rows = []
    for variant in workload.variants.values():
        configs = TRITON_CONFIGS[workload.name] if variant.triton else [None]
        for config in configs:
            label = variant.name if config is None else f"{variant.name}[{','.join(f'{k}={v}' for k, v in config.items())}]"
            try:
                case = triton_cases[workload.name](size, device, **config) if config else variant.build(size, device)
                if config:  # each launch configuration must compute the same thing
                    for _ in range(2):
                        case.step()
                    check_against_reference(workload, case, 2, size, device, label)
                rows.append(bench_case(workload.name, label, case, device, copy_gbps, config))
                print(f"{workload.name:7s} {label:45s} {rows[-1]['median_ms']:9.4f} ms {rows[-1]['gb_per_s']:8.1f} GB/s",
                      flush=True)
            except Exception as exc:  # one variant failing must not lose the others' numbers
                rows.append({"workload": workload.name, "variant": label, "error": f"{type(exc).__name__}: {exc}"})
                print(f"{workload.name} {label}: FAILED {exc}", flush=True)
            case = None
            gc.collect()
            if device.type == "cuda":
                torch.cuda.empty_cache()
    _mark_best_triton(rows)
    return rows


def _mark_best_triton(rows: list[dict]) -> None:
    timed = [r for r in rows if r["variant"].startswith("triton") and "median_ms" in r]
    if timed:
        min(timed, key=lambda r: r["median_ms"])["best_triton"] = True


def markdown(result: dict) -> str:
    env = result["environment"]
    lines = [
        f"Machine: {env['device']}; torch {env['torch']}, triton {env['triton']}, CUDA {env['cuda']}, "
        f"Python {env['python']}; {env['date']}.",
        f"Measured copy bandwidth (`dst.copy_(src)`, 1 GiB, read + write): **{result['copy_gb_per_s']:.0f} GB/s**.",
        "",
        "| workload | variant | median ms | bytes moved (min) | GB/s | % of copy |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for r in result["rows"]:
        if "error" in r:
            lines.append(f"| {r['workload']} | {r['variant']} | failed: {r['error'][:80]} | | | |")
            continue
        mark = " **(best)**" if r.get("best_triton") else ""
        lines.append(f"| {r['workload']} | {r['variant']}{mark} | {r['median_ms']:.4f} | {r['bytes']:,} | "
                     f"{r['gb_per_s']:.0f} | {r['pct_of_copy']:.1f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--size", default=None, help="'cpu' or 'gpu' preset for every workload (default: the device's)")
    parser.add_argument("--workload", action="append", help="only these workloads (repeatable)")
    args = parser.parse_args(argv)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if device.type == "cpu":
        os.environ["TRITON_INTERPRET"] = "1"
    import triton

    from traceview.capture.profiling import device_info
    from traceview.capture.workloads import WORKLOADS

    copy_gbps = copy_bandwidth(device)
    print(f"copy bandwidth: {copy_gbps:.1f} GB/s", flush=True)
    rows = []
    for name in args.workload or list(WORKLOADS):
        wl = WORKLOADS[name]
        rows += bench_workload(wl, device, wl.size(args.size, device), copy_gbps)
    info = device_info(device)
    result = {
        "environment": {"device": info.get("name"), "torch": torch.__version__, "triton": triton.__version__,
                        "cuda": torch.version.cuda, "python": platform.python_version(),
                        "date": time.strftime("%Y-%m-%d")},
        "copy_gb_per_s": copy_gbps,
        "rows": rows,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "kernels.json").write_text(json.dumps(result, indent=1) + "\n")
    (args.out / "kernels.md").write_text(markdown(result))
    print(markdown(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())

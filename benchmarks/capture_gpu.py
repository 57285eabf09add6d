"""Capture every sample trace and the kernel benchmark in one go (one call on a GPU machine).

    python benchmarks/capture_gpu.py --out DIR             # GPU: default sizes
    python benchmarks/capture_gpu.py --out DIR --size cpu  # anywhere: tiny sizes, to test the script

Each part runs in its own Python process (so one failure or a leftover CUDA graph cannot spoil
the next), in this order, until ``--deadline`` seconds have passed:

1. ``traceview run`` of every workload x variant, steady state -> ``runs/<workload>/``
2. ``benchmarks/kernels.py`` -> ``DIR/kernels.json``, ``DIR/kernels.md``
3. extra traces, each with a fresh TORCHINDUCTOR_CACHE_DIR (so compiling really compiles and
   autotunes) -> ``extras/<name>/``: the first calls of compiled and max-autotune ``abc`` with
   compilation included, and ``traceview profile`` of the scripts in ``sample_traces/scripts/``.

Everything but the benchmark files is packed into ``DIR/samples.tar``; the log is ``DIR/log.txt``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "sample_traces" / "scripts"
EXTRA_ABC_N = 4096  # modest: the first-call traces are about compilation, not bandwidth

# (name, kind, arguments); "run": workload, variant or "", size or "", include_compile, calls
EXTRAS = [
    ("abc-compiled-first-call", "run", ("abc", "compiled", str(EXTRA_ABC_N), True, 2)),
    ("abc-max-autotune-first-call", "run", ("abc", "max-autotune", str(EXTRA_ABC_N), True, 4)),
    ("reduce-overhead-steady", "profile", ("reduce_overhead.py", False)),
    ("graph-break-steady", "profile", ("graph_break.py", False)),
    ("compiled-optimizer-first-call", "profile", ("compiled_optimizer.py", True)),
    ("compiled-optimizer-steady", "profile", ("compiled_optimizer.py", False)),
]


def part_run(workload: str, variant: str, size: str, include_compile: bool, calls: int, dest: Path) -> None:
    from traceview.capture.runner import run_workload

    result = run_workload(workload, [variant] if variant else None, size or None, dest, include_compile, calls=calls)
    for v in result.variants:
        print(f"  {workload}/{v.variant}: {v.median_ms:.4f} ms, max|diff| {v.max_abs_diff:.2e}, code {v.code_files}")


def part_profile(script: str, include_compile: bool, dest: Path) -> None:
    from traceview.capture.profile_script import profile_script

    result = profile_script(SCRIPTS / script, [], dest, include_compile=include_compile)
    print(f"  {script}: exit {result.exit_code} {result.error or ''} -> {result.trace}")
    if result.exit_code:
        print(result.traceback or "")


class Log:
    def __init__(self, path: Path):
        self.file = path.open("a")

    def __call__(self, text: str) -> None:
        print(text, flush=True)
        self.file.write(text + "\n")
        self.file.flush()


def _spawn(log: Log, args: list[str], env: dict, timeout: float) -> bool:
    log(f"$ {' '.join(args)}")
    started = time.time()
    try:
        proc = subprocess.run(args, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              timeout=max(timeout, 1))
        out, ok = proc.stdout, proc.returncode == 0
    except subprocess.TimeoutExpired as exc:
        out, ok = (exc.stdout or b"").decode(errors="replace") if isinstance(exc.stdout, bytes) else (exc.stdout or ""), False
        out += f"\nTIMEOUT after {timeout:.0f} s"
    lines = [line for line in out.splitlines() if "USDT" not in line]
    log("\n".join(lines[-40:]))
    log(f"-> {'ok' if ok else 'FAILED'} in {time.time() - started:.1f} s")
    return ok


def orchestrate(out: Path, size: str | None, deadline: float, skip_bench: bool) -> int:
    start = time.time()
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="traceview-capture-"))
    log = Log(out / "log.txt")
    me = [sys.executable, str(Path(__file__).resolve())]
    shared_cache = tempfile.mkdtemp(prefix="inductor-shared-")
    base_env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(ROOT))

    def left() -> float:
        return deadline - (time.time() - start)

    failures = 0
    for workload in ("abc", "mpadam", "adam"):
        env = dict(base_env, TORCHINDUCTOR_CACHE_DIR=shared_cache)
        args = me + ["part-run", workload, "", size or "", "0", "3", str(work / "runs" / workload)]
        failures += not _spawn(log, args, env, left() - 60)
    if not skip_bench and left() > 90:
        env = dict(base_env, TORCHINDUCTOR_CACHE_DIR=shared_cache)
        size_args = ["--size", size] if size else []
        failures += not _spawn(log, [sys.executable, str(ROOT / "benchmarks" / "kernels.py"), "--out", str(out)] + size_args,
                               env, left() - 60)
    for name, kind, params in EXTRAS:
        if left() < 30:
            log(f"skipped {name}: out of time")
            failures += 1
            continue
        env = dict(base_env, TORCHINDUCTOR_CACHE_DIR=tempfile.mkdtemp(prefix="inductor-fresh-"))
        if kind == "run":
            workload, variant, n, include, calls = params
            args = me + ["part-run", workload, variant, n if size != "cpu" else "", str(int(include)), str(calls)]
        else:
            script, include = params
            args = me + ["part-profile", script, str(int(include))]
        failures += not _spawn(log, args + [str(work / "extras" / name)], env, left() - 20)
    with tarfile.open(out / "samples.tar", "w") as tar:
        tar.add(work, arcname="samples")
    log(f"done in {time.time() - start:.0f} s, {failures} part(s) failed; samples.tar "
        f"{(out / 'samples.tar').stat().st_size / 1e6:.1f} MB")
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    sys.path.insert(0, str(ROOT))
    if argv and argv[0] == "part-run":
        workload, variant, size, include, calls, dest = argv[1:7]
        part_run(workload, variant, size, include == "1", int(calls), Path(dest))
        return 0
    if argv and argv[0] == "part-profile":
        script, include, dest = argv[1:4]
        part_profile(script, include == "1", Path(dest))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--size", default=None, help="'cpu' for tiny sizes (a test of this script)")
    parser.add_argument("--deadline", type=float, default=560.0, help="seconds for everything")
    parser.add_argument("--skip-bench", action="store_true")
    args = parser.parse_args(argv)
    return orchestrate(args.out, args.size, args.deadline, args.skip_bench)


if __name__ == "__main__":
    sys.exit(main())

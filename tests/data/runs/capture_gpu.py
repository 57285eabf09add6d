"""Capture GPT-2 training run directories on a GPU through ``traceview profile --steps`` (one device call).

    python tests/data/runs/capture_gpu.py OUT_DIR [--deadline 540]

Run from the repository root (``python -m traceview.cli`` must import this checkout). Each run is
the unmodified ``sample_traces/scripts/train_gpt2.py`` (transformers GPT-2 from a config, AdamW,
batch 8 x 128, 2 layers, 256 wide) profiled by traceview itself, so each folder is what a user gets:
the Kineto trace, ``meta.json`` (Dynamo counters, the steps counted) and PyTorch's structured trace::

    gpt2-eager-stack            --mode eager             --steps 5:8 --with-stack   module tree, backward via fwdbwd
    gpt2-compiled-stack         --mode compiled          --steps 5:8 --with-stack   transformers' graph break, regions
    gpt2-recompile              --mode compiled --seq-change-at 4   --steps 5:8    recompiles (step 4 is the warm-up
                                                                                    step: compiled, not recorded)
    gpt2-reduce-overhead-stack  --mode reduce-overhead   --steps 5:8 --with-stack   cudaGraphLaunch replays per module

``OUT_DIR/runs.tar.gz`` packs them for the repository (tests/data/runs/): ``code/`` left out and
each structured trace shrunk by ``shrink_torch_trace.py`` (metadata of every record kept, payloads
only for graph-break and recompile reasons). ``OUT_DIR/capture_log.txt`` has every command, its exit
code and the tail of its output, plus ``traceview check`` of each run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
SCRIPT = ROOT / "sample_traces" / "scripts" / "train_gpt2.py"
RUNS = {
    "gpt2-eager-stack": (["--with-stack"], ["--mode", "eager"]),
    "gpt2-compiled-stack": (["--with-stack"], ["--mode", "compiled"]),
    "gpt2-recompile": ([], ["--mode", "compiled", "--seq-change-at", "4"]),
    "gpt2-reduce-overhead-stack": (["--with-stack"], ["--mode", "reduce-overhead"]),
}
STEPS = "5:8"
ITERS = "8"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--deadline", type=float, default=540.0)
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    log = (out / "capture_log.txt").open("w")
    start = time.time()
    env = dict(os.environ, PYTHONUNBUFFERED="1", TORCHINDUCTOR_CACHE_DIR=tempfile.mkdtemp(prefix="inductor-"))

    def say(text: str) -> None:
        print(text, flush=True)
        log.write(text + "\n")
        log.flush()

    def run(cmd: list[str], timeout: float) -> int:
        t0 = time.time()
        say("$ " + " ".join(cmd))
        try:
            proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=max(timeout, 10))
        except subprocess.TimeoutExpired:
            say(f"  timed out after {time.time() - t0:.0f} s")
            return 124
        lines = [ln for ln in (proc.stdout + proc.stderr).splitlines() if ln.strip()]
        say(f"  exit {proc.returncode} in {time.time() - t0:.1f} s")
        say("\n".join("  " + ln for ln in lines[-25:]))
        return proc.returncode

    failures = 0
    for name, (options, script_args) in RUNS.items():
        left = args.deadline - (time.time() - start)
        if left < 30:
            say(f"{name}: skipped, out of time")
            failures += 1
            continue
        folder = out / name
        shutil.rmtree(folder, ignore_errors=True)
        code = run([sys.executable, "-m", "traceview.cli", "profile", "--steps", STEPS, "--no-analyze", "-o", str(folder),
                    *options, str(SCRIPT), "--iters", ITERS, *script_args], left - 20)
        failures += code != 0
        if code == 0:
            run([sys.executable, "-m", "traceview.cli", "check", str(folder), "--max", "kernels_per_step=100000",
                 "--max", "graph_breaks=100", "--max", "recompiles=100", "--json"], 120)
    pack(out, say)
    say(f"done in {time.time() - start:.0f} s, {failures} failed")
    return 1 if failures else 0


def pack(out: Path, say) -> None:
    sys.path.insert(0, str(HERE))
    from shrink_torch_trace import shrink

    staging = Path(tempfile.mkdtemp(prefix="runs-"))
    for name in RUNS:
        src = out / name
        if not (src / "meta.json").is_file():
            continue
        dst = staging / name
        dst.mkdir()
        for f in src.iterdir():
            if f.is_file() and f.name.endswith(".torch_trace.log.gz"):
                shrink(str(f), str(dst / f.name))
            elif f.is_file() and not f.name.endswith(".html"):
                shutil.copy(f, dst / f.name)
        say(f"{name}: " + ", ".join(f"{p.name} {p.stat().st_size / 1e3:,.0f} KB" for p in sorted(dst.iterdir())))
    with tarfile.open(out / "runs.tar.gz", "w:gz") as tar:
        tar.add(staging, arcname="runs")
    say(f"runs.tar.gz {(out / 'runs.tar.gz').stat().st_size / 1e3:,.0f} KB")


if __name__ == "__main__":
    sys.exit(main())

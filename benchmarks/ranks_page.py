"""`traceview ranks` and `traceview report DIR` from 2 to 128 ranks: wall time and peak memory, local and on Dask.

    python benchmarks/ranks_page.py [--ranks 2 8 32 128] [--source hta|ddp] [--public DIR] [--engines local dask] [--out FILE]

The ranks are made from a real capture by shifting and perturbing it: rank r is a copy of source rank
r mod 2 (HTA's sampled ranks 0 and 1 of a real 128-rank job, or this project's 2-GPU DDP capture) with
its own ``distributedInfo`` rank and world size, every timestamp shifted by a per-rank offset (0-200 µs),
every GPU kernel's duration scaled by 1 +- 3%, and the last rank's non-NCCL kernels 25% longer (a slow
rank). Each command runs in its own process; ``/usr/bin/time -v`` gives its peak RSS (the largest single
process of its tree: the parent or one worker, not their sum).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = ROOT.parent / "shared" / "traces" / "public"  # the shared public traces, beside the checkout


def sources(name: str, public: Path) -> list[Path]:
    if name == "hta":
        return [public / f"hta__sampled_rank-{r}_of128.json.gz" for r in (0, 1)]
    return [ROOT / "sample_traces" / "ddp_2rank" / f"rank{r}.pt.trace.json.gz" for r in (0, 1)]
_NCCL = re.compile(r"^(?:void )?(?:nccl|rccl)", re.IGNORECASE)


def make_ranks(sources: list[Path], n: int, folder: Path, seed: int = 0) -> list[Path]:
    """``n`` rank files in ``folder`` made from the real ``sources`` (see the module docstring)."""
    rng = random.Random(seed)
    docs = [json.loads(gzip.open(p, "rt").read()) for p in sources]
    files = []
    for r in range(n):
        doc = json.loads(json.dumps(docs[r % len(docs)]))  # a deep copy
        info = doc.setdefault("distributedInfo", {})
        info["rank"], info["world_size"] = r, n
        shift = rng.uniform(0, 200)
        slow = 1.25 if r == n - 1 and n > 1 else 1.0
        for e in doc.get("traceEvents", []):
            if isinstance(e.get("ts"), (int, float)):
                e["ts"] = round(e["ts"] + shift, 3)
            if e.get("cat") == "kernel" and isinstance(e.get("dur"), (int, float)):
                factor = rng.uniform(0.97, 1.03) * (1.0 if _NCCL.search(str(e.get("name", ""))) else slow)
                e["dur"] = round(e["dur"] * factor, 3)
        path = folder / f"job_rank-{r}.pt.trace.json.gz"
        with gzip.open(path, "wt", compresslevel=1) as f:
            json.dump(doc, f)
        files.append(path)
    return files


def timed(cmd: list[str], env: dict) -> dict:
    """Wall seconds and peak RSS (MB, largest process) of ``cmd``; it must succeed."""
    started = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-v", *cmd], capture_output=True, text=True, env=env)
    wall = time.perf_counter() - started
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr[-2000:]}")
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", proc.stderr)
    return {"wall_s": round(wall, 2), "peak_rss_mb": round(int(rss.group(1)) / 1024, 1) if rss else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ranks", type=int, nargs="+", default=[2, 8, 32, 128])
    parser.add_argument("--source", choices=["hta", "ddp"], default="hta")
    parser.add_argument("--public", type=Path, default=PUBLIC, help="where HTA's sampled traces are")
    parser.add_argument("--engines", nargs="+", default=["local", "dask"])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    tv = [sys.executable, "-m", "traceview"]
    results = {"python": platform.python_version(), "cpus": os.cpu_count(), "source": args.source, "workers": args.workers, "runs": []}
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.ranks:
            folder = Path(tmp) / f"ranks{n}"
            folder.mkdir()
            files = make_ranks(sources(args.source, args.public), n, folder)
            mb = sum(f.stat().st_size for f in files) / 1e6
            for engine in args.engines:
                env = {**os.environ, "TRACEVIEW_CACHE_DIR": str(Path(tmp) / f"cache-{n}-{engine}")}
                common = ["--executor", engine, "--workers", str(args.workers)]
                row = {"ranks": n, "engine": engine, "gz_mb": round(mb, 1)}
                row["ranks_cmd"] = timed([*tv, "ranks", str(folder), "--json", "--no-progress", *common], env)
                page = Path(tmp) / f"job{n}-{engine}.html"
                row["report_no_pages"] = timed([*tv, "report", str(folder), "-o", str(page), "--rank-pages", "none", *common], env)
                row["page_mb"] = round(page.stat().st_size / 1e6, 2)
                row["report_auto_pages"] = timed([*tv, "report", str(folder), "-o", str(page), "--rank-pages", "auto", *common], env)
                row["rank_pages"] = len(list(page.with_name(page.stem + "_ranks").glob("rank*.html")))
                print(json.dumps(row), flush=True)
                results["runs"].append(row)
    if args.out:
        args.out.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()

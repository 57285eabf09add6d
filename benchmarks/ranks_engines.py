"""Per-rank summaries on each engine: the local process pool, a Dask LocalCluster, a local Ray.

    python benchmarks/ranks_engines.py [--ranks 4] [--mb 50] [--workers 2] [--repeat 3] [--out FILE]

Times, per engine: starting the cluster, then ``gather_ranks(files, rank_summary)`` ``--repeat``
times (the first call includes the workers' imports; the median of the rest is the steady cost),
on the real 2-rank DDP capture (sample_traces/ddp_2rank) and on ``--ranks`` generated ranks of
``--mb`` MB of JSON each (benchmarks/tracegen.py). Every engine's tables must equal the local
pool's; the script fails otherwise.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from tracegen import generate  # noqa: E402

from traceview.analysis.ranks.ranks import rank_summary  # noqa: E402
from traceview.trace.engines import engine_executor  # noqa: E402
from traceview.trace.parallel import gather_ranks  # noqa: E402


def _timed(files, executor, workers, repeat):
    runs, tables = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        got = gather_ranks(files, rank_summary, executor=executor, workers=workers)
        runs.append(time.perf_counter() - started)
        tables = pd.concat(got.results, ignore_index=True)
    return runs, tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ranks", type=int, default=4)
    parser.add_argument("--mb", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        generated = [Path(tmp) / f"rank{r}.pt.trace.json" for r in range(args.ranks)]
        for r, path in enumerate(generated):
            generate(path, args.mb << 20, rank=r, world_size=args.ranks)
        sets = {"ddp_2rank": sorted((ROOT / "sample_traces" / "ddp_2rank").glob("*.json.gz")),
                f"generated_{args.ranks}x{args.mb}MB": generated}
        results: dict = {"python": platform.python_version(), "workers": args.workers, "repeat": args.repeat, "engines": {}}
        reference = {}
        for engine in ("local", "dask", "ray"):
            started = time.perf_counter()
            with engine_executor(engine, workers=args.workers) as executor:
                start_s = time.perf_counter() - started
                entry = {"cluster_start_s": round(start_s, 3)}
                for name, files in sets.items():
                    runs, tables = _timed(files, executor, args.workers, args.repeat)
                    if engine == "local":
                        reference[name] = tables
                    else:
                        pd.testing.assert_frame_equal(tables, reference[name])
                    entry[name] = {"first_s": round(runs[0], 3), "steady_median_s": round(statistics.median(runs[1:] or runs), 3)}
            results["engines"][engine] = entry
            print(engine, json.dumps(entry), flush=True)
    text = json.dumps(results, indent=1)
    if args.out:
        args.out.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()

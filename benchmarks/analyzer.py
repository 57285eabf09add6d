"""Time and peak memory of loading + analysing large traces: traceview vs HTA vs a bare JSON parse.

    pip install -e '.[bench]'   # HTA and orjson, the two baselines (traceview itself needs neither)
    python benchmarks/analyzer.py --dir /tmp/tvbench --sizes 10 200 1000 2000 [--mem-limit-gb 20]
    python benchmarks/analyzer.py --dir /tmp/tvbench --sizes --traces REAL.json [REAL2.json.gz ...]
    python benchmarks/analyzer.py --dir /tmp/tvbench --sizes 10 200 --tools traceview \
        --traceview-src /tmp/old-checkout --results before     # another commit of traceview, same traces

For each size (MB of plain JSON) the script generates a realistic trace once
(``benchmarks/tracegen.py``, in ``DIR/<size>mb/trace/``: a folder holding only the trace, as HTA
needs), then measures, each in a fresh subprocess, on the same file:

- ``orjson``: ``orjson.loads(open(f).read())``, the floor for any JSON-based pipeline;
- ``msgspec``: the events decoded into typed ``msgspec.Struct``s (ph, cat, name, pid, tid, ts,
  dur; ``args`` skipped), the floor for a loader that reads what traceview reads;
- ``hta``: HolisticTraceAnalysis ``TraceAnalysis(trace_dir=...)`` (its load; no analysis yet);
- ``traceview``: ``load(f)`` + ``analyze(trace)`` (every core analysis), no cache;
- ``traceview_kernels``: ``tv.open(f).kernels``, no cache (the API computes only what is asked);
- ``traceview_cached``: the same, re-opened from the columnar cache (written beforehand by a
  separate process, so the peak is that of re-opening alone).

``--traces`` measures given (real) trace files the same way, each linked into a folder of its own
(``DIR/real-<name>/trace/``); ``benchmarks/stretch.py`` makes a real trace longer by repeating its steps.

Seconds are timed inside the child around the work (imports excluded); peak memory is the largest
memory of the child's process tree, sampled every 20 ms: the child's RSS plus the private pages of
any process it forked (pages a forked worker still shares with its parent are counted once), and at
least the child's own ``ru_maxrss``; the
RSS with the tool imported, before the work (``imported_mb``), is also recorded, so the table
gives the peak above that floor too (what the trace itself costs; pandas + pyarrow alone are
~0.1 GB in both tools' processes). A child
whose tree passes ``--mem-limit-gb`` is killed and reported as out of memory at that size, so the
machine never swaps. Writes ``DIR/analyzer.json`` and prints the Markdown table for
docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing
import os
import platform
import subprocess
import sys
import time
from datetime import date
from pathlib import Path
from typing import Optional, Union

import msgspec

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ("orjson", "msgspec", "hta", "traceview", "traceview_cached", "traceview_kernels")
#: RSS sampling interval of the watcher (s).
SAMPLE_S = 0.02


def _measure(tool: str, trace: Path) -> dict:
    """Run in the child: do the work, return seconds and the child's own peak RSS."""
    import resource

    result: dict = {}
    if tool == "orjson":
        import orjson

        imported = _rss_mb()
        t = time.perf_counter()
        raw = trace.read_bytes()
        events = len(orjson.loads(gzip.decompress(raw) if trace.suffix == ".gz" else raw)["traceEvents"])
        result = {"seconds": time.perf_counter() - t, "events": events}
    elif tool == "msgspec":
        decoder = _floor_decoder()
        imported = _rss_mb()
        t = time.perf_counter()
        raw = trace.read_bytes()
        events = len(decoder.decode(gzip.decompress(raw) if trace.suffix == ".gz" else raw).traceEvents)
        result = {"seconds": time.perf_counter() - t, "events": events}
    elif tool == "hta":
        import logging

        os.environ["HTA_DISABLE_NS_ROUNDING"] = "1"
        logging.disable(logging.WARNING)
        from hta.trace_analysis import TraceAnalysis

        imported = _rss_mb()
        t = time.perf_counter()
        analysis = TraceAnalysis(trace_dir=str(trace.parent))
        result = {"seconds": time.perf_counter() - t, "events": int(sum(len(df) for df in (analysis.t.get_trace(r) for r in analysis.t.get_ranks())))}
    elif tool == "traceview_kernels":  # the notebook's first question: tv.open(path).kernels, computed when asked
        sys.path.insert(0, os.environ.get("TRACEVIEW_BENCH_SRC") or str(ROOT))
        import pandas  # noqa: F401  (HTA's import brings pandas and pyarrow too: neither is timed)
        import pyarrow  # noqa: F401

        import traceview as tv
        from traceview.api import run  # noqa: F401  (the API's own modules, imported when first used)

        imported = _rss_mb()
        t = time.perf_counter()
        opened = tv.open(trace, cache=False)
        kernels = opened.kernels
        result = {"seconds": time.perf_counter() - t, "events": int(opened.trace.meta.event_count), "kernels": len(kernels)}
    else:
        sys.path.insert(0, os.environ.get("TRACEVIEW_BENCH_SRC") or str(ROOT))
        from traceview.analysis.analyze import analyze
        from traceview.trace import load

        cached = tool == "traceview_cached"
        if tool == "traceview_warm":  # writes the cache, in a process of its own (not reported)
            load(trace, cache=True)
            return {"seconds": 0.0, "child_maxrss_mb": 0.0}
        imported = _rss_mb()
        t = time.perf_counter()
        loaded = load(trace, cache=cached)
        t_load = time.perf_counter() - t
        result_analysis = analyze(loaded)
        import traceview

        result = {"seconds": time.perf_counter() - t, "load_seconds": t_load,
                  "events": loaded.meta.event_count, "kernels": result_analysis.kernel_counts["total"],
                  "source": str(Path(traceview.__file__).parent.parent)}
    result["child_maxrss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if "pandas" in sys.modules:  # which pandas the tool ran on (--hta-path gives HTA its own)
        result["pandas"] = sys.modules["pandas"].__version__
    result["imported_mb"] = imported  # RSS with the tool imported, before the work: its floor
    return result


class FloorEvent(msgspec.Struct, gc=False):
    """The fields of a ``traceEvents`` entry a loader reads, typed; ``args`` and the rest skipped."""

    ph: Optional[str] = None
    cat: Optional[str] = None
    name: Optional[str] = None
    pid: Union[int, str, None] = None
    tid: Union[int, str, None] = None
    ts: Optional[float] = None
    dur: Optional[float] = None


class FloorTrace(msgspec.Struct, gc=False):
    traceEvents: list[FloorEvent] = []


def _floor_decoder() -> msgspec.json.Decoder:
    """A msgspec decoder of ``{"traceEvents": [...]}`` into :class:`FloorEvent`s: what decoding the
    events a loader needs costs at the least."""
    return msgspec.json.Decoder(FloorTrace)


def _rss_mb() -> float:
    """The process's resident memory now (Linux ``/proc``), MB."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _private_bytes(pid: int) -> int:
    """Memory only process ``pid`` holds (its private pages: what a forked worker adds to its parent's
    RSS; the pages it still shares with the parent are counted once, in the parent's RSS)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            return sum(int(line.split()[1]) * 1024 for line in f if line.startswith(("Private_Clean:", "Private_Dirty:")))
    except OSError:
        return 0


def run_one(tool: str, trace: Path, mem_limit_bytes: int, env: dict, time_limit_s: float = 3600.0) -> dict:
    """The child's result plus the tree's sampled peak RSS; ``{"oom": True}`` when killed at the limit."""
    import psutil

    if tool == "traceview_cached":
        run_one("traceview_warm", trace, mem_limit_bytes, env, time_limit_s)
    child = subprocess.Popen([sys.executable, __file__, "--child", tool, str(trace)], stdout=subprocess.PIPE, env=env, text=True)
    proc = psutil.Process(child.pid)
    started = time.perf_counter()
    peak = 0
    killed: str | bool = False
    while child.poll() is None:
        try:
            rss = proc.memory_info().rss + sum(_private_bytes(p.pid) for p in proc.children(recursive=True))
        except psutil.Error:
            rss = 0
        peak = max(peak, rss)
        timed_out = time.perf_counter() - started > time_limit_s
        if rss > mem_limit_bytes or timed_out:
            for p in [*proc.children(recursive=True), proc]:
                try:
                    p.kill()
                except psutil.Error:
                    pass
            killed = "timeout" if timed_out else "oom"
            break
        time.sleep(SAMPLE_S)
    out, _ = child.communicate()
    if killed:
        return {killed: True, "peak_mb": peak / 2**20, "seconds_before_kill": time.perf_counter() - started}
    if child.returncode != 0:
        return {"error": f"exit {child.returncode}", "peak_mb": peak / 2**20}
    result = json.loads(out.strip().splitlines()[-1])
    result["peak_mb"] = max(peak / 2**20, result["child_maxrss_mb"])
    return result


def _median_run(runs: list[dict]) -> dict:
    """The run with the median seconds (the upper one of an even count), with every run's seconds
    and peaks kept beside it; a killed or failed run is returned as it is."""
    bad = [r for r in runs if "seconds" not in r]
    if bad:
        return bad[0]
    ordered = sorted(runs, key=lambda r: r["seconds"])
    median = dict(ordered[len(ordered) // 2])
    if len(runs) > 1:
        median["runs_seconds"] = [round(r["seconds"], 4) for r in runs]
        median["runs_peak_mb"] = [round(r["peak_mb"], 1) for r in runs]
    return median


def prepare(base: Path, size_mb: int) -> Path:
    """The generated trace of ``size_mb`` (made once)."""
    folder = base / f"{size_mb}mb" / "trace"
    trace = folder / "rank0.pt.trace.json"
    if not trace.exists():
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from tracegen import generate

        folder.mkdir(parents=True, exist_ok=True)
        generate(trace, size_mb * 1_000_000, rank=0)
    return trace


def linked(base: Path, real: Path) -> Path:
    """``real`` in a folder of its own (HTA reads every trace of a folder). HTA needs a ``"rank"`` in
    ``distributedInfo``: a trace without one is copied there (plain JSON) with ``"rank": 0`` added."""
    folder = base / f"real-{real.name.split('.')[0]}" / "trace"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / real.name
    copy = folder / (real.name.removesuffix(".gz"))
    if target.exists() or copy.exists():
        return target if target.exists() else copy
    raw = real.read_bytes()
    text = gzip.decompress(raw) if real.suffix == ".gz" else raw
    head = text[:1 << 20]
    if b'"distributedInfo"' in head and b'"rank"' in head[head.index(b'"distributedInfo"'):]:
        target.symlink_to(real.resolve())
        return target
    if b'"distributedInfo"' in head:  # an object without a rank: the rank first
        at = head.index(b"{", head.index(b'"distributedInfo"')) + 1
        text = text[:at] + b'"rank": 0, ' + text[at:]
    else:
        at = text.index(b"{") + 1
        text = text[:at] + b'"distributedInfo": {"rank": 0}, ' + text[at:]
    copy.write_bytes(text)
    return copy


def _jobs(base: Path, sizes: list[int], traces: list[Path]) -> list[tuple[str, Path]]:
    """(row label, the file to measure) of each size and real trace (generated, linked or copied once)."""
    jobs = [(f"{size} MB", prepare(base, size)) for size in sizes]
    return jobs + [(f"{p.name} ({p.stat().st_size / 1e6:.0f} MB{' gz' if p.suffix == '.gz' else ''})", linked(base, p))
                   for p in traces]


def table(results: dict, machine: str) -> str:
    """The Markdown table (one row per size) with ratios."""
    lines = [
        f"Machine: {machine}. Seconds timed inside a fresh process (imports excluded); peak = largest memory of its process tree "
        "(the process's RSS plus the private pages of any worker it forked).",
        "",
        "| trace | events | orjson.loads | msgspec structs (floor) | HTA load | traceview load+analyze | cached re-open+analyze | tv.open().kernels | HTA ÷ tv.open().kernels (time) | HTA ÷ traceview (time) | traceview ÷ msgspec floor (time) | traceview ÷ HTA (peak mem) | traceview ÷ HTA (peak above imports) |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]

    def cell(r: dict) -> str:
        if r.get("oom"):
            return f"out of memory at {r['peak_mb'] / 1024:.0f} GB"
        if r.get("timeout"):
            return f"stopped after {r['seconds_before_kill']:.0f} s ({r['peak_mb'] / 1024:.1f} GB so far)"
        if "error" in r:
            return r["error"]
        return f"{r['seconds']:.2f} s, {r['peak_mb'] / 1024:.2f} GB"

    for size, row in results.items():
        o, m, h, t, c, k = (row.get(name, {"error": "not run"}) for name in TOOLS)
        ok = lambda r: "seconds" in r  # noqa: E731
        speed = f"{h['seconds'] / t['seconds']:.1f}×" if ok(h) and ok(t) else f"> {h['seconds_before_kill'] / t['seconds']:.1f}×" if (h.get("oom") or h.get("timeout")) and ok(t) else "-"
        asked = f"{h['seconds'] / k['seconds']:.2f}×" if ok(h) and ok(k) else "-"
        floor = f"{t['seconds'] / m['seconds']:.2f}×" if ok(m) and ok(t) else "-"
        mem = f"{t['peak_mb'] / h['peak_mb']:.2f}" if ok(h) and ok(t) else (f"< {t['peak_mb'] / h['peak_mb']:.2f}" if (h.get("oom") or h.get("timeout")) and ok(t) else "-")
        above = (f"{(t['peak_mb'] - t['imported_mb']) / (h['peak_mb'] - h['imported_mb']):.2f} "
                 f"({(t['peak_mb'] - t['imported_mb']) / 1024:.3f} / {(h['peak_mb'] - h['imported_mb']) / 1024:.3f} GB)"
                 if ok(h) and ok(t) and "imported_mb" in h and "imported_mb" in t else "-")
        events = next((r["events"] for r in (o, t) if "events" in r), "?")  # JSON events (orjson's count)
        label = f"{size} MB" if str(size).isdigit() else size  # older result files keyed by size alone
        events = f"{events:,}" if isinstance(events, int) else events  # "?": only HTA (or msgspec) run
        lines.append(f"| {label} | {events} | {cell(o)} | {cell(m)} | {cell(h)} | {cell(t)} | {cell(c)} | {cell(k)} | {asked} | {speed} | {floor} | {mem} | {above} |")
    return "\n".join(lines)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        print(json.dumps(_measure(sys.argv[2], Path(sys.argv[3]))))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=Path("/tmp/tvbench"))
    parser.add_argument("--sizes", type=int, nargs="*", default=[10, 200, 1000, 2000])
    parser.add_argument("--traces", type=Path, nargs="*", default=[], help="real trace files to measure too")
    parser.add_argument("--tools", nargs="+", default=list(TOOLS), choices=TOOLS)
    parser.add_argument("--mem-limit-gb", type=float, default=20.0)
    parser.add_argument("--time-limit-s", type=float, default=3600.0, help="kill a run after this long (reported as a lower bound)")
    parser.add_argument("--traceview-src", type=Path, help="measure the traceview of this checkout (e.g. a `git worktree` of an older commit)")
    parser.add_argument("--results", default="analyzer", help="results file DIR/<name>.json (and its own cache folder)")
    parser.add_argument("--hta-path", help="a folder put first on HTA's PYTHONPATH only (HTA 0.5 needs pandas 2 on some traces, "
                        "while traceview runs on the installed pandas): both tools still run interleaved in one call")
    parser.add_argument("--repeat", type=int, default=1, help="runs per tool, interleaved (tool A, B, ..., A, B, ...); the median run is kept")
    args = parser.parse_args()
    import psutil

    machine = f"{os.cpu_count()} cores, {psutil.virtual_memory().total / 2**30:.0f} GB RAM, {platform.processor() or platform.machine()}, Python {platform.python_version()}, {date.today()}"
    env = {**os.environ, "HTA_DISABLE_NS_ROUNDING": "1", "TRACEVIEW_CACHE_DIR": str(args.dir / f"cache-{args.results}")}
    if args.traceview_src:
        env["TRACEVIEW_BENCH_SRC"] = str(args.traceview_src.resolve())
    out = args.dir / f"{args.results}.json"
    results: dict = json.loads(out.read_text()) if out.exists() else {}
    # made in a process of its own: a child forked from a parent that once held a large copy inherits that
    # parent's peak as its own ru_maxrss (Linux keeps it across fork and exec)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        jobs = pool.apply(_jobs, (args.dir, args.sizes, args.traces))
    for size, trace in jobs:
        row = results.setdefault(size, {})
        runs: dict[str, list[dict]] = {tool: [] for tool in args.tools}
        for _ in range(args.repeat):  # interleaved, so a slow spell of a shared machine hits every tool
            for tool in args.tools:
                tool_env = env if tool != "hta" or not args.hta_path else \
                    {**env, "PYTHONPATH": os.pathsep.join(filter(None, (args.hta_path, env.get("PYTHONPATH"))))}
                runs[tool].append(run_one(tool, trace, int(args.mem_limit_gb * 2**30), tool_env, args.time_limit_s))
                print(f"{size} {tool}: {runs[tool][-1]}", flush=True)
        for tool, done in runs.items():
            row[tool] = _median_run(done)
        out.write_text(json.dumps(results, indent=1))
    print(table(results, machine))


if __name__ == "__main__":
    main()

"""What a training trace must show, read from the raw Kineto JSON with nothing of traceview's.

An independent reading for tests/test_training_traces.py: plain ``json``, time windows and
correlation ids, no nesting. Each function states the rule it reads by.

- A **launch** is a ``cuda_runtime`` / ``cuda_driver`` event whose ``args.correlation`` a GPU
  activity (``kernel`` / ``gpu_memcpy`` / ``gpu_memset``) carries.
- A **step** is a ``ProfilerStep#N`` annotation, or else every ``train_step`` annotation; it is a
  time window of the thread that owns it, and a kernel belongs to the step whose window holds its
  launch's start, whichever thread of the process launched it (the backward runs on autograd's own).
- A kernel was launched **while compiling** when its launch starts inside a ``dynamo`` or
  ``entire_backward_compile`` event of the same thread (Dynamo's and AOTAutograd's outermost
  per-frame compile spans) or an Inductor ``CachingAutotuner.benchmark_all_configs`` span.
- A **compiled-region call** is a ``Torch-Compiled Region: F/C`` event; its kernels are those whose
  launch starts inside it on its thread (graph launches bring all their kernels).
"""

from __future__ import annotations

import bisect
import gzip
import json
import re
from collections import Counter, defaultdict
from pathlib import Path

GPU_CATS = {"kernel", "gpu_memcpy", "gpu_memset"}
API_CATS = {"cuda_runtime", "cuda_driver"}
COMPILE_SPANS = {"dynamo", "entire_backward_compile", "CachingAutotuner.benchmark_all_configs"}
REGION = re.compile(r"^Torch-Compiled Region: (\d+/\d+)$")


class RawTrace:
    def __init__(self, path: Path):
        opener = gzip.open if str(path).endswith(".gz") else open
        with opener(path, "rt") as f:
            self.events = json.load(f)["traceEvents"]
        self.complete = [e for e in self.events if e.get("ph") == "X" and "dur" in e]
        self.kernels = [e for e in self.complete if e.get("cat") == "kernel"]
        corr_of_gpu = {e["args"]["correlation"] for e in self.complete if e.get("cat") in GPU_CATS and "correlation" in e.get("args", {})}
        self.launch = {}
        for e in self.complete:
            if e.get("cat") in API_CATS and e.get("args", {}).get("correlation") in corr_of_gpu:
                self.launch[e["args"]["correlation"]] = e

    def launch_of(self, kernel: dict) -> dict | None:
        return self.launch.get(kernel.get("args", {}).get("correlation"))

    # -- steps ---------------------------------------------------------------------------------
    def step_windows(self) -> list[tuple[float, float, int]]:
        """(start, end, pid) of each step, in time order."""
        steps = [e for e in self.complete if re.fullmatch(r"ProfilerStep#\d+", e["name"]) and e.get("cat") == "user_annotation"]
        if not steps:
            steps = [e for e in self.complete if e["name"] == "train_step" and e.get("cat") == "user_annotation"]
        return sorted((e["ts"], e["ts"] + e["dur"], e["pid"]) for e in steps)

    def kernels_per_step(self) -> list[int]:
        windows = self.step_windows()
        counts = [0] * len(windows)
        for k in self.kernels:
            launch = self.launch_of(k)
            if launch is None:
                continue
            for i, (start, end, pid) in enumerate(windows):
                if pid == launch["pid"] and start <= launch["ts"] < end:
                    counts[i] += 1
                    break
        return counts

    # -- compile vs run ------------------------------------------------------------------------
    def compile_kernels(self) -> int:
        spans = defaultdict(list)
        for e in self.complete:
            if e["name"] in COMPILE_SPANS and e.get("cat") in ("cpu_op", "user_annotation"):
                spans[(e["pid"], e["tid"])].append((e["ts"], e["ts"] + e["dur"]))
        count = 0
        for k in self.kernels:
            launch = self.launch_of(k)
            if launch is None:
                continue
            if any(s <= launch["ts"] <= t for s, t in spans[(launch["pid"], launch["tid"])]):
                count += 1
        return count

    def compile_ids(self) -> set[str]:
        ids = set()
        for e in self.complete:
            found = re.search(r"compile_id=(\d+/\d+)", e["name"])
            if found:
                ids.add(found.group(1))
        return ids

    # -- compiled regions ----------------------------------------------------------------------
    def region_kernels_per_call(self) -> dict[str, list[int]]:
        """Region id -> kernels per call, calls in time order."""
        by_thread = defaultdict(list)
        for k in self.kernels:
            launch = self.launch_of(k)
            if launch is not None:
                by_thread[(launch["pid"], launch["tid"])].append(launch["ts"])
        for starts in by_thread.values():
            starts.sort()
        out = defaultdict(list)
        for e in sorted(self.complete, key=lambda e: e["ts"]):
            found = REGION.match(e["name"])
            if found:
                starts = by_thread[(e["pid"], e["tid"])]
                n = bisect.bisect_right(starts, e["ts"] + e["dur"]) - bisect.bisect_left(starts, e["ts"])
                out[found.group(1)].append(n)
        return dict(out)

    def graph_launch_kernels(self) -> list[int]:
        """Kernels per ``cudaGraphLaunch``, in launch order."""
        per = Counter(k["args"]["correlation"] for k in self.kernels)
        graphs = sorted((e for e in self.launch.values() if e["name"].startswith("cudaGraphLaunch")), key=lambda e: e["ts"])
        return [per[e["args"]["correlation"]] for e in graphs]

    def threads_launching(self) -> set[int]:
        return {self.launch_of(k)["tid"] for k in self.kernels if self.launch_of(k) is not None}


def facts(path: Path) -> dict:
    raw = RawTrace(path)
    return {
        "kernels": len(raw.kernels),
        "kernels_per_step": raw.kernels_per_step(),
        "compile_kernels": raw.compile_kernels(),
        "compile_ids": sorted(raw.compile_ids()),
        "regions": raw.region_kernels_per_call(),
        "graph_launch_kernels": raw.graph_launch_kernels(),
        "launching_threads": len(raw.threads_launching()),
    }


if __name__ == "__main__":
    import sys

    for arg in sys.argv[1:]:
        print(arg, json.dumps(facts(Path(arg))))

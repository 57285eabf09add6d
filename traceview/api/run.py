"""One run in a notebook: a trace and what was recorded beside it, every answer computed when first asked.

    import traceview as tv
    t = tv.open("runs/gpt2")            # a trace file, a profile directory, or a directory of rank traces
    t                                    # in Jupyter: compile vs run, steps, top kernels, the first advice
    t.kernels.groupby(["step", "phase"]).size()
    t.launches.api.value_counts()
    t.plot.timeline()

Nothing is analysed when the run is opened; `t.kernels` loads the trace and attributes its kernels, and computes no
critical path; `t.advice` computes what the advice needs. Each answer is kept.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Any

import pandas as pd

from traceview.analysis.resolve import ANALYSES, Lazy, Resolver, record
from traceview.api import display, tables
from traceview.trace import Trace
from traceview.trace.run_files import DynamoRecord, dynamo_record, run_files


class Run:
    """A trace and its run's facts (meta.json, PyTorch's structured trace, Inductor's autotuning record).

    Every property is computed on first use and kept. Tables are pandas DataFrames; `analysis(name)` gives an
    analysis' own record for what the tables leave out (names: `traceview.analysis.resolve.ANALYSES`).
    """

    def __init__(self, path: str | Path, *, cache: bool = True, torch_trace: str | Path | None = None,
                 name: str | None = None) -> None:
        self.path = Path(path)
        self.name = name or (self.path.name.split(".")[0] if self.path.is_file() else self.path.name)
        self._files = run_files(self.path, torch_trace)  # checks the path exists: a bad path fails here, once
        self._cache = cache

    # -- what was loaded ---------------------------------------------------------------------------------------
    @cached_property
    def trace(self) -> Trace:
        """The loaded trace: its tables (`slices`, `launches`, `gpu`, ...; `traceview.trace.schema`)."""
        from traceview.trace import load

        return load(self._files.trace, cache=self._cache)

    @cached_property
    def facts(self) -> DynamoRecord:
        """What the run recorded beside the trace: Dynamo's counters and logs, the steps timed without the profiler,
        the host (meta.json)."""
        return dynamo_record(self._files)

    @cached_property
    def _resolver(self) -> Resolver:
        return Resolver(self.trace, self.facts)

    @property
    def _lazy(self) -> Lazy:
        return Lazy(self._resolver)

    def analysis(self, name: str) -> Any:
        """One analysis' own result (e.g. `"critical_path"`, `"reasons"`, `"flops"`), computed if it was not."""
        if name not in ANALYSES:
            raise KeyError(f"no analysis named {name!r}; known: {', '.join(ANALYSES)}")
        return self._resolver[name]

    @property
    def computed(self) -> tuple[str, ...]:
        """The analyses computed so far."""
        return self._resolver.computed() if "_resolver" in self.__dict__ else ()

    # -- tables ------------------------------------------------------------------------------------------------
    @cached_property
    def kernels(self) -> pd.DataFrame:
        """One row per kernel (`traceview.api.tables.KERNEL_COLUMNS`): the GPU's, or a CPU trace's CPU kernels."""
        return tables.kernels(self.trace, self._lazy)

    @cached_property
    def launches(self) -> pd.DataFrame:
        """One row per launch call (`traceview.api.tables.LAUNCH_COLUMNS`)."""
        return tables.launches(self.trace, self._lazy)

    @cached_property
    def steps(self) -> pd.DataFrame:
        """One row per step: step, ms, gpu_ms, kernels, launches (`traceview.api.tables.STEP_COLUMNS`)."""
        return tables.steps(self.trace, self._lazy)

    @cached_property
    def advice(self) -> pd.DataFrame:
        """What to change first, as the CLI ranks it, then the notes (`ranked` False)."""
        return tables.advice(self._lazy)

    @cached_property
    def findings(self) -> pd.DataFrame:
        """The findings in plain words, largest first."""
        return tables.findings(self._lazy)

    @cached_property
    def regions(self) -> pd.DataFrame:
        """Per compiled region (`F/C`): calls, kernels per call, GPU ms; on a trace without GPU work, the CPU's
        kernels per call (ATen ops and Inductor's C++ kernels, as `traceview analyze` counts them) and their ms."""
        if not len(self.trace.gpu):
            cpu = self._resolver["cpu"]
            if cpu is not None and len(cpu.per_region):
                return cpu.per_region
        return self._resolver["regions"].by_region

    @cached_property
    def compile(self) -> pd.DataFrame:
        """Compilation by stage (Dynamo tracing, AOT, Inductor, guards, CUDA-graph recording): ms, inclusive and
        self; `self.analysis("reasons")` holds the graph breaks and recompiles."""
        split = self._resolver["split"]
        stages = sorted(set(split.stages) | set(split.stages_self))
        return pd.DataFrame({"stage": stages, "ms": [split.stages.get(s, 0.0) for s in stages],
                             "self_ms": [split.stages_self.get(s, 0.0) for s in stages]})

    @cached_property
    def graph_breaks(self) -> pd.DataFrame:
        """Each graph break: reason, user frame, hint, the compiled frames it split (structured trace)."""
        reasons = self._resolver["reasons"]
        return reasons.graph_breaks if reasons is not None else pd.DataFrame()

    @cached_property
    def recompiles(self) -> pd.DataFrame:
        """Each recompile with the guard that failed (structured trace)."""
        reasons = self._resolver["reasons"]
        return reasons.recompiles if reasons is not None else pd.DataFrame()

    @cached_property
    def overhead(self) -> pd.DataFrame:
        """Launch cost per launch API (run phase): calls, CPU µs median and p90, latency µs."""
        return self._resolver["overhead"].per_api

    @cached_property
    def gpu_busy(self) -> pd.Series:
        """GPU busy and idle ms over the run phase, the idle ms waiting for the next launch and for other host work,
        and whether the run is launch-bound (the GPU waited for the CPU longer than it computed)."""
        o = self._resolver["overhead"]
        return pd.Series({"busy_ms": o.gpu_busy_ms, "idle_ms": o.gpu_idle_ms, "waiting_for_launches_ms": o.launch_wait_ms,
                          "waiting_for_host_ms": o.host_wait_ms, "launch_bound": o.launch_bound})

    @cached_property
    def graphs(self) -> pd.DataFrame:
        """One row per CUDA/HIP graph launch: its CPU ns, the kernels it replayed, CPU ns per kernel."""
        return self._resolver["graphs"].launches

    @cached_property
    def generated_kernels(self) -> pd.DataFrame:
        """Inductor's kernels joined to their generated code (where it was captured beside the trace): calls, bytes
        moved, achieved GB/s against the device's ceiling, the ATen ops each came from."""
        sources = self._kernel_sources
        return sources.summary if sources is not None else pd.DataFrame()

    @cached_property
    def generated_graphs(self) -> pd.DataFrame:
        """Per compiled graph: the bytes its kernels moved against the least it needs (inputs read once, outputs
        written once)."""
        sources = self._kernel_sources
        return sources.graphs if sources is not None else pd.DataFrame()

    @cached_property
    def _kernel_sources(self):
        from traceview.analysis.kernels.kernel_source import kernel_sources
        from traceview.report.html.kernels import find_code_dir
        from traceview.trace.inductor_code import load_inductor_code

        trace_file = Path(self._files.trace)
        folder = find_code_dir(trace_file) if trace_file.is_file() else None
        if folder is None:
            return None
        return kernel_sources(self.trace, load_inductor_code(folder))

    @cached_property
    def critical_path(self) -> pd.DataFrame:
        """Per step, the ms of its critical path by what bounded it."""
        return tables.critical_path(self._lazy)

    @cached_property
    def memory(self) -> pd.DataFrame:
        """GPU memory peaks per device (with `--memory`; empty otherwise)."""
        memory = self._resolver["memory"]
        return memory.peaks if memory is not None else pd.DataFrame()

    @cached_property
    def comm(self) -> pd.DataFrame:
        """Communication against computation per rank: comm, compute, overlap and exposed ms."""
        comm = self._resolver["comm"]
        return comm.per_rank if comm is not None else pd.DataFrame()

    @cached_property
    def collectives(self) -> pd.DataFrame:
        """Every collective matched across ranks: skew, the last rank, bytes, bandwidth."""
        found = self._resolver["collectives"]
        return found.collectives if found is not None else pd.DataFrame()

    @cached_property
    def modules(self) -> pd.DataFrame:
        """Kernels and GPU time per `nn.Module` (with_stack traces)."""
        modules = self._resolver["modules"]
        return modules.modules if modules is not None else pd.DataFrame()

    @cached_property
    def roofline(self) -> pd.DataFrame:
        """Per GEMM / convolution / attention kernel: FLOPs, achieved TFLOP/s against the device's peak."""
        flops = self._resolver["flops"]
        return flops.kernels if flops is not None else pd.DataFrame()

    @cached_property
    def autotune(self) -> pd.DataFrame:
        """Inductor's autotuning decisions beside their kernels."""
        return tables.autotune(self._lazy)

    @cached_property
    def summary(self):
        """What the trace holds: events, span, devices, kernels (`traceview.analysis.base.summary.TraceSummary`)."""
        return self._resolver["summary"]

    # -- figures and pages -------------------------------------------------------------------------------------
    @cached_property
    def plot(self):
        """The figures of the HTML page, one call each: `t.plot.timeline()`, `t.plot.top_kernels()`, ..."""
        from traceview.api.plots import Plots

        return Plots(self)

    def report(self, out: str | Path, *, title: str | None = None, perfetto: bool = True) -> Path:
        """Write the offline HTML page (and, from a trace file, its Perfetto export beside it); returns the page."""
        from traceview.report.html.analysis import write_report

        out = Path(out)
        full = record(self._resolver)
        annotated = None
        source = self._files.trace
        if perfetto and Path(source).is_file():
            from traceview.report.perfetto import write_annotated

            annotated = write_annotated(source, self.trace, full, out.with_name(out.name.removesuffix(".html")
                                                                                  + ".perfetto.json.gz")).name
        return write_report(full, out, title=title, trace=self.trace, perfetto=annotated)

    def result(self):
        """Every analysis in one record (`traceview.analysis.result.Analysis`), as the CLI computes it."""
        return record(self._resolver)

    def __repr__(self) -> str:
        return f"<traceview.Run {self.name!r}: {self._files.trace}>"

    def _repr_html_(self) -> str:
        return display.run_summary(self)

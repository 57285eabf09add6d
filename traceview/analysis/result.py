"""What :func:`~.analyze.analyze` returns: every core analysis of one trace in one record.

Its own module so that what reads an ``Analysis`` (findings, budgets, diff, the reports) imports this
record and not the function that builds it (:mod:`.analyze` imports the analyses and :mod:`.findings`;
nothing imports :mod:`.analyze` back)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from traceview.analysis.advice.record import Advice
from traceview.analysis.compile.steady import SteadySteps
from traceview.analysis.kernels.attribution import KernelAttribution
from traceview.analysis.compile.autotune import AutotuneChoices
from traceview.analysis.ranks.collectives import Collectives
from traceview.analysis.ranks.comm import CommCompute
from traceview.analysis.compile.compile_reasons import CompileReasons
from traceview.analysis.kernels.cpu_kernels import CpuKernels
from traceview.analysis.host.critical_path import CriticalPath
from traceview.analysis.base.finding import Finding
from traceview.analysis.kernels.flops import Flops
from traceview.analysis.kernels.graph_launch import GraphLaunches
from traceview.analysis.kernels.memory import MemoryUsage
from traceview.analysis.kernels.modules import ModuleTable
from traceview.analysis.host.overhead import LaunchOverhead
from traceview.analysis.host.replay import ReplayWindow
from traceview.analysis.base.compile_split import CompileSplit
from traceview.analysis.compile.regions import RegionCalls
from traceview.analysis.kernels.steps import StepKernels
from traceview.analysis.base.summary import TraceSummary


@dataclass(frozen=True)
class Analysis:
    """The results of every core question about one trace."""

    summary: TraceSummary
    split: CompileSplit
    attribution: KernelAttribution
    kernels: pd.DataFrame  # run-phase kernel table, see kernel_table()
    regions: RegionCalls
    graphs: GraphLaunches
    overhead: LaunchOverhead
    steps: StepKernels
    cpu: CpuKernels  # the CPU's kernels: ATen ops (no GPU), Inductor C++, interpreted Triton
    findings: list[Finding] = field(default_factory=list)
    comm: CommCompute | None = None  # communication vs computation per rank and step
    collectives: Collectives | None = None  # NCCL/RCCL calls matched across ranks
    memory: MemoryUsage | None = None  # allocator events (profile_memory=True)
    flops: Flops | None = None  # FLOPs of GEMM/conv/attention calls from record_shapes, the roofline
    queues: pd.DataFrame | None = None  # per (rank, stream): launched-not-started queue max / time-weighted mean
    reasons: CompileReasons | None = None  # graph breaks, recompiles, compiled frames (compile_reasons())
    modules: ModuleTable | None = None  # kernels and GPU time per nn.Module (module_table(); with_stack traces)
    autotune: AutotuneChoices | None = None  # Inductor's autotuning decisions beside their kernels (autotune_choices())
    critical_path: CriticalPath | None = None  # what bounds each step (critical_path())
    advice: list[Advice] = field(default_factory=list)  # what to change, largest saving first (advice.advise())
    steady: SteadySteps | None = None  # which steps the critical path and the advice use (steady_steps())
    unprofiled_step_ms: float | None = None  # the median step timed without the profiler (meta.json), when known
    replay: ReplayWindow | None = None  # the steady steps' process as the advice replays it (replay_window())

    @property
    def kernel_counts(self) -> dict[str, int]:
        """GPU kernels: total, runtime (run phase), compile (compile or autotune phase)."""
        return dict(self.attribution.counts)

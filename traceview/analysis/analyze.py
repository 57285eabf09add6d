"""Every core analysis of one trace, run once, in one result (what ``traceview analyze`` prints)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from traceview.analysis.attribution import KernelAttribution, attribute_kernels
from traceview.analysis.cpu_kernels import CpuKernels, cpu_kernels
from traceview.analysis.collectives import Collectives, collectives
from traceview.analysis.comm import CommCompute, comm_compute, queue_length, queue_summary
from traceview.analysis.compile_reasons import CompileReasons, compile_reasons, reason_findings
from traceview.analysis.findings import Finding, findings
from traceview.analysis.flops import Flops, kernel_flops, kernel_tflops
from traceview.analysis.graph_launch import GraphLaunches, graph_launches
from traceview.analysis.kernel_table import kernel_table
from traceview.analysis.memory import MemoryUsage, memory_usage
from traceview.analysis.modules import ModuleTable, module_table
from traceview.analysis.overhead import LaunchOverhead, launch_overhead
from traceview.analysis.phases import CompileSplit, compile_split
from traceview.analysis.regions import RegionCalls, region_calls
from traceview.analysis.step_windows import step_windows
from traceview.analysis.steps import StepKernels, kernels_per_step
from traceview.analysis.summary import TraceSummary, trace_summary
from traceview.trace import Trace
from traceview.trace.run_files import DynamoRecord


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

    @property
    def kernel_counts(self) -> dict[str, int]:
        """GPU kernels: total, runtime (run phase), compile (compile or autotune phase)."""
        phase = self.attribution.kernels["phase"]
        runtime = int((phase == "run").to_numpy().sum())
        return {"total": len(phase), "runtime": runtime, "compile": len(phase) - runtime}


def analyze(trace: Trace, dynamo: DynamoRecord | None = None) -> Analysis:
    """Run the core analyses on ``trace``; ``dynamo``: what Dynamo recorded during the run
    (structured trace, meta.json counters; see :func:`traceview.trace.run_files.dynamo_record`)."""
    split = compile_split(trace)
    windows = step_windows(trace)
    attribution = attribute_kernels(trace, split, windows)
    regions = region_calls(trace, split)
    flops = kernel_flops(trace, attribution)
    kernels = kernel_table(attribution)
    kernels = kernels.assign(tflops=kernel_tflops(kernels, flops)) if len(kernels) else kernels.assign(tflops=pd.Series(dtype="Float64"))
    result = Analysis(
        summary=trace_summary(trace),
        split=split,
        attribution=attribution,
        kernels=kernels,
        regions=regions,
        graphs=graph_launches(trace),
        overhead=launch_overhead(trace, attribution, split),
        steps=kernels_per_step(trace, attribution, windows),
        cpu=cpu_kernels(trace, split, windows),
        comm=comm_compute(attribution.table),
        collectives=collectives(trace),
        memory=memory_usage(trace, split),
        flops=flops,
        queues=queue_summary(queue_length(trace)),
        reasons=compile_reasons(split, regions, dynamo),
        modules=module_table(trace, attribution),
    )
    return Analysis(**{**result.__dict__, "findings": findings(result) + reason_findings(result.reasons)})

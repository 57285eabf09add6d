###############################################################################
# Copyright (c) 2024 - 2025 Advanced Micro Devices, Inc. All rights reserved.
#
# See LICENSE for license information.
###############################################################################

from .NcclAnalyser.nccl_analyser import NcclAnalyser
from .NcclAnalyser.jax_nccl_analyser import JaxNcclAnalyser
from .Trace2Tree.trace_to_tree import JaxTraceToTree, TraceToTree
from .TraceFusion.trace_fuse import TraceFuse
from .TreePerf.gpu_event_analyser import (
    GPUEventAnalyser,
    JaxGPUEventAnalyser,
    PytorchGPUEventAnalyser,
)
from .TreePerf.jax_analyses import JaxAnalyses
from .TreePerf.tree_perf import TreePerfAnalyzer, JaxTreePerfAnalyzer
from .util import DataLoader, TraceEventUtils, JaxProfileProcessor
from .PerfModel import *
from .EventReplay.event_replay import EventReplayer
from .TraceDiff.trace_diff import TraceDiff
from .Reporting import *
from . import EventReplay, PerfModel, Reporting

__all__ = [
    "TreePerfAnalyzer",
    "JaxTreePerfAnalyzer",
    "GPUEventAnalyser",
    "PytorchGPUEventAnalyser",
    "JaxGPUEventAnalyser",
    "JaxAnalyses",
    "TraceFuse",
    "TraceToTree",
    "JaxTraceToTree",
    "NcclAnalyser",
    "JaxNcclAnalyser",
    "PerfModel",
    "EventReplay",
    "EventReplayer",
    "DataLoader",
    "TraceEventUtils",
    "JaxProfileProcessor",
    "JaxProfileProcessor",
    "TraceDiff",
    "Reporting",
]

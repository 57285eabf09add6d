###############################################################################
# Copyright (c) 2024 - 2025 Advanced Micro Devices, Inc. All rights reserved.
#
# See LICENSE for license information.
###############################################################################

from .tree_perf import TreePerfAnalyzer, JaxTreePerfAnalyzer
from .gpu_event_analyser import (
    GPUEventAnalyser,
    PytorchGPUEventAnalyser,
    JaxGPUEventAnalyser,
)
from .jax_analyses import JaxAnalyses
from .jax_analyses import JaxAnalyses

__all__ = [
    "TreePerfAnalyzer",
    "JaxTreePerfAnalyzer",
    "GPUEventAnalyser",
    "PytorchGPUEventAnalyser",
    "JaxGPUEventAnalyser",
    "JaxAnalyses",
]

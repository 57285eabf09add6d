###############################################################################
# Copyright (c) 2024 - 2025 Advanced Micro Devices, Inc. All rights reserved.
#
# See LICENSE for license information.
###############################################################################

from .nccl_analyser import NcclAnalyser
from .jax_nccl_analyser import JaxNcclAnalyser

__all__ = ["NcclAnalyser", "JaxNcclAnalyser"]

###############################################################################
# Copyright (c) 2024 - 2025 Advanced Micro Devices, Inc. All rights reserved.
#
# See LICENSE for license information.
###############################################################################

from .generate_perf_report_jax_analysis import *
from .generate_perf_report_pytorch import *

__all__ = [name for name in globals() if not name.startswith("_")]

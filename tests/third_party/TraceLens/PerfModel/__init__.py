###############################################################################
# Copyright (c) 2024 - 2025 Advanced Micro Devices, Inc. All rights reserved.
#
# See LICENSE for license information.
###############################################################################

from .perf_model import *  # Import everything from perf_model

__all__ = [name for name in dir() if not name.startswith("_")]

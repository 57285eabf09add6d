###############################################################################
# Copyright (c) 2024 - 2025 Advanced Micro Devices, Inc. All rights reserved.
#
# See LICENSE for license information.
###############################################################################

from .trace_to_tree import TraceToTree

__all__ = ["TraceToTree"]

###############################################################################
# Copyright (c) 2024 - 2025 Advanced Micro Devices, Inc. All rights reserved.
#
# See LICENSE for license information.
###############################################################################

from .xla_parser import XLACollectiveParser

__all__ = ["XLACollectiveParser"]

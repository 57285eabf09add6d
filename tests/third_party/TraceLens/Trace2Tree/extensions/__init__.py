###############################################################################
# Copyright (c) 2024 - 2025 Advanced Micro Devices, Inc. All rights reserved.
#
# See LICENSE for license information.
###############################################################################

from .pseudo_ops_registry import apply_pseudo_op_extensions
from .pseudo_ops_utils import (
    inject_pseudo_op,
    inject_pseudo_op_above_event,
    set_bookkeeping_attr,
)

__all__ = [
    "apply_pseudo_op_extensions",
    "inject_pseudo_op",
    "inject_pseudo_op_above_event",
    "set_bookkeeping_attr",
]

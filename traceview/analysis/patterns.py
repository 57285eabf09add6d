"""Event names that mark torch.compile's phases, kept in one place.

The names change between PyTorch versions (``_compile.compile_inner (dynamo_timed)`` in 2.1,
``dynamo`` / ``entire_frame_compile`` / ``backend_compile`` in 2.5+, ``*_data: compile_id=0/0``
annotations in 2.11+), so each phase is a list of regular expressions matched against slice names.
"""

from __future__ import annotations

import re
from typing import Final

# The names that classify every slice at load time (the kind, region and phase columns) are declared
# once, in trace/classify.py: AUTOTUNE, COMPILE, PHASE_MARKER_CATEGORIES, REGION, STEP, INDUCTOR_CALL.
from traceview.trace.classify import AUTOTUNE, COMPILE, INDUCTOR_CALL, PHASE_MARKER_CATEGORIES, REGION, STEP  # noqa: F401


def region_id(name: str) -> str:
    """The ``F/C`` id of a compiled-region call's name; "?" when it names none (or is no region)."""
    found = REGION.search(name)
    return found.group("id") or "?" if found is not None else "?"


#: "compile_id=0/1" inside compile annotations, "[0/1]" in some older names.
COMPILE_ID: Final[re.Pattern[str]] = re.compile(r"compile_id=(?P<id>\d+/\d+)|\[(?P<bracket>\d+/\d+)\]")

#: Stages of a compilation, for the breakdown (first match wins, in this order).
COMPILE_STAGES: Final[tuple[tuple[str, re.Pattern[str]], ...]] = (
    ("Dynamo: bytecode tracing", re.compile(r"^bytecode_tracing$")),
    ("backend compile (AOT + Inductor)", re.compile(r"^(?:backend_compile$|OutputGraph\.call_user_compiler)")),
    ("AOT autograd", re.compile(r"^create_aot_dispatcher_function")),
    ("Inductor: lowering + codegen", re.compile(r"^(?:inductor_compile$|compile_fx_inner)")),
    ("Dynamo: guards", re.compile(r"^build_guards$")),
    ("CUDA graphs: record", re.compile(r"^CUDAGraphNode\.record$")),
)

#: Ops Dynamo/AOT run on fake tensors while tracing: they appear as aten::/prims:: cpu_ops.
TRACED_OP: Final[re.Pattern[str]] = re.compile(r"^(aten|prims)::")

#: One call of a C++ kernel Inductor generated, recorded when ``config.cpp.enable_kernel_profile`` is
#: on: ``graph_0_cpp_fused_add_mul_0`` (torch 2.6+ prefixes the graph id, a GEMM template its own
#: name after it; older torch writes ``cpp_fused_add_mul_0``). Inductor names every C++ kernel
#: ``cpp_<fused ops>_<N>`` (``cpp__<N>`` without descriptive names, ``cpp_<template>`` for templates).
#: A C++ GEMM template under max-autotune records itself as ``graph_<G>_<template prefix>_kernel``
#: (torch 2.13: ``graph_1_gemm_m32n128k64_kernel``, ``CppTemplateKernel.maybe_codegen_profile``).
INDUCTOR_CPP_KERNEL: Final[re.Pattern[str]] = re.compile(
    r"^(?:graph_\d+_(?:[A-Za-z]\w*?_)?)?cpp_\w+$|^graph_\d+_[A-Za-z]\w*_kernel$")
#: A Triton kernel run by Triton's interpreter (``TRITON_INTERPRET=1``): the annotation traceview's
#: reference kernels put around each launch (``traceview.capture.kernels.INTERPRETED_PREFIX``).
TRITON_INTERPRETED: Final[re.Pattern[str]] = re.compile(r"^triton_interpreted::")

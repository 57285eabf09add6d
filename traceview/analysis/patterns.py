"""Event names that mark torch.compile's phases, kept in one place.

The names change between PyTorch versions (``_compile.compile_inner (dynamo_timed)`` in 2.1,
``dynamo`` / ``entire_frame_compile`` / ``backend_compile`` in 2.5+, ``*_data: compile_id=0/0``
annotations in 2.11+), so each phase is a list of regular expressions matched against slice names.
"""

from __future__ import annotations

import re
from typing import Final

#: Inductor benchmarking kernels to choose a config (runs inside the first region call at run time,
#: or inside compilation for max-autotune's select_algorithm). Checked before COMPILE: the names
#: also end in "(dynamo_timed)".
AUTOTUNE: Final[re.Pattern[str]] = re.compile(
    r"^(?:CachingAutotuner\.benchmark_all_configs|CachingAutotuner\.autotune_to_one_config|"
    r"coordinate_descent_tuning|CachingAutotuner\.coordinate_descent_tuning|"
    r"autotune_select_algorithm|AlgorithmSelectorCache\.(?:__call__|autotune|benchmark)|select_algorithm|"
    r"benchmark_all_configs|autotune|do_autotuning|precompile_and_benchmark|triton\.autotune)"
)

#: Dynamo tracing, AOTAutograd, Inductor lowering and codegen. Anything ``(dynamo_timed)`` is a
#: one-time torch.compile cost, so CUDA-graph-tree recording (``CUDAGraphNode.record``) counts too.
COMPILE: Final[re.Pattern[str]] = re.compile(
    r"^(?:dynamo$|entire_frame_compile|_compile\.compile_inner|compile_attempt_\d+|backend_compile|"
    r"bytecode_tracing|OutputGraph\.call_user_compiler|create_aot_dispatcher_function|aot_collect_metadata|"
    r"compile_fx_inner|compile_fx\.|inductor_compile|fx_codegen_and_compile|GraphLowering\.|Scheduler\.|"
    r"code_gen|async_compile\.wait|PyCodeCache\.|build_guards|compile_file|TorchDynamo Compile)"
    r"|\(dynamo_timed\)$|_data: .*compile_id="
)

#: The categories of Dynamo's and Inductor's own events (``dynamo_timed`` spans are cpu_ops, their
#: ``*_data: compile_id=F/C`` markers user annotations). A ``python_function`` frame is never a
#: phase marker, whatever its file is called (``torch/_inductor/compile_fx.py(...): run`` replays a
#: CUDA graph at run time).
PHASE_MARKER_CATEGORIES: Final[tuple[str, ...]] = ("cpu_op", "user_annotation")

#: One call of a compiled graph: "Torch-Compiled Region: 0/0" (older: without the id).
REGION: Final[re.Pattern[str]] = re.compile(r"^Torch-Compiled Region(?::\s*(?P<id>\d+/\d+))?")


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

#: Profiler steps and user step annotations.
STEP: Final[re.Pattern[str]] = re.compile(r"^ProfilerStep#\d+$")
#: Inductor's own annotation around a compiled graph's call: not a user annotation.
INDUCTOR_CALL: Final[re.Pattern[str]] = re.compile(r"^## Call CompiledFxGraph")
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

"""Every name an analysis asks about, declared once: the catalogue of slice and kernel names.

Kineto names what ran (``Optimizer.step#AdamW.step``, ``cudaStreamSynchronize``,
``aten::cudnn_convolution``, ``void cudnn::bn_fw_tr_1C11_singleread<...>``); the analyses ask the
same questions of those names again and again (is this the optimizer? a call that blocks on the
GPU? a library op Inductor would keep?). Each question is a **tag** here, a regular expression;
the loader runs every tag once per *distinct* name and keeps the answers as one bit mask per row
(``slices.tags``, ``gpu.tags``: :mod:`traceview.trace.derive`), so an analysis asks::

    tagged(trace.slices, "optimizer")            # bool per slice
    tagged(trace.gpu, "library_kernel")          # bool per GPU activity

and never matches a name itself. Add a question here, not in an analysis.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Final

import numpy as np
import pandas as pd



# --- torch.compile's phases, steps, regions (the loader's classification: trace/classify.py) ----------

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
#: Profiler steps.
STEP: Final[re.Pattern[str]] = re.compile(r"^ProfilerStep#\d+$")
#: Inductor's own annotation around a compiled graph's call: not a user annotation.
INDUCTOR_CALL: Final[re.Pattern[str]] = re.compile(r"^## Call CompiledFxGraph")
#: PyTorch's own ``record_function`` annotations: never the user's step, however often they repeat. The
#: DataLoader's ``enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__``, the optimizer's
#: ``Optimizer.step#AdamW.step`` / ``Optimizer.zero_grad#...``, DDP's ``DistributedDataParallel.forward``,
#: FSDP's ``FSDP::pre_forward (3)``, the c10d calls' ``nccl:all_reduce`` / ``gloo:...``, Inductor's
#: ``## Call CompiledFxGraph <hash> ##``, CUDA-graph trees' ``CUDAGraphNode.record``, and the profiler's own
#: ``PyTorch Profiler (0)``.
TORCH_ANNOTATION: Final[re.Pattern[str]] = re.compile(
    r"^(?:enumerate\(DataLoader\)#|Optimizer\.|DistributedDataParallel\.|FullyShardedDataParallel\.|FSDP::|"
    r"(?:nccl|gloo|mpi|ucc|xccl):|## Call CompiledFxGraph|CUDAGraphNode\.|PyTorch Profiler|Torch-Compiled Region)"
)
#: A module's forward, recorded with ``with_stack=True``: ``nn.Module: GPT2Block_0``.
MODULE: Final[re.Pattern[str]] = re.compile(r"^nn\.Module: ")

#: Communication kernels (NCCL, RCCL): the GPU table's ``comm`` column (:mod:`traceview.trace.derive`).
COMM_KERNEL: Final[re.Pattern[str]] = re.compile(r"^(?:void )?(?:nccl|rccl)", re.IGNORECASE)


def region_id(name: str) -> str:
    """The ``F/C`` id of a compiled-region call's name; "?" when it names none (or is no region)."""
    found = REGION.search(name)
    return found.group("id") or "?" if found is not None else "?"


def module_label(name: str) -> str:
    """A module call's name as its table shows it (``nn.Module: GPT2Block_0`` -> ``GPT2Block_0``); a compiled
    region's call as ``[compiled F/C]``."""
    found = MODULE.match(name)
    return name[found.end():] if found else f"[compiled {region_id(name)}]"


def step_label(name: str) -> str:
    """A name as a table of many steps shows it: every ``ProfilerStep#N`` as one row, other names as they are."""
    return "ProfilerStep#N" if STEP.match(name) else name


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


@dataclass(frozen=True)
class Tag:
    """A question asked of a name: ``pattern`` found in it (``re.search``), or at its start (``anchored``)."""

    pattern: str
    anchored: bool = False


# --- slices ------------------------------------------------------------------------------------

#: The DataLoader's own annotation around each batch it hands over (torch.utils.data).
DATALOADER_NEXT: Final[str] = r"enumerate\(DataLoader\)#_(?:SingleProcess|MultiProcessing)DataLoaderIter\.__next__"
#: Runtime calls that block the host until the GPU is done: synchronisations and blocking copies.
BLOCKING_API: Final[str] = r"(?:cuda|cu|hip)(?:Device|Stream|Event|Ctx)Synchroni[sz]e|(?:cuda|hip)Memcpy(?:Async)?(?:_v\d+)?\Z"
#: CUDA-graph capture (torch.cuda.graphs, Inductor's CUDA-graph trees).
GRAPH_RECORDING: Final[str] = r"cudaStreamBeginCapture|cudaGraphInstantiate|CUDAGraphNode\.record\b"
#: ATen ops Inductor hands to a library (or falls back to) instead of generating code: their kernels stay. Batch
#: normalisation is not one of them: Inductor decomposes cuDNN's and MIOpen's (``aten::cudnn_batch_norm`` and its
#: backward) into reductions it generates and fuses (``torch/_decomp``, ``torch/_inductor/decomposition.py``).
#: ATen ops Inductor has no lowering for and calls as they are (``make_fallback`` in torch/_inductor/lowering.py, torch
#: 2.11-2.13; those a training step runs: embedding bags, RNN cells, pooling and upsampling backwards, sampling,
#: data-dependent shapes, linear algebra): each keeps its own kernels inside a compiled graph.
INDUCTOR_FALLBACK_OPS: Final[str] = (
    r"_embedding_bag\w*|_cudnn_rnn\w*|miopen_rnn\w*|_thnn_fused_lstm_cell\w*|_adaptive_avg_pool2d_backward|"
    r"_adaptive_avg_pool3d\w*|adaptive_max_pool2d_backward|adaptive_max_pool3d\w*|max_pool3d_with_indices_backward|"
    r"fractional_max_pool[23]d_backward|upsample_(?:bicubic2d|linear1d|trilinear3d)_backward|grid_sampler_2d_backward|"
    r"replication_pad[12]d_backward|_weight_norm_interface_backward|_cdist_(?:forward|backward)|_pdist_(?:forward|backward)|"
    r"nonzero|repeat_interleave|masked_scatter\w*|bincount|histc|index_reduce|_unique2|unique_\w+|randperm|"
    r"multinomial|nanmedian|segment_reduce|_segment_reduce_backward|_grouped_mm|_fused_rms_norm|"
    r"_linalg_(?:check_errors|det|eigh|slogdet|solve_ex|svd)|linalg_(?:cholesky_ex|householder_product|inv_ex|"
    r"ldl_factor_ex|ldl_solve|lu|lu_factor_ex|lu_solve|matrix_exp|pinv|qr|solve_triangular)|"
    r"_amp_update_scale_?|soft_margin_loss_backward")
LIBRARY_OPS: Final[str] = (r"aten::(?:mm|addmm|bmm|baddbmm|addbmm|_addmm_activation|_scaled_mm|_int_mm|"
                           r"_?convolution\w*|conv\w*|_conv_depthwise\w*|(?!(?:_?cudnn|_?miopen)_batch_norm)(?:cudnn_\w+|_cudnn_\w+|miopen_\w+|_miopen_\w+)|mkldnn_\w+|"
                           r"_scaled_dot_product_\w+|_flash_attention\w*|_efficient_attention\w*|_thnn_fused_\w+|"
                           + INDUCTOR_FALLBACK_OPS + r")\Z")
#: On the CPU, ATen ops Inductor leaves to a library (oneDNN, MKL) or falls back to, beside :data:`LIBRARY_OPS`.
CPU_LIBRARY_OPS: Final[str] = (LIBRARY_OPS[:-3] + r"|linear|matmul|lstm|gru|rnn_\w+|mkldnn_rnn_layer\w*|_embedding_bag\w*)\Z")
#: CPU ops that reduce: each keeps a C++ kernel of its own when fused.
CPU_REDUCTIONS: Final[str] = r"(?i)sum|mean|norm|softmax|nll_loss|var|std|amax|amin|argm|cumsum|embedding_dense_backward|cross_entropy"
#: Forward convolutions (the innermost op of a conv2d/conv3d call): in a graph with them Inductor goes channels-last.
LAYOUT_CONVS: Final[str] = r"aten::(?:cudnn|miopen)_convolution\Z"
#: Top-level ops of 1-d convolutions: their 3-d tensors have no channels-last layout, so they keep theirs.
CONV_1D: Final[str] = r"aten::conv(?:_transpose)?1d\Z"
#: The op whose reduction over the batch gives a bias its gradient (Inductor splits it in two).
SPLIT_REDUCTION_OPS: Final[str] = r"aten::sum\Z"
#: Optimizers with a fused CPU implementation (torch.optim: fused=True on the CPU).
CPU_FUSED: Final[str] = r"Optimizer\.step#(?:Adam|AdamW|SGD|Adagrad)\.step\Z"
#: A host-side collective of the gloo backend (its only trace on a CPU job).
HOST_COLLECTIVE: Final[str] = r"^gloo:"
#: A ``python_function`` frame of library code, not the user's line (PyTorch, Triton, Inductor's wrappers, stdlib).
LIBRARY_FRAME: Final[str] = (r"(^|/)(torch|triton|torchinductor_[^/]*|site-packages|dist-packages|contextlib\.py|threading\.py|"
                             r"runpy\.py)(/|\.py|\()|^<built-in|^<frozen|^built-in")

SLICE_TAGS: Final[dict[str, Tag]] = {
    "step": Tag(STEP.pattern, anchored=True),
    "compile": Tag(COMPILE.pattern),
    "traced_op": Tag(TRACED_OP.pattern, anchored=True),  # aten::/prims:: (run on fake tensors while compiling)
    "inductor_cpp_kernel": Tag(INDUCTOR_CPP_KERNEL.pattern, anchored=True),
    "triton_interpreted": Tag(TRITON_INTERPRETED.pattern, anchored=True),
    "inductor_call": Tag(INDUCTOR_CALL.pattern, anchored=True),
    "optimizer": Tag(r"Optimizer\.", anchored=True),  # torch.optim's annotations: step#, zero_grad#
    "optimizer_step": Tag(r"Optimizer\.step#", anchored=True),
    "graph_wrapper": Tag(r"## Call CompiledFxGraph", anchored=True),  # Inductor's call of a compiled graph
    "kernel_launch_api": Tag(r"(?:cudaLaunchKernel|cudaLaunchKernelExC|cuLaunchKernel|cuLaunchKernelEx|hipLaunchKernel|"
                             r"hipExtModuleLaunchKernel|hipModuleLaunchKernel)\Z", anchored=True),
    "graph_launch_api": Tag(r"cudaGraphLaunch\Z", anchored=True),
    "cache_lookup": Tag(r"TorchDynamo Cache Lookup\Z", anchored=True),
    "fused_cpu_optimizer_step": Tag(CPU_FUSED, anchored=True),
    "dataloader_next": Tag(DATALOADER_NEXT, anchored=True),
    "multiprocess_loader": Tag(r"enumerate\(DataLoader\)#_MultiProcessingDataLoaderIter", anchored=True),  # workers
    "blocking_api": Tag(BLOCKING_API, anchored=True),
    "memcpy_api": Tag(r"(?:cuda|hip)Memcpy", anchored=True),
    # the critical path's host waits: calls that wait for the GPU for sure, and copies that may
    "sync_api": Tag(r"^(?:cuda|cu|hip)(?:Device|Stream|Event|Ctx)Synchroni[sz]e|^(?:cuda|hip)Memcpy(?:_v\d+)?$"),
    "async_memcpy_api": Tag(r"^(?:cuda|hip)Memcpy\w*Async|^hipMemcpyWithStream"),
    "async_api": Tag(r"Async"),
    "graph_recording": Tag(GRAPH_RECORDING, anchored=True),
    "aten": Tag(r"aten::", anchored=True),
    # ops whose FLOPs are counted from their shapes (analysis/kernels/flops.py)
    "flop_counted_op": Tag(r"aten::(?:mm|addmm|bmm|baddbmm|convolution|convolution_backward)\Z|"
                           r"aten::_scaled_dot_product_(?:efficient|flash|cudnn)_attention(?:_for_cpu)?(?:_backward)?\Z",
                           anchored=True),
    "stack": Tag(r"aten::stack\Z", anchored=True),  # the DataLoader's collate: one per field of the samples
    "autograd_evaluate": Tag(r"autograd::engine::evaluate_function", anchored=True),
    # what Dynamo does not trace by default (torch._dynamo.config.allow_rnn is off): nn.RNN, GRU and LSTM break the
    # graph and run eager under torch.compile ("Attempted to wrap RNN, GRU, or LSTM")
    "dynamo_unsupported": Tag(r"aten::(?:lstm|gru|rnn_tanh|rnn_relu|_cudnn_rnn|_cudnn_rnn_backward|mkldnn_rnn_layer_backward)\Z", anchored=True),
    "library_op": Tag(LIBRARY_OPS, anchored=True),
    "cpu_library_op": Tag(CPU_LIBRARY_OPS, anchored=True),
    "cpu_reduction": Tag(CPU_REDUCTIONS),
    "layout_conv": Tag(LAYOUT_CONVS, anchored=True),
    "conv_1d": Tag(CONV_1D, anchored=True),
    # a forward convolution's own op (the compile model's extern-call cost: benchmarks/micro_extern.py)
    "conv_op": Tag(r"aten::(?:(?:cudnn|miopen)_convolution(?:_transpose)?|_conv_depthwise2d)\Z", anchored=True),
    "split_reduction_op": Tag(SPLIT_REDUCTION_OPS, anchored=True),
    # reductions the compile model sizes from their shapes (analysis/advice/compile_model.py: Inductor's split rule)
    "batch_norm_op": Tag(r"aten::(?:(?:cudnn|miopen|native)_batch_norm|_native_batch_norm_legit\w*)\Z", anchored=True),
    "batch_norm_backward_op": Tag(r"aten::(?:cudnn|miopen|native)_batch_norm_backward\Z", anchored=True),
    "layer_norm_op": Tag(r"aten::native_layer_norm\Z", anchored=True),
    "layer_norm_backward_op": Tag(r"aten::native_layer_norm_backward\Z", anchored=True),
    "dim_reduction_op": Tag(r"aten::(?:sum|mean|amax|amin|prod|var|std|var_mean|std_mean|logsumexp|linalg_vector_norm)\Z",
                            anchored=True),  # (input, dims, keepdim, ...): the dims in Concrete Inputs
    "welford_op": Tag(r"aten::(?:var|std|var_mean|std_mean)\Z", anchored=True),  # mean and variance in one pass
    "last_dim_reduction_op": Tag(r"aten::_(?:log_)?softmax(?:_backward_data)?\Z", anchored=True),
    "record_param_comms": Tag(r"record_param_comms\Z", anchored=True),
    "nccl_annotation": Tag(r"nccl:", anchored=True),
    "host_collective": Tag(HOST_COLLECTIVE),
    "fused_op": Tag(r"_fused_"),  # a fused optimizer's op (aten::_fused_adamw_, ...): the step is fused already
    "foreach_op": Tag(r"aten::_foreach_", anchored=True),  # a foreach optimizer's ops
    "copy_op": Tag(r"(?i)copy"),  # an op that copies (aten::copy_, aten::_to_copy): beside a CUDA graph, its inputs
    "library_frame": Tag(LIBRARY_FRAME),  # a kernel's user line is its nearest python_function not tagged so
    # the stages of a compilation, for its breakdown (analysis/compile/phases.py)
    **{f"compile_stage:{stage}": Tag(pattern.pattern) for stage, pattern in COMPILE_STAGES},
}

# --- kernels (the GPU table's names) -----------------------------------------------------------

#: Library kernels by name, where the op around them does not say (GEMMs launched by other ops); cuDNN's batch-norm
#: kernels (``cudnn::bn_fw_tr_*``, ``cudnn::bn_bw_*``) are not: Inductor generates its own.
LIBRARY_KERNELS: Final[str] = r"gemm|cutlass|cublas|xmma|nvjet|flash|fmha|cudnn::(?!bn_)|cudnnRNN|implicit_convolve|winograd|splitKreduce"
#: Kernels that reduce (sums, norms, softmax, losses, embedding gradients, batch-norm statistics): Inductor gives each
#: reduction a kernel of its own and fuses the pointwise work around it into it.
REDUCTION_KERNELS: Final[str] = (r"(?i)reduce|norm|GammaBeta|softmax|nll_loss|cross_entropy|embedding_backward|welford|"
                                 r"scan|argm|cudnn::bn_")
#: Reductions Inductor splits in two (a reduction over many rows into few outputs): a LayerNorm's weight and bias
#: gradients.
SPLIT_REDUCTION_KERNELS: Final[str] = r"GammaBeta"
#: Batch norm's statistics: a reduction over N, H, W per channel, which Inductor splits in two where the activations
#: are channels-last (the channel innermost: an outer reduction); on contiguous activations it is one reduction.
BATCH_NORM_KERNELS: Final[str] = r"cudnn::bn_(?:fw_tr|bw)|batch_norm_(?:collect_statistics|backward_reduce)"
#: cuDNN's own layout conversions around a convolution of NCHW tensors: with the activations channels-last they go.
LAYOUT_KERNELS: Final[str] = r"nchwToNhwc|nhwcToNchw"
#: float32 GEMM and convolution kernels on CUDA cores (no tensor cores): cuBLAS / CUTLASS SIMT ``sgemm``, ``ffma``
#: tiles, ``gemm_f32f32_f32f32`` and cuDNN's float32 implicit-GEMM convolutions; TF32 ones say ``tf32`` / ``xf32``.
FP32_MATH_KERNELS: Final[str] = (r"(?i)^(?!.*(?:tf32|xf32|bf16|f16f16|h16816|h1688|s1688|s16816))"
                                 r".*(?:sgemm|_ffma_|gemm_f32f32_f32f32|implicit_gemm_f32f32_f32f32|implicit_convolve_sgemm)")
#: float32 GEMM and convolution kernels on TF32 tensor cores.
TF32_MATH_KERNELS: Final[str] = r"(?i)(?:gemm|conv|fprop|dgrad|wgrad|s1688|s16816).*(?:tf32|xf32)|(?:tf32|xf32).*(?:gemm|conv|fprop|dgrad|wgrad)|s1688gemm|s16816gemm(?!.*(?:bf16|f16))"
#: cuDNN convolution kernels (what torch.backends.cudnn.benchmark chooses among).
CONV_KERNELS: Final[str] = r"(?i)implicit_convolve|implicit_gemm|fprop|dgrad|wgrad|winograd|conv2d|convolve"

KERNEL_TAGS: Final[dict[str, Tag]] = {
    "library_kernel": Tag(LIBRARY_KERNELS),
    "reduction_kernel": Tag(REDUCTION_KERNELS),
    "split_reduction_kernel": Tag(SPLIT_REDUCTION_KERNELS),
    "batch_norm_kernel": Tag(BATCH_NORM_KERNELS),
    "layout_kernel": Tag(LAYOUT_KERNELS),
    "fp32_math_kernel": Tag(FP32_MATH_KERNELS),
    "tf32_math_kernel": Tag(TF32_MATH_KERNELS),
    "conv_kernel": Tag(CONV_KERNELS),
    "host_device_copy": Tag(r"Memcpy (?:HtoD|DtoH)"),
    "h2d": Tag(r"Memcpy HtoD"),
    "pageable": Tag(r"Pageable"),
    "fused_optimizer_kernel": Tag(r"fused_adam|FusedAdam|_fused_sgd|fused_sgd"),
    "multi_tensor_apply": Tag(r"multi_tensor_apply"),
    "copy_kernel": Tag(r"copy|multi_tensor_apply"),  # what copies CUDA-graph inputs in
    "copy_named": Tag(r"(?i)copy"),  # a kernel named for a copy (elementwise copies, copy_kernel, ...)
    "triton_template": Tag(r"triton_tem_", anchored=True),  # a Triton template kernel max-autotune chose (a GEMM's)
}

CATALOGUES: Final[dict[str, dict[str, Tag]]] = {"slices": SLICE_TAGS, "gpu": KERNEL_TAGS}
BITS: Final[dict[str, dict[str, np.uint64]]] = {table: {tag: np.uint64(1) << np.uint64(i) for i, tag in enumerate(tags)}
                                                 for table, tags in CATALOGUES.items()}
assert all(len(tags) <= 64 for tags in CATALOGUES.values())


#: The catalogue's questions as a short hash: stored tags answer these questions only (the cache's key holds it, so a
#: question added or changed is never read from an older cache as "no").
def fingerprint() -> str:
    return hashlib.sha256(repr(sorted((table, tag, spec.pattern, spec.anchored) for table, tags in CATALOGUES.items()
                                      for tag, spec in tags.items())).encode()).hexdigest()[:12]


FINGERPRINT: Final[str] = fingerprint()


def tagged(frame: pd.DataFrame, tag: str) -> np.ndarray:
    """Bool per row of ``frame`` (the slice or GPU table, or rows taken from it with their ``tags``): the row's
    name answers ``tag``."""
    table = "slices" if tag in SLICE_TAGS else "gpu"
    if tag not in CATALOGUES[table]:
        raise KeyError(f"no tag {tag!r} in the catalogue (trace/catalogue.py)")
    return (frame["tags"].to_numpy(dtype=np.uint64) & BITS[table][tag]) != 0


# --- what a name says beyond a yes or no: readers of names and paths the analyses print or join on --------------
# (the analyses ask these, never a pattern of their own: tests/test_import_graph.py counts what matches in analysis/)

#: A float GEMM kernel whose name says it runs on TF32 tensor cores.
TF32_KERNEL: Final[re.Pattern[str]] = re.compile(r"tf32|xf32", re.IGNORECASE)
#: An ATen op that writes over its first input: ``add_``, ``copy_``, ``_foreach_mul_`` (the trailing underscore).
IN_PLACE_OP: Final[re.Pattern[str]] = re.compile(r"[a-z0-9]_$")
#: A collective's kind from its record_param_comms name, its annotation or its NCCL/RCCL kernel, first match wins.
COLLECTIVE_KINDS: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple((re.compile(p, re.IGNORECASE), kind) for p, kind in (
    (r"all_?reduce", "allreduce"), (r"reduce_?scatter", "reducescatter"), (r"all_?gather", "allgather"),
    (r"all_?to_?all", "alltoall"), (r"broadcast", "broadcast"), (r"sendrecv|send|recv", "sendrecv"), (r"^_?reduce|_reduce_", "reduce"),
))
#: A kernel Inductor generated, by its name: ``triton_poi_...``, ``triton_red_...``, ``cpp_fused_...``.
INDUCTOR_KERNEL: Final[re.Pattern[str]] = re.compile(r"^(?:cpp|triton_[a-z]{3})_")
#: The namespace an op's name starts with: ``aten::``, ``prims::``, ``aten.`` (Inductor's comments), ``torch.``.
OP_NAMESPACE: Final[re.Pattern[str]] = re.compile(r"^(?:aten|prims|inductor|triton|torch)(?:::|\.)")
#: The compiled graph Inductor's C++ kernel profile prefixes a kernel's name with: ``graph_1_cpp_fused_relu_0``.
CPP_KERNEL_GRAPH: Final[re.Pattern[str]] = re.compile(r"^graph_(\d+)_")
#: Old Triton appended the argument specialisation to a kernel's name: ``triton_poi_..._0d1d2d3de``.
SPECIALISATION: Final[re.Pattern[str]] = re.compile(r"^[0-9dec]+$")
#: A file of PyTorch itself (installed, or a source tree's torch/_dynamo).
TORCH_FILE: Final[re.Pattern[str]] = re.compile(r"(?:site-packages|dist-packages)/torch/|(?:^|/)torch/_dynamo/")
#: The running number Inductor gives each autotuning choice of a kind (``triton_mm_3``).
RUNNING_NUMBER: Final[re.Pattern[str]] = re.compile(r"_\d+$")


def synchronize_call(name: str) -> bool:
    """A runtime call that waits for a device, stream, event or context (``cudaStreamSynchronize``)."""
    return name.endswith("Synchronize")


def tf32_kernel(name: str) -> bool:
    return TF32_KERNEL.search(name) is not None


def in_place_op(name: str) -> bool:
    """``aten::add_`` yes, ``aten::add`` and ``aten::__and__`` no."""
    return IN_PLACE_OP.search(name.split("::")[-1]) is not None


def collective_kind(name: str | None) -> str | None:
    """``all_reduce`` / ``allreduce`` / ``ncclDevKernel_AllReduce_Sum_f32`` -> ``allreduce``; None when unknown."""
    if not name:
        return None
    text = str(name).removeprefix("nccl:").replace("ncclDevKernel_", "").replace("ncclKernel_", "")
    return next((kind for pattern, kind in COLLECTIVE_KINDS if pattern.search(text)), None)


def step_number(name: str, otherwise: int) -> int:
    """A step's number from its name (``ProfilerStep#12`` -> 12, the last number in it); ``otherwise`` when none."""
    digits = re.findall(r"\d+", name)
    return int(digits[-1]) if digits else otherwise


def inductor_kernel(name: str) -> bool:
    return INDUCTOR_KERNEL.match(name) is not None


def without_namespace(op: str) -> str:
    """``aten::_foreach_add_.Scalar`` -> ``_foreach_add_.Scalar``."""
    return OP_NAMESPACE.sub("", op)


def cpp_kernel_graph(name: str) -> tuple[str | None, str]:
    """``graph_1_cpp_fused_relu_0`` -> ("1", ``cpp_fused_relu_0``); a name without the prefix -> (None, name)."""
    found = CPP_KERNEL_GRAPH.match(name)
    return (found.group(1), name[found.end():]) if found else (None, name)


def specialisation(suffix: str) -> bool:
    """``suffix`` is only an argument specialisation (what old Triton appended to a kernel's name)."""
    return SPECIALISATION.match(suffix) is not None


def torch_file(path: str) -> bool:
    return TORCH_FILE.search(path) is not None


def without_running_number(name: str) -> str:
    return RUNNING_NUMBER.sub("", name)

# AOT ID: ['0_inference']
from ctypes import c_void_p, c_long, c_int
import torch
import math
import random
import os
import tempfile
from math import inf, nan
from cmath import nanj
from torch._inductor.hooks import run_intermediate_hooks
from torch._inductor.utils import maybe_profile
from torch._inductor.codegen.memory_planning import _align as align
from torch import device, empty_strided
from torch._inductor.async_compile import AsyncCompile
from torch._inductor.select_algorithm import extern_kernels
from torch._C import _cuda_getCurrentRawStream as get_raw_stream
import triton
import triton.language as tl
from torch._inductor.runtime.triton_heuristics import start_graph, end_graph
from torch._C import _cuda_getCurrentRawStream as get_raw_stream

aten = torch.ops.aten
inductor_ops = torch.ops.inductor
_quantized = torch.ops._quantized
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
assert_alignment = torch._C._dynamo.guards.assert_alignment
empty_strided_cpu = torch._C._dynamo.guards._empty_strided_cpu
empty_strided_cpu_pinned = torch._C._dynamo.guards._empty_strided_cpu_pinned
empty_strided_cuda = torch._C._dynamo.guards._empty_strided_cuda
empty_strided_xpu = torch._C._dynamo.guards._empty_strided_xpu
empty_strided_mtia = torch._C._dynamo.guards._empty_strided_mtia
reinterpret_tensor = torch._C._dynamo.guards._reinterpret_tensor
alloc_from_pool = torch.ops.inductor._alloc_from_pool
async_compile = AsyncCompile()
empty_strided_p2p = torch._C._distributed_c10d._SymmetricMemory.empty_strided_p2p


# kernel path: /tmp/inductor-shared-8og777gb/oe/coemifulntjtank6c6elkcotwdwv2cstvpqtvghp7jzaolwz5kwz.py
# Unsorted Source Nodes: [], Original ATen: []
# Source node to ATen node mapping:
triton_for_fused_0 = async_compile.triton('triton_for_fused_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

@triton_heuristics.foreach(
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'in_ptr7': '*fp32', 'in_ptr8': '*fp32', 'in_ptr9': '*fp32', 'in_ptr10': '*fp32', 'in_ptr11': '*fp32', 'in_ptr12': '*fp32', 'in_ptr13': '*fp32', 'in_ptr14': '*fp32', 'in_ptr15': '*fp32', 'in_ptr16': '*fp32', 'in_ptr17': '*fp32', 'in_ptr18': '*fp32', 'in_ptr19': '*fp32', 'in_ptr20': '*fp32', 'in_ptr21': '*fp32', 'in_ptr22': '*fp32', 'in_ptr23': '*fp32', 'in_ptr24': '*fp32', 'in_ptr25': '*fp32', 'in_ptr26': '*fp32', 'in_ptr27': '*fp32', 'in_ptr28': '*fp32', 'in_ptr29': '*fp32', 'in_ptr30': '*fp32', 'in_ptr31': '*fp32', 'in_ptr32': '*fp32', 'in_ptr33': '*fp32', 'in_ptr34': '*fp32', 'in_ptr35': '*fp32', 'in_ptr36': '*fp32', 'in_ptr37': '*fp32', 'in_ptr38': '*fp32', 'in_ptr39': '*fp32', 'in_ptr40': '*fp32', 'in_ptr41': '*fp32', 'in_ptr42': '*fp32', 'in_ptr43': '*fp32', 'in_ptr44': '*fp32', 'in_ptr45': '*fp32', 'in_ptr46': '*fp32', 'in_ptr47': '*fp32', 'in_ptr48': '*fp32', 'in_ptr49': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'out_ptr4': '*fp32', 'out_ptr5': '*fp32', 'out_ptr6': '*fp32', 'out_ptr7': '*fp32', 'out_ptr8': '*fp32', 'out_ptr9': '*fp32', 'out_ptr10': '*fp32', 'out_ptr11': '*fp32', 'out_ptr12': '*fp32', 'out_ptr13': '*fp32', 'out_ptr14': '*fp32', 'out_ptr15': '*fp32', 'out_ptr16': '*fp32', 'out_ptr17': '*fp32', 'out_ptr18': '*fp32', 'out_ptr19': '*fp32', 'out_ptr20': '*fp32', 'out_ptr21': '*fp32', 'out_ptr22': '*fp32', 'out_ptr23': '*fp32', 'out_ptr24': '*fp32', 'out_ptr25': '*fp32', 'out_ptr26': '*fp32', 'out_ptr27': '*fp32', 'out_ptr28': '*fp32', 'out_ptr29': '*fp32', 'out_ptr30': '*fp32', 'out_ptr31': '*fp32', 'out_ptr32': '*fp32', 'out_ptr33': '*fp32', 'out_ptr34': '*fp32', 'out_ptr35': '*fp32', 'out_ptr36': '*fp32', 'out_ptr37': '*fp32', 'out_ptr38': '*fp32', 'out_ptr39': '*fp32', 'out_ptr40': '*fp32', 'out_ptr41': '*fp32', 'out_ptr42': '*fp32', 'out_ptr43': '*fp32', 'out_ptr44': '*fp32', 'out_ptr45': '*fp32', 'out_ptr46': '*fp32', 'out_ptr47': '*fp32', 'out_ptr48': '*fp32', 'out_ptr49': '*fp32'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'enable_fp_fusion': True, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]], (14,): [['tt.divisibility', 16]], (15,): [['tt.divisibility', 16]], (16,): [['tt.divisibility', 16]], (17,): [['tt.divisibility', 16]], (18,): [['tt.divisibility', 16]], (19,): [['tt.divisibility', 16]], (20,): [['tt.divisibility', 16]], (21,): [['tt.divisibility', 16]], (22,): [['tt.divisibility', 16]], (23,): [['tt.divisibility', 16]], (24,): [['tt.divisibility', 16]], (25,): [['tt.divisibility', 16]], (26,): [['tt.divisibility', 16]], (27,): [['tt.divisibility', 16]], (28,): [['tt.divisibility', 16]], (29,): [['tt.divisibility', 16]], (30,): [['tt.divisibility', 16]], (31,): [['tt.divisibility', 16]], (32,): [['tt.divisibility', 16]], (33,): [['tt.divisibility', 16]], (34,): [['tt.divisibility', 16]], (35,): [['tt.divisibility', 16]], (36,): [['tt.divisibility', 16]], (37,): [['tt.divisibility', 16]], (38,): [['tt.divisibility', 16]], (39,): [['tt.divisibility', 16]], (40,): [['tt.divisibility', 16]], (41,): [['tt.divisibility', 16]], (42,): [['tt.divisibility', 16]], (43,): [['tt.divisibility', 16]], (44,): [['tt.divisibility', 16]], (45,): [['tt.divisibility', 16]], (46,): [['tt.divisibility', 16]], (47,): [['tt.divisibility', 16]], (48,): [['tt.divisibility', 16]], (49,): [['tt.divisibility', 16]], (50,): [['tt.divisibility', 16]], (51,): [['tt.divisibility', 16]], (52,): [['tt.divisibility', 16]], (53,): [['tt.divisibility', 16]], (54,): [['tt.divisibility', 16]], (55,): [['tt.divisibility', 16]], (56,): [['tt.divisibility', 16]], (57,): [['tt.divisibility', 16]], (58,): [['tt.divisibility', 16]], (59,): [['tt.divisibility', 16]], (60,): [['tt.divisibility', 16]], (61,): [['tt.divisibility', 16]], (62,): [['tt.divisibility', 16]], (63,): [['tt.divisibility', 16]], (64,): [['tt.divisibility', 16]], (65,): [['tt.divisibility', 16]], (66,): [['tt.divisibility', 16]], (67,): [['tt.divisibility', 16]], (68,): [['tt.divisibility', 16]], (69,): [['tt.divisibility', 16]], (70,): [['tt.divisibility', 16]], (71,): [['tt.divisibility', 16]], (72,): [['tt.divisibility', 16]], (73,): [['tt.divisibility', 16]], (74,): [['tt.divisibility', 16]], (75,): [['tt.divisibility', 16]], (76,): [['tt.divisibility', 16]], (77,): [['tt.divisibility', 16]], (78,): [['tt.divisibility', 16]], (79,): [['tt.divisibility', 16]], (80,): [['tt.divisibility', 16]], (81,): [['tt.divisibility', 16]], (82,): [['tt.divisibility', 16]], (83,): [['tt.divisibility', 16]], (84,): [['tt.divisibility', 16]], (85,): [['tt.divisibility', 16]], (86,): [['tt.divisibility', 16]], (87,): [['tt.divisibility', 16]], (88,): [['tt.divisibility', 16]], (89,): [['tt.divisibility', 16]], (90,): [['tt.divisibility', 16]], (91,): [['tt.divisibility', 16]], (92,): [['tt.divisibility', 16]], (93,): [['tt.divisibility', 16]], (94,): [['tt.divisibility', 16]], (95,): [['tt.divisibility', 16]], (96,): [['tt.divisibility', 16]], (97,): [['tt.divisibility', 16]], (98,): [['tt.divisibility', 16]], (99,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'SequentialComboKernelGrid', 'combo_grid_meta': {'num_kernels': 50, 'min_blocks': 0, 'default_config': {'XBLOCK': 1024}, 'no_x_dim_0': False, 'xnumel_0': 1, 'no_x_dim_1': False, 'xnumel_1': 1, 'no_x_dim_2': False, 'xnumel_2': 1, 'no_x_dim_3': False, 'xnumel_3': 1, 'no_x_dim_4': False, 'xnumel_4': 1, 'no_x_dim_5': False, 'xnumel_5': 1, 'no_x_dim_6': False, 'xnumel_6': 1, 'no_x_dim_7': False, 'xnumel_7': 1, 'no_x_dim_8': False, 'xnumel_8': 1, 'no_x_dim_9': False, 'xnumel_9': 1, 'no_x_dim_10': False, 'xnumel_10': 1, 'no_x_dim_11': False, 'xnumel_11': 1, 'no_x_dim_12': False, 'xnumel_12': 1, 'no_x_dim_13': False, 'xnumel_13': 1, 'no_x_dim_14': False, 'xnumel_14': 1, 'no_x_dim_15': False, 'xnumel_15': 1, 'no_x_dim_16': False, 'xnumel_16': 1, 'no_x_dim_17': False, 'xnumel_17': 1, 'no_x_dim_18': False, 'xnumel_18': 1, 'no_x_dim_19': False, 'xnumel_19': 1, 'no_x_dim_20': False, 'xnumel_20': 1, 'no_x_dim_21': False, 'xnumel_21': 1, 'no_x_dim_22': False, 'xnumel_22': 1, 'no_x_dim_23': False, 'xnumel_23': 1, 'no_x_dim_24': False, 'xnumel_24': 1, 'no_x_dim_25': False, 'xnumel_25': 1, 'no_x_dim_26': False, 'xnumel_26': 1, 'no_x_dim_27': False, 'xnumel_27': 1, 'no_x_dim_28': False, 'xnumel_28': 1, 'no_x_dim_29': False, 'xnumel_29': 1, 'no_x_dim_30': False, 'xnumel_30': 1, 'no_x_dim_31': False, 'xnumel_31': 1, 'no_x_dim_32': False, 'xnumel_32': 1, 'no_x_dim_33': False, 'xnumel_33': 1, 'no_x_dim_34': False, 'xnumel_34': 1, 'no_x_dim_35': False, 'xnumel_35': 1, 'no_x_dim_36': False, 'xnumel_36': 1, 'no_x_dim_37': False, 'xnumel_37': 1, 'no_x_dim_38': False, 'xnumel_38': 1, 'no_x_dim_39': False, 'xnumel_39': 1, 'no_x_dim_40': False, 'xnumel_40': 1, 'no_x_dim_41': False, 'xnumel_41': 1, 'no_x_dim_42': False, 'xnumel_42': 1, 'no_x_dim_43': False, 'xnumel_43': 1, 'no_x_dim_44': False, 'xnumel_44': 1, 'no_x_dim_45': False, 'xnumel_45': 1, 'no_x_dim_46': False, 'xnumel_46': 1, 'no_x_dim_47': False, 'xnumel_47': 1, 'no_x_dim_48': False, 'xnumel_48': 1, 'no_x_dim_49': False, 'xnumel_49': 1}, 'kernel_name': 'triton_for_fused_0', 'mutated_arg_names': ['in_ptr0', 'in_ptr1', 'in_ptr10', 'in_ptr11', 'in_ptr12', 'in_ptr13', 'in_ptr14', 'in_ptr15', 'in_ptr16', 'in_ptr17', 'in_ptr18', 'in_ptr19', 'in_ptr2', 'in_ptr20', 'in_ptr21', 'in_ptr22', 'in_ptr23', 'in_ptr24', 'in_ptr25', 'in_ptr26', 'in_ptr27', 'in_ptr28', 'in_ptr29', 'in_ptr3', 'in_ptr30', 'in_ptr31', 'in_ptr32', 'in_ptr33', 'in_ptr34', 'in_ptr35', 'in_ptr36', 'in_ptr37', 'in_ptr38', 'in_ptr39', 'in_ptr4', 'in_ptr40', 'in_ptr41', 'in_ptr42', 'in_ptr43', 'in_ptr44', 'in_ptr45', 'in_ptr46', 'in_ptr47', 'in_ptr48', 'in_ptr49', 'in_ptr5', 'in_ptr6', 'in_ptr7', 'in_ptr8', 'in_ptr9', 'out_ptr0', 'out_ptr1', 'out_ptr10', 'out_ptr11', 'out_ptr12', 'out_ptr13', 'out_ptr14', 'out_ptr15', 'out_ptr16', 'out_ptr17', 'out_ptr18', 'out_ptr19', 'out_ptr2', 'out_ptr20', 'out_ptr21', 'out_ptr22', 'out_ptr23', 'out_ptr24', 'out_ptr25', 'out_ptr26', 'out_ptr27', 'out_ptr28', 'out_ptr29', 'out_ptr3', 'out_ptr30', 'out_ptr31', 'out_ptr32', 'out_ptr33', 'out_ptr34', 'out_ptr35', 'out_ptr36', 'out_ptr37', 'out_ptr38', 'out_ptr39', 'out_ptr4', 'out_ptr40', 'out_ptr41', 'out_ptr42', 'out_ptr43', 'out_ptr44', 'out_ptr45', 'out_ptr46', 'out_ptr47', 'out_ptr48', 'out_ptr49', 'out_ptr5', 'out_ptr6', 'out_ptr7', 'out_ptr8', 'out_ptr9'], 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False},
)
@triton.jit
def triton_for_fused_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, in_ptr8, in_ptr9, in_ptr10, in_ptr11, in_ptr12, in_ptr13, in_ptr14, in_ptr15, in_ptr16, in_ptr17, in_ptr18, in_ptr19, in_ptr20, in_ptr21, in_ptr22, in_ptr23, in_ptr24, in_ptr25, in_ptr26, in_ptr27, in_ptr28, in_ptr29, in_ptr30, in_ptr31, in_ptr32, in_ptr33, in_ptr34, in_ptr35, in_ptr36, in_ptr37, in_ptr38, in_ptr39, in_ptr40, in_ptr41, in_ptr42, in_ptr43, in_ptr44, in_ptr45, in_ptr46, in_ptr47, in_ptr48, in_ptr49, out_ptr0, out_ptr1, out_ptr2, out_ptr3, out_ptr4, out_ptr5, out_ptr6, out_ptr7, out_ptr8, out_ptr9, out_ptr10, out_ptr11, out_ptr12, out_ptr13, out_ptr14, out_ptr15, out_ptr16, out_ptr17, out_ptr18, out_ptr19, out_ptr20, out_ptr21, out_ptr22, out_ptr23, out_ptr24, out_ptr25, out_ptr26, out_ptr27, out_ptr28, out_ptr29, out_ptr30, out_ptr31, out_ptr32, out_ptr33, out_ptr34, out_ptr35, out_ptr36, out_ptr37, out_ptr38, out_ptr39, out_ptr40, out_ptr41, out_ptr42, out_ptr43, out_ptr44, out_ptr45, out_ptr46, out_ptr47, out_ptr48, out_ptr49):
    pid = tl.program_id(0)
    XBLOCK: tl.constexpr = 1024
    num_xblocks_0 = tl.cdiv(1, XBLOCK)
    num_xblocks_1 = num_xblocks_0 + tl.cdiv(1, XBLOCK)
    num_xblocks_2 = num_xblocks_1 + tl.cdiv(1, XBLOCK)
    num_xblocks_3 = num_xblocks_2 + tl.cdiv(1, XBLOCK)
    num_xblocks_4 = num_xblocks_3 + tl.cdiv(1, XBLOCK)
    num_xblocks_5 = num_xblocks_4 + tl.cdiv(1, XBLOCK)
    num_xblocks_6 = num_xblocks_5 + tl.cdiv(1, XBLOCK)
    num_xblocks_7 = num_xblocks_6 + tl.cdiv(1, XBLOCK)
    num_xblocks_8 = num_xblocks_7 + tl.cdiv(1, XBLOCK)
    num_xblocks_9 = num_xblocks_8 + tl.cdiv(1, XBLOCK)
    num_xblocks_10 = num_xblocks_9 + tl.cdiv(1, XBLOCK)
    num_xblocks_11 = num_xblocks_10 + tl.cdiv(1, XBLOCK)
    num_xblocks_12 = num_xblocks_11 + tl.cdiv(1, XBLOCK)
    num_xblocks_13 = num_xblocks_12 + tl.cdiv(1, XBLOCK)
    num_xblocks_14 = num_xblocks_13 + tl.cdiv(1, XBLOCK)
    num_xblocks_15 = num_xblocks_14 + tl.cdiv(1, XBLOCK)
    num_xblocks_16 = num_xblocks_15 + tl.cdiv(1, XBLOCK)
    num_xblocks_17 = num_xblocks_16 + tl.cdiv(1, XBLOCK)
    num_xblocks_18 = num_xblocks_17 + tl.cdiv(1, XBLOCK)
    num_xblocks_19 = num_xblocks_18 + tl.cdiv(1, XBLOCK)
    num_xblocks_20 = num_xblocks_19 + tl.cdiv(1, XBLOCK)
    num_xblocks_21 = num_xblocks_20 + tl.cdiv(1, XBLOCK)
    num_xblocks_22 = num_xblocks_21 + tl.cdiv(1, XBLOCK)
    num_xblocks_23 = num_xblocks_22 + tl.cdiv(1, XBLOCK)
    num_xblocks_24 = num_xblocks_23 + tl.cdiv(1, XBLOCK)
    num_xblocks_25 = num_xblocks_24 + tl.cdiv(1, XBLOCK)
    num_xblocks_26 = num_xblocks_25 + tl.cdiv(1, XBLOCK)
    num_xblocks_27 = num_xblocks_26 + tl.cdiv(1, XBLOCK)
    num_xblocks_28 = num_xblocks_27 + tl.cdiv(1, XBLOCK)
    num_xblocks_29 = num_xblocks_28 + tl.cdiv(1, XBLOCK)
    num_xblocks_30 = num_xblocks_29 + tl.cdiv(1, XBLOCK)
    num_xblocks_31 = num_xblocks_30 + tl.cdiv(1, XBLOCK)
    num_xblocks_32 = num_xblocks_31 + tl.cdiv(1, XBLOCK)
    num_xblocks_33 = num_xblocks_32 + tl.cdiv(1, XBLOCK)
    num_xblocks_34 = num_xblocks_33 + tl.cdiv(1, XBLOCK)
    num_xblocks_35 = num_xblocks_34 + tl.cdiv(1, XBLOCK)
    num_xblocks_36 = num_xblocks_35 + tl.cdiv(1, XBLOCK)
    num_xblocks_37 = num_xblocks_36 + tl.cdiv(1, XBLOCK)
    num_xblocks_38 = num_xblocks_37 + tl.cdiv(1, XBLOCK)
    num_xblocks_39 = num_xblocks_38 + tl.cdiv(1, XBLOCK)
    num_xblocks_40 = num_xblocks_39 + tl.cdiv(1, XBLOCK)
    num_xblocks_41 = num_xblocks_40 + tl.cdiv(1, XBLOCK)
    num_xblocks_42 = num_xblocks_41 + tl.cdiv(1, XBLOCK)
    num_xblocks_43 = num_xblocks_42 + tl.cdiv(1, XBLOCK)
    num_xblocks_44 = num_xblocks_43 + tl.cdiv(1, XBLOCK)
    num_xblocks_45 = num_xblocks_44 + tl.cdiv(1, XBLOCK)
    num_xblocks_46 = num_xblocks_45 + tl.cdiv(1, XBLOCK)
    num_xblocks_47 = num_xblocks_46 + tl.cdiv(1, XBLOCK)
    num_xblocks_48 = num_xblocks_47 + tl.cdiv(1, XBLOCK)
    num_xblocks_49 = num_xblocks_48 + tl.cdiv(1, XBLOCK)
    if pid < num_xblocks_0:
        pid_offset = pid
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp0 = tl.load(in_ptr0 + (0))
        tmp1 = tl.broadcast_to(tmp0, [XBLOCK])
        tmp2 = tl.where(xmask, tmp1, 0.0)
        tmp3 = tl.full([1], 1.0, tl.float32)
        tmp4 = tmp2 + tmp3
        tl.store(out_ptr0 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp4, xmask)
    elif pid < num_xblocks_1:
        pid_offset = pid - num_xblocks_0
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp5 = tl.load(in_ptr1 + (0))
        tmp6 = tl.broadcast_to(tmp5, [XBLOCK])
        tmp7 = tl.where(xmask, tmp6, 0.0)
        tmp8 = tl.full([1], 1.0, tl.float32)
        tmp9 = tmp7 + tmp8
        tl.store(out_ptr1 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp9, xmask)
    elif pid < num_xblocks_2:
        pid_offset = pid - num_xblocks_1
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp10 = tl.load(in_ptr2 + (0))
        tmp11 = tl.broadcast_to(tmp10, [XBLOCK])
        tmp12 = tl.where(xmask, tmp11, 0.0)
        tmp13 = tl.full([1], 1.0, tl.float32)
        tmp14 = tmp12 + tmp13
        tl.store(out_ptr2 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp14, xmask)
    elif pid < num_xblocks_3:
        pid_offset = pid - num_xblocks_2
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp15 = tl.load(in_ptr3 + (0))
        tmp16 = tl.broadcast_to(tmp15, [XBLOCK])
        tmp17 = tl.where(xmask, tmp16, 0.0)
        tmp18 = tl.full([1], 1.0, tl.float32)
        tmp19 = tmp17 + tmp18
        tl.store(out_ptr3 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp19, xmask)
    elif pid < num_xblocks_4:
        pid_offset = pid - num_xblocks_3
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp20 = tl.load(in_ptr4 + (0))
        tmp21 = tl.broadcast_to(tmp20, [XBLOCK])
        tmp22 = tl.where(xmask, tmp21, 0.0)
        tmp23 = tl.full([1], 1.0, tl.float32)
        tmp24 = tmp22 + tmp23
        tl.store(out_ptr4 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp24, xmask)
    elif pid < num_xblocks_5:
        pid_offset = pid - num_xblocks_4
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp25 = tl.load(in_ptr5 + (0))
        tmp26 = tl.broadcast_to(tmp25, [XBLOCK])
        tmp27 = tl.where(xmask, tmp26, 0.0)
        tmp28 = tl.full([1], 1.0, tl.float32)
        tmp29 = tmp27 + tmp28
        tl.store(out_ptr5 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp29, xmask)
    elif pid < num_xblocks_6:
        pid_offset = pid - num_xblocks_5
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp30 = tl.load(in_ptr6 + (0))
        tmp31 = tl.broadcast_to(tmp30, [XBLOCK])
        tmp32 = tl.where(xmask, tmp31, 0.0)
        tmp33 = tl.full([1], 1.0, tl.float32)
        tmp34 = tmp32 + tmp33
        tl.store(out_ptr6 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp34, xmask)
    elif pid < num_xblocks_7:
        pid_offset = pid - num_xblocks_6
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp35 = tl.load(in_ptr7 + (0))
        tmp36 = tl.broadcast_to(tmp35, [XBLOCK])
        tmp37 = tl.where(xmask, tmp36, 0.0)
        tmp38 = tl.full([1], 1.0, tl.float32)
        tmp39 = tmp37 + tmp38
        tl.store(out_ptr7 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp39, xmask)
    elif pid < num_xblocks_8:
        pid_offset = pid - num_xblocks_7
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp40 = tl.load(in_ptr8 + (0))
        tmp41 = tl.broadcast_to(tmp40, [XBLOCK])
        tmp42 = tl.where(xmask, tmp41, 0.0)
        tmp43 = tl.full([1], 1.0, tl.float32)
        tmp44 = tmp42 + tmp43
        tl.store(out_ptr8 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp44, xmask)
    elif pid < num_xblocks_9:
        pid_offset = pid - num_xblocks_8
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp45 = tl.load(in_ptr9 + (0))
        tmp46 = tl.broadcast_to(tmp45, [XBLOCK])
        tmp47 = tl.where(xmask, tmp46, 0.0)
        tmp48 = tl.full([1], 1.0, tl.float32)
        tmp49 = tmp47 + tmp48
        tl.store(out_ptr9 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp49, xmask)
    elif pid < num_xblocks_10:
        pid_offset = pid - num_xblocks_9
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp50 = tl.load(in_ptr10 + (0))
        tmp51 = tl.broadcast_to(tmp50, [XBLOCK])
        tmp52 = tl.where(xmask, tmp51, 0.0)
        tmp53 = tl.full([1], 1.0, tl.float32)
        tmp54 = tmp52 + tmp53
        tl.store(out_ptr10 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp54, xmask)
    elif pid < num_xblocks_11:
        pid_offset = pid - num_xblocks_10
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp55 = tl.load(in_ptr11 + (0))
        tmp56 = tl.broadcast_to(tmp55, [XBLOCK])
        tmp57 = tl.where(xmask, tmp56, 0.0)
        tmp58 = tl.full([1], 1.0, tl.float32)
        tmp59 = tmp57 + tmp58
        tl.store(out_ptr11 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp59, xmask)
    elif pid < num_xblocks_12:
        pid_offset = pid - num_xblocks_11
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp60 = tl.load(in_ptr12 + (0))
        tmp61 = tl.broadcast_to(tmp60, [XBLOCK])
        tmp62 = tl.where(xmask, tmp61, 0.0)
        tmp63 = tl.full([1], 1.0, tl.float32)
        tmp64 = tmp62 + tmp63
        tl.store(out_ptr12 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp64, xmask)
    elif pid < num_xblocks_13:
        pid_offset = pid - num_xblocks_12
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp65 = tl.load(in_ptr13 + (0))
        tmp66 = tl.broadcast_to(tmp65, [XBLOCK])
        tmp67 = tl.where(xmask, tmp66, 0.0)
        tmp68 = tl.full([1], 1.0, tl.float32)
        tmp69 = tmp67 + tmp68
        tl.store(out_ptr13 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp69, xmask)
    elif pid < num_xblocks_14:
        pid_offset = pid - num_xblocks_13
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp70 = tl.load(in_ptr14 + (0))
        tmp71 = tl.broadcast_to(tmp70, [XBLOCK])
        tmp72 = tl.where(xmask, tmp71, 0.0)
        tmp73 = tl.full([1], 1.0, tl.float32)
        tmp74 = tmp72 + tmp73
        tl.store(out_ptr14 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp74, xmask)
    elif pid < num_xblocks_15:
        pid_offset = pid - num_xblocks_14
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp75 = tl.load(in_ptr15 + (0))
        tmp76 = tl.broadcast_to(tmp75, [XBLOCK])
        tmp77 = tl.where(xmask, tmp76, 0.0)
        tmp78 = tl.full([1], 1.0, tl.float32)
        tmp79 = tmp77 + tmp78
        tl.store(out_ptr15 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp79, xmask)
    elif pid < num_xblocks_16:
        pid_offset = pid - num_xblocks_15
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp80 = tl.load(in_ptr16 + (0))
        tmp81 = tl.broadcast_to(tmp80, [XBLOCK])
        tmp82 = tl.where(xmask, tmp81, 0.0)
        tmp83 = tl.full([1], 1.0, tl.float32)
        tmp84 = tmp82 + tmp83
        tl.store(out_ptr16 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp84, xmask)
    elif pid < num_xblocks_17:
        pid_offset = pid - num_xblocks_16
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp85 = tl.load(in_ptr17 + (0))
        tmp86 = tl.broadcast_to(tmp85, [XBLOCK])
        tmp87 = tl.where(xmask, tmp86, 0.0)
        tmp88 = tl.full([1], 1.0, tl.float32)
        tmp89 = tmp87 + tmp88
        tl.store(out_ptr17 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp89, xmask)
    elif pid < num_xblocks_18:
        pid_offset = pid - num_xblocks_17
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp90 = tl.load(in_ptr18 + (0))
        tmp91 = tl.broadcast_to(tmp90, [XBLOCK])
        tmp92 = tl.where(xmask, tmp91, 0.0)
        tmp93 = tl.full([1], 1.0, tl.float32)
        tmp94 = tmp92 + tmp93
        tl.store(out_ptr18 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp94, xmask)
    elif pid < num_xblocks_19:
        pid_offset = pid - num_xblocks_18
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp95 = tl.load(in_ptr19 + (0))
        tmp96 = tl.broadcast_to(tmp95, [XBLOCK])
        tmp97 = tl.where(xmask, tmp96, 0.0)
        tmp98 = tl.full([1], 1.0, tl.float32)
        tmp99 = tmp97 + tmp98
        tl.store(out_ptr19 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp99, xmask)
    elif pid < num_xblocks_20:
        pid_offset = pid - num_xblocks_19
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp100 = tl.load(in_ptr20 + (0))
        tmp101 = tl.broadcast_to(tmp100, [XBLOCK])
        tmp102 = tl.where(xmask, tmp101, 0.0)
        tmp103 = tl.full([1], 1.0, tl.float32)
        tmp104 = tmp102 + tmp103
        tl.store(out_ptr20 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp104, xmask)
    elif pid < num_xblocks_21:
        pid_offset = pid - num_xblocks_20
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp105 = tl.load(in_ptr21 + (0))
        tmp106 = tl.broadcast_to(tmp105, [XBLOCK])
        tmp107 = tl.where(xmask, tmp106, 0.0)
        tmp108 = tl.full([1], 1.0, tl.float32)
        tmp109 = tmp107 + tmp108
        tl.store(out_ptr21 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp109, xmask)
    elif pid < num_xblocks_22:
        pid_offset = pid - num_xblocks_21
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp110 = tl.load(in_ptr22 + (0))
        tmp111 = tl.broadcast_to(tmp110, [XBLOCK])
        tmp112 = tl.where(xmask, tmp111, 0.0)
        tmp113 = tl.full([1], 1.0, tl.float32)
        tmp114 = tmp112 + tmp113
        tl.store(out_ptr22 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp114, xmask)
    elif pid < num_xblocks_23:
        pid_offset = pid - num_xblocks_22
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp115 = tl.load(in_ptr23 + (0))
        tmp116 = tl.broadcast_to(tmp115, [XBLOCK])
        tmp117 = tl.where(xmask, tmp116, 0.0)
        tmp118 = tl.full([1], 1.0, tl.float32)
        tmp119 = tmp117 + tmp118
        tl.store(out_ptr23 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp119, xmask)
    elif pid < num_xblocks_24:
        pid_offset = pid - num_xblocks_23
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp120 = tl.load(in_ptr24 + (0))
        tmp121 = tl.broadcast_to(tmp120, [XBLOCK])
        tmp122 = tl.where(xmask, tmp121, 0.0)
        tmp123 = tl.full([1], 1.0, tl.float32)
        tmp124 = tmp122 + tmp123
        tl.store(out_ptr24 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp124, xmask)
    elif pid < num_xblocks_25:
        pid_offset = pid - num_xblocks_24
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp125 = tl.load(in_ptr25 + (0))
        tmp126 = tl.broadcast_to(tmp125, [XBLOCK])
        tmp127 = tl.where(xmask, tmp126, 0.0)
        tmp128 = tl.full([1], 1.0, tl.float32)
        tmp129 = tmp127 + tmp128
        tl.store(out_ptr25 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp129, xmask)
    elif pid < num_xblocks_26:
        pid_offset = pid - num_xblocks_25
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp130 = tl.load(in_ptr26 + (0))
        tmp131 = tl.broadcast_to(tmp130, [XBLOCK])
        tmp132 = tl.where(xmask, tmp131, 0.0)
        tmp133 = tl.full([1], 1.0, tl.float32)
        tmp134 = tmp132 + tmp133
        tl.store(out_ptr26 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp134, xmask)
    elif pid < num_xblocks_27:
        pid_offset = pid - num_xblocks_26
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp135 = tl.load(in_ptr27 + (0))
        tmp136 = tl.broadcast_to(tmp135, [XBLOCK])
        tmp137 = tl.where(xmask, tmp136, 0.0)
        tmp138 = tl.full([1], 1.0, tl.float32)
        tmp139 = tmp137 + tmp138
        tl.store(out_ptr27 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp139, xmask)
    elif pid < num_xblocks_28:
        pid_offset = pid - num_xblocks_27
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp140 = tl.load(in_ptr28 + (0))
        tmp141 = tl.broadcast_to(tmp140, [XBLOCK])
        tmp142 = tl.where(xmask, tmp141, 0.0)
        tmp143 = tl.full([1], 1.0, tl.float32)
        tmp144 = tmp142 + tmp143
        tl.store(out_ptr28 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp144, xmask)
    elif pid < num_xblocks_29:
        pid_offset = pid - num_xblocks_28
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp145 = tl.load(in_ptr29 + (0))
        tmp146 = tl.broadcast_to(tmp145, [XBLOCK])
        tmp147 = tl.where(xmask, tmp146, 0.0)
        tmp148 = tl.full([1], 1.0, tl.float32)
        tmp149 = tmp147 + tmp148
        tl.store(out_ptr29 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp149, xmask)
    elif pid < num_xblocks_30:
        pid_offset = pid - num_xblocks_29
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp150 = tl.load(in_ptr30 + (0))
        tmp151 = tl.broadcast_to(tmp150, [XBLOCK])
        tmp152 = tl.where(xmask, tmp151, 0.0)
        tmp153 = tl.full([1], 1.0, tl.float32)
        tmp154 = tmp152 + tmp153
        tl.store(out_ptr30 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp154, xmask)
    elif pid < num_xblocks_31:
        pid_offset = pid - num_xblocks_30
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp155 = tl.load(in_ptr31 + (0))
        tmp156 = tl.broadcast_to(tmp155, [XBLOCK])
        tmp157 = tl.where(xmask, tmp156, 0.0)
        tmp158 = tl.full([1], 1.0, tl.float32)
        tmp159 = tmp157 + tmp158
        tl.store(out_ptr31 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp159, xmask)
    elif pid < num_xblocks_32:
        pid_offset = pid - num_xblocks_31
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp160 = tl.load(in_ptr32 + (0))
        tmp161 = tl.broadcast_to(tmp160, [XBLOCK])
        tmp162 = tl.where(xmask, tmp161, 0.0)
        tmp163 = tl.full([1], 1.0, tl.float32)
        tmp164 = tmp162 + tmp163
        tl.store(out_ptr32 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp164, xmask)
    elif pid < num_xblocks_33:
        pid_offset = pid - num_xblocks_32
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp165 = tl.load(in_ptr33 + (0))
        tmp166 = tl.broadcast_to(tmp165, [XBLOCK])
        tmp167 = tl.where(xmask, tmp166, 0.0)
        tmp168 = tl.full([1], 1.0, tl.float32)
        tmp169 = tmp167 + tmp168
        tl.store(out_ptr33 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp169, xmask)
    elif pid < num_xblocks_34:
        pid_offset = pid - num_xblocks_33
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp170 = tl.load(in_ptr34 + (0))
        tmp171 = tl.broadcast_to(tmp170, [XBLOCK])
        tmp172 = tl.where(xmask, tmp171, 0.0)
        tmp173 = tl.full([1], 1.0, tl.float32)
        tmp174 = tmp172 + tmp173
        tl.store(out_ptr34 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp174, xmask)
    elif pid < num_xblocks_35:
        pid_offset = pid - num_xblocks_34
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp175 = tl.load(in_ptr35 + (0))
        tmp176 = tl.broadcast_to(tmp175, [XBLOCK])
        tmp177 = tl.where(xmask, tmp176, 0.0)
        tmp178 = tl.full([1], 1.0, tl.float32)
        tmp179 = tmp177 + tmp178
        tl.store(out_ptr35 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp179, xmask)
    elif pid < num_xblocks_36:
        pid_offset = pid - num_xblocks_35
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp180 = tl.load(in_ptr36 + (0))
        tmp181 = tl.broadcast_to(tmp180, [XBLOCK])
        tmp182 = tl.where(xmask, tmp181, 0.0)
        tmp183 = tl.full([1], 1.0, tl.float32)
        tmp184 = tmp182 + tmp183
        tl.store(out_ptr36 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp184, xmask)
    elif pid < num_xblocks_37:
        pid_offset = pid - num_xblocks_36
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp185 = tl.load(in_ptr37 + (0))
        tmp186 = tl.broadcast_to(tmp185, [XBLOCK])
        tmp187 = tl.where(xmask, tmp186, 0.0)
        tmp188 = tl.full([1], 1.0, tl.float32)
        tmp189 = tmp187 + tmp188
        tl.store(out_ptr37 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp189, xmask)
    elif pid < num_xblocks_38:
        pid_offset = pid - num_xblocks_37
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp190 = tl.load(in_ptr38 + (0))
        tmp191 = tl.broadcast_to(tmp190, [XBLOCK])
        tmp192 = tl.where(xmask, tmp191, 0.0)
        tmp193 = tl.full([1], 1.0, tl.float32)
        tmp194 = tmp192 + tmp193
        tl.store(out_ptr38 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp194, xmask)
    elif pid < num_xblocks_39:
        pid_offset = pid - num_xblocks_38
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp195 = tl.load(in_ptr39 + (0))
        tmp196 = tl.broadcast_to(tmp195, [XBLOCK])
        tmp197 = tl.where(xmask, tmp196, 0.0)
        tmp198 = tl.full([1], 1.0, tl.float32)
        tmp199 = tmp197 + tmp198
        tl.store(out_ptr39 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp199, xmask)
    elif pid < num_xblocks_40:
        pid_offset = pid - num_xblocks_39
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp200 = tl.load(in_ptr40 + (0))
        tmp201 = tl.broadcast_to(tmp200, [XBLOCK])
        tmp202 = tl.where(xmask, tmp201, 0.0)
        tmp203 = tl.full([1], 1.0, tl.float32)
        tmp204 = tmp202 + tmp203
        tl.store(out_ptr40 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp204, xmask)
    elif pid < num_xblocks_41:
        pid_offset = pid - num_xblocks_40
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp205 = tl.load(in_ptr41 + (0))
        tmp206 = tl.broadcast_to(tmp205, [XBLOCK])
        tmp207 = tl.where(xmask, tmp206, 0.0)
        tmp208 = tl.full([1], 1.0, tl.float32)
        tmp209 = tmp207 + tmp208
        tl.store(out_ptr41 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp209, xmask)
    elif pid < num_xblocks_42:
        pid_offset = pid - num_xblocks_41
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp210 = tl.load(in_ptr42 + (0))
        tmp211 = tl.broadcast_to(tmp210, [XBLOCK])
        tmp212 = tl.where(xmask, tmp211, 0.0)
        tmp213 = tl.full([1], 1.0, tl.float32)
        tmp214 = tmp212 + tmp213
        tl.store(out_ptr42 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp214, xmask)
    elif pid < num_xblocks_43:
        pid_offset = pid - num_xblocks_42
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp215 = tl.load(in_ptr43 + (0))
        tmp216 = tl.broadcast_to(tmp215, [XBLOCK])
        tmp217 = tl.where(xmask, tmp216, 0.0)
        tmp218 = tl.full([1], 1.0, tl.float32)
        tmp219 = tmp217 + tmp218
        tl.store(out_ptr43 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp219, xmask)
    elif pid < num_xblocks_44:
        pid_offset = pid - num_xblocks_43
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp220 = tl.load(in_ptr44 + (0))
        tmp221 = tl.broadcast_to(tmp220, [XBLOCK])
        tmp222 = tl.where(xmask, tmp221, 0.0)
        tmp223 = tl.full([1], 1.0, tl.float32)
        tmp224 = tmp222 + tmp223
        tl.store(out_ptr44 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp224, xmask)
    elif pid < num_xblocks_45:
        pid_offset = pid - num_xblocks_44
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp225 = tl.load(in_ptr45 + (0))
        tmp226 = tl.broadcast_to(tmp225, [XBLOCK])
        tmp227 = tl.where(xmask, tmp226, 0.0)
        tmp228 = tl.full([1], 1.0, tl.float32)
        tmp229 = tmp227 + tmp228
        tl.store(out_ptr45 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp229, xmask)
    elif pid < num_xblocks_46:
        pid_offset = pid - num_xblocks_45
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp230 = tl.load(in_ptr46 + (0))
        tmp231 = tl.broadcast_to(tmp230, [XBLOCK])
        tmp232 = tl.where(xmask, tmp231, 0.0)
        tmp233 = tl.full([1], 1.0, tl.float32)
        tmp234 = tmp232 + tmp233
        tl.store(out_ptr46 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp234, xmask)
    elif pid < num_xblocks_47:
        pid_offset = pid - num_xblocks_46
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp235 = tl.load(in_ptr47 + (0))
        tmp236 = tl.broadcast_to(tmp235, [XBLOCK])
        tmp237 = tl.where(xmask, tmp236, 0.0)
        tmp238 = tl.full([1], 1.0, tl.float32)
        tmp239 = tmp237 + tmp238
        tl.store(out_ptr47 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp239, xmask)
    elif pid < num_xblocks_48:
        pid_offset = pid - num_xblocks_47
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp240 = tl.load(in_ptr48 + (0))
        tmp241 = tl.broadcast_to(tmp240, [XBLOCK])
        tmp242 = tl.where(xmask, tmp241, 0.0)
        tmp243 = tl.full([1], 1.0, tl.float32)
        tmp244 = tmp242 + tmp243
        tl.store(out_ptr48 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp244, xmask)
    elif pid < num_xblocks_49:
        pid_offset = pid - num_xblocks_48
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp245 = tl.load(in_ptr49 + (0))
        tmp246 = tl.broadcast_to(tmp245, [XBLOCK])
        tmp247 = tl.where(xmask, tmp246, 0.0)
        tmp248 = tl.full([1], 1.0, tl.float32)
        tmp249 = tmp247 + tmp248
        tl.store(out_ptr49 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp249, xmask)
    else:
        pass
''', device_str='cuda')


# kernel path: /tmp/inductor-shared-8og777gb/rp/crpefki4zdkkngtwxtrbrz4xvotkrqrorokjpq7y4ae6bdbuh6aw.py
# Unsorted Source Nodes: [], Original ATen: []
# Source node to ATen node mapping:
triton_for_fused_1 = async_compile.triton('triton_for_fused_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

@triton_heuristics.foreach(
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'in_ptr7': '*fp32', 'in_ptr8': '*fp32', 'in_ptr9': '*fp32', 'in_ptr10': '*fp32', 'in_ptr11': '*fp32', 'in_ptr12': '*fp32', 'in_ptr13': '*fp32', 'in_ptr14': '*fp32', 'in_ptr15': '*fp32', 'in_ptr16': '*fp32', 'in_ptr17': '*fp32', 'in_ptr18': '*fp32', 'in_ptr19': '*fp32', 'in_ptr20': '*fp32', 'in_ptr21': '*fp32', 'in_ptr22': '*fp32', 'in_ptr23': '*fp32', 'in_ptr24': '*fp32', 'in_ptr25': '*fp32', 'in_ptr26': '*fp32', 'in_ptr27': '*fp32', 'in_ptr28': '*fp32', 'in_ptr29': '*fp32', 'in_ptr30': '*fp32', 'in_ptr31': '*fp32', 'in_ptr32': '*fp32', 'in_ptr33': '*fp32', 'in_ptr34': '*fp32', 'in_ptr35': '*fp32', 'in_ptr36': '*fp32', 'in_ptr37': '*fp32', 'in_ptr38': '*fp32', 'in_ptr39': '*fp32', 'in_ptr40': '*fp32', 'in_ptr41': '*fp32', 'in_ptr42': '*fp32', 'in_ptr43': '*fp32', 'in_ptr44': '*fp32', 'in_ptr45': '*fp32', 'in_ptr46': '*fp32', 'in_ptr47': '*fp32', 'in_ptr48': '*fp32', 'in_ptr49': '*fp32', 'in_ptr50': '*fp32', 'in_ptr51': '*fp32', 'in_ptr52': '*fp32', 'in_ptr53': '*fp32', 'in_ptr54': '*fp32', 'in_ptr55': '*fp32', 'in_ptr56': '*fp32', 'in_ptr57': '*fp32', 'in_ptr58': '*fp32', 'in_ptr59': '*fp32', 'in_ptr60': '*fp32', 'in_ptr61': '*fp32', 'in_ptr62': '*fp32', 'in_ptr63': '*fp32', 'in_ptr64': '*fp32', 'in_ptr65': '*fp32', 'in_ptr66': '*fp32', 'in_ptr67': '*fp32', 'in_ptr68': '*fp32', 'in_ptr69': '*fp32', 'in_ptr70': '*fp32', 'in_ptr71': '*fp32', 'in_ptr72': '*fp32', 'in_ptr73': '*fp32', 'in_ptr74': '*fp32', 'in_ptr75': '*fp32', 'in_ptr76': '*fp32', 'in_ptr77': '*fp32', 'in_ptr78': '*fp32', 'in_ptr79': '*fp32', 'in_ptr80': '*fp32', 'in_ptr81': '*fp32', 'in_ptr82': '*fp32', 'in_ptr83': '*fp32', 'in_ptr84': '*fp32', 'in_ptr85': '*fp32', 'in_ptr86': '*fp32', 'in_ptr87': '*fp32', 'in_ptr88': '*fp32', 'in_ptr89': '*fp32', 'in_ptr90': '*fp32', 'in_ptr91': '*fp32', 'in_ptr92': '*fp32', 'in_ptr93': '*fp32', 'in_ptr94': '*fp32', 'in_ptr95': '*fp32', 'in_ptr96': '*fp32', 'in_ptr97': '*fp32', 'in_ptr98': '*fp32', 'in_ptr99': '*fp32', 'out_ptr0': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'out_ptr4': '*fp32', 'out_ptr6': '*fp32', 'out_ptr7': '*fp32', 'out_ptr8': '*fp32', 'out_ptr10': '*fp32', 'out_ptr11': '*fp32', 'out_ptr12': '*fp32', 'out_ptr14': '*fp32', 'out_ptr15': '*fp32', 'out_ptr16': '*fp32', 'out_ptr18': '*fp32', 'out_ptr19': '*fp32', 'out_ptr20': '*fp32', 'out_ptr22': '*fp32', 'out_ptr23': '*fp32', 'out_ptr24': '*fp32', 'out_ptr26': '*fp32', 'out_ptr27': '*fp32', 'out_ptr28': '*fp32', 'out_ptr30': '*fp32', 'out_ptr31': '*fp32', 'out_ptr32': '*fp32', 'out_ptr34': '*fp32', 'out_ptr35': '*fp32', 'out_ptr36': '*fp32', 'out_ptr38': '*fp32', 'out_ptr39': '*fp32', 'out_ptr40': '*fp32', 'out_ptr42': '*fp32', 'out_ptr43': '*fp32', 'out_ptr44': '*fp32', 'out_ptr46': '*fp32', 'out_ptr47': '*fp32', 'out_ptr48': '*fp32', 'out_ptr50': '*fp32', 'out_ptr51': '*fp32', 'out_ptr52': '*fp32', 'out_ptr54': '*fp32', 'out_ptr55': '*fp32', 'out_ptr56': '*fp32', 'out_ptr58': '*fp32', 'out_ptr59': '*fp32', 'out_ptr60': '*fp32', 'out_ptr62': '*fp32', 'out_ptr63': '*fp32', 'out_ptr64': '*fp32', 'out_ptr66': '*fp32', 'out_ptr67': '*fp32', 'out_ptr68': '*fp32', 'out_ptr70': '*fp32', 'out_ptr71': '*fp32', 'out_ptr72': '*fp32', 'out_ptr74': '*fp32', 'out_ptr75': '*fp32', 'out_ptr76': '*fp32', 'out_ptr78': '*fp32', 'out_ptr79': '*fp32'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'enable_fp_fusion': True, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]], (14,): [['tt.divisibility', 16]], (15,): [['tt.divisibility', 16]], (16,): [['tt.divisibility', 16]], (17,): [['tt.divisibility', 16]], (18,): [['tt.divisibility', 16]], (19,): [['tt.divisibility', 16]], (20,): [['tt.divisibility', 16]], (21,): [['tt.divisibility', 16]], (22,): [['tt.divisibility', 16]], (23,): [['tt.divisibility', 16]], (24,): [['tt.divisibility', 16]], (25,): [['tt.divisibility', 16]], (26,): [['tt.divisibility', 16]], (27,): [['tt.divisibility', 16]], (28,): [['tt.divisibility', 16]], (29,): [['tt.divisibility', 16]], (30,): [['tt.divisibility', 16]], (31,): [['tt.divisibility', 16]], (32,): [['tt.divisibility', 16]], (33,): [['tt.divisibility', 16]], (34,): [['tt.divisibility', 16]], (35,): [['tt.divisibility', 16]], (36,): [['tt.divisibility', 16]], (37,): [['tt.divisibility', 16]], (38,): [['tt.divisibility', 16]], (39,): [['tt.divisibility', 16]], (40,): [['tt.divisibility', 16]], (41,): [['tt.divisibility', 16]], (42,): [['tt.divisibility', 16]], (43,): [['tt.divisibility', 16]], (44,): [['tt.divisibility', 16]], (45,): [['tt.divisibility', 16]], (46,): [['tt.divisibility', 16]], (47,): [['tt.divisibility', 16]], (48,): [['tt.divisibility', 16]], (49,): [['tt.divisibility', 16]], (50,): [['tt.divisibility', 16]], (51,): [['tt.divisibility', 16]], (52,): [['tt.divisibility', 16]], (53,): [['tt.divisibility', 16]], (54,): [['tt.divisibility', 16]], (55,): [['tt.divisibility', 16]], (56,): [['tt.divisibility', 16]], (57,): [['tt.divisibility', 16]], (58,): [['tt.divisibility', 16]], (59,): [['tt.divisibility', 16]], (60,): [['tt.divisibility', 16]], (61,): [['tt.divisibility', 16]], (62,): [['tt.divisibility', 16]], (63,): [['tt.divisibility', 16]], (64,): [['tt.divisibility', 16]], (65,): [['tt.divisibility', 16]], (66,): [['tt.divisibility', 16]], (67,): [['tt.divisibility', 16]], (68,): [['tt.divisibility', 16]], (69,): [['tt.divisibility', 16]], (70,): [['tt.divisibility', 16]], (71,): [['tt.divisibility', 16]], (72,): [['tt.divisibility', 16]], (73,): [['tt.divisibility', 16]], (74,): [['tt.divisibility', 16]], (75,): [['tt.divisibility', 16]], (76,): [['tt.divisibility', 16]], (77,): [['tt.divisibility', 16]], (78,): [['tt.divisibility', 16]], (79,): [['tt.divisibility', 16]], (80,): [['tt.divisibility', 16]], (81,): [['tt.divisibility', 16]], (82,): [['tt.divisibility', 16]], (83,): [['tt.divisibility', 16]], (84,): [['tt.divisibility', 16]], (85,): [['tt.divisibility', 16]], (86,): [['tt.divisibility', 16]], (87,): [['tt.divisibility', 16]], (88,): [['tt.divisibility', 16]], (89,): [['tt.divisibility', 16]], (90,): [['tt.divisibility', 16]], (91,): [['tt.divisibility', 16]], (92,): [['tt.divisibility', 16]], (93,): [['tt.divisibility', 16]], (94,): [['tt.divisibility', 16]], (95,): [['tt.divisibility', 16]], (96,): [['tt.divisibility', 16]], (97,): [['tt.divisibility', 16]], (98,): [['tt.divisibility', 16]], (99,): [['tt.divisibility', 16]], (100,): [['tt.divisibility', 16]], (101,): [['tt.divisibility', 16]], (102,): [['tt.divisibility', 16]], (103,): [['tt.divisibility', 16]], (104,): [['tt.divisibility', 16]], (105,): [['tt.divisibility', 16]], (106,): [['tt.divisibility', 16]], (107,): [['tt.divisibility', 16]], (108,): [['tt.divisibility', 16]], (109,): [['tt.divisibility', 16]], (110,): [['tt.divisibility', 16]], (111,): [['tt.divisibility', 16]], (112,): [['tt.divisibility', 16]], (113,): [['tt.divisibility', 16]], (114,): [['tt.divisibility', 16]], (115,): [['tt.divisibility', 16]], (116,): [['tt.divisibility', 16]], (117,): [['tt.divisibility', 16]], (118,): [['tt.divisibility', 16]], (119,): [['tt.divisibility', 16]], (120,): [['tt.divisibility', 16]], (121,): [['tt.divisibility', 16]], (122,): [['tt.divisibility', 16]], (123,): [['tt.divisibility', 16]], (124,): [['tt.divisibility', 16]], (125,): [['tt.divisibility', 16]], (126,): [['tt.divisibility', 16]], (127,): [['tt.divisibility', 16]], (128,): [['tt.divisibility', 16]], (129,): [['tt.divisibility', 16]], (130,): [['tt.divisibility', 16]], (131,): [['tt.divisibility', 16]], (132,): [['tt.divisibility', 16]], (133,): [['tt.divisibility', 16]], (134,): [['tt.divisibility', 16]], (135,): [['tt.divisibility', 16]], (136,): [['tt.divisibility', 16]], (137,): [['tt.divisibility', 16]], (138,): [['tt.divisibility', 16]], (139,): [['tt.divisibility', 16]], (140,): [['tt.divisibility', 16]], (141,): [['tt.divisibility', 16]], (142,): [['tt.divisibility', 16]], (143,): [['tt.divisibility', 16]], (144,): [['tt.divisibility', 16]], (145,): [['tt.divisibility', 16]], (146,): [['tt.divisibility', 16]], (147,): [['tt.divisibility', 16]], (148,): [['tt.divisibility', 16]], (149,): [['tt.divisibility', 16]], (150,): [['tt.divisibility', 16]], (151,): [['tt.divisibility', 16]], (152,): [['tt.divisibility', 16]], (153,): [['tt.divisibility', 16]], (154,): [['tt.divisibility', 16]], (155,): [['tt.divisibility', 16]], (156,): [['tt.divisibility', 16]], (157,): [['tt.divisibility', 16]], (158,): [['tt.divisibility', 16]], (159,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'SequentialComboKernelGrid', 'combo_grid_meta': {'num_kernels': 20, 'min_blocks': 0, 'default_config': {'XBLOCK': 1024}, 'no_x_dim_0': False, 'xnumel_0': 3145728, 'no_x_dim_1': False, 'xnumel_1': 3072, 'no_x_dim_2': False, 'xnumel_2': 1048576, 'no_x_dim_3': False, 'xnumel_3': 1024, 'no_x_dim_4': False, 'xnumel_4': 1024, 'no_x_dim_5': False, 'xnumel_5': 1024, 'no_x_dim_6': False, 'xnumel_6': 4194304, 'no_x_dim_7': False, 'xnumel_7': 4096, 'no_x_dim_8': False, 'xnumel_8': 4194304, 'no_x_dim_9': False, 'xnumel_9': 1024, 'no_x_dim_10': False, 'xnumel_10': 1024, 'no_x_dim_11': False, 'xnumel_11': 1024, 'no_x_dim_12': False, 'xnumel_12': 3145728, 'no_x_dim_13': False, 'xnumel_13': 3072, 'no_x_dim_14': False, 'xnumel_14': 1048576, 'no_x_dim_15': False, 'xnumel_15': 1024, 'no_x_dim_16': False, 'xnumel_16': 1024, 'no_x_dim_17': False, 'xnumel_17': 1024, 'no_x_dim_18': False, 'xnumel_18': 4194304, 'no_x_dim_19': False, 'xnumel_19': 4096}, 'kernel_name': 'triton_for_fused_1', 'mutated_arg_names': ['in_ptr0', 'in_ptr10', 'in_ptr12', 'in_ptr13', 'in_ptr15', 'in_ptr17', 'in_ptr18', 'in_ptr2', 'in_ptr20', 'in_ptr22', 'in_ptr23', 'in_ptr25', 'in_ptr27', 'in_ptr28', 'in_ptr3', 'in_ptr30', 'in_ptr32', 'in_ptr33', 'in_ptr35', 'in_ptr37', 'in_ptr38', 'in_ptr40', 'in_ptr42', 'in_ptr43', 'in_ptr45', 'in_ptr47', 'in_ptr48', 'in_ptr5', 'in_ptr50', 'in_ptr52', 'in_ptr53', 'in_ptr55', 'in_ptr57', 'in_ptr58', 'in_ptr60', 'in_ptr62', 'in_ptr63', 'in_ptr65', 'in_ptr67', 'in_ptr68', 'in_ptr7', 'in_ptr70', 'in_ptr72', 'in_ptr73', 'in_ptr75', 'in_ptr77', 'in_ptr78', 'in_ptr8', 'in_ptr80', 'in_ptr82', 'in_ptr83', 'in_ptr85', 'in_ptr87', 'in_ptr88', 'in_ptr90', 'in_ptr92', 'in_ptr93', 'in_ptr95', 'in_ptr97', 'in_ptr98', 'out_ptr0', 'out_ptr10', 'out_ptr11', 'out_ptr12', 'out_ptr14', 'out_ptr15', 'out_ptr16', 'out_ptr18', 'out_ptr19', 'out_ptr2', 'out_ptr20', 'out_ptr22', 'out_ptr23', 'out_ptr24', 'out_ptr26', 'out_ptr27', 'out_ptr28', 'out_ptr3', 'out_ptr30', 'out_ptr31', 'out_ptr32', 'out_ptr34', 'out_ptr35', 'out_ptr36', 'out_ptr38', 'out_ptr39', 'out_ptr4', 'out_ptr40', 'out_ptr42', 'out_ptr43', 'out_ptr44', 'out_ptr46', 'out_ptr47', 'out_ptr48', 'out_ptr50', 'out_ptr51', 'out_ptr52', 'out_ptr54', 'out_ptr55', 'out_ptr56', 'out_ptr58', 'out_ptr59', 'out_ptr6', 'out_ptr60', 'out_ptr62', 'out_ptr63', 'out_ptr64', 'out_ptr66', 'out_ptr67', 'out_ptr68', 'out_ptr7', 'out_ptr70', 'out_ptr71', 'out_ptr72', 'out_ptr74', 'out_ptr75', 'out_ptr76', 'out_ptr78', 'out_ptr79', 'out_ptr8'], 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False},
)
@triton.jit
def triton_for_fused_1(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, in_ptr8, in_ptr9, in_ptr10, in_ptr11, in_ptr12, in_ptr13, in_ptr14, in_ptr15, in_ptr16, in_ptr17, in_ptr18, in_ptr19, in_ptr20, in_ptr21, in_ptr22, in_ptr23, in_ptr24, in_ptr25, in_ptr26, in_ptr27, in_ptr28, in_ptr29, in_ptr30, in_ptr31, in_ptr32, in_ptr33, in_ptr34, in_ptr35, in_ptr36, in_ptr37, in_ptr38, in_ptr39, in_ptr40, in_ptr41, in_ptr42, in_ptr43, in_ptr44, in_ptr45, in_ptr46, in_ptr47, in_ptr48, in_ptr49, in_ptr50, in_ptr51, in_ptr52, in_ptr53, in_ptr54, in_ptr55, in_ptr56, in_ptr57, in_ptr58, in_ptr59, in_ptr60, in_ptr61, in_ptr62, in_ptr63, in_ptr64, in_ptr65, in_ptr66, in_ptr67, in_ptr68, in_ptr69, in_ptr70, in_ptr71, in_ptr72, in_ptr73, in_ptr74, in_ptr75, in_ptr76, in_ptr77, in_ptr78, in_ptr79, in_ptr80, in_ptr81, in_ptr82, in_ptr83, in_ptr84, in_ptr85, in_ptr86, in_ptr87, in_ptr88, in_ptr89, in_ptr90, in_ptr91, in_ptr92, in_ptr93, in_ptr94, in_ptr95, in_ptr96, in_ptr97, in_ptr98, in_ptr99, out_ptr0, out_ptr2, out_ptr3, out_ptr4, out_ptr6, out_ptr7, out_ptr8, out_ptr10, out_ptr11, out_ptr12, out_ptr14, out_ptr15, out_ptr16, out_ptr18, out_ptr19, out_ptr20, out_ptr22, out_ptr23, out_ptr24, out_ptr26, out_ptr27, out_ptr28, out_ptr30, out_ptr31, out_ptr32, out_ptr34, out_ptr35, out_ptr36, out_ptr38, out_ptr39, out_ptr40, out_ptr42, out_ptr43, out_ptr44, out_ptr46, out_ptr47, out_ptr48, out_ptr50, out_ptr51, out_ptr52, out_ptr54, out_ptr55, out_ptr56, out_ptr58, out_ptr59, out_ptr60, out_ptr62, out_ptr63, out_ptr64, out_ptr66, out_ptr67, out_ptr68, out_ptr70, out_ptr71, out_ptr72, out_ptr74, out_ptr75, out_ptr76, out_ptr78, out_ptr79):
    pid = tl.program_id(0)
    XBLOCK: tl.constexpr = 1024
    num_xblocks_0 = tl.cdiv(3145728, XBLOCK)
    num_xblocks_1 = num_xblocks_0 + tl.cdiv(3072, XBLOCK)
    num_xblocks_2 = num_xblocks_1 + tl.cdiv(1048576, XBLOCK)
    num_xblocks_3 = num_xblocks_2 + tl.cdiv(1024, XBLOCK)
    num_xblocks_4 = num_xblocks_3 + tl.cdiv(1024, XBLOCK)
    num_xblocks_5 = num_xblocks_4 + tl.cdiv(1024, XBLOCK)
    num_xblocks_6 = num_xblocks_5 + tl.cdiv(4194304, XBLOCK)
    num_xblocks_7 = num_xblocks_6 + tl.cdiv(4096, XBLOCK)
    num_xblocks_8 = num_xblocks_7 + tl.cdiv(4194304, XBLOCK)
    num_xblocks_9 = num_xblocks_8 + tl.cdiv(1024, XBLOCK)
    num_xblocks_10 = num_xblocks_9 + tl.cdiv(1024, XBLOCK)
    num_xblocks_11 = num_xblocks_10 + tl.cdiv(1024, XBLOCK)
    num_xblocks_12 = num_xblocks_11 + tl.cdiv(3145728, XBLOCK)
    num_xblocks_13 = num_xblocks_12 + tl.cdiv(3072, XBLOCK)
    num_xblocks_14 = num_xblocks_13 + tl.cdiv(1048576, XBLOCK)
    num_xblocks_15 = num_xblocks_14 + tl.cdiv(1024, XBLOCK)
    num_xblocks_16 = num_xblocks_15 + tl.cdiv(1024, XBLOCK)
    num_xblocks_17 = num_xblocks_16 + tl.cdiv(1024, XBLOCK)
    num_xblocks_18 = num_xblocks_17 + tl.cdiv(4194304, XBLOCK)
    num_xblocks_19 = num_xblocks_18 + tl.cdiv(4096, XBLOCK)
    if pid < num_xblocks_0:
        pid_offset = pid
        xnumel = 3145728
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x0 = xindex
        tmp0 = tl.load(in_ptr0 + (x0), None)
        tmp1 = tl.load(in_ptr1 + (x0), None)
        tmp6 = tl.load(in_ptr2 + (x0), None)
        tmp13 = tl.load(in_ptr3 + (x0), None)
        tmp15 = tl.load(in_ptr4 + (0))
        tmp16 = tl.broadcast_to(tmp15, [XBLOCK])
        tmp2 = tmp1 - tmp0
        tmp3 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp4 = tmp2 * tmp3
        tmp5 = tmp0 + tmp4
        tmp7 = tl.full([1], 0.999, tl.float32)
        tmp8 = tmp6 * tmp7
        tmp9 = tmp1 * tmp1
        tmp10 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp11 = tmp9 * tmp10
        tmp12 = tmp8 + tmp11
        tmp14 = tl.sqrt_rn(tmp12)
        tmp17 = libdevice.pow(tmp7, tmp16)
        tmp18 = tl.full([1], 1.0, tl.float32)
        tmp19 = tmp17 - tmp18
        tmp20 = -tmp19
        tmp21 = tl.sqrt_rn(tmp20)
        tmp22 = (tmp14 / tmp21)
        tmp23 = tl.full([1], 1e-08, tl.float32)
        tmp24 = tmp22 + tmp23
        tmp25 = tl.full([1], 0.9, tl.float32)
        tmp26 = libdevice.pow(tmp25, tmp16)
        tmp27 = tmp26 - tmp18
        tmp28 = tl.full([1], 1000.0, tl.float32)
        tmp29 = tmp27 * tmp28
        tmp30 = tl.full([1], 1, tl.int32)
        tmp31 = (tmp30 / tmp29)
        tmp32 = (tmp24 / tmp31)
        tmp33 = (tmp5 / tmp32)
        tmp34 = tmp13 + tmp33
        tl.store(out_ptr0 + (x0), tmp5, None)
        tl.store(out_ptr2 + (x0), tmp34, None)
        tl.store(out_ptr3 + (x0), tmp12, None)
    elif pid < num_xblocks_1:
        pid_offset = pid - num_xblocks_0
        xnumel = 3072
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x1 = xindex
        tmp35 = tl.load(in_ptr5 + (x1), xmask)
        tmp36 = tl.load(in_ptr6 + (x1), xmask)
        tmp41 = tl.load(in_ptr7 + (x1), xmask)
        tmp48 = tl.load(in_ptr8 + (x1), xmask)
        tmp50 = tl.load(in_ptr9 + (0))
        tmp51 = tl.broadcast_to(tmp50, [XBLOCK])
        tmp52 = tl.where(xmask, tmp51, 0.0)
        tmp37 = tmp36 - tmp35
        tmp38 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp39 = tmp37 * tmp38
        tmp40 = tmp35 + tmp39
        tmp42 = tl.full([1], 0.999, tl.float32)
        tmp43 = tmp41 * tmp42
        tmp44 = tmp36 * tmp36
        tmp45 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp46 = tmp44 * tmp45
        tmp47 = tmp43 + tmp46
        tmp49 = tl.sqrt_rn(tmp47)
        tmp53 = libdevice.pow(tmp42, tmp52)
        tmp54 = tl.full([1], 1.0, tl.float32)
        tmp55 = tmp53 - tmp54
        tmp56 = -tmp55
        tmp57 = tl.sqrt_rn(tmp56)
        tmp58 = (tmp49 / tmp57)
        tmp59 = tl.full([1], 1e-08, tl.float32)
        tmp60 = tmp58 + tmp59
        tmp61 = tl.full([1], 0.9, tl.float32)
        tmp62 = libdevice.pow(tmp61, tmp52)
        tmp63 = tmp62 - tmp54
        tmp64 = tl.full([1], 1000.0, tl.float32)
        tmp65 = tmp63 * tmp64
        tmp66 = tl.full([1], 1, tl.int32)
        tmp67 = (tmp66 / tmp65)
        tmp68 = (tmp60 / tmp67)
        tmp69 = (tmp40 / tmp68)
        tmp70 = tmp48 + tmp69
        tl.store(out_ptr4 + (x1), tmp40, xmask)
        tl.store(out_ptr6 + (x1), tmp70, xmask)
        tl.store(out_ptr7 + (x1), tmp47, xmask)
    elif pid < num_xblocks_2:
        pid_offset = pid - num_xblocks_1
        xnumel = 1048576
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x2 = xindex
        tmp71 = tl.load(in_ptr10 + (x2), None)
        tmp72 = tl.load(in_ptr11 + (x2), None)
        tmp77 = tl.load(in_ptr12 + (x2), None)
        tmp84 = tl.load(in_ptr13 + (x2), None)
        tmp86 = tl.load(in_ptr14 + (0))
        tmp87 = tl.broadcast_to(tmp86, [XBLOCK])
        tmp73 = tmp72 - tmp71
        tmp74 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp75 = tmp73 * tmp74
        tmp76 = tmp71 + tmp75
        tmp78 = tl.full([1], 0.999, tl.float32)
        tmp79 = tmp77 * tmp78
        tmp80 = tmp72 * tmp72
        tmp81 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp82 = tmp80 * tmp81
        tmp83 = tmp79 + tmp82
        tmp85 = tl.sqrt_rn(tmp83)
        tmp88 = libdevice.pow(tmp78, tmp87)
        tmp89 = tl.full([1], 1.0, tl.float32)
        tmp90 = tmp88 - tmp89
        tmp91 = -tmp90
        tmp92 = tl.sqrt_rn(tmp91)
        tmp93 = (tmp85 / tmp92)
        tmp94 = tl.full([1], 1e-08, tl.float32)
        tmp95 = tmp93 + tmp94
        tmp96 = tl.full([1], 0.9, tl.float32)
        tmp97 = libdevice.pow(tmp96, tmp87)
        tmp98 = tmp97 - tmp89
        tmp99 = tl.full([1], 1000.0, tl.float32)
        tmp100 = tmp98 * tmp99
        tmp101 = tl.full([1], 1, tl.int32)
        tmp102 = (tmp101 / tmp100)
        tmp103 = (tmp95 / tmp102)
        tmp104 = (tmp76 / tmp103)
        tmp105 = tmp84 + tmp104
        tl.store(out_ptr8 + (x2), tmp76, None)
        tl.store(out_ptr10 + (x2), tmp105, None)
        tl.store(out_ptr11 + (x2), tmp83, None)
    elif pid < num_xblocks_3:
        pid_offset = pid - num_xblocks_2
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x3 = xindex
        tmp106 = tl.load(in_ptr15 + (x3), xmask)
        tmp107 = tl.load(in_ptr16 + (x3), xmask)
        tmp112 = tl.load(in_ptr17 + (x3), xmask)
        tmp119 = tl.load(in_ptr18 + (x3), xmask)
        tmp121 = tl.load(in_ptr19 + (0))
        tmp122 = tl.broadcast_to(tmp121, [XBLOCK])
        tmp123 = tl.where(xmask, tmp122, 0.0)
        tmp108 = tmp107 - tmp106
        tmp109 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp110 = tmp108 * tmp109
        tmp111 = tmp106 + tmp110
        tmp113 = tl.full([1], 0.999, tl.float32)
        tmp114 = tmp112 * tmp113
        tmp115 = tmp107 * tmp107
        tmp116 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp117 = tmp115 * tmp116
        tmp118 = tmp114 + tmp117
        tmp120 = tl.sqrt_rn(tmp118)
        tmp124 = libdevice.pow(tmp113, tmp123)
        tmp125 = tl.full([1], 1.0, tl.float32)
        tmp126 = tmp124 - tmp125
        tmp127 = -tmp126
        tmp128 = tl.sqrt_rn(tmp127)
        tmp129 = (tmp120 / tmp128)
        tmp130 = tl.full([1], 1e-08, tl.float32)
        tmp131 = tmp129 + tmp130
        tmp132 = tl.full([1], 0.9, tl.float32)
        tmp133 = libdevice.pow(tmp132, tmp123)
        tmp134 = tmp133 - tmp125
        tmp135 = tl.full([1], 1000.0, tl.float32)
        tmp136 = tmp134 * tmp135
        tmp137 = tl.full([1], 1, tl.int32)
        tmp138 = (tmp137 / tmp136)
        tmp139 = (tmp131 / tmp138)
        tmp140 = (tmp111 / tmp139)
        tmp141 = tmp119 + tmp140
        tl.store(out_ptr12 + (x3), tmp111, xmask)
        tl.store(out_ptr14 + (x3), tmp141, xmask)
        tl.store(out_ptr15 + (x3), tmp118, xmask)
    elif pid < num_xblocks_4:
        pid_offset = pid - num_xblocks_3
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x4 = xindex
        tmp142 = tl.load(in_ptr20 + (x4), xmask)
        tmp143 = tl.load(in_ptr21 + (x4), xmask)
        tmp148 = tl.load(in_ptr22 + (x4), xmask)
        tmp155 = tl.load(in_ptr23 + (x4), xmask)
        tmp157 = tl.load(in_ptr24 + (0))
        tmp158 = tl.broadcast_to(tmp157, [XBLOCK])
        tmp159 = tl.where(xmask, tmp158, 0.0)
        tmp144 = tmp143 - tmp142
        tmp145 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp146 = tmp144 * tmp145
        tmp147 = tmp142 + tmp146
        tmp149 = tl.full([1], 0.999, tl.float32)
        tmp150 = tmp148 * tmp149
        tmp151 = tmp143 * tmp143
        tmp152 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp153 = tmp151 * tmp152
        tmp154 = tmp150 + tmp153
        tmp156 = tl.sqrt_rn(tmp154)
        tmp160 = libdevice.pow(tmp149, tmp159)
        tmp161 = tl.full([1], 1.0, tl.float32)
        tmp162 = tmp160 - tmp161
        tmp163 = -tmp162
        tmp164 = tl.sqrt_rn(tmp163)
        tmp165 = (tmp156 / tmp164)
        tmp166 = tl.full([1], 1e-08, tl.float32)
        tmp167 = tmp165 + tmp166
        tmp168 = tl.full([1], 0.9, tl.float32)
        tmp169 = libdevice.pow(tmp168, tmp159)
        tmp170 = tmp169 - tmp161
        tmp171 = tl.full([1], 1000.0, tl.float32)
        tmp172 = tmp170 * tmp171
        tmp173 = tl.full([1], 1, tl.int32)
        tmp174 = (tmp173 / tmp172)
        tmp175 = (tmp167 / tmp174)
        tmp176 = (tmp147 / tmp175)
        tmp177 = tmp155 + tmp176
        tl.store(out_ptr16 + (x4), tmp147, xmask)
        tl.store(out_ptr18 + (x4), tmp177, xmask)
        tl.store(out_ptr19 + (x4), tmp154, xmask)
    elif pid < num_xblocks_5:
        pid_offset = pid - num_xblocks_4
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x5 = xindex
        tmp178 = tl.load(in_ptr25 + (x5), xmask)
        tmp179 = tl.load(in_ptr26 + (x5), xmask)
        tmp184 = tl.load(in_ptr27 + (x5), xmask)
        tmp191 = tl.load(in_ptr28 + (x5), xmask)
        tmp193 = tl.load(in_ptr29 + (0))
        tmp194 = tl.broadcast_to(tmp193, [XBLOCK])
        tmp195 = tl.where(xmask, tmp194, 0.0)
        tmp180 = tmp179 - tmp178
        tmp181 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp182 = tmp180 * tmp181
        tmp183 = tmp178 + tmp182
        tmp185 = tl.full([1], 0.999, tl.float32)
        tmp186 = tmp184 * tmp185
        tmp187 = tmp179 * tmp179
        tmp188 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp189 = tmp187 * tmp188
        tmp190 = tmp186 + tmp189
        tmp192 = tl.sqrt_rn(tmp190)
        tmp196 = libdevice.pow(tmp185, tmp195)
        tmp197 = tl.full([1], 1.0, tl.float32)
        tmp198 = tmp196 - tmp197
        tmp199 = -tmp198
        tmp200 = tl.sqrt_rn(tmp199)
        tmp201 = (tmp192 / tmp200)
        tmp202 = tl.full([1], 1e-08, tl.float32)
        tmp203 = tmp201 + tmp202
        tmp204 = tl.full([1], 0.9, tl.float32)
        tmp205 = libdevice.pow(tmp204, tmp195)
        tmp206 = tmp205 - tmp197
        tmp207 = tl.full([1], 1000.0, tl.float32)
        tmp208 = tmp206 * tmp207
        tmp209 = tl.full([1], 1, tl.int32)
        tmp210 = (tmp209 / tmp208)
        tmp211 = (tmp203 / tmp210)
        tmp212 = (tmp183 / tmp211)
        tmp213 = tmp191 + tmp212
        tl.store(out_ptr20 + (x5), tmp183, xmask)
        tl.store(out_ptr22 + (x5), tmp213, xmask)
        tl.store(out_ptr23 + (x5), tmp190, xmask)
    elif pid < num_xblocks_6:
        pid_offset = pid - num_xblocks_5
        xnumel = 4194304
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x6 = xindex
        tmp214 = tl.load(in_ptr30 + (x6), None)
        tmp215 = tl.load(in_ptr31 + (x6), None)
        tmp220 = tl.load(in_ptr32 + (x6), None)
        tmp227 = tl.load(in_ptr33 + (x6), None)
        tmp229 = tl.load(in_ptr34 + (0))
        tmp230 = tl.broadcast_to(tmp229, [XBLOCK])
        tmp216 = tmp215 - tmp214
        tmp217 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp218 = tmp216 * tmp217
        tmp219 = tmp214 + tmp218
        tmp221 = tl.full([1], 0.999, tl.float32)
        tmp222 = tmp220 * tmp221
        tmp223 = tmp215 * tmp215
        tmp224 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp225 = tmp223 * tmp224
        tmp226 = tmp222 + tmp225
        tmp228 = tl.sqrt_rn(tmp226)
        tmp231 = libdevice.pow(tmp221, tmp230)
        tmp232 = tl.full([1], 1.0, tl.float32)
        tmp233 = tmp231 - tmp232
        tmp234 = -tmp233
        tmp235 = tl.sqrt_rn(tmp234)
        tmp236 = (tmp228 / tmp235)
        tmp237 = tl.full([1], 1e-08, tl.float32)
        tmp238 = tmp236 + tmp237
        tmp239 = tl.full([1], 0.9, tl.float32)
        tmp240 = libdevice.pow(tmp239, tmp230)
        tmp241 = tmp240 - tmp232
        tmp242 = tl.full([1], 1000.0, tl.float32)
        tmp243 = tmp241 * tmp242
        tmp244 = tl.full([1], 1, tl.int32)
        tmp245 = (tmp244 / tmp243)
        tmp246 = (tmp238 / tmp245)
        tmp247 = (tmp219 / tmp246)
        tmp248 = tmp227 + tmp247
        tl.store(out_ptr24 + (x6), tmp219, None)
        tl.store(out_ptr26 + (x6), tmp248, None)
        tl.store(out_ptr27 + (x6), tmp226, None)
    elif pid < num_xblocks_7:
        pid_offset = pid - num_xblocks_6
        xnumel = 4096
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x7 = xindex
        tmp249 = tl.load(in_ptr35 + (x7), None)
        tmp250 = tl.load(in_ptr36 + (x7), None)
        tmp255 = tl.load(in_ptr37 + (x7), None)
        tmp262 = tl.load(in_ptr38 + (x7), None)
        tmp264 = tl.load(in_ptr39 + (0))
        tmp265 = tl.broadcast_to(tmp264, [XBLOCK])
        tmp251 = tmp250 - tmp249
        tmp252 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp253 = tmp251 * tmp252
        tmp254 = tmp249 + tmp253
        tmp256 = tl.full([1], 0.999, tl.float32)
        tmp257 = tmp255 * tmp256
        tmp258 = tmp250 * tmp250
        tmp259 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp260 = tmp258 * tmp259
        tmp261 = tmp257 + tmp260
        tmp263 = tl.sqrt_rn(tmp261)
        tmp266 = libdevice.pow(tmp256, tmp265)
        tmp267 = tl.full([1], 1.0, tl.float32)
        tmp268 = tmp266 - tmp267
        tmp269 = -tmp268
        tmp270 = tl.sqrt_rn(tmp269)
        tmp271 = (tmp263 / tmp270)
        tmp272 = tl.full([1], 1e-08, tl.float32)
        tmp273 = tmp271 + tmp272
        tmp274 = tl.full([1], 0.9, tl.float32)
        tmp275 = libdevice.pow(tmp274, tmp265)
        tmp276 = tmp275 - tmp267
        tmp277 = tl.full([1], 1000.0, tl.float32)
        tmp278 = tmp276 * tmp277
        tmp279 = tl.full([1], 1, tl.int32)
        tmp280 = (tmp279 / tmp278)
        tmp281 = (tmp273 / tmp280)
        tmp282 = (tmp254 / tmp281)
        tmp283 = tmp262 + tmp282
        tl.store(out_ptr28 + (x7), tmp254, None)
        tl.store(out_ptr30 + (x7), tmp283, None)
        tl.store(out_ptr31 + (x7), tmp261, None)
    elif pid < num_xblocks_8:
        pid_offset = pid - num_xblocks_7
        xnumel = 4194304
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x8 = xindex
        tmp284 = tl.load(in_ptr40 + (x8), None)
        tmp285 = tl.load(in_ptr41 + (x8), None)
        tmp290 = tl.load(in_ptr42 + (x8), None)
        tmp297 = tl.load(in_ptr43 + (x8), None)
        tmp299 = tl.load(in_ptr44 + (0))
        tmp300 = tl.broadcast_to(tmp299, [XBLOCK])
        tmp286 = tmp285 - tmp284
        tmp287 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp288 = tmp286 * tmp287
        tmp289 = tmp284 + tmp288
        tmp291 = tl.full([1], 0.999, tl.float32)
        tmp292 = tmp290 * tmp291
        tmp293 = tmp285 * tmp285
        tmp294 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp295 = tmp293 * tmp294
        tmp296 = tmp292 + tmp295
        tmp298 = tl.sqrt_rn(tmp296)
        tmp301 = libdevice.pow(tmp291, tmp300)
        tmp302 = tl.full([1], 1.0, tl.float32)
        tmp303 = tmp301 - tmp302
        tmp304 = -tmp303
        tmp305 = tl.sqrt_rn(tmp304)
        tmp306 = (tmp298 / tmp305)
        tmp307 = tl.full([1], 1e-08, tl.float32)
        tmp308 = tmp306 + tmp307
        tmp309 = tl.full([1], 0.9, tl.float32)
        tmp310 = libdevice.pow(tmp309, tmp300)
        tmp311 = tmp310 - tmp302
        tmp312 = tl.full([1], 1000.0, tl.float32)
        tmp313 = tmp311 * tmp312
        tmp314 = tl.full([1], 1, tl.int32)
        tmp315 = (tmp314 / tmp313)
        tmp316 = (tmp308 / tmp315)
        tmp317 = (tmp289 / tmp316)
        tmp318 = tmp297 + tmp317
        tl.store(out_ptr32 + (x8), tmp289, None)
        tl.store(out_ptr34 + (x8), tmp318, None)
        tl.store(out_ptr35 + (x8), tmp296, None)
    elif pid < num_xblocks_9:
        pid_offset = pid - num_xblocks_8
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x9 = xindex
        tmp319 = tl.load(in_ptr45 + (x9), xmask)
        tmp320 = tl.load(in_ptr46 + (x9), xmask)
        tmp325 = tl.load(in_ptr47 + (x9), xmask)
        tmp332 = tl.load(in_ptr48 + (x9), xmask)
        tmp334 = tl.load(in_ptr49 + (0))
        tmp335 = tl.broadcast_to(tmp334, [XBLOCK])
        tmp336 = tl.where(xmask, tmp335, 0.0)
        tmp321 = tmp320 - tmp319
        tmp322 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp323 = tmp321 * tmp322
        tmp324 = tmp319 + tmp323
        tmp326 = tl.full([1], 0.999, tl.float32)
        tmp327 = tmp325 * tmp326
        tmp328 = tmp320 * tmp320
        tmp329 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp330 = tmp328 * tmp329
        tmp331 = tmp327 + tmp330
        tmp333 = tl.sqrt_rn(tmp331)
        tmp337 = libdevice.pow(tmp326, tmp336)
        tmp338 = tl.full([1], 1.0, tl.float32)
        tmp339 = tmp337 - tmp338
        tmp340 = -tmp339
        tmp341 = tl.sqrt_rn(tmp340)
        tmp342 = (tmp333 / tmp341)
        tmp343 = tl.full([1], 1e-08, tl.float32)
        tmp344 = tmp342 + tmp343
        tmp345 = tl.full([1], 0.9, tl.float32)
        tmp346 = libdevice.pow(tmp345, tmp336)
        tmp347 = tmp346 - tmp338
        tmp348 = tl.full([1], 1000.0, tl.float32)
        tmp349 = tmp347 * tmp348
        tmp350 = tl.full([1], 1, tl.int32)
        tmp351 = (tmp350 / tmp349)
        tmp352 = (tmp344 / tmp351)
        tmp353 = (tmp324 / tmp352)
        tmp354 = tmp332 + tmp353
        tl.store(out_ptr36 + (x9), tmp324, xmask)
        tl.store(out_ptr38 + (x9), tmp354, xmask)
        tl.store(out_ptr39 + (x9), tmp331, xmask)
    elif pid < num_xblocks_10:
        pid_offset = pid - num_xblocks_9
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x10 = xindex
        tmp355 = tl.load(in_ptr50 + (x10), xmask)
        tmp356 = tl.load(in_ptr51 + (x10), xmask)
        tmp361 = tl.load(in_ptr52 + (x10), xmask)
        tmp368 = tl.load(in_ptr53 + (x10), xmask)
        tmp370 = tl.load(in_ptr54 + (0))
        tmp371 = tl.broadcast_to(tmp370, [XBLOCK])
        tmp372 = tl.where(xmask, tmp371, 0.0)
        tmp357 = tmp356 - tmp355
        tmp358 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp359 = tmp357 * tmp358
        tmp360 = tmp355 + tmp359
        tmp362 = tl.full([1], 0.999, tl.float32)
        tmp363 = tmp361 * tmp362
        tmp364 = tmp356 * tmp356
        tmp365 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp366 = tmp364 * tmp365
        tmp367 = tmp363 + tmp366
        tmp369 = tl.sqrt_rn(tmp367)
        tmp373 = libdevice.pow(tmp362, tmp372)
        tmp374 = tl.full([1], 1.0, tl.float32)
        tmp375 = tmp373 - tmp374
        tmp376 = -tmp375
        tmp377 = tl.sqrt_rn(tmp376)
        tmp378 = (tmp369 / tmp377)
        tmp379 = tl.full([1], 1e-08, tl.float32)
        tmp380 = tmp378 + tmp379
        tmp381 = tl.full([1], 0.9, tl.float32)
        tmp382 = libdevice.pow(tmp381, tmp372)
        tmp383 = tmp382 - tmp374
        tmp384 = tl.full([1], 1000.0, tl.float32)
        tmp385 = tmp383 * tmp384
        tmp386 = tl.full([1], 1, tl.int32)
        tmp387 = (tmp386 / tmp385)
        tmp388 = (tmp380 / tmp387)
        tmp389 = (tmp360 / tmp388)
        tmp390 = tmp368 + tmp389
        tl.store(out_ptr40 + (x10), tmp360, xmask)
        tl.store(out_ptr42 + (x10), tmp390, xmask)
        tl.store(out_ptr43 + (x10), tmp367, xmask)
    elif pid < num_xblocks_11:
        pid_offset = pid - num_xblocks_10
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x11 = xindex
        tmp391 = tl.load(in_ptr55 + (x11), xmask)
        tmp392 = tl.load(in_ptr56 + (x11), xmask)
        tmp397 = tl.load(in_ptr57 + (x11), xmask)
        tmp404 = tl.load(in_ptr58 + (x11), xmask)
        tmp406 = tl.load(in_ptr59 + (0))
        tmp407 = tl.broadcast_to(tmp406, [XBLOCK])
        tmp408 = tl.where(xmask, tmp407, 0.0)
        tmp393 = tmp392 - tmp391
        tmp394 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp395 = tmp393 * tmp394
        tmp396 = tmp391 + tmp395
        tmp398 = tl.full([1], 0.999, tl.float32)
        tmp399 = tmp397 * tmp398
        tmp400 = tmp392 * tmp392
        tmp401 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp402 = tmp400 * tmp401
        tmp403 = tmp399 + tmp402
        tmp405 = tl.sqrt_rn(tmp403)
        tmp409 = libdevice.pow(tmp398, tmp408)
        tmp410 = tl.full([1], 1.0, tl.float32)
        tmp411 = tmp409 - tmp410
        tmp412 = -tmp411
        tmp413 = tl.sqrt_rn(tmp412)
        tmp414 = (tmp405 / tmp413)
        tmp415 = tl.full([1], 1e-08, tl.float32)
        tmp416 = tmp414 + tmp415
        tmp417 = tl.full([1], 0.9, tl.float32)
        tmp418 = libdevice.pow(tmp417, tmp408)
        tmp419 = tmp418 - tmp410
        tmp420 = tl.full([1], 1000.0, tl.float32)
        tmp421 = tmp419 * tmp420
        tmp422 = tl.full([1], 1, tl.int32)
        tmp423 = (tmp422 / tmp421)
        tmp424 = (tmp416 / tmp423)
        tmp425 = (tmp396 / tmp424)
        tmp426 = tmp404 + tmp425
        tl.store(out_ptr44 + (x11), tmp396, xmask)
        tl.store(out_ptr46 + (x11), tmp426, xmask)
        tl.store(out_ptr47 + (x11), tmp403, xmask)
    elif pid < num_xblocks_12:
        pid_offset = pid - num_xblocks_11
        xnumel = 3145728
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x12 = xindex
        tmp427 = tl.load(in_ptr60 + (x12), None)
        tmp428 = tl.load(in_ptr61 + (x12), None)
        tmp433 = tl.load(in_ptr62 + (x12), None)
        tmp440 = tl.load(in_ptr63 + (x12), None)
        tmp442 = tl.load(in_ptr64 + (0))
        tmp443 = tl.broadcast_to(tmp442, [XBLOCK])
        tmp429 = tmp428 - tmp427
        tmp430 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp431 = tmp429 * tmp430
        tmp432 = tmp427 + tmp431
        tmp434 = tl.full([1], 0.999, tl.float32)
        tmp435 = tmp433 * tmp434
        tmp436 = tmp428 * tmp428
        tmp437 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp438 = tmp436 * tmp437
        tmp439 = tmp435 + tmp438
        tmp441 = tl.sqrt_rn(tmp439)
        tmp444 = libdevice.pow(tmp434, tmp443)
        tmp445 = tl.full([1], 1.0, tl.float32)
        tmp446 = tmp444 - tmp445
        tmp447 = -tmp446
        tmp448 = tl.sqrt_rn(tmp447)
        tmp449 = (tmp441 / tmp448)
        tmp450 = tl.full([1], 1e-08, tl.float32)
        tmp451 = tmp449 + tmp450
        tmp452 = tl.full([1], 0.9, tl.float32)
        tmp453 = libdevice.pow(tmp452, tmp443)
        tmp454 = tmp453 - tmp445
        tmp455 = tl.full([1], 1000.0, tl.float32)
        tmp456 = tmp454 * tmp455
        tmp457 = tl.full([1], 1, tl.int32)
        tmp458 = (tmp457 / tmp456)
        tmp459 = (tmp451 / tmp458)
        tmp460 = (tmp432 / tmp459)
        tmp461 = tmp440 + tmp460
        tl.store(out_ptr48 + (x12), tmp432, None)
        tl.store(out_ptr50 + (x12), tmp461, None)
        tl.store(out_ptr51 + (x12), tmp439, None)
    elif pid < num_xblocks_13:
        pid_offset = pid - num_xblocks_12
        xnumel = 3072
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x13 = xindex
        tmp462 = tl.load(in_ptr65 + (x13), xmask)
        tmp463 = tl.load(in_ptr66 + (x13), xmask)
        tmp468 = tl.load(in_ptr67 + (x13), xmask)
        tmp475 = tl.load(in_ptr68 + (x13), xmask)
        tmp477 = tl.load(in_ptr69 + (0))
        tmp478 = tl.broadcast_to(tmp477, [XBLOCK])
        tmp479 = tl.where(xmask, tmp478, 0.0)
        tmp464 = tmp463 - tmp462
        tmp465 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp466 = tmp464 * tmp465
        tmp467 = tmp462 + tmp466
        tmp469 = tl.full([1], 0.999, tl.float32)
        tmp470 = tmp468 * tmp469
        tmp471 = tmp463 * tmp463
        tmp472 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp473 = tmp471 * tmp472
        tmp474 = tmp470 + tmp473
        tmp476 = tl.sqrt_rn(tmp474)
        tmp480 = libdevice.pow(tmp469, tmp479)
        tmp481 = tl.full([1], 1.0, tl.float32)
        tmp482 = tmp480 - tmp481
        tmp483 = -tmp482
        tmp484 = tl.sqrt_rn(tmp483)
        tmp485 = (tmp476 / tmp484)
        tmp486 = tl.full([1], 1e-08, tl.float32)
        tmp487 = tmp485 + tmp486
        tmp488 = tl.full([1], 0.9, tl.float32)
        tmp489 = libdevice.pow(tmp488, tmp479)
        tmp490 = tmp489 - tmp481
        tmp491 = tl.full([1], 1000.0, tl.float32)
        tmp492 = tmp490 * tmp491
        tmp493 = tl.full([1], 1, tl.int32)
        tmp494 = (tmp493 / tmp492)
        tmp495 = (tmp487 / tmp494)
        tmp496 = (tmp467 / tmp495)
        tmp497 = tmp475 + tmp496
        tl.store(out_ptr52 + (x13), tmp467, xmask)
        tl.store(out_ptr54 + (x13), tmp497, xmask)
        tl.store(out_ptr55 + (x13), tmp474, xmask)
    elif pid < num_xblocks_14:
        pid_offset = pid - num_xblocks_13
        xnumel = 1048576
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x14 = xindex
        tmp498 = tl.load(in_ptr70 + (x14), None)
        tmp499 = tl.load(in_ptr71 + (x14), None)
        tmp504 = tl.load(in_ptr72 + (x14), None)
        tmp511 = tl.load(in_ptr73 + (x14), None)
        tmp513 = tl.load(in_ptr74 + (0))
        tmp514 = tl.broadcast_to(tmp513, [XBLOCK])
        tmp500 = tmp499 - tmp498
        tmp501 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp502 = tmp500 * tmp501
        tmp503 = tmp498 + tmp502
        tmp505 = tl.full([1], 0.999, tl.float32)
        tmp506 = tmp504 * tmp505
        tmp507 = tmp499 * tmp499
        tmp508 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp509 = tmp507 * tmp508
        tmp510 = tmp506 + tmp509
        tmp512 = tl.sqrt_rn(tmp510)
        tmp515 = libdevice.pow(tmp505, tmp514)
        tmp516 = tl.full([1], 1.0, tl.float32)
        tmp517 = tmp515 - tmp516
        tmp518 = -tmp517
        tmp519 = tl.sqrt_rn(tmp518)
        tmp520 = (tmp512 / tmp519)
        tmp521 = tl.full([1], 1e-08, tl.float32)
        tmp522 = tmp520 + tmp521
        tmp523 = tl.full([1], 0.9, tl.float32)
        tmp524 = libdevice.pow(tmp523, tmp514)
        tmp525 = tmp524 - tmp516
        tmp526 = tl.full([1], 1000.0, tl.float32)
        tmp527 = tmp525 * tmp526
        tmp528 = tl.full([1], 1, tl.int32)
        tmp529 = (tmp528 / tmp527)
        tmp530 = (tmp522 / tmp529)
        tmp531 = (tmp503 / tmp530)
        tmp532 = tmp511 + tmp531
        tl.store(out_ptr56 + (x14), tmp503, None)
        tl.store(out_ptr58 + (x14), tmp532, None)
        tl.store(out_ptr59 + (x14), tmp510, None)
    elif pid < num_xblocks_15:
        pid_offset = pid - num_xblocks_14
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x15 = xindex
        tmp533 = tl.load(in_ptr75 + (x15), xmask)
        tmp534 = tl.load(in_ptr76 + (x15), xmask)
        tmp539 = tl.load(in_ptr77 + (x15), xmask)
        tmp546 = tl.load(in_ptr78 + (x15), xmask)
        tmp548 = tl.load(in_ptr79 + (0))
        tmp549 = tl.broadcast_to(tmp548, [XBLOCK])
        tmp550 = tl.where(xmask, tmp549, 0.0)
        tmp535 = tmp534 - tmp533
        tmp536 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp537 = tmp535 * tmp536
        tmp538 = tmp533 + tmp537
        tmp540 = tl.full([1], 0.999, tl.float32)
        tmp541 = tmp539 * tmp540
        tmp542 = tmp534 * tmp534
        tmp543 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp544 = tmp542 * tmp543
        tmp545 = tmp541 + tmp544
        tmp547 = tl.sqrt_rn(tmp545)
        tmp551 = libdevice.pow(tmp540, tmp550)
        tmp552 = tl.full([1], 1.0, tl.float32)
        tmp553 = tmp551 - tmp552
        tmp554 = -tmp553
        tmp555 = tl.sqrt_rn(tmp554)
        tmp556 = (tmp547 / tmp555)
        tmp557 = tl.full([1], 1e-08, tl.float32)
        tmp558 = tmp556 + tmp557
        tmp559 = tl.full([1], 0.9, tl.float32)
        tmp560 = libdevice.pow(tmp559, tmp550)
        tmp561 = tmp560 - tmp552
        tmp562 = tl.full([1], 1000.0, tl.float32)
        tmp563 = tmp561 * tmp562
        tmp564 = tl.full([1], 1, tl.int32)
        tmp565 = (tmp564 / tmp563)
        tmp566 = (tmp558 / tmp565)
        tmp567 = (tmp538 / tmp566)
        tmp568 = tmp546 + tmp567
        tl.store(out_ptr60 + (x15), tmp538, xmask)
        tl.store(out_ptr62 + (x15), tmp568, xmask)
        tl.store(out_ptr63 + (x15), tmp545, xmask)
    elif pid < num_xblocks_16:
        pid_offset = pid - num_xblocks_15
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x16 = xindex
        tmp569 = tl.load(in_ptr80 + (x16), xmask)
        tmp570 = tl.load(in_ptr81 + (x16), xmask)
        tmp575 = tl.load(in_ptr82 + (x16), xmask)
        tmp582 = tl.load(in_ptr83 + (x16), xmask)
        tmp584 = tl.load(in_ptr84 + (0))
        tmp585 = tl.broadcast_to(tmp584, [XBLOCK])
        tmp586 = tl.where(xmask, tmp585, 0.0)
        tmp571 = tmp570 - tmp569
        tmp572 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp573 = tmp571 * tmp572
        tmp574 = tmp569 + tmp573
        tmp576 = tl.full([1], 0.999, tl.float32)
        tmp577 = tmp575 * tmp576
        tmp578 = tmp570 * tmp570
        tmp579 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp580 = tmp578 * tmp579
        tmp581 = tmp577 + tmp580
        tmp583 = tl.sqrt_rn(tmp581)
        tmp587 = libdevice.pow(tmp576, tmp586)
        tmp588 = tl.full([1], 1.0, tl.float32)
        tmp589 = tmp587 - tmp588
        tmp590 = -tmp589
        tmp591 = tl.sqrt_rn(tmp590)
        tmp592 = (tmp583 / tmp591)
        tmp593 = tl.full([1], 1e-08, tl.float32)
        tmp594 = tmp592 + tmp593
        tmp595 = tl.full([1], 0.9, tl.float32)
        tmp596 = libdevice.pow(tmp595, tmp586)
        tmp597 = tmp596 - tmp588
        tmp598 = tl.full([1], 1000.0, tl.float32)
        tmp599 = tmp597 * tmp598
        tmp600 = tl.full([1], 1, tl.int32)
        tmp601 = (tmp600 / tmp599)
        tmp602 = (tmp594 / tmp601)
        tmp603 = (tmp574 / tmp602)
        tmp604 = tmp582 + tmp603
        tl.store(out_ptr64 + (x16), tmp574, xmask)
        tl.store(out_ptr66 + (x16), tmp604, xmask)
        tl.store(out_ptr67 + (x16), tmp581, xmask)
    elif pid < num_xblocks_17:
        pid_offset = pid - num_xblocks_16
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x17 = xindex
        tmp605 = tl.load(in_ptr85 + (x17), xmask)
        tmp606 = tl.load(in_ptr86 + (x17), xmask)
        tmp611 = tl.load(in_ptr87 + (x17), xmask)
        tmp618 = tl.load(in_ptr88 + (x17), xmask)
        tmp620 = tl.load(in_ptr89 + (0))
        tmp621 = tl.broadcast_to(tmp620, [XBLOCK])
        tmp622 = tl.where(xmask, tmp621, 0.0)
        tmp607 = tmp606 - tmp605
        tmp608 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp609 = tmp607 * tmp608
        tmp610 = tmp605 + tmp609
        tmp612 = tl.full([1], 0.999, tl.float32)
        tmp613 = tmp611 * tmp612
        tmp614 = tmp606 * tmp606
        tmp615 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp616 = tmp614 * tmp615
        tmp617 = tmp613 + tmp616
        tmp619 = tl.sqrt_rn(tmp617)
        tmp623 = libdevice.pow(tmp612, tmp622)
        tmp624 = tl.full([1], 1.0, tl.float32)
        tmp625 = tmp623 - tmp624
        tmp626 = -tmp625
        tmp627 = tl.sqrt_rn(tmp626)
        tmp628 = (tmp619 / tmp627)
        tmp629 = tl.full([1], 1e-08, tl.float32)
        tmp630 = tmp628 + tmp629
        tmp631 = tl.full([1], 0.9, tl.float32)
        tmp632 = libdevice.pow(tmp631, tmp622)
        tmp633 = tmp632 - tmp624
        tmp634 = tl.full([1], 1000.0, tl.float32)
        tmp635 = tmp633 * tmp634
        tmp636 = tl.full([1], 1, tl.int32)
        tmp637 = (tmp636 / tmp635)
        tmp638 = (tmp630 / tmp637)
        tmp639 = (tmp610 / tmp638)
        tmp640 = tmp618 + tmp639
        tl.store(out_ptr68 + (x17), tmp610, xmask)
        tl.store(out_ptr70 + (x17), tmp640, xmask)
        tl.store(out_ptr71 + (x17), tmp617, xmask)
    elif pid < num_xblocks_18:
        pid_offset = pid - num_xblocks_17
        xnumel = 4194304
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x18 = xindex
        tmp641 = tl.load(in_ptr90 + (x18), None)
        tmp642 = tl.load(in_ptr91 + (x18), None)
        tmp647 = tl.load(in_ptr92 + (x18), None)
        tmp654 = tl.load(in_ptr93 + (x18), None)
        tmp656 = tl.load(in_ptr94 + (0))
        tmp657 = tl.broadcast_to(tmp656, [XBLOCK])
        tmp643 = tmp642 - tmp641
        tmp644 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp645 = tmp643 * tmp644
        tmp646 = tmp641 + tmp645
        tmp648 = tl.full([1], 0.999, tl.float32)
        tmp649 = tmp647 * tmp648
        tmp650 = tmp642 * tmp642
        tmp651 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp652 = tmp650 * tmp651
        tmp653 = tmp649 + tmp652
        tmp655 = tl.sqrt_rn(tmp653)
        tmp658 = libdevice.pow(tmp648, tmp657)
        tmp659 = tl.full([1], 1.0, tl.float32)
        tmp660 = tmp658 - tmp659
        tmp661 = -tmp660
        tmp662 = tl.sqrt_rn(tmp661)
        tmp663 = (tmp655 / tmp662)
        tmp664 = tl.full([1], 1e-08, tl.float32)
        tmp665 = tmp663 + tmp664
        tmp666 = tl.full([1], 0.9, tl.float32)
        tmp667 = libdevice.pow(tmp666, tmp657)
        tmp668 = tmp667 - tmp659
        tmp669 = tl.full([1], 1000.0, tl.float32)
        tmp670 = tmp668 * tmp669
        tmp671 = tl.full([1], 1, tl.int32)
        tmp672 = (tmp671 / tmp670)
        tmp673 = (tmp665 / tmp672)
        tmp674 = (tmp646 / tmp673)
        tmp675 = tmp654 + tmp674
        tl.store(out_ptr72 + (x18), tmp646, None)
        tl.store(out_ptr74 + (x18), tmp675, None)
        tl.store(out_ptr75 + (x18), tmp653, None)
    elif pid < num_xblocks_19:
        pid_offset = pid - num_xblocks_18
        xnumel = 4096
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x19 = xindex
        tmp676 = tl.load(in_ptr95 + (x19), None)
        tmp677 = tl.load(in_ptr96 + (x19), None)
        tmp682 = tl.load(in_ptr97 + (x19), None)
        tmp689 = tl.load(in_ptr98 + (x19), None)
        tmp691 = tl.load(in_ptr99 + (0))
        tmp692 = tl.broadcast_to(tmp691, [XBLOCK])
        tmp678 = tmp677 - tmp676
        tmp679 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp680 = tmp678 * tmp679
        tmp681 = tmp676 + tmp680
        tmp683 = tl.full([1], 0.999, tl.float32)
        tmp684 = tmp682 * tmp683
        tmp685 = tmp677 * tmp677
        tmp686 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp687 = tmp685 * tmp686
        tmp688 = tmp684 + tmp687
        tmp690 = tl.sqrt_rn(tmp688)
        tmp693 = libdevice.pow(tmp683, tmp692)
        tmp694 = tl.full([1], 1.0, tl.float32)
        tmp695 = tmp693 - tmp694
        tmp696 = -tmp695
        tmp697 = tl.sqrt_rn(tmp696)
        tmp698 = (tmp690 / tmp697)
        tmp699 = tl.full([1], 1e-08, tl.float32)
        tmp700 = tmp698 + tmp699
        tmp701 = tl.full([1], 0.9, tl.float32)
        tmp702 = libdevice.pow(tmp701, tmp692)
        tmp703 = tmp702 - tmp694
        tmp704 = tl.full([1], 1000.0, tl.float32)
        tmp705 = tmp703 * tmp704
        tmp706 = tl.full([1], 1, tl.int32)
        tmp707 = (tmp706 / tmp705)
        tmp708 = (tmp700 / tmp707)
        tmp709 = (tmp681 / tmp708)
        tmp710 = tmp689 + tmp709
        tl.store(out_ptr76 + (x19), tmp681, None)
        tl.store(out_ptr78 + (x19), tmp710, None)
        tl.store(out_ptr79 + (x19), tmp688, None)
    else:
        pass
''', device_str='cuda')


# kernel path: /tmp/inductor-shared-8og777gb/gi/cgi35xjtu4zwt4qyvdjha6teagrkniv3bvo4u534anlavcpqwrqu.py
# Unsorted Source Nodes: [], Original ATen: []
# Source node to ATen node mapping:
triton_for_fused_2 = async_compile.triton('triton_for_fused_2', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

@triton_heuristics.foreach(
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'in_ptr7': '*fp32', 'in_ptr8': '*fp32', 'in_ptr9': '*fp32', 'in_ptr10': '*fp32', 'in_ptr11': '*fp32', 'in_ptr12': '*fp32', 'in_ptr13': '*fp32', 'in_ptr14': '*fp32', 'in_ptr15': '*fp32', 'in_ptr16': '*fp32', 'in_ptr17': '*fp32', 'in_ptr18': '*fp32', 'in_ptr19': '*fp32', 'in_ptr20': '*fp32', 'in_ptr21': '*fp32', 'in_ptr22': '*fp32', 'in_ptr23': '*fp32', 'in_ptr24': '*fp32', 'in_ptr25': '*fp32', 'in_ptr26': '*fp32', 'in_ptr27': '*fp32', 'in_ptr28': '*fp32', 'in_ptr29': '*fp32', 'in_ptr30': '*fp32', 'in_ptr31': '*fp32', 'in_ptr32': '*fp32', 'in_ptr33': '*fp32', 'in_ptr34': '*fp32', 'in_ptr35': '*fp32', 'in_ptr36': '*fp32', 'in_ptr37': '*fp32', 'in_ptr38': '*fp32', 'in_ptr39': '*fp32', 'in_ptr40': '*fp32', 'in_ptr41': '*fp32', 'in_ptr42': '*fp32', 'in_ptr43': '*fp32', 'in_ptr44': '*fp32', 'in_ptr45': '*fp32', 'in_ptr46': '*fp32', 'in_ptr47': '*fp32', 'in_ptr48': '*fp32', 'in_ptr49': '*fp32', 'in_ptr50': '*fp32', 'in_ptr51': '*fp32', 'in_ptr52': '*fp32', 'in_ptr53': '*fp32', 'in_ptr54': '*fp32', 'in_ptr55': '*fp32', 'in_ptr56': '*fp32', 'in_ptr57': '*fp32', 'in_ptr58': '*fp32', 'in_ptr59': '*fp32', 'in_ptr60': '*fp32', 'in_ptr61': '*fp32', 'in_ptr62': '*fp32', 'in_ptr63': '*fp32', 'in_ptr64': '*fp32', 'in_ptr65': '*fp32', 'in_ptr66': '*fp32', 'in_ptr67': '*fp32', 'in_ptr68': '*fp32', 'in_ptr69': '*fp32', 'in_ptr70': '*fp32', 'in_ptr71': '*fp32', 'in_ptr72': '*fp32', 'in_ptr73': '*fp32', 'in_ptr74': '*fp32', 'in_ptr75': '*fp32', 'in_ptr76': '*fp32', 'in_ptr77': '*fp32', 'in_ptr78': '*fp32', 'in_ptr79': '*fp32', 'in_ptr80': '*fp32', 'in_ptr81': '*fp32', 'in_ptr82': '*fp32', 'in_ptr83': '*fp32', 'in_ptr84': '*fp32', 'in_ptr85': '*fp32', 'in_ptr86': '*fp32', 'in_ptr87': '*fp32', 'in_ptr88': '*fp32', 'in_ptr89': '*fp32', 'in_ptr90': '*fp32', 'in_ptr91': '*fp32', 'in_ptr92': '*fp32', 'in_ptr93': '*fp32', 'in_ptr94': '*fp32', 'in_ptr95': '*fp32', 'in_ptr96': '*fp32', 'in_ptr97': '*fp32', 'in_ptr98': '*fp32', 'in_ptr99': '*fp32', 'out_ptr0': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'out_ptr4': '*fp32', 'out_ptr6': '*fp32', 'out_ptr7': '*fp32', 'out_ptr8': '*fp32', 'out_ptr10': '*fp32', 'out_ptr11': '*fp32', 'out_ptr12': '*fp32', 'out_ptr14': '*fp32', 'out_ptr15': '*fp32', 'out_ptr16': '*fp32', 'out_ptr18': '*fp32', 'out_ptr19': '*fp32', 'out_ptr20': '*fp32', 'out_ptr22': '*fp32', 'out_ptr23': '*fp32', 'out_ptr24': '*fp32', 'out_ptr26': '*fp32', 'out_ptr27': '*fp32', 'out_ptr28': '*fp32', 'out_ptr30': '*fp32', 'out_ptr31': '*fp32', 'out_ptr32': '*fp32', 'out_ptr34': '*fp32', 'out_ptr35': '*fp32', 'out_ptr36': '*fp32', 'out_ptr38': '*fp32', 'out_ptr39': '*fp32', 'out_ptr40': '*fp32', 'out_ptr42': '*fp32', 'out_ptr43': '*fp32', 'out_ptr44': '*fp32', 'out_ptr46': '*fp32', 'out_ptr47': '*fp32', 'out_ptr48': '*fp32', 'out_ptr50': '*fp32', 'out_ptr51': '*fp32', 'out_ptr52': '*fp32', 'out_ptr54': '*fp32', 'out_ptr55': '*fp32', 'out_ptr56': '*fp32', 'out_ptr58': '*fp32', 'out_ptr59': '*fp32', 'out_ptr60': '*fp32', 'out_ptr62': '*fp32', 'out_ptr63': '*fp32', 'out_ptr64': '*fp32', 'out_ptr66': '*fp32', 'out_ptr67': '*fp32', 'out_ptr68': '*fp32', 'out_ptr70': '*fp32', 'out_ptr71': '*fp32', 'out_ptr72': '*fp32', 'out_ptr74': '*fp32', 'out_ptr75': '*fp32', 'out_ptr76': '*fp32', 'out_ptr78': '*fp32', 'out_ptr79': '*fp32'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'enable_fp_fusion': True, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]], (14,): [['tt.divisibility', 16]], (15,): [['tt.divisibility', 16]], (16,): [['tt.divisibility', 16]], (17,): [['tt.divisibility', 16]], (18,): [['tt.divisibility', 16]], (19,): [['tt.divisibility', 16]], (20,): [['tt.divisibility', 16]], (21,): [['tt.divisibility', 16]], (22,): [['tt.divisibility', 16]], (23,): [['tt.divisibility', 16]], (24,): [['tt.divisibility', 16]], (25,): [['tt.divisibility', 16]], (26,): [['tt.divisibility', 16]], (27,): [['tt.divisibility', 16]], (28,): [['tt.divisibility', 16]], (29,): [['tt.divisibility', 16]], (30,): [['tt.divisibility', 16]], (31,): [['tt.divisibility', 16]], (32,): [['tt.divisibility', 16]], (33,): [['tt.divisibility', 16]], (34,): [['tt.divisibility', 16]], (35,): [['tt.divisibility', 16]], (36,): [['tt.divisibility', 16]], (37,): [['tt.divisibility', 16]], (38,): [['tt.divisibility', 16]], (39,): [['tt.divisibility', 16]], (40,): [['tt.divisibility', 16]], (41,): [['tt.divisibility', 16]], (42,): [['tt.divisibility', 16]], (43,): [['tt.divisibility', 16]], (44,): [['tt.divisibility', 16]], (45,): [['tt.divisibility', 16]], (46,): [['tt.divisibility', 16]], (47,): [['tt.divisibility', 16]], (48,): [['tt.divisibility', 16]], (49,): [['tt.divisibility', 16]], (50,): [['tt.divisibility', 16]], (51,): [['tt.divisibility', 16]], (52,): [['tt.divisibility', 16]], (53,): [['tt.divisibility', 16]], (54,): [['tt.divisibility', 16]], (55,): [['tt.divisibility', 16]], (56,): [['tt.divisibility', 16]], (57,): [['tt.divisibility', 16]], (58,): [['tt.divisibility', 16]], (59,): [['tt.divisibility', 16]], (60,): [['tt.divisibility', 16]], (61,): [['tt.divisibility', 16]], (62,): [['tt.divisibility', 16]], (63,): [['tt.divisibility', 16]], (64,): [['tt.divisibility', 16]], (65,): [['tt.divisibility', 16]], (66,): [['tt.divisibility', 16]], (67,): [['tt.divisibility', 16]], (68,): [['tt.divisibility', 16]], (69,): [['tt.divisibility', 16]], (70,): [['tt.divisibility', 16]], (71,): [['tt.divisibility', 16]], (72,): [['tt.divisibility', 16]], (73,): [['tt.divisibility', 16]], (74,): [['tt.divisibility', 16]], (75,): [['tt.divisibility', 16]], (76,): [['tt.divisibility', 16]], (77,): [['tt.divisibility', 16]], (78,): [['tt.divisibility', 16]], (79,): [['tt.divisibility', 16]], (80,): [['tt.divisibility', 16]], (81,): [['tt.divisibility', 16]], (82,): [['tt.divisibility', 16]], (83,): [['tt.divisibility', 16]], (84,): [['tt.divisibility', 16]], (85,): [['tt.divisibility', 16]], (86,): [['tt.divisibility', 16]], (87,): [['tt.divisibility', 16]], (88,): [['tt.divisibility', 16]], (89,): [['tt.divisibility', 16]], (90,): [['tt.divisibility', 16]], (91,): [['tt.divisibility', 16]], (92,): [['tt.divisibility', 16]], (93,): [['tt.divisibility', 16]], (94,): [['tt.divisibility', 16]], (95,): [['tt.divisibility', 16]], (96,): [['tt.divisibility', 16]], (97,): [['tt.divisibility', 16]], (98,): [['tt.divisibility', 16]], (99,): [['tt.divisibility', 16]], (100,): [['tt.divisibility', 16]], (101,): [['tt.divisibility', 16]], (102,): [['tt.divisibility', 16]], (103,): [['tt.divisibility', 16]], (104,): [['tt.divisibility', 16]], (105,): [['tt.divisibility', 16]], (106,): [['tt.divisibility', 16]], (107,): [['tt.divisibility', 16]], (108,): [['tt.divisibility', 16]], (109,): [['tt.divisibility', 16]], (110,): [['tt.divisibility', 16]], (111,): [['tt.divisibility', 16]], (112,): [['tt.divisibility', 16]], (113,): [['tt.divisibility', 16]], (114,): [['tt.divisibility', 16]], (115,): [['tt.divisibility', 16]], (116,): [['tt.divisibility', 16]], (117,): [['tt.divisibility', 16]], (118,): [['tt.divisibility', 16]], (119,): [['tt.divisibility', 16]], (120,): [['tt.divisibility', 16]], (121,): [['tt.divisibility', 16]], (122,): [['tt.divisibility', 16]], (123,): [['tt.divisibility', 16]], (124,): [['tt.divisibility', 16]], (125,): [['tt.divisibility', 16]], (126,): [['tt.divisibility', 16]], (127,): [['tt.divisibility', 16]], (128,): [['tt.divisibility', 16]], (129,): [['tt.divisibility', 16]], (130,): [['tt.divisibility', 16]], (131,): [['tt.divisibility', 16]], (132,): [['tt.divisibility', 16]], (133,): [['tt.divisibility', 16]], (134,): [['tt.divisibility', 16]], (135,): [['tt.divisibility', 16]], (136,): [['tt.divisibility', 16]], (137,): [['tt.divisibility', 16]], (138,): [['tt.divisibility', 16]], (139,): [['tt.divisibility', 16]], (140,): [['tt.divisibility', 16]], (141,): [['tt.divisibility', 16]], (142,): [['tt.divisibility', 16]], (143,): [['tt.divisibility', 16]], (144,): [['tt.divisibility', 16]], (145,): [['tt.divisibility', 16]], (146,): [['tt.divisibility', 16]], (147,): [['tt.divisibility', 16]], (148,): [['tt.divisibility', 16]], (149,): [['tt.divisibility', 16]], (150,): [['tt.divisibility', 16]], (151,): [['tt.divisibility', 16]], (152,): [['tt.divisibility', 16]], (153,): [['tt.divisibility', 16]], (154,): [['tt.divisibility', 16]], (155,): [['tt.divisibility', 16]], (156,): [['tt.divisibility', 16]], (157,): [['tt.divisibility', 16]], (158,): [['tt.divisibility', 16]], (159,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'SequentialComboKernelGrid', 'combo_grid_meta': {'num_kernels': 20, 'min_blocks': 0, 'default_config': {'XBLOCK': 1024}, 'no_x_dim_0': False, 'xnumel_0': 4194304, 'no_x_dim_1': False, 'xnumel_1': 1024, 'no_x_dim_2': False, 'xnumel_2': 1024, 'no_x_dim_3': False, 'xnumel_3': 1024, 'no_x_dim_4': False, 'xnumel_4': 3145728, 'no_x_dim_5': False, 'xnumel_5': 3072, 'no_x_dim_6': False, 'xnumel_6': 1048576, 'no_x_dim_7': False, 'xnumel_7': 1024, 'no_x_dim_8': False, 'xnumel_8': 1024, 'no_x_dim_9': False, 'xnumel_9': 1024, 'no_x_dim_10': False, 'xnumel_10': 4194304, 'no_x_dim_11': False, 'xnumel_11': 4096, 'no_x_dim_12': False, 'xnumel_12': 4194304, 'no_x_dim_13': False, 'xnumel_13': 1024, 'no_x_dim_14': False, 'xnumel_14': 1024, 'no_x_dim_15': False, 'xnumel_15': 1024, 'no_x_dim_16': False, 'xnumel_16': 3145728, 'no_x_dim_17': False, 'xnumel_17': 3072, 'no_x_dim_18': False, 'xnumel_18': 1048576, 'no_x_dim_19': False, 'xnumel_19': 1024}, 'kernel_name': 'triton_for_fused_2', 'mutated_arg_names': ['in_ptr0', 'in_ptr10', 'in_ptr12', 'in_ptr13', 'in_ptr15', 'in_ptr17', 'in_ptr18', 'in_ptr2', 'in_ptr20', 'in_ptr22', 'in_ptr23', 'in_ptr25', 'in_ptr27', 'in_ptr28', 'in_ptr3', 'in_ptr30', 'in_ptr32', 'in_ptr33', 'in_ptr35', 'in_ptr37', 'in_ptr38', 'in_ptr40', 'in_ptr42', 'in_ptr43', 'in_ptr45', 'in_ptr47', 'in_ptr48', 'in_ptr5', 'in_ptr50', 'in_ptr52', 'in_ptr53', 'in_ptr55', 'in_ptr57', 'in_ptr58', 'in_ptr60', 'in_ptr62', 'in_ptr63', 'in_ptr65', 'in_ptr67', 'in_ptr68', 'in_ptr7', 'in_ptr70', 'in_ptr72', 'in_ptr73', 'in_ptr75', 'in_ptr77', 'in_ptr78', 'in_ptr8', 'in_ptr80', 'in_ptr82', 'in_ptr83', 'in_ptr85', 'in_ptr87', 'in_ptr88', 'in_ptr90', 'in_ptr92', 'in_ptr93', 'in_ptr95', 'in_ptr97', 'in_ptr98', 'out_ptr0', 'out_ptr10', 'out_ptr11', 'out_ptr12', 'out_ptr14', 'out_ptr15', 'out_ptr16', 'out_ptr18', 'out_ptr19', 'out_ptr2', 'out_ptr20', 'out_ptr22', 'out_ptr23', 'out_ptr24', 'out_ptr26', 'out_ptr27', 'out_ptr28', 'out_ptr3', 'out_ptr30', 'out_ptr31', 'out_ptr32', 'out_ptr34', 'out_ptr35', 'out_ptr36', 'out_ptr38', 'out_ptr39', 'out_ptr4', 'out_ptr40', 'out_ptr42', 'out_ptr43', 'out_ptr44', 'out_ptr46', 'out_ptr47', 'out_ptr48', 'out_ptr50', 'out_ptr51', 'out_ptr52', 'out_ptr54', 'out_ptr55', 'out_ptr56', 'out_ptr58', 'out_ptr59', 'out_ptr6', 'out_ptr60', 'out_ptr62', 'out_ptr63', 'out_ptr64', 'out_ptr66', 'out_ptr67', 'out_ptr68', 'out_ptr7', 'out_ptr70', 'out_ptr71', 'out_ptr72', 'out_ptr74', 'out_ptr75', 'out_ptr76', 'out_ptr78', 'out_ptr79', 'out_ptr8'], 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False},
)
@triton.jit
def triton_for_fused_2(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, in_ptr8, in_ptr9, in_ptr10, in_ptr11, in_ptr12, in_ptr13, in_ptr14, in_ptr15, in_ptr16, in_ptr17, in_ptr18, in_ptr19, in_ptr20, in_ptr21, in_ptr22, in_ptr23, in_ptr24, in_ptr25, in_ptr26, in_ptr27, in_ptr28, in_ptr29, in_ptr30, in_ptr31, in_ptr32, in_ptr33, in_ptr34, in_ptr35, in_ptr36, in_ptr37, in_ptr38, in_ptr39, in_ptr40, in_ptr41, in_ptr42, in_ptr43, in_ptr44, in_ptr45, in_ptr46, in_ptr47, in_ptr48, in_ptr49, in_ptr50, in_ptr51, in_ptr52, in_ptr53, in_ptr54, in_ptr55, in_ptr56, in_ptr57, in_ptr58, in_ptr59, in_ptr60, in_ptr61, in_ptr62, in_ptr63, in_ptr64, in_ptr65, in_ptr66, in_ptr67, in_ptr68, in_ptr69, in_ptr70, in_ptr71, in_ptr72, in_ptr73, in_ptr74, in_ptr75, in_ptr76, in_ptr77, in_ptr78, in_ptr79, in_ptr80, in_ptr81, in_ptr82, in_ptr83, in_ptr84, in_ptr85, in_ptr86, in_ptr87, in_ptr88, in_ptr89, in_ptr90, in_ptr91, in_ptr92, in_ptr93, in_ptr94, in_ptr95, in_ptr96, in_ptr97, in_ptr98, in_ptr99, out_ptr0, out_ptr2, out_ptr3, out_ptr4, out_ptr6, out_ptr7, out_ptr8, out_ptr10, out_ptr11, out_ptr12, out_ptr14, out_ptr15, out_ptr16, out_ptr18, out_ptr19, out_ptr20, out_ptr22, out_ptr23, out_ptr24, out_ptr26, out_ptr27, out_ptr28, out_ptr30, out_ptr31, out_ptr32, out_ptr34, out_ptr35, out_ptr36, out_ptr38, out_ptr39, out_ptr40, out_ptr42, out_ptr43, out_ptr44, out_ptr46, out_ptr47, out_ptr48, out_ptr50, out_ptr51, out_ptr52, out_ptr54, out_ptr55, out_ptr56, out_ptr58, out_ptr59, out_ptr60, out_ptr62, out_ptr63, out_ptr64, out_ptr66, out_ptr67, out_ptr68, out_ptr70, out_ptr71, out_ptr72, out_ptr74, out_ptr75, out_ptr76, out_ptr78, out_ptr79):
    pid = tl.program_id(0)
    XBLOCK: tl.constexpr = 1024
    num_xblocks_0 = tl.cdiv(4194304, XBLOCK)
    num_xblocks_1 = num_xblocks_0 + tl.cdiv(1024, XBLOCK)
    num_xblocks_2 = num_xblocks_1 + tl.cdiv(1024, XBLOCK)
    num_xblocks_3 = num_xblocks_2 + tl.cdiv(1024, XBLOCK)
    num_xblocks_4 = num_xblocks_3 + tl.cdiv(3145728, XBLOCK)
    num_xblocks_5 = num_xblocks_4 + tl.cdiv(3072, XBLOCK)
    num_xblocks_6 = num_xblocks_5 + tl.cdiv(1048576, XBLOCK)
    num_xblocks_7 = num_xblocks_6 + tl.cdiv(1024, XBLOCK)
    num_xblocks_8 = num_xblocks_7 + tl.cdiv(1024, XBLOCK)
    num_xblocks_9 = num_xblocks_8 + tl.cdiv(1024, XBLOCK)
    num_xblocks_10 = num_xblocks_9 + tl.cdiv(4194304, XBLOCK)
    num_xblocks_11 = num_xblocks_10 + tl.cdiv(4096, XBLOCK)
    num_xblocks_12 = num_xblocks_11 + tl.cdiv(4194304, XBLOCK)
    num_xblocks_13 = num_xblocks_12 + tl.cdiv(1024, XBLOCK)
    num_xblocks_14 = num_xblocks_13 + tl.cdiv(1024, XBLOCK)
    num_xblocks_15 = num_xblocks_14 + tl.cdiv(1024, XBLOCK)
    num_xblocks_16 = num_xblocks_15 + tl.cdiv(3145728, XBLOCK)
    num_xblocks_17 = num_xblocks_16 + tl.cdiv(3072, XBLOCK)
    num_xblocks_18 = num_xblocks_17 + tl.cdiv(1048576, XBLOCK)
    num_xblocks_19 = num_xblocks_18 + tl.cdiv(1024, XBLOCK)
    if pid < num_xblocks_0:
        pid_offset = pid
        xnumel = 4194304
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x0 = xindex
        tmp0 = tl.load(in_ptr0 + (x0), None)
        tmp1 = tl.load(in_ptr1 + (x0), None)
        tmp6 = tl.load(in_ptr2 + (x0), None)
        tmp13 = tl.load(in_ptr3 + (x0), None)
        tmp15 = tl.load(in_ptr4 + (0))
        tmp16 = tl.broadcast_to(tmp15, [XBLOCK])
        tmp2 = tmp1 - tmp0
        tmp3 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp4 = tmp2 * tmp3
        tmp5 = tmp0 + tmp4
        tmp7 = tl.full([1], 0.999, tl.float32)
        tmp8 = tmp6 * tmp7
        tmp9 = tmp1 * tmp1
        tmp10 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp11 = tmp9 * tmp10
        tmp12 = tmp8 + tmp11
        tmp14 = tl.sqrt_rn(tmp12)
        tmp17 = libdevice.pow(tmp7, tmp16)
        tmp18 = tl.full([1], 1.0, tl.float32)
        tmp19 = tmp17 - tmp18
        tmp20 = -tmp19
        tmp21 = tl.sqrt_rn(tmp20)
        tmp22 = (tmp14 / tmp21)
        tmp23 = tl.full([1], 1e-08, tl.float32)
        tmp24 = tmp22 + tmp23
        tmp25 = tl.full([1], 0.9, tl.float32)
        tmp26 = libdevice.pow(tmp25, tmp16)
        tmp27 = tmp26 - tmp18
        tmp28 = tl.full([1], 1000.0, tl.float32)
        tmp29 = tmp27 * tmp28
        tmp30 = tl.full([1], 1, tl.int32)
        tmp31 = (tmp30 / tmp29)
        tmp32 = (tmp24 / tmp31)
        tmp33 = (tmp5 / tmp32)
        tmp34 = tmp13 + tmp33
        tl.store(out_ptr0 + (x0), tmp5, None)
        tl.store(out_ptr2 + (x0), tmp34, None)
        tl.store(out_ptr3 + (x0), tmp12, None)
    elif pid < num_xblocks_1:
        pid_offset = pid - num_xblocks_0
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x1 = xindex
        tmp35 = tl.load(in_ptr5 + (x1), xmask)
        tmp36 = tl.load(in_ptr6 + (x1), xmask)
        tmp41 = tl.load(in_ptr7 + (x1), xmask)
        tmp48 = tl.load(in_ptr8 + (x1), xmask)
        tmp50 = tl.load(in_ptr9 + (0))
        tmp51 = tl.broadcast_to(tmp50, [XBLOCK])
        tmp52 = tl.where(xmask, tmp51, 0.0)
        tmp37 = tmp36 - tmp35
        tmp38 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp39 = tmp37 * tmp38
        tmp40 = tmp35 + tmp39
        tmp42 = tl.full([1], 0.999, tl.float32)
        tmp43 = tmp41 * tmp42
        tmp44 = tmp36 * tmp36
        tmp45 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp46 = tmp44 * tmp45
        tmp47 = tmp43 + tmp46
        tmp49 = tl.sqrt_rn(tmp47)
        tmp53 = libdevice.pow(tmp42, tmp52)
        tmp54 = tl.full([1], 1.0, tl.float32)
        tmp55 = tmp53 - tmp54
        tmp56 = -tmp55
        tmp57 = tl.sqrt_rn(tmp56)
        tmp58 = (tmp49 / tmp57)
        tmp59 = tl.full([1], 1e-08, tl.float32)
        tmp60 = tmp58 + tmp59
        tmp61 = tl.full([1], 0.9, tl.float32)
        tmp62 = libdevice.pow(tmp61, tmp52)
        tmp63 = tmp62 - tmp54
        tmp64 = tl.full([1], 1000.0, tl.float32)
        tmp65 = tmp63 * tmp64
        tmp66 = tl.full([1], 1, tl.int32)
        tmp67 = (tmp66 / tmp65)
        tmp68 = (tmp60 / tmp67)
        tmp69 = (tmp40 / tmp68)
        tmp70 = tmp48 + tmp69
        tl.store(out_ptr4 + (x1), tmp40, xmask)
        tl.store(out_ptr6 + (x1), tmp70, xmask)
        tl.store(out_ptr7 + (x1), tmp47, xmask)
    elif pid < num_xblocks_2:
        pid_offset = pid - num_xblocks_1
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x2 = xindex
        tmp71 = tl.load(in_ptr10 + (x2), xmask)
        tmp72 = tl.load(in_ptr11 + (x2), xmask)
        tmp77 = tl.load(in_ptr12 + (x2), xmask)
        tmp84 = tl.load(in_ptr13 + (x2), xmask)
        tmp86 = tl.load(in_ptr14 + (0))
        tmp87 = tl.broadcast_to(tmp86, [XBLOCK])
        tmp88 = tl.where(xmask, tmp87, 0.0)
        tmp73 = tmp72 - tmp71
        tmp74 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp75 = tmp73 * tmp74
        tmp76 = tmp71 + tmp75
        tmp78 = tl.full([1], 0.999, tl.float32)
        tmp79 = tmp77 * tmp78
        tmp80 = tmp72 * tmp72
        tmp81 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp82 = tmp80 * tmp81
        tmp83 = tmp79 + tmp82
        tmp85 = tl.sqrt_rn(tmp83)
        tmp89 = libdevice.pow(tmp78, tmp88)
        tmp90 = tl.full([1], 1.0, tl.float32)
        tmp91 = tmp89 - tmp90
        tmp92 = -tmp91
        tmp93 = tl.sqrt_rn(tmp92)
        tmp94 = (tmp85 / tmp93)
        tmp95 = tl.full([1], 1e-08, tl.float32)
        tmp96 = tmp94 + tmp95
        tmp97 = tl.full([1], 0.9, tl.float32)
        tmp98 = libdevice.pow(tmp97, tmp88)
        tmp99 = tmp98 - tmp90
        tmp100 = tl.full([1], 1000.0, tl.float32)
        tmp101 = tmp99 * tmp100
        tmp102 = tl.full([1], 1, tl.int32)
        tmp103 = (tmp102 / tmp101)
        tmp104 = (tmp96 / tmp103)
        tmp105 = (tmp76 / tmp104)
        tmp106 = tmp84 + tmp105
        tl.store(out_ptr8 + (x2), tmp76, xmask)
        tl.store(out_ptr10 + (x2), tmp106, xmask)
        tl.store(out_ptr11 + (x2), tmp83, xmask)
    elif pid < num_xblocks_3:
        pid_offset = pid - num_xblocks_2
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x3 = xindex
        tmp107 = tl.load(in_ptr15 + (x3), xmask)
        tmp108 = tl.load(in_ptr16 + (x3), xmask)
        tmp113 = tl.load(in_ptr17 + (x3), xmask)
        tmp120 = tl.load(in_ptr18 + (x3), xmask)
        tmp122 = tl.load(in_ptr19 + (0))
        tmp123 = tl.broadcast_to(tmp122, [XBLOCK])
        tmp124 = tl.where(xmask, tmp123, 0.0)
        tmp109 = tmp108 - tmp107
        tmp110 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp111 = tmp109 * tmp110
        tmp112 = tmp107 + tmp111
        tmp114 = tl.full([1], 0.999, tl.float32)
        tmp115 = tmp113 * tmp114
        tmp116 = tmp108 * tmp108
        tmp117 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp118 = tmp116 * tmp117
        tmp119 = tmp115 + tmp118
        tmp121 = tl.sqrt_rn(tmp119)
        tmp125 = libdevice.pow(tmp114, tmp124)
        tmp126 = tl.full([1], 1.0, tl.float32)
        tmp127 = tmp125 - tmp126
        tmp128 = -tmp127
        tmp129 = tl.sqrt_rn(tmp128)
        tmp130 = (tmp121 / tmp129)
        tmp131 = tl.full([1], 1e-08, tl.float32)
        tmp132 = tmp130 + tmp131
        tmp133 = tl.full([1], 0.9, tl.float32)
        tmp134 = libdevice.pow(tmp133, tmp124)
        tmp135 = tmp134 - tmp126
        tmp136 = tl.full([1], 1000.0, tl.float32)
        tmp137 = tmp135 * tmp136
        tmp138 = tl.full([1], 1, tl.int32)
        tmp139 = (tmp138 / tmp137)
        tmp140 = (tmp132 / tmp139)
        tmp141 = (tmp112 / tmp140)
        tmp142 = tmp120 + tmp141
        tl.store(out_ptr12 + (x3), tmp112, xmask)
        tl.store(out_ptr14 + (x3), tmp142, xmask)
        tl.store(out_ptr15 + (x3), tmp119, xmask)
    elif pid < num_xblocks_4:
        pid_offset = pid - num_xblocks_3
        xnumel = 3145728
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x4 = xindex
        tmp143 = tl.load(in_ptr20 + (x4), None)
        tmp144 = tl.load(in_ptr21 + (x4), None)
        tmp149 = tl.load(in_ptr22 + (x4), None)
        tmp156 = tl.load(in_ptr23 + (x4), None)
        tmp158 = tl.load(in_ptr24 + (0))
        tmp159 = tl.broadcast_to(tmp158, [XBLOCK])
        tmp145 = tmp144 - tmp143
        tmp146 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp147 = tmp145 * tmp146
        tmp148 = tmp143 + tmp147
        tmp150 = tl.full([1], 0.999, tl.float32)
        tmp151 = tmp149 * tmp150
        tmp152 = tmp144 * tmp144
        tmp153 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp154 = tmp152 * tmp153
        tmp155 = tmp151 + tmp154
        tmp157 = tl.sqrt_rn(tmp155)
        tmp160 = libdevice.pow(tmp150, tmp159)
        tmp161 = tl.full([1], 1.0, tl.float32)
        tmp162 = tmp160 - tmp161
        tmp163 = -tmp162
        tmp164 = tl.sqrt_rn(tmp163)
        tmp165 = (tmp157 / tmp164)
        tmp166 = tl.full([1], 1e-08, tl.float32)
        tmp167 = tmp165 + tmp166
        tmp168 = tl.full([1], 0.9, tl.float32)
        tmp169 = libdevice.pow(tmp168, tmp159)
        tmp170 = tmp169 - tmp161
        tmp171 = tl.full([1], 1000.0, tl.float32)
        tmp172 = tmp170 * tmp171
        tmp173 = tl.full([1], 1, tl.int32)
        tmp174 = (tmp173 / tmp172)
        tmp175 = (tmp167 / tmp174)
        tmp176 = (tmp148 / tmp175)
        tmp177 = tmp156 + tmp176
        tl.store(out_ptr16 + (x4), tmp148, None)
        tl.store(out_ptr18 + (x4), tmp177, None)
        tl.store(out_ptr19 + (x4), tmp155, None)
    elif pid < num_xblocks_5:
        pid_offset = pid - num_xblocks_4
        xnumel = 3072
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x5 = xindex
        tmp178 = tl.load(in_ptr25 + (x5), xmask)
        tmp179 = tl.load(in_ptr26 + (x5), xmask)
        tmp184 = tl.load(in_ptr27 + (x5), xmask)
        tmp191 = tl.load(in_ptr28 + (x5), xmask)
        tmp193 = tl.load(in_ptr29 + (0))
        tmp194 = tl.broadcast_to(tmp193, [XBLOCK])
        tmp195 = tl.where(xmask, tmp194, 0.0)
        tmp180 = tmp179 - tmp178
        tmp181 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp182 = tmp180 * tmp181
        tmp183 = tmp178 + tmp182
        tmp185 = tl.full([1], 0.999, tl.float32)
        tmp186 = tmp184 * tmp185
        tmp187 = tmp179 * tmp179
        tmp188 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp189 = tmp187 * tmp188
        tmp190 = tmp186 + tmp189
        tmp192 = tl.sqrt_rn(tmp190)
        tmp196 = libdevice.pow(tmp185, tmp195)
        tmp197 = tl.full([1], 1.0, tl.float32)
        tmp198 = tmp196 - tmp197
        tmp199 = -tmp198
        tmp200 = tl.sqrt_rn(tmp199)
        tmp201 = (tmp192 / tmp200)
        tmp202 = tl.full([1], 1e-08, tl.float32)
        tmp203 = tmp201 + tmp202
        tmp204 = tl.full([1], 0.9, tl.float32)
        tmp205 = libdevice.pow(tmp204, tmp195)
        tmp206 = tmp205 - tmp197
        tmp207 = tl.full([1], 1000.0, tl.float32)
        tmp208 = tmp206 * tmp207
        tmp209 = tl.full([1], 1, tl.int32)
        tmp210 = (tmp209 / tmp208)
        tmp211 = (tmp203 / tmp210)
        tmp212 = (tmp183 / tmp211)
        tmp213 = tmp191 + tmp212
        tl.store(out_ptr20 + (x5), tmp183, xmask)
        tl.store(out_ptr22 + (x5), tmp213, xmask)
        tl.store(out_ptr23 + (x5), tmp190, xmask)
    elif pid < num_xblocks_6:
        pid_offset = pid - num_xblocks_5
        xnumel = 1048576
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x6 = xindex
        tmp214 = tl.load(in_ptr30 + (x6), None)
        tmp215 = tl.load(in_ptr31 + (x6), None)
        tmp220 = tl.load(in_ptr32 + (x6), None)
        tmp227 = tl.load(in_ptr33 + (x6), None)
        tmp229 = tl.load(in_ptr34 + (0))
        tmp230 = tl.broadcast_to(tmp229, [XBLOCK])
        tmp216 = tmp215 - tmp214
        tmp217 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp218 = tmp216 * tmp217
        tmp219 = tmp214 + tmp218
        tmp221 = tl.full([1], 0.999, tl.float32)
        tmp222 = tmp220 * tmp221
        tmp223 = tmp215 * tmp215
        tmp224 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp225 = tmp223 * tmp224
        tmp226 = tmp222 + tmp225
        tmp228 = tl.sqrt_rn(tmp226)
        tmp231 = libdevice.pow(tmp221, tmp230)
        tmp232 = tl.full([1], 1.0, tl.float32)
        tmp233 = tmp231 - tmp232
        tmp234 = -tmp233
        tmp235 = tl.sqrt_rn(tmp234)
        tmp236 = (tmp228 / tmp235)
        tmp237 = tl.full([1], 1e-08, tl.float32)
        tmp238 = tmp236 + tmp237
        tmp239 = tl.full([1], 0.9, tl.float32)
        tmp240 = libdevice.pow(tmp239, tmp230)
        tmp241 = tmp240 - tmp232
        tmp242 = tl.full([1], 1000.0, tl.float32)
        tmp243 = tmp241 * tmp242
        tmp244 = tl.full([1], 1, tl.int32)
        tmp245 = (tmp244 / tmp243)
        tmp246 = (tmp238 / tmp245)
        tmp247 = (tmp219 / tmp246)
        tmp248 = tmp227 + tmp247
        tl.store(out_ptr24 + (x6), tmp219, None)
        tl.store(out_ptr26 + (x6), tmp248, None)
        tl.store(out_ptr27 + (x6), tmp226, None)
    elif pid < num_xblocks_7:
        pid_offset = pid - num_xblocks_6
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x7 = xindex
        tmp249 = tl.load(in_ptr35 + (x7), xmask)
        tmp250 = tl.load(in_ptr36 + (x7), xmask)
        tmp255 = tl.load(in_ptr37 + (x7), xmask)
        tmp262 = tl.load(in_ptr38 + (x7), xmask)
        tmp264 = tl.load(in_ptr39 + (0))
        tmp265 = tl.broadcast_to(tmp264, [XBLOCK])
        tmp266 = tl.where(xmask, tmp265, 0.0)
        tmp251 = tmp250 - tmp249
        tmp252 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp253 = tmp251 * tmp252
        tmp254 = tmp249 + tmp253
        tmp256 = tl.full([1], 0.999, tl.float32)
        tmp257 = tmp255 * tmp256
        tmp258 = tmp250 * tmp250
        tmp259 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp260 = tmp258 * tmp259
        tmp261 = tmp257 + tmp260
        tmp263 = tl.sqrt_rn(tmp261)
        tmp267 = libdevice.pow(tmp256, tmp266)
        tmp268 = tl.full([1], 1.0, tl.float32)
        tmp269 = tmp267 - tmp268
        tmp270 = -tmp269
        tmp271 = tl.sqrt_rn(tmp270)
        tmp272 = (tmp263 / tmp271)
        tmp273 = tl.full([1], 1e-08, tl.float32)
        tmp274 = tmp272 + tmp273
        tmp275 = tl.full([1], 0.9, tl.float32)
        tmp276 = libdevice.pow(tmp275, tmp266)
        tmp277 = tmp276 - tmp268
        tmp278 = tl.full([1], 1000.0, tl.float32)
        tmp279 = tmp277 * tmp278
        tmp280 = tl.full([1], 1, tl.int32)
        tmp281 = (tmp280 / tmp279)
        tmp282 = (tmp274 / tmp281)
        tmp283 = (tmp254 / tmp282)
        tmp284 = tmp262 + tmp283
        tl.store(out_ptr28 + (x7), tmp254, xmask)
        tl.store(out_ptr30 + (x7), tmp284, xmask)
        tl.store(out_ptr31 + (x7), tmp261, xmask)
    elif pid < num_xblocks_8:
        pid_offset = pid - num_xblocks_7
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x8 = xindex
        tmp285 = tl.load(in_ptr40 + (x8), xmask)
        tmp286 = tl.load(in_ptr41 + (x8), xmask)
        tmp291 = tl.load(in_ptr42 + (x8), xmask)
        tmp298 = tl.load(in_ptr43 + (x8), xmask)
        tmp300 = tl.load(in_ptr44 + (0))
        tmp301 = tl.broadcast_to(tmp300, [XBLOCK])
        tmp302 = tl.where(xmask, tmp301, 0.0)
        tmp287 = tmp286 - tmp285
        tmp288 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp289 = tmp287 * tmp288
        tmp290 = tmp285 + tmp289
        tmp292 = tl.full([1], 0.999, tl.float32)
        tmp293 = tmp291 * tmp292
        tmp294 = tmp286 * tmp286
        tmp295 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp296 = tmp294 * tmp295
        tmp297 = tmp293 + tmp296
        tmp299 = tl.sqrt_rn(tmp297)
        tmp303 = libdevice.pow(tmp292, tmp302)
        tmp304 = tl.full([1], 1.0, tl.float32)
        tmp305 = tmp303 - tmp304
        tmp306 = -tmp305
        tmp307 = tl.sqrt_rn(tmp306)
        tmp308 = (tmp299 / tmp307)
        tmp309 = tl.full([1], 1e-08, tl.float32)
        tmp310 = tmp308 + tmp309
        tmp311 = tl.full([1], 0.9, tl.float32)
        tmp312 = libdevice.pow(tmp311, tmp302)
        tmp313 = tmp312 - tmp304
        tmp314 = tl.full([1], 1000.0, tl.float32)
        tmp315 = tmp313 * tmp314
        tmp316 = tl.full([1], 1, tl.int32)
        tmp317 = (tmp316 / tmp315)
        tmp318 = (tmp310 / tmp317)
        tmp319 = (tmp290 / tmp318)
        tmp320 = tmp298 + tmp319
        tl.store(out_ptr32 + (x8), tmp290, xmask)
        tl.store(out_ptr34 + (x8), tmp320, xmask)
        tl.store(out_ptr35 + (x8), tmp297, xmask)
    elif pid < num_xblocks_9:
        pid_offset = pid - num_xblocks_8
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x9 = xindex
        tmp321 = tl.load(in_ptr45 + (x9), xmask)
        tmp322 = tl.load(in_ptr46 + (x9), xmask)
        tmp327 = tl.load(in_ptr47 + (x9), xmask)
        tmp334 = tl.load(in_ptr48 + (x9), xmask)
        tmp336 = tl.load(in_ptr49 + (0))
        tmp337 = tl.broadcast_to(tmp336, [XBLOCK])
        tmp338 = tl.where(xmask, tmp337, 0.0)
        tmp323 = tmp322 - tmp321
        tmp324 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp325 = tmp323 * tmp324
        tmp326 = tmp321 + tmp325
        tmp328 = tl.full([1], 0.999, tl.float32)
        tmp329 = tmp327 * tmp328
        tmp330 = tmp322 * tmp322
        tmp331 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp332 = tmp330 * tmp331
        tmp333 = tmp329 + tmp332
        tmp335 = tl.sqrt_rn(tmp333)
        tmp339 = libdevice.pow(tmp328, tmp338)
        tmp340 = tl.full([1], 1.0, tl.float32)
        tmp341 = tmp339 - tmp340
        tmp342 = -tmp341
        tmp343 = tl.sqrt_rn(tmp342)
        tmp344 = (tmp335 / tmp343)
        tmp345 = tl.full([1], 1e-08, tl.float32)
        tmp346 = tmp344 + tmp345
        tmp347 = tl.full([1], 0.9, tl.float32)
        tmp348 = libdevice.pow(tmp347, tmp338)
        tmp349 = tmp348 - tmp340
        tmp350 = tl.full([1], 1000.0, tl.float32)
        tmp351 = tmp349 * tmp350
        tmp352 = tl.full([1], 1, tl.int32)
        tmp353 = (tmp352 / tmp351)
        tmp354 = (tmp346 / tmp353)
        tmp355 = (tmp326 / tmp354)
        tmp356 = tmp334 + tmp355
        tl.store(out_ptr36 + (x9), tmp326, xmask)
        tl.store(out_ptr38 + (x9), tmp356, xmask)
        tl.store(out_ptr39 + (x9), tmp333, xmask)
    elif pid < num_xblocks_10:
        pid_offset = pid - num_xblocks_9
        xnumel = 4194304
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x10 = xindex
        tmp357 = tl.load(in_ptr50 + (x10), None)
        tmp358 = tl.load(in_ptr51 + (x10), None)
        tmp363 = tl.load(in_ptr52 + (x10), None)
        tmp370 = tl.load(in_ptr53 + (x10), None)
        tmp372 = tl.load(in_ptr54 + (0))
        tmp373 = tl.broadcast_to(tmp372, [XBLOCK])
        tmp359 = tmp358 - tmp357
        tmp360 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp361 = tmp359 * tmp360
        tmp362 = tmp357 + tmp361
        tmp364 = tl.full([1], 0.999, tl.float32)
        tmp365 = tmp363 * tmp364
        tmp366 = tmp358 * tmp358
        tmp367 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp368 = tmp366 * tmp367
        tmp369 = tmp365 + tmp368
        tmp371 = tl.sqrt_rn(tmp369)
        tmp374 = libdevice.pow(tmp364, tmp373)
        tmp375 = tl.full([1], 1.0, tl.float32)
        tmp376 = tmp374 - tmp375
        tmp377 = -tmp376
        tmp378 = tl.sqrt_rn(tmp377)
        tmp379 = (tmp371 / tmp378)
        tmp380 = tl.full([1], 1e-08, tl.float32)
        tmp381 = tmp379 + tmp380
        tmp382 = tl.full([1], 0.9, tl.float32)
        tmp383 = libdevice.pow(tmp382, tmp373)
        tmp384 = tmp383 - tmp375
        tmp385 = tl.full([1], 1000.0, tl.float32)
        tmp386 = tmp384 * tmp385
        tmp387 = tl.full([1], 1, tl.int32)
        tmp388 = (tmp387 / tmp386)
        tmp389 = (tmp381 / tmp388)
        tmp390 = (tmp362 / tmp389)
        tmp391 = tmp370 + tmp390
        tl.store(out_ptr40 + (x10), tmp362, None)
        tl.store(out_ptr42 + (x10), tmp391, None)
        tl.store(out_ptr43 + (x10), tmp369, None)
    elif pid < num_xblocks_11:
        pid_offset = pid - num_xblocks_10
        xnumel = 4096
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x11 = xindex
        tmp392 = tl.load(in_ptr55 + (x11), None)
        tmp393 = tl.load(in_ptr56 + (x11), None)
        tmp398 = tl.load(in_ptr57 + (x11), None)
        tmp405 = tl.load(in_ptr58 + (x11), None)
        tmp407 = tl.load(in_ptr59 + (0))
        tmp408 = tl.broadcast_to(tmp407, [XBLOCK])
        tmp394 = tmp393 - tmp392
        tmp395 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp396 = tmp394 * tmp395
        tmp397 = tmp392 + tmp396
        tmp399 = tl.full([1], 0.999, tl.float32)
        tmp400 = tmp398 * tmp399
        tmp401 = tmp393 * tmp393
        tmp402 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp403 = tmp401 * tmp402
        tmp404 = tmp400 + tmp403
        tmp406 = tl.sqrt_rn(tmp404)
        tmp409 = libdevice.pow(tmp399, tmp408)
        tmp410 = tl.full([1], 1.0, tl.float32)
        tmp411 = tmp409 - tmp410
        tmp412 = -tmp411
        tmp413 = tl.sqrt_rn(tmp412)
        tmp414 = (tmp406 / tmp413)
        tmp415 = tl.full([1], 1e-08, tl.float32)
        tmp416 = tmp414 + tmp415
        tmp417 = tl.full([1], 0.9, tl.float32)
        tmp418 = libdevice.pow(tmp417, tmp408)
        tmp419 = tmp418 - tmp410
        tmp420 = tl.full([1], 1000.0, tl.float32)
        tmp421 = tmp419 * tmp420
        tmp422 = tl.full([1], 1, tl.int32)
        tmp423 = (tmp422 / tmp421)
        tmp424 = (tmp416 / tmp423)
        tmp425 = (tmp397 / tmp424)
        tmp426 = tmp405 + tmp425
        tl.store(out_ptr44 + (x11), tmp397, None)
        tl.store(out_ptr46 + (x11), tmp426, None)
        tl.store(out_ptr47 + (x11), tmp404, None)
    elif pid < num_xblocks_12:
        pid_offset = pid - num_xblocks_11
        xnumel = 4194304
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x12 = xindex
        tmp427 = tl.load(in_ptr60 + (x12), None)
        tmp428 = tl.load(in_ptr61 + (x12), None)
        tmp433 = tl.load(in_ptr62 + (x12), None)
        tmp440 = tl.load(in_ptr63 + (x12), None)
        tmp442 = tl.load(in_ptr64 + (0))
        tmp443 = tl.broadcast_to(tmp442, [XBLOCK])
        tmp429 = tmp428 - tmp427
        tmp430 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp431 = tmp429 * tmp430
        tmp432 = tmp427 + tmp431
        tmp434 = tl.full([1], 0.999, tl.float32)
        tmp435 = tmp433 * tmp434
        tmp436 = tmp428 * tmp428
        tmp437 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp438 = tmp436 * tmp437
        tmp439 = tmp435 + tmp438
        tmp441 = tl.sqrt_rn(tmp439)
        tmp444 = libdevice.pow(tmp434, tmp443)
        tmp445 = tl.full([1], 1.0, tl.float32)
        tmp446 = tmp444 - tmp445
        tmp447 = -tmp446
        tmp448 = tl.sqrt_rn(tmp447)
        tmp449 = (tmp441 / tmp448)
        tmp450 = tl.full([1], 1e-08, tl.float32)
        tmp451 = tmp449 + tmp450
        tmp452 = tl.full([1], 0.9, tl.float32)
        tmp453 = libdevice.pow(tmp452, tmp443)
        tmp454 = tmp453 - tmp445
        tmp455 = tl.full([1], 1000.0, tl.float32)
        tmp456 = tmp454 * tmp455
        tmp457 = tl.full([1], 1, tl.int32)
        tmp458 = (tmp457 / tmp456)
        tmp459 = (tmp451 / tmp458)
        tmp460 = (tmp432 / tmp459)
        tmp461 = tmp440 + tmp460
        tl.store(out_ptr48 + (x12), tmp432, None)
        tl.store(out_ptr50 + (x12), tmp461, None)
        tl.store(out_ptr51 + (x12), tmp439, None)
    elif pid < num_xblocks_13:
        pid_offset = pid - num_xblocks_12
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x13 = xindex
        tmp462 = tl.load(in_ptr65 + (x13), xmask)
        tmp463 = tl.load(in_ptr66 + (x13), xmask)
        tmp468 = tl.load(in_ptr67 + (x13), xmask)
        tmp475 = tl.load(in_ptr68 + (x13), xmask)
        tmp477 = tl.load(in_ptr69 + (0))
        tmp478 = tl.broadcast_to(tmp477, [XBLOCK])
        tmp479 = tl.where(xmask, tmp478, 0.0)
        tmp464 = tmp463 - tmp462
        tmp465 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp466 = tmp464 * tmp465
        tmp467 = tmp462 + tmp466
        tmp469 = tl.full([1], 0.999, tl.float32)
        tmp470 = tmp468 * tmp469
        tmp471 = tmp463 * tmp463
        tmp472 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp473 = tmp471 * tmp472
        tmp474 = tmp470 + tmp473
        tmp476 = tl.sqrt_rn(tmp474)
        tmp480 = libdevice.pow(tmp469, tmp479)
        tmp481 = tl.full([1], 1.0, tl.float32)
        tmp482 = tmp480 - tmp481
        tmp483 = -tmp482
        tmp484 = tl.sqrt_rn(tmp483)
        tmp485 = (tmp476 / tmp484)
        tmp486 = tl.full([1], 1e-08, tl.float32)
        tmp487 = tmp485 + tmp486
        tmp488 = tl.full([1], 0.9, tl.float32)
        tmp489 = libdevice.pow(tmp488, tmp479)
        tmp490 = tmp489 - tmp481
        tmp491 = tl.full([1], 1000.0, tl.float32)
        tmp492 = tmp490 * tmp491
        tmp493 = tl.full([1], 1, tl.int32)
        tmp494 = (tmp493 / tmp492)
        tmp495 = (tmp487 / tmp494)
        tmp496 = (tmp467 / tmp495)
        tmp497 = tmp475 + tmp496
        tl.store(out_ptr52 + (x13), tmp467, xmask)
        tl.store(out_ptr54 + (x13), tmp497, xmask)
        tl.store(out_ptr55 + (x13), tmp474, xmask)
    elif pid < num_xblocks_14:
        pid_offset = pid - num_xblocks_13
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x14 = xindex
        tmp498 = tl.load(in_ptr70 + (x14), xmask)
        tmp499 = tl.load(in_ptr71 + (x14), xmask)
        tmp504 = tl.load(in_ptr72 + (x14), xmask)
        tmp511 = tl.load(in_ptr73 + (x14), xmask)
        tmp513 = tl.load(in_ptr74 + (0))
        tmp514 = tl.broadcast_to(tmp513, [XBLOCK])
        tmp515 = tl.where(xmask, tmp514, 0.0)
        tmp500 = tmp499 - tmp498
        tmp501 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp502 = tmp500 * tmp501
        tmp503 = tmp498 + tmp502
        tmp505 = tl.full([1], 0.999, tl.float32)
        tmp506 = tmp504 * tmp505
        tmp507 = tmp499 * tmp499
        tmp508 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp509 = tmp507 * tmp508
        tmp510 = tmp506 + tmp509
        tmp512 = tl.sqrt_rn(tmp510)
        tmp516 = libdevice.pow(tmp505, tmp515)
        tmp517 = tl.full([1], 1.0, tl.float32)
        tmp518 = tmp516 - tmp517
        tmp519 = -tmp518
        tmp520 = tl.sqrt_rn(tmp519)
        tmp521 = (tmp512 / tmp520)
        tmp522 = tl.full([1], 1e-08, tl.float32)
        tmp523 = tmp521 + tmp522
        tmp524 = tl.full([1], 0.9, tl.float32)
        tmp525 = libdevice.pow(tmp524, tmp515)
        tmp526 = tmp525 - tmp517
        tmp527 = tl.full([1], 1000.0, tl.float32)
        tmp528 = tmp526 * tmp527
        tmp529 = tl.full([1], 1, tl.int32)
        tmp530 = (tmp529 / tmp528)
        tmp531 = (tmp523 / tmp530)
        tmp532 = (tmp503 / tmp531)
        tmp533 = tmp511 + tmp532
        tl.store(out_ptr56 + (x14), tmp503, xmask)
        tl.store(out_ptr58 + (x14), tmp533, xmask)
        tl.store(out_ptr59 + (x14), tmp510, xmask)
    elif pid < num_xblocks_15:
        pid_offset = pid - num_xblocks_14
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x15 = xindex
        tmp534 = tl.load(in_ptr75 + (x15), xmask)
        tmp535 = tl.load(in_ptr76 + (x15), xmask)
        tmp540 = tl.load(in_ptr77 + (x15), xmask)
        tmp547 = tl.load(in_ptr78 + (x15), xmask)
        tmp549 = tl.load(in_ptr79 + (0))
        tmp550 = tl.broadcast_to(tmp549, [XBLOCK])
        tmp551 = tl.where(xmask, tmp550, 0.0)
        tmp536 = tmp535 - tmp534
        tmp537 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp538 = tmp536 * tmp537
        tmp539 = tmp534 + tmp538
        tmp541 = tl.full([1], 0.999, tl.float32)
        tmp542 = tmp540 * tmp541
        tmp543 = tmp535 * tmp535
        tmp544 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp545 = tmp543 * tmp544
        tmp546 = tmp542 + tmp545
        tmp548 = tl.sqrt_rn(tmp546)
        tmp552 = libdevice.pow(tmp541, tmp551)
        tmp553 = tl.full([1], 1.0, tl.float32)
        tmp554 = tmp552 - tmp553
        tmp555 = -tmp554
        tmp556 = tl.sqrt_rn(tmp555)
        tmp557 = (tmp548 / tmp556)
        tmp558 = tl.full([1], 1e-08, tl.float32)
        tmp559 = tmp557 + tmp558
        tmp560 = tl.full([1], 0.9, tl.float32)
        tmp561 = libdevice.pow(tmp560, tmp551)
        tmp562 = tmp561 - tmp553
        tmp563 = tl.full([1], 1000.0, tl.float32)
        tmp564 = tmp562 * tmp563
        tmp565 = tl.full([1], 1, tl.int32)
        tmp566 = (tmp565 / tmp564)
        tmp567 = (tmp559 / tmp566)
        tmp568 = (tmp539 / tmp567)
        tmp569 = tmp547 + tmp568
        tl.store(out_ptr60 + (x15), tmp539, xmask)
        tl.store(out_ptr62 + (x15), tmp569, xmask)
        tl.store(out_ptr63 + (x15), tmp546, xmask)
    elif pid < num_xblocks_16:
        pid_offset = pid - num_xblocks_15
        xnumel = 3145728
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x16 = xindex
        tmp570 = tl.load(in_ptr80 + (x16), None)
        tmp571 = tl.load(in_ptr81 + (x16), None)
        tmp576 = tl.load(in_ptr82 + (x16), None)
        tmp583 = tl.load(in_ptr83 + (x16), None)
        tmp585 = tl.load(in_ptr84 + (0))
        tmp586 = tl.broadcast_to(tmp585, [XBLOCK])
        tmp572 = tmp571 - tmp570
        tmp573 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp574 = tmp572 * tmp573
        tmp575 = tmp570 + tmp574
        tmp577 = tl.full([1], 0.999, tl.float32)
        tmp578 = tmp576 * tmp577
        tmp579 = tmp571 * tmp571
        tmp580 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp581 = tmp579 * tmp580
        tmp582 = tmp578 + tmp581
        tmp584 = tl.sqrt_rn(tmp582)
        tmp587 = libdevice.pow(tmp577, tmp586)
        tmp588 = tl.full([1], 1.0, tl.float32)
        tmp589 = tmp587 - tmp588
        tmp590 = -tmp589
        tmp591 = tl.sqrt_rn(tmp590)
        tmp592 = (tmp584 / tmp591)
        tmp593 = tl.full([1], 1e-08, tl.float32)
        tmp594 = tmp592 + tmp593
        tmp595 = tl.full([1], 0.9, tl.float32)
        tmp596 = libdevice.pow(tmp595, tmp586)
        tmp597 = tmp596 - tmp588
        tmp598 = tl.full([1], 1000.0, tl.float32)
        tmp599 = tmp597 * tmp598
        tmp600 = tl.full([1], 1, tl.int32)
        tmp601 = (tmp600 / tmp599)
        tmp602 = (tmp594 / tmp601)
        tmp603 = (tmp575 / tmp602)
        tmp604 = tmp583 + tmp603
        tl.store(out_ptr64 + (x16), tmp575, None)
        tl.store(out_ptr66 + (x16), tmp604, None)
        tl.store(out_ptr67 + (x16), tmp582, None)
    elif pid < num_xblocks_17:
        pid_offset = pid - num_xblocks_16
        xnumel = 3072
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x17 = xindex
        tmp605 = tl.load(in_ptr85 + (x17), xmask)
        tmp606 = tl.load(in_ptr86 + (x17), xmask)
        tmp611 = tl.load(in_ptr87 + (x17), xmask)
        tmp618 = tl.load(in_ptr88 + (x17), xmask)
        tmp620 = tl.load(in_ptr89 + (0))
        tmp621 = tl.broadcast_to(tmp620, [XBLOCK])
        tmp622 = tl.where(xmask, tmp621, 0.0)
        tmp607 = tmp606 - tmp605
        tmp608 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp609 = tmp607 * tmp608
        tmp610 = tmp605 + tmp609
        tmp612 = tl.full([1], 0.999, tl.float32)
        tmp613 = tmp611 * tmp612
        tmp614 = tmp606 * tmp606
        tmp615 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp616 = tmp614 * tmp615
        tmp617 = tmp613 + tmp616
        tmp619 = tl.sqrt_rn(tmp617)
        tmp623 = libdevice.pow(tmp612, tmp622)
        tmp624 = tl.full([1], 1.0, tl.float32)
        tmp625 = tmp623 - tmp624
        tmp626 = -tmp625
        tmp627 = tl.sqrt_rn(tmp626)
        tmp628 = (tmp619 / tmp627)
        tmp629 = tl.full([1], 1e-08, tl.float32)
        tmp630 = tmp628 + tmp629
        tmp631 = tl.full([1], 0.9, tl.float32)
        tmp632 = libdevice.pow(tmp631, tmp622)
        tmp633 = tmp632 - tmp624
        tmp634 = tl.full([1], 1000.0, tl.float32)
        tmp635 = tmp633 * tmp634
        tmp636 = tl.full([1], 1, tl.int32)
        tmp637 = (tmp636 / tmp635)
        tmp638 = (tmp630 / tmp637)
        tmp639 = (tmp610 / tmp638)
        tmp640 = tmp618 + tmp639
        tl.store(out_ptr68 + (x17), tmp610, xmask)
        tl.store(out_ptr70 + (x17), tmp640, xmask)
        tl.store(out_ptr71 + (x17), tmp617, xmask)
    elif pid < num_xblocks_18:
        pid_offset = pid - num_xblocks_17
        xnumel = 1048576
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x18 = xindex
        tmp641 = tl.load(in_ptr90 + (x18), None)
        tmp642 = tl.load(in_ptr91 + (x18), None)
        tmp647 = tl.load(in_ptr92 + (x18), None)
        tmp654 = tl.load(in_ptr93 + (x18), None)
        tmp656 = tl.load(in_ptr94 + (0))
        tmp657 = tl.broadcast_to(tmp656, [XBLOCK])
        tmp643 = tmp642 - tmp641
        tmp644 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp645 = tmp643 * tmp644
        tmp646 = tmp641 + tmp645
        tmp648 = tl.full([1], 0.999, tl.float32)
        tmp649 = tmp647 * tmp648
        tmp650 = tmp642 * tmp642
        tmp651 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp652 = tmp650 * tmp651
        tmp653 = tmp649 + tmp652
        tmp655 = tl.sqrt_rn(tmp653)
        tmp658 = libdevice.pow(tmp648, tmp657)
        tmp659 = tl.full([1], 1.0, tl.float32)
        tmp660 = tmp658 - tmp659
        tmp661 = -tmp660
        tmp662 = tl.sqrt_rn(tmp661)
        tmp663 = (tmp655 / tmp662)
        tmp664 = tl.full([1], 1e-08, tl.float32)
        tmp665 = tmp663 + tmp664
        tmp666 = tl.full([1], 0.9, tl.float32)
        tmp667 = libdevice.pow(tmp666, tmp657)
        tmp668 = tmp667 - tmp659
        tmp669 = tl.full([1], 1000.0, tl.float32)
        tmp670 = tmp668 * tmp669
        tmp671 = tl.full([1], 1, tl.int32)
        tmp672 = (tmp671 / tmp670)
        tmp673 = (tmp665 / tmp672)
        tmp674 = (tmp646 / tmp673)
        tmp675 = tmp654 + tmp674
        tl.store(out_ptr72 + (x18), tmp646, None)
        tl.store(out_ptr74 + (x18), tmp675, None)
        tl.store(out_ptr75 + (x18), tmp653, None)
    elif pid < num_xblocks_19:
        pid_offset = pid - num_xblocks_18
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x19 = xindex
        tmp676 = tl.load(in_ptr95 + (x19), xmask)
        tmp677 = tl.load(in_ptr96 + (x19), xmask)
        tmp682 = tl.load(in_ptr97 + (x19), xmask)
        tmp689 = tl.load(in_ptr98 + (x19), xmask)
        tmp691 = tl.load(in_ptr99 + (0))
        tmp692 = tl.broadcast_to(tmp691, [XBLOCK])
        tmp693 = tl.where(xmask, tmp692, 0.0)
        tmp678 = tmp677 - tmp676
        tmp679 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp680 = tmp678 * tmp679
        tmp681 = tmp676 + tmp680
        tmp683 = tl.full([1], 0.999, tl.float32)
        tmp684 = tmp682 * tmp683
        tmp685 = tmp677 * tmp677
        tmp686 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp687 = tmp685 * tmp686
        tmp688 = tmp684 + tmp687
        tmp690 = tl.sqrt_rn(tmp688)
        tmp694 = libdevice.pow(tmp683, tmp693)
        tmp695 = tl.full([1], 1.0, tl.float32)
        tmp696 = tmp694 - tmp695
        tmp697 = -tmp696
        tmp698 = tl.sqrt_rn(tmp697)
        tmp699 = (tmp690 / tmp698)
        tmp700 = tl.full([1], 1e-08, tl.float32)
        tmp701 = tmp699 + tmp700
        tmp702 = tl.full([1], 0.9, tl.float32)
        tmp703 = libdevice.pow(tmp702, tmp693)
        tmp704 = tmp703 - tmp695
        tmp705 = tl.full([1], 1000.0, tl.float32)
        tmp706 = tmp704 * tmp705
        tmp707 = tl.full([1], 1, tl.int32)
        tmp708 = (tmp707 / tmp706)
        tmp709 = (tmp701 / tmp708)
        tmp710 = (tmp681 / tmp709)
        tmp711 = tmp689 + tmp710
        tl.store(out_ptr76 + (x19), tmp681, xmask)
        tl.store(out_ptr78 + (x19), tmp711, xmask)
        tl.store(out_ptr79 + (x19), tmp688, xmask)
    else:
        pass
''', device_str='cuda')


# kernel path: /tmp/inductor-shared-8og777gb/ld/cldj7ly3tktph3vrhgfgq3wmafguugqwacq6wdlo3pssvy5yvarw.py
# Unsorted Source Nodes: [], Original ATen: []
# Source node to ATen node mapping:
triton_for_fused_3 = async_compile.triton('triton_for_fused_3', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

@triton_heuristics.foreach(
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'in_ptr7': '*fp32', 'in_ptr8': '*fp32', 'in_ptr9': '*fp32', 'in_ptr10': '*fp32', 'in_ptr11': '*fp32', 'in_ptr12': '*fp32', 'in_ptr13': '*fp32', 'in_ptr14': '*fp32', 'in_ptr15': '*fp32', 'in_ptr16': '*fp32', 'in_ptr17': '*fp32', 'in_ptr18': '*fp32', 'in_ptr19': '*fp32', 'in_ptr20': '*fp32', 'in_ptr21': '*fp32', 'in_ptr22': '*fp32', 'in_ptr23': '*fp32', 'in_ptr24': '*fp32', 'in_ptr25': '*fp32', 'in_ptr26': '*fp32', 'in_ptr27': '*fp32', 'in_ptr28': '*fp32', 'in_ptr29': '*fp32', 'in_ptr30': '*fp32', 'in_ptr31': '*fp32', 'in_ptr32': '*fp32', 'in_ptr33': '*fp32', 'in_ptr34': '*fp32', 'in_ptr35': '*fp32', 'in_ptr36': '*fp32', 'in_ptr37': '*fp32', 'in_ptr38': '*fp32', 'in_ptr39': '*fp32', 'in_ptr40': '*fp32', 'in_ptr41': '*fp32', 'in_ptr42': '*fp32', 'in_ptr43': '*fp32', 'in_ptr44': '*fp32', 'in_ptr45': '*fp32', 'in_ptr46': '*fp32', 'in_ptr47': '*fp32', 'in_ptr48': '*fp32', 'in_ptr49': '*fp32', 'out_ptr0': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'out_ptr4': '*fp32', 'out_ptr6': '*fp32', 'out_ptr7': '*fp32', 'out_ptr8': '*fp32', 'out_ptr10': '*fp32', 'out_ptr11': '*fp32', 'out_ptr12': '*fp32', 'out_ptr14': '*fp32', 'out_ptr15': '*fp32', 'out_ptr16': '*fp32', 'out_ptr18': '*fp32', 'out_ptr19': '*fp32', 'out_ptr20': '*fp32', 'out_ptr22': '*fp32', 'out_ptr23': '*fp32', 'out_ptr24': '*fp32', 'out_ptr26': '*fp32', 'out_ptr27': '*fp32', 'out_ptr28': '*fp32', 'out_ptr30': '*fp32', 'out_ptr31': '*fp32', 'out_ptr32': '*fp32', 'out_ptr34': '*fp32', 'out_ptr35': '*fp32', 'out_ptr36': '*fp32', 'out_ptr38': '*fp32', 'out_ptr39': '*fp32'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'enable_fp_fusion': True, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]], (14,): [['tt.divisibility', 16]], (15,): [['tt.divisibility', 16]], (16,): [['tt.divisibility', 16]], (17,): [['tt.divisibility', 16]], (18,): [['tt.divisibility', 16]], (19,): [['tt.divisibility', 16]], (20,): [['tt.divisibility', 16]], (21,): [['tt.divisibility', 16]], (22,): [['tt.divisibility', 16]], (23,): [['tt.divisibility', 16]], (24,): [['tt.divisibility', 16]], (25,): [['tt.divisibility', 16]], (26,): [['tt.divisibility', 16]], (27,): [['tt.divisibility', 16]], (28,): [['tt.divisibility', 16]], (29,): [['tt.divisibility', 16]], (30,): [['tt.divisibility', 16]], (31,): [['tt.divisibility', 16]], (32,): [['tt.divisibility', 16]], (33,): [['tt.divisibility', 16]], (34,): [['tt.divisibility', 16]], (35,): [['tt.divisibility', 16]], (36,): [['tt.divisibility', 16]], (37,): [['tt.divisibility', 16]], (38,): [['tt.divisibility', 16]], (39,): [['tt.divisibility', 16]], (40,): [['tt.divisibility', 16]], (41,): [['tt.divisibility', 16]], (42,): [['tt.divisibility', 16]], (43,): [['tt.divisibility', 16]], (44,): [['tt.divisibility', 16]], (45,): [['tt.divisibility', 16]], (46,): [['tt.divisibility', 16]], (47,): [['tt.divisibility', 16]], (48,): [['tt.divisibility', 16]], (49,): [['tt.divisibility', 16]], (50,): [['tt.divisibility', 16]], (51,): [['tt.divisibility', 16]], (52,): [['tt.divisibility', 16]], (53,): [['tt.divisibility', 16]], (54,): [['tt.divisibility', 16]], (55,): [['tt.divisibility', 16]], (56,): [['tt.divisibility', 16]], (57,): [['tt.divisibility', 16]], (58,): [['tt.divisibility', 16]], (59,): [['tt.divisibility', 16]], (60,): [['tt.divisibility', 16]], (61,): [['tt.divisibility', 16]], (62,): [['tt.divisibility', 16]], (63,): [['tt.divisibility', 16]], (64,): [['tt.divisibility', 16]], (65,): [['tt.divisibility', 16]], (66,): [['tt.divisibility', 16]], (67,): [['tt.divisibility', 16]], (68,): [['tt.divisibility', 16]], (69,): [['tt.divisibility', 16]], (70,): [['tt.divisibility', 16]], (71,): [['tt.divisibility', 16]], (72,): [['tt.divisibility', 16]], (73,): [['tt.divisibility', 16]], (74,): [['tt.divisibility', 16]], (75,): [['tt.divisibility', 16]], (76,): [['tt.divisibility', 16]], (77,): [['tt.divisibility', 16]], (78,): [['tt.divisibility', 16]], (79,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'SequentialComboKernelGrid', 'combo_grid_meta': {'num_kernels': 10, 'min_blocks': 0, 'default_config': {'XBLOCK': 1024}, 'no_x_dim_0': False, 'xnumel_0': 1024, 'no_x_dim_1': False, 'xnumel_1': 1024, 'no_x_dim_2': False, 'xnumel_2': 4194304, 'no_x_dim_3': False, 'xnumel_3': 4096, 'no_x_dim_4': False, 'xnumel_4': 4194304, 'no_x_dim_5': False, 'xnumel_5': 1024, 'no_x_dim_6': False, 'xnumel_6': 1024, 'no_x_dim_7': False, 'xnumel_7': 1024, 'no_x_dim_8': False, 'xnumel_8': 10240, 'no_x_dim_9': False, 'xnumel_9': 10}, 'kernel_name': 'triton_for_fused_3', 'mutated_arg_names': ['in_ptr0', 'in_ptr10', 'in_ptr12', 'in_ptr13', 'in_ptr15', 'in_ptr17', 'in_ptr18', 'in_ptr2', 'in_ptr20', 'in_ptr22', 'in_ptr23', 'in_ptr25', 'in_ptr27', 'in_ptr28', 'in_ptr3', 'in_ptr30', 'in_ptr32', 'in_ptr33', 'in_ptr35', 'in_ptr37', 'in_ptr38', 'in_ptr40', 'in_ptr42', 'in_ptr43', 'in_ptr45', 'in_ptr47', 'in_ptr48', 'in_ptr5', 'in_ptr7', 'in_ptr8', 'out_ptr0', 'out_ptr10', 'out_ptr11', 'out_ptr12', 'out_ptr14', 'out_ptr15', 'out_ptr16', 'out_ptr18', 'out_ptr19', 'out_ptr2', 'out_ptr20', 'out_ptr22', 'out_ptr23', 'out_ptr24', 'out_ptr26', 'out_ptr27', 'out_ptr28', 'out_ptr3', 'out_ptr30', 'out_ptr31', 'out_ptr32', 'out_ptr34', 'out_ptr35', 'out_ptr36', 'out_ptr38', 'out_ptr39', 'out_ptr4', 'out_ptr6', 'out_ptr7', 'out_ptr8'], 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False},
)
@triton.jit
def triton_for_fused_3(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, in_ptr8, in_ptr9, in_ptr10, in_ptr11, in_ptr12, in_ptr13, in_ptr14, in_ptr15, in_ptr16, in_ptr17, in_ptr18, in_ptr19, in_ptr20, in_ptr21, in_ptr22, in_ptr23, in_ptr24, in_ptr25, in_ptr26, in_ptr27, in_ptr28, in_ptr29, in_ptr30, in_ptr31, in_ptr32, in_ptr33, in_ptr34, in_ptr35, in_ptr36, in_ptr37, in_ptr38, in_ptr39, in_ptr40, in_ptr41, in_ptr42, in_ptr43, in_ptr44, in_ptr45, in_ptr46, in_ptr47, in_ptr48, in_ptr49, out_ptr0, out_ptr2, out_ptr3, out_ptr4, out_ptr6, out_ptr7, out_ptr8, out_ptr10, out_ptr11, out_ptr12, out_ptr14, out_ptr15, out_ptr16, out_ptr18, out_ptr19, out_ptr20, out_ptr22, out_ptr23, out_ptr24, out_ptr26, out_ptr27, out_ptr28, out_ptr30, out_ptr31, out_ptr32, out_ptr34, out_ptr35, out_ptr36, out_ptr38, out_ptr39):
    pid = tl.program_id(0)
    XBLOCK: tl.constexpr = 1024
    num_xblocks_0 = tl.cdiv(1024, XBLOCK)
    num_xblocks_1 = num_xblocks_0 + tl.cdiv(1024, XBLOCK)
    num_xblocks_2 = num_xblocks_1 + tl.cdiv(4194304, XBLOCK)
    num_xblocks_3 = num_xblocks_2 + tl.cdiv(4096, XBLOCK)
    num_xblocks_4 = num_xblocks_3 + tl.cdiv(4194304, XBLOCK)
    num_xblocks_5 = num_xblocks_4 + tl.cdiv(1024, XBLOCK)
    num_xblocks_6 = num_xblocks_5 + tl.cdiv(1024, XBLOCK)
    num_xblocks_7 = num_xblocks_6 + tl.cdiv(1024, XBLOCK)
    num_xblocks_8 = num_xblocks_7 + tl.cdiv(10240, XBLOCK)
    num_xblocks_9 = num_xblocks_8 + tl.cdiv(10, XBLOCK)
    if pid < num_xblocks_0:
        pid_offset = pid
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x0 = xindex
        tmp0 = tl.load(in_ptr0 + (x0), xmask)
        tmp1 = tl.load(in_ptr1 + (x0), xmask)
        tmp6 = tl.load(in_ptr2 + (x0), xmask)
        tmp13 = tl.load(in_ptr3 + (x0), xmask)
        tmp15 = tl.load(in_ptr4 + (0))
        tmp16 = tl.broadcast_to(tmp15, [XBLOCK])
        tmp17 = tl.where(xmask, tmp16, 0.0)
        tmp2 = tmp1 - tmp0
        tmp3 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp4 = tmp2 * tmp3
        tmp5 = tmp0 + tmp4
        tmp7 = tl.full([1], 0.999, tl.float32)
        tmp8 = tmp6 * tmp7
        tmp9 = tmp1 * tmp1
        tmp10 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp11 = tmp9 * tmp10
        tmp12 = tmp8 + tmp11
        tmp14 = tl.sqrt_rn(tmp12)
        tmp18 = libdevice.pow(tmp7, tmp17)
        tmp19 = tl.full([1], 1.0, tl.float32)
        tmp20 = tmp18 - tmp19
        tmp21 = -tmp20
        tmp22 = tl.sqrt_rn(tmp21)
        tmp23 = (tmp14 / tmp22)
        tmp24 = tl.full([1], 1e-08, tl.float32)
        tmp25 = tmp23 + tmp24
        tmp26 = tl.full([1], 0.9, tl.float32)
        tmp27 = libdevice.pow(tmp26, tmp17)
        tmp28 = tmp27 - tmp19
        tmp29 = tl.full([1], 1000.0, tl.float32)
        tmp30 = tmp28 * tmp29
        tmp31 = tl.full([1], 1, tl.int32)
        tmp32 = (tmp31 / tmp30)
        tmp33 = (tmp25 / tmp32)
        tmp34 = (tmp5 / tmp33)
        tmp35 = tmp13 + tmp34
        tl.store(out_ptr0 + (x0), tmp5, xmask)
        tl.store(out_ptr2 + (x0), tmp35, xmask)
        tl.store(out_ptr3 + (x0), tmp12, xmask)
    elif pid < num_xblocks_1:
        pid_offset = pid - num_xblocks_0
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x1 = xindex
        tmp36 = tl.load(in_ptr5 + (x1), xmask)
        tmp37 = tl.load(in_ptr6 + (x1), xmask)
        tmp42 = tl.load(in_ptr7 + (x1), xmask)
        tmp49 = tl.load(in_ptr8 + (x1), xmask)
        tmp51 = tl.load(in_ptr9 + (0))
        tmp52 = tl.broadcast_to(tmp51, [XBLOCK])
        tmp53 = tl.where(xmask, tmp52, 0.0)
        tmp38 = tmp37 - tmp36
        tmp39 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp40 = tmp38 * tmp39
        tmp41 = tmp36 + tmp40
        tmp43 = tl.full([1], 0.999, tl.float32)
        tmp44 = tmp42 * tmp43
        tmp45 = tmp37 * tmp37
        tmp46 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp47 = tmp45 * tmp46
        tmp48 = tmp44 + tmp47
        tmp50 = tl.sqrt_rn(tmp48)
        tmp54 = libdevice.pow(tmp43, tmp53)
        tmp55 = tl.full([1], 1.0, tl.float32)
        tmp56 = tmp54 - tmp55
        tmp57 = -tmp56
        tmp58 = tl.sqrt_rn(tmp57)
        tmp59 = (tmp50 / tmp58)
        tmp60 = tl.full([1], 1e-08, tl.float32)
        tmp61 = tmp59 + tmp60
        tmp62 = tl.full([1], 0.9, tl.float32)
        tmp63 = libdevice.pow(tmp62, tmp53)
        tmp64 = tmp63 - tmp55
        tmp65 = tl.full([1], 1000.0, tl.float32)
        tmp66 = tmp64 * tmp65
        tmp67 = tl.full([1], 1, tl.int32)
        tmp68 = (tmp67 / tmp66)
        tmp69 = (tmp61 / tmp68)
        tmp70 = (tmp41 / tmp69)
        tmp71 = tmp49 + tmp70
        tl.store(out_ptr4 + (x1), tmp41, xmask)
        tl.store(out_ptr6 + (x1), tmp71, xmask)
        tl.store(out_ptr7 + (x1), tmp48, xmask)
    elif pid < num_xblocks_2:
        pid_offset = pid - num_xblocks_1
        xnumel = 4194304
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x2 = xindex
        tmp72 = tl.load(in_ptr10 + (x2), None)
        tmp73 = tl.load(in_ptr11 + (x2), None)
        tmp78 = tl.load(in_ptr12 + (x2), None)
        tmp85 = tl.load(in_ptr13 + (x2), None)
        tmp87 = tl.load(in_ptr14 + (0))
        tmp88 = tl.broadcast_to(tmp87, [XBLOCK])
        tmp74 = tmp73 - tmp72
        tmp75 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp76 = tmp74 * tmp75
        tmp77 = tmp72 + tmp76
        tmp79 = tl.full([1], 0.999, tl.float32)
        tmp80 = tmp78 * tmp79
        tmp81 = tmp73 * tmp73
        tmp82 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp83 = tmp81 * tmp82
        tmp84 = tmp80 + tmp83
        tmp86 = tl.sqrt_rn(tmp84)
        tmp89 = libdevice.pow(tmp79, tmp88)
        tmp90 = tl.full([1], 1.0, tl.float32)
        tmp91 = tmp89 - tmp90
        tmp92 = -tmp91
        tmp93 = tl.sqrt_rn(tmp92)
        tmp94 = (tmp86 / tmp93)
        tmp95 = tl.full([1], 1e-08, tl.float32)
        tmp96 = tmp94 + tmp95
        tmp97 = tl.full([1], 0.9, tl.float32)
        tmp98 = libdevice.pow(tmp97, tmp88)
        tmp99 = tmp98 - tmp90
        tmp100 = tl.full([1], 1000.0, tl.float32)
        tmp101 = tmp99 * tmp100
        tmp102 = tl.full([1], 1, tl.int32)
        tmp103 = (tmp102 / tmp101)
        tmp104 = (tmp96 / tmp103)
        tmp105 = (tmp77 / tmp104)
        tmp106 = tmp85 + tmp105
        tl.store(out_ptr8 + (x2), tmp77, None)
        tl.store(out_ptr10 + (x2), tmp106, None)
        tl.store(out_ptr11 + (x2), tmp84, None)
    elif pid < num_xblocks_3:
        pid_offset = pid - num_xblocks_2
        xnumel = 4096
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x3 = xindex
        tmp107 = tl.load(in_ptr15 + (x3), None)
        tmp108 = tl.load(in_ptr16 + (x3), None)
        tmp113 = tl.load(in_ptr17 + (x3), None)
        tmp120 = tl.load(in_ptr18 + (x3), None)
        tmp122 = tl.load(in_ptr19 + (0))
        tmp123 = tl.broadcast_to(tmp122, [XBLOCK])
        tmp109 = tmp108 - tmp107
        tmp110 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp111 = tmp109 * tmp110
        tmp112 = tmp107 + tmp111
        tmp114 = tl.full([1], 0.999, tl.float32)
        tmp115 = tmp113 * tmp114
        tmp116 = tmp108 * tmp108
        tmp117 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp118 = tmp116 * tmp117
        tmp119 = tmp115 + tmp118
        tmp121 = tl.sqrt_rn(tmp119)
        tmp124 = libdevice.pow(tmp114, tmp123)
        tmp125 = tl.full([1], 1.0, tl.float32)
        tmp126 = tmp124 - tmp125
        tmp127 = -tmp126
        tmp128 = tl.sqrt_rn(tmp127)
        tmp129 = (tmp121 / tmp128)
        tmp130 = tl.full([1], 1e-08, tl.float32)
        tmp131 = tmp129 + tmp130
        tmp132 = tl.full([1], 0.9, tl.float32)
        tmp133 = libdevice.pow(tmp132, tmp123)
        tmp134 = tmp133 - tmp125
        tmp135 = tl.full([1], 1000.0, tl.float32)
        tmp136 = tmp134 * tmp135
        tmp137 = tl.full([1], 1, tl.int32)
        tmp138 = (tmp137 / tmp136)
        tmp139 = (tmp131 / tmp138)
        tmp140 = (tmp112 / tmp139)
        tmp141 = tmp120 + tmp140
        tl.store(out_ptr12 + (x3), tmp112, None)
        tl.store(out_ptr14 + (x3), tmp141, None)
        tl.store(out_ptr15 + (x3), tmp119, None)
    elif pid < num_xblocks_4:
        pid_offset = pid - num_xblocks_3
        xnumel = 4194304
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x4 = xindex
        tmp142 = tl.load(in_ptr20 + (x4), None)
        tmp143 = tl.load(in_ptr21 + (x4), None)
        tmp148 = tl.load(in_ptr22 + (x4), None)
        tmp155 = tl.load(in_ptr23 + (x4), None)
        tmp157 = tl.load(in_ptr24 + (0))
        tmp158 = tl.broadcast_to(tmp157, [XBLOCK])
        tmp144 = tmp143 - tmp142
        tmp145 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp146 = tmp144 * tmp145
        tmp147 = tmp142 + tmp146
        tmp149 = tl.full([1], 0.999, tl.float32)
        tmp150 = tmp148 * tmp149
        tmp151 = tmp143 * tmp143
        tmp152 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp153 = tmp151 * tmp152
        tmp154 = tmp150 + tmp153
        tmp156 = tl.sqrt_rn(tmp154)
        tmp159 = libdevice.pow(tmp149, tmp158)
        tmp160 = tl.full([1], 1.0, tl.float32)
        tmp161 = tmp159 - tmp160
        tmp162 = -tmp161
        tmp163 = tl.sqrt_rn(tmp162)
        tmp164 = (tmp156 / tmp163)
        tmp165 = tl.full([1], 1e-08, tl.float32)
        tmp166 = tmp164 + tmp165
        tmp167 = tl.full([1], 0.9, tl.float32)
        tmp168 = libdevice.pow(tmp167, tmp158)
        tmp169 = tmp168 - tmp160
        tmp170 = tl.full([1], 1000.0, tl.float32)
        tmp171 = tmp169 * tmp170
        tmp172 = tl.full([1], 1, tl.int32)
        tmp173 = (tmp172 / tmp171)
        tmp174 = (tmp166 / tmp173)
        tmp175 = (tmp147 / tmp174)
        tmp176 = tmp155 + tmp175
        tl.store(out_ptr16 + (x4), tmp147, None)
        tl.store(out_ptr18 + (x4), tmp176, None)
        tl.store(out_ptr19 + (x4), tmp154, None)
    elif pid < num_xblocks_5:
        pid_offset = pid - num_xblocks_4
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x5 = xindex
        tmp177 = tl.load(in_ptr25 + (x5), xmask)
        tmp178 = tl.load(in_ptr26 + (x5), xmask)
        tmp183 = tl.load(in_ptr27 + (x5), xmask)
        tmp190 = tl.load(in_ptr28 + (x5), xmask)
        tmp192 = tl.load(in_ptr29 + (0))
        tmp193 = tl.broadcast_to(tmp192, [XBLOCK])
        tmp194 = tl.where(xmask, tmp193, 0.0)
        tmp179 = tmp178 - tmp177
        tmp180 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp181 = tmp179 * tmp180
        tmp182 = tmp177 + tmp181
        tmp184 = tl.full([1], 0.999, tl.float32)
        tmp185 = tmp183 * tmp184
        tmp186 = tmp178 * tmp178
        tmp187 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp188 = tmp186 * tmp187
        tmp189 = tmp185 + tmp188
        tmp191 = tl.sqrt_rn(tmp189)
        tmp195 = libdevice.pow(tmp184, tmp194)
        tmp196 = tl.full([1], 1.0, tl.float32)
        tmp197 = tmp195 - tmp196
        tmp198 = -tmp197
        tmp199 = tl.sqrt_rn(tmp198)
        tmp200 = (tmp191 / tmp199)
        tmp201 = tl.full([1], 1e-08, tl.float32)
        tmp202 = tmp200 + tmp201
        tmp203 = tl.full([1], 0.9, tl.float32)
        tmp204 = libdevice.pow(tmp203, tmp194)
        tmp205 = tmp204 - tmp196
        tmp206 = tl.full([1], 1000.0, tl.float32)
        tmp207 = tmp205 * tmp206
        tmp208 = tl.full([1], 1, tl.int32)
        tmp209 = (tmp208 / tmp207)
        tmp210 = (tmp202 / tmp209)
        tmp211 = (tmp182 / tmp210)
        tmp212 = tmp190 + tmp211
        tl.store(out_ptr20 + (x5), tmp182, xmask)
        tl.store(out_ptr22 + (x5), tmp212, xmask)
        tl.store(out_ptr23 + (x5), tmp189, xmask)
    elif pid < num_xblocks_6:
        pid_offset = pid - num_xblocks_5
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x6 = xindex
        tmp213 = tl.load(in_ptr30 + (x6), xmask)
        tmp214 = tl.load(in_ptr31 + (x6), xmask)
        tmp219 = tl.load(in_ptr32 + (x6), xmask)
        tmp226 = tl.load(in_ptr33 + (x6), xmask)
        tmp228 = tl.load(in_ptr34 + (0))
        tmp229 = tl.broadcast_to(tmp228, [XBLOCK])
        tmp230 = tl.where(xmask, tmp229, 0.0)
        tmp215 = tmp214 - tmp213
        tmp216 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp217 = tmp215 * tmp216
        tmp218 = tmp213 + tmp217
        tmp220 = tl.full([1], 0.999, tl.float32)
        tmp221 = tmp219 * tmp220
        tmp222 = tmp214 * tmp214
        tmp223 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp224 = tmp222 * tmp223
        tmp225 = tmp221 + tmp224
        tmp227 = tl.sqrt_rn(tmp225)
        tmp231 = libdevice.pow(tmp220, tmp230)
        tmp232 = tl.full([1], 1.0, tl.float32)
        tmp233 = tmp231 - tmp232
        tmp234 = -tmp233
        tmp235 = tl.sqrt_rn(tmp234)
        tmp236 = (tmp227 / tmp235)
        tmp237 = tl.full([1], 1e-08, tl.float32)
        tmp238 = tmp236 + tmp237
        tmp239 = tl.full([1], 0.9, tl.float32)
        tmp240 = libdevice.pow(tmp239, tmp230)
        tmp241 = tmp240 - tmp232
        tmp242 = tl.full([1], 1000.0, tl.float32)
        tmp243 = tmp241 * tmp242
        tmp244 = tl.full([1], 1, tl.int32)
        tmp245 = (tmp244 / tmp243)
        tmp246 = (tmp238 / tmp245)
        tmp247 = (tmp218 / tmp246)
        tmp248 = tmp226 + tmp247
        tl.store(out_ptr24 + (x6), tmp218, xmask)
        tl.store(out_ptr26 + (x6), tmp248, xmask)
        tl.store(out_ptr27 + (x6), tmp225, xmask)
    elif pid < num_xblocks_7:
        pid_offset = pid - num_xblocks_6
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x7 = xindex
        tmp249 = tl.load(in_ptr35 + (x7), xmask)
        tmp250 = tl.load(in_ptr36 + (x7), xmask)
        tmp255 = tl.load(in_ptr37 + (x7), xmask)
        tmp262 = tl.load(in_ptr38 + (x7), xmask)
        tmp264 = tl.load(in_ptr39 + (0))
        tmp265 = tl.broadcast_to(tmp264, [XBLOCK])
        tmp266 = tl.where(xmask, tmp265, 0.0)
        tmp251 = tmp250 - tmp249
        tmp252 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp253 = tmp251 * tmp252
        tmp254 = tmp249 + tmp253
        tmp256 = tl.full([1], 0.999, tl.float32)
        tmp257 = tmp255 * tmp256
        tmp258 = tmp250 * tmp250
        tmp259 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp260 = tmp258 * tmp259
        tmp261 = tmp257 + tmp260
        tmp263 = tl.sqrt_rn(tmp261)
        tmp267 = libdevice.pow(tmp256, tmp266)
        tmp268 = tl.full([1], 1.0, tl.float32)
        tmp269 = tmp267 - tmp268
        tmp270 = -tmp269
        tmp271 = tl.sqrt_rn(tmp270)
        tmp272 = (tmp263 / tmp271)
        tmp273 = tl.full([1], 1e-08, tl.float32)
        tmp274 = tmp272 + tmp273
        tmp275 = tl.full([1], 0.9, tl.float32)
        tmp276 = libdevice.pow(tmp275, tmp266)
        tmp277 = tmp276 - tmp268
        tmp278 = tl.full([1], 1000.0, tl.float32)
        tmp279 = tmp277 * tmp278
        tmp280 = tl.full([1], 1, tl.int32)
        tmp281 = (tmp280 / tmp279)
        tmp282 = (tmp274 / tmp281)
        tmp283 = (tmp254 / tmp282)
        tmp284 = tmp262 + tmp283
        tl.store(out_ptr28 + (x7), tmp254, xmask)
        tl.store(out_ptr30 + (x7), tmp284, xmask)
        tl.store(out_ptr31 + (x7), tmp261, xmask)
    elif pid < num_xblocks_8:
        pid_offset = pid - num_xblocks_7
        xnumel = 10240
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x8 = xindex
        tmp285 = tl.load(in_ptr40 + (x8), xmask)
        tmp286 = tl.load(in_ptr41 + (x8), xmask)
        tmp291 = tl.load(in_ptr42 + (x8), xmask)
        tmp298 = tl.load(in_ptr43 + (x8), xmask)
        tmp300 = tl.load(in_ptr44 + (0))
        tmp301 = tl.broadcast_to(tmp300, [XBLOCK])
        tmp302 = tl.where(xmask, tmp301, 0.0)
        tmp287 = tmp286 - tmp285
        tmp288 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp289 = tmp287 * tmp288
        tmp290 = tmp285 + tmp289
        tmp292 = tl.full([1], 0.999, tl.float32)
        tmp293 = tmp291 * tmp292
        tmp294 = tmp286 * tmp286
        tmp295 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp296 = tmp294 * tmp295
        tmp297 = tmp293 + tmp296
        tmp299 = tl.sqrt_rn(tmp297)
        tmp303 = libdevice.pow(tmp292, tmp302)
        tmp304 = tl.full([1], 1.0, tl.float32)
        tmp305 = tmp303 - tmp304
        tmp306 = -tmp305
        tmp307 = tl.sqrt_rn(tmp306)
        tmp308 = (tmp299 / tmp307)
        tmp309 = tl.full([1], 1e-08, tl.float32)
        tmp310 = tmp308 + tmp309
        tmp311 = tl.full([1], 0.9, tl.float32)
        tmp312 = libdevice.pow(tmp311, tmp302)
        tmp313 = tmp312 - tmp304
        tmp314 = tl.full([1], 1000.0, tl.float32)
        tmp315 = tmp313 * tmp314
        tmp316 = tl.full([1], 1, tl.int32)
        tmp317 = (tmp316 / tmp315)
        tmp318 = (tmp310 / tmp317)
        tmp319 = (tmp290 / tmp318)
        tmp320 = tmp298 + tmp319
        tl.store(out_ptr32 + (x8), tmp290, xmask)
        tl.store(out_ptr34 + (x8), tmp320, xmask)
        tl.store(out_ptr35 + (x8), tmp297, xmask)
    elif pid < num_xblocks_9:
        pid_offset = pid - num_xblocks_8
        xnumel = 10
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x9 = xindex
        tmp321 = tl.load(in_ptr45 + (x9), xmask)
        tmp322 = tl.load(in_ptr46 + (x9), xmask)
        tmp327 = tl.load(in_ptr47 + (x9), xmask)
        tmp334 = tl.load(in_ptr48 + (x9), xmask)
        tmp336 = tl.load(in_ptr49 + (0))
        tmp337 = tl.broadcast_to(tmp336, [XBLOCK])
        tmp338 = tl.where(xmask, tmp337, 0.0)
        tmp323 = tmp322 - tmp321
        tmp324 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp325 = tmp323 * tmp324
        tmp326 = tmp321 + tmp325
        tmp328 = tl.full([1], 0.999, tl.float32)
        tmp329 = tmp327 * tmp328
        tmp330 = tmp322 * tmp322
        tmp331 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp332 = tmp330 * tmp331
        tmp333 = tmp329 + tmp332
        tmp335 = tl.sqrt_rn(tmp333)
        tmp339 = libdevice.pow(tmp328, tmp338)
        tmp340 = tl.full([1], 1.0, tl.float32)
        tmp341 = tmp339 - tmp340
        tmp342 = -tmp341
        tmp343 = tl.sqrt_rn(tmp342)
        tmp344 = (tmp335 / tmp343)
        tmp345 = tl.full([1], 1e-08, tl.float32)
        tmp346 = tmp344 + tmp345
        tmp347 = tl.full([1], 0.9, tl.float32)
        tmp348 = libdevice.pow(tmp347, tmp338)
        tmp349 = tmp348 - tmp340
        tmp350 = tl.full([1], 1000.0, tl.float32)
        tmp351 = tmp349 * tmp350
        tmp352 = tl.full([1], 1, tl.int32)
        tmp353 = (tmp352 / tmp351)
        tmp354 = (tmp346 / tmp353)
        tmp355 = (tmp326 / tmp354)
        tmp356 = tmp334 + tmp355
        tl.store(out_ptr36 + (x9), tmp326, xmask)
        tl.store(out_ptr38 + (x9), tmp356, xmask)
        tl.store(out_ptr39 + (x9), tmp333, xmask)
    else:
        pass
''', device_str='cuda')


async_compile.wait(globals())
del async_compile

class Runner:
    def __init__(self, partitions):
        self.partitions = partitions

    def recursively_apply_fns(self, fns):
        new_callables = []
        for fn, c in zip(fns, self.partitions):
            new_callables.append(fn(c))
        self.partitions = new_callables

    def call(self, args):
        arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1, arg11_1, arg12_1, arg13_1, arg14_1, arg15_1, arg16_1, arg17_1, arg18_1, arg19_1, arg20_1, arg21_1, arg22_1, arg23_1, arg24_1, arg25_1, arg26_1, arg27_1, arg28_1, arg29_1, arg30_1, arg31_1, arg32_1, arg33_1, arg34_1, arg35_1, arg36_1, arg37_1, arg38_1, arg39_1, arg40_1, arg41_1, arg42_1, arg43_1, arg44_1, arg45_1, arg46_1, arg47_1, arg48_1, arg49_1, arg50_1, arg51_1, arg52_1, arg53_1, arg54_1, arg55_1, arg56_1, arg57_1, arg58_1, arg59_1, arg60_1, arg61_1, arg62_1, arg63_1, arg64_1, arg65_1, arg66_1, arg67_1, arg68_1, arg69_1, arg70_1, arg71_1, arg72_1, arg73_1, arg74_1, arg75_1, arg76_1, arg77_1, arg78_1, arg79_1, arg80_1, arg81_1, arg82_1, arg83_1, arg84_1, arg85_1, arg86_1, arg87_1, arg88_1, arg89_1, arg90_1, arg91_1, arg92_1, arg93_1, arg94_1, arg95_1, arg96_1, arg97_1, arg98_1, arg99_1, arg100_1, arg101_1, arg102_1, arg103_1, arg104_1, arg105_1, arg106_1, arg107_1, arg108_1, arg109_1, arg110_1, arg111_1, arg112_1, arg113_1, arg114_1, arg115_1, arg116_1, arg117_1, arg118_1, arg119_1, arg120_1, arg121_1, arg122_1, arg123_1, arg124_1, arg125_1, arg126_1, arg127_1, arg128_1, arg129_1, arg130_1, arg131_1, arg132_1, arg133_1, arg134_1, arg135_1, arg136_1, arg137_1, arg138_1, arg139_1, arg140_1, arg141_1, arg142_1, arg143_1, arg144_1, arg145_1, arg146_1, arg147_1, arg148_1, arg149_1, arg150_1, arg151_1, arg152_1, arg153_1, arg154_1, arg155_1, arg156_1, arg157_1, arg158_1, arg159_1, arg160_1, arg161_1, arg162_1, arg163_1, arg164_1, arg165_1, arg166_1, arg167_1, arg168_1, arg169_1, arg170_1, arg171_1, arg172_1, arg173_1, arg174_1, arg175_1, arg176_1, arg177_1, arg178_1, arg179_1, arg180_1, arg181_1, arg182_1, arg183_1, arg184_1, arg185_1, arg186_1, arg187_1, arg188_1, arg189_1, arg190_1, arg191_1, arg192_1, arg193_1, arg194_1, arg195_1, arg196_1, arg197_1, arg198_1, arg199_1, arg200_1, arg201_1, arg202_1, arg203_1, arg204_1, arg205_1, arg206_1, arg207_1, arg208_1, arg209_1, arg210_1, arg211_1, arg212_1, arg213_1, arg214_1, arg215_1, arg216_1, arg217_1, arg218_1, arg219_1, arg220_1, arg221_1, arg222_1, arg223_1, arg224_1, arg225_1, arg226_1, arg227_1, arg228_1, arg229_1, arg230_1, arg231_1, arg232_1, arg233_1, arg234_1, arg235_1, arg236_1, arg237_1, arg238_1, arg239_1, arg240_1, arg241_1, arg242_1, arg243_1, arg244_1, arg245_1, arg246_1, arg247_1, arg248_1, arg249_1 = args
        args.clear()
        assert_size_stride(arg0_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg1_1, (3072, ), (1, ))
        assert_size_stride(arg2_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg3_1, (1024, ), (1, ))
        assert_size_stride(arg4_1, (1024, ), (1, ))
        assert_size_stride(arg5_1, (1024, ), (1, ))
        assert_size_stride(arg6_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg7_1, (4096, ), (1, ))
        assert_size_stride(arg8_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg9_1, (1024, ), (1, ))
        assert_size_stride(arg10_1, (1024, ), (1, ))
        assert_size_stride(arg11_1, (1024, ), (1, ))
        assert_size_stride(arg12_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg13_1, (3072, ), (1, ))
        assert_size_stride(arg14_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg15_1, (1024, ), (1, ))
        assert_size_stride(arg16_1, (1024, ), (1, ))
        assert_size_stride(arg17_1, (1024, ), (1, ))
        assert_size_stride(arg18_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg19_1, (4096, ), (1, ))
        assert_size_stride(arg20_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg21_1, (1024, ), (1, ))
        assert_size_stride(arg22_1, (1024, ), (1, ))
        assert_size_stride(arg23_1, (1024, ), (1, ))
        assert_size_stride(arg24_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg25_1, (3072, ), (1, ))
        assert_size_stride(arg26_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg27_1, (1024, ), (1, ))
        assert_size_stride(arg28_1, (1024, ), (1, ))
        assert_size_stride(arg29_1, (1024, ), (1, ))
        assert_size_stride(arg30_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg31_1, (4096, ), (1, ))
        assert_size_stride(arg32_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg33_1, (1024, ), (1, ))
        assert_size_stride(arg34_1, (1024, ), (1, ))
        assert_size_stride(arg35_1, (1024, ), (1, ))
        assert_size_stride(arg36_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg37_1, (3072, ), (1, ))
        assert_size_stride(arg38_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg39_1, (1024, ), (1, ))
        assert_size_stride(arg40_1, (1024, ), (1, ))
        assert_size_stride(arg41_1, (1024, ), (1, ))
        assert_size_stride(arg42_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg43_1, (4096, ), (1, ))
        assert_size_stride(arg44_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg45_1, (1024, ), (1, ))
        assert_size_stride(arg46_1, (1024, ), (1, ))
        assert_size_stride(arg47_1, (1024, ), (1, ))
        assert_size_stride(arg48_1, (10, 1024), (1024, 1))
        assert_size_stride(arg49_1, (10, ), (1, ))
        assert_size_stride(arg50_1, (), ())
        assert_size_stride(arg51_1, (3072, ), (1, ))
        assert_size_stride(arg52_1, (3072, ), (1, ))
        assert_size_stride(arg53_1, (), ())
        assert_size_stride(arg54_1, (), ())
        assert_size_stride(arg55_1, (), ())
        assert_size_stride(arg56_1, (), ())
        assert_size_stride(arg57_1, (), ())
        assert_size_stride(arg58_1, (), ())
        assert_size_stride(arg59_1, (), ())
        assert_size_stride(arg60_1, (), ())
        assert_size_stride(arg61_1, (), ())
        assert_size_stride(arg62_1, (), ())
        assert_size_stride(arg63_1, (), ())
        assert_size_stride(arg64_1, (), ())
        assert_size_stride(arg65_1, (), ())
        assert_size_stride(arg66_1, (), ())
        assert_size_stride(arg67_1, (), ())
        assert_size_stride(arg68_1, (), ())
        assert_size_stride(arg69_1, (), ())
        assert_size_stride(arg70_1, (), ())
        assert_size_stride(arg71_1, (), ())
        assert_size_stride(arg72_1, (), ())
        assert_size_stride(arg73_1, (), ())
        assert_size_stride(arg74_1, (), ())
        assert_size_stride(arg75_1, (), ())
        assert_size_stride(arg76_1, (), ())
        assert_size_stride(arg77_1, (), ())
        assert_size_stride(arg78_1, (), ())
        assert_size_stride(arg79_1, (), ())
        assert_size_stride(arg80_1, (), ())
        assert_size_stride(arg81_1, (), ())
        assert_size_stride(arg82_1, (), ())
        assert_size_stride(arg83_1, (), ())
        assert_size_stride(arg84_1, (), ())
        assert_size_stride(arg85_1, (), ())
        assert_size_stride(arg86_1, (), ())
        assert_size_stride(arg87_1, (), ())
        assert_size_stride(arg88_1, (), ())
        assert_size_stride(arg89_1, (), ())
        assert_size_stride(arg90_1, (), ())
        assert_size_stride(arg91_1, (), ())
        assert_size_stride(arg92_1, (), ())
        assert_size_stride(arg93_1, (), ())
        assert_size_stride(arg94_1, (), ())
        assert_size_stride(arg95_1, (), ())
        assert_size_stride(arg96_1, (), ())
        assert_size_stride(arg97_1, (), ())
        assert_size_stride(arg98_1, (), ())
        assert_size_stride(arg99_1, (), ())
        assert_size_stride(arg100_1, (), ())
        assert_size_stride(arg101_1, (), ())
        assert_size_stride(arg102_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg103_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg104_1, (1024, ), (1, ))
        assert_size_stride(arg105_1, (1024, ), (1, ))
        assert_size_stride(arg106_1, (1024, ), (1, ))
        assert_size_stride(arg107_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg108_1, (4096, ), (1, ))
        assert_size_stride(arg109_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg110_1, (1024, ), (1, ))
        assert_size_stride(arg111_1, (1024, ), (1, ))
        assert_size_stride(arg112_1, (1024, ), (1, ))
        assert_size_stride(arg113_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg114_1, (3072, ), (1, ))
        assert_size_stride(arg115_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg116_1, (1024, ), (1, ))
        assert_size_stride(arg117_1, (1024, ), (1, ))
        assert_size_stride(arg118_1, (1024, ), (1, ))
        assert_size_stride(arg119_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg120_1, (4096, ), (1, ))
        assert_size_stride(arg121_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg122_1, (1024, ), (1, ))
        assert_size_stride(arg123_1, (1024, ), (1, ))
        assert_size_stride(arg124_1, (1024, ), (1, ))
        assert_size_stride(arg125_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg126_1, (3072, ), (1, ))
        assert_size_stride(arg127_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg128_1, (1024, ), (1, ))
        assert_size_stride(arg129_1, (1024, ), (1, ))
        assert_size_stride(arg130_1, (1024, ), (1, ))
        assert_size_stride(arg131_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg132_1, (4096, ), (1, ))
        assert_size_stride(arg133_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg134_1, (1024, ), (1, ))
        assert_size_stride(arg135_1, (1024, ), (1, ))
        assert_size_stride(arg136_1, (1024, ), (1, ))
        assert_size_stride(arg137_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg138_1, (3072, ), (1, ))
        assert_size_stride(arg139_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg140_1, (1024, ), (1, ))
        assert_size_stride(arg141_1, (1024, ), (1, ))
        assert_size_stride(arg142_1, (1024, ), (1, ))
        assert_size_stride(arg143_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg144_1, (4096, ), (1, ))
        assert_size_stride(arg145_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg146_1, (1024, ), (1, ))
        assert_size_stride(arg147_1, (1024, ), (1, ))
        assert_size_stride(arg148_1, (1024, ), (1, ))
        assert_size_stride(arg149_1, (10, 1024), (1024, 1))
        assert_size_stride(arg150_1, (10, ), (1, ))
        assert_size_stride(arg151_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg152_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg153_1, (1024, ), (1, ))
        assert_size_stride(arg154_1, (1024, ), (1, ))
        assert_size_stride(arg155_1, (1024, ), (1, ))
        assert_size_stride(arg156_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg157_1, (4096, ), (1, ))
        assert_size_stride(arg158_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg159_1, (1024, ), (1, ))
        assert_size_stride(arg160_1, (1024, ), (1, ))
        assert_size_stride(arg161_1, (1024, ), (1, ))
        assert_size_stride(arg162_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg163_1, (3072, ), (1, ))
        assert_size_stride(arg164_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg165_1, (1024, ), (1, ))
        assert_size_stride(arg166_1, (1024, ), (1, ))
        assert_size_stride(arg167_1, (1024, ), (1, ))
        assert_size_stride(arg168_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg169_1, (4096, ), (1, ))
        assert_size_stride(arg170_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg171_1, (1024, ), (1, ))
        assert_size_stride(arg172_1, (1024, ), (1, ))
        assert_size_stride(arg173_1, (1024, ), (1, ))
        assert_size_stride(arg174_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg175_1, (3072, ), (1, ))
        assert_size_stride(arg176_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg177_1, (1024, ), (1, ))
        assert_size_stride(arg178_1, (1024, ), (1, ))
        assert_size_stride(arg179_1, (1024, ), (1, ))
        assert_size_stride(arg180_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg181_1, (4096, ), (1, ))
        assert_size_stride(arg182_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg183_1, (1024, ), (1, ))
        assert_size_stride(arg184_1, (1024, ), (1, ))
        assert_size_stride(arg185_1, (1024, ), (1, ))
        assert_size_stride(arg186_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg187_1, (3072, ), (1, ))
        assert_size_stride(arg188_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg189_1, (1024, ), (1, ))
        assert_size_stride(arg190_1, (1024, ), (1, ))
        assert_size_stride(arg191_1, (1024, ), (1, ))
        assert_size_stride(arg192_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg193_1, (4096, ), (1, ))
        assert_size_stride(arg194_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg195_1, (1024, ), (1, ))
        assert_size_stride(arg196_1, (1024, ), (1, ))
        assert_size_stride(arg197_1, (1024, ), (1, ))
        assert_size_stride(arg198_1, (10, 1024), (1024, 1))
        assert_size_stride(arg199_1, (10, ), (1, ))
        assert_size_stride(arg200_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg201_1, (3072, ), (1, ))
        assert_size_stride(arg202_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg203_1, (1024, ), (1, ))
        assert_size_stride(arg204_1, (1024, ), (1, ))
        assert_size_stride(arg205_1, (1024, ), (1, ))
        assert_size_stride(arg206_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg207_1, (4096, ), (1, ))
        assert_size_stride(arg208_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg209_1, (1024, ), (1, ))
        assert_size_stride(arg210_1, (1024, ), (1, ))
        assert_size_stride(arg211_1, (1024, ), (1, ))
        assert_size_stride(arg212_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg213_1, (3072, ), (1, ))
        assert_size_stride(arg214_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg215_1, (1024, ), (1, ))
        assert_size_stride(arg216_1, (1024, ), (1, ))
        assert_size_stride(arg217_1, (1024, ), (1, ))
        assert_size_stride(arg218_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg219_1, (4096, ), (1, ))
        assert_size_stride(arg220_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg221_1, (1024, ), (1, ))
        assert_size_stride(arg222_1, (1024, ), (1, ))
        assert_size_stride(arg223_1, (1024, ), (1, ))
        assert_size_stride(arg224_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg225_1, (3072, ), (1, ))
        assert_size_stride(arg226_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg227_1, (1024, ), (1, ))
        assert_size_stride(arg228_1, (1024, ), (1, ))
        assert_size_stride(arg229_1, (1024, ), (1, ))
        assert_size_stride(arg230_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg231_1, (4096, ), (1, ))
        assert_size_stride(arg232_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg233_1, (1024, ), (1, ))
        assert_size_stride(arg234_1, (1024, ), (1, ))
        assert_size_stride(arg235_1, (1024, ), (1, ))
        assert_size_stride(arg236_1, (3072, 1024), (1024, 1))
        assert_size_stride(arg237_1, (3072, ), (1, ))
        assert_size_stride(arg238_1, (1024, 1024), (1024, 1))
        assert_size_stride(arg239_1, (1024, ), (1, ))
        assert_size_stride(arg240_1, (1024, ), (1, ))
        assert_size_stride(arg241_1, (1024, ), (1, ))
        assert_size_stride(arg242_1, (4096, 1024), (1024, 1))
        assert_size_stride(arg243_1, (4096, ), (1, ))
        assert_size_stride(arg244_1, (1024, 4096), (4096, 1))
        assert_size_stride(arg245_1, (1024, ), (1, ))
        assert_size_stride(arg246_1, (1024, ), (1, ))
        assert_size_stride(arg247_1, (1024, ), (1, ))
        assert_size_stride(arg248_1, (10, 1024), (1024, 1))
        assert_size_stride(arg249_1, (10, ), (1, ))
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            # Topologically Sorted Source Nodes: [_foreach_add_], Original ATen: [aten._foreach_add]
            stream0 = get_raw_stream(0)
            triton_for_fused_0.run(arg53_1, arg50_1, arg54_1, arg55_1, arg56_1, arg57_1, arg58_1, arg59_1, arg60_1, arg61_1, arg62_1, arg63_1, arg64_1, arg65_1, arg66_1, arg67_1, arg68_1, arg69_1, arg70_1, arg71_1, arg72_1, arg73_1, arg74_1, arg75_1, arg76_1, arg77_1, arg78_1, arg79_1, arg80_1, arg81_1, arg82_1, arg83_1, arg84_1, arg85_1, arg86_1, arg87_1, arg88_1, arg89_1, arg90_1, arg91_1, arg92_1, arg93_1, arg94_1, arg95_1, arg96_1, arg97_1, arg98_1, arg99_1, arg100_1, arg101_1, arg53_1, arg50_1, arg54_1, arg55_1, arg56_1, arg57_1, arg58_1, arg59_1, arg60_1, arg61_1, arg62_1, arg63_1, arg64_1, arg65_1, arg66_1, arg67_1, arg68_1, arg69_1, arg70_1, arg71_1, arg72_1, arg73_1, arg74_1, arg75_1, arg76_1, arg77_1, arg78_1, arg79_1, arg80_1, arg81_1, arg82_1, arg83_1, arg84_1, arg85_1, arg86_1, arg87_1, arg88_1, arg89_1, arg90_1, arg91_1, arg92_1, arg93_1, arg94_1, arg95_1, arg96_1, arg97_1, arg98_1, arg99_1, arg100_1, arg101_1, stream=stream0)
            # Unsorted Source Nodes: [], Original ATen: []
            stream0 = get_raw_stream(0)
            triton_for_fused_1.run(arg102_1, arg200_1, arg151_1, arg0_1, arg53_1, arg51_1, arg201_1, arg52_1, arg1_1, arg50_1, arg103_1, arg202_1, arg152_1, arg2_1, arg54_1, arg104_1, arg203_1, arg153_1, arg3_1, arg55_1, arg105_1, arg204_1, arg154_1, arg4_1, arg56_1, arg106_1, arg205_1, arg155_1, arg5_1, arg57_1, arg107_1, arg206_1, arg156_1, arg6_1, arg58_1, arg108_1, arg207_1, arg157_1, arg7_1, arg59_1, arg109_1, arg208_1, arg158_1, arg8_1, arg60_1, arg110_1, arg209_1, arg159_1, arg9_1, arg61_1, arg111_1, arg210_1, arg160_1, arg10_1, arg62_1, arg112_1, arg211_1, arg161_1, arg11_1, arg63_1, arg113_1, arg212_1, arg162_1, arg12_1, arg64_1, arg114_1, arg213_1, arg163_1, arg13_1, arg65_1, arg115_1, arg214_1, arg164_1, arg14_1, arg66_1, arg116_1, arg215_1, arg165_1, arg15_1, arg67_1, arg117_1, arg216_1, arg166_1, arg16_1, arg68_1, arg118_1, arg217_1, arg167_1, arg17_1, arg69_1, arg119_1, arg218_1, arg168_1, arg18_1, arg70_1, arg120_1, arg219_1, arg169_1, arg19_1, arg71_1, arg102_1, arg0_1, arg151_1, arg51_1, arg1_1, arg52_1, arg103_1, arg2_1, arg152_1, arg104_1, arg3_1, arg153_1, arg105_1, arg4_1, arg154_1, arg106_1, arg5_1, arg155_1, arg107_1, arg6_1, arg156_1, arg108_1, arg7_1, arg157_1, arg109_1, arg8_1, arg158_1, arg110_1, arg9_1, arg159_1, arg111_1, arg10_1, arg160_1, arg112_1, arg11_1, arg161_1, arg113_1, arg12_1, arg162_1, arg114_1, arg13_1, arg163_1, arg115_1, arg14_1, arg164_1, arg116_1, arg15_1, arg165_1, arg117_1, arg16_1, arg166_1, arg118_1, arg17_1, arg167_1, arg119_1, arg18_1, arg168_1, arg120_1, arg19_1, arg169_1, stream=stream0)
            # Unsorted Source Nodes: [], Original ATen: []
            stream0 = get_raw_stream(0)
            triton_for_fused_2.run(arg121_1, arg220_1, arg170_1, arg20_1, arg72_1, arg122_1, arg221_1, arg171_1, arg21_1, arg73_1, arg123_1, arg222_1, arg172_1, arg22_1, arg74_1, arg124_1, arg223_1, arg173_1, arg23_1, arg75_1, arg125_1, arg224_1, arg174_1, arg24_1, arg76_1, arg126_1, arg225_1, arg175_1, arg25_1, arg77_1, arg127_1, arg226_1, arg176_1, arg26_1, arg78_1, arg128_1, arg227_1, arg177_1, arg27_1, arg79_1, arg129_1, arg228_1, arg178_1, arg28_1, arg80_1, arg130_1, arg229_1, arg179_1, arg29_1, arg81_1, arg131_1, arg230_1, arg180_1, arg30_1, arg82_1, arg132_1, arg231_1, arg181_1, arg31_1, arg83_1, arg133_1, arg232_1, arg182_1, arg32_1, arg84_1, arg134_1, arg233_1, arg183_1, arg33_1, arg85_1, arg135_1, arg234_1, arg184_1, arg34_1, arg86_1, arg136_1, arg235_1, arg185_1, arg35_1, arg87_1, arg137_1, arg236_1, arg186_1, arg36_1, arg88_1, arg138_1, arg237_1, arg187_1, arg37_1, arg89_1, arg139_1, arg238_1, arg188_1, arg38_1, arg90_1, arg140_1, arg239_1, arg189_1, arg39_1, arg91_1, arg121_1, arg20_1, arg170_1, arg122_1, arg21_1, arg171_1, arg123_1, arg22_1, arg172_1, arg124_1, arg23_1, arg173_1, arg125_1, arg24_1, arg174_1, arg126_1, arg25_1, arg175_1, arg127_1, arg26_1, arg176_1, arg128_1, arg27_1, arg177_1, arg129_1, arg28_1, arg178_1, arg130_1, arg29_1, arg179_1, arg131_1, arg30_1, arg180_1, arg132_1, arg31_1, arg181_1, arg133_1, arg32_1, arg182_1, arg134_1, arg33_1, arg183_1, arg135_1, arg34_1, arg184_1, arg136_1, arg35_1, arg185_1, arg137_1, arg36_1, arg186_1, arg138_1, arg37_1, arg187_1, arg139_1, arg38_1, arg188_1, arg140_1, arg39_1, arg189_1, stream=stream0)
            # Unsorted Source Nodes: [], Original ATen: []
            stream0 = get_raw_stream(0)
            triton_for_fused_3.run(arg141_1, arg240_1, arg190_1, arg40_1, arg92_1, arg142_1, arg241_1, arg191_1, arg41_1, arg93_1, arg143_1, arg242_1, arg192_1, arg42_1, arg94_1, arg144_1, arg243_1, arg193_1, arg43_1, arg95_1, arg145_1, arg244_1, arg194_1, arg44_1, arg96_1, arg146_1, arg245_1, arg195_1, arg45_1, arg97_1, arg147_1, arg246_1, arg196_1, arg46_1, arg98_1, arg148_1, arg247_1, arg197_1, arg47_1, arg99_1, arg149_1, arg248_1, arg198_1, arg48_1, arg100_1, arg150_1, arg249_1, arg199_1, arg49_1, arg101_1, arg141_1, arg40_1, arg190_1, arg142_1, arg41_1, arg191_1, arg143_1, arg42_1, arg192_1, arg144_1, arg43_1, arg193_1, arg145_1, arg44_1, arg194_1, arg146_1, arg45_1, arg195_1, arg147_1, arg46_1, arg196_1, arg148_1, arg47_1, arg197_1, arg149_1, arg48_1, arg198_1, arg150_1, arg49_1, arg199_1, stream=stream0)
            del arg0_1
            del arg100_1
            del arg101_1
            del arg102_1
            del arg103_1
            del arg104_1
            del arg105_1
            del arg106_1
            del arg107_1
            del arg108_1
            del arg109_1
            del arg10_1
            del arg110_1
            del arg111_1
            del arg112_1
            del arg113_1
            del arg114_1
            del arg115_1
            del arg116_1
            del arg117_1
            del arg118_1
            del arg119_1
            del arg11_1
            del arg120_1
            del arg121_1
            del arg122_1
            del arg123_1
            del arg124_1
            del arg125_1
            del arg126_1
            del arg127_1
            del arg128_1
            del arg129_1
            del arg12_1
            del arg130_1
            del arg131_1
            del arg132_1
            del arg133_1
            del arg134_1
            del arg135_1
            del arg136_1
            del arg137_1
            del arg138_1
            del arg139_1
            del arg13_1
            del arg140_1
            del arg141_1
            del arg142_1
            del arg143_1
            del arg144_1
            del arg145_1
            del arg146_1
            del arg147_1
            del arg148_1
            del arg149_1
            del arg14_1
            del arg150_1
            del arg151_1
            del arg152_1
            del arg153_1
            del arg154_1
            del arg155_1
            del arg156_1
            del arg157_1
            del arg158_1
            del arg159_1
            del arg15_1
            del arg160_1
            del arg161_1
            del arg162_1
            del arg163_1
            del arg164_1
            del arg165_1
            del arg166_1
            del arg167_1
            del arg168_1
            del arg169_1
            del arg16_1
            del arg170_1
            del arg171_1
            del arg172_1
            del arg173_1
            del arg174_1
            del arg175_1
            del arg176_1
            del arg177_1
            del arg178_1
            del arg179_1
            del arg17_1
            del arg180_1
            del arg181_1
            del arg182_1
            del arg183_1
            del arg184_1
            del arg185_1
            del arg186_1
            del arg187_1
            del arg188_1
            del arg189_1
            del arg18_1
            del arg190_1
            del arg191_1
            del arg192_1
            del arg193_1
            del arg194_1
            del arg195_1
            del arg196_1
            del arg197_1
            del arg198_1
            del arg199_1
            del arg19_1
            del arg1_1
            del arg200_1
            del arg201_1
            del arg202_1
            del arg203_1
            del arg204_1
            del arg205_1
            del arg206_1
            del arg207_1
            del arg208_1
            del arg209_1
            del arg20_1
            del arg210_1
            del arg211_1
            del arg212_1
            del arg213_1
            del arg214_1
            del arg215_1
            del arg216_1
            del arg217_1
            del arg218_1
            del arg219_1
            del arg21_1
            del arg220_1
            del arg221_1
            del arg222_1
            del arg223_1
            del arg224_1
            del arg225_1
            del arg226_1
            del arg227_1
            del arg228_1
            del arg229_1
            del arg22_1
            del arg230_1
            del arg231_1
            del arg232_1
            del arg233_1
            del arg234_1
            del arg235_1
            del arg236_1
            del arg237_1
            del arg238_1
            del arg239_1
            del arg23_1
            del arg240_1
            del arg241_1
            del arg242_1
            del arg243_1
            del arg244_1
            del arg245_1
            del arg246_1
            del arg247_1
            del arg248_1
            del arg249_1
            del arg24_1
            del arg25_1
            del arg26_1
            del arg27_1
            del arg28_1
            del arg29_1
            del arg2_1
            del arg30_1
            del arg31_1
            del arg32_1
            del arg33_1
            del arg34_1
            del arg35_1
            del arg36_1
            del arg37_1
            del arg38_1
            del arg39_1
            del arg3_1
            del arg40_1
            del arg41_1
            del arg42_1
            del arg43_1
            del arg44_1
            del arg45_1
            del arg46_1
            del arg47_1
            del arg48_1
            del arg49_1
            del arg4_1
            del arg50_1
            del arg51_1
            del arg52_1
            del arg53_1
            del arg54_1
            del arg55_1
            del arg56_1
            del arg57_1
            del arg58_1
            del arg59_1
            del arg5_1
            del arg60_1
            del arg61_1
            del arg62_1
            del arg63_1
            del arg64_1
            del arg65_1
            del arg66_1
            del arg67_1
            del arg68_1
            del arg69_1
            del arg6_1
            del arg70_1
            del arg71_1
            del arg72_1
            del arg73_1
            del arg74_1
            del arg75_1
            del arg76_1
            del arg77_1
            del arg78_1
            del arg79_1
            del arg7_1
            del arg80_1
            del arg81_1
            del arg82_1
            del arg83_1
            del arg84_1
            del arg85_1
            del arg86_1
            del arg87_1
            del arg88_1
            del arg89_1
            del arg8_1
            del arg90_1
            del arg91_1
            del arg92_1
            del arg93_1
            del arg94_1
            del arg95_1
            del arg96_1
            del arg97_1
            del arg98_1
            del arg99_1
            del arg9_1
        return ()

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    arg0_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg1_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg2_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg3_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg4_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg5_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg6_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg7_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg8_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg9_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg10_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg11_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg12_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg13_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg14_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg15_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg16_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg17_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg18_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg19_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg20_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg21_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg22_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg23_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg24_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg25_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg26_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg27_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg28_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg29_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg30_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg31_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg32_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg33_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg34_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg35_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg36_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg37_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg38_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg39_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg40_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg41_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg42_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg43_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg44_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg45_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg46_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg47_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg48_1 = rand_strided((10, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg49_1 = rand_strided((10, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg50_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg51_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg52_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg53_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg54_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg55_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg56_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg57_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg58_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg59_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg60_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg61_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg62_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg63_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg64_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg65_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg66_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg67_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg68_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg69_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg70_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg71_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg72_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg73_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg74_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg75_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg76_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg77_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg78_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg79_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg80_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg81_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg82_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg83_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg84_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg85_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg86_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg87_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg88_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg89_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg90_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg91_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg92_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg93_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg94_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg95_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg96_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg97_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg98_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg99_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg100_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg101_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    arg102_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg103_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg104_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg105_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg106_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg107_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg108_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg109_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg110_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg111_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg112_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg113_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg114_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg115_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg116_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg117_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg118_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg119_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg120_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg121_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg122_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg123_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg124_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg125_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg126_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg127_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg128_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg129_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg130_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg131_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg132_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg133_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg134_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg135_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg136_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg137_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg138_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg139_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg140_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg141_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg142_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg143_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg144_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg145_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg146_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg147_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg148_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg149_1 = rand_strided((10, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg150_1 = rand_strided((10, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg151_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg152_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg153_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg154_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg155_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg156_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg157_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg158_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg159_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg160_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg161_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg162_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg163_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg164_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg165_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg166_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg167_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg168_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg169_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg170_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg171_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg172_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg173_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg174_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg175_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg176_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg177_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg178_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg179_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg180_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg181_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg182_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg183_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg184_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg185_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg186_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg187_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg188_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg189_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg190_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg191_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg192_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg193_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg194_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg195_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg196_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg197_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg198_1 = rand_strided((10, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg199_1 = rand_strided((10, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg200_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg201_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg202_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg203_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg204_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg205_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg206_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg207_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg208_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg209_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg210_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg211_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg212_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg213_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg214_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg215_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg216_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg217_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg218_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg219_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg220_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg221_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg222_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg223_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg224_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg225_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg226_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg227_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg228_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg229_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg230_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg231_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg232_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg233_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg234_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg235_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg236_1 = rand_strided((3072, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg237_1 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg238_1 = rand_strided((1024, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg239_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg240_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg241_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg242_1 = rand_strided((4096, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg243_1 = rand_strided((4096, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg244_1 = rand_strided((1024, 4096), (4096, 1), device='cuda:0', dtype=torch.float32)
    arg245_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg246_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg247_1 = rand_strided((1024, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg248_1 = rand_strided((10, 1024), (1024, 1), device='cuda:0', dtype=torch.float32)
    arg249_1 = rand_strided((10, ), (1, ), device='cuda:0', dtype=torch.float32)
    return [arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1, arg11_1, arg12_1, arg13_1, arg14_1, arg15_1, arg16_1, arg17_1, arg18_1, arg19_1, arg20_1, arg21_1, arg22_1, arg23_1, arg24_1, arg25_1, arg26_1, arg27_1, arg28_1, arg29_1, arg30_1, arg31_1, arg32_1, arg33_1, arg34_1, arg35_1, arg36_1, arg37_1, arg38_1, arg39_1, arg40_1, arg41_1, arg42_1, arg43_1, arg44_1, arg45_1, arg46_1, arg47_1, arg48_1, arg49_1, arg50_1, arg51_1, arg52_1, arg53_1, arg54_1, arg55_1, arg56_1, arg57_1, arg58_1, arg59_1, arg60_1, arg61_1, arg62_1, arg63_1, arg64_1, arg65_1, arg66_1, arg67_1, arg68_1, arg69_1, arg70_1, arg71_1, arg72_1, arg73_1, arg74_1, arg75_1, arg76_1, arg77_1, arg78_1, arg79_1, arg80_1, arg81_1, arg82_1, arg83_1, arg84_1, arg85_1, arg86_1, arg87_1, arg88_1, arg89_1, arg90_1, arg91_1, arg92_1, arg93_1, arg94_1, arg95_1, arg96_1, arg97_1, arg98_1, arg99_1, arg100_1, arg101_1, arg102_1, arg103_1, arg104_1, arg105_1, arg106_1, arg107_1, arg108_1, arg109_1, arg110_1, arg111_1, arg112_1, arg113_1, arg114_1, arg115_1, arg116_1, arg117_1, arg118_1, arg119_1, arg120_1, arg121_1, arg122_1, arg123_1, arg124_1, arg125_1, arg126_1, arg127_1, arg128_1, arg129_1, arg130_1, arg131_1, arg132_1, arg133_1, arg134_1, arg135_1, arg136_1, arg137_1, arg138_1, arg139_1, arg140_1, arg141_1, arg142_1, arg143_1, arg144_1, arg145_1, arg146_1, arg147_1, arg148_1, arg149_1, arg150_1, arg151_1, arg152_1, arg153_1, arg154_1, arg155_1, arg156_1, arg157_1, arg158_1, arg159_1, arg160_1, arg161_1, arg162_1, arg163_1, arg164_1, arg165_1, arg166_1, arg167_1, arg168_1, arg169_1, arg170_1, arg171_1, arg172_1, arg173_1, arg174_1, arg175_1, arg176_1, arg177_1, arg178_1, arg179_1, arg180_1, arg181_1, arg182_1, arg183_1, arg184_1, arg185_1, arg186_1, arg187_1, arg188_1, arg189_1, arg190_1, arg191_1, arg192_1, arg193_1, arg194_1, arg195_1, arg196_1, arg197_1, arg198_1, arg199_1, arg200_1, arg201_1, arg202_1, arg203_1, arg204_1, arg205_1, arg206_1, arg207_1, arg208_1, arg209_1, arg210_1, arg211_1, arg212_1, arg213_1, arg214_1, arg215_1, arg216_1, arg217_1, arg218_1, arg219_1, arg220_1, arg221_1, arg222_1, arg223_1, arg224_1, arg225_1, arg226_1, arg227_1, arg228_1, arg229_1, arg230_1, arg231_1, arg232_1, arg233_1, arg234_1, arg235_1, arg236_1, arg237_1, arg238_1, arg239_1, arg240_1, arg241_1, arg242_1, arg243_1, arg244_1, arg245_1, arg246_1, arg247_1, arg248_1, arg249_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))


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

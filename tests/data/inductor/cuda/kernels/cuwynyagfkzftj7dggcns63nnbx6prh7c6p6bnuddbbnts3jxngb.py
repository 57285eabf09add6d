
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

@triton_heuristics.foreach(
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'in_ptr7': '*fp32', 'in_ptr8': '*fp32', 'in_ptr9': '*fp32', 'in_ptr10': '*fp32', 'in_ptr11': '*fp32', 'in_ptr12': '*fp32', 'in_ptr13': '*fp32', 'in_ptr14': '*fp32', 'in_ptr15': '*fp32', 'in_ptr16': '*fp32', 'in_ptr17': '*fp32', 'in_ptr18': '*fp32', 'in_ptr19': '*fp32', 'out_ptr1': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'out_ptr5': '*fp32', 'out_ptr6': '*fp32', 'out_ptr7': '*fp32', 'out_ptr9': '*fp32', 'out_ptr10': '*fp32', 'out_ptr11': '*fp32', 'out_ptr13': '*fp32', 'out_ptr14': '*fp32', 'out_ptr15': '*fp32'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'enable_fp_fusion': True, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]], (14,): [['tt.divisibility', 16]], (15,): [['tt.divisibility', 16]], (16,): [['tt.divisibility', 16]], (17,): [['tt.divisibility', 16]], (18,): [['tt.divisibility', 16]], (19,): [['tt.divisibility', 16]], (20,): [['tt.divisibility', 16]], (21,): [['tt.divisibility', 16]], (22,): [['tt.divisibility', 16]], (23,): [['tt.divisibility', 16]], (24,): [['tt.divisibility', 16]], (25,): [['tt.divisibility', 16]], (26,): [['tt.divisibility', 16]], (27,): [['tt.divisibility', 16]], (28,): [['tt.divisibility', 16]], (29,): [['tt.divisibility', 16]], (30,): [['tt.divisibility', 16]], (31,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'SequentialComboKernelGrid', 'combo_grid_meta': {'num_kernels': 4, 'min_blocks': 0, 'default_config': {'XBLOCK': 1024}, 'no_x_dim_0': False, 'xnumel_0': 16777216, 'no_x_dim_1': False, 'xnumel_1': 8388608, 'no_x_dim_2': False, 'xnumel_2': 5592405, 'no_x_dim_3': False, 'xnumel_3': 4194304}, 'kernel_name': 'triton_for_fused_1', 'mutated_arg_names': ['in_ptr0', 'in_ptr10', 'in_ptr12', 'in_ptr13', 'in_ptr15', 'in_ptr17', 'in_ptr18', 'in_ptr2', 'in_ptr3', 'in_ptr5', 'in_ptr7', 'in_ptr8', 'out_ptr1', 'out_ptr10', 'out_ptr11', 'out_ptr13', 'out_ptr14', 'out_ptr15', 'out_ptr2', 'out_ptr3', 'out_ptr5', 'out_ptr6', 'out_ptr7', 'out_ptr9'], 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False},
)
@triton.jit
def triton_for_fused_1(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, in_ptr8, in_ptr9, in_ptr10, in_ptr11, in_ptr12, in_ptr13, in_ptr14, in_ptr15, in_ptr16, in_ptr17, in_ptr18, in_ptr19, out_ptr1, out_ptr2, out_ptr3, out_ptr5, out_ptr6, out_ptr7, out_ptr9, out_ptr10, out_ptr11, out_ptr13, out_ptr14, out_ptr15):
    pid = tl.program_id(0)
    XBLOCK: tl.constexpr = 1024
    num_xblocks_0 = tl.cdiv(16777216, XBLOCK)
    num_xblocks_1 = num_xblocks_0 + tl.cdiv(8388608, XBLOCK)
    num_xblocks_2 = num_xblocks_1 + tl.cdiv(5592405, XBLOCK)
    num_xblocks_3 = num_xblocks_2 + tl.cdiv(4194304, XBLOCK)
    if pid < num_xblocks_0:
        pid_offset = pid
        xnumel = 16777216
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x0 = xindex
        tmp0 = tl.load(in_ptr0 + (x0), None)
        tmp3 = tl.load(in_ptr1 + (x0), None)
        tmp8 = tl.load(in_ptr2 + (x0), None)
        tmp13 = tl.load(in_ptr3 + (x0), None)
        tmp15 = tl.load(in_ptr4 + (0))
        tmp16 = tl.broadcast_to(tmp15, [XBLOCK])
        tmp1 = tl.full([1], 0.999, tl.float32)
        tmp2 = tmp0 * tmp1
        tmp4 = tmp3 * tmp3
        tmp5 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp6 = tmp4 * tmp5
        tmp7 = tmp2 + tmp6
        tmp9 = tmp3 - tmp8
        tmp10 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp11 = tmp9 * tmp10
        tmp12 = tmp8 + tmp11
        tmp14 = tl.sqrt_rn(tmp7)
        tmp17 = libdevice.pow(tmp1, tmp16)
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
        tmp33 = (tmp12 / tmp32)
        tmp34 = tmp13 + tmp33
        tl.store(out_ptr1 + (x0), tmp12, None)
        tl.store(out_ptr2 + (x0), tmp34, None)
        tl.store(out_ptr3 + (x0), tmp7, None)
    elif pid < num_xblocks_1:
        pid_offset = pid - num_xblocks_0
        xnumel = 8388608
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x1 = xindex
        tmp35 = tl.load(in_ptr5 + (x1), None)
        tmp38 = tl.load(in_ptr6 + (x1), None)
        tmp43 = tl.load(in_ptr7 + (x1), None)
        tmp48 = tl.load(in_ptr8 + (x1), None)
        tmp50 = tl.load(in_ptr9 + (0))
        tmp51 = tl.broadcast_to(tmp50, [XBLOCK])
        tmp36 = tl.full([1], 0.999, tl.float32)
        tmp37 = tmp35 * tmp36
        tmp39 = tmp38 * tmp38
        tmp40 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp41 = tmp39 * tmp40
        tmp42 = tmp37 + tmp41
        tmp44 = tmp38 - tmp43
        tmp45 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp46 = tmp44 * tmp45
        tmp47 = tmp43 + tmp46
        tmp49 = tl.sqrt_rn(tmp42)
        tmp52 = libdevice.pow(tmp36, tmp51)
        tmp53 = tl.full([1], 1.0, tl.float32)
        tmp54 = tmp52 - tmp53
        tmp55 = -tmp54
        tmp56 = tl.sqrt_rn(tmp55)
        tmp57 = (tmp49 / tmp56)
        tmp58 = tl.full([1], 1e-08, tl.float32)
        tmp59 = tmp57 + tmp58
        tmp60 = tl.full([1], 0.9, tl.float32)
        tmp61 = libdevice.pow(tmp60, tmp51)
        tmp62 = tmp61 - tmp53
        tmp63 = tl.full([1], 1000.0, tl.float32)
        tmp64 = tmp62 * tmp63
        tmp65 = tl.full([1], 1, tl.int32)
        tmp66 = (tmp65 / tmp64)
        tmp67 = (tmp59 / tmp66)
        tmp68 = (tmp47 / tmp67)
        tmp69 = tmp48 + tmp68
        tl.store(out_ptr5 + (x1), tmp47, None)
        tl.store(out_ptr6 + (x1), tmp69, None)
        tl.store(out_ptr7 + (x1), tmp42, None)
    elif pid < num_xblocks_2:
        pid_offset = pid - num_xblocks_1
        xnumel = 5592405
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x2 = xindex
        tmp70 = tl.load(in_ptr10 + (x2), xmask)
        tmp73 = tl.load(in_ptr11 + (x2), xmask)
        tmp78 = tl.load(in_ptr12 + (x2), xmask)
        tmp83 = tl.load(in_ptr13 + (x2), xmask)
        tmp85 = tl.load(in_ptr14 + (0))
        tmp86 = tl.broadcast_to(tmp85, [XBLOCK])
        tmp87 = tl.where(xmask, tmp86, 0.0)
        tmp71 = tl.full([1], 0.999, tl.float32)
        tmp72 = tmp70 * tmp71
        tmp74 = tmp73 * tmp73
        tmp75 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp76 = tmp74 * tmp75
        tmp77 = tmp72 + tmp76
        tmp79 = tmp73 - tmp78
        tmp80 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp81 = tmp79 * tmp80
        tmp82 = tmp78 + tmp81
        tmp84 = tl.sqrt_rn(tmp77)
        tmp88 = libdevice.pow(tmp71, tmp87)
        tmp89 = tl.full([1], 1.0, tl.float32)
        tmp90 = tmp88 - tmp89
        tmp91 = -tmp90
        tmp92 = tl.sqrt_rn(tmp91)
        tmp93 = (tmp84 / tmp92)
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
        tmp104 = (tmp82 / tmp103)
        tmp105 = tmp83 + tmp104
        tl.store(out_ptr9 + (x2), tmp82, xmask)
        tl.store(out_ptr10 + (x2), tmp105, xmask)
        tl.store(out_ptr11 + (x2), tmp77, xmask)
    elif pid < num_xblocks_3:
        pid_offset = pid - num_xblocks_2
        xnumel = 4194304
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x3 = xindex
        tmp106 = tl.load(in_ptr15 + (x3), None)
        tmp109 = tl.load(in_ptr16 + (x3), None)
        tmp114 = tl.load(in_ptr17 + (x3), None)
        tmp119 = tl.load(in_ptr18 + (x3), None)
        tmp121 = tl.load(in_ptr19 + (0))
        tmp122 = tl.broadcast_to(tmp121, [XBLOCK])
        tmp107 = tl.full([1], 0.999, tl.float32)
        tmp108 = tmp106 * tmp107
        tmp110 = tmp109 * tmp109
        tmp111 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp112 = tmp110 * tmp111
        tmp113 = tmp108 + tmp112
        tmp115 = tmp109 - tmp114
        tmp116 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp117 = tmp115 * tmp116
        tmp118 = tmp114 + tmp117
        tmp120 = tl.sqrt_rn(tmp113)
        tmp123 = libdevice.pow(tmp107, tmp122)
        tmp124 = tl.full([1], 1.0, tl.float32)
        tmp125 = tmp123 - tmp124
        tmp126 = -tmp125
        tmp127 = tl.sqrt_rn(tmp126)
        tmp128 = (tmp120 / tmp127)
        tmp129 = tl.full([1], 1e-08, tl.float32)
        tmp130 = tmp128 + tmp129
        tmp131 = tl.full([1], 0.9, tl.float32)
        tmp132 = libdevice.pow(tmp131, tmp122)
        tmp133 = tmp132 - tmp124
        tmp134 = tl.full([1], 1000.0, tl.float32)
        tmp135 = tmp133 * tmp134
        tmp136 = tl.full([1], 1, tl.int32)
        tmp137 = (tmp136 / tmp135)
        tmp138 = (tmp130 / tmp137)
        tmp139 = (tmp118 / tmp138)
        tmp140 = tmp119 + tmp139
        tl.store(out_ptr13 + (x3), tmp118, None)
        tl.store(out_ptr14 + (x3), tmp140, None)
        tl.store(out_ptr15 + (x3), tmp113, None)
    else:
        pass


import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

@triton_heuristics.foreach(
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'in_ptr7': '*fp32', 'in_ptr8': '*fp32', 'in_ptr9': '*fp32', 'in_ptr10': '*fp32', 'in_ptr11': '*fp32', 'in_ptr12': '*fp32', 'in_ptr13': '*fp32', 'in_ptr14': '*fp32', 'in_ptr15': '*fp32', 'in_ptr16': '*fp32', 'in_ptr17': '*fp32', 'in_ptr18': '*fp32', 'in_ptr19': '*fp32', 'in_ptr20': '*fp32', 'in_ptr21': '*fp32', 'in_ptr22': '*fp32', 'in_ptr23': '*fp32', 'in_ptr24': '*fp32', 'in_ptr25': '*fp32', 'in_ptr26': '*fp32', 'in_ptr27': '*fp32', 'in_ptr28': '*fp32', 'in_ptr29': '*fp32', 'in_ptr30': '*fp32', 'in_ptr31': '*fp32', 'in_ptr32': '*fp32', 'in_ptr33': '*fp32', 'in_ptr34': '*fp32', 'in_ptr35': '*fp32', 'in_ptr36': '*fp32', 'in_ptr37': '*fp32', 'in_ptr38': '*fp32', 'in_ptr39': '*fp32', 'out_ptr1': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'out_ptr5': '*fp32', 'out_ptr6': '*fp32', 'out_ptr7': '*fp32', 'out_ptr9': '*fp32', 'out_ptr10': '*fp32', 'out_ptr11': '*fp32', 'out_ptr13': '*fp32', 'out_ptr14': '*fp32', 'out_ptr15': '*fp32', 'out_ptr17': '*fp32', 'out_ptr18': '*fp32', 'out_ptr19': '*fp32', 'out_ptr21': '*fp32', 'out_ptr22': '*fp32', 'out_ptr23': '*fp32', 'out_ptr25': '*fp32', 'out_ptr26': '*fp32', 'out_ptr27': '*fp32', 'out_ptr29': '*fp32', 'out_ptr30': '*fp32', 'out_ptr31': '*fp32'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'enable_fp_fusion': True, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]], (14,): [['tt.divisibility', 16]], (15,): [['tt.divisibility', 16]], (16,): [['tt.divisibility', 16]], (17,): [['tt.divisibility', 16]], (18,): [['tt.divisibility', 16]], (19,): [['tt.divisibility', 16]], (20,): [['tt.divisibility', 16]], (21,): [['tt.divisibility', 16]], (22,): [['tt.divisibility', 16]], (23,): [['tt.divisibility', 16]], (24,): [['tt.divisibility', 16]], (25,): [['tt.divisibility', 16]], (26,): [['tt.divisibility', 16]], (27,): [['tt.divisibility', 16]], (28,): [['tt.divisibility', 16]], (29,): [['tt.divisibility', 16]], (30,): [['tt.divisibility', 16]], (31,): [['tt.divisibility', 16]], (32,): [['tt.divisibility', 16]], (33,): [['tt.divisibility', 16]], (34,): [['tt.divisibility', 16]], (35,): [['tt.divisibility', 16]], (36,): [['tt.divisibility', 16]], (37,): [['tt.divisibility', 16]], (38,): [['tt.divisibility', 16]], (39,): [['tt.divisibility', 16]], (40,): [['tt.divisibility', 16]], (41,): [['tt.divisibility', 16]], (42,): [['tt.divisibility', 16]], (43,): [['tt.divisibility', 16]], (44,): [['tt.divisibility', 16]], (45,): [['tt.divisibility', 16]], (46,): [['tt.divisibility', 16]], (47,): [['tt.divisibility', 16]], (48,): [['tt.divisibility', 16]], (49,): [['tt.divisibility', 16]], (50,): [['tt.divisibility', 16]], (51,): [['tt.divisibility', 16]], (52,): [['tt.divisibility', 16]], (53,): [['tt.divisibility', 16]], (54,): [['tt.divisibility', 16]], (55,): [['tt.divisibility', 16]], (56,): [['tt.divisibility', 16]], (57,): [['tt.divisibility', 16]], (58,): [['tt.divisibility', 16]], (59,): [['tt.divisibility', 16]], (60,): [['tt.divisibility', 16]], (61,): [['tt.divisibility', 16]], (62,): [['tt.divisibility', 16]], (63,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'SequentialComboKernelGrid', 'combo_grid_meta': {'num_kernels': 8, 'min_blocks': 0, 'default_config': {'XBLOCK': 1024}, 'no_x_dim_0': False, 'xnumel_0': 1048576, 'no_x_dim_1': False, 'xnumel_1': 1024, 'no_x_dim_2': False, 'xnumel_2': 4194304, 'no_x_dim_3': False, 'xnumel_3': 4096, 'no_x_dim_4': False, 'xnumel_4': 4194304, 'no_x_dim_5': False, 'xnumel_5': 1024, 'no_x_dim_6': False, 'xnumel_6': 10240, 'no_x_dim_7': False, 'xnumel_7': 10}, 'kernel_name': 'triton_for_fused_1', 'mutated_arg_names': ['in_ptr0', 'in_ptr10', 'in_ptr12', 'in_ptr13', 'in_ptr15', 'in_ptr17', 'in_ptr18', 'in_ptr2', 'in_ptr20', 'in_ptr22', 'in_ptr23', 'in_ptr25', 'in_ptr27', 'in_ptr28', 'in_ptr3', 'in_ptr30', 'in_ptr32', 'in_ptr33', 'in_ptr35', 'in_ptr37', 'in_ptr38', 'in_ptr5', 'in_ptr7', 'in_ptr8', 'out_ptr1', 'out_ptr10', 'out_ptr11', 'out_ptr13', 'out_ptr14', 'out_ptr15', 'out_ptr17', 'out_ptr18', 'out_ptr19', 'out_ptr2', 'out_ptr21', 'out_ptr22', 'out_ptr23', 'out_ptr25', 'out_ptr26', 'out_ptr27', 'out_ptr29', 'out_ptr3', 'out_ptr30', 'out_ptr31', 'out_ptr5', 'out_ptr6', 'out_ptr7', 'out_ptr9'], 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False},
)
@triton.jit
def triton_for_fused_1(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, in_ptr8, in_ptr9, in_ptr10, in_ptr11, in_ptr12, in_ptr13, in_ptr14, in_ptr15, in_ptr16, in_ptr17, in_ptr18, in_ptr19, in_ptr20, in_ptr21, in_ptr22, in_ptr23, in_ptr24, in_ptr25, in_ptr26, in_ptr27, in_ptr28, in_ptr29, in_ptr30, in_ptr31, in_ptr32, in_ptr33, in_ptr34, in_ptr35, in_ptr36, in_ptr37, in_ptr38, in_ptr39, out_ptr1, out_ptr2, out_ptr3, out_ptr5, out_ptr6, out_ptr7, out_ptr9, out_ptr10, out_ptr11, out_ptr13, out_ptr14, out_ptr15, out_ptr17, out_ptr18, out_ptr19, out_ptr21, out_ptr22, out_ptr23, out_ptr25, out_ptr26, out_ptr27, out_ptr29, out_ptr30, out_ptr31):
    pid = tl.program_id(0)
    XBLOCK: tl.constexpr = 1024
    num_xblocks_0 = tl.cdiv(1048576, XBLOCK)
    num_xblocks_1 = num_xblocks_0 + tl.cdiv(1024, XBLOCK)
    num_xblocks_2 = num_xblocks_1 + tl.cdiv(4194304, XBLOCK)
    num_xblocks_3 = num_xblocks_2 + tl.cdiv(4096, XBLOCK)
    num_xblocks_4 = num_xblocks_3 + tl.cdiv(4194304, XBLOCK)
    num_xblocks_5 = num_xblocks_4 + tl.cdiv(1024, XBLOCK)
    num_xblocks_6 = num_xblocks_5 + tl.cdiv(10240, XBLOCK)
    num_xblocks_7 = num_xblocks_6 + tl.cdiv(10, XBLOCK)
    if pid < num_xblocks_0:
        pid_offset = pid
        xnumel = 1048576
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
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x1 = xindex
        tmp35 = tl.load(in_ptr5 + (x1), xmask)
        tmp38 = tl.load(in_ptr6 + (x1), xmask)
        tmp43 = tl.load(in_ptr7 + (x1), xmask)
        tmp48 = tl.load(in_ptr8 + (x1), xmask)
        tmp50 = tl.load(in_ptr9 + (0))
        tmp51 = tl.broadcast_to(tmp50, [XBLOCK])
        tmp52 = tl.where(xmask, tmp51, 0.0)
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
        tmp53 = libdevice.pow(tmp36, tmp52)
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
        tmp69 = (tmp47 / tmp68)
        tmp70 = tmp48 + tmp69
        tl.store(out_ptr5 + (x1), tmp47, xmask)
        tl.store(out_ptr6 + (x1), tmp70, xmask)
        tl.store(out_ptr7 + (x1), tmp42, xmask)
    elif pid < num_xblocks_2:
        pid_offset = pid - num_xblocks_1
        xnumel = 4194304
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x2 = xindex
        tmp71 = tl.load(in_ptr10 + (x2), None)
        tmp74 = tl.load(in_ptr11 + (x2), None)
        tmp79 = tl.load(in_ptr12 + (x2), None)
        tmp84 = tl.load(in_ptr13 + (x2), None)
        tmp86 = tl.load(in_ptr14 + (0))
        tmp87 = tl.broadcast_to(tmp86, [XBLOCK])
        tmp72 = tl.full([1], 0.999, tl.float32)
        tmp73 = tmp71 * tmp72
        tmp75 = tmp74 * tmp74
        tmp76 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp77 = tmp75 * tmp76
        tmp78 = tmp73 + tmp77
        tmp80 = tmp74 - tmp79
        tmp81 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp82 = tmp80 * tmp81
        tmp83 = tmp79 + tmp82
        tmp85 = tl.sqrt_rn(tmp78)
        tmp88 = libdevice.pow(tmp72, tmp87)
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
        tmp104 = (tmp83 / tmp103)
        tmp105 = tmp84 + tmp104
        tl.store(out_ptr9 + (x2), tmp83, None)
        tl.store(out_ptr10 + (x2), tmp105, None)
        tl.store(out_ptr11 + (x2), tmp78, None)
    elif pid < num_xblocks_3:
        pid_offset = pid - num_xblocks_2
        xnumel = 4096
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
    elif pid < num_xblocks_4:
        pid_offset = pid - num_xblocks_3
        xnumel = 4194304
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x4 = xindex
        tmp141 = tl.load(in_ptr20 + (x4), None)
        tmp144 = tl.load(in_ptr21 + (x4), None)
        tmp149 = tl.load(in_ptr22 + (x4), None)
        tmp154 = tl.load(in_ptr23 + (x4), None)
        tmp156 = tl.load(in_ptr24 + (0))
        tmp157 = tl.broadcast_to(tmp156, [XBLOCK])
        tmp142 = tl.full([1], 0.999, tl.float32)
        tmp143 = tmp141 * tmp142
        tmp145 = tmp144 * tmp144
        tmp146 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp147 = tmp145 * tmp146
        tmp148 = tmp143 + tmp147
        tmp150 = tmp144 - tmp149
        tmp151 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp152 = tmp150 * tmp151
        tmp153 = tmp149 + tmp152
        tmp155 = tl.sqrt_rn(tmp148)
        tmp158 = libdevice.pow(tmp142, tmp157)
        tmp159 = tl.full([1], 1.0, tl.float32)
        tmp160 = tmp158 - tmp159
        tmp161 = -tmp160
        tmp162 = tl.sqrt_rn(tmp161)
        tmp163 = (tmp155 / tmp162)
        tmp164 = tl.full([1], 1e-08, tl.float32)
        tmp165 = tmp163 + tmp164
        tmp166 = tl.full([1], 0.9, tl.float32)
        tmp167 = libdevice.pow(tmp166, tmp157)
        tmp168 = tmp167 - tmp159
        tmp169 = tl.full([1], 1000.0, tl.float32)
        tmp170 = tmp168 * tmp169
        tmp171 = tl.full([1], 1, tl.int32)
        tmp172 = (tmp171 / tmp170)
        tmp173 = (tmp165 / tmp172)
        tmp174 = (tmp153 / tmp173)
        tmp175 = tmp154 + tmp174
        tl.store(out_ptr17 + (x4), tmp153, None)
        tl.store(out_ptr18 + (x4), tmp175, None)
        tl.store(out_ptr19 + (x4), tmp148, None)
    elif pid < num_xblocks_5:
        pid_offset = pid - num_xblocks_4
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x5 = xindex
        tmp176 = tl.load(in_ptr25 + (x5), xmask)
        tmp179 = tl.load(in_ptr26 + (x5), xmask)
        tmp184 = tl.load(in_ptr27 + (x5), xmask)
        tmp189 = tl.load(in_ptr28 + (x5), xmask)
        tmp191 = tl.load(in_ptr29 + (0))
        tmp192 = tl.broadcast_to(tmp191, [XBLOCK])
        tmp193 = tl.where(xmask, tmp192, 0.0)
        tmp177 = tl.full([1], 0.999, tl.float32)
        tmp178 = tmp176 * tmp177
        tmp180 = tmp179 * tmp179
        tmp181 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp182 = tmp180 * tmp181
        tmp183 = tmp178 + tmp182
        tmp185 = tmp179 - tmp184
        tmp186 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp187 = tmp185 * tmp186
        tmp188 = tmp184 + tmp187
        tmp190 = tl.sqrt_rn(tmp183)
        tmp194 = libdevice.pow(tmp177, tmp193)
        tmp195 = tl.full([1], 1.0, tl.float32)
        tmp196 = tmp194 - tmp195
        tmp197 = -tmp196
        tmp198 = tl.sqrt_rn(tmp197)
        tmp199 = (tmp190 / tmp198)
        tmp200 = tl.full([1], 1e-08, tl.float32)
        tmp201 = tmp199 + tmp200
        tmp202 = tl.full([1], 0.9, tl.float32)
        tmp203 = libdevice.pow(tmp202, tmp193)
        tmp204 = tmp203 - tmp195
        tmp205 = tl.full([1], 1000.0, tl.float32)
        tmp206 = tmp204 * tmp205
        tmp207 = tl.full([1], 1, tl.int32)
        tmp208 = (tmp207 / tmp206)
        tmp209 = (tmp201 / tmp208)
        tmp210 = (tmp188 / tmp209)
        tmp211 = tmp189 + tmp210
        tl.store(out_ptr21 + (x5), tmp188, xmask)
        tl.store(out_ptr22 + (x5), tmp211, xmask)
        tl.store(out_ptr23 + (x5), tmp183, xmask)
    elif pid < num_xblocks_6:
        pid_offset = pid - num_xblocks_5
        xnumel = 10240
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x6 = xindex
        tmp212 = tl.load(in_ptr30 + (x6), xmask)
        tmp215 = tl.load(in_ptr31 + (x6), xmask)
        tmp220 = tl.load(in_ptr32 + (x6), xmask)
        tmp225 = tl.load(in_ptr33 + (x6), xmask)
        tmp227 = tl.load(in_ptr34 + (0))
        tmp228 = tl.broadcast_to(tmp227, [XBLOCK])
        tmp229 = tl.where(xmask, tmp228, 0.0)
        tmp213 = tl.full([1], 0.999, tl.float32)
        tmp214 = tmp212 * tmp213
        tmp216 = tmp215 * tmp215
        tmp217 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp218 = tmp216 * tmp217
        tmp219 = tmp214 + tmp218
        tmp221 = tmp215 - tmp220
        tmp222 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp223 = tmp221 * tmp222
        tmp224 = tmp220 + tmp223
        tmp226 = tl.sqrt_rn(tmp219)
        tmp230 = libdevice.pow(tmp213, tmp229)
        tmp231 = tl.full([1], 1.0, tl.float32)
        tmp232 = tmp230 - tmp231
        tmp233 = -tmp232
        tmp234 = tl.sqrt_rn(tmp233)
        tmp235 = (tmp226 / tmp234)
        tmp236 = tl.full([1], 1e-08, tl.float32)
        tmp237 = tmp235 + tmp236
        tmp238 = tl.full([1], 0.9, tl.float32)
        tmp239 = libdevice.pow(tmp238, tmp229)
        tmp240 = tmp239 - tmp231
        tmp241 = tl.full([1], 1000.0, tl.float32)
        tmp242 = tmp240 * tmp241
        tmp243 = tl.full([1], 1, tl.int32)
        tmp244 = (tmp243 / tmp242)
        tmp245 = (tmp237 / tmp244)
        tmp246 = (tmp224 / tmp245)
        tmp247 = tmp225 + tmp246
        tl.store(out_ptr25 + (x6), tmp224, xmask)
        tl.store(out_ptr26 + (x6), tmp247, xmask)
        tl.store(out_ptr27 + (x6), tmp219, xmask)
    elif pid < num_xblocks_7:
        pid_offset = pid - num_xblocks_6
        xnumel = 10
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x7 = xindex
        tmp248 = tl.load(in_ptr35 + (x7), xmask)
        tmp251 = tl.load(in_ptr36 + (x7), xmask)
        tmp256 = tl.load(in_ptr37 + (x7), xmask)
        tmp261 = tl.load(in_ptr38 + (x7), xmask)
        tmp263 = tl.load(in_ptr39 + (0))
        tmp264 = tl.broadcast_to(tmp263, [XBLOCK])
        tmp265 = tl.where(xmask, tmp264, 0.0)
        tmp249 = tl.full([1], 0.999, tl.float32)
        tmp250 = tmp248 * tmp249
        tmp252 = tmp251 * tmp251
        tmp253 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp254 = tmp252 * tmp253
        tmp255 = tmp250 + tmp254
        tmp257 = tmp251 - tmp256
        tmp258 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp259 = tmp257 * tmp258
        tmp260 = tmp256 + tmp259
        tmp262 = tl.sqrt_rn(tmp255)
        tmp266 = libdevice.pow(tmp249, tmp265)
        tmp267 = tl.full([1], 1.0, tl.float32)
        tmp268 = tmp266 - tmp267
        tmp269 = -tmp268
        tmp270 = tl.sqrt_rn(tmp269)
        tmp271 = (tmp262 / tmp270)
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
        tmp282 = (tmp260 / tmp281)
        tmp283 = tmp261 + tmp282
        tl.store(out_ptr29 + (x7), tmp260, xmask)
        tl.store(out_ptr30 + (x7), tmp283, xmask)
        tl.store(out_ptr31 + (x7), tmp255, xmask)
    else:
        pass

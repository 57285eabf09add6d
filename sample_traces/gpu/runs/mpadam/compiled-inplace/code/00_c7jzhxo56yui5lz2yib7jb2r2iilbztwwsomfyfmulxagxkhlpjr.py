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


# kernel path: /tmp/inductor-shared-8og777gb/pm/cpml34sdvaf7cvlorkfn3qvd4ejdygiacgmpvpomkb2sbybvmr5u.py
# Topologically Sorted Source Nodes: [mul, g32, mul_1, m_new, mul_5, mul_2, mul_3, mul_4, v_new, sqrt, add_2, truediv, w32_new, copy__3], Original ATen: [aten.mul, aten._to_copy, aten.add, aten.sqrt, aten.div, aten.sub, aten.copy, aten.copy_]
# Source node to ATen node mapping:
#   add_2 => add_2
#   copy__3 => copy_3
#   g32 => convert_element_type
#   m_new => add
#   mul => mul
#   mul_1 => mul_1
#   mul_2 => mul_2
#   mul_3 => mul_3
#   mul_4 => mul_4
#   mul_5 => mul_5
#   sqrt => sqrt
#   truediv => div
#   v_new => add_1
#   w32_new => sub
# Graph fragment:
#   %copy_ : Tensor "f32[100000000][1]cuda:0" = PlaceHolder[target=copy_]
#   %arg0_1 : Tensor "bf16[100000000][1]cuda:0" = PlaceHolder[target=arg0_1]
#   %copy__2 : Tensor "f32[100000000][1]cuda:0" = PlaceHolder[target=copy__2]
#   %copy__1 : Tensor "f32[100000000][1]cuda:0" = PlaceHolder[target=copy__1]
#   %add_1 : Tensor "f32[100000000][1]cuda:0" = PlaceHolder[target=add_1]
#   %sub : Tensor "f32[100000000][1]cuda:0" = PlaceHolder[target=sub]
#   %copy_3 : Tensor "bf16[100000000][1]cuda:0" = PlaceHolder[target=copy_3]
#   %add : Tensor "f32[100000000][1]cuda:0" = PlaceHolder[target=add]
#   %copy__3 : Tensor "bf16[100000000][1]cuda:0" = PlaceHolder[target=copy__3]
#   %mul : Tensor "f32[100000000][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%arg1_1, 0.9), kwargs = {})
#   %convert_element_type : Tensor "f32[100000000][1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%arg0_1, torch.float32), kwargs = {})
#   %mul_1 : Tensor "f32[100000000][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type, 0.09999999999999998), kwargs = {})
#   %add : Tensor "f32[100000000][1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul, %mul_1), kwargs = {})
#   %mul_5 : Tensor "f32[100000000][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add, 0.001), kwargs = {})
#   %mul_2 : Tensor "f32[100000000][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%arg2_1, 0.99), kwargs = {})
#   %mul_3 : Tensor "f32[100000000][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type, %convert_element_type), kwargs = {})
#   %mul_4 : Tensor "f32[100000000][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_3, 0.010000000000000009), kwargs = {})
#   %add_1 : Tensor "f32[100000000][1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_2, %mul_4), kwargs = {})
#   %sqrt : Tensor "f32[100000000][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sqrt.default](args = (%add_1,), kwargs = {})
#   %add_2 : Tensor "f32[100000000][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%sqrt, 1e-05), kwargs = {})
#   %div : Tensor "f32[100000000][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%mul_5, %add_2), kwargs = {})
#   %sub : Tensor "f32[100000000][1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.sub.Tensor](args = (%arg3_1, %div), kwargs = {})
#   %copy_3 : Tensor "bf16[100000000][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.copy.default](args = (%arg4_1, %sub), kwargs = {})
#   %copy_ : Tensor "f32[100000000][1]cuda:0"[num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%arg1_1, %add), kwargs = {})
#   %copy__1 : Tensor "f32[100000000][1]cuda:0"[num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%arg2_1, %add_1), kwargs = {})
#   %copy__2 : Tensor "f32[100000000][1]cuda:0"[num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%arg3_1, %sub), kwargs = {})
#   %copy__3 : Tensor "bf16[100000000][1]cuda:0"[num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%arg4_1, %copy_3), kwargs = {})
#   return %add,%sub,%copy_3,%add_1,%buf11,%buf6,%buf12,%buf13
triton_poi_fused__to_copy_add_copy_copy__div_mul_sqrt_sub_0 = async_compile.triton('triton_poi_fused__to_copy_add_copy_copy__div_mul_sqrt_sub_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 134217728}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr4': '*fp32', 'out_ptr5': '*fp32', 'out_ptr6': '*fp32', 'out_ptr7': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_add_copy_copy__div_mul_sqrt_sub_0', 'mutated_arg_names': ['in_ptr0', 'in_ptr2', 'in_ptr3', 'out_ptr4', 'out_ptr5', 'out_ptr6', 'out_ptr7'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 4, 'num_store': 4, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 4200000000}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_add_copy_copy__div_mul_sqrt_sub_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr4, out_ptr5, out_ptr6, out_ptr7, xnumel, XBLOCK : tl.constexpr):
    xnumel = 100000000
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp3 = tl.load(in_ptr1 + (x0), xmask).to(tl.float32)
    tmp8 = tl.load(in_ptr2 + (x0), xmask)
    tmp11 = tl.load(in_ptr3 + (x0), xmask)
    tmp1 = tl.full([1], 0.9, tl.float32)
    tmp2 = tmp0 * tmp1
    tmp4 = tmp3.to(tl.float32)
    tmp5 = tl.full([1], 0.09999999999999998, tl.float32)
    tmp6 = tmp4 * tmp5
    tmp7 = tmp2 + tmp6
    tmp9 = tl.full([1], 0.001, tl.float32)
    tmp10 = tmp7 * tmp9
    tmp12 = tl.full([1], 0.99, tl.float32)
    tmp13 = tmp11 * tmp12
    tmp14 = tmp4 * tmp4
    tmp15 = tl.full([1], 0.010000000000000009, tl.float32)
    tmp16 = tmp14 * tmp15
    tmp17 = tmp13 + tmp16
    tmp18 = tl.sqrt_rn(tmp17)
    tmp19 = tl.full([1], 1e-05, tl.float32)
    tmp20 = tmp18 + tmp19
    tmp21 = (tmp10 / tmp20)
    tmp22 = tmp8 - tmp21
    tmp23 = tmp22.to(tl.float32)
    tl.store(out_ptr4 + (x0), tmp17, xmask)
    tl.store(out_ptr5 + (x0), tmp7, xmask)
    tl.store(out_ptr6 + (x0), tmp22, xmask)
    tl.store(out_ptr7 + (x0), tmp23, xmask)
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
        arg0_1, arg1_1, arg2_1, arg3_1, arg4_1 = args
        args.clear()
        assert_size_stride(arg0_1, (100000000, ), (1, ))
        assert_size_stride(arg1_1, (100000000, ), (1, ))
        assert_size_stride(arg2_1, (100000000, ), (1, ))
        assert_size_stride(arg3_1, (100000000, ), (1, ))
        assert_size_stride(arg4_1, (100000000, ), (1, ))
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            # Topologically Sorted Source Nodes: [mul, g32, mul_1, m_new, mul_5, mul_2, mul_3, mul_4, v_new, sqrt, add_2, truediv, w32_new, copy__3], Original ATen: [aten.mul, aten._to_copy, aten.add, aten.sqrt, aten.div, aten.sub, aten.copy, aten.copy_]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_copy_copy__div_mul_sqrt_sub_0.run(arg1_1, arg0_1, arg3_1, arg2_1, arg2_1, arg1_1, arg3_1, arg4_1, 100000000, stream=stream0)
            del arg0_1
            del arg1_1
            del arg2_1
            del arg3_1
            del arg4_1
        return ()

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    arg0_1 = rand_strided((100000000, ), (1, ), device='cuda:0', dtype=torch.bfloat16)
    arg1_1 = rand_strided((100000000, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg2_1 = rand_strided((100000000, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg3_1 = rand_strided((100000000, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg4_1 = rand_strided((100000000, ), (1, ), device='cuda:0', dtype=torch.bfloat16)
    return [arg0_1, arg1_1, arg2_1, arg3_1, arg4_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))

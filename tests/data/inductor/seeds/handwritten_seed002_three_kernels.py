# HAND-WRITTEN edge case (not a capture): the three kernels seed 002 describes for PyTorch 2.1,
# rebuilt in that release's wrapper layout (meta=, instance_descriptor, integer signature keys)
# from the seed's single-kernel text. Kernel 0 recomputes w32_new and stores bf16 w16; kernel 1
# stores w32, m and a temporary (v_new) that no later kernel reads; kernel 2 recomputes v_new into v.
from ctypes import c_void_p, c_long
import torch
from torch import device, empty, empty_strided
from torch._inductor.codecache import AsyncCompile
aten = torch.ops.aten
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
async_compile = AsyncCompile()


# kernel path: /tmp/torchinductor_user/aa/caa3kernelzero.py
# Source Nodes: [add_2, copy__3, g32, m_new, mul, mul_1, mul_2, mul_3, mul_4, mul_5, sqrt, truediv, v_new, w32_new], Original ATen: [aten._to_copy, aten.add, aten.copy, aten.div, aten.mul, aten.sqrt, aten.sub]
triton_poi_fused__to_copy_add_copy_div_mul_sqrt_sub_0 = async_compile.triton('triton_', '''
import triton
import triton.language as tl
from torch._inductor.triton_heuristics import AutotuneHint, pointwise
from torch._inductor.utils import instance_descriptor

@pointwise(size_hints=[134217728], filename=__file__, meta={'signature': {0: '*fp32', 1: '*bf16', 2: '*fp32', 3: '*fp32', 4: '*bf16', 5: 'i32'}, 'device': 0, 'device_type': 'cuda', 'constants': {}, 'mutated_arg_names': ['out_ptr0'], 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_add_copy_div_mul_sqrt_sub_0', 'configs': [instance_descriptor(divisible_by_16=(0, 1, 2, 3, 4, 5), equal_to_1=(), ids_of_folded_args=(), divisible_by_8=(5,))]})
@triton.jit
def triton_(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp4 = tl.load(in_ptr1 + (x0), xmask).to(tl.float32)
    tmp1 = tl.load(in_ptr2 + (x0), xmask)
    tmp11 = tl.load(in_ptr3 + (x0), xmask)
    tmp8 = tmp1 * 0.9 + tmp4 * 0.09999999999999998
    tmp17 = tmp11 * 0.99 + (tmp4 * tmp4) * 0.010000000000000009
    tmp22 = tmp0 - (tmp8 * 0.001) / (tl.sqrt(tmp17) + 1e-05)
    tmp23 = tmp22.to(tl.bfloat16)
    tl.store(out_ptr0 + (x0), tmp23, xmask)
''')


# kernel path: /tmp/torchinductor_user/bb/cbb3kernelone.py
# Source Nodes: [add_2, copy_, copy__2, g32, m_new, mul, mul_1, mul_2, mul_3, mul_4, mul_5, sqrt, truediv, v_new, w32_new], Original ATen: [aten._to_copy, aten.add, aten.copy, aten.div, aten.mul, aten.sqrt, aten.sub]
triton_poi_fused__to_copy_add_copy_div_mul_sqrt_sub_1 = async_compile.triton('triton_', '''
import triton
import triton.language as tl
from torch._inductor.triton_heuristics import AutotuneHint, pointwise
from torch._inductor.utils import instance_descriptor

@pointwise(size_hints=[134217728], filename=__file__, meta={'signature': {0: '*fp32', 1: '*bf16', 2: '*fp32', 3: '*fp32', 4: '*fp32', 5: '*fp32', 6: '*fp32', 7: 'i32'}, 'device': 0, 'device_type': 'cuda', 'constants': {}, 'mutated_arg_names': ['in_ptr0', 'in_ptr2', 'out_ptr1', 'out_ptr2'], 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_add_copy_div_mul_sqrt_sub_1', 'configs': [instance_descriptor(divisible_by_16=(0, 1, 2, 3, 4, 5, 6, 7), equal_to_1=(), ids_of_folded_args=(), divisible_by_8=(7,))]})
@triton.jit
def triton_(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, out_ptr1, out_ptr2, xnumel, XBLOCK : tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp4 = tl.load(in_ptr1 + (x0), xmask).to(tl.float32)
    tmp1 = tl.load(in_ptr2 + (x0), xmask)
    tmp11 = tl.load(in_ptr3 + (x0), xmask)
    tmp8 = tmp1 * 0.9 + tmp4 * 0.09999999999999998
    tmp17 = tmp11 * 0.99 + (tmp4 * tmp4) * 0.010000000000000009
    tmp22 = tmp0 - (tmp8 * 0.001) / (tl.sqrt(tmp17) + 1e-05)
    tl.store(out_ptr0 + (x0), tmp17, xmask)
    tl.store(out_ptr1 + (x0), tmp22, xmask)
    tl.store(out_ptr2 + (x0), tmp8, xmask)
''')


# kernel path: /tmp/torchinductor_user/cc/ccc3kerneltwo.py
# Source Nodes: [copy__1, g32, mul_2, mul_3, mul_4, v_new], Original ATen: [aten._to_copy, aten.add, aten.copy, aten.mul]
triton_poi_fused__to_copy_add_copy_mul_2 = async_compile.triton('triton_', '''
import triton
import triton.language as tl
from torch._inductor.triton_heuristics import AutotuneHint, pointwise
from torch._inductor.utils import instance_descriptor

@pointwise(size_hints=[134217728], filename=__file__, meta={'signature': {0: '*fp32', 1: '*bf16', 2: 'i32'}, 'device': 0, 'device_type': 'cuda', 'constants': {}, 'mutated_arg_names': ['in_out_ptr0'], 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_add_copy_mul_2', 'configs': [instance_descriptor(divisible_by_16=(0, 1, 2), equal_to_1=(), ids_of_folded_args=(), divisible_by_8=(2,))]})
@triton.jit
def triton_(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp11 = tl.load(in_out_ptr0 + (x0), xmask)
    tmp4 = tl.load(in_ptr0 + (x0), xmask).to(tl.float32)
    tmp17 = tmp11 * 0.99 + (tmp4 * tmp4) * 0.010000000000000009
    tl.store(in_out_ptr0 + (x0), tmp17, xmask)
''')


async_compile.wait(globals())
del async_compile

def call(args):
    arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1 = args
    args.clear()
    s0 = arg0_1
    assert_size_stride(arg1_1, (s0, ), (1, ))
    assert_size_stride(arg2_1, (s0, ), (1, ))
    assert_size_stride(arg3_1, (s0, ), (1, ))
    assert_size_stride(arg4_1, (s0, ), (1, ))
    assert_size_stride(arg5_1, (s0, ), (1, ))
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0) # no-op to ensure context
        # Source Nodes: [add_2, copy__3, g32, m_new, mul, mul_1, mul_2, mul_3, mul_4, mul_5, sqrt, truediv, v_new, w32_new], Original ATen: [aten._to_copy, aten.add, aten.copy, aten.div, aten.mul, aten.sqrt, aten.sub]
        stream0 = get_cuda_stream(0)
        triton_poi_fused__to_copy_add_copy_div_mul_sqrt_sub_0.run(arg5_1, arg2_1, arg3_1, arg4_1, arg1_1, s0, grid=grid(s0), stream=stream0)
        buf1 = empty((s0, ), device='cuda', dtype=torch.float32)
        # Source Nodes: [add_2, copy_, copy__2, g32, m_new, mul, mul_1, mul_2, mul_3, mul_4, mul_5, sqrt, truediv, v_new, w32_new], Original ATen: [aten._to_copy, aten.add, aten.copy, aten.div, aten.mul, aten.sqrt, aten.sub]
        triton_poi_fused__to_copy_add_copy_div_mul_sqrt_sub_1.run(arg5_1, arg2_1, arg3_1, arg4_1, buf1, arg5_1, arg3_1, s0, grid=grid(s0), stream=stream0)
        del buf1
        # Source Nodes: [copy__1, g32, mul_2, mul_3, mul_4, v_new], Original ATen: [aten._to_copy, aten.add, aten.copy, aten.mul]
        triton_poi_fused__to_copy_add_copy_mul_2.run(arg4_1, arg2_1, s0, grid=grid(s0), stream=stream0)
        del arg1_1
        del arg2_1
        del arg3_1
        del arg4_1
        del arg5_1
        return ()

def benchmark_compiled_module(times=10, repeat=10):
    from torch._dynamo.testing import rand_strided
    from torch._inductor.utils import print_performance
    arg0_1 = 100000000
    arg1_1 = rand_strided((100000000, ), (1, ), device='cuda:0', dtype=torch.bfloat16)
    arg2_1 = rand_strided((100000000, ), (1, ), device='cuda:0', dtype=torch.bfloat16)
    arg3_1 = rand_strided((100000000, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg4_1 = rand_strided((100000000, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg5_1 = rand_strided((100000000, ), (1, ), device='cuda:0', dtype=torch.float32)
    return print_performance(lambda: call([arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1]), times=times, repeat=repeat)

# AOT ID: ['1_inference']
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


cpp_fused__to_copy_add_copy_copy__div_mul_sqrt_sub_0 = async_compile.cpp_pybinding(['const float*', 'const at::BFloat16*', 'const float*', 'const float*', 'float*', 'float*', 'float*', 'at::BFloat16*'], r'''
#include <torch/csrc/inductor/aoti_runtime/utils.h>
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const at::BFloat16* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       float* out_ptr0,
                       float* out_ptr1,
                       float* out_ptr2,
                       at::BFloat16* out_ptr3)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    torch::aot_inductor::RAIIAtenRecordFunctionHandle record_graph_1_cpp_fused__to_copy_add_copy_copy__div_mul_sqrt_sub_0_("graph_1_cpp_fused__to_copy_add_copy_copy__div_mul_sqrt_sub_0", nullptr);
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(4099L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(4096L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp4 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(in_ptr2 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp19 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = static_cast<float>(0.9);
                    auto tmp2 = at::vec::Vectorized<float>(tmp1);
                    auto tmp3 = tmp0 * tmp2;
                    auto tmp5 = at::vec::convert<float>(tmp4);
                    auto tmp6 = static_cast<float>(0.09999999999999998);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp5 * tmp7;
                    auto tmp9 = tmp3 + tmp8;
                    auto tmp11 = static_cast<float>(0.99);
                    auto tmp12 = at::vec::Vectorized<float>(tmp11);
                    auto tmp13 = tmp10 * tmp12;
                    auto tmp14 = tmp5 * tmp5;
                    auto tmp15 = static_cast<float>(0.010000000000000009);
                    auto tmp16 = at::vec::Vectorized<float>(tmp15);
                    auto tmp17 = tmp14 * tmp16;
                    auto tmp18 = tmp13 + tmp17;
                    auto tmp20 = static_cast<float>(0.001);
                    auto tmp21 = at::vec::Vectorized<float>(tmp20);
                    auto tmp22 = tmp9 * tmp21;
                    auto tmp23 = tmp18.sqrt();
                    auto tmp24 = static_cast<float>(1e-05);
                    auto tmp25 = at::vec::Vectorized<float>(tmp24);
                    auto tmp26 = tmp23 + tmp25;
                    auto tmp27 = tmp22 / tmp26;
                    auto tmp28 = tmp19 - tmp27;
                    auto tmp29 = at::vec::convert<at::BFloat16>(tmp28);
                    tmp9.store(out_ptr0 + static_cast<int64_t>(x0));
                    tmp18.store(out_ptr1 + static_cast<int64_t>(x0));
                    tmp28.store(out_ptr2 + static_cast<int64_t>(x0));
                    tmp29.store(out_ptr3 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                }
                if(C10_UNLIKELY(x0 >= static_cast<int64_t>(4096L) && x0 < static_cast<int64_t>(4099L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(3L));
                    auto tmp4 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(3L));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(in_ptr2 + static_cast<int64_t>(x0), static_cast<int64_t>(3L));
                    auto tmp19 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x0), static_cast<int64_t>(3L));
                    auto tmp1 = static_cast<float>(0.9);
                    auto tmp2 = at::vec::Vectorized<float>(tmp1);
                    auto tmp3 = tmp0 * tmp2;
                    auto tmp5 = at::vec::convert<float>(tmp4);
                    auto tmp6 = static_cast<float>(0.09999999999999998);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp5 * tmp7;
                    auto tmp9 = tmp3 + tmp8;
                    auto tmp11 = static_cast<float>(0.99);
                    auto tmp12 = at::vec::Vectorized<float>(tmp11);
                    auto tmp13 = tmp10 * tmp12;
                    auto tmp14 = tmp5 * tmp5;
                    auto tmp15 = static_cast<float>(0.010000000000000009);
                    auto tmp16 = at::vec::Vectorized<float>(tmp15);
                    auto tmp17 = tmp14 * tmp16;
                    auto tmp18 = tmp13 + tmp17;
                    auto tmp20 = static_cast<float>(0.001);
                    auto tmp21 = at::vec::Vectorized<float>(tmp20);
                    auto tmp22 = tmp9 * tmp21;
                    auto tmp23 = tmp18.sqrt();
                    auto tmp24 = static_cast<float>(1e-05);
                    auto tmp25 = at::vec::Vectorized<float>(tmp24);
                    auto tmp26 = tmp23 + tmp25;
                    auto tmp27 = tmp22 / tmp26;
                    auto tmp28 = tmp19 - tmp27;
                    auto tmp29 = at::vec::convert<at::BFloat16>(tmp28);
                    tmp9.store(out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(3L));
                    tmp18.store(out_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(3L));
                    tmp28.store(out_ptr2 + static_cast<int64_t>(x0), static_cast<int64_t>(3L));
                    tmp29.store(out_ptr3 + static_cast<int64_t>(x0), static_cast<int64_t>(3L));
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


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
        assert_size_stride(arg1_1, (4099, ), (1, ), 'input')
        assert_size_stride(arg0_1, (4099, ), (1, ), 'input')
        assert_size_stride(arg2_1, (4099, ), (1, ), 'input')
        assert_size_stride(arg3_1, (4099, ), (1, ), 'input')
        assert_size_stride(arg4_1, (4099, ), (1, ), 'input')
        buf0 = empty_strided_cpu((4099, ), (1, ), torch.float32)
        buf1 = empty_strided_cpu((4099, ), (1, ), torch.float32)
        buf2 = empty_strided_cpu((4099, ), (1, ), torch.float32)
        cpp_fused__to_copy_add_copy_copy__div_mul_sqrt_sub_0(arg1_1, arg0_1, arg2_1, arg3_1, buf0, buf1, buf2, arg4_1)
        del arg0_1
        del arg1_1
        del arg2_1
        del arg3_1
        del arg4_1
        return (buf0, buf1, buf2, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    arg0_1 = rand_strided((4099, ), (1, ), device='cpu', dtype=torch.bfloat16)
    arg1_1 = rand_strided((4099, ), (1, ), device='cpu', dtype=torch.float32)
    arg2_1 = rand_strided((4099, ), (1, ), device='cpu', dtype=torch.float32)
    arg3_1 = rand_strided((4099, ), (1, ), device='cpu', dtype=torch.float32)
    arg4_1 = rand_strided((4099, ), (1, ), device='cpu', dtype=torch.bfloat16)
    return [arg0_1, arg1_1, arg2_1, arg3_1, arg4_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='cpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))

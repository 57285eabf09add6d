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


cpp_fused__foreach_add__foreach_addcdiv__foreach_addcmul__foreach_div__foreach_mul__foreach_neg__foreach_pow__foreach_reciprocal__foreach_sqrt__foreach_sub_copy__full_like_0 = async_compile.cpp_pybinding(['const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*'], r'''
#include <torch/csrc/inductor/aoti_runtime/utils.h>
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       const float* in_ptr4,
                       const float* in_ptr5,
                       const float* in_ptr6,
                       const float* in_ptr7,
                       const float* in_ptr8,
                       const float* in_ptr9,
                       const float* in_ptr10,
                       const float* in_ptr11,
                       const float* in_ptr12,
                       const float* in_ptr13,
                       const float* in_ptr14,
                       const float* in_ptr15,
                       const float* in_ptr16,
                       const float* in_ptr17,
                       const float* in_ptr18,
                       const float* in_ptr19,
                       const float* in_ptr20,
                       const float* in_ptr21,
                       const float* in_ptr22,
                       const float* in_ptr23,
                       const float* in_ptr24,
                       const float* in_ptr25,
                       const float* in_ptr26,
                       const float* in_ptr27,
                       const float* in_ptr28,
                       const float* in_ptr29,
                       const float* in_ptr30,
                       const float* in_ptr31,
                       const float* in_ptr32,
                       const float* in_ptr33,
                       const float* in_ptr34,
                       const float* in_ptr35,
                       const float* in_ptr36,
                       const float* in_ptr37,
                       const float* in_ptr38,
                       const float* in_ptr39,
                       const float* in_ptr40,
                       const float* in_ptr41,
                       const float* in_ptr42,
                       const float* in_ptr43,
                       const float* in_ptr44,
                       const float* in_ptr45,
                       const float* in_ptr46,
                       const float* in_ptr47,
                       const float* in_ptr48,
                       const float* in_ptr49,
                       const float* in_ptr50,
                       const float* in_ptr51,
                       const float* in_ptr52,
                       const float* in_ptr53,
                       const float* in_ptr54,
                       const float* in_ptr55,
                       const float* in_ptr56,
                       const float* in_ptr57,
                       const float* in_ptr58,
                       const float* in_ptr59,
                       const float* in_ptr60,
                       const float* in_ptr61,
                       const float* in_ptr62,
                       const float* in_ptr63,
                       const float* in_ptr64,
                       const float* in_ptr65,
                       const float* in_ptr66,
                       const float* in_ptr67,
                       const float* in_ptr68,
                       const float* in_ptr69,
                       float* out_ptr0,
                       float* out_ptr1,
                       float* out_ptr2,
                       float* out_ptr3,
                       float* out_ptr4,
                       float* out_ptr5,
                       float* out_ptr6,
                       float* out_ptr7,
                       float* out_ptr8,
                       float* out_ptr9,
                       float* out_ptr10,
                       float* out_ptr11,
                       float* out_ptr12,
                       float* out_ptr13,
                       float* out_ptr14,
                       float* out_ptr15,
                       float* out_ptr17,
                       float* out_ptr18,
                       float* out_ptr19,
                       float* out_ptr21,
                       float* out_ptr22,
                       float* out_ptr23,
                       float* out_ptr25,
                       float* out_ptr26,
                       float* out_ptr27,
                       float* out_ptr29,
                       float* out_ptr30,
                       float* out_ptr31,
                       float* out_ptr33,
                       float* out_ptr34,
                       float* out_ptr35,
                       float* out_ptr37,
                       float* out_ptr38,
                       float* out_ptr39,
                       float* out_ptr41,
                       float* out_ptr42,
                       float* out_ptr43,
                       float* out_ptr45,
                       float* out_ptr46,
                       float* out_ptr47,
                       float* out_ptr49,
                       float* out_ptr50,
                       float* out_ptr51,
                       float* out_ptr53,
                       float* out_ptr54,
                       float* out_ptr55,
                       float* out_ptr57,
                       float* out_ptr58,
                       float* out_ptr59,
                       float* out_ptr61,
                       float* out_ptr62,
                       float* out_ptr63,
                       float* out_ptr65,
                       float* out_ptr66,
                       float* out_ptr67,
                       float* out_ptr69)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    torch::aot_inductor::RAIIAtenRecordFunctionHandle record_graph_0_cpp_fused__foreach_add__foreach_addcdiv__foreach_addcmul__foreach_div__foreach_mul__foreach_neg__foreach_pow__foreach_reciprocal__foreach_sqrt__foreach_sub_copy__full_like_0_("graph_0_cpp_fused__foreach_add__foreach_addcdiv__foreach_addcmul__foreach_div__foreach_mul__foreach_neg__foreach_pow__foreach_reciprocal__foreach_sqrt__foreach_sub_copy__full_like_0", nullptr);
    {
        {
            {
                auto tmp0 = in_ptr0[static_cast<int64_t>(0L)];
                auto tmp1 = static_cast<float>(1.0);
                auto tmp2 = float(tmp0 + tmp1);
                out_ptr0[static_cast<int64_t>(0L)] = tmp2;
            }
        }
    }
    {
        {
            {
                auto tmp0 = in_ptr1[static_cast<int64_t>(0L)];
                auto tmp1 = static_cast<float>(1.0);
                auto tmp2 = float(tmp0 + tmp1);
                out_ptr1[static_cast<int64_t>(0L)] = tmp2;
            }
        }
    }
    {
        {
            {
                auto tmp0 = in_ptr2[static_cast<int64_t>(0L)];
                auto tmp1 = static_cast<float>(1.0);
                auto tmp2 = float(tmp0 + tmp1);
                out_ptr2[static_cast<int64_t>(0L)] = tmp2;
            }
        }
    }
    {
        {
            {
                auto tmp0 = in_ptr3[static_cast<int64_t>(0L)];
                auto tmp1 = static_cast<float>(1.0);
                auto tmp2 = float(tmp0 + tmp1);
                out_ptr3[static_cast<int64_t>(0L)] = tmp2;
            }
        }
    }
    {
        {
            {
                auto tmp0 = in_ptr4[static_cast<int64_t>(0L)];
                auto tmp1 = static_cast<float>(1.0);
                auto tmp2 = float(tmp0 + tmp1);
                out_ptr4[static_cast<int64_t>(0L)] = tmp2;
            }
        }
    }
    {
        {
            {
                auto tmp0 = in_ptr5[static_cast<int64_t>(0L)];
                auto tmp1 = static_cast<float>(1.0);
                auto tmp2 = float(tmp0 + tmp1);
                out_ptr5[static_cast<int64_t>(0L)] = tmp2;
            }
        }
    }
    {
        {
            {
                auto tmp0 = in_ptr6[static_cast<int64_t>(0L)];
                auto tmp1 = static_cast<float>(1.0);
                auto tmp2 = float(tmp0 + tmp1);
                out_ptr6[static_cast<int64_t>(0L)] = tmp2;
            }
        }
    }
    {
        {
            {
                auto tmp0 = in_ptr7[static_cast<int64_t>(0L)];
                auto tmp1 = static_cast<float>(1.0);
                auto tmp2 = float(tmp0 + tmp1);
                out_ptr7[static_cast<int64_t>(0L)] = tmp2;
            }
        }
    }
    {
        {
            {
                auto tmp0 = in_ptr8[static_cast<int64_t>(0L)];
                auto tmp1 = static_cast<float>(1.0);
                auto tmp2 = float(tmp0 + tmp1);
                out_ptr8[static_cast<int64_t>(0L)] = tmp2;
            }
        }
    }
    {
        {
            {
                auto tmp0 = in_ptr9[static_cast<int64_t>(0L)];
                auto tmp1 = static_cast<float>(1.0);
                auto tmp2 = float(tmp0 + tmp1);
                out_ptr9[static_cast<int64_t>(0L)] = tmp2;
            }
        }
    }
    {
        {
            {
                auto tmp0 = in_ptr10[static_cast<int64_t>(0L)];
                auto tmp1 = static_cast<float>(1.0);
                auto tmp2 = float(tmp0 + tmp1);
                out_ptr10[static_cast<int64_t>(0L)] = tmp2;
            }
        }
    }
    {
        {
            {
                auto tmp0 = in_ptr11[static_cast<int64_t>(0L)];
                auto tmp1 = static_cast<float>(1.0);
                auto tmp2 = float(tmp0 + tmp1);
                out_ptr11[static_cast<int64_t>(0L)] = tmp2;
            }
        }
    }
    {
        {
            {
                auto tmp0 = in_ptr12[static_cast<int64_t>(0L)];
                auto tmp1 = static_cast<float>(1.0);
                auto tmp2 = float(tmp0 + tmp1);
                out_ptr12[static_cast<int64_t>(0L)] = tmp2;
            }
        }
    }
    {
        {
            {
                auto tmp0 = in_ptr13[static_cast<int64_t>(0L)];
                auto tmp1 = static_cast<float>(1.0);
                auto tmp2 = float(tmp0 + tmp1);
                out_ptr13[static_cast<int64_t>(0L)] = tmp2;
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(768L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(768L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr14 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr15 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(out_ptr15 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp11 = at::vec::Vectorized<float>::loadu(out_ptr17 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp21 = out_ptr0[static_cast<int64_t>(0L)];
                    auto tmp2 = tmp1 - tmp0;
                    auto tmp3 = static_cast<float>(0.09999999999999998);
                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                    auto tmp5 = tmp4 * tmp2;
                    auto tmp6 = static_cast<float>(1.0);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp7 * tmp5;
                    auto tmp9 = tmp0 + tmp8;
                    auto tmp12 = static_cast<float>(0.999);
                    auto tmp13 = at::vec::Vectorized<float>(tmp12);
                    auto tmp14 = tmp11 * tmp13;
                    auto tmp15 = tmp1 * tmp1;
                    auto tmp16 = static_cast<float>(0.0010000000000000009);
                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                    auto tmp18 = tmp17 * tmp15;
                    auto tmp19 = tmp14 + tmp18;
                    auto tmp20 = tmp19.sqrt();
                    auto tmp22 = std::pow(tmp12, tmp21);
                    auto tmp23 = float(tmp22 - tmp6);
                    auto tmp24 = decltype(tmp23)(-tmp23);
                    auto tmp25 = std::sqrt(tmp24);
                    auto tmp26 = at::vec::Vectorized<float>(tmp25);
                    auto tmp27 = tmp20 / tmp26;
                    auto tmp28 = static_cast<float>(1e-08);
                    auto tmp29 = at::vec::Vectorized<float>(tmp28);
                    auto tmp30 = tmp27 + tmp29;
                    auto tmp31 = static_cast<float>(0.9);
                    auto tmp32 = std::pow(tmp31, tmp21);
                    auto tmp33 = float(tmp32 - tmp6);
                    auto tmp34 = static_cast<float>(0.001);
                    auto tmp35 = tmp33 / tmp34;
                    auto tmp36 = tmp6 / tmp35;
                    auto tmp37 = at::vec::Vectorized<float>(tmp36);
                    auto tmp38 = tmp30 / tmp37;
                    auto tmp39 = tmp9 / tmp38;
                    auto tmp40 = tmp10 + tmp39;
                    tmp9.store(out_ptr14 + static_cast<int64_t>(x0));
                    tmp40.store(out_ptr15 + static_cast<int64_t>(x0));
                    tmp19.store(out_ptr17 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(48L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(48L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr18 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr19 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(out_ptr19 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp11 = at::vec::Vectorized<float>::loadu(out_ptr21 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp21 = out_ptr1[static_cast<int64_t>(0L)];
                    auto tmp2 = tmp1 - tmp0;
                    auto tmp3 = static_cast<float>(0.09999999999999998);
                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                    auto tmp5 = tmp4 * tmp2;
                    auto tmp6 = static_cast<float>(1.0);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp7 * tmp5;
                    auto tmp9 = tmp0 + tmp8;
                    auto tmp12 = static_cast<float>(0.999);
                    auto tmp13 = at::vec::Vectorized<float>(tmp12);
                    auto tmp14 = tmp11 * tmp13;
                    auto tmp15 = tmp1 * tmp1;
                    auto tmp16 = static_cast<float>(0.0010000000000000009);
                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                    auto tmp18 = tmp17 * tmp15;
                    auto tmp19 = tmp14 + tmp18;
                    auto tmp20 = tmp19.sqrt();
                    auto tmp22 = std::pow(tmp12, tmp21);
                    auto tmp23 = float(tmp22 - tmp6);
                    auto tmp24 = decltype(tmp23)(-tmp23);
                    auto tmp25 = std::sqrt(tmp24);
                    auto tmp26 = at::vec::Vectorized<float>(tmp25);
                    auto tmp27 = tmp20 / tmp26;
                    auto tmp28 = static_cast<float>(1e-08);
                    auto tmp29 = at::vec::Vectorized<float>(tmp28);
                    auto tmp30 = tmp27 + tmp29;
                    auto tmp31 = static_cast<float>(0.9);
                    auto tmp32 = std::pow(tmp31, tmp21);
                    auto tmp33 = float(tmp32 - tmp6);
                    auto tmp34 = static_cast<float>(0.001);
                    auto tmp35 = tmp33 / tmp34;
                    auto tmp36 = tmp6 / tmp35;
                    auto tmp37 = at::vec::Vectorized<float>(tmp36);
                    auto tmp38 = tmp30 / tmp37;
                    auto tmp39 = tmp9 / tmp38;
                    auto tmp40 = tmp10 + tmp39;
                    tmp9.store(out_ptr18 + static_cast<int64_t>(x0));
                    tmp40.store(out_ptr19 + static_cast<int64_t>(x0));
                    tmp19.store(out_ptr21 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(256L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(256L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr22 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr23 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(out_ptr23 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp11 = at::vec::Vectorized<float>::loadu(out_ptr25 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp21 = out_ptr2[static_cast<int64_t>(0L)];
                    auto tmp2 = tmp1 - tmp0;
                    auto tmp3 = static_cast<float>(0.09999999999999998);
                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                    auto tmp5 = tmp4 * tmp2;
                    auto tmp6 = static_cast<float>(1.0);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp7 * tmp5;
                    auto tmp9 = tmp0 + tmp8;
                    auto tmp12 = static_cast<float>(0.999);
                    auto tmp13 = at::vec::Vectorized<float>(tmp12);
                    auto tmp14 = tmp11 * tmp13;
                    auto tmp15 = tmp1 * tmp1;
                    auto tmp16 = static_cast<float>(0.0010000000000000009);
                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                    auto tmp18 = tmp17 * tmp15;
                    auto tmp19 = tmp14 + tmp18;
                    auto tmp20 = tmp19.sqrt();
                    auto tmp22 = std::pow(tmp12, tmp21);
                    auto tmp23 = float(tmp22 - tmp6);
                    auto tmp24 = decltype(tmp23)(-tmp23);
                    auto tmp25 = std::sqrt(tmp24);
                    auto tmp26 = at::vec::Vectorized<float>(tmp25);
                    auto tmp27 = tmp20 / tmp26;
                    auto tmp28 = static_cast<float>(1e-08);
                    auto tmp29 = at::vec::Vectorized<float>(tmp28);
                    auto tmp30 = tmp27 + tmp29;
                    auto tmp31 = static_cast<float>(0.9);
                    auto tmp32 = std::pow(tmp31, tmp21);
                    auto tmp33 = float(tmp32 - tmp6);
                    auto tmp34 = static_cast<float>(0.001);
                    auto tmp35 = tmp33 / tmp34;
                    auto tmp36 = tmp6 / tmp35;
                    auto tmp37 = at::vec::Vectorized<float>(tmp36);
                    auto tmp38 = tmp30 / tmp37;
                    auto tmp39 = tmp9 / tmp38;
                    auto tmp40 = tmp10 + tmp39;
                    tmp9.store(out_ptr22 + static_cast<int64_t>(x0));
                    tmp40.store(out_ptr23 + static_cast<int64_t>(x0));
                    tmp19.store(out_ptr25 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr26 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr27 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(out_ptr27 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp11 = at::vec::Vectorized<float>::loadu(out_ptr29 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp21 = out_ptr3[static_cast<int64_t>(0L)];
                    auto tmp2 = tmp1 - tmp0;
                    auto tmp3 = static_cast<float>(0.09999999999999998);
                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                    auto tmp5 = tmp4 * tmp2;
                    auto tmp6 = static_cast<float>(1.0);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp7 * tmp5;
                    auto tmp9 = tmp0 + tmp8;
                    auto tmp12 = static_cast<float>(0.999);
                    auto tmp13 = at::vec::Vectorized<float>(tmp12);
                    auto tmp14 = tmp11 * tmp13;
                    auto tmp15 = tmp1 * tmp1;
                    auto tmp16 = static_cast<float>(0.0010000000000000009);
                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                    auto tmp18 = tmp17 * tmp15;
                    auto tmp19 = tmp14 + tmp18;
                    auto tmp20 = tmp19.sqrt();
                    auto tmp22 = std::pow(tmp12, tmp21);
                    auto tmp23 = float(tmp22 - tmp6);
                    auto tmp24 = decltype(tmp23)(-tmp23);
                    auto tmp25 = std::sqrt(tmp24);
                    auto tmp26 = at::vec::Vectorized<float>(tmp25);
                    auto tmp27 = tmp20 / tmp26;
                    auto tmp28 = static_cast<float>(1e-08);
                    auto tmp29 = at::vec::Vectorized<float>(tmp28);
                    auto tmp30 = tmp27 + tmp29;
                    auto tmp31 = static_cast<float>(0.9);
                    auto tmp32 = std::pow(tmp31, tmp21);
                    auto tmp33 = float(tmp32 - tmp6);
                    auto tmp34 = static_cast<float>(0.001);
                    auto tmp35 = tmp33 / tmp34;
                    auto tmp36 = tmp6 / tmp35;
                    auto tmp37 = at::vec::Vectorized<float>(tmp36);
                    auto tmp38 = tmp30 / tmp37;
                    auto tmp39 = tmp9 / tmp38;
                    auto tmp40 = tmp10 + tmp39;
                    tmp9.store(out_ptr26 + static_cast<int64_t>(x0));
                    tmp40.store(out_ptr27 + static_cast<int64_t>(x0));
                    tmp19.store(out_ptr29 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr30 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr31 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(out_ptr31 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp11 = at::vec::Vectorized<float>::loadu(out_ptr33 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp21 = out_ptr4[static_cast<int64_t>(0L)];
                    auto tmp2 = tmp1 - tmp0;
                    auto tmp3 = static_cast<float>(0.09999999999999998);
                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                    auto tmp5 = tmp4 * tmp2;
                    auto tmp6 = static_cast<float>(1.0);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp7 * tmp5;
                    auto tmp9 = tmp0 + tmp8;
                    auto tmp12 = static_cast<float>(0.999);
                    auto tmp13 = at::vec::Vectorized<float>(tmp12);
                    auto tmp14 = tmp11 * tmp13;
                    auto tmp15 = tmp1 * tmp1;
                    auto tmp16 = static_cast<float>(0.0010000000000000009);
                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                    auto tmp18 = tmp17 * tmp15;
                    auto tmp19 = tmp14 + tmp18;
                    auto tmp20 = tmp19.sqrt();
                    auto tmp22 = std::pow(tmp12, tmp21);
                    auto tmp23 = float(tmp22 - tmp6);
                    auto tmp24 = decltype(tmp23)(-tmp23);
                    auto tmp25 = std::sqrt(tmp24);
                    auto tmp26 = at::vec::Vectorized<float>(tmp25);
                    auto tmp27 = tmp20 / tmp26;
                    auto tmp28 = static_cast<float>(1e-08);
                    auto tmp29 = at::vec::Vectorized<float>(tmp28);
                    auto tmp30 = tmp27 + tmp29;
                    auto tmp31 = static_cast<float>(0.9);
                    auto tmp32 = std::pow(tmp31, tmp21);
                    auto tmp33 = float(tmp32 - tmp6);
                    auto tmp34 = static_cast<float>(0.001);
                    auto tmp35 = tmp33 / tmp34;
                    auto tmp36 = tmp6 / tmp35;
                    auto tmp37 = at::vec::Vectorized<float>(tmp36);
                    auto tmp38 = tmp30 / tmp37;
                    auto tmp39 = tmp9 / tmp38;
                    auto tmp40 = tmp10 + tmp39;
                    tmp9.store(out_ptr30 + static_cast<int64_t>(x0));
                    tmp40.store(out_ptr31 + static_cast<int64_t>(x0));
                    tmp19.store(out_ptr33 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr34 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr35 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(out_ptr35 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp11 = at::vec::Vectorized<float>::loadu(out_ptr37 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp21 = out_ptr5[static_cast<int64_t>(0L)];
                    auto tmp2 = tmp1 - tmp0;
                    auto tmp3 = static_cast<float>(0.09999999999999998);
                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                    auto tmp5 = tmp4 * tmp2;
                    auto tmp6 = static_cast<float>(1.0);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp7 * tmp5;
                    auto tmp9 = tmp0 + tmp8;
                    auto tmp12 = static_cast<float>(0.999);
                    auto tmp13 = at::vec::Vectorized<float>(tmp12);
                    auto tmp14 = tmp11 * tmp13;
                    auto tmp15 = tmp1 * tmp1;
                    auto tmp16 = static_cast<float>(0.0010000000000000009);
                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                    auto tmp18 = tmp17 * tmp15;
                    auto tmp19 = tmp14 + tmp18;
                    auto tmp20 = tmp19.sqrt();
                    auto tmp22 = std::pow(tmp12, tmp21);
                    auto tmp23 = float(tmp22 - tmp6);
                    auto tmp24 = decltype(tmp23)(-tmp23);
                    auto tmp25 = std::sqrt(tmp24);
                    auto tmp26 = at::vec::Vectorized<float>(tmp25);
                    auto tmp27 = tmp20 / tmp26;
                    auto tmp28 = static_cast<float>(1e-08);
                    auto tmp29 = at::vec::Vectorized<float>(tmp28);
                    auto tmp30 = tmp27 + tmp29;
                    auto tmp31 = static_cast<float>(0.9);
                    auto tmp32 = std::pow(tmp31, tmp21);
                    auto tmp33 = float(tmp32 - tmp6);
                    auto tmp34 = static_cast<float>(0.001);
                    auto tmp35 = tmp33 / tmp34;
                    auto tmp36 = tmp6 / tmp35;
                    auto tmp37 = at::vec::Vectorized<float>(tmp36);
                    auto tmp38 = tmp30 / tmp37;
                    auto tmp39 = tmp9 / tmp38;
                    auto tmp40 = tmp10 + tmp39;
                    tmp9.store(out_ptr34 + static_cast<int64_t>(x0));
                    tmp40.store(out_ptr35 + static_cast<int64_t>(x0));
                    tmp19.store(out_ptr37 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(1024L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(1024L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr38 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr39 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(out_ptr39 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp11 = at::vec::Vectorized<float>::loadu(out_ptr41 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp21 = out_ptr6[static_cast<int64_t>(0L)];
                    auto tmp2 = tmp1 - tmp0;
                    auto tmp3 = static_cast<float>(0.09999999999999998);
                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                    auto tmp5 = tmp4 * tmp2;
                    auto tmp6 = static_cast<float>(1.0);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp7 * tmp5;
                    auto tmp9 = tmp0 + tmp8;
                    auto tmp12 = static_cast<float>(0.999);
                    auto tmp13 = at::vec::Vectorized<float>(tmp12);
                    auto tmp14 = tmp11 * tmp13;
                    auto tmp15 = tmp1 * tmp1;
                    auto tmp16 = static_cast<float>(0.0010000000000000009);
                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                    auto tmp18 = tmp17 * tmp15;
                    auto tmp19 = tmp14 + tmp18;
                    auto tmp20 = tmp19.sqrt();
                    auto tmp22 = std::pow(tmp12, tmp21);
                    auto tmp23 = float(tmp22 - tmp6);
                    auto tmp24 = decltype(tmp23)(-tmp23);
                    auto tmp25 = std::sqrt(tmp24);
                    auto tmp26 = at::vec::Vectorized<float>(tmp25);
                    auto tmp27 = tmp20 / tmp26;
                    auto tmp28 = static_cast<float>(1e-08);
                    auto tmp29 = at::vec::Vectorized<float>(tmp28);
                    auto tmp30 = tmp27 + tmp29;
                    auto tmp31 = static_cast<float>(0.9);
                    auto tmp32 = std::pow(tmp31, tmp21);
                    auto tmp33 = float(tmp32 - tmp6);
                    auto tmp34 = static_cast<float>(0.001);
                    auto tmp35 = tmp33 / tmp34;
                    auto tmp36 = tmp6 / tmp35;
                    auto tmp37 = at::vec::Vectorized<float>(tmp36);
                    auto tmp38 = tmp30 / tmp37;
                    auto tmp39 = tmp9 / tmp38;
                    auto tmp40 = tmp10 + tmp39;
                    tmp9.store(out_ptr38 + static_cast<int64_t>(x0));
                    tmp40.store(out_ptr39 + static_cast<int64_t>(x0));
                    tmp19.store(out_ptr41 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(64L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(64L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr42 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr43 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(out_ptr43 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp11 = at::vec::Vectorized<float>::loadu(out_ptr45 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp21 = out_ptr7[static_cast<int64_t>(0L)];
                    auto tmp2 = tmp1 - tmp0;
                    auto tmp3 = static_cast<float>(0.09999999999999998);
                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                    auto tmp5 = tmp4 * tmp2;
                    auto tmp6 = static_cast<float>(1.0);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp7 * tmp5;
                    auto tmp9 = tmp0 + tmp8;
                    auto tmp12 = static_cast<float>(0.999);
                    auto tmp13 = at::vec::Vectorized<float>(tmp12);
                    auto tmp14 = tmp11 * tmp13;
                    auto tmp15 = tmp1 * tmp1;
                    auto tmp16 = static_cast<float>(0.0010000000000000009);
                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                    auto tmp18 = tmp17 * tmp15;
                    auto tmp19 = tmp14 + tmp18;
                    auto tmp20 = tmp19.sqrt();
                    auto tmp22 = std::pow(tmp12, tmp21);
                    auto tmp23 = float(tmp22 - tmp6);
                    auto tmp24 = decltype(tmp23)(-tmp23);
                    auto tmp25 = std::sqrt(tmp24);
                    auto tmp26 = at::vec::Vectorized<float>(tmp25);
                    auto tmp27 = tmp20 / tmp26;
                    auto tmp28 = static_cast<float>(1e-08);
                    auto tmp29 = at::vec::Vectorized<float>(tmp28);
                    auto tmp30 = tmp27 + tmp29;
                    auto tmp31 = static_cast<float>(0.9);
                    auto tmp32 = std::pow(tmp31, tmp21);
                    auto tmp33 = float(tmp32 - tmp6);
                    auto tmp34 = static_cast<float>(0.001);
                    auto tmp35 = tmp33 / tmp34;
                    auto tmp36 = tmp6 / tmp35;
                    auto tmp37 = at::vec::Vectorized<float>(tmp36);
                    auto tmp38 = tmp30 / tmp37;
                    auto tmp39 = tmp9 / tmp38;
                    auto tmp40 = tmp10 + tmp39;
                    tmp9.store(out_ptr42 + static_cast<int64_t>(x0));
                    tmp40.store(out_ptr43 + static_cast<int64_t>(x0));
                    tmp19.store(out_ptr45 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(1024L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(1024L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr46 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr47 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(out_ptr47 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp11 = at::vec::Vectorized<float>::loadu(out_ptr49 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp21 = out_ptr8[static_cast<int64_t>(0L)];
                    auto tmp2 = tmp1 - tmp0;
                    auto tmp3 = static_cast<float>(0.09999999999999998);
                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                    auto tmp5 = tmp4 * tmp2;
                    auto tmp6 = static_cast<float>(1.0);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp7 * tmp5;
                    auto tmp9 = tmp0 + tmp8;
                    auto tmp12 = static_cast<float>(0.999);
                    auto tmp13 = at::vec::Vectorized<float>(tmp12);
                    auto tmp14 = tmp11 * tmp13;
                    auto tmp15 = tmp1 * tmp1;
                    auto tmp16 = static_cast<float>(0.0010000000000000009);
                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                    auto tmp18 = tmp17 * tmp15;
                    auto tmp19 = tmp14 + tmp18;
                    auto tmp20 = tmp19.sqrt();
                    auto tmp22 = std::pow(tmp12, tmp21);
                    auto tmp23 = float(tmp22 - tmp6);
                    auto tmp24 = decltype(tmp23)(-tmp23);
                    auto tmp25 = std::sqrt(tmp24);
                    auto tmp26 = at::vec::Vectorized<float>(tmp25);
                    auto tmp27 = tmp20 / tmp26;
                    auto tmp28 = static_cast<float>(1e-08);
                    auto tmp29 = at::vec::Vectorized<float>(tmp28);
                    auto tmp30 = tmp27 + tmp29;
                    auto tmp31 = static_cast<float>(0.9);
                    auto tmp32 = std::pow(tmp31, tmp21);
                    auto tmp33 = float(tmp32 - tmp6);
                    auto tmp34 = static_cast<float>(0.001);
                    auto tmp35 = tmp33 / tmp34;
                    auto tmp36 = tmp6 / tmp35;
                    auto tmp37 = at::vec::Vectorized<float>(tmp36);
                    auto tmp38 = tmp30 / tmp37;
                    auto tmp39 = tmp9 / tmp38;
                    auto tmp40 = tmp10 + tmp39;
                    tmp9.store(out_ptr46 + static_cast<int64_t>(x0));
                    tmp40.store(out_ptr47 + static_cast<int64_t>(x0));
                    tmp19.store(out_ptr49 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr50 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr51 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(out_ptr51 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp11 = at::vec::Vectorized<float>::loadu(out_ptr53 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp21 = out_ptr9[static_cast<int64_t>(0L)];
                    auto tmp2 = tmp1 - tmp0;
                    auto tmp3 = static_cast<float>(0.09999999999999998);
                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                    auto tmp5 = tmp4 * tmp2;
                    auto tmp6 = static_cast<float>(1.0);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp7 * tmp5;
                    auto tmp9 = tmp0 + tmp8;
                    auto tmp12 = static_cast<float>(0.999);
                    auto tmp13 = at::vec::Vectorized<float>(tmp12);
                    auto tmp14 = tmp11 * tmp13;
                    auto tmp15 = tmp1 * tmp1;
                    auto tmp16 = static_cast<float>(0.0010000000000000009);
                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                    auto tmp18 = tmp17 * tmp15;
                    auto tmp19 = tmp14 + tmp18;
                    auto tmp20 = tmp19.sqrt();
                    auto tmp22 = std::pow(tmp12, tmp21);
                    auto tmp23 = float(tmp22 - tmp6);
                    auto tmp24 = decltype(tmp23)(-tmp23);
                    auto tmp25 = std::sqrt(tmp24);
                    auto tmp26 = at::vec::Vectorized<float>(tmp25);
                    auto tmp27 = tmp20 / tmp26;
                    auto tmp28 = static_cast<float>(1e-08);
                    auto tmp29 = at::vec::Vectorized<float>(tmp28);
                    auto tmp30 = tmp27 + tmp29;
                    auto tmp31 = static_cast<float>(0.9);
                    auto tmp32 = std::pow(tmp31, tmp21);
                    auto tmp33 = float(tmp32 - tmp6);
                    auto tmp34 = static_cast<float>(0.001);
                    auto tmp35 = tmp33 / tmp34;
                    auto tmp36 = tmp6 / tmp35;
                    auto tmp37 = at::vec::Vectorized<float>(tmp36);
                    auto tmp38 = tmp30 / tmp37;
                    auto tmp39 = tmp9 / tmp38;
                    auto tmp40 = tmp10 + tmp39;
                    tmp9.store(out_ptr50 + static_cast<int64_t>(x0));
                    tmp40.store(out_ptr51 + static_cast<int64_t>(x0));
                    tmp19.store(out_ptr53 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr54 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr55 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(out_ptr55 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp11 = at::vec::Vectorized<float>::loadu(out_ptr57 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp21 = out_ptr10[static_cast<int64_t>(0L)];
                    auto tmp2 = tmp1 - tmp0;
                    auto tmp3 = static_cast<float>(0.09999999999999998);
                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                    auto tmp5 = tmp4 * tmp2;
                    auto tmp6 = static_cast<float>(1.0);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp7 * tmp5;
                    auto tmp9 = tmp0 + tmp8;
                    auto tmp12 = static_cast<float>(0.999);
                    auto tmp13 = at::vec::Vectorized<float>(tmp12);
                    auto tmp14 = tmp11 * tmp13;
                    auto tmp15 = tmp1 * tmp1;
                    auto tmp16 = static_cast<float>(0.0010000000000000009);
                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                    auto tmp18 = tmp17 * tmp15;
                    auto tmp19 = tmp14 + tmp18;
                    auto tmp20 = tmp19.sqrt();
                    auto tmp22 = std::pow(tmp12, tmp21);
                    auto tmp23 = float(tmp22 - tmp6);
                    auto tmp24 = decltype(tmp23)(-tmp23);
                    auto tmp25 = std::sqrt(tmp24);
                    auto tmp26 = at::vec::Vectorized<float>(tmp25);
                    auto tmp27 = tmp20 / tmp26;
                    auto tmp28 = static_cast<float>(1e-08);
                    auto tmp29 = at::vec::Vectorized<float>(tmp28);
                    auto tmp30 = tmp27 + tmp29;
                    auto tmp31 = static_cast<float>(0.9);
                    auto tmp32 = std::pow(tmp31, tmp21);
                    auto tmp33 = float(tmp32 - tmp6);
                    auto tmp34 = static_cast<float>(0.001);
                    auto tmp35 = tmp33 / tmp34;
                    auto tmp36 = tmp6 / tmp35;
                    auto tmp37 = at::vec::Vectorized<float>(tmp36);
                    auto tmp38 = tmp30 / tmp37;
                    auto tmp39 = tmp9 / tmp38;
                    auto tmp40 = tmp10 + tmp39;
                    tmp9.store(out_ptr54 + static_cast<int64_t>(x0));
                    tmp40.store(out_ptr55 + static_cast<int64_t>(x0));
                    tmp19.store(out_ptr57 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr58 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr59 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(out_ptr59 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp11 = at::vec::Vectorized<float>::loadu(out_ptr61 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp21 = out_ptr11[static_cast<int64_t>(0L)];
                    auto tmp2 = tmp1 - tmp0;
                    auto tmp3 = static_cast<float>(0.09999999999999998);
                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                    auto tmp5 = tmp4 * tmp2;
                    auto tmp6 = static_cast<float>(1.0);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp7 * tmp5;
                    auto tmp9 = tmp0 + tmp8;
                    auto tmp12 = static_cast<float>(0.999);
                    auto tmp13 = at::vec::Vectorized<float>(tmp12);
                    auto tmp14 = tmp11 * tmp13;
                    auto tmp15 = tmp1 * tmp1;
                    auto tmp16 = static_cast<float>(0.0010000000000000009);
                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                    auto tmp18 = tmp17 * tmp15;
                    auto tmp19 = tmp14 + tmp18;
                    auto tmp20 = tmp19.sqrt();
                    auto tmp22 = std::pow(tmp12, tmp21);
                    auto tmp23 = float(tmp22 - tmp6);
                    auto tmp24 = decltype(tmp23)(-tmp23);
                    auto tmp25 = std::sqrt(tmp24);
                    auto tmp26 = at::vec::Vectorized<float>(tmp25);
                    auto tmp27 = tmp20 / tmp26;
                    auto tmp28 = static_cast<float>(1e-08);
                    auto tmp29 = at::vec::Vectorized<float>(tmp28);
                    auto tmp30 = tmp27 + tmp29;
                    auto tmp31 = static_cast<float>(0.9);
                    auto tmp32 = std::pow(tmp31, tmp21);
                    auto tmp33 = float(tmp32 - tmp6);
                    auto tmp34 = static_cast<float>(0.001);
                    auto tmp35 = tmp33 / tmp34;
                    auto tmp36 = tmp6 / tmp35;
                    auto tmp37 = at::vec::Vectorized<float>(tmp36);
                    auto tmp38 = tmp30 / tmp37;
                    auto tmp39 = tmp9 / tmp38;
                    auto tmp40 = tmp10 + tmp39;
                    tmp9.store(out_ptr58 + static_cast<int64_t>(x0));
                    tmp40.store(out_ptr59 + static_cast<int64_t>(x0));
                    tmp19.store(out_ptr61 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(160L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(160L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr62 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr63 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(out_ptr63 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp11 = at::vec::Vectorized<float>::loadu(out_ptr65 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp21 = out_ptr12[static_cast<int64_t>(0L)];
                    auto tmp2 = tmp1 - tmp0;
                    auto tmp3 = static_cast<float>(0.09999999999999998);
                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                    auto tmp5 = tmp4 * tmp2;
                    auto tmp6 = static_cast<float>(1.0);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp7 * tmp5;
                    auto tmp9 = tmp0 + tmp8;
                    auto tmp12 = static_cast<float>(0.999);
                    auto tmp13 = at::vec::Vectorized<float>(tmp12);
                    auto tmp14 = tmp11 * tmp13;
                    auto tmp15 = tmp1 * tmp1;
                    auto tmp16 = static_cast<float>(0.0010000000000000009);
                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                    auto tmp18 = tmp17 * tmp15;
                    auto tmp19 = tmp14 + tmp18;
                    auto tmp20 = tmp19.sqrt();
                    auto tmp22 = std::pow(tmp12, tmp21);
                    auto tmp23 = float(tmp22 - tmp6);
                    auto tmp24 = decltype(tmp23)(-tmp23);
                    auto tmp25 = std::sqrt(tmp24);
                    auto tmp26 = at::vec::Vectorized<float>(tmp25);
                    auto tmp27 = tmp20 / tmp26;
                    auto tmp28 = static_cast<float>(1e-08);
                    auto tmp29 = at::vec::Vectorized<float>(tmp28);
                    auto tmp30 = tmp27 + tmp29;
                    auto tmp31 = static_cast<float>(0.9);
                    auto tmp32 = std::pow(tmp31, tmp21);
                    auto tmp33 = float(tmp32 - tmp6);
                    auto tmp34 = static_cast<float>(0.001);
                    auto tmp35 = tmp33 / tmp34;
                    auto tmp36 = tmp6 / tmp35;
                    auto tmp37 = at::vec::Vectorized<float>(tmp36);
                    auto tmp38 = tmp30 / tmp37;
                    auto tmp39 = tmp9 / tmp38;
                    auto tmp40 = tmp10 + tmp39;
                    tmp9.store(out_ptr62 + static_cast<int64_t>(x0));
                    tmp40.store(out_ptr63 + static_cast<int64_t>(x0));
                    tmp19.store(out_ptr65 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(10L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0L) && x0 < static_cast<int64_t>(10L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr66 + static_cast<int64_t>(x0), static_cast<int64_t>(10L));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr67 + static_cast<int64_t>(x0), static_cast<int64_t>(10L));
                    auto tmp10 = at::vec::Vectorized<float>::loadu(out_ptr67 + static_cast<int64_t>(x0), static_cast<int64_t>(10L));
                    auto tmp11 = at::vec::Vectorized<float>::loadu(out_ptr69 + static_cast<int64_t>(x0), static_cast<int64_t>(10L));
                    auto tmp21 = out_ptr13[static_cast<int64_t>(0L)];
                    auto tmp2 = tmp1 - tmp0;
                    auto tmp3 = static_cast<float>(0.09999999999999998);
                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                    auto tmp5 = tmp4 * tmp2;
                    auto tmp6 = static_cast<float>(1.0);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp7 * tmp5;
                    auto tmp9 = tmp0 + tmp8;
                    auto tmp12 = static_cast<float>(0.999);
                    auto tmp13 = at::vec::Vectorized<float>(tmp12);
                    auto tmp14 = tmp11 * tmp13;
                    auto tmp15 = tmp1 * tmp1;
                    auto tmp16 = static_cast<float>(0.0010000000000000009);
                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                    auto tmp18 = tmp17 * tmp15;
                    auto tmp19 = tmp14 + tmp18;
                    auto tmp20 = tmp19.sqrt();
                    auto tmp22 = std::pow(tmp12, tmp21);
                    auto tmp23 = float(tmp22 - tmp6);
                    auto tmp24 = decltype(tmp23)(-tmp23);
                    auto tmp25 = std::sqrt(tmp24);
                    auto tmp26 = at::vec::Vectorized<float>(tmp25);
                    auto tmp27 = tmp20 / tmp26;
                    auto tmp28 = static_cast<float>(1e-08);
                    auto tmp29 = at::vec::Vectorized<float>(tmp28);
                    auto tmp30 = tmp27 + tmp29;
                    auto tmp31 = static_cast<float>(0.9);
                    auto tmp32 = std::pow(tmp31, tmp21);
                    auto tmp33 = float(tmp32 - tmp6);
                    auto tmp34 = static_cast<float>(0.001);
                    auto tmp35 = tmp33 / tmp34;
                    auto tmp36 = tmp6 / tmp35;
                    auto tmp37 = at::vec::Vectorized<float>(tmp36);
                    auto tmp38 = tmp30 / tmp37;
                    auto tmp39 = tmp9 / tmp38;
                    auto tmp40 = tmp10 + tmp39;
                    tmp9.store(out_ptr66 + static_cast<int64_t>(x0), static_cast<int64_t>(10L));
                    tmp40.store(out_ptr67 + static_cast<int64_t>(x0), static_cast<int64_t>(10L));
                    tmp19.store(out_ptr69 + static_cast<int64_t>(x0), static_cast<int64_t>(10L));
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
        arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1, arg11_1, arg12_1, arg13_1, arg14_1, arg15_1, arg16_1, arg17_1, arg18_1, arg19_1, arg20_1, arg21_1, arg22_1, arg23_1, arg24_1, arg25_1, arg26_1, arg27_1, arg28_1, arg29_1, arg30_1, arg31_1, arg32_1, arg33_1, arg34_1, arg35_1, arg36_1, arg37_1, arg38_1, arg39_1, arg40_1, arg41_1, arg42_1, arg43_1, arg44_1, arg45_1, arg46_1, arg47_1, arg48_1, arg49_1, arg50_1, arg51_1, arg52_1, arg53_1, arg54_1, arg55_1, arg56_1, arg57_1, arg58_1, arg59_1, arg60_1, arg61_1, arg62_1, arg63_1, arg64_1, arg65_1, arg66_1, arg67_1, arg68_1, arg69_1 = args
        args.clear()
        assert_size_stride(arg19_1, (), (), 'input')
        assert_size_stride(arg14_1, (), (), 'input')
        assert_size_stride(arg20_1, (), (), 'input')
        assert_size_stride(arg21_1, (), (), 'input')
        assert_size_stride(arg22_1, (), (), 'input')
        assert_size_stride(arg23_1, (), (), 'input')
        assert_size_stride(arg24_1, (), (), 'input')
        assert_size_stride(arg25_1, (), (), 'input')
        assert_size_stride(arg26_1, (), (), 'input')
        assert_size_stride(arg27_1, (), (), 'input')
        assert_size_stride(arg28_1, (), (), 'input')
        assert_size_stride(arg29_1, (), (), 'input')
        assert_size_stride(arg30_1, (), (), 'input')
        assert_size_stride(arg31_1, (), (), 'input')
        assert_size_stride(arg17_1, (48, 16), (16, 1), 'input')
        assert_size_stride(arg56_1, (48, 16), (16, 1), 'input')
        assert_size_stride(arg0_1, (48, 16), (16, 1), 'input')
        assert_size_stride(arg18_1, (48, 16), (16, 1), 'input')
        assert_size_stride(arg15_1, (48, ), (1, ), 'input')
        assert_size_stride(arg57_1, (48, ), (1, ), 'input')
        assert_size_stride(arg1_1, (48, ), (1, ), 'input')
        assert_size_stride(arg16_1, (48, ), (1, ), 'input')
        assert_size_stride(arg32_1, (16, 16), (16, 1), 'input')
        assert_size_stride(arg58_1, (16, 16), (16, 1), 'input')
        assert_size_stride(arg2_1, (16, 16), (16, 1), 'input')
        assert_size_stride(arg44_1, (16, 16), (16, 1), 'input')
        assert_size_stride(arg33_1, (16, ), (1, ), 'input')
        assert_size_stride(arg59_1, (16, ), (1, ), 'input')
        assert_size_stride(arg3_1, (16, ), (1, ), 'input')
        assert_size_stride(arg45_1, (16, ), (1, ), 'input')
        assert_size_stride(arg34_1, (16, ), (1, ), 'input')
        assert_size_stride(arg60_1, (16, ), (1, ), 'input')
        assert_size_stride(arg4_1, (16, ), (1, ), 'input')
        assert_size_stride(arg46_1, (16, ), (1, ), 'input')
        assert_size_stride(arg35_1, (16, ), (1, ), 'input')
        assert_size_stride(arg61_1, (16, ), (1, ), 'input')
        assert_size_stride(arg5_1, (16, ), (1, ), 'input')
        assert_size_stride(arg47_1, (16, ), (1, ), 'input')
        assert_size_stride(arg36_1, (64, 16), (16, 1), 'input')
        assert_size_stride(arg62_1, (64, 16), (16, 1), 'input')
        assert_size_stride(arg6_1, (64, 16), (16, 1), 'input')
        assert_size_stride(arg48_1, (64, 16), (16, 1), 'input')
        assert_size_stride(arg37_1, (64, ), (1, ), 'input')
        assert_size_stride(arg63_1, (64, ), (1, ), 'input')
        assert_size_stride(arg7_1, (64, ), (1, ), 'input')
        assert_size_stride(arg49_1, (64, ), (1, ), 'input')
        assert_size_stride(arg38_1, (16, 64), (64, 1), 'input')
        assert_size_stride(arg64_1, (16, 64), (64, 1), 'input')
        assert_size_stride(arg8_1, (16, 64), (64, 1), 'input')
        assert_size_stride(arg50_1, (16, 64), (64, 1), 'input')
        assert_size_stride(arg39_1, (16, ), (1, ), 'input')
        assert_size_stride(arg65_1, (16, ), (1, ), 'input')
        assert_size_stride(arg9_1, (16, ), (1, ), 'input')
        assert_size_stride(arg51_1, (16, ), (1, ), 'input')
        assert_size_stride(arg40_1, (16, ), (1, ), 'input')
        assert_size_stride(arg66_1, (16, ), (1, ), 'input')
        assert_size_stride(arg10_1, (16, ), (1, ), 'input')
        assert_size_stride(arg52_1, (16, ), (1, ), 'input')
        assert_size_stride(arg41_1, (16, ), (1, ), 'input')
        assert_size_stride(arg67_1, (16, ), (1, ), 'input')
        assert_size_stride(arg11_1, (16, ), (1, ), 'input')
        assert_size_stride(arg53_1, (16, ), (1, ), 'input')
        assert_size_stride(arg42_1, (10, 16), (16, 1), 'input')
        assert_size_stride(arg68_1, (10, 16), (16, 1), 'input')
        assert_size_stride(arg12_1, (10, 16), (16, 1), 'input')
        assert_size_stride(arg54_1, (10, 16), (16, 1), 'input')
        assert_size_stride(arg43_1, (10, ), (1, ), 'input')
        assert_size_stride(arg69_1, (10, ), (1, ), 'input')
        assert_size_stride(arg13_1, (10, ), (1, ), 'input')
        assert_size_stride(arg55_1, (10, ), (1, ), 'input')
        cpp_fused__foreach_add__foreach_addcdiv__foreach_addcmul__foreach_div__foreach_mul__foreach_neg__foreach_pow__foreach_reciprocal__foreach_sqrt__foreach_sub_copy__full_like_0(arg19_1, arg14_1, arg20_1, arg21_1, arg22_1, arg23_1, arg24_1, arg25_1, arg26_1, arg27_1, arg28_1, arg29_1, arg30_1, arg31_1, arg17_1, arg56_1, arg0_1, arg18_1, arg15_1, arg57_1, arg1_1, arg16_1, arg32_1, arg58_1, arg2_1, arg44_1, arg33_1, arg59_1, arg3_1, arg45_1, arg34_1, arg60_1, arg4_1, arg46_1, arg35_1, arg61_1, arg5_1, arg47_1, arg36_1, arg62_1, arg6_1, arg48_1, arg37_1, arg63_1, arg7_1, arg49_1, arg38_1, arg64_1, arg8_1, arg50_1, arg39_1, arg65_1, arg9_1, arg51_1, arg40_1, arg66_1, arg10_1, arg52_1, arg41_1, arg67_1, arg11_1, arg53_1, arg42_1, arg68_1, arg12_1, arg54_1, arg43_1, arg69_1, arg13_1, arg55_1, arg19_1, arg14_1, arg20_1, arg21_1, arg22_1, arg23_1, arg24_1, arg25_1, arg26_1, arg27_1, arg28_1, arg29_1, arg30_1, arg31_1, arg17_1, arg0_1, arg18_1, arg15_1, arg1_1, arg16_1, arg32_1, arg2_1, arg44_1, arg33_1, arg3_1, arg45_1, arg34_1, arg4_1, arg46_1, arg35_1, arg5_1, arg47_1, arg36_1, arg6_1, arg48_1, arg37_1, arg7_1, arg49_1, arg38_1, arg8_1, arg50_1, arg39_1, arg9_1, arg51_1, arg40_1, arg10_1, arg52_1, arg41_1, arg11_1, arg53_1, arg42_1, arg12_1, arg54_1, arg43_1, arg13_1, arg55_1)
        del arg0_1
        del arg10_1
        del arg11_1
        del arg12_1
        del arg13_1
        del arg14_1
        del arg15_1
        del arg16_1
        del arg17_1
        del arg18_1
        del arg19_1
        del arg1_1
        del arg20_1
        del arg21_1
        del arg22_1
        del arg23_1
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
        del arg7_1
        del arg8_1
        del arg9_1
        return ()

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    arg0_1 = rand_strided((48, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg1_1 = rand_strided((48, ), (1, ), device='cpu', dtype=torch.float32)
    arg2_1 = rand_strided((16, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg3_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg4_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg5_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg6_1 = rand_strided((64, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg7_1 = rand_strided((64, ), (1, ), device='cpu', dtype=torch.float32)
    arg8_1 = rand_strided((16, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg9_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg10_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg11_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg12_1 = rand_strided((10, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg13_1 = rand_strided((10, ), (1, ), device='cpu', dtype=torch.float32)
    arg14_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    arg15_1 = rand_strided((48, ), (1, ), device='cpu', dtype=torch.float32)
    arg16_1 = rand_strided((48, ), (1, ), device='cpu', dtype=torch.float32)
    arg17_1 = rand_strided((48, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg18_1 = rand_strided((48, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg19_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    arg20_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    arg21_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    arg22_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    arg23_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    arg24_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    arg25_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    arg26_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    arg27_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    arg28_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    arg29_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    arg30_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    arg31_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    arg32_1 = rand_strided((16, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg33_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg34_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg35_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg36_1 = rand_strided((64, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg37_1 = rand_strided((64, ), (1, ), device='cpu', dtype=torch.float32)
    arg38_1 = rand_strided((16, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg39_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg40_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg41_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg42_1 = rand_strided((10, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg43_1 = rand_strided((10, ), (1, ), device='cpu', dtype=torch.float32)
    arg44_1 = rand_strided((16, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg45_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg46_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg47_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg48_1 = rand_strided((64, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg49_1 = rand_strided((64, ), (1, ), device='cpu', dtype=torch.float32)
    arg50_1 = rand_strided((16, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg51_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg52_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg53_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg54_1 = rand_strided((10, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg55_1 = rand_strided((10, ), (1, ), device='cpu', dtype=torch.float32)
    arg56_1 = rand_strided((48, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg57_1 = rand_strided((48, ), (1, ), device='cpu', dtype=torch.float32)
    arg58_1 = rand_strided((16, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg59_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg60_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg61_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg62_1 = rand_strided((64, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg63_1 = rand_strided((64, ), (1, ), device='cpu', dtype=torch.float32)
    arg64_1 = rand_strided((16, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg65_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg66_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg67_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg68_1 = rand_strided((10, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg69_1 = rand_strided((10, ), (1, ), device='cpu', dtype=torch.float32)
    return [arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1, arg11_1, arg12_1, arg13_1, arg14_1, arg15_1, arg16_1, arg17_1, arg18_1, arg19_1, arg20_1, arg21_1, arg22_1, arg23_1, arg24_1, arg25_1, arg26_1, arg27_1, arg28_1, arg29_1, arg30_1, arg31_1, arg32_1, arg33_1, arg34_1, arg35_1, arg36_1, arg37_1, arg38_1, arg39_1, arg40_1, arg41_1, arg42_1, arg43_1, arg44_1, arg45_1, arg46_1, arg47_1, arg48_1, arg49_1, arg50_1, arg51_1, arg52_1, arg53_1, arg54_1, arg55_1, arg56_1, arg57_1, arg58_1, arg59_1, arg60_1, arg61_1, arg62_1, arg63_1, arg64_1, arg65_1, arg66_1, arg67_1, arg68_1, arg69_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='cpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))

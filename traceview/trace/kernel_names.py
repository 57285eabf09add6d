"""Kernel names a person can read: the C++ signature folded to what tells kernels apart.

    void at::native::vectorized_elementwise_kernel<4, at::native::BinaryFunctor<float, float, float,
        at::native::binary_internal::MulFunctor<float> >, std::array<char*, 3ul> >(int, ...)
                                      -> vectorized_elementwise_kernel<MulFunctor>
    ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)
                                      -> nccl AllReduce Sum f32 RING_LL
    void cutlass::Kernel2<cutlass_80_simt_sgemm_256x128_8x4_nt_align1>(...)  -> cutlass sgemm 256x128 nt
    sm80_xmma_gemm_f32f32_..._tilesize64x64x8_...__5x_cublas                 -> cublas gemm 64x64x8 nn
    triton_poi_fused_add_mul_0, graph_0_cpp_fused_relu_0                      -> unchanged (Inductor's own)

The full name stays in every table and in JSON (``short_name`` beside it); :func:`short_names` makes
the short names of one table distinct (two kernels never read the same unless they are the same).
"""

from __future__ import annotations

import re
from typing import Final, Iterable

#: Template arguments that say nothing about what a kernel computes.
_GENERIC: Final[frozenset[str]] = frozenset({
    "BinaryFunctor", "UnaryFunctor", "AUnaryFunctor", "BUnaryFunctor", "array", "Array", "TrivialOffsetCalculator",
    "OffsetCalculator", "LoadWithCast", "LoadWithoutCast", "StoreWithCast", "StoreWithoutCast", "func_wrapper_t",
    "ReduceOp", "TensorListMetadata", "TensorListScalarListMetadata", "FusedOptimizerTensorListMetadata", "OpaqueType",
    "gpu_kernel_impl", "gpu_kernel_impl_nocast", "GenericPackedTensorAccessor", "RestrictPtrTraits", "Params",
    "operator", "const", "unsigned", "char", "bool", "float", "double", "int", "long", "short", "Half", "BFloat16",
    "void", "true", "false", "Policy800", "Policy1000", "at_cuda_detail",
})
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NCCL = re.compile(r"^nccl(?:Dev)?Kernel_([A-Za-z]+)_(.*?)(?:\(|$)")
_NCCL_ALGOS: Final[frozenset[str]] = frozenset({"RING", "TREE", "NVLS", "NVLSTREE", "COLLNET", "COLLNETDIRECT",
                                                 "COLLNETCHAIN", "PAT", "LL", "LL128", "SIMPLE"})
_TENSILE = re.compile(r"^Cijk_.*?_MT(\d+x\d+x\d+)")
_ANON = re.compile(r"\(anonymous namespace\)::")
_TILE = re.compile(r"(\d+x\d+(?:x\d+)?)")
_GEMM = re.compile(r"(?:^|_)([a-z0-9]*gemm[a-z0-9]*)(?:_|$)", re.I)


def short_name(name: object) -> str:
    """The readable form of one kernel name (see the module docstring); never empty."""
    text = str(name).strip()
    if not text:
        return text
    nccl = _NCCL.match(text)
    if nccl:
        parts = [p for p in nccl.group(2).split("_") if p]
        algo = next((i for i, p in enumerate(parts) if p in _NCCL_ALGOS), len(parts))
        return " ".join(["nccl", nccl.group(1), *parts[:algo], *(["_".join(parts[algo:])] if parts[algo:] else [])])
    tensile = _TENSILE.match(text)
    if tensile:  # AMD's Tensile GEMMs: Cijk_<layout>_..._MT<tile>_...
        return f"tensile gemm {tensile.group(1)}"
    body = _ANON.sub("", text.removeprefix("void ").strip())
    if "<" not in body and not re.search(r"\w\(", body):  # no template, no signature: "Memcpy HtoD (Pinned -> Device)"
        return _gemm(body) or body  # Inductor/Triton kernels and plain names (cuBLAS's sm80_xmma_gemm_...)
    head, args = _split_head(body)
    base = head.rsplit("::", 1)[-1] or head
    inner = _gemm(args) if "gemm" in args.lower() and "gemm" not in base.lower() else None
    if inner:
        return inner
    gemm = _gemm(base)
    if gemm:
        return gemm
    what = _meaningful(args)
    return f"{base}<{what}>" if what else base


def short_names(names: Iterable[object]) -> list[str]:
    """:func:`short_name` of each, made distinct: a short name shared by different full names gets
    ``#2``, ``#3``... in the order the full names first appear."""
    names = [str(n) for n in names]
    seen: dict[str, dict[str, int]] = {}
    out = []
    for full in names:
        short = short_name(full)
        owners = seen.setdefault(short, {})
        if full not in owners:
            owners[full] = len(owners) + 1
        k = owners[full]
        out.append(short if k == 1 else f"{short} #{k}")
    return out


def _split_head(body: str) -> tuple[str, str]:
    """(the name before its first ``<`` or ``(`` at depth 0, the template arguments inside ``<...>``); the brackets
    found by ``str.find`` (a kernel's signature runs to thousands of characters)."""
    cut = min((i for i in (body.find("<"), body.find("(")) if i >= 0), default=len(body))
    if cut < len(body) and body[cut] == "<":
        depth, at, end = 0, cut, len(body)
        while True:
            opening, closing = body.find("<", at), body.find(">", at)
            if closing < 0:
                break  # never closed: the arguments run to the end
            if 0 <= opening < closing:
                depth, at = depth + 1, opening + 1
            else:
                depth, at = depth - 1, closing + 1
                if depth == 0:
                    end = closing
                    break
        return body[:cut], body[cut + 1:end]
    return body[:cut], ""


def _meaningful(args: str) -> str | None:
    """The template argument that names the computation: the last functor/op/kernel-like identifier
    that is not generic (``MulFunctor``, ``FusedAdamMathFunctor``, ``gelu_kernel_cuda``), else None."""
    idents = [m.group(0) for m in _IDENT.finditer(args)]
    found = [i for i in idents if i not in _GENERIC and not i.isdigit() and len(i) > 2
             and re.search(r"[Ff]unctor|Op[s]?$|_kernel|kernel_|Kernel|_cuda|Copy|plus|minus|multiplies|divides", i)
             and i not in ("lambda",)]
    if not found:
        return None
    # functor names nest (BinaryFunctor<..., MulFunctor<float>>): the innermost meaningful one, else the first
    named = [i for i in found if i.endswith(("Functor", "functor", "Ops", "Op"))]
    return (named[-1] if named else found[0])


def _gemm(text: str) -> str | None:
    """A GEMM library kernel by its library, routine and tile: ``cutlass sgemm 256x128 nt``."""
    if "gemm" not in text.lower() or "fbgemm" in text.lower():
        return None
    lib = next((w for w in ("cutlass", "cublas", "ampere", "volta", "turing", "hopper", "sm90", "sm80", "nvjet") if w in text.lower()), "")
    if not lib and not _TILE.search(text):
        return None  # a kernel of its own that has "gemm" in its name: keep its name
    routine = _GEMM.search(text.replace("::", "_"))
    tile = _TILE.search(text.split("tilesize")[-1] if "tilesize" in text else text)
    layout = re.search(r"_(nn|nt|tn|tt)(?:_|$)", text)
    parts = [lib if lib not in ("sm80", "sm90") else f"cublas {lib}", routine.group(1) if routine else "gemm",
             tile.group(1) if tile else "", layout.group(1) if layout else ""]
    return " ".join(p for p in parts if p) or None

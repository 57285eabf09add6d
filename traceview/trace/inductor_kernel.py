"""One generated kernel's source -> its KERNELS row and ACCESSES rows (see :mod:`traceview.trace.inductor_code`).

Triton kernels: the ``def``'s parameters, the ``signature`` types, ``mutated_arg_names``, and the
``tl.load`` / ``tl.store`` statements per pointer argument. C++ kernels (``cpp_fused_...``): the
``extern "C"`` parameters and their ``load``/``store``/indexing per pointer.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any, Final

#: Bytes per element for the dtype names Triton signatures and Inductor's C++ use.
DTYPE_BYTES: Final[dict[str, int]] = {
    "fp64": 8, "i64": 8, "u64": 8, "fp32": 4, "i32": 4, "u32": 4, "fp16": 2, "bf16": 2, "i16": 2,
    "u16": 2, "i8": 1, "u8": 1, "i1": 1, "fp8e4nv": 1, "fp8e5": 1, "fp8e4b15": 1, "fp8e4b8": 1, "fp8e5b16": 1,
}
_CPP_DTYPES: Final[dict[str, str]] = {
    "float": "fp32", "double": "fp64", "at::BFloat16": "bf16", "at::Half": "fp16", "bool": "i1",
    "int64_t": "i64", "int32_t": "i32", "int16_t": "i16", "int8_t": "i8", "uint8_t": "u8",
    "at::Float8_e4m3fn": "fp8e4nv", "at::Float8_e5m2": "fp8e5",
}
_KINDS: Final[dict[str, str]] = {
    "poi": "pointwise", "per": "persistent_reduction", "red": "reduction", "for": "foreach",
    "tem": "template", "mix": "mix_order_reduction", "spl": "split_scan", "sca": "scan",
}
#: Multi-word ATen names a fused kernel name may contain (``cpp_fused__to_copy_add_0``); the rest split on "_".
_MULTIWORD_OPS: Final[tuple[str, ...]] = (
    "_to_copy", "_foreach_add", "_foreach_mul", "_foreach_div", "_foreach_sub", "_foreach_sqrt",
    "_foreach_addcdiv", "_foreach_addcmul", "_foreach_lerp", "_foreach_copy", "_foreach_neg",
    "_foreach_reciprocal", "_foreach_pow", "_softmax", "_log_softmax", "_unsafe_view", "native_layer_norm",
    "native_batch_norm", "_native_batch_norm_legit", "native_dropout", "convert_element_type", "var_mean",
    "index_put", "index_select", "scatter_add", "constant_pad_nd", "embedding_dense_backward", "masked_fill",
    "where_self", "new_zeros", "full_like", "zeros_like", "ones_like", "clamp_min", "clamp_max",
    "threshold_backward", "gelu_backward", "silu_backward", "sigmoid_backward", "tanh_backward",
    "_log_softmax_backward_data", "_softmax_backward_data", "nll_loss_forward", "nll_loss_backward",
)

TRITON_DEF = re.compile(r"^def (\w+)\((.*?)\)\s*:", re.M | re.S)  # the kernel's def (even without @triton.jit)
_CPP_DEF = re.compile(r'extern "C"[^(]*?\b\w+\((.*?)\)\s*\{', re.S)
_DECORATOR = re.compile(r"^@(?:triton_heuristics\.|triton_heuristics\s*\.)?(\w+)\(", re.M)
_PTR = r"(in_out_ptr\d+|in_ptr\d+|out_ptr\d+|arg_\w+)"


def triton_kernel(source: str, name: str, meta: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    d = TRITON_DEF.search(source)
    params = [p.split(":")[0].strip() for p in d.group(2).split(",")] if d else []
    params = [p for p in params if p]
    signature = _signature(source, params)
    mutated = set(_literal_list(source, "mutated_arg_names"))
    body = source[d.end() :] if d else source
    aliases = dict(re.findall(r"^\s*(\w+) = (arg_\w+)\s*$", body, re.M))
    loads = _count_refs(body, r"tl\.load\(\s*" + _PTR, aliases)
    stores = _count_refs(body, r"tl\.(?:store|atomic_\w+)\(\s*" + _PTR, aliases)
    deco = _DECORATOR.search(source[: d.start()] if d else source)
    prefix = re.match(r"triton_([a-z]{3})_", name)
    kind = _KINDS.get(prefix.group(1), "unknown") if prefix else (deco.group(1) if deco else "unknown")
    xnumels = [int(v) for v in re.findall(r"^\s*xnumel = (\d+)\s*$", body, re.M)]
    rnumel = re.search(r"^\s*r0?_?numel = (\d+)\s*$", body, re.M)
    subs = re.search(r"'num_kernels': (\d+)", source)
    row = kernel_row(name, "triton", kind, meta, source)
    row.update(
        xnumel=sum(xnumels) if xnumels else None,
        rnumel=int(rnumel.group(1)) if rnumel and "reduction" in kind else None,
        sub_kernels=int(subs.group(1)) if subs else max(1, len(re.findall(r"num_xblocks_\d+ =", body))),
        num_loads=sum(loads.values()),
        num_stores=sum(stores.values()),
    )
    acc = [
        _access(row, i, p, signature.get(p, "").lstrip("*"), loads, stores, p in mutated)
        for i, p in enumerate(params)
        if signature.get(p, "").startswith("*") or (not signature and re.fullmatch(_PTR, p))
    ]
    return row, acc


def cpp_kernel(
    source: str, name: str, head: str, meta: dict[str, Any]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    d = _CPP_DEF.search(source)
    params = [p.strip() for p in d.group(1).split(",")] if d else []
    body = source[d.end() :] if d else source
    loads = _count_refs(body, r"(?:loadu\(|load\()\s*" + _PTR, {})
    for ptr, n in _count_refs(body, r"[^\w.&]" + _PTR + r"\[", {}).items():
        loads[ptr] = loads.get(ptr, 0) + n
    stores = _count_refs(body, r"\.store\(\s*" + _PTR, {})
    for ptr, n in _count_refs(body, _PTR + r"\[[^\]]*\]\s*=(?!=)", {}).items():
        stores[ptr] = stores.get(ptr, 0) + n
        loads[ptr] = max(0, loads.get(ptr, 0) - n)  # "out_ptr0[i] =" matched the load pattern too
    row = kernel_row(name, "cpp", "cpp", meta, source)
    outer = re.search(r"for\(int64_t x\d+=[^;]*;\s*x\d+<static_cast<int64_t>\((\d+)L\)", body)
    inner = re.search(r"for\(int64_t r\d+_?\d*=[^;]*;\s*r\d+_?\d*<static_cast<int64_t>\((\d+)L\)", body)
    row.update(
        xnumel=int(outer.group(1)) if outer else None,
        rnumel=int(inner.group(1)) if inner else None,
        sub_kernels=1,
        num_loads=sum(loads.values()),
        num_stores=sum(stores.values()),
    )
    acc = []
    for i, p in enumerate(params):
        ctype, _, pname = p.rpartition(" ")
        if "*" not in ctype and "*" not in pname:
            continue
        base = ctype.replace("const", "").replace("*", "").strip()
        acc.append(_access(row, i, pname.strip("* "), _CPP_DTYPES.get(base, base), loads, stores, False))
    return row, acc


def kernel_row(name: str, backend: str, kind: str, meta: dict[str, Any], source: str) -> dict[str, Any]:
    path = meta.get("kernel_path")
    if path and not path.endswith(".py"):
        path = None
    return {
        "kernel_name": name, "backend": backend, "kind": kind, "graph": meta.get("graph"),
        "wrapper_path": meta.get("wrapper_path"), "kernel_path": path,
        "kernel_hash": meta.get("kernel_hash") or (Path(path).stem if path else None),
        "source_nodes": None, "aten_ops": None, "mapping_source": "none", "node_mapping": None,
        "call_sites": 0, "source": source.strip("\n"),
    }


def _access(row, index, arg, dtype, loads, stores, mutated) -> dict[str, Any]:
    return {
        "kernel_name": row["kernel_name"], "graph": row["graph"], "arg_index": index, "arg_name": arg,
        "dtype": dtype, "elem_bytes": DTYPE_BYTES.get(dtype), "loads": loads.get(arg, 0),
        "stores": stores.get(arg, 0), "mutated": mutated, "buffer": None, "buffer_kind": "unknown", "numel": None,
    }


def _signature(source: str, params: list[str]) -> dict[str, str]:
    """``'signature': {'in_ptr0': '*fp32', ...}`` (new) or ``{0: '*fp32', ...}`` (old) -> param -> type."""
    m = re.search(r"'signature': \{([^}]*)\}", source)
    out: dict[str, str] = {}
    for key, typ in re.findall(r"('?\w+'?):\s*'([^']*)'", m.group(1) if m else ""):
        key = key.strip("'")
        if key.isdigit() and int(key) < len(params):
            key = params[int(key)]
        out[key] = typ
    return out


def _literal_list(source: str, key: str) -> list[str]:
    m = re.search(rf"'{key}': (\[[^\]]*\])", source)
    try:
        value = ast.literal_eval(m.group(1)) if m else []
    except (ValueError, SyntaxError):
        return []
    return [str(v) for v in value]


def _count_refs(body: str, pattern: str, aliases: dict[str, str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for ptr in re.findall(pattern, body):
        ptr = aliases.get(ptr, ptr)
        counts[ptr] = counts.get(ptr, 0) + 1
    return counts


def aten_ops_from_name(kernel_name: str) -> list[str]:
    """Best-effort ATen op names from a fused kernel's name (Inductor joins sorted op names with "_").

    ``cpp_fused__to_copy_add_copy_copy__div_0`` -> ``['_to_copy', 'add', 'copy', 'copy_', 'div']``.
    Used only when the code carries no ``Original ATen`` comment (Inductor's C++ backend writes none).
    """
    m = re.match(r"^(?:cpp|triton_[a-z]{3})_fused_(.+?)_\d+$", kernel_name)
    if not m:
        return []
    rest, ops = m.group(1), []
    while rest:
        known = next((op for op in sorted(_MULTIWORD_OPS, key=len, reverse=True)
                      if rest == op or rest.startswith(op + "_")), None)
        if known is None:
            head, sep, tail = rest.partition("_")
            if head == "":  # a leading underscore: "_foo_..."
                head2, _, tail = tail.partition("_")
                known, rest = "_" + head2, tail
            elif tail.startswith("_") or tail == "":
                known, rest = (head + "_", tail[1:]) if tail.startswith("_") else (head, tail)
            else:
                known, rest = head, tail
        else:
            rest = rest[len(known) + 1 :]
        ops.append(known)
    return ops

"""Inductor's generated code -> two typed tables: its kernels, and the buffers each one reads and writes.

``torch.compile`` writes one *wrapper module* per compiled graph (what ``TORCH_LOGS=output_code``
prints, and what ``traceview run``/``profile`` save under ``RUN_DIR/<variant>/code/``). It defines every
kernel, Triton (``triton_poi_/per_/red_/for_/tem_...``) or C++ (``cpp_fused_...``), either embedded as
``NAME = async_compile.triton('NAME', '''source''')`` / ``async_compile.cpp_pybinding([...], r'''...''')``
or only named by a ``# kernel path: /tmp/torchinductor_u/xx/cHASH.py`` comment, and launches them from
``call(args)``. Both the old (PyTorch 2.1/2.2: ``meta=`` / ``instance_descriptor``, integer signature
keys, ``def triton_(...)``) and the new (2.4 - 2.13: ``triton_meta`` + ``inductor_meta``) layouts parse.

``KERNELS`` - one row per generated kernel definition (a wrapper's, or a lone kernel file's)::

    kernel_name                                  backend kind        source_nodes          aten_ops
    triton_poi_fused_add_mul_0                   triton  pointwise   mul, add              aten.mul, aten.add
    triton_per_fused_add_exp_gt_mean_mul_..._0   triton  persistent_reduction  neg, exp, ... aten.neg, ...

``ACCESSES`` - one row per (kernel, pointer argument): which wrapper buffer the argument is at the
kernel's call site, how often the kernel loads and stores it, whether it is an input written in place::

    kernel_name                 arg_name  dtype  loads  stores  mutated  buffer  buffer_kind  numel
    triton_poi_fused_add_mul_0  in_ptr0   fp32   1      0       False    arg0_1  input        67108864
    triton_poi_fused_add_mul_0  out_ptr0  fp32   0      1       False    buf0    output       67108864

``buffer_kind``: ``input`` (a graph input, unpacked from ``args`` in ``call``), ``output`` (returned),
``temporary`` (allocated by the wrapper and not returned). ``(graph, buffer)`` identifies a buffer
across the kernels of one compiled graph.

    code = load_inductor_code("RUN_DIR/compiled/code")
    code.accesses.query("stores > 0 and buffer_kind == 'temporary'")  # temporaries a kernel writes
"""

from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import pandas as pd

from traceview.errors import MissingEventsError, TraceFormatError

KERNELS: Final[dict[str, str]] = {
    "kernel_name": "string",  # the kernel's name, as the trace's GPU kernel and triton cpu_op show it
    "backend": "string",  # triton | cpp
    "kind": "string",  # pointwise | persistent_reduction | reduction | foreach | template | cpp | ...
    "graph": "string",  # the compiled graph: wrapper file stem (+ AOT ID); <NA> for a lone kernel file
    "wrapper_path": "string",  # the wrapper module the kernel was found in; <NA> for a lone kernel file
    "kernel_path": "string",  # the ``# kernel path:`` file (Inductor's cache), or the kernel file itself
    "kernel_hash": "string",  # that file's stem, as the trace's ``kernel_hash`` arg gives it
    "source_nodes": "string",  # FX nodes fused into the kernel, ", "-separated ("neg, exp, add")
    "aten_ops": "string",  # their ATen ops ("aten.add, aten.mul")
    "mapping_source": "string",  # comment | call_site | kernel_name (guessed from the name) | none
    "node_mapping": "string",  # "x_1 => mul, reciprocal" lines, "\n"-separated
    "xnumel": "Int64",  # elements along x (sum over sub-kernels for foreach); <NA> when symbolic
    "rnumel": "Int64",  # reduction elements per x; <NA> for pointwise kernels
    "sub_kernels": "int64",  # foreach/combo: how many kernels were fused side by side; 1 otherwise
    "num_loads": "int64",  # load statements in the source
    "num_stores": "int64",  # store statements in the source
    "call_sites": "int64",  # calls of the kernel in its wrapper (0 for a lone kernel file)
    "source": "string",  # the kernel's source text
}

ACCESSES: Final[dict[str, str]] = {
    "kernel_name": "string",  # joins KERNELS.kernel_name
    "graph": "string",  # joins KERNELS.graph
    "arg_index": "int64",  # position in the kernel's parameter list
    "arg_name": "string",  # in_ptr0, out_ptr1, in_out_ptr0, ...
    "dtype": "string",  # Triton spelling: fp32, bf16, fp16, i1, i64, ...
    "elem_bytes": "Int64",  # bytes per element of dtype; <NA> if unknown
    "loads": "int64",  # load statements reading this argument
    "stores": "int64",  # store statements writing this argument
    "mutated": "boolean",  # Inductor's mutated_arg_names, or a store to a graph input
    "buffer": "string",  # the wrapper's name for it at the (first) call site: arg0_1, buf3, primals_2
    "buffer_kind": "string",  # input | output | temporary | unknown
    "numel": "Int64",  # the buffer's element count from the wrapper's shapes; <NA> when not known
}

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

_DEFINITION = re.compile(r"^(?P<var>\w+) = async_compile\.(?P<how>\w+)\((?P<head>.*?)r?'''\n?", re.M | re.S)
_KERNEL_PATH = re.compile(r"^#\s*kernel path:\s*(\S+)", re.M)
_ORIGINS = re.compile(r"Source Nodes: \[(?P<nodes>[^\]]*)\], Original ATen: \[(?P<aten>[^\]]*)\]")
_NODE_MAP = re.compile(r"^#\s+(\w+) => (.+)$")
_GRAPH_INPUTS = re.compile(r"^\s*([\w, ]+?),?\s*=\s*args\s*$", re.M)
_RETURN = re.compile(r"^\s*return \((.*)\)\s*$", re.M)
_SHAPE = re.compile(
    r"(?:assert_size_stride\((?P<a>\w+),\s*|(?P<b>\w+) = (?:empty_strided\w*|empty|rand_strided)\()"
    r"\((?P<shape>[^()]*)\)"
)
_SCALAR_ASSIGN = re.compile(r"^\s*(\w+) = (\w+|\d+)\s*$", re.M)
_TRITON_DEF = re.compile(r"^def (\w+)\((.*?)\)\s*:", re.M | re.S)  # the kernel's def (even without @triton.jit)
_CPP_DEF = re.compile(r'extern "C"[^(]*?\b\w+\((.*?)\)\s*\{', re.S)
_DECORATOR = re.compile(r"^@(?:triton_heuristics\.|triton_heuristics\s*\.)?(\w+)\(", re.M)
_PTR = r"(in_out_ptr\d+|in_ptr\d+|out_ptr\d+|arg_\w+)"


@dataclass(frozen=True)
class InductorCode:
    """The kernels Inductor generated, parsed from its wrapper modules and kernel files."""

    kernels: pd.DataFrame  # KERNELS: one row per kernel definition
    accesses: pd.DataFrame  # ACCESSES: one row per (kernel, pointer argument)
    files: tuple[str, ...]  # the .py files read


def load_inductor_code(path: str | Path) -> InductorCode:
    """Parse every Inductor ``.py`` file at ``path`` (a file, or a folder searched recursively).

    Raises :class:`MissingEventsError` when the folder holds no generated code, and
    :class:`TraceFormatError` when a file cannot be read as text.
    """
    path = Path(path)
    files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
    if not path.exists():
        raise MissingEventsError(f"{path}: no such file or directory with Inductor generated code")
    texts: dict[str, str] = {}
    for f in files:
        try:
            texts[str(f)] = f.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise TraceFormatError(f"{f}: cannot read Inductor code ({exc.strerror})") from exc
    code = parse_inductor_code(texts)
    if code.kernels.empty:
        raise MissingEventsError(f"{path}: no Inductor-generated kernels found (no async_compile or @triton.jit)")
    return code


def parse_inductor_code(texts: dict[str, str]) -> InductorCode:
    """Parse several files at once (path -> text); lone kernel files fill in wrappers' missing sources."""
    kernel_files = {Path(p).stem: t for p, t in texts.items() if _is_kernel_file(t)}
    kernels: list[dict[str, Any]] = []
    accesses: list[dict[str, Any]] = []
    referenced: set[str] = set()
    for path, text in texts.items():
        if "async_compile" in text:
            k, a = parse_wrapper(text, path, kernel_files)
            kernels += k
            accesses += a
            referenced |= {row["kernel_hash"] for row in k if row["kernel_hash"]}
    for stem, text in kernel_files.items():
        if stem not in referenced:
            path = next(p for p in texts if Path(p).stem == stem)
            k, a = _triton_kernel(text, _lone_kernel_name(text) or stem, {"kernel_path": path})
            kernels.append(k)
            accesses += a
    return InductorCode(_frame(kernels, KERNELS), _frame(accesses, ACCESSES), tuple(texts))


def parse_wrapper(
    text: str, path: str | None = None, kernel_files: dict[str, str] | None = None
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """One wrapper module -> (KERNELS rows, ACCESSES rows)."""
    aot = re.search(r"^# AOT ID: \['([^']*)'\]", text, re.M)
    graph = Path(path).stem if path else "wrapper"
    graph = f"{graph}:{aot.group(1)}" if aot else graph
    ctx = _WrapperContext.parse(text)
    kernels, accesses = [], []
    for m in _DEFINITION.finditer(text):
        end = text.find("'''", m.end())
        source = text[m.end() : end if end >= 0 else len(text)]
        var = m.group("var")
        comments = _comment_block(text, m.start())
        kernel_path = (_KERNEL_PATH.search(comments) or [None, None])[1]
        stem = Path(kernel_path).stem if kernel_path and kernel_path.endswith(".py") else None
        if not source.strip() and kernel_files and stem in kernel_files:
            source = kernel_files[stem]
        meta = {"graph": graph, "wrapper_path": path, "kernel_path": kernel_path, "kernel_hash": stem}
        if m.group("how") == "triton":
            row, acc = _triton_kernel(source, var, meta)
        else:
            row, acc = _cpp_kernel(source, var, m.group("head"), meta)
        calls = ctx.calls(var)
        _add_origins(row, comments, calls[0][1] if calls else "")
        row["call_sites"] = len(calls)
        if calls:
            _bind_call(row, acc, calls[0][0], ctx)
        kernels.append(row)
        accesses += acc
    return kernels, accesses


# --- one kernel's source -----------------------------------------------------------------------


def _triton_kernel(source: str, name: str, meta: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    d = _TRITON_DEF.search(source)
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
    row = _kernel_row(name, "triton", kind, meta, source)
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


def _cpp_kernel(
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
    row = _kernel_row(name, "cpp", "cpp", meta, source)
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


def _kernel_row(name: str, backend: str, kind: str, meta: dict[str, Any], source: str) -> dict[str, Any]:
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


def _is_kernel_file(text: str) -> bool:
    return "@triton.jit" in text and "async_compile" not in text


def _lone_kernel_name(text: str) -> str | None:
    named = re.search(r"'kernel_name': '(\w+)'", text)
    d = _TRITON_DEF.search(text)
    return named.group(1) if named else (d.group(1) if d else None)


def _frame(rows: list[dict[str, Any]], spec: dict[str, str]) -> pd.DataFrame:
    frame = pd.DataFrame(rows, columns=list(spec))
    return frame.astype(spec) if len(frame) else frame.astype(spec, errors="ignore")


# --- the wrapper around the kernels ------------------------------------------------------------


@dataclass
class _WrapperContext:
    """What ``call(args)`` says about buffers: graph inputs, returned buffers, shapes, kernel calls."""

    text: str
    inputs: set[str]
    returned: set[str]
    numel: dict[str, int | None]

    @classmethod
    def parse(cls, text: str) -> _WrapperContext:
        inputs = {n.strip() for m in _GRAPH_INPUTS.finditer(text) for n in m.group(1).split(",") if n.strip()}
        returned = {n.strip() for m in _RETURN.finditer(text) for n in m.group(1).split(",") if n.strip()}
        scalars = dict(_SCALAR_ASSIGN.findall(text))
        numel: dict[str, int | None] = {}
        for m in _SHAPE.finditer(text):
            numel.setdefault(m.group("a") or m.group("b"), _product(m.group("shape"), scalars))
        return cls(text, inputs, returned, numel)

    def calls(self, var: str) -> list[tuple[ast.Call, str]]:
        """Each call of kernel ``var`` in the wrapper, with the comment block just above it."""
        out = []
        for m in re.finditer(rf"^[ \t]*{re.escape(var)}(?:\.run)?\(.*\)[ \t]*$", self.text, re.M):
            try:
                node = ast.parse(m.group(0).strip(), mode="eval").body
            except SyntaxError:
                continue
            if isinstance(node, ast.Call):
                out.append((node, _comment_block(self.text, m.start(), skip=r"\s*stream\d+ = ")))
        return out

    def kind(self, buffer: str) -> str:
        if buffer in self.inputs:
            return "input"
        if buffer in self.returned:
            return "output"
        return "temporary" if buffer.startswith("buf") else "unknown"


def _bind_call(row: dict[str, Any], acc: list[dict[str, Any]], call: ast.Call, ctx: _WrapperContext) -> None:
    """Name each pointer argument's wrapper buffer, its kind and element count, from the call site."""
    args = call.args
    for a in acc:
        if a["arg_index"] >= len(args):
            continue
        node = args[a["arg_index"]]
        numel = None
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Name):  # reinterpret_tensor
            numel = _product(ast.unparse(node.args[1]).strip("()"), {}) if len(node.args) > 1 else None
            node = node.args[0]
        if not isinstance(node, ast.Name):
            continue
        a["buffer"] = node.id
        a["buffer_kind"] = ctx.kind(node.id)
        a["numel"] = numel if numel is not None else ctx.numel.get(node.id)
        a["mutated"] = a["mutated"] or (a["stores"] > 0 and a["buffer_kind"] == "input")
    params = {p: i for i, p in enumerate(_param_names(row))}
    for dim, column in (("xnumel", "xnumel"), ("rnumel", "rnumel"), ("r0_numel", "rnumel")):
        i = params.get(dim)
        if row[column] is None and i is not None and i < len(args) and isinstance(args[i], ast.Constant):
            row[column] = args[i].value if isinstance(args[i].value, int) else None


def _param_names(row: dict[str, Any]) -> list[str]:
    d = _TRITON_DEF.search(row["source"])
    return [p.split(":")[0].strip() for p in d.group(2).split(",")] if d else []


def _product(shape: str, scalars: dict[str, str]) -> int | None:
    dims = [s.strip() for s in shape.split(",") if s.strip()]
    values = []
    for dim in dims:
        seen = set()
        while not dim.isdigit() and dim in scalars and dim not in seen:  # s0 = arg0_1; arg0_1 = 1000
            seen.add(dim)
            dim = scalars[dim]
        if not dim.isdigit():
            return None
        values.append(int(dim))
    return math.prod(values)


def _comment_block(text: str, pos: int, skip: str | None = None) -> str:
    """The consecutive ``#`` lines just above position ``pos`` (lines matching ``skip`` are stepped over)."""
    lines = text[:pos].splitlines()
    block: list[str] = []
    for line in reversed(lines):
        stripped = line.strip()
        if stripped.startswith("#"):
            block.append(stripped)
        elif skip and re.match(skip, line):
            continue
        elif stripped or block:
            break
    return "\n".join(reversed(block))


def _add_origins(row: dict[str, Any], comments: str, call_comments: str) -> None:
    """Source Nodes / Original ATen from the definition's comments, else the call site's, else the name."""
    for text, source in ((comments, "comment"), (call_comments, "call_site")):
        m = _ORIGINS.search(text)
        if m and (m.group("nodes").strip() or m.group("aten").strip()):
            row["source_nodes"] = m.group("nodes").strip()
            row["aten_ops"] = m.group("aten").strip()
            row["mapping_source"] = source
            break
    else:
        ops = aten_ops_from_name(row["kernel_name"])
        if ops:
            row["aten_ops"] = ", ".join(f"aten.{op}" for op in ops)
            row["mapping_source"] = "kernel_name"
    mapping = [f"{m.group(1)} => {m.group(2)}" for line in comments.splitlines() if (m := _NODE_MAP.match(line))]
    row["node_mapping"] = "\n".join(mapping) or None


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

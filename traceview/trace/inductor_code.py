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
from traceview.trace.inductor_kernel import TRITON_DEF, cpp_kernel, triton_kernel
from traceview.trace.inductor_kernel import aten_ops_from_name

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
            k, a = triton_kernel(text, _lone_kernel_name(text) or stem, {"kernel_path": path})
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
            row, acc = triton_kernel(source, var, meta)
        else:
            row, acc = cpp_kernel(source, var, m.group("head"), meta)
        calls = ctx.calls(var)
        _add_origins(row, comments, calls[0][1] if calls else "")
        row["call_sites"] = len(calls)
        if calls:
            _bind_call(row, acc, calls[0][0], ctx)
        kernels.append(row)
        accesses += acc
    return kernels, accesses


def _is_kernel_file(text: str) -> bool:
    return "@triton.jit" in text and "async_compile" not in text


def _lone_kernel_name(text: str) -> str | None:
    named = re.search(r"'kernel_name': '(\w+)'", text)
    d = TRITON_DEF.search(text)
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
    d = TRITON_DEF.search(row["source"])
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

"""Which module spent the GPU time? Kernels, launches and GPU ms per ``nn.Module``, as a tree (a flame graph's rows).

With ``with_stack=True`` Kineto records each module's forward as a ``python_function`` slice named
``nn.Module: <Class>_<instance>`` (``GPT2Block_0``). A kernel belongs to the modules around its
launch (the slice tree, ``parent_id``), innermost first; compiled regions (``Torch-Compiled Region:
F/C``) are nodes of the tree too, since inside a compiled graph the submodules are inlined and the
trace has no frame for them::

    GPT2LMHeadModel_0                      forward: launches under it; backward: see below
      GPT2Model_0
        GPT2Block_0
          GPT2Attention_0 ...
    OptimizedModule_0.GPT2LMHeadModel_0.[compiled 0/0].[compiled 1/0]     (torch.compile: one node per region)

The backward runs on autograd's thread, outside every module frame. Kineto's ``fwdbwd`` flow ties
each backward op to the forward op that recorded it (:mod:`traceview.trace.fwdbwd`), so a backward
kernel gets the module path of its forward op (``AddmmBackward0`` -> ``aten::addmm`` in ``Conv1D_0``;
its ``autograd::engine::evaluate_function: AddmmBackward0`` wrapper, which sums and accumulates the
gradients, goes with it;
``CompiledFunctionBackward`` -> ``CompiledFunction`` in region 1/0). A kernel replayed by a
``cudaGraphLaunch`` belongs where the graph launch was called (the forward replay inside its region;
the backward replay through its ``CompiledFunctionBackward``). What stays outside every module is
listed by its outermost user annotation (``[Optimizer.step#AdamW.step]``), else ``[outside modules]``
(forward) or ``[backward, not linked]`` (a backward op without a flow).

Where the trace does not let us: inside a compiled region the submodules are inlined into one
graph, so its kernels stop at the region node (a note says so); the kernels of a CUDA graph appear one
by one only when Kineto traced the graph's nodes (CUDA 12 CUPTI does, with their launch's
correlation), else the replay is invisible; a graph replayed outside every module and backward op is
listed under its annotation. Only run-phase kernels count (not those launched while compiling or
autotuning). Without ``with_stack`` the trace has no module events: the table is empty and a note
says why.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from traceview.trace import catalogue
from traceview.trace.catalogue import tagged
from traceview.analysis.kernels.attribution import KernelAttribution
from traceview.trace.by_name import per_label
from traceview.trace import Trace
from traceview.trace.schema import GRAPH_LAUNCH_APIS

SEPARATOR = "."
OUTSIDE = "[outside modules]"
UNLINKED = "[backward, not linked]"
COLUMNS = ["path", "name", "parent", "level", "calls", "cpu_ms", "kernels", "self_kernels", "forward_kernels",
           "backward_kernels", "graph_kernels", "launches", "gpu_ms", "self_gpu_ms", "forward_gpu_ms", "backward_gpu_ms"]


@dataclass(frozen=True)
class ModuleTable:
    """``modules``: one row per tree node, in tree order (a parent before its children, children in
    first-call order): path (names joined by "."), name, parent (its path; "" at the top), level (0
    at the top), calls (forward calls: module slices), cpu_ms (their host wall time), kernels
    (run-phase, this node and below), self_kernels (launched directly here), forward_kernels /
    backward_kernels, graph_kernels (replayed by graph launches), launches (launch calls, a graph
    launch once), gpu_ms / self_gpu_ms / forward_gpu_ms / backward_gpu_ms. Rows for kernels outside
    every module come last (level 0, name in brackets).
    ``attributed_kernels``: run-phase kernels with a module path; ``kernels``: all run-phase kernels."""

    modules: pd.DataFrame
    kernels: int
    attributed_kernels: int
    notes: list[str] = field(default_factory=list)


def module_table(trace: Trace, attribution: KernelAttribution) -> ModuleTable:
    """Run-phase kernels, launches and GPU time per module (see the module docstring)."""
    slices = trace.slices
    names = slices["name"]
    # the run kernels' three columns used here (not a copy of the whole attribution table)
    table = attribution.table
    in_run = (table["kind"] == "kernel").to_numpy() & (table["phase"] == "run").to_numpy()
    run = table[["launch_id", "dur_ns", "api"]][in_run]
    kind = slices["kind"]
    is_module = (kind == "module").to_numpy()
    if not is_module.any():
        note = "no nn.Module events in this trace: record it with with_stack=True (traceview profile --with-stack) for the per-module view"
        return ModuleTable(pd.DataFrame(columns=COLUMNS), len(run), 0, [note])
    is_node = is_module | (kind == "region").to_numpy()
    parents = trace.parents
    node_ids = np.flatnonzero(is_node)
    node_path = _node_paths(slices, parents, is_node, node_ids, names)

    launch = run["launch_id"].to_numpy(dtype=np.int64, na_value=-1)
    forward_node = _node_around(slices, parents, launch)
    backward_node = _backward_nodes(trace, parents, is_node, launch)
    is_backward = (forward_node < 0) & (backward_node != -1)
    node = np.where(forward_node >= 0, forward_node, backward_node)
    path = np.full(len(run), None, dtype=object)
    has = node >= 0
    path[has] = node_path[np.searchsorted(node_ids, node[has])]
    path[node == -2] = UNLINKED
    outside = path == None  # noqa: E711 (elementwise)
    path[outside] = _outside_labels(trace, launch[outside])

    kernels = pd.DataFrame({"path": path, "backward": is_backward, "dur_ns": run["dur_ns"].to_numpy(dtype=np.int64),
                            "launch": launch, "graph": run["api"].isin(GRAPH_LAUNCH_APIS).to_numpy()})
    calls = pd.DataFrame({"path": node_path, "dur_ns": slices["dur_ns"].to_numpy()[node_ids]})
    table = _tree(kernels, calls)
    attributed = int(has.sum())
    notes = []
    if (kind == "region").to_numpy()[node_ids].any():
        notes.append("inside a compiled region the submodules are inlined into one graph: its kernels are shown "
                     "on the region ([compiled F/C]), not per submodule")
    unlinked = int((path == UNLINKED).sum())
    if unlinked:
        notes.append(f"{unlinked} backward kernel(s) ran under a backward op with no fwdbwd flow to a forward op: "
                     f"listed as {UNLINKED}")
    return ModuleTable(table, len(run), attributed, notes)






def _node_around(slices: pd.DataFrame, parents: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """The nearest module or region call around each slice of ``ids`` (not itself; -1: none): of
    the module and the region call found around its parent at load time, the deeper one."""
    up = np.where(ids >= 0, parents[np.maximum(ids, 0)], -1) if len(parents) else np.full(len(ids), -1, dtype=np.int64)
    at = np.maximum(up, 0)
    module = np.where(up >= 0, slices["module_id"].to_numpy(dtype=np.int64, na_value=-1)[at], -1)
    region = np.where(up >= 0, slices["region_id"].to_numpy(dtype=np.int64, na_value=-1)[at], -1)
    depth = slices["depth"].to_numpy()
    nearer = (module >= 0) & ((region < 0) | (depth[np.maximum(module, 0)] > depth[np.maximum(region, 0)]))
    return np.where(nearer, module, region)


def _node_paths(slices: pd.DataFrame, parents: np.ndarray, is_node: np.ndarray, node_ids: np.ndarray,
                names: pd.Series) -> np.ndarray:
    """The path of every node slice (its ancestors' labels and its own), built a level at a time."""
    labels = per_label(names, catalogue.module_label)[node_ids]
    up = _node_around(slices, parents, node_ids)
    up_at = np.where(up >= 0, np.searchsorted(node_ids, np.maximum(up, 0)), -1)
    level = np.zeros(len(node_ids), dtype=np.int64)
    todo = up_at >= 0
    current = up_at.copy()
    while todo.any():  # node depth in the node tree (pointer chase; the tree is shallow)
        level[todo] += 1
        current[todo] = up_at[current[todo]]
        todo = current >= 0
    # Each step repeats the module tree: a path is built once per distinct (parent path, label) and
    # the nodes share it (codes, then one string per distinct path).
    label_code, label_text = pd.factorize(labels)
    code = np.zeros(len(node_ids), dtype=np.int64)
    texts: list[str] = []
    for depth in range(int(level.max()) + 1 if len(level) else 0):
        at = np.flatnonzero(level == depth)
        parent = code[up_at[at]] if depth else np.full(len(at), -1, dtype=np.int64)
        key = (parent + 1) * (len(label_text) + 1) + label_code[at]
        local, distinct = pd.factorize(key)
        first = np.unique(local, return_index=True)[1]
        new = [label_text[label_code[at[i]]] if depth == 0 else texts[parent[i]] + SEPARATOR + label_text[label_code[at[i]]]
               for i in first.tolist()]
        code[at] = local + len(texts)
        texts.extend(new)
    return np.asarray(texts, dtype=object)[code] if len(node_ids) else np.empty(0, dtype=object)


def _backward_nodes(trace: Trace, parents: np.ndarray, is_node: np.ndarray, launch: np.ndarray) -> np.ndarray:
    """For each launch: the module node of the forward op of the backward op around it (-1: not under a
    backward op; -2: under a backward op that no flow links to a forward op inside a module)."""
    out = np.full(len(launch), -1, dtype=np.int64)
    pairs = trace.fwdbwd
    if pairs.empty:
        return out
    forward_node = _node_around(trace.slices, parents, pairs["forward_id"].to_numpy())
    backward_id = pairs["backward_id"].to_numpy()
    # autograd's "evaluate_function: XBackward0" around the node also runs its gradient sums/accumulation
    wrapper = parents[backward_id]
    wrapped = wrapper >= 0
    wrapped[wrapped] = tagged(trace.slices, "autograd_evaluate")[wrapper[wrapped]]
    backward_id = np.concatenate([backward_id, wrapper[wrapped]])
    forward_node = np.concatenate([forward_node, forward_node[wrapped]])
    by_backward = pd.Series(forward_node, index=backward_id)
    by_backward = by_backward[~by_backward.index.duplicated()]
    is_backward = np.zeros(len(parents), dtype=bool)
    is_backward[by_backward.index.to_numpy()] = True
    backward_op = trace.enclosing(launch, is_backward, include_self=True)
    under = backward_op >= 0
    found = by_backward.reindex(backward_op[under]).to_numpy()
    out[under] = np.where(found >= 0, found, -2)
    return out


def _outside_labels(trace: Trace, launch: np.ndarray) -> np.ndarray:
    """``[<outermost user annotation>]`` around each launch (steps excluded), else OUTSIDE."""
    slices = trace.slices
    is_annotation = (slices["cat"] == "user_annotation").to_numpy() & ~tagged(slices, "step")
    out = np.full(len(launch), OUTSIDE, dtype=object)
    # a launch is a runtime call, never an annotation: the outermost one around it, itself included, is around it
    outermost = trace.outermost_around(is_annotation, rows=launch)
    has = outermost >= 0
    if has.any():
        names = slices["name"].array  # categorical: labels by code, not the whole column as strings
        label = np.asarray(names.categories.astype(str), dtype=object)[names.codes[outermost[has]]]
        out[has] = "[" + label + "]"
    return out


def _tree(kernels: pd.DataFrame, calls: pd.DataFrame) -> pd.DataFrame:
    """Self and inclusive sums per path, rows in tree order: numpy sums per distinct path, then each
    path's sums added to every prefix of it (a row per prefix)."""
    call_paths, kernel_paths = calls["path"].to_numpy(dtype=object), kernels["path"].to_numpy(dtype=object)
    codes, distinct = pd.factorize(np.concatenate([call_paths, kernel_paths]), sort=False)  # first seen first
    call_code, kernel_code = codes[:len(call_paths)], codes[len(call_paths):]
    n = len(distinct)
    backward, graph = kernels["backward"].to_numpy(dtype=bool), kernels["graph"].to_numpy(dtype=bool)
    dur = kernels["dur_ns"].to_numpy(dtype=np.float64)
    launch = kernels["launch"].to_numpy().astype(np.int64)  # -1: none (one per path, as a launch of its own)
    width = int(launch.max(initial=-1)) + 2
    once = np.unique(kernel_code.astype(np.int64) * width + launch + 1) // width  # each (path, launch) once

    def per_path(where: np.ndarray | None = None, weights: np.ndarray | None = None) -> np.ndarray:
        pick = slice(None) if where is None else where
        return np.bincount(kernel_code[pick], weights=None if weights is None else weights[pick], minlength=n).astype(np.float64)

    own = {"kernels": per_path(), "backward_kernels": per_path(backward), "graph_kernels": per_path(graph),
           "gpu_ms": per_path(None, dur) / 1e6, "backward_gpu_ms": per_path(backward, dur) / 1e6,
           "launches": np.bincount(once, minlength=n).astype(np.float64)}
    paths, names, parents, levels = [], [], [], []  # one row per node: each distinct path and every prefix of it
    row_of, src, dst, self_row = {}, [], [], np.zeros(n, dtype=np.int64)
    for i, path in enumerate(distinct):
        parent = ""
        for depth, part in enumerate(_split(path)):
            key = f"{parent}{SEPARATOR}{part}" if depth else part  # the path's first depth + 1 labels
            if key not in row_of:
                row_of[key] = len(paths)
                paths.append(key)
                names.append(part)
                parents.append(parent)
                levels.append(depth)
            parent = key
            src.append(i)
            dst.append(row_of[key])
        self_row[i] = row_of[path]
    src_a, dst_a = np.asarray(src, dtype=np.int64), np.asarray(dst, dtype=np.int64)
    columns: dict[str, np.ndarray] = {}
    for col, values in own.items():  # inclusive: each path's sums added to every prefix of it
        total = np.zeros(len(paths))
        np.add.at(total, dst_a, values[src_a])
        columns[col] = total
    columns["forward_kernels"] = columns["kernels"] - columns["backward_kernels"]
    columns["forward_gpu_ms"] = columns["gpu_ms"] - columns["backward_gpu_ms"]
    for col, values in (("self_kernels", own["kernels"]), ("self_gpu_ms", own["gpu_ms"]),
                        ("calls", np.bincount(call_code, minlength=n).astype(np.float64)),
                        ("cpu_ms", np.bincount(call_code, weights=calls["dur_ns"].to_numpy(dtype=np.float64), minlength=n) / 1e6)):
        column = np.zeros(len(paths))
        column[self_row] = values
        columns[col] = column
    for col in ("calls", "kernels", "self_kernels", "forward_kernels", "backward_kernels", "graph_kernels", "launches"):
        columns[col] = columns[col].round().astype(np.int64)
    order = np.asarray(_tree_order(paths, names, parents), dtype=np.int64)
    texts = {"path": paths, "name": names, "parent": parents}  # (as a frame of these lists infers them: str / object)
    frame = {col: [texts[col][k] for k in order.tolist()] if col in texts else
             np.asarray(levels, dtype=np.int64)[order] if col == "level" else columns[col][order] for col in COLUMNS}
    return pd.DataFrame(frame)


def _split(path: str) -> list[str]:
    """A path's labels. Module and region labels hold no "."; a bracketed label outside every module
    (an annotation such as ``[Optimizer.step#AdamW.step]``) is one label whatever it holds."""
    return [path] if path.startswith("[") and not path.startswith("[compiled ") else path.split(SEPARATOR)


def _tree_order(paths: list[str], names: list[str], parents: list[str]) -> list[int]:
    """Row positions depth first, children in first-seen order; bracketed top-level rows (outside modules) last."""
    children: dict[str, list[int]] = {}
    for i, parent in enumerate(parents):
        children.setdefault(parent, []).append(i)
    top = children.get("", [])
    children[""] = [i for i in top if not names[i].startswith("[")] + [i for i in top if names[i].startswith("[")]
    out, stack = [], list(reversed(children[""]))
    while stack:
        i = stack.pop()
        out.append(i)
        stack.extend(reversed(children.get(paths[i], [])))
    return out

"""Each slice classified once, right after nesting: its kind, and the op, compiled region, module
and compile phase around it.

The analyses ask the same questions of the slice tree (which cpu_op launched this, inside which
compiled region call, which ``nn.Module``, compiling or running?). They are answered here, for every
slice at once, in one walk down the tree a depth level at a time, and kept as columns of the slice
table (:data:`traceview.trace.schema.SLICES`)::

    slice                      kind        op_id  region_id  outer_region_id  module_id  phase
    ProfilerStep#5             step        <NA>   <NA>       <NA>             <NA>       run
     Torch-Compiled Region 0/0 region      <NA>   r0         r0               <NA>       run
      Torch-Compiled Region 1/0 region     <NA>   r1         r0               <NA>       run
       triton_poi_fused_add_0  op          op1    r1         r0               <NA>       run
        cuLaunchKernel         runtime     op1    r1         r0               <NA>       run

Each id column holds the slice itself when it is of that kind, else its nearest ancestor that is
(``<NA>``: none): what is *around* a launch is its own value, what is around an op *other than
itself* is its parent's. ``outer_region_id`` is the outermost region call instead.

The names that mark these kinds change between PyTorch versions; the patterns are declared here,
once (:mod:`traceview.analysis.patterns` re-exports them beside the analyses' own).
"""

from __future__ import annotations

import re
from typing import Any, Final

import numpy as np
import pandas as pd

#: Inductor benchmarking kernels to choose a config (runs inside the first region call at run time,
#: or inside compilation for max-autotune's select_algorithm). Checked before COMPILE: the names
#: also end in "(dynamo_timed)".
AUTOTUNE: Final[re.Pattern[str]] = re.compile(
    r"^(?:CachingAutotuner\.benchmark_all_configs|CachingAutotuner\.autotune_to_one_config|"
    r"coordinate_descent_tuning|CachingAutotuner\.coordinate_descent_tuning|"
    r"autotune_select_algorithm|AlgorithmSelectorCache\.(?:__call__|autotune|benchmark)|select_algorithm|"
    r"benchmark_all_configs|autotune|do_autotuning|precompile_and_benchmark|triton\.autotune)"
)

#: Dynamo tracing, AOTAutograd, Inductor lowering and codegen. Anything ``(dynamo_timed)`` is a
#: one-time torch.compile cost, so CUDA-graph-tree recording (``CUDAGraphNode.record``) counts too.
COMPILE: Final[re.Pattern[str]] = re.compile(
    r"^(?:dynamo$|entire_frame_compile|_compile\.compile_inner|compile_attempt_\d+|backend_compile|"
    r"bytecode_tracing|OutputGraph\.call_user_compiler|create_aot_dispatcher_function|aot_collect_metadata|"
    r"compile_fx_inner|compile_fx\.|inductor_compile|fx_codegen_and_compile|GraphLowering\.|Scheduler\.|"
    r"code_gen|async_compile\.wait|PyCodeCache\.|build_guards|compile_file|TorchDynamo Compile)"
    r"|\(dynamo_timed\)$|_data: .*compile_id="
)

#: The categories of Dynamo's and Inductor's own events (``dynamo_timed`` spans are cpu_ops, their
#: ``*_data: compile_id=F/C`` markers user annotations). A ``python_function`` frame is never a
#: phase marker, whatever its file is called (``torch/_inductor/compile_fx.py(...): run`` replays a
#: CUDA graph at run time).
PHASE_MARKER_CATEGORIES: Final[tuple[str, ...]] = ("cpu_op", "user_annotation")

#: One call of a compiled graph: "Torch-Compiled Region: 0/0" (older: without the id).
REGION: Final[re.Pattern[str]] = re.compile(r"^Torch-Compiled Region(?::\s*(?P<id>\d+/\d+))?")
#: Profiler steps.
STEP: Final[re.Pattern[str]] = re.compile(r"^ProfilerStep#\d+$")
#: Inductor's own annotation around a compiled graph's call: not a user annotation.
INDUCTOR_CALL: Final[re.Pattern[str]] = re.compile(r"^## Call CompiledFxGraph")
#: A module's forward, recorded with ``with_stack=True``: ``nn.Module: GPT2Block_0``.
MODULE: Final[re.Pattern[str]] = re.compile(r"^nn\.Module: ")

#: ``kind``'s values. A slice has one: the first that applies, in this order.
KINDS: Final[tuple[str, ...]] = ("region", "autotune", "compile", "step", "inductor_call", "annotation", "op",
                                 "module", "python", "runtime", "other")
PHASES: Final[tuple[str, ...]] = ("compile", "autotune", "run")
#: Categories of runtime/driver calls (launches among them).
_RUNTIME = ("cuda_runtime", "cuda_driver")


def classify(host: dict[str, Any], parent: np.ndarray, depth: np.ndarray) -> dict[str, Any]:
    """The classification columns (``kind``, ``op_id``, ``region_id``, ``outer_region_id``,
    ``module_id``, ``phase``) of the slices in ``host`` (``cat`` and ``name`` Categoricals), whose
    nesting is ``parent`` (row positions, -1 for none) and ``depth``."""
    kind, is_cpu_op = _kinds(host["cat"], host["name"])
    code = {k: i for i, k in enumerate(KINDS)}
    is_region = kind == code["region"]
    # an op is any cpu_op but a region call (Dynamo's dynamo_timed spans are cpu_ops too)
    marks = np.stack([is_cpu_op & ~is_region, is_region, kind == code["module"],
                      (kind == code["compile"]) | (kind == code["autotune"])])
    op, region, module, marker = nearest_marked(parent, depth, marks)
    outer = outermost_marked(parent, depth, is_region)
    phase = np.full(len(kind), PHASES.index("run"), dtype=np.int8)
    has = marker >= 0
    phase[has] = np.where(kind[marker[has]] == code["compile"], PHASES.index("compile"), PHASES.index("autotune"))
    return {
        "kind": pd.Categorical.from_codes(kind, categories=list(KINDS)),
        "op_id": _nullable(op),
        "region_id": _nullable(region),
        "outer_region_id": _nullable(outer),
        "module_id": _nullable(module),
        "phase": pd.Categorical.from_codes(phase, categories=list(PHASES)),
    }


def _kinds(cat: pd.Categorical, name: pd.Categorical) -> tuple[np.ndarray, np.ndarray]:
    """Each slice's position in KINDS, from its category and name (each name matched once); and
    whether its category is ``cpu_op``."""
    cats = [str(c) for c in cat.categories]
    cat_code = cat.codes  # -1 (missing) picks the False after the last category below
    names = [str(n) for n in name.categories]
    per_name = {pattern: _per_name(names, pattern) for pattern in (REGION, AUTOTUNE, COMPILE, STEP, INDUCTOR_CALL, MODULE)}

    def on(pattern: re.Pattern[str]) -> np.ndarray:
        return per_name[pattern][name.codes]

    def of(*categories: str) -> np.ndarray:
        wanted = np.array([c in categories for c in cats] + [False], dtype=bool)
        return wanted[cat_code]

    marker = of(*PHASE_MARKER_CATEGORIES)
    user = of("user_annotation")
    python = of("python_function")
    code = {k: i for i, k in enumerate(KINDS)}
    kind = np.full(len(cat_code), code["other"], dtype=np.int8)
    # in reverse order of KINDS, so that the first kind that applies is written last
    for k, hit in (("runtime", of(*_RUNTIME)), ("python", python), ("module", python & on(MODULE)), ("op", of("cpu_op")),
                   ("annotation", user), ("inductor_call", user & on(INDUCTOR_CALL)), ("step", user & on(STEP)),
                   ("compile", marker & on(COMPILE)), ("autotune", marker & on(AUTOTUNE)), ("region", on(REGION))):
        kind[hit] = code[k]
    return kind, of("cpu_op")


def _per_name(names: list[str], pattern: re.Pattern[str]) -> np.ndarray:
    """``pattern`` found in each distinct name (``search`` for COMPILE, whose alternatives anchor
    themselves; ``match`` for the others), with a False after the last for missing names (code -1)."""
    find = pattern.search if pattern is COMPILE else pattern.match
    return np.array([find(n) is not None for n in names] + [False], dtype=bool)


def nearest_marked(parent: np.ndarray, depth: np.ndarray, marks: np.ndarray) -> np.ndarray:
    """For each row of ``marks`` (k × slices, bool) and every slice: the slice itself if marked, else
    its nearest marked ancestor (-1: none). One pass down the tree a depth level at a time; each
    level reads its parents' answers, found the level before."""
    n = len(parent)
    found = np.where(marks, np.arange(n, dtype=np.int32), np.int32(-1))  # (int32: half the memory traffic)
    if n == 0:
        return found.astype(np.int64)
    for level in _levels(depth)[1:]:  # depth 0 has no parent
        above = found[:, parent[level]]
        found[:, level] = np.where(marks[:, level], found[:, level], above)
    return found.astype(np.int64)


def outermost_marked(parent: np.ndarray, depth: np.ndarray, mark: np.ndarray) -> np.ndarray:
    """For every slice: its outermost marked ancestor, itself included (-1: none)."""
    found = np.where(mark, np.arange(len(parent)), -1)
    if len(parent) == 0:
        return found
    for level in _levels(depth)[1:]:
        above = found[parent[level]]
        found[level] = np.where(above >= 0, above, found[level])
    return found


def _levels(depth: np.ndarray) -> list[np.ndarray]:
    """The slices' positions grouped by depth, shallowest first."""
    order = np.argsort(depth, kind="stable")
    bounds = np.searchsorted(depth[order], np.arange(1, int(depth.max()) + 1))
    return np.split(order, bounds)


def _nullable(ids: np.ndarray) -> pd.arrays.IntegerArray:
    return pd.arrays.IntegerArray(np.where(ids >= 0, ids, 0).astype(np.int64), ids < 0)

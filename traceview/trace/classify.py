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

The names that mark these kinds change between PyTorch versions; their patterns are declared with
every other name question, in :mod:`traceview.trace.catalogue`.
"""

from __future__ import annotations

import re
from typing import Any, Final

import numpy as np
import pandas as pd

from traceview.trace.catalogue import AUTOTUNE, COMPILE, INDUCTOR_CALL, MODULE, PHASE_MARKER_CATEGORIES, REGION, STEP
from traceview.trace.tree import nearest_marked, outermost_marked

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


def _nullable(ids: np.ndarray) -> pd.arrays.IntegerArray:
    return pd.arrays.IntegerArray(np.where(ids >= 0, ids, 0).astype(np.int64), ids < 0)

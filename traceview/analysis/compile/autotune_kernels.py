"""Which kernel in the trace runs an autotuning decision's chosen candidate (for :mod:`.autotune`).

How the kernel is found (the ``match`` of a decision):

- ``name``: the runtime autotuner names its kernel.
- ``op``: an extern choice (ATen/cuBLAS/MKL, e.g. ``mm``, ``bias_addmm``, ``_mkl_linear``) runs as the
  op ``aten::mm`` / ``aten::addmm`` / ``mkl::_mkl_linear``: its run-phase calls whose ``Input Dims``
  hold the decision's input sizes (all calls of the op when none does); on a GPU the kernels launched
  inside them, on the CPU the op itself.
- ``shape``: a C++ GEMM template runs as ``graph_<G>_gemm_m<M>n<N>k<K>_kernel``, M, N, K read from the
  decision's input sizes.
- ``launch``: a Triton GEMM template (``triton_tem_*``) whose launch has the chosen config's shape:
  ``num_warps`` x 32 threads per block, and ``ceil(M / BLOCK_M) * ceil(N / BLOCK_N)`` (x batch) blocks.
- ``order``: otherwise the next ``triton_tem_*`` kernel not yet taken, in the order they first ran
  (Inductor lowers and runs a feed-forward graph's templates in the same order).
"""

from __future__ import annotations

import math

import msgspec
import numpy as np
import pandas as pd

from traceview.analysis.kernels.attribution import KernelAttribution
from traceview.analysis.base.compile_split import CompileSplit
from traceview.trace import Trace
from traceview.trace.catalogue import tagged
from traceview.trace.counts import most_common
from traceview.trace.autotune_log import AutotuneRecord, Candidate

#: extern choice names that are not the ATen op's own name
EXTERN_OPS = {"bias_addmm": "aten::addmm", "_mkl_linear": "mkl::_mkl_linear", "addmm": "aten::addmm"}
THREADS_PER_WARP = 32


def find_kernel(record: AutotuneRecord, runs: "RunPhase") -> tuple[str | None, list[int], str | None]:
    if record.tuner != "select_algorithm":
        durations = runs.by_name(record.kernel) if record.kernel else []
        return record.kernel, durations, "name" if durations else None
    chosen = record.chosen_candidate
    if chosen is None:
        return None, [], None
    if chosen.kind == "extern":
        return runs.extern(_extern_op(chosen.name), _sizes(record))
    if chosen.kind == "cpp":
        return runs.cpp_gemm(_mnk(record))
    if chosen.kind == "triton":
        return runs.triton_template(_launch_shape(record, chosen))
    return None, [], None


def is_extern(record: AutotuneRecord) -> bool:
    chosen = record.chosen_candidate
    return chosen is not None and chosen.kind == "extern"


def _extern_op(choice: str) -> str:
    name = choice.removeprefix("extern_")
    return EXTERN_OPS.get(name, name if "::" in name else f"aten::{name}")


def _launch_shape(record: AutotuneRecord, chosen: Candidate) -> tuple[int, int] | None:
    """(threads per block, blocks) a GEMM template launches with the chosen config: mat1 (.. x M x K) and
    mat2 (.. x K x N) are the last two inputs; None when the config or the sizes do not say."""
    bm, bn, warps = (chosen.config(k) for k in ("BLOCK_M", "BLOCK_N", "num_warps"))
    sizes = _sizes(record)
    if None in (bm, bn, warps) or len(sizes) < 2 or len(sizes[-2]) < 2 or len(sizes[-1]) < 2:
        return None
    mat1, mat2 = sizes[-2], sizes[-1]
    batch = mat1[0] if len(mat1) == 3 else 1
    return warps * THREADS_PER_WARP, batch * math.ceil(mat1[-2] / bm) * math.ceil(mat2[-1] / bn)


def _sizes(record: AutotuneRecord) -> list[list[int]]:
    return [list(i["size"]) for i in record.inputs if isinstance(i.get("size"), list) and all(isinstance(d, int) for d in i["size"])]


def _mnk(record: AutotuneRecord) -> tuple[int, int, int] | None:
    """A GEMM's M, N, K from its inputs: X is M x K; the weight (K x N, or N x K as a Linear's) gives N."""
    sizes = _sizes(record)
    if not sizes or len(sizes[0]) < 2:
        return None
    m, k = int(np.prod(sizes[0][:-1])), sizes[0][-1]
    for size in reversed(sizes[1:]):
        if len(size) == 2 and k in size:
            return m, size[0] if size[1] == k else size[1], k
    return None


class RunPhase:
    """Run-phase kernels (GPU) and CPU ops of a trace, looked up by name, op or shape."""

    def __init__(self, trace: Trace, split: CompileSplit, attribution: KernelAttribution) -> None:
        self.trace = trace
        gpu = attribution.kernels
        self.gpu = gpu[(gpu["phase"] == "run").to_numpy()] if len(gpu) else gpu
        slices = trace.slices
        run = (split.slice_phase.reindex(slices["slice_id"].to_numpy()) == "run").to_numpy()
        self.cpu = slices[run & (slices["cat"] == "cpu_op").to_numpy()]
        self.on_gpu = len(self.gpu) > 0
        self.templates, self.taken = self._templates(trace), set()
        self.graphed = bool((trace.launches["api"].astype(str) == "cudaGraphLaunch").any()) if len(trace.launches) else False

    def by_name(self, name: str) -> list[int]:
        table = self.gpu if self.on_gpu else self.cpu
        return [int(d) for d in table.loc[(table["name"].astype(str) == name).to_numpy(), "dur_ns"]]

    def triton_template(self, shape: tuple[int, int] | None) -> tuple[str | None, list[int], str | None]:
        """The first untaken ``triton_tem_*`` kernel launched with ``shape`` (threads, blocks), else the next one."""
        free = self.templates[~self.templates["name"].isin(self.taken)]
        fits = free[(free["threads"] == shape[0]) & (free["blocks"] == shape[1])] if shape is not None else free[:0]
        row, how = (fits.iloc[0], "launch") if len(fits) else (free.iloc[0], "order") if len(free) else (None, None)
        if row is None:
            return None, [], None
        self.taken.add(str(row["name"]))
        return str(row["name"]), self.by_name(str(row["name"])), how

    def _templates(self, trace: Trace) -> pd.DataFrame:
        """Distinct run-phase ``triton_tem_*`` kernels in first-run order, with their launch's threads and blocks."""
        template = tagged(trace.gpu, "triton_template")[self.gpu["activity_id"].to_numpy(dtype=np.int64)] if self.on_gpu else None
        first = self.gpu[template].drop_duplicates("name") if self.on_gpu else self.gpu
        if not len(first):
            return pd.DataFrame({"name": pd.Series([], dtype=str), "threads": [], "blocks": []})
        launch = trace.gpu.set_index("activity_id").reindex(first["activity_id"].to_numpy())
        dims = {c: launch[c].astype("Float64").fillna(1).to_numpy(dtype=float) for c in
                ("block_x", "block_y", "block_z", "grid_x", "grid_y", "grid_z")}
        return pd.DataFrame({"name": first["name"].astype(str).to_numpy(),
                             "threads": (dims["block_x"] * dims["block_y"] * dims["block_z"]).astype(int),
                             "blocks": (dims["grid_x"] * dims["grid_y"] * dims["grid_z"]).astype(int)})

    def extern(self, op: str, sizes: list[list[int]]) -> tuple[str | None, list[int], str | None]:
        calls = self.cpu[(self.cpu["name"].astype(str) == op).to_numpy()]
        if sizes and len(calls):
            keep = [_holds(self.trace.slice_args[int(i)], sizes) for i in calls["slice_id"]]
            calls = calls[np.array(keep, dtype=bool)] if any(keep) else calls
        if not len(calls):
            return None, [], None
        if not self.on_gpu:
            return op, [int(d) for d in calls["dur_ns"]], "op"
        kernels = self.gpu[self.gpu["op_id"].isin(calls["slice_id"].tolist()).fillna(False).to_numpy()]
        if not len(kernels):
            return None, [], None
        name = str(most_common(kernels["name"].astype(str)).index[0])
        return name, [int(d) for d in kernels.loc[(kernels["name"].astype(str) == name).to_numpy(), "dur_ns"]], "op"

    def cpp_gemm(self, mnk: tuple[int, int, int] | None) -> tuple[str | None, list[int], str | None]:
        if mnk is None:
            return None, [], None
        names = self.cpu["name"].astype(str)
        wanted = f"gemm_m{mnk[0]}n{mnk[1]}k{mnk[2]}"
        hit = names[names.str.contains(wanted, regex=False).to_numpy()]
        if not len(hit):
            return None, [], None
        name = str(hit.iloc[0])
        return name, self.by_name(name), "shape"


def _holds(raw: bytes | None, sizes: list[list[int]]) -> bool:
    """Whether an op's ``Input Dims`` hold the first input's size and at least half of the others."""
    if not raw:
        return False
    try:
        dims = msgspec.json.decode(raw).get("Input Dims") or []
    except (msgspec.DecodeError, AttributeError):
        return False
    present = [s in dims for s in sizes]
    return bool(present) and present[0] and sum(present) * 2 >= len(present)

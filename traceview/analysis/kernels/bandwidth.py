"""How many bytes each kernel must move, and the least its graph could move.

Inputs are the tables of :mod:`traceview.trace.inductor_code` (``accesses``: one row per kernel pointer
argument, with ``numel``, ``elem_bytes``, ``loads``, ``stores``, ``buffer``, ``buffer_kind``) and, for
kernels Inductor did not generate, the ``record_shapes`` sizes of the launching ATen op.

- ``kernel_bytes(accesses)``: per (graph, kernel_name): ``bytes_read``, ``bytes_written``, ``bytes`` - every
  argument the kernel loads is read once and every one it stores is written once.
- ``graph_traffic(accesses)``: per graph: ``min_bytes`` - each graph input that is read, read once, and each
  buffer that outlives the graph (written inputs, returned outputs) written once; temporaries cost
  nothing - against ``moved_bytes``, what its kernels move. For the mixed-precision Adam update this gives
  28 B/element (bf16 grad 2 + fp32 w, m, v 12 read; fp32 w, m, v 12 + bf16 w 2 written); for fp32
  ``A*B+C`` 16 B/element.
- ``re_reads(accesses)``: buffers that more than one kernel of a graph loads (seed 002: three kernels
  each reloading the inputs). ``dropped_temporaries(accesses)``: temporaries a kernel writes and no
  kernel reads, and that the graph does not return.
- the GPU's ceiling: :func:`traceview.analysis.kernels.peaks.device_ceiling` (a measured copy bandwidth from
  ``meta.json`` if present, else the datasheet peak for the GPU the trace's ``deviceProperties`` names).

Bytes per nanosecond are GB/s (1e9 B / 1e9 ns), so ``gbps = bytes / dur_ns``.
"""

from __future__ import annotations

import math
from typing import Any, Final

import pandas as pd

from traceview.analysis.kernels.peaks import Ceiling
from traceview.trace.catalogue import in_place_op

#: Bytes per element of the ``Input type`` strings record_shapes writes.
INPUT_TYPE_BYTES: Final[dict[str, int]] = {
    "float": 4, "double": 8, "c10::Half": 2, "c10::BFloat16": 2, "long int": 8, "long": 8, "int64_t": 8,
    "int": 4, "short int": 2, "signed char": 1, "unsigned char": 1, "bool": 1, "c10::Float8_e4m3fn": 1,
    "c10::Float8_e5m2": 1, "c10::complex<float>": 8, "c10::complex<double>": 16,
}


def _access_bytes(accesses: pd.DataFrame) -> pd.DataFrame:
    size = accesses["numel"].astype("Float64") * accesses["elem_bytes"].astype("Float64")
    return accesses.assign(
        read=size.where(accesses["loads"] > 0, 0.0), written=size.where(accesses["stores"] > 0, 0.0)
    )


def kernel_bytes(accesses: pd.DataFrame) -> pd.DataFrame:
    """Per (graph, kernel_name): ``bytes_read``, ``bytes_written``, ``bytes`` (Int64; <NA> if a size is unknown)."""
    a = _access_bytes(accesses)
    g = a.groupby(["graph", "kernel_name"], sort=False, dropna=False)
    out = pd.DataFrame({
        "bytes_read": g["read"].sum(min_count=1).where(g["read"].count() == g.size()),
        "bytes_written": g["written"].sum(min_count=1).where(g["written"].count() == g.size()),
    })
    out["bytes"] = out["bytes_read"] + out["bytes_written"]
    return out.round().astype("Int64").reset_index()


def graph_traffic(kernels: pd.DataFrame, accesses: pd.DataFrame) -> pd.DataFrame:
    """Per graph: ``kernels``, ``elements``, ``min_bytes``, ``moved_bytes``, ``excess`` (moved / min), both per element.

    ``elements`` is the largest iteration space of the graph's kernels (``xnumel`` x ``rnumel``; for a
    foreach kernel the sum over its sub-kernels): the parameter count of an optimizer step.
    """
    a = _access_bytes(accesses)
    space = kernels["xnumel"].astype("Float64") * kernels["rnumel"].astype("Float64").fillna(1.0)
    space_by_graph = space.groupby(kernels["graph"]).max()
    rows = []
    for graph, part in a.groupby("graph", sort=False):
        per_buffer = part.dropna(subset=["buffer"]).groupby("buffer")
        size = per_buffer.apply(lambda b: (b["numel"].astype("Float64") * b["elem_bytes"]).max(), include_groups=False)
        kind = per_buffer["buffer_kind"].first()
        read = per_buffer["loads"].sum() > 0
        written = per_buffer["stores"].sum() > 0
        needed = size[(read & (kind == "input"))].sum() + size[written & kind.isin(["input", "output"])].sum()
        moved = part["read"].sum() + part["written"].sum()
        known = part["numel"].notna().all() and part["buffer"].notna().all()
        elements = space_by_graph.get(graph, pd.NA)
        elements = part["numel"].max() if pd.isna(elements) else int(elements)
        rows.append({
            "graph": graph,
            "kernels": part["kernel_name"].nunique(),
            "elements": elements,
            "min_bytes": int(needed) if known else None,
            "moved_bytes": int(moved) if known else None,
        })
    out = pd.DataFrame(rows, columns=["graph", "kernels", "elements", "min_bytes", "moved_bytes"])
    out = out.astype({"kernels": "int64", "elements": "Int64", "min_bytes": "Int64", "moved_bytes": "Int64"})
    out["excess"] = out["moved_bytes"] / out["min_bytes"]
    out["min_bytes_per_element"] = out["min_bytes"] / out["elements"]
    out["moved_bytes_per_element"] = out["moved_bytes"] / out["elements"]
    return out


#: Re-reads of buffers smaller than this are not flagged: a scalar such as an optimizer's step count
#: is read by every kernel that needs it and costs nothing next to the tensors (and sits in L2).
RE_READ_MIN_BYTES: Final[int] = 1 << 20


def re_reads(accesses: pd.DataFrame, min_bytes: int = RE_READ_MIN_BYTES) -> pd.DataFrame:
    """Buffers of at least ``min_bytes`` loaded by more than one kernel of a graph:
    ``graph, buffer, buffer_kind, kernels, kernel_names, bytes`` (one read's size; <NA> if unknown)."""
    loaded = accesses[(accesses["loads"] > 0) & accesses["buffer"].notna()]
    loaded = loaded.assign(size=loaded["numel"].astype("Float64") * loaded["elem_bytes"].astype("Float64"))
    g = loaded.groupby(["graph", "buffer"], sort=False)
    out = g.agg(buffer_kind=("buffer_kind", "first"), kernels=("kernel_name", "nunique"),
                kernel_names=("kernel_name", lambda s: ", ".join(dict.fromkeys(s))), bytes=("size", "max"))
    out["bytes"] = out["bytes"].round().astype("Int64")
    keep = (out["kernels"] > 1) & ~(out["bytes"] < min_bytes).fillna(False)
    return out[keep].reset_index()


def dropped_temporaries(accesses: pd.DataFrame) -> pd.DataFrame:
    """Temporaries a kernel stores that no kernel of the graph loads: ``graph, buffer, kernel_name, bytes``."""
    a = accesses[accesses["buffer"].notna()]
    loaded = set(zip(a.loc[a["loads"] > 0, "graph"], a.loc[a["loads"] > 0, "buffer"]))
    stored = a[(a["stores"] > 0) & (a["buffer_kind"] == "temporary")]
    keep = [(g, b) not in loaded for g, b in zip(stored["graph"], stored["buffer"])]
    dropped = stored[pd.Series(keep, index=stored.index, dtype=bool)]
    out = dropped[["graph", "buffer", "kernel_name"]].copy()
    out["bytes"] = (dropped["numel"] * dropped["elem_bytes"]).astype("Int64")
    return out.reset_index(drop=True)


def aten_op_bytes(op_name: str, input_dims: Any, input_types: Any) -> int | None:
    """Estimated bytes an ATen op's kernel moves, from its ``record_shapes`` inputs.

    Every tensor input is read once; the output is the first input for an in-place op (``add_``,
    ``copy_``: written over it) and otherwise as large as the largest input. An estimate: broadcasts,
    reductions and ops whose output is smaller than their inputs are counted as elementwise.
    """
    if not isinstance(input_dims, list) or not isinstance(input_types, list):
        return None
    sizes = []
    for dims, typ in zip(input_dims, input_types):
        if isinstance(dims, list) and dims and all(isinstance(d, int) for d in dims) and typ in INPUT_TYPE_BYTES:
            sizes.append(math.prod(dims) * INPUT_TYPE_BYTES[typ])
        elif isinstance(dims, list) and dims == [] and typ in INPUT_TYPE_BYTES:
            sizes.append(INPUT_TYPE_BYTES[typ])  # a 0-d tensor
    if not sizes:
        return None
    in_place = in_place_op(op_name)
    return sum(sizes) + (sizes[0] if in_place else max(sizes))


def achieved(bytes_: pd.Series, dur_ns: pd.Series, ceiling: Ceiling) -> pd.DataFrame:
    """``gbps`` (bytes / dur_ns) and ``pct_of_ceiling`` for aligned Series of bytes and durations."""
    dur = dur_ns.astype("Float64").where(dur_ns > 0)
    gbps = bytes_.astype("Float64") / dur
    pct = gbps / ceiling.gbps * 100 if ceiling.gbps else pd.Series(pd.NA, index=gbps.index, dtype="Float64")
    return pd.DataFrame({"gbps": gbps, "pct_of_ceiling": pct})

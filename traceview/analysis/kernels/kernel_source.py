"""Which generated code each GPU kernel of a trace ran, where it came from, and how fast it moved its bytes.

``kernel_sources(trace, code, run_meta)`` joins the trace's kernels (:mod:`traceview.trace.schema` GPU
rows of kind ``kernel``) to Inductor's generated code (:func:`traceview.trace.inductor_code.load_inductor_code`):

1. each kernel -> the ``cpu_op`` that launched it, by ``(rank, external_id)`` (for an Inductor kernel
   the op is named like the kernel and carries ``kernel_hash`` / ``kernel_file`` / ``Input Dims``);
2. -> the generated kernel: by ``kernel_hash`` when the op has one, else by name (a trailing Triton
   specialisation suffix such as ``0d1d2de`` from old traces is allowed);
3. -> the user's line: the innermost ``python_function`` above the op that is not PyTorch, Triton or
   Inductor's generated wrapper (needs ``with_stack=True``);
4. bytes from the code (:func:`traceview.analysis.kernels.bandwidth.kernel_bytes`), else estimated from the op's
   ``record_shapes`` inputs; ``gbps = bytes / dur_ns`` against :func:`~traceview.analysis.kernels.peaks.device_ceiling`.

Result (:class:`KernelSources`), for the terminal, JSON and HTML reports:

- ``kernels``: one row per GPU kernel (``KERNEL_ROWS``);
- ``summary``: one row per distinct (kernel name, graph, ATen ops) (``SUMMARY_COLUMNS``; ``bytes`` is
  the mean per call, ``gbps`` all bytes over all time), the table ``traceview kernels`` prints;
- ``graphs``: per compiled graph whose kernels ran: ``min_bytes`` vs ``moved_bytes`` (``graph_traffic``);
- ``re_reads`` / ``dropped_temporaries``: the buffers behind seed 002's three-kernel waste;
- ``ceiling``: the bandwidth the percentages are of.

``kernel_detail(name, code, sources)`` gives one kernel's source, FX-node -> ATen mapping and buffer
accesses (:class:`KernelDetail`): the ``traceview show`` view and the HTML kernel detail view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import pandas as pd

from traceview.trace.catalogue import cpp_kernel_graph, specialisation, tagged
from traceview.trace.kernel_names import short_name

from traceview.analysis.kernels import bandwidth as bw
from traceview.analysis.kernels import peaks
from traceview.trace.inductor_code import InductorCode

KERNEL_ROWS: Final[dict[str, str]] = {
    "kernel_id": "int64",  # GPU.activity_id
    "rank": "int32",
    "name": "string",  # the kernel name in the trace
    "device": "Int64",
    "stream": "Int64",
    "start_ns": "int64",
    "dur_ns": "int64",
    "op_slice_id": "Int64",  # the cpu_op that launched it (SLICES.slice_id); <NA>: none in the trace
    "inductor_kernel": "string",  # the generated kernel it ran (KERNELS.kernel_name); <NA>: not generated code
    "graph": "string",  # KERNELS.graph of that kernel
    "match": "string",  # hash | name | name_ambiguous | none
    "source_nodes": "string",
    "aten_ops": "string",  # generated kernel: its Original ATen; other kernels: the launching op (aten::mul)
    "kernel_path": "string",
    "user_frame": "string",  # "train.py(42): step"; <NA> without stacks
    "bytes": "Int64",  # bytes the kernel must move (read + written)
    "bytes_source": "string",  # code | input_shapes | none
    "gbps": "Float64",  # bytes / dur_ns
    "pct_of_ceiling": "Float64",  # gbps / ceiling.gbps * 100
}

SUMMARY_COLUMNS: Final[tuple[str, ...]] = (
    "name", "graph", "calls", "total_dur_ns", "mean_dur_ns", "bytes", "bytes_source", "gbps", "pct_of_ceiling",
    "match", "kind", "sub_kernels", "source_nodes", "aten_ops", "kernel_path", "user_frame",
    "reread_buffers", "dropped_temp_bytes",
)



@dataclass(frozen=True)
class KernelSources:
    """Each GPU kernel of a trace joined to the Inductor code it ran, with bytes and bandwidth."""

    kernels: pd.DataFrame  # KERNEL_ROWS: one row per GPU kernel
    summary: pd.DataFrame  # SUMMARY_COLUMNS: one row per distinct (name, graph)
    graphs: pd.DataFrame  # bandwidth.graph_traffic rows of graphs that ran
    re_reads: pd.DataFrame  # bandwidth.re_reads
    dropped_temporaries: pd.DataFrame  # bandwidth.dropped_temporaries
    ceiling: peaks.Ceiling
    matched: int  # GPU kernels joined to generated code
    total: int  # GPU kernels in the trace


@dataclass(frozen=True)
class KernelDetail:
    """One generated kernel: its source and where it came from (``traceview show``)."""

    kernel_name: str
    graph: str | None
    backend: str
    kind: str
    source: str
    source_nodes: list[str]
    aten_ops: list[str]
    node_mapping: list[tuple[str, str]]  # (FX node, its ATen nodes)
    mapping_source: str
    kernel_path: str | None
    wrapper_path: str | None
    xnumel: int | None
    rnumel: int | None
    sub_kernels: int
    accesses: pd.DataFrame  # ACCESSES rows of this kernel
    bytes: int | None
    runs: pd.DataFrame  # KERNEL_ROWS of this kernel in the trace (empty without a trace)


def kernel_sources(trace: Any, code: InductorCode | None, run_meta: dict[str, Any] | None = None) -> KernelSources:
    """Join every GPU kernel in ``trace`` to the generated code that ran it (see the module docstring)."""
    device = trace.meta.devices[0].name if trace.meta.devices else None
    ceiling = peaks.device_ceiling(device, run_meta)
    k = trace.kernels
    rows = pd.DataFrame({
        "kernel_id": k["activity_id"], "rank": k["rank"], "name": k["name"].astype("string"),
        "device": k["device"], "stream": k["stream"], "start_ns": k["start_ns"], "dur_ns": k["dur_ns"],
    })
    rows["op_slice_id"] = _launching_ops(trace, k)
    op_args = _op_args(trace, rows["op_slice_id"])
    rows["user_frame"] = rows["op_slice_id"].map(_user_frames(trace, rows["op_slice_id"]))
    rows = _match_code(rows, op_args, code)
    rows = _add_bytes(rows, op_args, code, ceiling)
    op_names = rows["op_slice_id"].map(lambda s: op_args.get(int(s), {}).get("op_name") if pd.notna(s) else None)
    rows["aten_ops"] = rows["aten_ops"].astype("string").fillna(op_names.astype("string"))  # eager: the launching op
    rows = rows[list(KERNEL_ROWS)].astype(KERNEL_ROWS).reset_index(drop=True)
    empty = pd.DataFrame(columns=["graph"])
    ran = set(rows["graph"].dropna())
    graphs = bw.graph_traffic(code.kernels, code.accesses) if code is not None else empty
    rereads = bw.re_reads(code.accesses) if code is not None else empty
    dropped = bw.dropped_temporaries(code.accesses) if code is not None else empty
    graphs, rereads, dropped = (t[t["graph"].isin(ran)].reset_index(drop=True) for t in (graphs, rereads, dropped))
    summary = _summary(rows, code, rereads, dropped)
    return KernelSources(rows, summary, graphs, rereads, dropped, ceiling,
                         int(rows["inductor_kernel"].notna().sum()), len(rows))


def _launching_ops(trace: Any, k: pd.DataFrame) -> pd.Series:
    """The cpu_op slice sharing each kernel's (rank, external_id): one named like the kernel, else the deepest."""
    s = trace.slices
    ops = s[(s["cat"] == "cpu_op") & s["external_id"].notna()][["slice_id", "rank", "external_id", "name", "depth"]]
    left = pd.DataFrame({"pos": range(len(k)), "rank": k["rank"].to_numpy(),
                         "external_id": k["external_id"].to_numpy(), "kname": k["name"].astype(str).to_numpy()})
    m = left.merge(ops, on=["rank", "external_id"], how="left")
    m["same_name"] = m["name"].astype(str) == m["kname"]
    m = m.sort_values(["pos", "same_name", "depth"], ascending=[True, False, False]).drop_duplicates("pos")
    return pd.Series(m.sort_values("pos")["slice_id"].to_numpy(), index=k.index, dtype="Int64")


def _op_args(trace: Any, op_ids: pd.Series) -> dict[int, dict[str, Any]]:
    wanted = ("kernel_hash", "kernel_file", "Input Dims", "Input type")
    names = trace.slices.set_index("slice_id")["name"]
    out = {}
    for sid in op_ids.dropna().unique():
        args = trace.args(int(sid))
        out[int(sid)] = {key: args.get(key) for key in wanted} | {"op_name": str(names.get(int(sid), ""))}
    return out


def _user_frames(trace: Any, op_ids: pd.Series) -> dict[int, str | None]:
    """The innermost ``python_function`` above each op that is not library code (the catalogue's ``library_frame``)."""
    s = trace.slices
    frames = (s["cat"] == "python_function").to_numpy(dtype=bool, na_value=False)
    if not frames.any():
        return {}
    nearest = trace.nearest_where(frames & ~tagged(s, "library_frame"))
    names = s["name"].array
    ids = op_ids.dropna().unique().astype(np.int64)
    return {int(sid): (str(names[nearest[sid]]) if nearest[sid] >= 0 else None) for sid in ids}


def _match_code(rows: pd.DataFrame, op_args: dict[int, dict[str, Any]], code: InductorCode | None) -> pd.DataFrame:
    columns = ["inductor_kernel", "graph", "match", "source_nodes", "aten_ops", "kernel_path"]
    if code is None or code.kernels.empty:
        return rows.assign(**{c: pd.NA for c in columns if c != "match"}, match="none")
    ck = code.kernels.reset_index(drop=True)
    by_hash = {h: i for i, h in reversed(list(enumerate(ck["kernel_hash"]))) if isinstance(h, str)}
    by_name: dict[str, list[int]] = {}
    for i, n in enumerate(ck["kernel_name"]):
        by_name.setdefault(n, []).append(i)
    hashes = rows["op_slice_id"].map(lambda s: op_args.get(int(s), {}).get("kernel_hash") if pd.notna(s) else None)
    found: dict[tuple[str, Any], tuple[int | None, str]] = {}
    for key in set(zip(rows["name"].astype(str), hashes)):
        found[key] = _find(key[0], key[1], by_hash, by_name)
    hits = [found[key] for key in zip(rows["name"].astype(str), hashes)]
    idx = pd.Series([h[0] for h in hits], index=rows.index, dtype="Int64")
    picked = ck.reindex(idx.fillna(-1).astype(int).to_numpy())
    out = rows.assign(match=[h[1] for h in hits])
    out["inductor_kernel"] = picked["kernel_name"].to_numpy()
    for c in ("graph", "source_nodes", "aten_ops", "kernel_path"):
        out[c] = picked[c].to_numpy()
    return out


def _find(name: str, kernel_hash: Any, by_hash: dict[str, int], by_name: dict[str, list[int]]) -> tuple[int | None, str]:
    if isinstance(kernel_hash, str) and kernel_hash in by_hash:
        return by_hash[kernel_hash], "hash"
    candidates = by_name.get(name)
    if candidates is None:
        base = max((n for n in by_name if name.startswith(n) and specialisation(name[len(n):])),
                   key=len, default=None)
        candidates = by_name.get(base) if base else None
    if not candidates:
        return None, "none"
    return candidates[0], "name" if len(candidates) == 1 else "name_ambiguous"


def _add_bytes(rows: pd.DataFrame, op_args: dict[int, dict[str, Any]], code: InductorCode | None,
               ceiling: peaks.Ceiling) -> pd.DataFrame:
    out = rows.copy()
    code_bytes = pd.Series(pd.NA, index=out.index, dtype="Int64")
    if code is not None and not code.kernels.empty:
        kb = bw.kernel_bytes(code.accesses).set_index(["graph", "kernel_name"])["bytes"]
        keys = list(zip(out["graph"], out["inductor_kernel"]))
        code_bytes = pd.Series([kb.get(key, pd.NA) if pd.notna(key[1]) else pd.NA for key in keys],
                               index=out.index, dtype="Int64")
    shape_bytes = out["op_slice_id"].map(
        lambda s: _shape_bytes(op_args.get(int(s), {})) if pd.notna(s) else None).astype("Int64")
    shape_bytes = shape_bytes.where(out["inductor_kernel"].isna())  # generated code knows better
    out["bytes"] = code_bytes.fillna(shape_bytes)
    out["bytes_source"] = ["code" if pd.notna(c) else "input_shapes" if pd.notna(s) else "none"
                           for c, s in zip(code_bytes, shape_bytes)]
    return pd.concat([out, bw.achieved(out["bytes"], out["dur_ns"], ceiling)], axis=1)


def _shape_bytes(args: dict[str, Any]) -> int | None:
    if args.get("kernel_hash"):  # an Inductor kernel's op lists its pointer arguments, not an ATen op's
        return None
    return bw.aten_op_bytes(str(args.get("op_name", "")), args.get("Input Dims"), args.get("Input type"))


def _summary(rows: pd.DataFrame, code: InductorCode | None, rereads: pd.DataFrame,
             dropped: pd.DataFrame) -> pd.DataFrame:
    keys = ["name", "graph", "aten_ops"]
    g = rows.assign(graph=rows["graph"].fillna(""), aten_ops=rows["aten_ops"].fillna("")).groupby(keys, sort=False)
    out = g.agg(calls=("kernel_id", "size"), total_dur_ns=("dur_ns", "sum"), bytes=("bytes", "mean"),
                bytes_source=("bytes_source", "first"), match=("match", "first"),
                source_nodes=("source_nodes", "first"),
                kernel_path=("kernel_path", "first"), user_frame=("user_frame", "first"),
                inductor_kernel=("inductor_kernel", "first"), all_bytes=("bytes", "sum")).reset_index()
    out["mean_dur_ns"] = (out["total_dur_ns"] / out["calls"]).round().astype("int64")
    out["bytes"] = out["bytes"].astype("Float64").round().astype("Int64")
    out["aten_ops"] = out["aten_ops"].replace("", pd.NA).astype("string")
    out["gbps"] = (out["all_bytes"].astype("Float64") / out["total_dur_ns"].where(out["total_dur_ns"] > 0))
    out["pct_of_ceiling"] = g["pct_of_ceiling"].mean().to_numpy()
    kinds = code.kernels.set_index(["graph", "kernel_name"]) if code is not None else pd.DataFrame()
    meta = [kinds.loc[(gr, k)] if (gr, k) in kinds.index else None
            for gr, k in zip(out["graph"], out["inductor_kernel"])] if len(kinds) else [None] * len(out)
    out["kind"] = [m["kind"] if m is not None else pd.NA for m in meta]
    out["sub_kernels"] = pd.array([m["sub_kernels"] if m is not None else pd.NA for m in meta], dtype="Int64")
    rr = rereads.groupby("graph").size() if len(rereads) else pd.Series(dtype="int64")
    dt = dropped.groupby(["graph", "kernel_name"])["bytes"].sum() if len(dropped) else pd.Series(dtype="Int64")
    out["reread_buffers"] = out["graph"].map(rr).fillna(0).astype("int64")
    out["dropped_temp_bytes"] = pd.array([dt.get((gr, k), 0) for gr, k in zip(out["graph"], out["inductor_kernel"])],
                                         dtype="Int64")
    out["graph"] = out["graph"].replace("", pd.NA).astype("string")
    return out.sort_values("total_dur_ns", ascending=False)[list(SUMMARY_COLUMNS)].reset_index(drop=True)


def kernel_detail(name: str, code: InductorCode, sources: KernelSources | None = None) -> KernelDetail | None:
    """The generated kernel called ``name`` (or whose hash is ``name``, or a unique name prefix); None if absent."""
    ck = code.kernels
    hit = ck[(ck["kernel_name"] == name) | (ck["kernel_hash"] == name)]
    if hit.empty:  # a name traceview prints: the trace's (graph_1_cpp_fused_relu_0: Inductor's C++ kernel
        # profile prefixes the graph), or a short name of a kernel in the trace
        graph, bare = cpp_kernel_graph(name)
        printed = {bare}
        if sources is not None and len(sources.kernels):
            k = sources.kernels
            same = (k["name"].astype(str) == name) | (k["name"].map(short_name) == name)
            printed |= set(k.loc[same, "inductor_kernel"].dropna().astype(str))
        hit = ck[ck["kernel_name"].isin(printed)]
        if graph is not None and len(hit) > 1:  # graph_N is the compiled graph whose AOT id is N_inference/N_forward/...
            same = hit[[f":{graph}_" in g for g in hit["graph"].astype(str)]]
            hit = same if len(same) else hit
    if hit.empty:
        hit = ck[ck["kernel_name"].str.startswith(name)]
        if hit["kernel_name"].nunique() != 1:
            return None
    if sources is not None and len(hit) > 1:  # the same name in several graphs: prefer the one that ran
        ran = hit[hit["graph"].isin(set(sources.kernels["graph"].dropna()))]
        hit = ran if len(ran) else hit
    row = hit.iloc[0]
    acc = code.accesses[(code.accesses["kernel_name"] == row["kernel_name"]) & (code.accesses["graph"] == row["graph"])]
    kb = bw.kernel_bytes(acc)
    runs = pd.DataFrame(columns=list(KERNEL_ROWS))
    if sources is not None:
        k = sources.kernels
        runs = k[(k["inductor_kernel"] == row["kernel_name"]) & (k["graph"] == row["graph"])].reset_index(drop=True)
    return KernelDetail(
        kernel_name=row["kernel_name"], graph=_opt(row["graph"]), backend=row["backend"], kind=row["kind"],
        source=row["source"] or "", source_nodes=_split(row["source_nodes"]), aten_ops=_split(row["aten_ops"]),
        node_mapping=[tuple(line.split(" => ", 1)) for line in (_opt(row["node_mapping"]) or "").splitlines()],
        mapping_source=row["mapping_source"], kernel_path=_opt(row["kernel_path"]),
        wrapper_path=_opt(row["wrapper_path"]), xnumel=_opt(row["xnumel"]), rnumel=_opt(row["rnumel"]),
        sub_kernels=int(row["sub_kernels"]), accesses=acc.reset_index(drop=True),
        bytes=_opt(kb["bytes"].iloc[0]) if len(kb) else None, runs=runs,
    )


def _split(value: Any) -> list[str]:
    return [v for v in str(value).split(", ") if v] if pd.notna(value) else []


def _opt(value: Any) -> Any:
    if value is None or pd.isna(value):
        return None
    return int(value) if hasattr(value, "__int__") and not isinstance(value, str) else value

"""Why did torch.compile split, recompile, and spend what it spent? Dynamo's record tied to the trace's regions.

Dynamo numbers every compilation ``F/C`` (frame F, its C-th compile); Kineto names each call of
the result ``Torch-Compiled Region: F/C``. So PyTorch's structured trace
(:mod:`traceview.trace.torch_log`) joins the trace by compile id::

    structured trace   compile 1/1  forward (modeling_gpt2.py:645)  recompiled: 1/0's guard
                                    "tensor 'input_ids' size mismatch at index 1. expected 128, actual 96"
                       graph break  in 1/1 at transformers/modeling_utils.py:4635 (logger.warning_once)
    trace              Torch-Compiled Region: 1/1   3 calls, 30 kernels per call, backward 87

What each source gives (``CompileReasons.source``):

- ``structured trace``: every compile id of the run (not only the profiled window) with its
  function, graph ops and compile time; each graph break with its reason, hint and user frame; each
  recompile with the guard that failed.
- ``Dynamo counters`` (meta.json, no structured trace): graph-break reasons and how often, without
  the user frame or the frames they split; recompiles only as the trace's ``/1``+ compile ids.
- ``trace only``: compile ids seen in the trace's regions and compile events; recompiles are the
  ``F/1`` and later ids (their reason unknown); graph breaks cannot be told from separate functions
  (unknown), except in a trace where nothing compiled ran (0).

A *graph break* here is one place in user code (reason + file:line) where Dynamo broke; it can split
several compiled frames (a break inside ``loss_function`` also ends the ``forward`` and the wrapper
that called it): ``compile_ids`` lists them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from traceview.analysis.phases import CompileSplit
from traceview.analysis.regions import RegionCalls
from traceview.trace.run_files import DynamoRecord
from traceview.trace.torch_log import parse_graph_break

#: meta.json compile time used when there is no structured trace: Dynamo's whole-frame compile
#: (its other entries nest inside it, so they are not added).
FRAME_COMPILE_TIMER = "_compile.compile_inner"

FRAMES_COLUMNS = ["rank", "compile_id", "function", "where", "graph_ops", "compile_s", "backward_compile_s",
                  "recompile_reason", "graph_break", "calls", "kernels_per_call", "backward_kernels_per_call",
                  "gpu_ms", "backward_gpu_ms"]
BREAKS_COLUMNS = ["reason", "where", "function", "code", "hint", "compile_ids", "resumable", "explanation",
                  "context", "url", "records"]
RECOMPILES_COLUMNS = ["rank", "compile_id", "failed_compile_id", "reason", "function", "where", "calls",
                      "kernels_per_call"]


@dataclass(frozen=True)
class CompileReasons:
    """Graph breaks and recompiles with their reasons, and each compiled frame with its calls in the trace.

    ``frames``: one row per compile id (structured trace: every one of the run; else those in the
    trace): rank, compile_id, function (the compiled Python function), where (short file:line),
    graph_ops, compile_s, backward_compile_s, recompile_reason (the failed guard), graph_break
    (reason at file:line, when this frame was split), calls (region calls in the trace),
    kernels_per_call (steady forward kernels per call), backward_kernels_per_call (steady),
    gpu_ms / backward_gpu_ms (run-phase kernel time over the trace).
    ``graph_breaks``: one row per break site: reason, where (short file:line), function, code (the
    line that broke), hint (Dynamo's first hint), compile_ids (the frames it split), resumable,
    explanation, context (Dynamo's debug context), url (the graph-break site page), records.
    ``recompiles``: one row per recompilation: rank, compile_id, failed_compile_id, reason (the
    guard that failed; None when only the trace's ids tell), function, where, calls, kernels_per_call.
    ``graph_break_count`` / ``recompile_count``: None when the sources cannot tell.
    ``compile_s``: seconds spent compiling over the run (``compile_s_source`` says from what).
    """

    source: str
    frames: pd.DataFrame
    graph_breaks: pd.DataFrame
    recompiles: pd.DataFrame
    graph_break_count: int | None
    recompile_count: int | None
    compile_s: float | None
    compile_s_source: str
    notes: list[str] = field(default_factory=list)


def compile_reasons(split: CompileSplit, regions: RegionCalls, dynamo: DynamoRecord | None = None) -> CompileReasons:
    """Join what Dynamo recorded (``dynamo``: structured traces and/or counters) to the trace's regions."""
    dynamo = dynamo or DynamoRecord()
    per_region = _per_region(regions)
    notes = list(dynamo.notes)
    if dynamo.logs:
        compiles = pd.concat([log.compiles for log in dynamo.logs], ignore_index=True)
        raw_breaks = pd.concat([log.graph_breaks for log in dynamo.logs], ignore_index=True)
        raw_recompiles = pd.concat([log.recompiles for log in dynamo.logs], ignore_index=True)
        frames = _frames_from_log(compiles, raw_breaks, per_region)
        breaks = _break_sites(raw_breaks)
        recompiles = _recompiles(raw_recompiles, frames)
        return CompileReasons("structured trace", frames, breaks, recompiles, len(breaks), len(recompiles),
                              *_compile_seconds(compiles, dynamo, split), notes)
    frames = _frames_from_trace(split, per_region)
    recompiles = _recompiles(pd.DataFrame(columns=["rank", "compile_id", "failed_compile_id", "reason"]), frames)
    if dynamo.counters:
        breaks = _breaks_from_counters(dynamo.counters.get("graph_break", {}))
        notes.append("graph breaks from Dynamo's counters (meta.json): reasons only; capture with `traceview profile` "
                     "(structured trace on) for the user frame and the regions each break split")
        return CompileReasons("Dynamo counters", frames, breaks, recompiles, len(breaks), len(recompiles),
                              *_compile_seconds(None, dynamo, split), notes)
    compiled = len(frames) > 0 or split.compile_ns > 0
    if compiled:
        notes.append("no structured trace or meta.json beside this trace: graph-break and recompile reasons are unknown "
                     "(capture with `traceview profile`, or pass --torch-trace)")
    # nothing compiled ran in the trace: no graph could break in it
    return CompileReasons("trace only", frames, _empty(BREAKS_COLUMNS), recompiles, None if compiled else 0,
                          len(recompiles), *_compile_seconds(None, dynamo, split), notes)


# --- frames ---------------------------------------------------------------------------------------


def _per_region(regions: RegionCalls) -> pd.DataFrame:
    """calls, steady kernels per call (forward and backward) and GPU ms, by (rank, region id)."""
    calls = regions.calls
    if calls.empty:
        return pd.DataFrame(columns=["rank", "compile_id", "calls", "kernels_per_call", "backward_kernels_per_call",
                                     "gpu_ms", "backward_gpu_ms"])
    rows = []
    for (rank, region), group in calls.groupby(["rank", "region"], sort=False):
        rows.append({"rank": int(rank), "compile_id": str(region), "calls": len(group),
                     "kernels_per_call": _steady(group["kernels"]),
                     "backward_kernels_per_call": _steady(group["backward_kernels"]),
                     "gpu_ms": float(group["gpu_ns"].sum()) / 1e6, "backward_gpu_ms": float(group["backward_gpu_ns"].sum()) / 1e6})
    return pd.DataFrame(rows)


def _steady(counts: pd.Series) -> int:
    """The most common count (the largest on a tie): a call's steady state."""
    return int(counts.mode().max()) if len(counts) else 0


def _frames_from_log(compiles: pd.DataFrame, breaks: pd.DataFrame, per_region: pd.DataFrame) -> pd.DataFrame:
    first_break = breaks.drop_duplicates(["rank", "compile_id"]).set_index(["rank", "compile_id"]) if len(breaks) else None
    rows = []
    for c in compiles.itertuples():
        broke = None
        if first_break is not None and (c.rank, c.compile_id) in first_break.index:
            b = first_break.loc[(c.rank, c.compile_id)]
            broke = f"{b['reason']} at {_where(b['file'], b['line'])}"
        rows.append({"rank": int(c.rank), "compile_id": c.compile_id, "function": c.co_name,
                     "where": _where(c.co_filename, c.co_firstlineno), "graph_ops": c.graph_ops, "compile_s": c.compile_s,
                     "backward_compile_s": c.backward_compile_s, "recompile_reason": _strip_id(c.recompile_reason),
                     "graph_break": broke})
    frames = pd.DataFrame(rows, columns=FRAMES_COLUMNS[:9])
    # compile ids only the trace knows (the log began after them, or another process compiled them)
    extra = per_region[~per_region.set_index(["rank", "compile_id"]).index.isin(frames.set_index(["rank", "compile_id"]).index)] \
        if len(per_region) else per_region
    frames = pd.concat([frames, extra[["rank", "compile_id"]]], ignore_index=True) if len(extra) else frames
    return _with_calls(frames, per_region)


def _frames_from_trace(split: CompileSplit, per_region: pd.DataFrame) -> pd.DataFrame:
    ids = [i for i in split.compile_ids if "/" in i]
    known = pd.DataFrame({"rank": np.zeros(len(ids), dtype=np.int64), "compile_id": ids})
    frames = pd.concat([per_region[["rank", "compile_id"]], known], ignore_index=True).drop_duplicates(["rank", "compile_id"])
    frames = frames.reindex(columns=FRAMES_COLUMNS[:9])
    return _with_calls(frames, per_region)


def _with_calls(frames: pd.DataFrame, per_region: pd.DataFrame) -> pd.DataFrame:
    frames = frames.astype({"rank": np.int64}).merge(per_region, on=["rank", "compile_id"], how="left") if len(per_region) \
        else frames.assign(calls=0, kernels_per_call=0, backward_kernels_per_call=0, gpu_ms=0.0, backward_gpu_ms=0.0)
    for col in ("calls", "kernels_per_call", "backward_kernels_per_call"):
        frames[col] = frames[col].fillna(0).astype(np.int64)
    for col in ("gpu_ms", "backward_gpu_ms"):
        frames[col] = frames[col].fillna(0.0).astype(float)
    order = np.lexsort((_compile_key(frames["compile_id"], 1), _compile_key(frames["compile_id"], 0), frames["rank"].to_numpy()))
    return frames.iloc[order].reset_index(drop=True)[FRAMES_COLUMNS]


def _compile_key(ids: pd.Series, part: int) -> np.ndarray:
    return np.array([int(i.split("/")[part]) if isinstance(i, str) and "/" in i else -1 for i in ids], dtype=np.int64)


# --- graph breaks and recompiles ------------------------------------------------------------------


def _break_sites(breaks: pd.DataFrame) -> pd.DataFrame:
    """One row per (reason, file, line): the frames it split, in first-seen order."""
    if breaks.empty:
        return _empty(BREAKS_COLUMNS)
    rows = []
    for _, group in breaks.groupby(["reason", "file", "line"], sort=False, dropna=False):
        first = group.iloc[0]
        rows.append({"reason": first["reason"], "where": _where(first["file"], first["line"]), "function": first["function"],
                     "code": first["code"], "hint": (first["hints"] or [None])[0], "compile_ids": list(dict.fromkeys(group["compile_id"])),
                     "resumable": bool(group["resumable"].all()), "explanation": first["explanation"],
                     "context": first["context"], "url": first["url"], "records": len(group)})
    return pd.DataFrame(rows, columns=BREAKS_COLUMNS)


def _breaks_from_counters(counter: dict[str, int]) -> pd.DataFrame:
    rows = []
    for text, count in counter.items():
        parts = parse_graph_break(str(text))
        rows.append({"reason": parts["reason"] or str(text).splitlines()[0], "where": None, "function": None, "code": None,
                     "hint": (parts["hints"] or [None])[0], "compile_ids": [], "resumable": None,
                     "explanation": parts["explanation"], "context": parts["context"], "url": parts["url"], "records": int(count)})
    return pd.DataFrame(rows, columns=BREAKS_COLUMNS)


def _recompiles(raw: pd.DataFrame, frames: pd.DataFrame) -> pd.DataFrame:
    """Each recompilation: the log's failed guards, plus every /1+ compile id with no recorded reason."""
    rows = [{"rank": int(r.rank), "compile_id": r.compile_id, "failed_compile_id": r.failed_compile_id, "reason": r.reason}
            for r in raw.itertuples()]
    recorded = {(r["rank"], r["compile_id"]) for r in rows}
    for f in frames.itertuples():
        if isinstance(f.compile_id, str) and not f.compile_id.endswith("/0") and (f.rank, f.compile_id) not in recorded:
            rows.append({"rank": int(f.rank), "compile_id": f.compile_id, "failed_compile_id": None, "reason": None})
    out = pd.DataFrame(rows, columns=["rank", "compile_id", "failed_compile_id", "reason"])
    info = frames[["rank", "compile_id", "function", "where", "calls", "kernels_per_call"]]
    return out.merge(info, on=["rank", "compile_id"], how="left")[RECOMPILES_COLUMNS] if len(out) else _empty(RECOMPILES_COLUMNS)


def _compile_seconds(compiles: pd.DataFrame | None, dynamo: DynamoRecord, split: CompileSplit) -> tuple[float | None, str]:
    if compiles is not None and len(compiles):
        total = float(np.nansum(compiles[["compile_s", "backward_compile_s", "autotune_s"]].to_numpy(dtype=float)))
        return total, "structured trace (whole run: frames, backward and autotuning)"
    if FRAME_COMPILE_TIMER in dynamo.compile_times_s:
        return float(dynamo.compile_times_s[FRAME_COMPILE_TIMER]), "meta.json (whole run: Dynamo frame compiles)"
    return (split.compile_ns + split.autotune_ns) / 1e9, "trace (the profiled window only)"


# --- words ----------------------------------------------------------------------------------------


def _where(file: object, line: object) -> str | None:
    if not isinstance(file, str) or not file:
        return None
    return f"{short_path(file)}:{int(line)}" if isinstance(line, (int, np.integer, float)) and line == line else short_path(file)


def short_path(path: str) -> str:
    """``.../site-packages/transformers/modeling_utils.py`` -> ``transformers/modeling_utils.py``; a file
    under the current folder relative to it; anything else as is."""
    for marker in ("site-packages/", "dist-packages/"):
        if marker in path:
            return path.rsplit(marker, 1)[1]
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return rel if not rel.startswith("..") else path


def _strip_id(reason: object) -> str | None:
    """``"1/0: tensor 'x' size mismatch"`` -> ``"tensor 'x' size mismatch"`` (the failed id has its own column)."""
    if not isinstance(reason, str):
        return None
    head, sep, rest = reason.partition(": ")
    return rest if sep and "/" in head and head.replace("/", "").isdigit() else reason


def _empty(columns: list[str]) -> pd.DataFrame:
    return pd.DataFrame({c: pd.Series([], dtype=object) for c in columns})


def reason_findings(r: CompileReasons) -> list:
    """Plain-words findings: each graph break with its user frame and hint, each recompile with its guard."""
    from traceview.analysis.findings import Finding

    out = []
    for b in r.graph_breaks.itertuples():
        where = f" at {b.where}" + (f" (`{b.code}`)" if b.code else "") if b.where else ""
        split = f", splitting compiled frame(s) {', '.join(b.compile_ids)}" if b.compile_ids else \
            (f", {b.records} time(s)" if b.records else "")
        hint = f" Hint: {b.hint}" if b.hint else ""
        out.append(Finding("graph break", f"Graph break: {b.reason}{where}{split}.{hint}", "warning"))
    for c in r.recompiles.itertuples():
        if c.reason is None:
            continue
        fn = f" ({c.function} at {c.where})" if isinstance(c.function, str) and c.where else ""
        out.append(Finding("recompile", f"Recompile {c.compile_id}{fn}: the guard of {c.failed_compile_id} failed: {c.reason}.", "warning"))
    return out

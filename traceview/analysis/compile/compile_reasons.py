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

from traceview.analysis.base.compile_split import CompileSplit
from traceview.analysis.compile.regions import RegionCalls
from traceview.trace.run_files import DynamoRecord
from traceview.trace.catalogue import torch_file
from traceview.trace.torch_log import parse_graph_break

#: meta.json compile time used when there is no structured trace: Dynamo's whole-frame compile
#: (its other entries nest inside it, so they are not added).
FRAME_COMPILE_TIMER = "_compile.compile_inner"

FRAMES_COLUMNS = ["rank", "compile_id", "function", "where", "graph_ops", "compile_s", "backward_compile_s",
                  "recompile_reason", "graph_break", "cudagraph_skip_reason", "calls", "kernels_per_call", "backward_kernels_per_call",
                  "gpu_ms", "backward_gpu_ms"]
BREAKS_COLUMNS = ["reason", "where", "function", "code", "hint", "compile_ids", "resumable", "explanation",
                  "context", "url", "records"]
RECOMPILES_COLUMNS = ["rank", "compile_id", "failed_compile_id", "reason", "failed_guards", "function", "where", "calls",
                      "kernels_per_call"]


@dataclass(frozen=True)
class CompileReasons:
    """Graph breaks and recompiles with their reasons, and each compiled frame with its calls in the trace.

    ``frames``: one row per compile id (structured trace: every one of the run; else those in the
    trace): rank, compile_id, function (the compiled Python function), where (short file:line),
    graph_ops, compile_s, backward_compile_s, recompile_reason (the failed guard), graph_break
    (reason at file:line, when this frame was split), cudagraph_skip_reason (why Inductor did not use
    CUDA graphs for it, under ``mode="reduce-overhead"``), calls (region calls in the trace),
    kernels_per_call (steady forward kernels per call), backward_kernels_per_call (steady),
    gpu_ms / backward_gpu_ms (run-phase kernel time over the trace).
    ``graph_breaks``: one row per break site: reason, where (short file:line), function, code (the
    line that broke), hint (Dynamo's first hint), compile_ids (the frames it split), resumable,
    explanation, context (Dynamo's debug context), url (the graph-break site page), records.
    ``recompiles``: one row per recompilation (a compile of a frame after its first: ``F/1``, ``F/2``,
    ...): rank, compile_id, failed_compile_id, reason (the first guard that failed; None when only the
    trace's ids tell), failed_guards (every failed guard logged for it: failed_compile_id, reason),
    function, where, calls, kernels_per_call.
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
        raw_recompiles = [r for log in dynamo.logs for r in log.recompiles.to_dict("records")]
        frames = _frames_from_log(compiles, raw_breaks, per_region)
        breaks = _break_sites(raw_breaks)
        recompiles = _recompiles(raw_recompiles, frames)
        return CompileReasons("structured trace", _frame_table(frames), breaks, recompiles, len(breaks), len(recompiles),
                              *_compile_seconds(compiles, dynamo, split), notes)
    frames = _frames_from_trace(split, per_region)
    recompiles = _recompiles([], frames)
    if dynamo.counters:
        breaks = _breaks_from_counters(dynamo.counters.get("graph_break", {}))
        notes.append("graph breaks from Dynamo's counters (meta.json): reasons only; capture with `traceview profile` "
                     "(structured trace on) for the user frame and the regions each break split")
        return CompileReasons("Dynamo counters", _frame_table(frames), breaks, recompiles, len(breaks), len(recompiles),
                              *_compile_seconds(None, dynamo, split), notes)
    compiled = len(frames) > 0 or split.compile_ns > 0
    if compiled:
        notes.append("no structured trace or meta.json beside this trace: graph-break and recompile reasons are unknown "
                     "(capture with `traceview profile`, or pass --torch-trace)")
    # nothing compiled ran in the trace: no graph could break in it
    return CompileReasons("trace only", _frame_table(frames), _empty(BREAKS_COLUMNS), recompiles, None if compiled else 0,
                          len(recompiles), *_compile_seconds(None, dynamo, split), notes)


# --- frames ---------------------------------------------------------------------------------------
# A few dozen compile ids at most: plain records, one DataFrame at the end.

_NO_CALLS = {"calls": 0, "kernels_per_call": 0, "backward_kernels_per_call": 0, "gpu_ms": 0.0, "backward_gpu_ms": 0.0}


def _per_region(regions: RegionCalls) -> dict[tuple[int, str], dict]:
    """(rank, region id) -> calls, steady kernels per call (forward and backward) and GPU ms."""
    calls = regions.calls
    if calls.empty:
        return {}
    rank = calls["rank"].to_numpy().astype(np.int64)
    region = calls["region"].to_numpy(dtype=object)
    codes, keys = pd.factorize(pd.Series(list(zip(rank.tolist(), region.tolist())), dtype=object), sort=False)
    kernels, backward = calls["kernels"].to_numpy(), calls["backward_kernels"].to_numpy()
    gpu = np.bincount(codes, weights=calls["gpu_ns"].to_numpy(dtype=float), minlength=len(keys)) / 1e6
    backward_gpu = np.bincount(codes, weights=calls["backward_gpu_ns"].to_numpy(dtype=float), minlength=len(keys)) / 1e6
    size = np.bincount(codes, minlength=len(keys))
    out = {}
    for i, key in enumerate(keys):
        mine = codes == i
        out[(int(key[0]), str(key[1]))] = {"calls": int(size[i]), "kernels_per_call": _steady(kernels[mine]),
                                           "backward_kernels_per_call": _steady(backward[mine]),
                                           "gpu_ms": float(gpu[i]), "backward_gpu_ms": float(backward_gpu[i])}
    return out


def _steady(counts: np.ndarray) -> int:
    """The most common count (the largest on a tie): a call's steady state."""
    if len(counts) == 0:
        return 0
    values, n = np.unique(counts, return_counts=True)
    return int(values[n == n.max()].max())


def _frames_from_log(compiles: pd.DataFrame, breaks: pd.DataFrame, per_region: dict) -> list[dict]:
    first_break: dict[tuple[int, str], str] = {}
    for b in breaks.itertuples():
        first_break.setdefault((int(b.rank), b.compile_id), f"{b.reason} at {_where(b.file, b.line)}")
    frames = []
    for c in compiles.itertuples():
        key = (int(c.rank), c.compile_id)
        # torch.compile(module) compiles a wrapper inside torch/_dynamo: the user's line that called it says where
        inside_torch = isinstance(c.co_filename, str) and torch_file(c.co_filename)
        user = isinstance(getattr(c, "user_file", None), str) and inside_torch
        frames.append({"rank": key[0], "compile_id": c.compile_id, "function": c.user_function if user else c.co_name,
                       "where": _where(c.user_file, c.user_line) if user else _where(c.co_filename, c.co_firstlineno),
                       "graph_ops": c.graph_ops, "compile_s": c.compile_s,
                       "backward_compile_s": c.backward_compile_s, "recompile_reason": _strip_id(c.recompile_reason),
                       "graph_break": first_break.get(key), "cudagraph_skip_reason": c.cudagraph_skip_reason,
                       **per_region.get(key, _NO_CALLS)})
    # compile ids only the trace knows (the log began after them, or another process compiled them)
    known = {(f["rank"], f["compile_id"]) for f in frames}
    frames += [_bare(key, per_region) for key in per_region if key not in known]
    return frames


def _frames_from_trace(split: CompileSplit, per_region: dict) -> list[dict]:
    keys = dict.fromkeys([*per_region, *((0, i) for i in split.compile_ids if "/" in i)])
    return [_bare(key, per_region) for key in keys]


def _bare(key: tuple[int, str], per_region: dict) -> dict:
    return {"rank": key[0], "compile_id": key[1], **per_region.get(key, _NO_CALLS)}


def _frame_table(frames: list[dict]) -> pd.DataFrame:
    frames = sorted(frames, key=lambda f: (f["rank"], *_compile_key(f["compile_id"])))
    return pd.DataFrame(frames, columns=FRAMES_COLUMNS)


def _compile_key(cid: object) -> tuple[int, int]:
    """"F/C" -> (F, C) for sorting; (-1, -1) for an id that is not one."""
    if isinstance(cid, str) and "/" in cid:
        frame, _, compile_ = cid.partition("/")
        if frame.isdigit() and compile_.isdigit():
            return int(frame), int(compile_)
    return -1, -1


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


def _recompiles(raw: list[dict], frames: list[dict]) -> pd.DataFrame:
    """One row per recompilation: each compile of a frame after its first (``F/1``, ``F/2``, ...).

    Dynamo logs one failed guard per cache entry it tried (``F/3`` lists those of ``F/2``, ``F/1``
    and ``F/0``): they are the recompile's detail (``failed_guards``, in the log's order, the most
    recent entry first), not recompiles of their own. ``failed_compile_id`` / ``reason``: the first
    of them (the cache entry Dynamo checked first)."""
    by_key = {(f["rank"], f["compile_id"]): f for f in frames}
    guards: dict[tuple[int, str], list[dict]] = {}
    for r in raw:
        guards.setdefault((int(r["rank"]), r["compile_id"]), []).append(
            {"failed_compile_id": r["failed_compile_id"], "reason": r["reason"]})
    keys = [k for k in by_key if _compile_key(k[1])[1] > 0]
    keys += [k for k in guards if k not in by_key]  # a recompile the log names but whose compile it did not record
    if not keys:
        return _empty(RECOMPILES_COLUMNS)
    rows = []
    for key in keys:
        f, failed = by_key.get(key, {}), guards.get(key, [])
        first = failed[0] if failed else {"failed_compile_id": None, "reason": None}
        rows.append({"rank": key[0], "compile_id": key[1], **first, "failed_guards": failed,
                     "function": f.get("function"), "where": f.get("where"), "calls": f.get("calls", 0),
                     "kernels_per_call": f.get("kernels_per_call", 0)})
    rows.sort(key=lambda r: (r["rank"], *_compile_key(r["compile_id"])))
    return pd.DataFrame(rows, columns=RECOMPILES_COLUMNS)


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
    return pd.DataFrame(columns=columns, dtype=object)

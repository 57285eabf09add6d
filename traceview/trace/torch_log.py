"""PyTorch's structured trace (``TORCH_TRACE``, tlparse's input) -> what Dynamo compiled, where it broke, why it recompiled.

The file is one record per line, glog prefix then JSON metadata, with an optional payload on the
following tab-indented lines::

    V1123 11:25:01.078000 551 torch/_dynamo/convert_frame.py:276] {"dynamo_start": {"stack": [...]}, "frame_id": 1, "frame_compile_id": 0, "attempt": 0}
    V1123 11:25:08.900000 551 torch/_dynamo/symbolic_convert.py:5101] {"artifact": {"name": "dynamo_graph_break_reason", "encoding": "string"}, "frame_id": 1, ...}
    \tGraph break in user code at .../transformers/modeling_utils.py:4635
    \tGraph Break Reason: ...

``frame_id``/``frame_compile_id`` are the F/C of Kineto's ``Torch-Compiled Region: F/C``. Three
kinds of record are read (everything else is skipped without decoding its payload):

- ``compilation_metrics`` (+ ``bwd_compilation_metrics``, ``*_runtime``): one per compile id, with
  the frame's code (``co_name``, ``co_filename``, ``co_firstlineno``), graph ops, times, and the
  ``recompile_reason`` / ``restart_reasons`` / ``fail_reason`` Dynamo recorded;
- ``artifact`` ``dynamo_graph_break_reason``: the graph break message (``gb_type``, Explanation,
  Hint, debug context, documentation link) and the user code traceback; PyTorch records it as
  text only, so its fixed layout is parsed here (:func:`parse_graph_break`);
- ``artifact`` ``recompile_reasons``: the guard that failed, ``"0/0: tensor 'x' size mismatch at
  index 1. expected 128, actual 96"`` (one reason as plain text, several as a JSON list).

``read_torch_log(path) -> TorchLog`` with three tables, one row per compile id / graph break /
failed guard. A file cut off mid-record (the process died) is read up to its last whole record.
"""

from __future__ import annotations

import gzip
import json
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import pandas as pd

from traceview.errors import TraceFormatError

#: A record's first line: glog level + date, time, thread/pid, "file:line] ", then the JSON metadata.
_HEAD = re.compile(r"^[VIWEC]\d{4} \d{2}:\d{2}:\d{2}\.\d+ +\d+ [^\]]*\] (?P<json>\{.*)$")
#: Records whose payload is read; every other payload line is skipped unread.
_PAYLOAD_ARTIFACTS = frozenset({"dynamo_graph_break_reason", "recompile_reasons"})
_METRICS = ("compilation_metrics", "bwd_compilation_metrics", "compilation_metrics_runtime", "bwd_compilation_metrics_runtime")

COMPILES_COLUMNS = ["rank", "compile_id", "frame_id", "frame_compile_id", "co_name", "co_filename", "co_firstlineno",
                    "graph_ops", "guards", "cache_size", "compile_s", "backward_compile_s", "autotune_s",
                    "recompile_reason", "restart_reasons", "fail_type", "fail_reason", "cudagraph_skip_reason",
                    "user_file", "user_line", "user_function", "user_code"]
GRAPH_BREAKS_COLUMNS = ["rank", "compile_id", "attempt", "reason", "explanation", "hints", "context", "url", "file",
                        "line", "function", "code", "resumable", "user_stack", "message"]
RECOMPILES_COLUMNS = ["rank", "compile_id", "failed_compile_id", "reason"]


@dataclass(frozen=True)
class TorchLog:
    """What one structured trace says. Times in seconds (as PyTorch records them).

    ``compiles``: one row per compile id ``"F/C"`` (in first-seen order): rank, compile_id,
    frame_id, frame_compile_id, co_name / co_filename / co_firstlineno (the compiled Python
    function), graph_ops (FX ops in its graph, 0 when it broke before any), guards, cache_size
    (earlier compiles of this frame), compile_s (the frame: Dynamo + AOT + Inductor of the
    forward), backward_compile_s (the backward, compiled lazily at its first run), autotune_s
    (Inductor's autotuning at the first calls), recompile_reason, restart_reasons (list),
    fail_type / fail_reason, cudagraph_skip_reason. ``<NA>``/None where the log has no value.

    ``graph_breaks``: one row per graph-break record: rank, compile_id (the frame it split), attempt,
    reason (Dynamo's graph-break type, e.g. "logging.Logger method not supported for non-export
    cases"), explanation, hints (list), context (developer debug context), url (graph-break site
    page), file / line / function / code (the user frame where it broke), resumable (False when
    Dynamo skipped the rest of the frame), user_stack (list of "file:line in function"), message
    (the full text, Python traceback excluded).

    ``recompiles``: one row per failed guard: rank, compile_id (the new compile), failed_compile_id
    (the cache entry whose guard failed), reason.
    """

    path: str
    compiles: pd.DataFrame
    graph_breaks: pd.DataFrame
    recompiles: pd.DataFrame
    records: int  # records read
    notes: list[str] = field(default_factory=list)


def read_torch_log(path: str | Path, rank: int | None = None) -> TorchLog:
    """Read one structured trace (plain or gzipped). ``rank``: the rank to tag rows with when the
    records carry none (a single-process run: 0).

    Raises :class:`TraceFormatError` when the file is missing or holds no structured-trace record.
    """
    path = Path(path)
    notes: list[str] = []
    metrics: dict[tuple[int, str], dict[str, Any]] = {}
    breaks: list[dict[str, Any]] = []
    recompiles: list[dict[str, Any]] = []
    count = 0
    strings: dict[int, str] = {}  # the log's string table: file names the stacks refer to by number
    for meta, payload in _records(path, notes):
        count += 1
        if isinstance(meta.get("str"), list) and len(meta["str"]) == 2 and isinstance(meta["str"][1], int):
            strings[meta["str"][1]] = str(meta["str"][0])
            continue
        record_rank = meta.get("rank", rank if rank is not None else 0)
        record_rank = int(record_rank) if isinstance(record_rank, int) else 0
        cid = _compile_id(meta)
        if cid is None:
            continue
        key = (record_rank, cid)
        if "dynamo_start" in meta:
            metrics.setdefault(key, {})["user_frame"] = _user_frame(meta["dynamo_start"], strings)
        for kind in _METRICS:
            if isinstance(meta.get(kind), dict):
                metrics.setdefault(key, {})[kind] = meta[kind]
        artifact = meta.get("artifact")
        if not isinstance(artifact, dict) or payload is None:
            continue
        if artifact.get("name") == "dynamo_graph_break_reason":
            breaks.append({"rank": record_rank, "compile_id": cid, "attempt": meta.get("attempt"), **parse_graph_break(payload)})
        elif artifact.get("name") == "recompile_reasons":
            recompiles += [{"rank": record_rank, "compile_id": cid, **_failed_guard(r)} for r in _reasons(payload)]
    if count == 0:
        raise TraceFormatError(f"{path}: not a PyTorch structured trace (no TORCH_TRACE records)")
    return TorchLog(
        path=str(path),
        compiles=pd.DataFrame([_compile_row(rank_, cid, m) for (rank_, cid), m in metrics.items()], columns=COMPILES_COLUMNS),
        graph_breaks=pd.DataFrame(breaks, columns=GRAPH_BREAKS_COLUMNS),
        recompiles=pd.DataFrame(recompiles, columns=RECOMPILES_COLUMNS),
        records=count,
        notes=notes,
    )


# --- reading records -----------------------------------------------------------------------------


def _lines(path: Path, notes: list[str]) -> Iterator[str]:
    if not path.is_file():
        raise TraceFormatError(f"{path}: no such structured trace file")
    with path.open("rb") as probe:
        gzipped = probe.read(2) == b"\x1f\x8b"
    opener = gzip.open if gzipped else open
    try:
        with opener(path, "rt", encoding="utf-8", errors="replace") as f:
            yield from f
    except (EOFError, zlib.error, gzip.BadGzipFile):
        notes.append(f"{path.name}: the file ends early (cut off): read up to its last whole record")


def _records(path: Path, notes: list[str]) -> Iterator[tuple[dict[str, Any], str | None]]:
    """(metadata, payload or None) for each record; payloads only for the artifacts read here."""
    meta: dict[str, Any] | None = None
    payload: list[str] | None = None
    bad = 0
    for line in _lines(path, notes):
        if line.startswith("\t"):
            if payload is not None:
                payload.append(line[1:])
            continue
        if meta is not None:
            yield meta, ("".join(payload) if payload is not None else None)
        meta, payload = None, None
        head = _HEAD.match(line.rstrip("\n"))
        if head is None:
            bad += line.strip() != ""
            continue
        try:
            value = json.loads(head.group("json"))
        except ValueError:
            bad += 1
            continue
        if not isinstance(value, dict):
            continue
        meta = value
        artifact = value.get("artifact")
        if isinstance(artifact, dict) and artifact.get("name") in _PAYLOAD_ARTIFACTS and value.get("has_payload"):
            payload = []
    if meta is not None:
        yield meta, ("".join(payload) if payload is not None else None)
    if bad:
        notes.append(f"{path.name}: {bad} line(s) were not structured-trace records and were skipped")


def _compile_id(meta: dict[str, Any]) -> str | None:
    frame, compile_ = meta.get("frame_id"), meta.get("frame_compile_id")
    if isinstance(frame, int) and isinstance(compile_, int):
        return f"{frame}/{compile_}"
    return None


# --- compiles ------------------------------------------------------------------------------------


def _compile_row(rank: int, cid: str, m: dict[str, Any]) -> dict[str, Any]:
    fwd = m.get("compilation_metrics", {})
    bwd = m.get("bwd_compilation_metrics", {})
    frame, compile_ = (int(x) for x in cid.split("/"))
    autotune = sum(_seconds(m.get(k, {}), None) or 0.0 for k in ("compilation_metrics_runtime", "bwd_compilation_metrics_runtime"))
    return {
        "rank": rank, "compile_id": cid, "frame_id": frame, "frame_compile_id": compile_,
        "co_name": fwd.get("co_name"), "co_filename": fwd.get("co_filename"), "co_firstlineno": fwd.get("co_firstlineno"),
        "graph_ops": fwd.get("graph_op_count"), "guards": fwd.get("guard_count"), "cache_size": fwd.get("cache_size"),
        "compile_s": _seconds(fwd, "entire_frame_compile_time_s"),
        "backward_compile_s": _seconds(bwd, None),
        "autotune_s": autotune if any(k in m for k in ("compilation_metrics_runtime", "bwd_compilation_metrics_runtime")) else None,
        "recompile_reason": fwd.get("recompile_reason"),
        "restart_reasons": [str(r) for r in (fwd.get("restart_reasons") or [])],
        "fail_type": fwd.get("fail_type"), "fail_reason": fwd.get("fail_reason"),
        "cudagraph_skip_reason": fwd.get("cudagraph_skip_reason"),
        **{f"user_{k}": v for k, v in (m.get("user_frame") or dict.fromkeys(("file", "line", "function", "code"))).items()},
    }


#: Installed packages (PyTorch, transformers, ...), the interpreter's own files: a compiled frame's caller is the
#: innermost frame outside them and outside traceview itself.
_LIBRARY_FILE = re.compile(r"(?:site-packages|dist-packages)/|/lib/python\d[\d.]*/|^<frozen |/torch/_dynamo/")
_OWN_PACKAGE = str(Path(__file__).resolve().parents[1]) + "/"


def _user_frame(start: Any, strings: dict[int, str]) -> dict[str, Any] | None:
    """The innermost frame of Dynamo's stack at the compile that is the user's code (not PyTorch's, traceview's or the
    interpreter's): where the compiled frame was called from (torch.compile(module) compiles a wrapper inside
    torch/_dynamo, whose own place says nothing). None when the stack has no such frame."""
    stack = start.get("stack") if isinstance(start, dict) else None
    if not isinstance(stack, list):
        return None
    for frame in reversed(stack):
        if not isinstance(frame, dict):
            continue
        name = frame.get("filename")
        file = strings.get(name) if isinstance(name, int) else name if isinstance(name, str) else None
        if file and not _LIBRARY_FILE.search(file) and not file.startswith(_OWN_PACKAGE):
            return {"file": file, "line": frame.get("line"), "function": frame.get("name"), "code": frame.get("loc") or None}
    return None


def _seconds(metrics: dict[str, Any], key: str | None) -> float | None:
    """``key`` (seconds) when recorded, else ``duration_us`` / 1e6, else None."""
    value = metrics.get(key) if key else None
    if isinstance(value, (int, float)):
        return float(value)
    us = metrics.get("duration_us")
    return float(us) / 1e6 if isinstance(us, (int, float)) else None


# --- recompiles ----------------------------------------------------------------------------------


def _reasons(payload: str) -> list[str]:
    """``recompile_reasons``: one reason as plain text (although the record says ``"encoding": "json"``:
    torch JSON-encodes only non-strings), or a JSON list of them when several guards failed."""
    try:
        value = json.loads(payload)
    except ValueError:
        return [payload.strip()] if payload.strip() else []
    values = value if isinstance(value, list) else [value]
    return [str(v) for v in values if str(v).strip()]


_FAILED = re.compile(r"^(?P<id>\d+/\d+): (?P<reason>.*)$", re.S)


def _failed_guard(reason: str) -> dict[str, Any]:
    found = _FAILED.match(reason.strip())
    if found is None:
        return {"failed_compile_id": None, "reason": reason.strip()}
    return {"failed_compile_id": found.group("id"), "reason": found.group("reason").strip()}


# --- graph breaks --------------------------------------------------------------------------------

_AT = re.compile(r"Graph break in user code at (?P<file>.+):(?P<line>\d+)\s*$", re.M)
_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<function>\S+)\n(?P<code>(?: {4,}.*\n)?)', re.M)
_URL = re.compile(r"please visit: (?P<url>\S+)")
_CANNOT_RESUME = re.compile(r"cannot (?:properly )?resume", re.I)


def parse_graph_break(text: str) -> dict[str, Any]:
    """One ``dynamo_graph_break_reason`` message -> its parts (see :class:`TorchLog` ``graph_breaks``).

    PyTorch writes::

        Graph break in user code at FILE:LINE
        Graph Break Reason: Encountered graph break when attempting to trace CALL: ...:

        <graph-break type>
          Explanation: ...
          Hint: ...
          Developer debug context: ...
         For more details about this graph break, please visit: URL

        User code traceback:
          File "...", line N, in function
            code
        <blank line>
        Traceback (most recent call last): ...      (Dynamo's own frames: not kept)
    """
    message = text.split("\nTraceback (most recent call last):", 1)[0].rstrip()
    user = message.split("User code traceback:", 1)[1] if "User code traceback:" in message else \
        message.split("The graph break occurred in the following user code:", 1)[1] if "following user code:" in message else ""
    frames = [m.groupdict() for m in _FRAME.finditer(user + "\n")]
    at = _AT.search(message)
    last = frames[-1] if frames else None
    file = at.group("file") if at else (last["file"] if last else None)
    line = int(at.group("line")) if at else (int(last["line"]) if last else None)
    # the frame that broke: the innermost user frame at that file:line (the "at" line names only file:line)
    match = next((f for f in reversed(frames) if f["file"] == file and int(f["line"]) == line), last)
    # a frame Dynamo skipped keeps the reason in the exception after the traceback
    reason, explanation, hints, context = _reason_parts(message if "Explanation:" in message else _exception_text(text))
    url = _URL.search(message)
    return {
        "reason": reason, "explanation": explanation, "hints": hints, "context": context,
        "url": url.group("url") if url else None,
        "file": file, "line": line,
        "function": match["function"] if match else None,
        "code": match["code"].strip() if match and match["code"] else None,
        "resumable": _CANNOT_RESUME.search(message) is None,
        "user_stack": [f"{f['file']}:{f['line']} in {f['function']}" for f in frames],
        "message": message,
    }


def _exception_text(text: str) -> str:
    """The exception message that ends a Python traceback (``torch._dynamo.exc.Unsupported: ...``)."""
    if "Traceback (most recent call last):" not in text:
        return text
    tail = text.rsplit("Traceback (most recent call last):", 1)[1]
    found = re.search(r"^(?:[\w.]+\.)?\w*(?:Error|Unsupported|Exception)\w*: ", tail, re.M)
    return tail[found.end():] if found else text


def _reason_parts(message: str) -> tuple[str | None, str | None, list[str], str | None]:
    """(graph-break type, explanation, hints, developer context) of a message."""
    body = message.split("User code traceback:", 1)[0]
    lines = body.splitlines()
    explanation_at = next((i for i, ln in enumerate(lines) if ln.strip().startswith("Explanation:")), None)
    hints = [ln.strip()[len("Hint:"):].strip() for ln in lines if ln.strip().startswith("Hint:")]
    context = next((ln.strip()[len("Developer debug context:"):].strip() for ln in lines
                    if ln.strip().startswith("Developer debug context:")), None)
    if explanation_at is not None:
        reason = next((lines[i].strip() for i in range(explanation_at - 1, -1, -1) if lines[i].strip()), None)
        explanation = lines[explanation_at].strip()[len("Explanation:"):].strip()
        return reason, explanation, hints, context
    # older or unstructured messages: the first line after "Reason:" (or the message's first line)
    for ln in lines:
        for key in ("Graph Break Reason:", "Reason:"):
            if ln.startswith(key) and ln[len(key):].strip():
                return ln[len(key):].strip(), None, hints, context
    first = next((ln.strip() for ln in lines if ln.strip() and not ln.startswith("Graph break in user code")), None)
    return first, None, hints, context

"""``traceview kernels TRACE_OR_RUN_DIR`` and ``traceview show KERNEL [PATH]``: kernels with their generated code.

A run directory (``traceview run``/``profile``) holds ``<workload>-<variant>.pt.trace.json.gz``,
``meta.json`` and Inductor's wrapper modules under ``<variant>/code/``; each trace is paired with its
variant's code. A bare trace file is paired with code found beside it (``code/``, ``*/code/``, or ``*.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import msgspec
import typer

from rich.text import Text

from traceview.commands._common import console, load_with_progress
from traceview.errors import MissingEventsError
from traceview.report.text import neutralize

#: ANSI escape sequences and C0 control characters (except tab and newline): stripped before printing.


def clean(value: Any) -> str:
    """A string from a trace or generated code, safe for a terminal: no ANSI escapes, no control characters."""
    return "" if value is None or (not isinstance(value, str) and _is_na(value)) else neutralize(value)


def _is_na(value: Any) -> bool:
    import pandas as pd

    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False


def kernels_cmd(
    path: Annotated[Path, typer.Argument(exists=True, help="A trace (.json / .json.gz) or a run directory.")],
    code: Annotated[Optional[Path], typer.Option("--code", exists=True, help="Inductor generated code (.py file or folder), if not beside the trace.")] = None,
    json: Annotated[bool, typer.Option("--json", help="Print a JSON object instead of tables.")] = False,
    limit: Annotated[int, typer.Option("--limit", min=1, help="Rows to show per table.")] = 30,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Read the JSON even when a columnar cache exists (and write none).")] = False,
) -> None:
    """Each GPU kernel with the FX nodes / ATen ops it came from, bytes moved and GB/s against the GPU's ceiling."""
    from traceview.analysis.kernels.kernel_source import kernel_sources

    results, tuning, cpu = [], [], []
    for trace_path, code_paths, run_meta in locate_runs(path, code):
        inductor = _load_code(code_paths)
        trace = load_with_progress(trace_path, quiet=json, cache=not no_cache)
        results.append((trace_path, kernel_sources(trace, inductor, run_meta), trace.meta))
        tuning.append(autotune_beside(trace_path, trace))
        cpu.append(_cpu_kernels_of(trace))
    if json:
        from traceview.report.json import dumps

        typer.echo(dumps({"runs": [{"trace": str(p), **_asdict(r), "truncated": m.truncated, "notes": m.notes,
                                    **({"autotune": _asdict(t.choices)} if t is not None else {}),
                                    **({"cpu_kernels": c.by_name} if c is not None else {})}
                                   for (p, r, m), t, c in zip(results, tuning, cpu)]}))
        return
    from traceview.report.terminal.analysis import cpu_kernel_names

    out = console()
    for (trace_path, result, meta), tuned, cpu_of in zip(results, tuning, cpu):
        if cpu_of is not None:  # no GPU in the trace: its kernels are the CPU's (ATen ops, Inductor's C++ kernels)
            out.print(Text(f"{trace_path.name}  no GPU in this trace: {len(cpu_of.by_name)} distinct CPU kernel(s) ran; "
                           f"`traceview show NAME {path}` prints one's source", style="bold"))
            for renderable in cpu_kernel_names(cpu_of, limit):
                out.print(renderable)
        else:
            for renderable in kernels_view(trace_path, result, limit):
                out.print(renderable)
        if tuned is not None:
            from traceview.report.terminal.autotune import autotune_table

            for renderable in autotune_table(tuned, limit):
                out.print(renderable)
        if meta.truncated:
            out.print(Text("note: the trace file was truncated: results cover the events read before the cut", style="yellow"))
        for note in meta.notes:
            out.print(Text("note: ", style="yellow") + Text(clean(note)))


def show_cmd(
    kernel: Annotated[str, typer.Argument(help="Kernel name (or a unique prefix, or its kernel hash).")],
    path: Annotated[Path, typer.Argument(exists=True, help="A run directory, a trace, or Inductor code (.py / folder).")] = Path("."),
    code: Annotated[Optional[Path], typer.Option("--code", exists=True, help="Inductor generated code, if not beside the trace.")] = None,
    json: Annotated[bool, typer.Option("--json", help="Print a JSON object instead of the source view.")] = False,
) -> None:
    """Print one generated kernel's source with its FX-node -> ATen mapping, buffers, and its runs in the trace."""
    from traceview.analysis.kernels.kernel_source import kernel_detail, kernel_sources
    from traceview.trace.inductor_code import load_inductor_code

    detail, tuned = None, []
    if code is not None or _is_code(path):
        detail = kernel_detail(kernel, load_inductor_code(code or path))
    else:
        for trace_path, code_paths, run_meta in locate_runs(path, None):
            inductor = _load_code(code_paths)
            if inductor is None:
                continue
            trace = load_with_progress(trace_path, quiet=True)
            sources = kernel_sources(trace, inductor, run_meta)
            detail = kernel_detail(kernel, inductor, sources)
            if detail is not None:
                tuned = _choices_for(autotune_beside(trace_path, trace), detail)
                break
    if detail is None:
        raise MissingEventsError(f"no generated kernel named {clean(kernel)!r} in the Inductor code under {path}")
    if json:
        from traceview.report.json import dumps

        typer.echo(dumps(detail, autotune=tuned))
        return
    out = console()
    for renderable in detail_view(detail):
        out.print(renderable)
    if tuned:
        from traceview.report.terminal.autotune import autotune_detail

        for renderable in autotune_detail(tuned):
            out.print(renderable)


# --- finding the inputs ------------------------------------------------------------------------


def autotune_beside(trace_path: Path, trace: Any):
    """Inductor's autotuning decisions recorded beside ``trace_path``, matched to ``trace`` (None: none recorded)."""
    from traceview.analysis.compile.autotune import autotune_of_trace
    from traceview.errors import TraceFormatError
    from traceview.trace.autotune_log import read_autotune_log
    from traceview.trace.run_files import run_files

    found = run_files(trace_path).autotune  # the record only: the structured trace is not read here
    try:
        return autotune_of_trace(trace, read_autotune_log(found)) if found is not None else None
    except TraceFormatError:
        return None  # `analyze` names the unreadable record in a note


def _choices_for(choices: Any, detail: Any) -> list:
    from traceview.analysis.compile.autotune import choices_for_source

    return choices_for_source(choices, detail.kernel_name, detail.source or "") if choices is not None else []


def _cpu_kernels_of(trace):
    """The CPU's kernels of a trace without GPU activity (None when it has a GPU)."""
    from traceview.analysis.kernels.cpu_kernels import cpu_kernels
    from traceview.analysis.base.compile_split import compile_split
    from traceview.trace.step_windows import step_windows

    if trace.kernels is not None and len(trace.kernels):
        return None
    return cpu_kernels(trace, compile_split(trace), step_windows(trace))


def locate_runs(path: Path, code: Path | None) -> list[tuple[Path, list[Path], dict[str, Any] | None]]:
    """(trace, code paths, meta.json) for each trace at ``path`` (a trace file or a run directory)."""
    from traceview.trace.loading import trace_files

    traces = [path] if path.is_file() else trace_files(path)
    if not traces:
        raise MissingEventsError(f"{path}: no trace files (*.pt.trace.json[.gz]) here")
    out = []
    for trace in traces:
        folder = trace.parent
        meta_file = folder / "meta.json"
        meta = _read_json(meta_file) if meta_file.is_file() else None
        out.append((trace, [code] if code else code_beside(trace), meta))
    return out


def code_beside(trace: Path) -> list[Path]:
    """Inductor code for ``trace``: ``<variant>/code`` (from ``<workload>-<variant>.pt.trace...``), else
    ``code/``, else every ``*/code/``, else the ``*.py`` files next to it."""
    folder = trace.parent
    stem = trace.name.split(".")[0]
    variant = stem.split("-", 1)[1] if "-" in stem else None
    for candidate in ([folder / variant / "code"] if variant else []) + [folder / "code"]:
        if candidate.is_dir():
            return [candidate]
    dirs = sorted(p for p in folder.glob("*/code") if p.is_dir())
    if dirs:
        return dirs
    return sorted(folder.glob("*.py")) + ([folder / "kernels"] if (folder / "kernels").is_dir() else [])


def _load_code(paths: list[Path]):
    from traceview.trace.inductor_code import parse_inductor_code

    files: dict[str, str] = {}
    for p in paths:
        for f in (sorted(p.rglob("*.py")) if p.is_dir() else [p]):
            files[str(f)] = f.read_text(encoding="utf-8", errors="replace")
    if not files:
        return None
    code = parse_inductor_code(files)
    return code if not code.kernels.empty else None


def _is_code(path: Path) -> bool:
    if path.is_file():
        return path.suffix == ".py"
    return not any(path.glob("*.json*")) and any(path.rglob("*.py"))


def _read_json(path: Path) -> dict[str, Any] | None:
    try:
        value = msgspec.json.decode(path.read_bytes())
    except (OSError, msgspec.MsgspecError, UnicodeDecodeError):
        return None
    return value if isinstance(value, dict) else None


def _asdict(result: Any) -> dict[str, Any]:
    from traceview.report.json import to_jsonable

    return to_jsonable(result)


# --- terminal views ----------------------------------------------------------------------------


def kernels_view(trace_path: Path, r: Any, limit: int) -> list[Any]:
    """Rich renderables for one trace's KernelSources."""
    from rich.table import Table
    from rich.text import Text

    ceiling = f"{r.ceiling.gbps:,.0f} GB/s ({clean(r.ceiling.source)})" if r.ceiling.gbps else clean(r.ceiling.source)
    head = Text.assemble((clean(trace_path.name), "bold"), f"  {r.total} kernels, {r.matched} from generated code; "
                         f"ceiling {ceiling}")
    t = Table(show_lines=False, header_style="bold")
    for col, justify in (("kernel", "left"), ("calls", "right"), ("mean µs", "right"), ("MB", "right"),
                         ("GB/s", "right"), ("% peak", "right"), ("from (ATen / FX nodes)", "left"), ("user line", "left")):
        t.add_column(col, justify=justify, overflow="fold")
    for row in r.summary.head(limit).itertuples():
        origin = clean(row.aten_ops) + (f"\n[{clean(row.source_nodes)}]" if clean(row.source_nodes) else "")
        t.add_row(Text(clean(row.name)), str(row.calls), f"{row.mean_dur_ns / 1e3:,.1f}", _num(row.bytes, 1e6, "{:,.1f}"),
                  _num(row.gbps, 1, "{:,.0f}"), _num(row.pct_of_ceiling, 1, "{:.0f}%"), Text(origin),
                  Text(clean(row.user_frame)))
    out: list[Any] = [head, t]
    if len(r.graphs):
        g = Table(title="bytes per element: the least the graph needs vs what its kernels moved", header_style="bold")
        for col in ("graph", "kernels", "elements", "min B/elem", "moved B/elem", "moved / min"):
            g.add_column(col)
        for row in r.graphs.itertuples():
            g.add_row(Text(clean(row.graph)), str(row.kernels), _num(row.elements, 1, "{:,.0f}"),
                      _num(row.min_bytes_per_element, 1, "{:.1f}"), _num(row.moved_bytes_per_element, 1, "{:.1f}"),
                      _num(row.excess, 1, "{:.2f}x"))
        out.append(g)
    for row in r.re_reads.itertuples():
        out.append(Text(f"re-read: {clean(row.buffer)} ({clean(row.buffer_kind)}) is loaded by {row.kernels} kernels: "
                        f"{clean(row.kernel_names)}", style="yellow"))
    for row in r.dropped_temporaries.itertuples():
        out.append(Text(f"dropped temporary: {clean(row.kernel_name)} writes {clean(row.buffer)} "
                        f"({_num(row.bytes, 1e6, '{:,.1f}')} MB) and no kernel reads it", style="yellow"))
    return out


def detail_view(d: Any) -> list[Any]:
    """Rich renderables for one KernelDetail: header, FX -> ATen mapping, buffers, runs, source."""
    from rich.syntax import Syntax
    from rich.table import Table
    from rich.text import Text

    out: list[Any] = [Text.assemble((clean(d.kernel_name), "bold"), f"  {clean(_kind_words(d.backend, d.kind))}"
                                    + (f", {d.sub_kernels} sub-kernels" if d.sub_kernels > 1 else "")
                                    + (f", xnumel {d.xnumel:,}" if d.xnumel else "")
                                    + (f", rnumel {d.rnumel:,}" if d.rnumel else ""))]
    for label, value in (("graph", d.graph), ("kernel path", d.kernel_path), ("wrapper", d.wrapper_path)):
        if value:
            out.append(Text(f"{label}: {clean(value)}"))
    how = {"kernel_name": " (guessed from the kernel name)", "call_site": " (from the call site)"}.get(d.mapping_source, "")
    out.append(Text(f"Source Nodes: {clean(', '.join(d.source_nodes)) or '-'}"))
    out.append(Text(f"Original ATen: {clean(', '.join(d.aten_ops)) or '-'}{how}"))
    if d.node_mapping:
        m = Table("FX node", "ATen nodes", title="FX node -> ATen", header_style="bold")
        for node, aten in d.node_mapping:
            m.add_row(Text(clean(node)), Text(clean(aten)))
        out.append(m)
    if len(d.accesses):
        b = Table("arg", "buffer", "kind", "dtype", "elements", "loads", "stores", "in place", header_style="bold",
                  title=f"buffers ({_num(d.bytes, 1e6, '{:,.1f}')} MB moved per call)")
        for row in d.accesses.itertuples():
            b.add_row(Text(clean(row.arg_name)), Text(clean(row.buffer)), Text(clean(row.buffer_kind)),
                      Text(clean(row.dtype)), _num(row.numel, 1, "{:,.0f}"), str(row.loads), str(row.stores),
                      "yes" if row.mutated is True else "")
        out.append(b)
    if len(d.runs):
        dur = d.runs["dur_ns"]
        gbps = d.runs["gbps"].mean()
        out.append(Text(f"ran {len(d.runs)} times, mean {dur.mean() / 1e3:,.1f} µs, {_num(gbps, 1, '{:,.0f}')} GB/s"
                        + (f"; user line {clean(d.runs['user_frame'].dropna().iloc[0])}"
                           if d.runs["user_frame"].notna().any() else "")))
    out.append(Syntax(clean(d.source).replace("\t", "    "), "cpp" if d.backend == "cpp" else "python",
                      line_numbers=True, word_wrap=True))
    return out


def _num(value: Any, scale: float, fmt: str) -> str:
    if value is None or _is_na(value):
        return "-"
    return fmt.format(float(value) / scale)


def _kind_words(backend: str, kind: str) -> str:
    """'triton pointwise', 'Inductor C++ kernel': the backend once, however the kind repeats it ('cpp cpp')."""
    if backend == "cpp":
        return "Inductor C++ kernel" if kind in ("cpp", "", None) else f"Inductor C++ {kind}"
    return backend if kind in (backend, "", None) else f"{backend} {kind}"

"""The report's kernel section: a sortable kernel table, and for Inductor kernels their generated code.

When Inductor's generated code is available (``code_dir``, or a ``<variant>/code`` / ``code`` folder
beside the trace), each generated kernel gets a detail block: source, Source Nodes, ATen ops, bytes and
GB/s (from :mod:`traceview.analysis.kernels.kernel_source`). Everything here is best-effort: without code, or if
the code cannot be parsed, the table is shown alone."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from typing import TYPE_CHECKING

import pandas as pd

from traceview.report.html.page import Raw
from traceview.report.html.page import esc
from traceview.report.html.page import num
from traceview.report.html.page import table

if TYPE_CHECKING:
    from traceview.analysis.result import Analysis
    from traceview.trace import Trace


log = logging.getLogger(__name__)


#: Rows in the kernel table (the rest are summarized in one line).
MAX_KERNEL_ROWS = 500


#: Generated kernels given a detail block with their source.
MAX_DETAILS = 40



@dataclass(frozen=True)
class CodeInfo:
    """Per kernel name: bytes per call, GB/s, % of ceiling, ATen ops; and detail objects by name."""

    summary: pd.DataFrame  # kernel_source SUMMARY_COLUMNS
    details: dict[str, Any]
    ceiling: str


def find_code_dir(trace_path: Path) -> Path | None:
    """Inductor code beside a trace: ``<variant>/code`` (trace ``<workload>-<variant>.pt.trace...``), else ``code``."""
    folder = trace_path.parent
    stem = trace_path.name.split(".")[0]
    candidates = ([folder / stem.split("-", 1)[1] / "code"] if "-" in stem else []) + [folder / "code"]
    return next((c for c in candidates if c.is_dir()), None)


def code_info(trace: Trace | None, code_dir: Path | None) -> CodeInfo | None:
    """Join the trace's kernels to generated code, or None when there is no code (or it fails to parse)."""
    if trace is None:
        return None
    if code_dir is None:
        code_dir = find_code_dir(Path(trace.meta.path))
    if code_dir is None:
        return None
    try:
        from traceview.analysis.kernels.kernel_source import kernel_detail, kernel_sources
        from traceview.trace.inductor_code import load_inductor_code

        code = load_inductor_code(code_dir)
        meta_file = Path(trace.meta.path).parent / "meta.json"
        run_meta = None
        if meta_file.is_file():
            import msgspec

            loaded = msgspec.json.decode(meta_file.read_bytes())
            run_meta = loaded if isinstance(loaded, dict) else None
        sources = kernel_sources(trace, code, run_meta)
        names = [n for n in sources.summary["name"].dropna().unique() if str(n).startswith(("triton_", "cpp_"))]
        details = {}
        for name in names[:MAX_DETAILS]:
            d = kernel_detail(str(name), code, sources)
            if d is not None:
                details[str(name)] = d
        ceiling = f"{sources.ceiling.gbps:,.0f} GB/s ({sources.ceiling.source})" if sources.ceiling.gbps else str(sources.ceiling.source)
        return CodeInfo(summary=sources.summary, details=details, ceiling=ceiling)
    except Exception as exc:  # best-effort: the report must not fail because the code view did
        log.info("kernel code view skipped for %s: %s", code_dir, exc)
        return None


def kernel_section(a: Analysis, info: CodeInfo | None) -> str:
    """The kernel table (run phase), sortable, with code columns and detail blocks when available."""
    k = a.kernels
    if k.empty:
        return '<p class="muted">No run-phase kernels in this trace.</p>'
    per_name = _code_columns(info)
    columns = ["#", "kernel", "count", "total ms", "median µs", "share", "launch API", "CPU op", "region"]
    numeric = [True, False, True, True, True, True, False, False, False]
    if per_name is not None:
        columns += ["MB / call", "GB/s", "% peak", "from ATen ops"]
        numeric += [True, True, True, False]
    rows = []
    for i, r in enumerate(k.head(MAX_KERNEL_ROWS).itertuples()):
        short = getattr(r, "short_name", r.name)  # the full name on hover
        label = f'<span title="{esc(r.name)}">{esc(short)}</span>'
        name = Raw(f'<a href="#k-{_anchor(r.name)}">{label}</a>') if info and str(r.name) in info.details else Raw(label)
        row: list[Any] = [num(i + 1, "{:.0f}"), (Raw(name), str(r.name)), num(r.count, "{:,.0f}"), num(r.total_ms), num(r.median_us, "{:,.1f}"),
                          num(r.share, "{:.1%}"), r.api, r.op, r.region]
        if per_name is not None:
            c = per_name.get(str(r.name), {})
            row += [num(_mb(c.get("bytes")), "{:,.2f}"), num(c.get("gbps"), "{:,.0f}"), num(c.get("pct_of_ceiling"), "{:.0f}%"), c.get("aten_ops")]
        rows.append(row)
    out = [table(columns, rows, sortable=True, numeric=numeric, cls="kernels", wide=1)]
    if len(k) > MAX_KERNEL_ROWS:
        out.append(f'<p class="muted">{len(k) - MAX_KERNEL_ROWS:,} more kernels with less time are not listed.</p>')
    if info is not None:
        out.append(f'<p class="muted">Bandwidth ceiling: {esc(info.ceiling)}. Click a generated kernel for its code.</p>')
        out += [_detail(d) for d in info.details.values()]
    return "\n".join(out)


def _code_columns(info: CodeInfo | None) -> dict[str, dict[str, Any]] | None:
    if info is None or info.summary.empty:
        return None
    s = info.summary.sort_values("calls", ascending=False).drop_duplicates("name")
    return {str(r["name"]): r for r in s.to_dict(orient="records")}


def _mb(value: Any) -> float | None:
    return None if value is None or value is pd.NA or (isinstance(value, float) and value != value) else float(value) / 1e6


def _anchor(name: object) -> str:
    return "".join(ch if ch.isalnum() or ch in "_-" else "_" for ch in str(name))[:120]


def _detail(d: Any) -> str:
    """One generated kernel: Source Nodes, ATen ops, FX -> ATen, buffers, runs, source."""
    parts = [f'<details id="k-{_anchor(d.kernel_name)}"><summary><code>{esc(d.kernel_name)}</code> '
             f'<span class="muted">{esc(d.backend if d.kind in (d.backend, "") else f"{d.backend} {d.kind}")}{", graph " + esc(d.graph) if d.graph else ""}</span></summary>',
             f"<p><b>Source Nodes:</b> {esc(', '.join(d.source_nodes)) or '-'}<br><b>Original ATen:</b> {esc(', '.join(d.aten_ops)) or '-'}",
             f"<br><b>bytes per call:</b> {esc(f'{d.bytes / 1e6:,.2f} MB' if d.bytes else '-')}"]
    if len(d.runs):
        gbps = d.runs["gbps"].astype("float64").mean()
        frames = d.runs["user_frame"].dropna()
        parts.append(f"<br><b>ran</b> {len(d.runs)} times, mean {d.runs['dur_ns'].mean() / 1e3:,.1f} µs"
                     + (f", {gbps:,.0f} GB/s" if gbps == gbps else "")
                     + (f"; user line <code>{esc(frames.iloc[0])}</code>" if len(frames) else ""))
    parts.append("</p>")
    if d.node_mapping:
        parts.append(table(["FX node", "ATen nodes"], [list(m) for m in d.node_mapping]))
    if len(d.accesses):
        cols = [c for c in ("arg_name", "buffer", "buffer_kind", "dtype", "numel", "loads", "stores", "mutated") if c in d.accesses.columns]
        parts.append(table(cols, [[r[c] for c in cols] for r in d.accesses.to_dict(orient="records")]))
    parts.append(f"<pre>{esc(d.source)}</pre></details>")
    return "".join(parts)

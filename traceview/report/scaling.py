"""A ``traceview run``'s variants against their sizes (:class:`~traceview.analysis.compare.scaling.StepScaling`):
the terminal table, the ``run --json`` document and the offline HTML page with its plots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
from rich.console import Group, RenderableType
from rich.table import Table

from traceview.analysis.compare.scaling import StepScaling
from traceview.report.json import SCHEMA_VERSION, to_jsonable
from traceview.report.text import safe

#: (column, header, format) of the terminal and HTML tables; a column without values in any row is left
#: out, except GPU and host ms, which every ``run`` table shows apart.
TABLE = (
    ("variant", "variant", "{}"), ("size", "size", "{}"), ("n_tensors", "tensors", "{:,.0f}"),
    ("kernels_per_step", "kernels/step", "{:,.0f}"), ("launches_per_step", "launches/step", "{:,.0f}"),
    ("gpu_ms_per_step", "GPU ms", "{:.3f}"), ("cpu_kernel_ms_per_step", "CPU kernel ms", "{:.3f}"),
    ("host_ms_per_step", "host ms", "{:.3f}"), ("wall_ms_per_step", "wall ms", "{:.3f}"),
    ("host_over_gpu", "host/GPU", "{:.2f}"), ("gb_per_s", "GB/s", "{:.1f}"), ("max_abs_diff", "max |diff|", "{:.2e}"),
    ("trace", "trace", "{}"),
)
ALWAYS = ("variant", "gpu_ms_per_step", "host_ms_per_step", "wall_ms_per_step")
#: What one call of each built-in workload is (its step).
CALL = {"abc": "one A * B + C", "mpadam": "one mixed-precision Adam update", "adam": "one optimizer step"}


def caption(workload: str | None = None) -> str:
    call = CALL.get(workload or "", "one call of the workload")
    return (f"per call ({call}), medians: GPU ms = kernel time in the profiled calls; host ms = until the "
            "call returned and wall ms = until the device finished, both timed without the profiler")


CAPTION = caption()


def _columns(rows: pd.DataFrame) -> list[tuple[str, str, str]]:
    return [c for c in TABLE if c[0] in ALWAYS or (c[0] in rows and rows[c[0]].notna().any())]


def _cell(value: object, fmt: str) -> str:
    if value is None or value is pd.NA or (isinstance(value, float) and value != value):
        return "—"
    return fmt.format(value)


def scaling_view(s: StepScaling, title: str, workload: str | None = None) -> RenderableType:
    """The run table (one row per variant and size) and one line per variant's crossover."""
    columns = _columns(s.rows)
    table = Table(title=safe(title), title_justify="left", caption=caption(workload), caption_justify="left")
    for name, header, _ in columns:
        table.add_column(header, justify="left" if name in ("variant", "size", "trace") else "right")
    for row in s.rows.to_dict(orient="records"):
        cells = [_cell(row.get(name), fmt) for name, _, fmt in columns]
        if row.get("triton_interpreted") is True:  # Triton's interpreter: not a compiled kernel's time
            cells[0] += " (interpreted)"
        table.add_row(*[safe(c) for c in cells])
    lines = [safe(f"{c['variant']}: {c['detail']}") for c in s.crossovers.to_dict(orient="records") if c["sizes"] > 1]
    return Group(table, *lines)


def scaling_document(s: StepScaling, **extra: Any) -> dict[str, Any]:
    """``run --json``: ``runs`` (one object per variant and size), ``crossovers`` and ``extra``."""
    return {"schema_version": SCHEMA_VERSION, **to_jsonable(extra),
            "runs": to_jsonable(s.rows), "crossovers": to_jsonable(s.crossovers)}


def scaling_figure(s: StepScaling):
    """GPU, host and wall ms per step against the tensor count, one line per variant (log axes)."""
    import plotly.graph_objects as go
    from plotly.colors import qualitative
    from plotly.subplots import make_subplots

    rows = s.rows[s.rows["n_tensors"].notna()] if "n_tensors" in s.rows else s.rows.iloc[0:0]
    if rows["size"].nunique() < 2:
        return None
    panels = [("gpu_ms_per_step", "GPU ms per step"), ("host_ms_per_step", "host ms per step"),
              ("wall_ms_per_step", "wall ms per step"), ("kernels_per_step", "kernels per step")]
    panels = [p for p in panels if rows[p[0]].notna().any()]
    fig = make_subplots(rows=1, cols=len(panels), subplot_titles=[t for _, t in panels])
    colours = qualitative.Plotly
    for i, (variant, group) in enumerate(rows.groupby("variant", sort=False)):
        group = group.sort_values("n_tensors")
        for col, (metric, label) in enumerate(panels, start=1):
            fig.add_trace(go.Scatter(x=group["n_tensors"].astype(float).tolist(), y=group[metric].astype(float).tolist(), name=variant,
                                     legendgroup=variant, showlegend=col == 1, mode="lines+markers",
                                     line=dict(color=colours[i % len(colours)]),
                                     hovertemplate=f"{variant}<br>%{{x:,}} tensors<br>%{{y:.4g}} {label}<extra></extra>"),
                          row=1, col=col)
    fig.update_xaxes(type="log", title_text="tensors")
    fig.update_yaxes(type="log")
    fig.update_layout(title="Each variant against the tensor count (same parameter budget)", height=420,
                      template="plotly_white", legend=dict(orientation="h", y=-0.25), margin=dict(l=60, r=20, t=70, b=60))
    return fig


def render_scaling(s: StepScaling, title: str, workload: str | None = None) -> str:
    """The sweep as one offline HTML page: the plot, the table, the crossovers."""
    from traceview.report.html_page import Figures, esc, num, page, table

    figs = Figures()
    columns = _columns(s.rows)
    text_columns = ("variant", "size", "trace")
    body_rows = [[row.get(n) if n in text_columns else num(row.get(n), fmt) for n, _, fmt in columns]
                 for row in s.rows.to_dict(orient="records")]
    crossings = "".join(f"<li>{esc(c['variant'])}: {esc(c['detail'])}</li>" for c in s.crossovers.to_dict(orient="records"))
    sections = [
        f"<h1>{esc(title)}</h1>",
        "<h2>Host and GPU time per step against the tensor count</h2>",
        figs.div(scaling_figure(s), note="one size only: nothing to plot against the tensor count"),
        f"<h2>Where host time overtakes GPU time</h2><ul>{crossings}</ul>" if crossings else "",
        "<h2>Runs</h2>", f'<p class="muted">{esc(caption(workload))}</p>',
        table([h for _, h, _ in columns], body_rows, sortable=True, numeric=[n not in text_columns for n, _, _ in columns]),
    ]
    return page(title, "\n".join(x for x in sections if x), figs)


def write_scaling_html(s: StepScaling, out: Path, title: str, workload: str | None = None) -> Path:
    out = Path(out)
    out.write_text(render_scaling(s, title, workload), encoding="utf-8")
    return out

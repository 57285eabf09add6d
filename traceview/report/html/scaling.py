"""A ``traceview run`` sweep as one offline HTML page with its plots."""

from __future__ import annotations

from pathlib import Path

from traceview.analysis.compare.scaling import StepScaling
from traceview.report.words import caption
from traceview.report.words import scaling_columns


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
    from traceview.report.html.page import Figures, esc, num, page, table

    figs = Figures()
    columns = scaling_columns(s.rows)
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

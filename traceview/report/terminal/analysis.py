"""Result dataclasses -> rich renderables for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from traceview.analysis.base.finding import ordered
from traceview.analysis.base.summary import TraceSummary
from traceview.report.text import neutralize
from traceview.report.text import distinct_cuts, safe

if TYPE_CHECKING:
    from traceview.analysis.result import Analysis


def summary_view(s: TraceSummary) -> RenderableType:
    """``traceview info``: what the trace holds."""
    head = Table.grid(padding=(0, 2))
    head.add_row("trace", safe(s.path))
    if len(s.ranks) > 1 or s.world_size:
        head.add_row("ranks", ", ".join(map(str, s.ranks)) + (f" of {s.world_size}" if s.world_size else ""))
    else:  # a single process: no rank to show
        head.add_row("process", "one (not a distributed run)")
    head.add_row("events", f"{s.events:,}")
    head.add_row("span", f"{s.span_ms:,.3f} ms")
    head.add_row("devices", safe(", ".join(s.devices) or "none listed"))
    head.add_row("GPU work", f"{s.kernels:,} kernels, {s.memcpys:,} memcpy, {s.memsets:,} memset on {s.streams} stream(s)")
    if s.truncated:
        head.add_row("[bold red]truncated[/]", "the file ends early: counts cover what was read")
    cats = Table(title="events by category", title_justify="left")
    cats.add_column("category")
    cats.add_column("count", justify="right")
    for cat, n in s.categories.items():
        cats.add_row(safe(cat), f"{n:,}")
    launches = Table(title="launches by API", title_justify="left")
    launches.add_column("API")
    launches.add_column("calls", justify="right")
    for api, n in s.launches.items():
        launches.add_row(safe(api), f"{n:,}")
    parts: list[RenderableType] = [head, cats, launches]
    for note in s.notes:
        parts.append(Text("note: ", style="yellow") + safe(note))
    return Group(*parts)


def _table(title: str, columns: list[tuple[str, str]]) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold")
    for name, justify in columns:
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    return table


def analysis_view(a: "Analysis", top: int = 15, verbose: bool = False) -> RenderableType:
    """``traceview analyze``: findings, phases, regions, launches, top kernels; ``verbose``: the advice's evidence."""
    parts: list[RenderableType] = [Text(f"traceview analysis of {neutralize(a.summary.path)}", style="bold")]
    from traceview.report.terminal.advice import advice_table

    advice = advice_table(a.advice, "step" if len(a.steps.steps) else "call", verbose=verbose)
    if advice is not None:
        parts.append(advice)
    for f in ordered(a.findings):  # by the time each concerns, largest first
        style = "yellow" if f.level == "warning" else "green"
        parts.append(Text("• ", style=style) + safe(f.text))
    counts = a.kernel_counts
    phases = _table("phases", [("phase", "left"), ("wall", "right"), ("kernels", "right")])
    phases.add_row("compile", f"{a.split.compile_ns / 1e6:,.1f} ms", "")
    phases.add_row("autotune", f"{a.split.autotune_ns / 1e6:,.1f} ms", "")
    phases.add_row("compile + autotune kernels", "", f"{counts['compile']:,}")
    phases.add_row("run kernels", "", f"{counts['runtime']:,}")
    if a.split.compile_ns or a.split.autotune_ns or counts["compile"]:
        parts.append(phases)
    cpu = bool(a.cpu) and a.summary.kernels == 0  # a CPU-only trace: its kernels are the CPU's
    if len(a.regions.by_region) and not cpu:
        regions = _table("compiled regions", [("region", "left"), ("calls", "right"), ("kernels/call (steady)", "right"), ("per call", "left"), ("GPU ms", "right")])
        for r in a.regions.by_region.itertuples():
            per = ", ".join(map(str, r.kernels_per_call[:10])) + (" …" if len(r.kernels_per_call) > 10 else "")
            regions.add_row(safe(r.region), str(r.calls), str(r.steady_kernels_per_call), per, f"{r.gpu_ms:,.3f}")
        parts.append(regions)
    if len(a.overhead.per_api):
        apis = _table("launches (run phase)", [("API", "left"), ("calls", "right"), ("CPU µs (median)", "right"), ("CPU µs (p90)", "right"), ("latency µs (median)", "right")])
        for r in a.overhead.per_api.itertuples():
            apis.add_row(safe(r.api), f"{r.calls:,}", f"{r.cpu_us_median:,.1f}", f"{r.cpu_us_p90:,.1f}", f"{r.latency_us_median:,.1f}")
        parts.append(apis)
    if a.graphs.count:
        graphs = _table("graph launches", [("#", "right"), ("API", "left"), ("kernels", "right"), ("CPU µs", "right"), ("CPU µs / kernel", "right")])
        for i, r in enumerate(a.graphs.launches.head(top).itertuples()):
            graphs.add_row(str(i), safe(r.api), str(r.kernels), f"{r.cpu_ns / 1e3:,.1f}", f"{r.cpu_ns_per_kernel / 1e3:,.2f}" if r.kernels else "-")
        parts.append(graphs)
    if len(a.kernels):
        kernels = _table(f"top kernels (run phase, {len(a.kernels)} distinct)", [("kernel", "left"), ("count", "right"), ("total ms", "right"), ("median µs", "right"), ("share", "right"), ("launch API", "left"), ("CPU op", "left"), ("region", "left")])
        shown = a.kernels.head(top)
        for r, name in zip(shown.itertuples(), distinct_cuts(shown["short_name"].astype(str).tolist(), 70)):
            kernels.add_row(Text(name), f"{r.count:,}", f"{r.total_ms:,.3f}", f"{r.median_us:,.1f}", f"{r.share:.0%}",
                            safe(_na(r.api)), safe(_na(r.op), 40), safe(_na(r.region)))
        parts.append(kernels)
    if a.cpu:
        parts += cpu_kernels_view(a, top)
    from traceview.report.terminal.peers import peers_view

    parts.extend(peers_view(a, top=5))
    from traceview.report.terminal.why import modules_view, reasons_views

    parts += reasons_views(a) + modules_view(a)
    from traceview.report.terminal.critical_path import critical_path_table

    path = critical_path_table(a.critical_path)
    if path is not None:
        parts.append(path)
    for note in a.summary.notes:
        parts.append(Text("note: ", style="yellow") + safe(note))
    return Group(*parts)


def _kinds(counts: dict[str, float]) -> str:
    """``{"aten": 2}`` -> ``"ATen op ×2"``."""
    from traceview.analysis.kernels.cpu_kernels import KIND_LABELS

    return ", ".join(f"{KIND_LABELS.get(k, k)} ×{v:g}" for k, v in counts.items() if v)


def cpu_kernels_view(a: "Analysis", top: int = 15) -> list[RenderableType]:
    """The CPU's kernels (see :mod:`traceview.analysis.kernels.cpu_kernels`): per compiled-region call, per step, top names."""
    from traceview.analysis.kernels.cpu_kernels import KINDS

    c, parts = a.cpu, []
    if len(c.per_region) and a.summary.kernels == 0:
        regions = _table("compiled regions (CPU kernels)", [("region", "left"), ("calls", "right"), ("kernels/call (steady)", "right"), ("per call", "left"), ("kernel ms", "right")])
        for r in c.per_region.itertuples():
            per = ", ".join(map(str, r.kernels_per_call[:10])) + (" …" if len(r.kernels_per_call) > 10 else "")
            regions.add_row(safe(r.region), str(r.calls), str(r.steady_kernels_per_call), per, f"{r.kernel_ms:,.3f}")
        parts.append(regions)
    if len(c.per_step):
        steps = _table("CPU kernels per step", [("step", "left"), ("kernels", "right"), ("kinds", "left"), ("kernel ms", "right")])
        for r in c.per_step.head(top).itertuples():
            label = f"step {r.step}"
            steps.add_row(safe(label), f"{r.kernels:,}", _kinds({k: getattr(r, k) for k in KINDS}), f"{r.kernel_ms:,.3f}")
        if len(c.per_step) > top:
            steps.add_row(f"… {len(c.per_step) - top} more step(s)", "", "", "")
        parts.append(steps)
    parts += cpu_kernel_names(c, top)
    return parts


def cpu_kernel_names(c, top: int = 15) -> list[RenderableType]:
    """The CPU's kernels by name (run phase), largest total first."""
    from traceview.analysis.kernels.cpu_kernels import KIND_LABELS

    if not len(c.by_name):
        return []
    names = _table(f"top CPU kernels (run phase, {len(c.by_name)} distinct)", [("kernel", "left"), ("kind", "left"), ("count", "right"), ("total ms", "right"), ("median µs", "right"), ("share", "right")])
    for r in c.by_name.head(top).itertuples():
        names.add_row(safe(r.name, 70), KIND_LABELS.get(r.kind, r.kind), f"{r.count:,}", f"{r.total_ms:,.3f}", f"{r.median_us:,.1f}", f"{r.share:.0%}")
    if len(c.by_name) > top:
        names.add_row(f"… {len(c.by_name) - top} more", "", "", "", "", "")
    return [names]


def _na(value: object) -> str:
    return "" if value is None or value is pd.NA or (isinstance(value, float) and value != value) else str(value)


def comparison_view(results: list[tuple[str, "Analysis"]]) -> RenderableType:
    """Variants side by side: kernels, GPU time and launch CPU time per step (or per call)."""
    if all(a.summary.kernels == 0 for _, a in results) and any(a.cpu for _, a in results):
        return cpu_comparison_view(results)
    table = _table("variants side by side (per step)", [("variant", "left"), ("kernels", "right"), ("GPU ms", "right"),
                                                        ("launches", "right"), ("launch CPU ms", "right"), ("launch APIs", "left"),
                                                        ("ATen ops", "right"), ("step ms", "right"), ("compile s", "right")])
    for label, a in results:
        steps = a.steps.steps
        n = max(len(steps), 1)
        kernels = steps["kernels"].median() if len(steps) else a.kernel_counts["runtime"]
        gpu = steps["gpu_ms"].median() if len(steps) else float(a.kernels["total_ms"].sum()) if len(a.kernels) else 0.0
        launches = steps["launches"].median() if len(steps) else float(a.overhead.per_api["calls"].sum()) if len(a.overhead.per_api) else 0
        cpu = steps["launch_cpu_ms"].median() if len(steps) else float(a.overhead.per_api["cpu_ms_total"].sum()) / n if len(a.overhead.per_api) else 0.0
        apis = ", ".join(str(x) for x in a.overhead.per_api["api"]) if len(a.overhead.per_api) else ""
        ops = f"{steps['aten_ops'].median():g}" if len(steps) else ""
        wall = f"{steps['dur_ns'].median() / 1e6:,.3f}" if len(steps) else ""
        table.add_row(safe(label), f"{kernels:g}", f"{gpu:,.3f}", f"{launches:g}", f"{cpu:,.3f}", safe(apis), ops, wall, _compile_s(a))
    return table


def _compile_s(a: "Analysis") -> str:
    """Seconds spent compiling over the whole run (the structured trace or meta.json: a steady-state
    trace holds none of it), else what the trace shows."""
    seconds = a.reasons.compile_s if a.reasons is not None and a.reasons.compile_s is not None else None
    return f"{seconds if seconds is not None else a.split.compile_ns / 1e9:,.2f}"


def cpu_comparison_view(results: list[tuple[str, "Analysis"]]) -> RenderableType:
    """CPU-only variants side by side: the CPU's kernels per step (median), of which kinds, and their time."""
    from traceview.analysis.kernels.cpu_kernels import KINDS

    table = _table("variants side by side (per step, CPU)", [("variant", "left"), ("CPU kernels", "right"), ("kinds", "left"),
                                                            ("kernel ms", "right"), ("step ms", "right"), ("compile s", "right")])
    for label, a in results:
        per, steps = a.cpu.per_step, a.steps.steps
        if len(per):
            kernels, kinds, ms = f"{per['kernels'].median():g}", _kinds({k: per[k].median() for k in KINDS}), f"{per['kernel_ms'].median():,.3f}"
        else:
            counts = a.cpu.run_counts  # no steps: the whole trace's run-phase kernels
            kernels, kinds, ms = f"{sum(counts.values()):,}", _kinds(counts), f"{a.cpu.by_name['total_ms'].sum() if len(a.cpu.by_name) else 0.0:,.3f}"
        wall = f"{steps['dur_ns'].median() / 1e6:,.3f}" if len(steps) else ""
        table.add_row(safe(label), kernels, safe(kinds), ms, wall, _compile_s(a))
    return table

"""``traceview report``: one analysis -> one self-contained, offline HTML page.

Reading order: what to change first (advice); where the step went (critical-path split, top
kernels); plain-words findings; the timeline; then the four parts of the trace's time, largest
first, with a line at the top of the page saying how large each is: compilation and autotuning
(phases, graph breaks and recompiles, autotuning decisions), kernels (table, generated code, time
per module, per compiled-region call and per step, CPU kernels), host time and launch overhead (CPU
cost, latency, idle gaps, graph launches, the critical path per step), communication; then memory,
the roofline and notes on the trace.
Building blocks and the safety model are in :mod:`traceview.report.html.page`."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from traceview.analysis.base.finding import ordered
from traceview.report.html import figures as F
from traceview.report.html.autotune import autotune_html
from traceview.report.html.advice import advice_section
from traceview.report.html.critical_path import critical_path_section
from traceview.report.html.kernels import code_info
from traceview.report.html.kernels import kernel_section
from traceview.report.html.page import Figures
from traceview.report.html.page import Raw
from traceview.report.html.page import esc
from traceview.report.html.page import num
from traceview.report.html.page import page
from traceview.report.html.page import table
from traceview.report.html.peers import comm_section
from traceview.report.html.peers import peer_sections
from traceview.report.html.why import modules_section
from traceview.report.html.why import reasons_section

if TYPE_CHECKING:
    from traceview.analysis.result import Analysis
    from traceview.trace import Trace


log = logging.getLogger(__name__)


def write_report(analysis: Analysis, out: Path, *, title: str | None = None, trace: Trace | None = None,
                 code_dir: Path | None = None, perfetto: str | None = None) -> Path:
    """Write the HTML report of ``analysis`` to ``out`` and return the path.

    ``trace`` (the analysed trace) adds the timeline and the generated-code view; ``code_dir`` points at
    Inductor's generated code when it is not beside the trace; ``perfetto`` links the annotated trace
    (:mod:`traceview.report.perfetto`), relative to the page.
    """
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_report(analysis, title=title, trace=trace, code_dir=code_dir, perfetto=perfetto), encoding="utf-8")
    log.info("wrote %s", out)
    return out


def render_report(analysis: Analysis, *, title: str | None = None, trace: Trace | None = None, code_dir: Path | None = None,
                  perfetto: str | None = None) -> str:
    """The report as one HTML string."""
    a = analysis
    figs = Figures()
    title = title or f"traceview: {Path(a.summary.path).name}"
    parts = sorted(_parts(a, trace, code_dir, figs), key=lambda p: -p[0])  # largest first; ties keep this order
    sections = [
        f"<h1>{esc(title)}</h1>",
        _header(a),
        _order(parts),
        "<h2>What to change first</h2>", advice_section(a.advice),
        '<h2 id="where">Where the step went</h2>', _where(a),
        "<h2>Findings</h2>", _findings(a),
        "<h2>Timeline</h2>", _timeline(a, trace, figs),
        *(html for _, _, _, html in parts),
        peer_sections(a, figs, perfetto),
        _notes(a),
    ]
    return page(title, "\n".join(s for s in sections if s), figs)


def _parts(a: Analysis, trace: Trace | None, code_dir: Path | None, figs: Figures) -> list[tuple[float, str, str, str]]:
    """The page's four parts as (ms of the trace each explains, anchor, name, html): compilation
    (compile + autotune wall time), kernels (run-phase kernel time, the CPU's when there is no GPU),
    host time (the GPU idle waiting for launches or other host work), communication (NCCL/RCCL time)."""
    kernel_ms = (float(a.cpu.by_name["total_ms"].sum()) if _cpu_only(a) and len(a.cpu.by_name)
                 else float(a.kernels["total_ms"].sum()) if len(a.kernels) else 0.0)
    comm_ms = float(a.comm.per_rank["comm_ns"].sum()) / 1e6 if a.comm is not None and a.comm.has_comm else 0.0
    kernels = ("<h2>Kernels (run phase)</h2>" + (_cpu_only_note(a, "its kernels are the CPU's: see CPU kernels below") if _cpu_only(a)
               else figs.div(F.top_kernels_figure(a)) + kernel_section(a, code_info(trace, code_dir)))
               + "\n<h2>Time per module</h2>" + modules_section(a, figs)
               + "\n<h2>Kernels per compiled-region call and per step</h2>" + _regions_steps(a, figs) + "\n" + _cpu_kernels(a))
    return [
        ((a.split.compile_ns + a.split.autotune_ns) / 1e6, "compilation", "compilation and autotuning",
         '<div id="compilation"></div><h2>Phases: compile, autotune, run</h2>' + _phases(a, figs)
         + "\n<h2>Graph breaks and recompiles</h2>" + reasons_section(a) + "\n" + autotune_html(a.autotune)),
        (kernel_ms, "kernels", "kernels", '<div id="kernels"></div>' + kernels),
        (a.overhead.launch_wait_ms + a.overhead.host_wait_ms, "host", "GPU waiting for the host",
         '<div id="host"></div><h2>Launch overhead</h2>' + _overhead(a, figs)
         + "\n<h2>Critical path per step</h2>" + critical_path_section(a.critical_path, figs)),
        (comm_ms, "communication", "communication", '<div id="communication"></div><h2>Communication vs computation</h2>' + comm_section(a, figs)),
    ]


def _order(parts: list[tuple[float, str, str, str]]) -> str:
    """The line under the header: the page's parts in the order they follow, each with its time."""
    links = " · ".join(f'<a href="#{anchor}">{esc(name)}</a> ' + (f"{ms:,.1f} ms" if ms else "none") for ms, anchor, name, _ in parts)
    return f'<nav class="tv-order">Below the advice, largest first: {links}</nav>'


def _where(a: Analysis) -> str:
    """The first screen's answer to "where did my step go": the critical path's split of the mean step,
    and the top kernels by time (short names, the full one on hover)."""
    parts = []
    cp = a.critical_path
    if cp is not None and cp.steps:
        from traceview.report.words import PATH_WORDS as KIND_WORDS

        mean, step = cp.mean_breakdown_ms(), cp.mean_step_ms()
        shares = ", ".join(f"{esc(KIND_WORDS[k])} {mean[k]:,.3f} ms ({mean[k] / step:.0%})"
                           for k in sorted(mean, key=lambda k: -mean[k]) if step and mean[k] / step >= 0.01)
        parts.append(f"<p>{len(cp.steps)} step(s) of {step:,.3f} ms on average ({esc(cp.source)}); on the critical path: {shares}.</p>")
    k = a.kernels
    if len(k):
        rows = [[num(i + 1, "{:.0f}"), Raw(f'<span title="{esc(r.name)}">{esc(r.short_name)}</span>'), num(r.count, "{:,.0f}"),
                 num(r.total_ms), num(r.share, "{:.1%}")] for i, r in enumerate(k.head(5).itertuples())]
        parts.append('<div id="top-kernels">' + table(["#", "kernel", "count", "total ms", "share"], rows,
                                                       numeric=[True, False, True, True, True], cls="kernels", wide=1) + "</div>")
    if not parts and len(a.cpu.by_name):  # a CPU-only trace: its steps and the CPU's kernels
        per = a.cpu.kernels_per_step
        steps = (f"{len(per)} step(s) ({esc(a.steps.source)}), no GPU in this trace: the CPU ran "
                 f"{sorted(per)[len(per) // 2]:,} kernel(s) per step (median). " if per else "No steps and no GPU in this trace. ")
        parts.append(f"<p>{steps}The CPU's kernels by time:</p>")
        rows = [[num(i + 1, "{:.0f}"), esc(r.name), esc(r.kind), num(r.count, "{:,.0f}"), num(r.total_ms), num(r.share, "{:.1%}")]
                for i, r in enumerate(a.cpu.by_name.head(5).itertuples())]
        parts.append('<div id="top-kernels">' + table(["#", "CPU kernel", "kind", "count", "total ms", "share"], rows,
                                                       numeric=[True, False, False, True, True, True], cls="kernels", wide=1)
                     + "</div>")
    return "\n".join(parts) or '<p class="muted">No steps and no kernels (GPU or CPU) in this trace.</p>'


def _header(a: Analysis) -> str:
    s, counts = a.summary, a.kernel_counts
    launches = ", ".join(f"{esc(api)} ×{n:,}" for api, n in s.launches.items()) or "none"
    return (f'<p class="muted">{esc(s.path)} · {s.events:,} events over {s.span_ms:,.1f} ms · '
            f"devices: {esc(', '.join(s.devices)) or 'none listed'} · ranks {esc(', '.join(map(str, s.ranks)))}<br>"
            + (f"GPU kernels: {counts['total']:,} ({counts['runtime']:,} run, {counts['compile']:,} while compiling/autotuning) · "
               if counts['total'] or not a.cpu.run_counts else
               f"no GPU; CPU kernels (run phase): {sum(a.cpu.run_counts.values()):,} · ")
            + f"launches: {launches}</p>")


def _findings(a: Analysis) -> str:
    if not a.findings:
        return '<p class="muted">Nothing to report: the trace has no GPU work or compile events.</p>'
    items = "".join(f'<li class="{esc(f.level)}">{esc(f.text)}</li>' for f in ordered(a.findings))  # by the time each concerns
    return f'<ul class="findings">{items}</ul>'


def _phases(a: Analysis, figs: Figures) -> str:
    s, counts = a.split, a.kernel_counts
    phase_kernels = a.attribution.kernels["phase"].astype(str).value_counts()
    gpu_ms = a.attribution.kernels.groupby(a.attribution.kernels["phase"].astype(str))["dur_ns"].sum() / 1e6
    rows = [["compile", num(s.compile_ns / 1e6, "{:,.1f}"), num(phase_kernels.get("compile", 0), "{:,.0f}"), num(gpu_ms.get("compile", 0.0))],
            ["autotune", num(s.autotune_ns / 1e6, "{:,.1f}"), num(phase_kernels.get("autotune", 0), "{:,.0f}"), num(gpu_ms.get("autotune", 0.0))],
            ["run", "", num(counts["runtime"], "{:,.0f}"), num(gpu_ms.get("run", 0.0))]]
    header = ["phase", "wall ms", "kernels", "GPU ms"]
    if not counts["total"] and len(a.cpu.kernels):  # no GPU: the CPU's kernels by phase, and no GPU column
        cpu_phase = a.cpu.kernels["phase"].astype(str).value_counts()
        rows = [[r[0], r[1], num(cpu_phase.get(r[0], 0), "{:,.0f}")] for r in rows]
        header = ["phase", "wall ms", "CPU kernels"]
    out = [table(header, rows, numeric=[False] + [True] * (len(header) - 1))]
    if not s.compile_ns and not s.autotune_ns:
        out.append('<p class="muted">No torch.compile compile or autotune events in this trace: everything is run phase.</p>')
        return "\n".join(out)
    out.append(figs.div(F.phase_figure(a)))
    if s.stages:
        own = s.stages_self
        rows = [[k, num(own.get(k, 0.0), "{:,.1f}"), num(v, "{:,.1f}")] for k, v in s.stages.items()]
        other = s.compile_ns / 1e6 - sum(own.values())
        if other > 0.05:
            rows.append(["other compile work", num(other, "{:,.1f}"), ""])
        out.append("<h3>Compile stages</h3>" + table(["stage", "self ms (adds up)", "inclusive ms"], rows, numeric=[False, True, True])
                   + f'<p class="muted">Self ms: each instant counted once, for the innermost stage running then; they add up to '
                   f'the {s.compile_ns / 1e6:,.1f} ms of compilation. Inclusive ms: all of a stage\'s own events (stages nest: '
                   "Inductor inside AOT inside the backend compile).</p>")
    if len(s.compiles):
        out.append("<h3>Compiles</h3>" + table(["compile id", "spans", "wall ms"], [[r.compile_id, num(r.spans, "{:.0f}"), num(r.wall_ns / 1e6, "{:,.1f}")]
                                                                                for r in s.compiles.itertuples()], numeric=[False, True, True]))
    if len(s.traced_ops):
        out.append(f"<details><summary>{int(s.traced_ops['calls'].sum()):,} aten/prims ops ran while compiling "
                   "(on fake tensors: compile time, not GPU work)</summary>"
                   + table(["op", "calls", "CPU ms"], [[r.name, num(r.calls, "{:,.0f}"), num(r.cpu_ms)] for r in s.traced_ops.head(30).itertuples()],
                           numeric=[False, True, True]) + "</details>")
    return "\n".join(out)


def _timeline(a: Analysis, trace: Trace | None, figs: Figures) -> str:
    if trace is None:
        return '<p class="muted">No timeline: the report was written without the trace.</p>'
    from traceview.report.html.timeline import timeline

    t = timeline(trace, a)
    note = ""
    if t.downsampled:
        note = (f'<p class="muted">Downsampled for size: {t.slices_shown:,} of {t.slices_total:,} CPU slices (outermost and longest first) '
                f"and {t.gpu_shown:,} of {t.gpu_total:,} GPU activities (longest first) are drawn.</p>")
    return note + figs.div(t.figure) + '<p class="muted">Drag to zoom, double-click to reset; grey lines join a launch call to its kernel.</p>'


def _cpu_only(a: Analysis) -> bool:
    """A trace without GPU activity whose CPU kernels traceview counted (ATen ops, Inductor's C++ kernels)."""
    return bool(a.cpu) and a.summary.kernels == 0


def _cpu_only_note(a: Analysis, what: str) -> str:
    return f'<p class="muted">No GPU in this trace: {esc(what)}.</p>'


def _regions_steps(a: Analysis, figs: Figures) -> str:
    if _cpu_only(a):
        return _cpu_only_note(a, "kernels per compiled-region call and per step are counted from the CPU's kernels, in CPU kernels below")
    out = []
    if len(a.regions.by_region):
        rows = [[r.region, num(r.calls, "{:,.0f}"), num(r.steady_kernels_per_call, "{:,.0f}"),
                 ", ".join(map(str, r.kernels_per_call[:20])) + (" …" if len(r.kernels_per_call) > 20 else ""), num(r.gpu_ms)]
                for r in a.regions.by_region.itertuples()]
        out.append(table(["region", "calls", "kernels/call (steady)", "kernels per call", "GPU ms"], rows, numeric=[False, True, True, False, True]))
        out.append(figs.div(F.regions_figure(a)))
    else:
        out.append('<p class="muted">No torch.compile regions ("Torch-Compiled Region") in this trace.</p>')
    if len(a.steps.steps):
        st = a.steps.steps
        out.append(f"<h3>Steps ({esc(a.steps.source)})</h3>")
        out.append(table(["step", "kernels", "GPU ms", "launches", "launch CPU ms"],
                         [[r.name, num(r.kernels, "{:,.0f}"), num(r.gpu_ms), num(r.launches, "{:,.0f}"), num(r.launch_cpu_ms)] for r in st.head(50).itertuples()],
                         numeric=[False, True, True, True, True]))
        out.append(figs.div(F.steps_figure(a)))
    else:
        out.append('<p class="muted">No steps (ProfilerStep#N or a repeated annotation) in this trace.</p>')
    return "\n".join(out)


def _cpu_kernels(a: Analysis) -> str:
    """The CPU's kernels (ATen ops without a GPU, Inductor C++, interpreted Triton): per region, step and name."""
    from traceview.analysis.kernels.cpu_kernels import KIND_LABELS, KINDS

    c = a.cpu
    if not c:
        return ""
    out = ["<h2>CPU kernels</h2>", '<p class="muted">What the CPU ran as kernels: ATen ops called from Python (in a trace without '
           "GPU activity), Inductor's generated C++ kernels, Triton kernels run by Triton's interpreter.</p>"]
    if len(c.per_region):
        out.append(table(["region", "calls", "kernels/call (steady)", "kernels per call", "kernel ms"],
                         [[r.region, num(r.calls, "{:,.0f}"), num(r.steady_kernels_per_call, "{:,.0f}"),
                           ", ".join(map(str, r.kernels_per_call[:20])) + (" …" if len(r.kernels_per_call) > 20 else ""), num(r.kernel_ms)]
                          for r in c.per_region.itertuples()], numeric=[False, True, True, False, True]))
    if len(c.per_step):
        out.append(table(["step", "kernels", *(KIND_LABELS[k] for k in KINDS), "kernel ms"],
                         [[r.name, num(r.kernels, "{:,.0f}"), *(num(getattr(r, k), "{:,.0f}") for k in KINDS), num(r.kernel_ms)]
                          for r in c.per_step.head(50).itertuples()], numeric=[False, True, True, True, True, True]))
    out.append(table(["kernel", "kind", "count", "total ms", "median µs", "share"],
                     [[r.name, KIND_LABELS.get(r.kind, r.kind), num(r.count, "{:,.0f}"), num(r.total_ms), num(r.median_us, "{:,.1f}"),
                       num(r.share, "{:.0%}")] for r in c.by_name.head(100).itertuples()],
                     sortable=True, numeric=[False, False, True, True, True, True], wide=0))
    return "\n".join(out)


def _overhead(a: Analysis, figs: Figures) -> str:
    if _cpu_only(a):
        return _cpu_only_note(a, "no kernel launches, so no launch overhead, launch latency, graph launches or GPU idle time to measure")
    o = a.overhead
    out = []
    if len(o.per_api):
        out.append(table(["launch API", "calls", "CPU µs median", "CPU µs p90", "CPU ms total", "latency µs median", "latency µs p90"],
                         [[r.api, num(r.calls, "{:,.0f}"), num(r.cpu_us_median, "{:,.1f}"), num(r.cpu_us_p90, "{:,.1f}"), num(r.cpu_ms_total),
                           num(r.latency_us_median, "{:,.1f}"), num(r.latency_us_p90, "{:,.1f}")] for r in o.per_api.itertuples()],
                         numeric=[False] + [True] * 6))
    verdict = "launch-bound" if o.launch_bound else "not launch-bound"
    out.append(f"<p>GPU busy {o.gpu_busy_ms:,.3f} ms, idle {o.gpu_idle_ms:,.3f} ms, of which {o.launch_wait_ms:,.3f} ms waiting "
               f"for a launch: <b>{verdict}</b>.</p>")
    out.append('<div class="grid2">' + figs.div(F.launch_cost_figure(a), "No run-phase launches.")
               + figs.div(F.latency_figure(a)) + "</div>")
    out.append(figs.div(F.idle_gaps_figure(a), "No idle gaps between run-phase GPU work."))
    g = a.graphs
    out.append("<h3>Graph launches</h3>")
    if g.count:
        out.append(table(["graph launches", "kernels replayed", "CPU µs per launch (median)", "single-kernel launch CPU µs (median)",
                          "one-by-one equivalent µs"],
                         [[num(g.count, "{:,.0f}"), num(sum(g.kernels_per_launch), "{:,.0f}"), num(g.launches["cpu_ns"].median() / 1e3, "{:,.1f}"),
                           num(g.single_launch_cpu_ns / 1e3 if g.single_launch_cpu_ns else None, "{:,.1f}"),
                           num(g.eager_equivalent_cpu_ns / 1e3 if g.eager_equivalent_cpu_ns else None, "{:,.0f}")]], numeric=[True] * 5))
        out.append(figs.div(F.graph_amortization_figure(a)))
    else:
        out.append('<p class="muted">No CUDA/HIP graph launches: every kernel was launched on its own.</p>')
    if len(o.dispatch):
        out.append("<h3>Dispatch: CPU op start to its first launch</h3>")
        out.append(table(["CPU op", "calls", "dispatch µs median", "launches per call"],
                         [[r.op, num(r.calls, "{:,.0f}"), num(r.dispatch_us_median, "{:,.1f}"), num(r.launches_per_call, "{:,.2f}")]
                          for r in o.dispatch.head(30).itertuples()], sortable=True, numeric=[False, True, True, True]))
    return "\n".join(out)


def _notes(a: Analysis) -> str:
    notes = list(a.summary.notes)
    if a.summary.truncated:
        notes.insert(0, "The trace file was truncated: results cover the events read before the cut.")
    if not notes:
        return ""
    return "<h2>Notes on the trace</h2><ul>" + "".join(f"<li>{esc(n)}</li>" for n in notes) + "</ul>"

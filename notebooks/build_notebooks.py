"""Write the notebooks in this folder from the cells below, executed (run: ``python notebooks/build_notebooks.py``).

The notebooks only call traceview's public functions on traces committed with the project, so a
fresh run shows what the committed outputs show: tests/test_notebooks.py runs them again and
compares (:func:`shown`). Each plotly figure is kept as plotly JSON (drawn by Jupyter) and as a PNG
drawn by headless Chromium (what GitHub shows). Keeping the source here keeps diffs readable.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).parent

FIND_TRACES = '''from pathlib import Path

import pandas as pd
import plotly.express as px

from traceview.trace import load
from traceview.analysis.analyze import analyze

ROOT = Path.cwd().resolve()
ROOT = ROOT.parent if ROOT.name == "notebooks" else ROOT
SAMPLES = ROOT / "sample_traces"

# The GPU captures `traceview run` wrote on an H200 (<workload>/<workload>-<variant>.pt.trace.json.gz), committed.
sample_files = sorted((SAMPLES / "gpu" / "runs").rglob("*-*.pt.trace.json.gz"))
runs = pd.DataFrame({"path": sample_files})
runs["workload"] = [p.name.split(".")[0].split("-", 1)[0] for p in sample_files]
runs["variant"] = [p.name.split(".")[0].split("-", 1)[1] for p in sample_files]
traces = {(w, v): load(p) for w, v, p in runs[["workload", "variant", "path"]].itertuples(index=False)}
analyses = {key: analyze(t) for key, t in traces.items()}
runs[["workload", "variant"]]'''


def kernel_counts() -> nbformat.NotebookNode:
    cells = [
        new_markdown_cell("# Kernels per call: eager vs compiled vs hand-written Triton\n\n"
                          "For each workload (A\\*B+C, Adam, mixed-precision Adam) and variant: how many kernels one call "
                          "launches, how much GPU time it takes, and how many bytes its kernels move against the least the "
                          "computation needs. Everything is a pandas DataFrame you can keep exploring."),
        new_code_cell(FIND_TRACES),
        new_markdown_cell("## Kernels and GPU time per call\n\nA call is a profiler step (what `traceview run` records around each "
                          "call), else a compiled-region call; traces with neither count the whole trace as one call."),
        new_code_cell('''from traceview.analysis.compare.diff import calls_of

rows = []
for (workload, variant), a in analyses.items():
    calls, how = calls_of(a)
    calls = calls or 1
    k = a.attribution.kernels
    run = k[k["phase"].astype(str) == "run"]
    rows.append({"workload": workload, "variant": variant, "calls": calls, "calls found by": how or "whole trace",
                 "kernels per call": len(run) / calls, "GPU ms per call": run["dur_ns"].sum() / 1e6 / calls,
                 "distinct kernels": run["name"].nunique(), "launch APIs": ", ".join(map(str, a.overhead.per_api["api"]))})
per_call = pd.DataFrame(rows)
per_call'''),
        new_code_cell('''px.bar(per_call, x="workload", y="kernels per call", color="variant", barmode="group", log_y=True,
       title="Kernels launched per call")'''),
        new_code_cell('''px.bar(per_call, x="workload", y="GPU ms per call", color="variant", barmode="group", title="GPU kernel time per call")'''),
        new_markdown_cell("## Which kernels, and where they came from\n\n`analysis.kernels` is the run-phase kernel table; "
                          "`diff_analyses` matches kernels across two variants by the ops they came from."),
        new_code_cell('''from traceview.analysis.compare.diff import diff_analyses

d = diff_analyses(analyses[("abc", "eager")], analyses[("abc", "compiled")], "eager", "compiled")
d.groups[["how", "ops", "a_ops", "b_kernels", "a_count", "b_count", "a_ms", "b_ms"]]'''),
        new_code_cell('''d.metrics'''),
        new_markdown_cell("## Bytes moved against the minimum\n\nFor compiled variants whose Inductor code was captured, "
                          "`kernel_sources` joins each kernel to its generated code: bytes each kernel moves, the least its "
                          "graph needs (inputs read once, outputs written once), and achieved GB/s."),
        new_code_cell('''from traceview.analysis.kernels.kernel_source import kernel_sources
from traceview.trace.inductor_code import load_inductor_code

def code_for(path):
    stem = path.name.split(".")[0]
    for folder in ([path.parent / stem.split("-", 1)[1] / "code"] if "-" in stem else []) + [path.parent / "code", path.parent]:
        if folder.is_dir() and any(folder.rglob("*.py")):
            try:
                return load_inductor_code(folder)
            except Exception:
                continue
    return None

graph_rows, kernel_rows = [], []
for w, v, p in runs[["workload", "variant", "path"]].itertuples(index=False):
    code = code_for(Path(p))
    if code is None:
        continue
    src = kernel_sources(traces[(w, v)], code)
    graph_rows.append(src.graphs.assign(workload=w, variant=v))
    kernel_rows.append(src.summary.assign(workload=w, variant=v))
graphs = pd.concat(graph_rows, ignore_index=True) if graph_rows else pd.DataFrame()
kernels = pd.concat(kernel_rows, ignore_index=True) if kernel_rows else pd.DataFrame()
kernels[["workload", "variant", "name", "calls", "bytes", "gbps", "pct_of_ceiling", "aten_ops"]] if len(kernels) else kernels'''),
        new_code_cell('''if len(graphs):
    fig = px.bar(graphs.melt(id_vars=["workload", "variant", "graph"], value_vars=["min_bytes_per_element", "moved_bytes_per_element"],
                             var_name="bytes", value_name="bytes per element"),
                 x="graph", y="bytes per element", color="bytes", barmode="group", hover_data=["workload", "variant"],
                 title="Bytes per element: the least the graph needs vs what its kernels moved")
    fig.show()
graphs'''),
    ]
    return new_notebook(cells=cells, metadata=_metadata())


def launch_overhead() -> nbformat.NotebookNode:
    cells = [
        new_markdown_cell("# Launch overhead: what a launch costs, how long until the GPU starts, and what graphs save\n\n"
                          "Per launch API (`cudaLaunchKernel`, `cuLaunchKernel`, `cuLaunchKernelEx`, `cudaGraphLaunch`, ...): "
                          "CPU time inside the call and the latency to the GPU start, over the run phase of every trace."),
        new_code_cell(FIND_TRACES),
        new_code_cell('''# two committed GPU captures that replay CUDA graphs: reduce-overhead A*B+C and GPT-2 training
graphed = {("graphs", "abc-reduce-overhead"): SAMPLES / "gpu" / "extras" / "reduce-overhead-steady" / "reduce_overhead.pt.trace.json.gz",
           ("graphs", "gpt2-reduce-overhead"): SAMPLES / "gpu" / "predictions" / "gpt2-reduce-overhead" / "train_gpt2.pt.trace.json.gz"}
for key, p in graphed.items():
    traces[key] = t = load(p)
    analyses[key] = analyze(t)
per_api = pd.concat([a.overhead.per_api.assign(workload=w, variant=v) for (w, v), a in analyses.items()], ignore_index=True)
per_api'''),
        new_code_cell('''px.bar(per_api, x="api", y="cpu_us_median", color="variant", facet_col="workload", barmode="group",
       title="CPU cost of one launch (median µs)", hover_data=["calls", "cpu_us_p90"])'''),
        new_markdown_cell("## Launch latency\n\nFrom the start of the launch call to the start of its work on the GPU. "
                          "A long latency with a busy GPU means work is queued (good); a short GPU kernel behind a long "
                          "latency on an idle GPU means the CPU cannot keep up."),
        new_code_cell('''launches = []
for (w, v), a in analyses.items():
    t = a.attribution.table
    t = t[(t["phase"] == "run") & t["launch_id"].notna()].drop_duplicates("launch_id")
    launches.append(pd.DataFrame({"workload": w, "variant": v, "api": t["api"].astype(str),
                                  "cpu_us": t["launch_dur_ns"].astype("float64") / 1e3,
                                  "latency_us": t["launch_to_kernel_ns"].astype("float64") / 1e3}))
launches = pd.concat(launches, ignore_index=True)
px.box(launches, x="api", y="latency_us", color="workload", log_y=True, title="Launch latency per API (µs)")'''),
        new_markdown_cell("## Is the GPU waiting for the CPU?\n\nGPU busy time against idle time spent waiting for the next launch."),
        new_code_cell('''busy = pd.DataFrame([{"workload": w, "variant": v, "GPU busy ms": a.overhead.gpu_busy_ms,
                      "waiting for launches ms": a.overhead.launch_wait_ms, "launch-bound": a.overhead.launch_bound}
                     for (w, v), a in analyses.items()])
px.bar(busy.melt(id_vars=["workload", "variant"], value_vars=["GPU busy ms", "waiting for launches ms"]),
       x="variant", y="value", color="variable", facet_col="workload", barmode="group", title="GPU busy vs waiting for launches")'''),
        new_markdown_cell("## Graph-launch amortization\n\nOne `cudaGraphLaunch` replays every kernel in the graph. Its CPU "
                          "cost per replayed kernel, against this trace's median single-kernel launch, is what the graph saved."),
        new_code_cell('''graph_rows = []
for (w, v), a in analyses.items():
    g = a.graphs
    if g.count:
        graph_rows.append({"trace": f"{w}-{v}", "graph launches": g.count, "kernels replayed": sum(g.kernels_per_launch),
                           "graph CPU µs": g.graph_cpu_ns / 1e3, "one-by-one CPU µs": (g.eager_equivalent_cpu_ns or 0) / 1e3,
                           "single launch µs": (g.single_launch_cpu_ns or float("nan")) / 1e3})
amortization = pd.DataFrame(graph_rows)
if len(amortization):
    px.bar(amortization.melt(id_vars="trace", value_vars=["graph CPU µs", "one-by-one CPU µs"]), x="trace", y="value",
           color="variable", barmode="group", title="CPU µs: graph launches vs the same kernels launched one by one").show()
amortization'''),
        new_markdown_cell("## Per step: launch CPU time vs GPU time\n\nFor the Adam variants, each optimizer step's launch cost on the CPU "
                          "next to its GPU time: where the first is larger, the step is launch-bound."),
        new_code_cell('''steps = pd.concat([a.steps.steps.assign(workload=w, variant=v) for (w, v), a in analyses.items() if len(a.steps.steps)],
                  ignore_index=True)
px.scatter(steps, x="launch_cpu_ms", y="gpu_ms", color="variant", symbol="workload", hover_data=["kernels", "launches"],
           title="Per step: launch CPU ms vs GPU ms")'''),
        new_markdown_cell("## Adam against the tensor count (the H200 sweep)\n\n`traceview run adam --size 4x1024 --size 16x512 "
                          "--size 64x256 --size 256x128 --json` on an H200 (the same ~50 M parameters in 50 to 3,074 tensors), "
                          "joined with the compiled variants measured in later calls (docs/benchmarks.md): per variant, host ms "
                          "(until `step()` returned) and GPU ms (kernel time) per step. Where the host line crosses the GPU "
                          "line, launching costs more than the kernels do: the `crossovers` below."),
        new_code_cell('''import json

sweep = json.loads((SAMPLES / "gpu" / "adam-sweep" / "adam_sweep.json").read_text())
rows = pd.DataFrame(sweep["runs"])
lines = rows.melt(id_vars=["variant", "n_tensors"], value_vars=["host_ms_per_step", "gpu_ms_per_step"], var_name="time", value_name="ms")
px.line(lines.sort_values("n_tensors"), x="n_tensors", y="ms", color="variant", line_dash="time", markers=True, log_x=True,
        log_y=True, title="Adam step on an H200: host ms (solid) and GPU ms (dashed) per step against the tensor count").show()
pd.DataFrame(sweep["crossovers"])[["variant", "sizes", "host_bound_from", "crossover_n_tensors", "detail"]]'''),
    ]
    return new_notebook(cells=cells, metadata=_metadata())


def _metadata() -> dict:
    return {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"}}


# -- executing, drawing and comparing -------------------------------------------------------------

PLOTLY = "application/vnd.plotly.v1+json"
_NUMBER = re.compile(r"-?\d+(?:,\d{3})*(?:\.\d+)?(?:[eE][-+]?\d+)?")
_VOLATILE = re.compile(r"0x[0-9a-f]{6,}|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b")  # addresses, div ids


def execute(nb: nbformat.NotebookNode, kernel_name: str = "python3", timeout: int = 600) -> nbformat.NotebookNode:
    """Run every cell in this folder (the notebooks find the traces from here) with plotly's figures
    as JSON outputs (Jupyter, VS Code and nbviewer draw them), not as 3.5 MB of inlined plotly.js each."""
    from nbclient import NotebookClient

    before = os.environ.get("PLOTLY_RENDERER")
    os.environ["PLOTLY_RENDERER"] = "plotly_mimetype"  # the kernel inherits it
    try:
        NotebookClient(nb, kernel_name=kernel_name, timeout=timeout, resources={"metadata": {"path": str(HERE)}}).execute()
    finally:
        if before is None:
            os.environ.pop("PLOTLY_RENDERER", None)
        else:
            os.environ["PLOTLY_RENDERER"] = before
    for cell in nb.cells:  # when it ran is not part of what it shows
        cell.metadata.pop("execution", None)
    return nb


def draw_pngs(nb: nbformat.NotebookNode, chromium: str) -> int:
    """Add a PNG beside every plotly figure, drawn by headless Chromium from the figure itself: GitHub
    shows a notebook's images but runs no JavaScript. Returns how many were drawn."""
    import plotly.io as pio

    drawn = 0
    with tempfile.TemporaryDirectory() as tmp:
        for cell in nb.cells:
            for out in cell.get("outputs", []):
                figure = out.get("data", {}).get(PLOTLY)
                if figure is None:
                    continue
                page, shot = Path(tmp) / "figure.html", Path(tmp) / "figure.png"
                fig = pio.from_json(json.dumps(figure))
                fig.update_layout(width=900, height=500)
                page.write_text(pio.to_html(fig, include_plotlyjs=True, full_html=True, config={"staticPlot": True}))
                shot.unlink(missing_ok=True)
                subprocess.run([chromium, "--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                                f"--user-data-dir={Path(tmp) / 'profile'}", "--window-size=916,516", "--virtual-time-budget=10000",
                                f"--screenshot={shot}", page.as_uri()], capture_output=True, timeout=120, check=True, cwd=tmp)
                out["data"]["image/png"] = base64.b64encode(shot.read_bytes()).decode()
                drawn += 1
    return drawn


def _round(text: str) -> str:
    """Numbers to 4 significant digits, addresses and generated ids out: what pandas 2 and 3 or two
    runs may print differently without the result being different."""
    def one(m: re.Match) -> str:
        value = float(m.group(0).replace(",", ""))
        return f"{value:.4g}"
    return _NUMBER.sub(one, _VOLATILE.sub("<id>", text))


def _figure_key(figure: dict) -> str:
    """A figure's data and titles (what it shows), numbers rounded; its template and sizes left out."""
    layout = figure.get("layout", {})
    shown = {"data": figure.get("data", []), "title": layout.get("title"),
             "axes": {k: v.get("title") for k, v in layout.items() if k.startswith(("xaxis", "yaxis")) and isinstance(v, dict)}}
    return _round(json.dumps(shown, sort_keys=True))


def shown(nb: nbformat.NotebookNode) -> list[list[tuple[str, str, str]]]:
    """What each code cell shows, comparable between two runs: per output, its kind, its mime type and
    its content normalized by :func:`_round` (PNGs left out: drawn pixels are not the data)."""
    cells = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        rows = []
        for out in cell.get("outputs", []):
            kind = out.get("output_type")
            if kind == "stream":
                rows.append((kind, out.get("name", ""), _round(out.get("text", ""))))
            elif kind == "error":
                rows.append((kind, out.get("ename", ""), out.get("evalue", "")))
            else:
                for mime, content in sorted(out.get("data", {}).items()):
                    if mime == "image/png":
                        continue
                    text = _figure_key(content) if mime == PLOTLY else _round(content if isinstance(content, str) else "".join(content))
                    rows.append((kind, mime, text))
        cells.append(rows)
    return cells


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-execute", action="store_true", help="write the cells only, without outputs")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    for name, build in (("kernel_counts", kernel_counts), ("launch_overhead", launch_overhead)):
        nb = build()
        nbformat.validate(nb)
        if not args.no_execute:
            execute(nb)
            drawn = draw_pngs(nb, chromium) if chromium else 0
            print(f"{name}: executed, {drawn} figure(s) drawn as PNG" + ("" if chromium else " (no chromium: none drawn)"))
        nbformat.write(nb, HERE / f"{name}.ipynb")


if __name__ == "__main__":
    main()

"""Write the notebooks in this folder from the cells below, executed (run: ``python notebooks/build_notebooks.py``).

The notebooks use traceview's public API only (``import traceview as tv``), on traces committed with the project, so a
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

import traceview as tv

ROOT = Path.cwd().resolve()
ROOT = ROOT.parent if ROOT.name == "notebooks" else ROOT
SAMPLES = ROOT / "sample_traces"

# The GPU captures `traceview run` wrote on an H200, one directory per workload, one variant per trace (committed).
runs = {w: tv.open(SAMPLES / "gpu" / "runs" / w) for w in ("abc", "mpadam", "adam")}
traces = {(w, v): run for w, variants in runs.items() for v, run in variants.items()}
runs["adam"]'''


def kernel_counts() -> nbformat.NotebookNode:
    cells = [
        new_markdown_cell("# Kernels per call: eager vs compiled vs hand-written Triton\n\n"
                          "For each workload (A\\*B+C, Adam, mixed-precision Adam) and variant: how many kernels one call "
                          "launches, how much GPU time it takes, and how many bytes its kernels move against the least the "
                          "computation needs. `tv.open` gives a run; every table is a pandas DataFrame."),
        new_code_cell(FIND_TRACES),
        new_markdown_cell("## Kernels and GPU time per call\n\n`traceview run` records each call as a profiler step: "
                          "`compare()` puts a run directory's variants side by side, medians per step."),
        new_code_cell('''per_call = pd.concat([variants.compare().assign(workload=w) for w, variants in runs.items()], ignore_index=True)
per_call[["workload", "variant", "kernels_per_step", "gpu_ms_per_step", "launches_per_step", "step_ms"]]'''),
        new_code_cell('''px.bar(per_call, x="workload", y="kernels_per_step", color="variant", barmode="group", log_y=True,
       title="Kernels launched per call")'''),
        new_code_cell('''px.bar(per_call, x="workload", y="gpu_ms_per_step", color="variant", barmode="group", title="GPU kernel time per call")'''),
        new_markdown_cell("## Which kernels, and where they came from\n\n`run.kernels` is one row per kernel, with its phase, "
                          "step, compiled region, launch API and the CPU op that launched it; `tv.diff` matches kernels across "
                          "two runs by the ops they came from."),
        new_code_cell('''compiled = runs["abc"]["compiled"]
compiled.kernels.groupby(["step", "phase", "short_name"]).size()'''),
        new_code_cell('''d = tv.diff(runs["abc"]["eager"], runs["abc"]["compiled"])
d.kernels[["how", "ops", "a_ops", "b_kernels", "a_count", "b_count", "a_ms", "b_ms"]]'''),
        new_code_cell('''d.metrics'''),
        new_markdown_cell("## Bytes moved against the minimum\n\nFor compiled variants whose Inductor code was captured, "
                          "`generated_kernels` joins each kernel to its generated code (bytes moved, achieved GB/s) and "
                          "`generated_graphs` sets each graph's traffic against the least it needs (inputs read once, outputs "
                          "written once)."),
        new_code_cell('''kernels = pd.concat([run.generated_kernels.assign(workload=w, variant=v) for (w, v), run in traces.items()
                     if len(run.generated_kernels)], ignore_index=True)
kernels[["workload", "variant", "name", "calls", "bytes", "gbps", "pct_of_ceiling", "aten_ops"]]'''),
        new_code_cell('''graphs = pd.concat([run.generated_graphs.assign(workload=w, variant=v) for (w, v), run in traces.items()
                    if len(run.generated_graphs)], ignore_index=True)
px.bar(graphs.melt(id_vars=["workload", "variant", "graph"], value_vars=["min_bytes_per_element", "moved_bytes_per_element"],
                   var_name="bytes", value_name="bytes per element"),
       x="graph", y="bytes per element", color="bytes", barmode="group", hover_data=["workload", "variant"],
       title="Bytes per element: the least the graph needs vs what its kernels moved")'''),
    ]
    return new_notebook(cells=cells, metadata=_metadata())


def launch_overhead() -> nbformat.NotebookNode:
    cells = [
        new_markdown_cell("# Launch overhead: what a launch costs, how long until the GPU starts, and what graphs save\n\n"
                          "Per launch API (`cudaLaunchKernel`, `cuLaunchKernel`, `cuLaunchKernelEx`, `cudaGraphLaunch`, ...): "
                          "CPU time inside the call and the latency to the GPU start, over the run phase of every trace."),
        new_code_cell(FIND_TRACES),
        new_code_cell('''# two committed GPU captures that replay CUDA graphs: reduce-overhead A*B+C and GPT-2 training
traces[("graphs", "abc-reduce-overhead")] = tv.open(SAMPLES / "gpu" / "extras" / "reduce-overhead-steady")
traces[("graphs", "gpt2-reduce-overhead")] = tv.open(SAMPLES / "gpu" / "predictions" / "gpt2-reduce-overhead")
per_api = pd.concat([run.overhead.assign(workload=w, variant=v) for (w, v), run in traces.items()], ignore_index=True)
per_api'''),
        new_code_cell('''px.bar(per_api, x="api", y="cpu_us_median", color="variant", facet_col="workload", barmode="group",
       title="CPU cost of one launch (median µs)", hover_data=["calls", "cpu_us_p90"])'''),
        new_markdown_cell("## Launch latency\n\nFrom the start of the launch call to the start of its kernel on the GPU. "
                          "A long latency with a busy GPU means work is queued (good); a short kernel behind a long latency on "
                          "an idle GPU means the CPU cannot keep up."),
        new_code_cell('''latency = pd.concat([run.kernels[run.kernels["phase"] == "run"].assign(workload=w, variant=v)
                     for (w, v), run in traces.items()], ignore_index=True)
latency["latency_us"] = latency["launch_to_kernel_ns"].astype("float64") / 1e3
px.box(latency, x="launch_api", y="latency_us", color="workload", log_y=True, title="Launch latency per API (µs)")'''),
        new_markdown_cell("## Is the GPU waiting for the CPU?\n\nGPU busy time against idle time spent waiting for the next launch."),
        new_code_cell('''busy = pd.DataFrame([{"workload": w, "variant": v, **run.gpu_busy} for (w, v), run in traces.items()])
px.bar(busy.melt(id_vars=["workload", "variant"], value_vars=["busy_ms", "waiting_for_launches_ms"]),
       x="variant", y="value", color="variable", facet_col="workload", barmode="group", title="GPU busy vs waiting for launches")'''),
        new_markdown_cell("## Graph-launch amortization\n\nOne `cudaGraphLaunch` replays every kernel in the graph. Its CPU "
                          "cost, against the same kernels launched one by one at this trace's median single-kernel launch, is what "
                          "the graph saved."),
        new_code_cell('''rows = []
for (w, v), run in traces.items():
    graphs = run.graphs
    if len(graphs):
        single = run.overhead.set_index("api").drop(index=["cudaGraphLaunch"], errors="ignore")["cpu_us_median"].median()
        rows.append({"trace": f"{w}-{v}", "graph launches": len(graphs), "kernels replayed": int(graphs["kernels"].sum()),
                     "graph CPU µs": graphs["cpu_ns"].sum() / 1e3, "one-by-one CPU µs": graphs["kernels"].sum() * single})
amortization = pd.DataFrame(rows)
px.bar(amortization.melt(id_vars="trace", value_vars=["graph CPU µs", "one-by-one CPU µs"]), x="trace", y="value",
       color="variable", barmode="group", title="CPU µs: graph launches vs the same kernels launched one by one")'''),
        new_markdown_cell("## Per step: launch CPU time vs GPU time\n\nEach step's launch cost on the CPU next to its GPU time: "
                          "where the first is larger, the step is launch-bound."),
        new_code_cell('''steps = pd.concat([run.steps.assign(workload=w, variant=v) for (w, v), run in traces.items() if len(run.steps)],
                  ignore_index=True)
px.scatter(steps, x="launch_cpu_ms", y="gpu_ms", color="variant", symbol="workload", hover_data=["kernels", "launches"],
           title="Per step: launch CPU ms vs GPU ms")'''),
        new_markdown_cell("## Adam against the tensor count (the H200 sweep)\n\n`traceview run adam --size 4x1024 --size 16x512 "
                          "--size 64x256 --size 256x128 --json` on an H200 (the same ~50 M parameters in 50 to 3,074 tensors): "
                          "per variant, host ms (until `step()` returned) and GPU ms (kernel time) per step. Where the host line "
                          "crosses the GPU line, launching costs more than the kernels do: the `crossovers` below."),
        new_code_cell('''import json

sweep = json.loads((SAMPLES / "gpu" / "adam-sweep" / "adam_sweep.json").read_text())
rows = pd.DataFrame(sweep["runs"])
lines = rows.melt(id_vars=["variant", "n_tensors"], value_vars=["host_ms_per_step", "gpu_ms_per_step"], var_name="time", value_name="ms")
px.line(lines.sort_values("n_tensors"), x="n_tensors", y="ms", color="variant", line_dash="time", markers=True, log_x=True,
        log_y=True, title="Adam step on an H200: host ms (solid) and GPU ms (dashed) per step against the tensor count").show()
pd.DataFrame(sweep["crossovers"])[["variant", "sizes", "host_bound_from", "crossover_n_tensors", "detail"]]'''),
    ]
    return new_notebook(cells=cells, metadata=_metadata())


def advice_and_try() -> nbformat.NotebookNode:
    cells = [
        new_markdown_cell("# From a profile to what to change, and whether it paid\n\n"
                          "A transformers GPT-2 trained compiled on an H200 (`sample_traces/scripts/train_gpt2.py`), profiled "
                          "with `traceview profile --steps 10:13`: what bounds its steps, what traceview says to change first, "
                          "and what `traceview try` measured when it made each change on the same script."),
        new_code_cell('''from pathlib import Path

import pandas as pd
import plotly.express as px

import traceview as tv

ROOT = Path.cwd().resolve()
ROOT = ROOT.parent if ROOT.name == "notebooks" else ROOT
SAMPLES = ROOT / "sample_traces"

t = tv.open(SAMPLES / "gpu" / "predictions" / "gpt2-compiled")
t'''),
        new_markdown_cell("## Where each step went\n\nEach step followed back from its end (the critical path): host Python and "
                          "CPU ops, launch calls, kernels, copies, communication, GPU gaps. A GPU busy a fifth of the step, and "
                          "a path that is nearly all host time: the step is launch-bound."),
        new_code_cell('''t.critical_path'''),
        new_code_cell('''px.bar(t.critical_path.melt(id_vars=["step", "rank", "step_ms"], var_name="bound by", value_name="ms"),
       x="step", y="ms", color="bound by", title="What bounded each step (ms on the critical path)")'''),
        new_code_cell('''pd.DataFrame([t.gpu_busy])'''),
        new_markdown_cell("## What to change first\n\nThe changes traceview ranks, largest predicted saving first, each with its "
                          "evidence and how close its kind came where the change was made for real."),
        new_code_cell('''advice = t.advice[t.advice["ranked"]]
advice[["kind", "saving_ms", "saving_pct", "how"]]'''),
        new_code_cell('''px.bar(advice, x="saving_pct", y="kind", orientation="h", hover_data=["how"],
       title="Predicted saving, % of a step without the profiler")'''),
        new_markdown_cell("## Did it pay? `traceview try`\n\n`traceview try --steps 5:45 train_gpt2.py` ran the script as it "
                          "is and under each change that needs no edit, alternating in rounds, on the same H200: each change's "
                          "measured share of the step with its 90% interval, beside the share its advice predicted."),
        new_code_cell('''trial = tv.read_try(SAMPLES / "gpu" / "try" / "gpt2")
trial.changes[["change", "predicted_pct", "measured_pct", "low_pct", "high_pct", "verdict", "applied"]]'''),
        new_code_cell('''trial.plot()'''),
        new_code_cell('''px.strip(trial.runs, x="step_ms", y="arm", title="Every run's step (ms): separate processes differ, which is why "
         "try fits all of them")'''),
    ]
    return new_notebook(cells=cells, metadata=_metadata())


#: The notebooks, by file name.
NOTEBOOKS = {"kernel_counts": kernel_counts, "launch_overhead": launch_overhead, "advice_and_try": advice_and_try}


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
    return _NUMBER.sub(one, _VOLATILE.sub("<id>", _CHECKOUT.sub("<checkout>/", text)))


#: Where the repository was checked out, in a path the output prints (a clone in CI is not the committer's folder).
_CHECKOUT = re.compile(r"/[^\s<>\"']*?/(?=(?:sample_traces|tests|notebooks)/)")


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
    for name, build in NOTEBOOKS.items():
        nb = build()
        nbformat.validate(nb)
        if not args.no_execute:
            execute(nb)
            drawn = draw_pngs(nb, chromium) if chromium else 0
            print(f"{name}: executed, {drawn} figure(s) drawn as PNG" + ("" if chromium else " (no chromium: none drawn)"))
        nbformat.write(nb, HERE / f"{name}.ipynb")


if __name__ == "__main__":
    main()

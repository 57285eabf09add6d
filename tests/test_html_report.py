"""The HTML report: one offline page, every section, trace strings escaped (browser checks: test_browser.py)."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import DATA, h200
from tests.handmade import launch_and_kernel, write, x

XSS_IMG = "<img src=x onerror=alert(1)>"
XSS_SCRIPT = "</script><script>alert(1)</script>"


def _report(load_cached, path: Path, **kw) -> str:
    from traceview.analysis.analyze import analyze
    from traceview.report.html.analysis import render_report

    trace = load_cached(path)
    return render_report(analyze(trace), trace=trace, **kw)


def handmade_hostile_trace(tmp_path: Path) -> Path:
    """Kernel, op and thread names that are markup: the report must show them as text."""
    events = [x(XSS_SCRIPT, "cpu_op", 0, 100)]
    events += launch_and_kernel("cudaLaunchKernel", XSS_IMG, 10, 1)
    events += launch_and_kernel("cudaLaunchKernel", XSS_SCRIPT, 50, 2)
    events.append({"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "<b onmouseover=alert(1)>t</b>"}})
    return write(tmp_path / "handmade_hostile.json", events)


def handmade_compile_trace(tmp_path: Path) -> Path:
    """A first call of a compiled function: Dynamo stages, an autotune benchmark kernel, then one run kernel."""
    events = [
        x("Torch-Compiled Region: 0/0", "user_annotation", 0, 3000),
        x("entire_frame_compile (dynamo_timed)", "user_annotation", 5, 2000),
        x("bytecode_tracing", "user_annotation", 10, 500),
        x("aten::mul", "cpu_op", 20, 5),
        x("backend_compile", "user_annotation", 600, 1300),
        x("CachingAutotuner.benchmark_all_configs", "user_annotation", 2100, 300),
        x("triton_poi_fused_add_mul_0", "cpu_op", 2500, 50),
    ]
    events += launch_and_kernel("cuLaunchKernel", "triton_poi_fused_add_mul_0", 2150, 1, cat="cuda_driver")
    events += launch_and_kernel("cuLaunchKernel", "triton_poi_fused_add_mul_0", 2510, 2, cat="cuda_driver")
    return write(tmp_path / "handmade_compile.json", events)


def test_report_is_one_offline_file_with_plotly_inlined(load_cached):
    page = _report(load_cached, h200("adam_forloop"))
    assert not re.search(r"<script[^>]+src=", page), "no external scripts"
    assert "cdn.plot.ly" not in re.sub(r"<script>.*?</script>", "", page, flags=re.S)
    assert "Plotly.newPlot" in page and len(page) > 3_000_000  # plotly.js itself is in the page
    assert page.count('class="tv-plot"') >= 5


def part_order(page: str) -> list[tuple[str, float]]:
    """The parts the page's order line lists, (anchor, ms), checked to follow in that order, largest first."""
    nav = re.search(r'<nav class="tv-order">(.*?)</nav>', page).group(1)
    parts = [(anchor, 0.0 if ms == "none" else float(ms.replace(",", "")))
             for anchor, ms in re.findall(r'<a href="#(\w+)">[^<]*</a> (none|[\d,.]+)(?: ms)?', nav)]
    assert len(parts) == 4 and [ms for _, ms in parts] == sorted((ms for _, ms in parts), reverse=True)
    starts = [page.index(f'<div id="{anchor}"></div>') for anchor, _ in parts]
    assert starts == sorted(starts) and page.index("<h2>Timeline") < starts[0]
    return parts


def test_report_opens_with_advice_findings_timeline_then_parts_by_their_time(load_cached):
    page = _report(load_cached, h200("adam_forloop"))
    order = [page.index(h) for h in ("<h2>What to change first", "<h2>Findings", "<h2>Timeline", "<h2>Kernels (run phase)", "<h2>Kernels per compiled")]
    assert order == sorted(order)
    assert "launch-bound" in page  # for-loop Adam waits on launches: the top finding says so
    parts = dict(part_order(page))
    # no compilation in this trace; its kernels' time is every kernel's in the file (a plain reading)
    with gzip.open(h200("adam_forloop"), "rt") as f:
        kernels = [e for e in json.load(f)["traceEvents"] if e.get("cat") == "kernel"]
    assert parts["compilation"] == 0 and parts["communication"] == 0
    assert parts["kernels"] == pytest.approx(sum(e["dur"] for e in kernels) / 1e3, abs=0.05)
    assert parts["host"] > parts["kernels"]  # the for-loop's GPU mostly waits on launches: that part comes first
    assert page.index('<div id="host">') < page.index("<h2>Launch overhead") < page.index('<div id="kernels">')


def test_kernel_table_is_sortable_and_lists_each_kernel_with_its_op(load_cached):
    page = _report(load_cached, h200("adam_forloop"))
    table = re.search(r'<table class="tv-table tv-sortable kernels">.*?</table>', page, re.S).group(0)
    assert table.count("<tr>") == 1 + 7  # header + 7 distinct kernels
    assert "aten::lerp_" in table and "cudaLaunchKernel" in table and 'data-sort="72.0"' in table


def test_compiled_region_calls_and_steps_are_counted(load_cached):
    page = _report(load_cached, h200("abc_compiled_steady"))
    assert "1, 1, 1, 1, 1" in page  # kernels per call of region 0/0
    page = _report(load_cached, h200("adam_foreach"))
    assert "Optimizer.step#Adam.step" in page and "Kernels per step" in page


def test_first_call_report_separates_compile_autotune_and_run(load_cached, tmp_path):
    page = _report(load_cached, handmade_compile_trace(tmp_path))
    assert "Compile stages" in page and "Dynamo: bytecode tracing" in page
    phases = re.search(r"<table class=\"tv-table\"><thead><tr><th class=\"\">phase</th>.*?</table>", page, re.S).group(0)
    assert re.search(r"autotune</td>.*?>1</td>", phases) and re.search(r"run</td>.*?>1</td>", phases)
    assert "fake tensors" in page and "aten::mul" in page


def test_graph_launch_trace_shows_amortization(load_cached):
    from tests.conftest import public

    page = _report(load_cached, public("hta__trace_diff_test_V100_rank1of2_cudagraph.json.gz"))
    assert "Graph-launch amortization" in page and "one-by-one equivalent" in page
    assert "Downsampled for size" in page  # 15k GPU activities: the timeline draws a subset and says so


def test_generated_code_adds_kernel_source_aten_ops_and_bandwidth(load_cached):
    page = _report(load_cached, DATA / "inductor" / "cuda" / "mp_adam_returning.pt.trace.json.gz", code_dir=DATA / "inductor" / "cuda")
    assert '<details id="k-triton_poi_fused__to_copy_add_copy_copy__div_mul_sqrt_sub_0">' in page
    assert "Original ATen:</b> aten.mul, aten._to_copy" in page and "GB/s" in page and "tl.load" in page


def test_hostile_trace_strings_are_escaped_everywhere(load_cached, tmp_path):
    page = _report(load_cached, handmade_hostile_trace(tmp_path))
    assert XSS_IMG not in page and "<b onmouseover" not in page
    assert "<script>alert(1)" not in page and "</script><script>alert" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page  # shown as text in the kernel table
    data = re.search(r'<script type="application/json" id="tv-figures">(.*?)</script>', page, re.S).group(1)
    assert "<" not in data  # JSON for plotly has every < escaped as \u003c


def test_report_command_writes_the_page(tmp_path):
    from traceview.cli import app

    out = tmp_path / "r.html"
    result = CliRunner().invoke(app, ["report", str(h200("abc_eager")), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("name", ["hta__amd_mi250_rocm6.2.json.gz", "zoology__a100_launches_without_kernels.json",
                                  "tracelens__mi300x_vllm_piecewise_hipgraph.json.gz", "kineto__docs_before_fix_H100.json"])
def test_report_renders_traces_from_other_tools(load_cached, name):
    from tests.conftest import public

    page = _report(load_cached, public(name))
    assert "<h2>Findings</h2>" in page and page.rstrip().endswith("</html>")


def test_first_call_capture_reports_compile_seconds_and_one_kernel_per_call(load_cached):
    from tests.conftest import SAMPLES

    path = SAMPLES / "gpu" / "extras" / "abc-compiled-first-call" / "abc-compiled.pt.trace.json.gz"
    page = _report(load_cached, path)
    assert re.search(r"torch.compile spent [\d.]+ s compiling", page)
    assert "1 kernel(s) per call in steady state" in page and "Compile stages" in page


def _page_text(page: str) -> str:
    import html as html_lib

    body = re.sub(r"<script.*?</script>", "", page.split("<main>", 1)[1].split("</main>", 1)[0], flags=re.S)
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", body)))


@pytest.mark.parametrize("name", ["abc/abc-eager", "abc/abc-compiled"])
def test_a_cpu_page_shows_what_was_measured_and_says_what_cannot_be(name):
    """Issue 23: no "No run-phase kernels" above a CPU kernel table, no launch verdict from all-zero GPU
    numbers, no record_shapes advice when the shapes were recorded."""
    import gzip
    import json

    from traceview.analysis.analyze import analyze
    from traceview.report.html.analysis import render_report
    from tests.conftest import SAMPLES
    from traceview.trace import load

    path = SAMPLES / "cpu" / f"{name}.pt.trace.json.gz"
    text = _page_text(render_report(analyze(load(path))))
    assert "No run-phase kernels" not in text and "launch-bound" not in text
    assert "No GPU in this trace" in text and "CPU kernels" in text
    with gzip.open(path, "rt") as f:
        shapes = any("Input Dims" in e.get("args", {}) for e in json.load(f)["traceEvents"] if e.get("cat") == "cpu_op")
    assert ("record_shapes=True" in text) == (not shapes)


def test_tables_fold_only_when_more_than_a_few_rows_would_be_hidden():
    from traceview.report.html.page import FOLD_ROWS, table

    def rows(n):
        return [[f"k{i}", (f"{i}", i)] for i in range(n)]

    short = table(["kernel", "ms"], rows(FOLD_ROWS + 5), numeric=[False, True])
    assert "tv-folded" not in short and "tv-more" not in short and short.count("<tr>") == FOLD_ROWS + 6
    long = table(["kernel", "ms"], rows(FOLD_ROWS + 6), numeric=[False, True], sortable=True)
    assert long.count('<tr class="tv-fold">') == 6 and long.count("<tr>") == 1 + FOLD_ROWS  # header + the top rows
    assert f'data-fold="{FOLD_ROWS}"' in long and f"show all {FOLD_ROWS + 6} rows (6 more)</button>" in long
    # every row is in the page (nothing lost, Ctrl+F after unfolding finds it), in the order given
    assert [int(m) for m in re.findall(r"<td[^>]*>k(\d+)</td>", long)] == list(range(FOLD_ROWS + 6))
    assert "tv-fold" not in table(["kernel", "ms"], rows(100), numeric=[False, True], fold=None)

"""The report's peer sections on real traces: communication (per rank, rank x step heatmaps, worst
collectives), memory (peaks, timeline, live at the peak), the roofline, and the Perfetto link."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from conftest import DATA, SAMPLES
from traceview.analysis.analyze import analyze
from traceview.report.html.analysis import render_report


def _figures(html: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="tv-figures">(.*?)</script>', html, re.S).group(1))


def test_two_rank_report_shows_comm_per_rank_worst_collectives_and_the_rank_step_heatmaps(load_cached):
    trace = load_cached(SAMPLES / "ddp_2rank")
    html = render_report(analyze(trace), trace=trace)
    assert "<h2>Communication vs computation</h2>" in html and "Worst collectives by start skew (6 matched" in html
    titles = [f["layout"]["title"]["text"] for f in _figures(html).values()]
    heatmap = next(f for f in _figures(html).values() if f["layout"]["title"]["text"].startswith("Time each rank waited"))
    assert heatmap["data"][0]["type"] == "heatmap" and heatmap["data"][0]["y"] == ["rank 0", "rank 1"]
    assert heatmap["data"][0]["x"] == ["ProfilerStep#2", "ProfilerStep#3", "ProfilerStep#4"]
    assert any(t.startswith("Exposed communication per rank and step") for t in titles)


def test_memory_trace_report_shows_peaks_timeline_live_blocks_and_roofline(load_cached):
    trace = load_cached(DATA / "training" / "gpt2-memory.json.gz")
    html = render_report(analyze(trace), trace=trace, perfetto="gpt2-memory.perfetto.json.gz")
    assert "314.5" in html and "341.8" in html  # peak allocated / reserved MB
    assert "aten::_log_softmax_backward_data" in html
    titles = [f["layout"]["title"]["text"] for f in _figures(html).values()]
    assert "GPU memory over the trace" in titles and "Roofline (log-log)" in titles
    assert 'href="gpt2-memory.perfetto.json.gz"' in html and "ui.perfetto.dev" in html


def test_trace_without_comm_memory_or_shapes_says_so(load_cached):
    from conftest import h200

    trace = load_cached(h200("abc_eager"))
    html = render_report(analyze(trace), trace=trace)
    assert "No NCCL/RCCL kernels in this trace" in html and "No [memory] events" in html
    assert "Open in Perfetto" not in html


def test_report_command_writes_and_links_the_annotated_trace(tmp_path):
    from traceview.cli import app

    out = tmp_path / "page.html"
    result = CliRunner().invoke(app, ["report", str(DATA / "training" / "gpt2-reduce-overhead.json.gz"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "page.perfetto.json.gz").exists()
    assert 'href="page.perfetto.json.gz"' in out.read_text()

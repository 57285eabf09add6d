"""The "why" in the reports: graph breaks / recompiles / compiled frames and the module tree, in the HTML
page, the terminal view and ``analyze --json``, on the real GPT-2 runs."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path

from typer.testing import CliRunner

from traceview.cli import app

DATA = Path(__file__).parent / "data"
TRAINING = DATA / "training"
CPU_RUN = DATA / "runs" / "gpt2-cpu-recompile"
runner = CliRunner()


def _page(tmp_path: Path, path: Path, *extra: str) -> str:
    out = tmp_path / "page.html"
    result = runner.invoke(app, ["report", str(path), "-o", str(out), *extra])
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


def _section(page: str, title: str) -> str:
    start = page.index(f"<h2>{title}")
    return page[start:page.index("<h2>", start + 4)]


def test_report_shows_graph_breaks_recompiles_and_frames_after_phases(tmp_path):
    page = _page(tmp_path, TRAINING / "gpt2-recompile.json.gz")
    from tests.test_html_report import part_order

    parts = part_order(page)  # compilation took most of this trace's time: its part (phases, breaks, recompiles) leads
    assert parts[0][0] == "compilation" and parts[0][1] > 1000
    order = [page.index(h) for h in ("<h2>Findings", "<h2>Timeline", "<h2>Phases", "<h2>Graph breaks and recompiles", "<h2>Time per module")]
    assert order == sorted(order)
    why = _section(page, "Graph breaks and recompiles")
    assert "1 graph break(s), 4 recompile(s)" in why
    assert "logging.Logger method not supported for non-export cases" in why
    assert "transformers/modeling_utils.py:4635" in why and "ignore_logging_functions" in why
    assert "tensor &#x27;input_ids&#x27; size mismatch at index 1. expected 128, actual 96" in why
    frames = re.search(r"<h3>Compiled frames and their regions</h3>(<table.*?</table>)", why, re.S).group(1)
    assert frames.count("<tr>") == 1 + 9  # header + compile ids 0/0 .. 4/1


def test_report_of_a_run_directory_and_an_explicit_structured_trace(tmp_path):
    page = _page(tmp_path, CPU_RUN)
    assert "expected 16, actual 12" in _section(page, "Graph breaks and recompiles")
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy(TRAINING / "gpt2-compiled.json.gz", alone / "t.json.gz")
    without = _section(_page(tmp_path, alone / "t.json.gz"), "Graph breaks and recompiles")
    assert "? graph break(s)" in without and "no structured trace" in without
    given = _section(_page(tmp_path, alone / "t.json.gz", "--torch-trace", str(TRAINING / "gpt2-compiled.torch_trace.log.gz")),
                     "Graph breaks and recompiles")
    assert "1 graph break(s)" in given


def test_report_shows_the_module_tree_with_an_icicle(tmp_path):
    page = _page(tmp_path, TRAINING / "gpt2-eager-stack.json.gz")
    modules = _section(page, "Time per module")
    assert "441 of 471 run-phase kernels belong to a module" in modules
    assert "GPT2Block_0" in modules and "[Optimizer.step#AdamW.step]" in modules
    figures = re.search(r'<script type="application/json" id="tv-figures">(.*?)</script>', page, re.S).group(1)
    assert '"type":"icicle"' in figures and "GPT2LMHeadModel_0.GPT2Model_0.GPT2Block_1" in figures
    plain = _section(_page(tmp_path, TRAINING / "gpt2-eager.json.gz"), "Time per module")
    assert "with_stack" in plain


def test_hostile_strings_in_a_structured_trace_are_escaped(tmp_path):
    """A handmade structured trace (an edge case no real run writes): markup in a graph-break reason."""
    shutil.copy(TRAINING / "gpt2-compiled.json.gz", tmp_path / "h.json.gz")
    meta = '{"artifact": {"name": "dynamo_graph_break_reason", "encoding": "string"}, "frame_id": 1, "frame_compile_id": 0, "attempt": 0, "has_payload": "x"}'
    text = ("Graph break in user code at /x/<img src=x onerror=alert(1)>.py:3\nGraph Break Reason: e:\n\n"
            "<script>alert(1)</script>\n  Explanation: x\n  Hint: <b>h</b>\n\nUser code traceback:\n"
            '  File "/x/<img src=x onerror=alert(1)>.py", line 3, in f\n    <i>code</i>\n')
    log = f"V1123 11:25:01.078000 551 torch/_dynamo/symbolic_convert.py:1] {meta}\n" + "".join(f"\t{ln}\n" for ln in text.splitlines())
    (tmp_path / "h.torch_trace.log.gz").write_bytes(gzip.compress(log.encode()))
    page = _page(tmp_path, tmp_path / "h.json.gz")
    assert "<script>alert(1)" not in page and "<img src=x" not in page and "<b>h</b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in _section(page, "Graph breaks and recompiles")


def test_terminal_and_json_views_carry_reasons_modules_and_metrics():
    result = runner.invoke(app, ["analyze", str(TRAINING / "gpt2-compiled.json.gz")], terminal_width=200)
    assert result.exit_code == 0
    assert "graph breaks (structured trace)" in result.output and "logger.warning_once(" in result.output
    result = runner.invoke(app, ["analyze", str(TRAINING / "gpt2-reduce-overhead-stack.json.gz")], terminal_width=200)
    assert "time per module (per step): 366 of 396 kernels in a module" in result.output
    doc = json.loads(runner.invoke(app, ["analyze", "--json", str(TRAINING / "gpt2-compiled.json.gz")]).stdout)
    assert doc["compile_reasons"]["graph_breaks"] == 1 and doc["compile_reasons"]["source"] == "structured trace"
    assert doc["compile_reasons"]["graph_break_sites"][0]["compile_ids"] == ["0/0", "1/0", "2/0"]
    assert doc["metrics"]["kernels_per_step"] == 127 and doc["metrics"]["graph_breaks"] == 1
    assert doc["modules"]["rows"] == [] and doc["modules"]["notes"]

"""The HTML reports in a real headless browser (Debian's chromium): plots render, no script errors,
and hostile trace strings stay text. Skipped without chromium, except in CI (``CI`` set), where it fails."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import h200
from tests.test_html_report import handmade_hostile_trace


@pytest.fixture(scope="module")
def chromium() -> str:
    exe = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (.ci/run installs it)")
        pytest.skip("chromium is not installed")
    return exe


def dump_dom(chromium: str, page: Path, tmp_path: Path) -> str:
    """The DOM after the page's scripts ran (virtual time lets plotly finish drawing)."""
    cmd = [chromium, "--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage", f"--user-data-dir={tmp_path / 'profile'}",
           "--virtual-time-budget=15000", "--dump-dom", page.resolve().as_uri()]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def errors(dom: str) -> str:
    return re.search(r'<pre id="tv-errors">(.*?)</pre>', dom, re.S).group(1)


def _write(load_cached, path: Path, out: Path) -> Path:
    from traceview.analysis.analyze import analyze
    from traceview.report.html.analysis import write_report

    trace = load_cached(path)
    return write_report(analyze(trace), out, trace=trace)


@pytest.mark.slow
def test_report_plots_render_without_script_errors(chromium, load_cached, tmp_path):
    page = _write(load_cached, h200("adam_foreach"), tmp_path / "report.html")
    dom = dump_dom(chromium, page, tmp_path)
    assert 'data-tv-loaded="1"' in dom
    assert dom.count("js-plotly-plot") >= page.read_text(encoding="utf-8").count('class="tv-plot"') >= 5
    assert errors(dom) == ""


@pytest.mark.slow
def test_hostile_kernel_names_do_not_run_script(chromium, load_cached, tmp_path):
    page = _write(load_cached, handmade_hostile_trace(tmp_path), tmp_path / "hostile.html")
    dom = dump_dom(chromium, page, tmp_path)
    assert 'data-tv-loaded="1"' in dom and "js-plotly-plot" in dom
    assert not re.search(r"<img[^>]*onerror", dom)  # no live element: only escaped text
    assert "&lt;img src=x onerror=alert(1)&gt;" in dom
    assert errors(dom) == ""  # no alert() (the page records alert calls) and no script errors


@pytest.mark.slow
def test_diff_page_renders(chromium, load_cached, tmp_path):
    from traceview.analysis.analyze import analyze
    from traceview.analysis.compare.diff import diff_analyses
    from traceview.report.html.diff import write_diff_html

    d = diff_analyses(analyze(load_cached(h200("abc_eager"))), analyze(load_cached(h200("abc_compiled_steady"))), "eager", "compiled")
    dom = dump_dom(chromium, write_diff_html([d], tmp_path / "diff.html"), tmp_path)
    assert "js-plotly-plot" in dom and errors(dom) == ""


#: Appended to a copy of the page: where the advice and the top kernels sit once the page has laid out.
_LAYOUT_PROBE = """<script>window.addEventListener("load", () => setTimeout(() => {
  const box = id => { const e = document.getElementById(id); return e ? e.getBoundingClientRect().top : null; };
  const pre = document.createElement("pre"); pre.id = "tv-layout";
  pre.textContent = JSON.stringify({advice: box("advice"), kernels: box("top-kernels"), height: window.innerHeight});
  document.body.appendChild(pre); }, 500));</script>"""


@pytest.mark.slow
def test_first_screen_holds_the_advice_and_the_top_kernels_with_short_names(chromium, tmp_path):
    """Issue 23: the first screen (1400x900) answers "what do I change" and "where did my step go"."""
    import json

    from traceview.analysis.analyze import analyze
    from traceview.report.html.analysis import write_report
    from traceview.trace import load
    from traceview.trace.run_files import dynamo_record, run_files

    run = Path(__file__).resolve().parents[1] / "sample_traces" / "gpu" / "predictions" / "gpt2-compiled"
    trace = load(run)
    page = write_report(analyze(trace, dynamo_record(run_files(run))), tmp_path / "report.html", trace=trace)
    probe = tmp_path / "probe.html"
    head, tail = page.read_text(encoding="utf-8").rsplit("</body>", 1)  # the page's own end (plotly.js holds the string too)
    head = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", head, count=1)  # let the probe run
    probe.write_text(head + _LAYOUT_PROBE + "</body>" + tail, encoding="utf-8")
    base = [chromium, "--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
            f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1400,900", "--virtual-time-budget=15000"]
    dom = subprocess.run([*base, "--dump-dom", probe.resolve().as_uri()], capture_output=True, text=True, timeout=120).stdout
    layout = json.loads(re.search(r'<pre id="tv-layout">(.*?)</pre>', dom, re.S).group(1).replace("&quot;", '"'))
    assert layout["height"] > 600  # the viewport of a 1400x900 window
    assert 0 <= layout["advice"] < layout["kernels"] < layout["height"]
    first = dom[dom.index('id="advice"'):dom.index('id="top-kernels"')]
    assert "reduce-overhead" in first  # the largest saving: CUDA graphs
    kernels = dom[dom.index('id="top-kernels"'):].split("</table>", 1)[0]
    assert "void " not in re.sub(r'title="[^"]*"', "", kernels)  # short names shown, C++ signatures only on hover
    shot = tmp_path / "first-screen.png"
    done = subprocess.run([*base, f"--screenshot={shot}", page.resolve().as_uri()], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)
    assert done.returncode == 0 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.stat().st_size > 30_000  # a drawn page, not a blank one (a blank 1400x900 PNG is a few kB)


#: Clicks the first fold button, sorts its table by the first numeric column, and records what is visible.
_FOLD_PROBE = """<script>window.addEventListener("load", () => setTimeout(() => {
  const table = document.querySelector("table.tv-sortable.tv-folded"), button = table.nextElementSibling;
  const shown = () => Array.from(table.tBodies[0].rows).filter(r => r.offsetParent !== null).length;
  const first = shown(); button.click(); const all = shown(); const text = button.textContent; button.click();
  const th = Array.from(table.tHead.rows[0].cells).findIndex(c => c.classList.contains("num"));
  table.tHead.rows[0].cells[th].click();  // sort: the new top rows are the ones shown
  const keys = Array.from(table.tBodies[0].rows).filter(r => r.offsetParent !== null).map(r => r.cells[th].getAttribute("data-sort"));
  const pre = document.createElement("pre"); pre.id = "tv-fold";
  pre.textContent = JSON.stringify({first, all, text, total: table.tBodies[0].rows.length, sortedShown: keys.length, keys});
  document.body.appendChild(pre); }, 500));</script>"""


@pytest.mark.slow
def test_long_tables_show_their_top_rows_and_unfold_on_click(chromium, load_cached, tmp_path):
    """Issue 23: a long table shows its top rows; the button shows them all; after a sort the top rows shown are the new top."""
    import json

    from traceview.analysis.analyze import analyze
    from traceview.report.html.analysis import write_report

    from traceview.trace import load
    from traceview.trace.run_files import dynamo_record, run_files

    run = Path(__file__).resolve().parents[1] / "sample_traces" / "gpu" / "predictions" / "gpt2-compiled"
    trace = load(run)
    page = write_report(analyze(trace, dynamo_record(run_files(run))), tmp_path / "report.html", trace=trace).read_text(encoding="utf-8")
    assert 'tv-sortable tv-folded' in page
    head, tail = page.rsplit("</body>", 1)
    head = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", head, count=1)
    probe = tmp_path / "probe.html"
    probe.write_text(head + _FOLD_PROBE + "</body>" + tail, encoding="utf-8")
    cmd = [chromium, "--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage", f"--user-data-dir={tmp_path / 'profile'}",
           "--window-size=1400,900", "--virtual-time-budget=15000", "--dump-dom", probe.resolve().as_uri()]
    dom = subprocess.run(cmd, capture_output=True, text=True, timeout=120).stdout
    got = json.loads(re.search(r'<pre id="tv-fold">(.*?)</pre>', dom, re.S).group(1).replace("&quot;", '"'))
    assert got["first"] == 15 and got["all"] == got["total"] > 20
    assert got["text"] == "show the top 15 rows only"
    assert got["sortedShown"] == 15
    keys = [float(k) if k not in ("", None) else float("inf") for k in got["keys"]]
    assert keys == sorted(keys) or keys == sorted(keys, reverse=True)
    assert errors(dom) == ""

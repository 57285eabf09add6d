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
    from traceview.report.html import write_report

    trace = load_cached(path)
    return write_report(analyze(trace), out, trace=trace)


def test_report_plots_render_without_script_errors(chromium, load_cached, tmp_path):
    page = _write(load_cached, h200("adam_foreach"), tmp_path / "report.html")
    dom = dump_dom(chromium, page, tmp_path)
    assert 'data-tv-loaded="1"' in dom
    assert dom.count("js-plotly-plot") >= page.read_text(encoding="utf-8").count('class="tv-plot"') >= 5
    assert errors(dom) == ""


def test_hostile_kernel_names_do_not_run_script(chromium, load_cached, tmp_path):
    page = _write(load_cached, handmade_hostile_trace(tmp_path), tmp_path / "hostile.html")
    dom = dump_dom(chromium, page, tmp_path)
    assert 'data-tv-loaded="1"' in dom and "js-plotly-plot" in dom
    assert not re.search(r"<img[^>]*onerror", dom)  # no live element: only escaped text
    assert "&lt;img src=x onerror=alert(1)&gt;" in dom
    assert errors(dom) == ""  # no alert() (the page records alert calls) and no script errors


def test_diff_page_renders(chromium, load_cached, tmp_path):
    from traceview.analysis.analyze import analyze
    from traceview.analysis.diff import diff_analyses
    from traceview.report.diff_view import write_diff_html

    d = diff_analyses(analyze(load_cached(h200("abc_eager"))), analyze(load_cached(h200("abc_compiled_steady"))), "eager", "compiled")
    dom = dump_dom(chromium, write_diff_html([d], tmp_path / "diff.html"), tmp_path)
    assert "js-plotly-plot" in dom and errors(dom) == ""

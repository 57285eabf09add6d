"""Analyzing a trace needs neither torch nor triton (``pip install traceview`` on a laptop); the
commands that run code (``run``, ``profile``) say in one line that they need the ``capture`` extra.

Each command runs through the real entry point in a fresh interpreter where importing ``torch`` or
``triton`` raises ImportError, as on a machine where neither is installed -- nor orjson and HTA, which
only the test and benchmark extras bring (a ``check`` against a saved analysis once needed orjson).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import ROOT, SAMPLES, h200

#: Run in a child interpreter: block torch/triton, run each command line through ``main()``, and
#: print one JSON object per command (exit code, stdout, stderr), plus the blocked imports seen.
_CHILD = r"""
import contextlib, io, json, sys

BLOCKED = ("torch", "triton", "orjson", "hta")
tried = []

class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            tried.append(name)
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Blocker())
from traceview.cli import main

for args in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    sys.argv = ["traceview", *args]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main()
            code = 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
    print(json.dumps({"args": args, "code": code, "out": out.getvalue(), "err": err.getvalue()}))
print(json.dumps({"blocked_imports": tried, "loaded": sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)}))
"""


def _run_without_torch(commands: list[list[str]], cwd) -> tuple[list[dict], dict]:
    proc = subprocess.run([sys.executable, "-c", _CHILD, json.dumps(commands)], capture_output=True, text=True,
                          cwd=cwd, timeout=600, env={**__import__("os").environ, "TRACEVIEW_CACHE_DIR": str(cwd / "cache")})
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    return lines[:-1], lines[-1]


@pytest.mark.slow
def test_every_analysis_command_works_without_torch_and_run_profile_say_what_to_install(tmp_path):
    trace, other = str(h200("abc_eager")), str(h200("abc_compiled_steady"))
    run_dir = str(SAMPLES / "gpu" / "runs" / "abc")
    script = tmp_path / "script.py"
    script.write_text("print('hello')\n")
    commands = [
        ["info", trace],
        ["analyze", "--json", other],
        ["report", other, "-o", str(tmp_path / "report.html")],
        ["diff", trace, other],
        ["kernels", run_dir],
        ["show", "triton_poi_fused_add_mul_0", run_dir],
        ["ranks", str(SAMPLES / "ddp_2rank")],
        ["check", trace, "--baseline", str(tmp_path / "saved.json"), "--max-regression", "kernels=0"],
        ["run", "abc", "--out", str(tmp_path / "run")],
        ["profile", "--out", str(tmp_path / "profile"), str(script)],
    ]
    saved = subprocess.run([sys.executable, "-m", "traceview", "analyze", "--json", other], capture_output=True, text=True, check=True)
    (tmp_path / "saved.json").write_text(saved.stdout)  # a saved analysis: check's --baseline
    results, imports = _run_without_torch(commands, tmp_path)
    by_command = {r["args"][0]: r for r in results}
    check = by_command["check"]  # eager has more kernels than the compiled baseline: exit 1, not an error
    assert check["code"] == 1 and check["out"].startswith("FAIL  kernels "), check
    for name in ("info", "analyze", "report", "diff", "kernels", "show", "ranks"):
        r = by_command[name]
        assert r["code"] == 0, (name, r["err"][-2000:])
        assert r["out"].strip() or name == "report", name  # report says "wrote PATH" on stderr
    assert json.loads(by_command["analyze"]["out"])["kernels"]["runtime"] == 5  # one fused kernel per call, 5 calls
    assert "triton_poi_fused_add_mul_0" in by_command["show"]["out"]
    assert (tmp_path / "report.html").stat().st_size > 100_000  # plotly inlined: the page works offline
    for name in ("run", "profile"):
        r = by_command[name]
        assert r["code"] == 2 and r["out"] == "", (name, r)
        lines = r["err"].splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"traceview: error: traceview {name} needs PyTorch"), r["err"]
        assert "pip install 'traceview[capture]'" in lines[0]
    assert not (tmp_path / "run").exists() and not (tmp_path / "profile").exists()  # refused before writing anything
    assert imports["loaded"] == []
    assert "torch" in imports["blocked_imports"], "the blocker never saw an import of torch: run/profile did not try"
    # (orjson may be asked for too: plotly tries it and falls back to the json module)


def test_package_metadata_keeps_torch_and_triton_out_of_the_base_install():
    """``pip install traceview`` brings what the analysis needs; torch and triton only with ``[capture]``,
    HolisticTraceAnalysis only with ``[test]``/``[bench]``."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    base = " ".join(project["dependencies"])
    for name in ("torch", "triton", "holistictraceanalysis", "orjson"):
        assert name not in base, name
    extras = project["optional-dependencies"]
    assert any(d.startswith("torch>=") and "<2.14" in d for d in extras["capture"])
    assert any(d.startswith("triton") for d in extras["capture"])
    assert any(d.startswith("holistictraceanalysis") for d in extras["test"])
    assert isinstance(project["license"], str)  # an SPDX expression, not the deprecated table

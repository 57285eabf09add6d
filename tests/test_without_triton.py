"""``traceview run`` where torch imports but Triton does not (torch's CPU wheel, macOS): the variants
that need Triton are skipped in one line that says how to get them, the others run, exit 0.

The run goes through the real entry point in a child interpreter whose import of ``triton`` raises
ModuleNotFoundError, as on a machine without it. The same run checks the variants table's
``compile s``: a steady-state trace holds none of the compiling, meta.json records it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from conftest import ROOT

_CHILD = r"""
import sys

class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "triton":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Blocker())
from traceview.cli import main

sys.argv = ["traceview", *sys.argv[1:]]
main()
"""


def _traceview_without_triton(*args: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", _CHILD, *args], capture_output=True, text=True, cwd=cwd, timeout=600,
                          env={**__import__("os").environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"})


def _messages(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.strip() and not line.startswith("USDT:")]  # Kineto's own


@pytest.mark.slow
def test_run_abc_without_triton_skips_triton_variants_in_one_line_and_exits_0(tmp_path):
    out = tmp_path / "abc"
    proc = _traceview_without_triton("run", "abc", "--size", "cpu", "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "ModuleNotFoundError" not in proc.stderr
    skipped = [line for line in _messages(proc.stderr) if "skipped" in line]
    assert len(skipped) == 1, proc.stderr
    assert "triton" in skipped[0] and "pip install 'traceview[capture]'" in skipped[0]
    meta = json.loads((out / "meta.json").read_text())
    assert set(meta["variants"]) == {"eager", "compiled", "max-autotune"}
    assert set(meta["skipped"]) == {"triton"}
    for name, entry in meta["variants"].items():
        assert (out / entry["trace"]).is_file(), name

    # compile s: meta.json's own Dynamo compile time of each compiled variant, not the trace's 0.00
    rows = {m.group(1): float(m.group(2)) for m in re.finditer(r"(abc-[\w-]+)\s.*?│\s+([\d.,]+)\s+│\s*$", proc.stdout, re.M)}
    for name in ("compiled", "max-autotune"):
        recorded = meta["variants"][name]["dynamo"]["compile_times_s"]["_compile.compile_inner"]
        assert recorded > 0.01  # a warm Inductor cache compiles in ~0.05 s, a cold one in seconds
        assert rows[f"abc-{name}"] > 0 and abs(rows[f"abc-{name}"] - recorded) <= 0.006 + 0.05 * recorded, (name, rows, recorded)
    assert rows["abc-eager"] == 0.0


def test_run_only_triton_variants_without_triton_is_one_line_exit_2(tmp_path):
    proc = _traceview_without_triton("run", "abc", "-v", "triton", "--size", "cpu", "-o", str(tmp_path / "o"), cwd=tmp_path)
    assert proc.returncode == 2
    lines = _messages(proc.stderr)
    assert len(lines) == 1 and "pip install 'traceview[capture]'" in lines[0], proc.stderr

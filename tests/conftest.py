"""Shared fixtures: the project's real traces, and the shared public ones when present."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

os.environ.setdefault("HTA_DISABLE_NS_ROUNDING", "1")

#: TraceLens (AMD) is not on PyPI: the modules its peer tests call are kept under tests/third_party at a
#: pinned commit (tests/third_party/README.md). Appended, so an installed TraceLens is used first.
PEERS = Path(__file__).parent / "third_party"
if str(PEERS) not in sys.path:
    sys.path.append(str(PEERS))

DATA = Path(__file__).parent / "data"
H200 = DATA / "h200"
ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "sample_traces"
#: Public traces from other projects, kept outside the repository (../shared/traces/public).
PUBLIC = ROOT.parent / "shared" / "traces" / "public"


def h200(name: str) -> Path:
    return H200 / f"{name}.json.gz"


def public(name: str) -> Path:
    path = PUBLIC / name
    if not path.exists():
        pytest.skip(f"public trace {name} is not beside this checkout (../shared/traces/public)")
    return path


@pytest.fixture(scope="session")
def load_cached():
    """``load`` memoized per path for the session (tables are read-only in tests)."""
    from traceview.trace import load

    cache: dict[str, object] = {}

    def _load(path: Path):
        key = str(path)
        if key not in cache:
            cache[key] = load(path)
        return cache[key]

    return _load


@pytest.fixture
def in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run the test in its own pytest ``tmp_path`` (commands that write beside the cwd, like ``report``);
    pytest removes it, so a run leaves nothing in /tmp."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@contextmanager
def busy_cores(n: int):
    """``n`` processes spinning on the CPU for the block (other processes keeping cores busy, as on a shared box)."""
    procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]
    try:
        time.sleep(0.5)
        yield
    finally:
        for p in procs:
            p.kill()
        for p in procs:
            p.wait()


#: A trace above this many bytes is a "big trace" for the per-trace sweeps: they run it in the slow set only.
BIG_TRACE_BYTES = 150_000


def spread(values, every: int, ids=None) -> list:
    """``values`` as pytest params for a sweep over many cases: every ``every``-th one (from the first) runs in the
    fast loop, the others carry the ``slow`` mark (``python -m pytest -m slow``, and CI, run them all)."""
    values = list(values)
    return [pytest.param(v, id=ids(v) if ids else None, marks=() if i % every == 0 else pytest.mark.slow)
            for i, v in enumerate(values)]


def slow_if_big(path: Path) -> tuple:
    """The ``slow`` mark for a big trace (over BIG_TRACE_BYTES), none for a small one."""
    return (pytest.mark.slow,) if path.stat().st_size > BIG_TRACE_BYTES else ()

"""The heap freed by loading and by the analyses goes back to the OS (traceview/trace/heap.py)."""

from __future__ import annotations

import ctypes
import sys

import pytest

from conftest import SAMPLES
from traceview.analysis.analyze import analyze
from traceview.trace import heap, load

GPT2 = SAMPLES / "gpu" / "loader" / "gpt2-sync" / "train_loader.pt.trace.json.gz"


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20


def _glibc() -> bool:
    try:
        ctypes.CDLL(None).malloc_trim
    except (AttributeError, OSError, TypeError):
        return False
    return sys.platform.startswith("linux")


@pytest.mark.skipif(not _glibc(), reason="malloc_trim is glibc's; elsewhere release() does nothing by design")
def test_release_gives_the_freed_heap_back():
    # 120 MB of 1 KB objects (over pymalloc's 512 bytes: glibc's heap), then one kept above them, so the heap's top
    # stays put and freeing the rest leaves the pages to the process until they are released
    junk = [bytearray(1024) for _ in range(120_000)]
    keep = bytearray(1024)
    before = _rss_mb()
    del junk
    freed = _rss_mb()
    heap.release()
    after = _rss_mb()
    assert before - freed < 40 < before - after, (before, freed, after)  # glibc kept it; release() gave it back
    assert keep


def test_a_large_trace_releases_once_loaded_and_before_the_walk(monkeypatch):
    calls: list[str] = []
    monkeypatch.setattr(heap, "release", lambda: calls.append("release"))
    monkeypatch.setattr(heap, "LARGE_BYTES", 1 << 40)
    monkeypatch.setattr(heap, "LARGE_SLICES", 1 << 40)
    trace = load(GPT2)
    analyze(trace)
    assert calls == []  # a small trace: not worth the call
    monkeypatch.setattr(heap, "LARGE_BYTES", 1)
    monkeypatch.setattr(heap, "LARGE_SLICES", 1)
    again = load(GPT2)
    assert calls == ["release"]
    result = analyze(again)
    assert calls == ["release", "release"]
    assert result.critical_path is not None and result.critical_path.steps  # the walk ran after it

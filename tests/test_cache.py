"""The columnar cache: a re-opened trace is the same trace, a changed file or version is re-read,
damage falls back to the JSON, and nothing is ever written beside the trace."""

from __future__ import annotations

import os
import sys
import time

import pandas as pd
import pytest
from typer.testing import CliRunner

from conftest import ROOT
from traceview.trace import cache, load

sys.path.insert(0, str(ROOT / "benchmarks"))
from tracegen import generate  # noqa: E402

TABLES = cache.TABLES


@pytest.fixture()
def cache_dir(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("TRACEVIEW_CACHE_DIR", str(folder))
    return folder


@pytest.fixture(scope="module")
def big_trace(tmp_path_factory):
    path = tmp_path_factory.mktemp("trace") / "rank0.pt.trace.json"
    generate(path, 6_000_000)
    return path


def assert_same_trace(a, b):
    for table in TABLES:
        pd.testing.assert_frame_equal(getattr(a, table), getattr(b, table), obj=table)
    assert a.ranks == b.ranks
    assert list(a.slice_args) == list(b.slice_args)


def test_reopened_trace_has_identical_tables_meta_and_args(cache_dir, big_trace):
    first = load(big_trace, cache=True)
    assert len(list(cache_dir.iterdir())) == 1
    again = load(big_trace, cache=True)
    assert_same_trace(first, again)
    op = int(first.slices.loc[first.slices["cat"] == "cpu_op", "slice_id"].iloc[0])
    assert again.args(op) == first.args(op) != {}


def test_reopening_reads_the_cache_not_the_json(cache_dir, big_trace, monkeypatch):
    """Re-opening never decodes the JSON again (its speed is measured by benchmarks/analyzer.py)."""
    load(big_trace, cache=True)
    import traceview.trace.load as loader

    def no_json(*args, **kwargs):
        raise AssertionError("the JSON was decoded although a cache exists")

    monkeypatch.setattr(loader, "decode", no_json, raising=False)
    monkeypatch.setattr(loader, "normalize", no_json, raising=False)
    again = load(big_trace, cache=True)
    assert len(again.slices) > 0


def test_changed_file_is_read_again(cache_dir, big_trace, tmp_path):
    copy = tmp_path / "copy.json"
    copy.write_bytes(big_trace.read_bytes())
    before = cache.cache_dir(copy)
    load(copy, cache=True)
    os.utime(copy, ns=(time.time_ns(), time.time_ns() + 10**9))
    assert cache.cache_dir(copy) != before
    assert cache.read(copy) is None


def test_new_traceview_version_does_not_read_old_caches(cache_dir, big_trace, monkeypatch):
    load(big_trace, cache=True)
    monkeypatch.setattr(cache, "__version__", "999.0")
    assert cache.read(big_trace) is None


def test_damaged_cache_falls_back_to_the_json(cache_dir, big_trace):
    expected = load(big_trace, cache=True)
    (cache.cache_dir(big_trace) / "gpu.parquet").write_bytes(b"not parquet")
    assert cache.read(big_trace) is None
    assert_same_trace(load(big_trace, cache=True), expected)


def test_unwritable_cache_dir_still_loads(tmp_path, monkeypatch, big_trace):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setenv("TRACEVIEW_CACHE_DIR", str(blocker / "cache"))
    assert len(load(big_trace, cache=True).slices) > 0


def test_small_traces_and_no_cache_loads_write_nothing(cache_dir, big_trace):
    load(ROOT / "tests" / "data" / "h200" / "abc_eager.json.gz", cache=True)
    load(big_trace, cache=False)
    assert not cache_dir.exists() or not any(cache_dir.iterdir())


def test_cache_is_never_written_beside_the_trace(cache_dir, big_trace):
    before = set(big_trace.parent.iterdir())
    load(big_trace, cache=True)
    assert set(big_trace.parent.iterdir()) == before


def test_cli_caches_by_default_and_no_cache_skips_it(cache_dir, big_trace):
    from traceview.cli import app

    runner = CliRunner()
    result = runner.invoke(app, ["info", str(big_trace), "--no-cache", "--json"])
    assert result.exit_code == 0, result.output
    assert not cache_dir.exists() or not any(cache_dir.iterdir())
    result = runner.invoke(app, ["analyze", str(big_trace), "--json"])
    assert result.exit_code == 0, result.output
    assert len(list(cache_dir.iterdir())) == 1


def test_streamed_trace_caches_and_reopens_identically(cache_dir, big_trace, monkeypatch):
    """A trace read a block at a time keeps its slice args in the file; the cache copies them, and a
    re-opened trace reads them from the cache's slice_args.bin when asked."""
    from traceview.trace import decode
    from traceview.trace.columns import FileBytes

    monkeypatch.setattr(decode, "STREAM_MIN_BYTES", 0)
    monkeypatch.setattr(decode, "STREAM_BLOCK_BYTES", 256 * 1024)
    first = load(big_trace, cache=True)
    assert isinstance(first.slice_args.blob, FileBytes) and first.slice_args.blob.path == str(big_trace)
    again = load(big_trace, cache=True)
    assert isinstance(again.slice_args.blob, FileBytes) and again.slice_args.blob.path != str(big_trace)
    assert_same_trace(first, again)
    monkeypatch.setattr(decode, "STREAM_MIN_BYTES", 1 << 62)
    assert_same_trace(load(big_trace), again)


def test_cut_slice_args_file_falls_back_to_the_json(cache_dir, big_trace):
    expected = load(big_trace, cache=True)
    args = cache.cache_dir(big_trace) / "slice_args.bin"
    args.write_bytes(args.read_bytes()[:100])
    assert cache.read(big_trace) is None
    assert_same_trace(load(big_trace, cache=True), expected)

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
    from traceview.trace import pipeline

    def no_json(*args, **kwargs):
        raise AssertionError("the JSON was decoded although a cache exists")

    monkeypatch.setattr(pipeline, "load_file", no_json)
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


def test_args_are_read_where_the_loaded_trace_read_them(cache_dir, big_trace, tmp_path):
    """A plain trace's args stay in its file, and the cache points there too; a gzip trace's args
    were copied while loading, and the cache keeps the copy in slice_args.bin."""
    import gzip

    from traceview.trace.args import FileRange, Held

    first = load(big_trace, cache=True)
    again = load(big_trace, cache=True)
    assert all(isinstance(b, FileRange) and b.file.path == str(big_trace) for b in again.slice_args.backings)
    assert_same_trace(first, again)
    packed = tmp_path / "big.json.gz"
    packed.write_bytes(gzip.compress(big_trace.read_bytes(), 1))
    zipped = load(packed, cache=True)
    reopened = load(packed, cache=True)
    assert all(isinstance(b, Held) and not isinstance(b.blob, bytes) for b in reopened.slice_args.backings)
    assert_same_trace(zipped, reopened)
    assert list(reopened.slice_args) == list(first.slice_args)


def test_cut_slice_args_file_falls_back_to_the_json(cache_dir, big_trace, tmp_path):
    import gzip

    packed = tmp_path / "big.json.gz"  # (a gzip trace: its args are copied into the cache)
    packed.write_bytes(gzip.compress(big_trace.read_bytes(), 1))
    expected = load(packed, cache=True)
    args = cache.cache_dir(packed) / "slice_args.bin"
    args.write_bytes(args.read_bytes()[:100])
    assert cache.read(packed) is None
    assert_same_trace(load(packed, cache=True), expected)

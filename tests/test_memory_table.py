"""The MEMORY table: every ``[memory]`` instant of a ``profile_memory=True`` trace, with its args, the
same through every read path (small plain text in ranges, gzip read whole, streamed blocks, the
careful per-event loop, the columnar cache, several ranks concatenated)."""

from __future__ import annotations

import gzip
import json

import pandas as pd
import pytest

from conftest import DATA, SAMPLES
from traceview.trace import load, load_file, read, schema

MEMORY_TRACE = DATA / "training" / "gpt2-memory.json.gz"


@pytest.fixture(scope="module")
def raw_memory_events():
    """The ``[memory]`` events as plain ``json`` reads them (the independent reading)."""
    events = json.loads(gzip.decompress(MEMORY_TRACE.read_bytes()))["traceEvents"]
    return [e for e in events if e.get("name") == "[memory]" and e.get("ph") in ("i", "I")]


def test_memory_table_holds_every_memory_event_with_its_args(raw_memory_events):
    memory = load(MEMORY_TRACE).memory
    assert len(memory) == len(raw_memory_events) == 1230
    expected = pd.DataFrame({
        "bytes": [e["args"]["Bytes"] for e in raw_memory_events],
        "total_allocated": [e["args"]["Total Allocated"] for e in raw_memory_events],
        "total_reserved": [e["args"]["Total Reserved"] for e in raw_memory_events],
        "addr": [e["args"]["Addr"] for e in raw_memory_events],
        "device_type": [e["args"]["Device Type"] for e in raw_memory_events],
        "ts_ns": [round(e["ts"] * 1000) for e in raw_memory_events],
        "tid": [e["tid"] for e in raw_memory_events],
    })
    for col in expected:
        assert memory[col].astype("int64").tolist() == expected[col].tolist(), col
    cpu = memory["device_type"] == 0
    assert memory.loc[cpu, "device"].isna().all()  # Kineto's -1 for the CPU
    assert (memory.loc[~cpu, "device"] == 0).all()
    assert list(memory.columns) == list(schema.MEMORY)


def test_trace_without_memory_events_has_an_empty_memory_table_of_the_schema_dtypes():
    memory = load(SAMPLES / "ddp_2rank" / "rank0.pt.trace.json.gz").memory
    assert memory.empty
    assert {c: str(t) for c, t in memory.dtypes.items()} == schema.MEMORY


@pytest.mark.parametrize("how", ["gzip", "plain", "small pieces"])
def test_every_read_builds_the_same_memory_table(tmp_path, monkeypatch, how):
    expected = load_file(MEMORY_TRACE).memory
    path = MEMORY_TRACE
    if how != "gzip":
        path = tmp_path / "memory.json"
        path.write_bytes(gzip.decompress(MEMORY_TRACE.read_bytes()))
    if how == "small pieces":
        monkeypatch.setattr(read, "PIECE_BYTES", 64 * 1024)
        monkeypatch.setattr(read, "READ_BYTES", 64 * 1024)
    pd.testing.assert_frame_equal(load_file(path).memory, expected)


def test_memory_table_survives_the_columnar_cache(tmp_path, monkeypatch):
    from traceview.trace import cache

    monkeypatch.setenv("TRACEVIEW_CACHE_DIR", str(tmp_path / "cache"))
    trace = load_file(MEMORY_TRACE)
    assert cache.write(MEMORY_TRACE, trace) is not None
    pd.testing.assert_frame_equal(cache.read(MEMORY_TRACE).memory, trace.memory)


def test_ranks_concatenated_keep_each_ranks_memory_events(tmp_path):
    for rank in (0, 1):
        (tmp_path / f"rank{rank}.json.gz").symlink_to(MEMORY_TRACE)
    trace = load(tmp_path)
    assert trace.memory["rank"].value_counts().to_dict() == {0: 1230, 1: 1230}

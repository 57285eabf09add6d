"""``traceview analyze --json`` carries the peer sections: memory peaks equal to torch's own
max_memory_allocated / max_memory_reserved of the window, comm totals, tflops per kernel row."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from conftest import DATA, SAMPLES

FACTS = json.loads((DATA / "training" / "gpt2-memory.facts.json").read_text())


def _analyze_json(path, tmp_path, monkeypatch):
    from traceview.cli import app

    monkeypatch.setenv("TRACEVIEW_CACHE_DIR", str(tmp_path / "cache"))
    result = CliRunner().invoke(app, ["analyze", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_analyze_json_memory_peaks_equal_the_captures_facts(tmp_path, monkeypatch):
    doc = _analyze_json(DATA / "training" / "gpt2-memory.json.gz", tmp_path, monkeypatch)
    assert doc["memory"]["peak_allocated_bytes"] == FACTS["max_memory_allocated"]
    assert doc["memory"]["peak_reserved_bytes"] == FACTS["max_memory_reserved"]
    assert doc["comm"]["comm_ms"] == 0 and doc["comm"]["compute_ms"] > 0
    gemm = [row for row in doc["kernel_table"] if "gemm" in row["name"]]
    assert gemm and all(row["tflops"] > 1 for row in gemm)
    optimizer = [row for row in doc["kernel_table"] if "multi_tensor_apply_kernel" in row["name"]]
    assert optimizer and all(row["tflops"] is None for row in optimizer)  # AdamW's kernels: no counted op


def test_analyze_json_of_the_ddp_directory_has_comm_and_collectives(tmp_path, monkeypatch):
    doc = _analyze_json(SAMPLES / "ddp_2rank", tmp_path, monkeypatch)
    comm = doc["comm"]
    assert set(comm) >= {"comm_ms", "compute_ms", "overlap_ms", "exposed_ms"}
    assert comm["exposed_ms"] == pytest.approx(comm["comm_ms"] - comm["overlap_ms"])
    assert [r["rank"] for r in comm["per_rank"]] == [0, 1]
    queues = {(q["rank"], q["stream"]): q["max"] for q in comm["queues"]}
    assert queues == {(0, 7): 6, (0, 17): 1, (1, 7): 1, (1, 17): 1}  # stream 7's maxima are HTA's (test_comm.py)
    assert len(doc["collectives"]) == 6 and {c["last_rank"] for c in doc["collectives"]} == {1}
    assert doc["memory"] == {"peak_allocated_bytes": None, "peak_reserved_bytes": None, "devices": [], "live_at_peak_by_op": []}

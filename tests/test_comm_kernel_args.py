"""NCCL message sizes from the kernel's own args when the host call does not give them (issue 20 §4).

Real data: sample_traces/ddp_2rank (torch 2.11, NCCL 2.28.9, 2 ranks, DDP): every
``ncclDevKernel_AllReduce`` carries ``In msg nelems``, ``Out msg nelems``, ``dtype``, ``Group size``
and ``Process Group Name`` in its own args. The oracle is a plain ``json`` reading of the kernels
(nelems x dtype size); a copy of the trace whose ``record_param_comms`` say only ``Out msg nelems``
(as torch 2.11 writes them for DDP's all-reduces in issue 20) must give the same bytes and bandwidths.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from traceview.analysis.ranks.collectives import DTYPE_BYTES, collective_calls, match_collectives
from traceview.trace import load

DDP = Path(__file__).resolve().parents[1] / "sample_traces" / "ddp_2rank"
HOST_ONLY_OUT = ("In msg nelems", "dtype", "Group size", "Process Group Name", "Collective name")


def _plain_kernels(path: Path) -> list[dict]:
    events = json.loads(gzip.decompress(path.read_bytes()))["traceEvents"]
    return [e for e in events if e.get("cat") == "kernel" and e["name"].startswith("ncclDevKernel")]


def _expected_bytes() -> list[tuple[int, int]]:
    """(rank, bytes) per NCCL kernel, in time order per rank, from the kernels' own args."""
    out = []
    for rank in (0, 1):
        kernels = sorted(_plain_kernels(DDP / f"rank{rank}.pt.trace.json.gz"), key=lambda e: e["ts"])
        out += [(rank, e["args"]["In msg nelems"] * DTYPE_BYTES[e["args"]["dtype"]]) for e in kernels]
    return out


def test_gpu_comm_holds_every_nccl_kernels_own_args():
    trace = load(DDP)
    kernels = [e for rank in (0, 1) for e in _plain_kernels(DDP / f"rank{rank}.pt.trace.json.gz")]
    assert len(trace.gpu_comm) == len(kernels) == 12
    got = trace.gpu.set_index("activity_id").loc[trace.gpu_comm["activity_id"], "name"].astype(str)
    assert all(n.startswith("ncclDevKernel_AllReduce") for n in got)
    plain = sorted((e["args"]["In msg nelems"], e["args"]["Out msg nelems"], e["args"]["dtype"], e["args"]["Group size"],
                    e["args"]["Process Group Name"]) for e in kernels)
    ours = sorted(zip(trace.gpu_comm["in_nelems"].astype(int), trace.gpu_comm["out_nelems"].astype(int),
                      trace.gpu_comm["dtype"].astype(str), trace.gpu_comm["group_size"].astype(int), trace.gpu_comm["group"].astype(str)))
    assert ours == plain


@pytest.fixture()
def host_lacking(tmp_path) -> Path:
    """The DDP trace with its record_param_comms stripped to ``Out msg nelems`` (the kernels untouched)."""
    folder = tmp_path / "ddp_host_out_only"
    folder.mkdir()
    for rank in (0, 1):
        doc = json.loads(gzip.decompress((DDP / f"rank{rank}.pt.trace.json.gz").read_bytes()))
        for e in doc["traceEvents"]:
            if e.get("name") == "record_param_comms":
                for key in HOST_ONLY_OUT:
                    e["args"].pop(key, None)
        (folder / f"rank{rank}.pt.trace.json.gz").write_bytes(gzip.compress(json.dumps(doc).encode()))
    return folder


def test_bytes_and_bandwidth_come_from_the_kernel_when_the_host_lacks_them(host_lacking):
    whole = collective_calls(load(DDP))
    calls = collective_calls(load(host_lacking))
    expected = _expected_bytes()
    for c in (whole, calls):
        assert list(zip(c["rank"].astype(int), c["bytes"].astype(int))) == expected
        assert set(c["group"]) == {"0"} and set(c["collective"]) == {"allreduce"} and set(c["dtype"]) == {"Float"}
    a, b = match_collectives(whole).collectives, match_collectives(calls).collectives
    assert b["busbw_gbps"].notna().all() and b["busbw_gbps"].tolist() == a["busbw_gbps"].tolist()
    assert (b["busbw_gbps"] == b["algbw_gbps"]).all()  # all-reduce over 2 ranks: bus factor 2(n-1)/n = 1

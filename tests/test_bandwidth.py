"""Bytes per kernel, the least bytes a graph needs, and the bandwidth ceiling."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from traceview.analysis.kernels import bandwidth as bw
from traceview.analysis.kernels import peaks
from traceview.trace.inductor_code import load_inductor_code

DATA = Path(__file__).parent / "data" / "inductor"


@pytest.fixture(scope="module")
def cuda():
    return load_inductor_code(DATA / "cuda")


@pytest.fixture(scope="module")
def seeds():
    return load_inductor_code(DATA / "seeds")


def traffic(code, prefix):
    t = bw.graph_traffic(code.kernels, code.accesses)
    return t[t["graph"].str.startswith(prefix)].iloc[0]


@pytest.mark.parametrize("workload", ["mp_adam_inplace.", "mp_adam_returning.", "adam_foreach."])
def test_adam_updates_need_28_bytes_per_parameter(cuda, workload):
    assert traffic(cuda, workload)["min_bytes_per_element"] == pytest.approx(28.0, abs=1e-3)


def test_fp32_abc_needs_16_bytes_per_element_and_one_kernel_moves_exactly_that(cuda):
    t = traffic(cuda, "abc.")
    assert t["min_bytes_per_element"] == 16.0
    assert t["moved_bytes"] == t["min_bytes"]


def test_fused_inplace_adam_moves_no_more_than_the_minimum(cuda):
    assert traffic(cuda, "mp_adam_inplace.")["excess"] == pytest.approx(1.0)


def test_three_kernel_adam_moves_more_than_the_minimum(seeds):
    t = traffic(seeds, "handwritten_seed002")
    assert t["kernels"] == 3
    assert t["excess"] > 1.5


def test_three_kernel_adam_rereads_its_inputs(seeds):
    r = bw.re_reads(seeds.accesses)
    r = r[r["graph"].str.startswith("handwritten_seed002")]
    assert set(r["buffer_kind"]) == {"input"}
    assert r["kernels"].max() == 3


def test_three_kernel_adam_drops_the_temporary_it_writes(seeds):
    d = bw.dropped_temporaries(seeds.accesses)
    assert list(d["buffer"]) == ["buf1"]
    assert d.iloc[0]["bytes"] == 100_000_000 * 4


def test_single_kernel_graphs_have_no_rereads_or_dropped_temporaries(cuda):
    single = cuda.accesses[~cuda.accesses["graph"].str.startswith("adam_foreach")]
    assert bw.re_reads(single).empty
    assert bw.dropped_temporaries(single).empty


def test_kernel_bytes_sum_loads_and_stores(cuda):
    kb = bw.kernel_bytes(cuda.accesses).set_index("kernel_name")
    abc = kb.loc["triton_poi_fused_add_mul_0"]
    numel = cuda.kernels.set_index("kernel_name").loc["triton_poi_fused_add_mul_0", "xnumel"]
    assert (abc["bytes_read"], abc["bytes_written"]) == (3 * 4 * numel, 4 * numel)


def test_unknown_sizes_give_na_bytes_not_zero(seeds):
    kb = bw.kernel_bytes(seeds.accesses)
    gapped = kb[kb["graph"].str.startswith("seed002")]
    assert gapped["bytes"].isna().all()


def test_measured_copy_bandwidth_beats_the_datasheet():
    c = peaks.device_ceiling("NVIDIA H200", {"copy_bandwidth_gbps": 4300.0})
    assert c.gbps == 4300.0 and "measured" in c.source


@pytest.mark.parametrize("name, gbps", [("NVIDIA H200", 4800), ("NVIDIA H100 80GB HBM3", 3350),
                                        ("NVIDIA A100-SXM4-40GB", 1555), ("AMD Instinct MI300X", 5300)])
def test_datasheet_peak_by_device_name(name, gbps):
    assert peaks.device_ceiling(name).gbps == gbps


def test_unknown_device_has_no_ceiling_and_no_percentage():
    c = peaks.device_ceiling("Some GPU")
    assert c.gbps is None
    out = bw.achieved(pd.Series([1000]), pd.Series([10]), c)
    assert out["gbps"].iloc[0] == 100.0 and pd.isna(out["pct_of_ceiling"].iloc[0])


def test_aten_op_bytes_counts_inputs_and_an_output():
    dims = [[1024, 1024], [1024, 1024]]
    assert bw.aten_op_bytes("aten::mul", dims, ["float", "float"]) == 3 * 4 * 1024 * 1024
    assert bw.aten_op_bytes("aten::add_", dims, ["float", "float"]) == 3 * 4 * 1024 * 1024
    assert bw.aten_op_bytes("aten::mul", None, None) is None


def test_small_scalars_read_by_several_kernels_are_not_flagged_as_rereads(cuda):
    foreach = cuda.accesses[cuda.accesses["graph"].str.startswith("adam_foreach")]
    assert bw.re_reads(foreach).empty
    assert not bw.re_reads(foreach, min_bytes=0).empty

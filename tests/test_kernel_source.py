"""Joining a trace's GPU kernels to Inductor's generated code, and the kernels / show commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from traceview.analysis.kernels.kernel_source import KERNEL_ROWS, SUMMARY_COLUMNS, kernel_detail, kernel_sources
from traceview.trace import load
from traceview.trace.inductor_code import load_inductor_code

DATA = Path(__file__).parent / "data" / "inductor"
CUDA = DATA / "cuda"


@pytest.fixture(scope="module")
def code():
    return load_inductor_code(CUDA)


def sources(code, workload, **kw):
    return kernel_sources(load(CUDA / f"{workload}.pt.trace.json.gz"), code, **kw)


def test_every_compiled_kernel_joins_its_generated_code_by_hash(code):
    for workload in ("abc", "mp_adam_inplace", "mp_adam_returning", "reduction", "adam_foreach"):
        r = sources(code, workload)
        assert r.total > 0 and r.matched == r.total
        assert set(r.kernels["match"]) == {"hash"}
        assert r.kernels["graph"].str.startswith(workload + ".").all()


def test_result_tables_have_the_declared_columns(code):
    r = sources(code, "abc")
    assert list(r.kernels.columns) == list(KERNEL_ROWS)
    assert list(r.summary.columns) == list(SUMMARY_COLUMNS)


def test_abc_kernel_row_shows_aten_ops_nodes_and_the_users_line(code):
    row = sources(code, "abc").summary.iloc[0]
    assert set(row["aten_ops"].split(", ")) == {"aten.add", "aten.mul"}
    assert row["source_nodes"] and row["user_frame"].endswith(": abc")


def test_achieved_bandwidth_is_bytes_over_duration_below_the_h200_peak(code):
    r = sources(code, "mp_adam_inplace")
    k = r.kernels
    assert (k["gbps"] == k["bytes"] / k["dur_ns"]).all()
    assert r.ceiling.gbps == 4800.0
    assert (k["pct_of_ceiling"] < 100).all() and (k["pct_of_ceiling"] > 0).all()


def test_measured_copy_bandwidth_from_meta_is_the_ceiling(code):
    r = sources(code, "abc", run_meta={"copy_bandwidth_gbps": 4000.0})
    assert r.ceiling.gbps == 4000.0
    k = r.kernels
    assert k["pct_of_ceiling"].iloc[0] == pytest.approx(k["gbps"].iloc[0] / 40.0)


def test_graph_minimum_is_reported_for_graphs_that_ran(code):
    r = sources(code, "mp_adam_inplace")
    assert len(r.graphs) == 1 and r.graphs.iloc[0]["min_bytes_per_element"] == 28.0


def test_name_join_without_hash_still_finds_the_kernel(code):
    trace = load(CUDA / "abc.pt.trace.json.gz")
    no_hash = type(code)(code.kernels.assign(kernel_hash=None), code.accesses, code.files)
    r = kernel_sources(trace, no_hash)
    assert set(r.kernels["match"]) <= {"name", "name_ambiguous"} and r.matched == r.total


def test_trace_without_code_estimates_aten_kernel_bytes_from_shapes():
    path = Path(__file__).parent / "data" / "h200" / "mp_adam_eager.json.gz"
    r = kernel_sources(load(path), None)
    assert r.matched == 0
    assert (r.summary["bytes_source"] == "input_shapes").any()
    assert r.summary["aten_ops"].str.startswith("aten::").any()


def test_kernel_detail_by_prefix_gives_source_and_mapping(code):
    d = kernel_detail("triton_per", code)
    assert d.kernel_name.startswith("triton_per_fused")
    assert ("x_1", "mul, reciprocal") in d.node_mapping
    assert "tl.store" in d.source and d.bytes == 801


def test_kernel_detail_of_unknown_name_is_none(code):
    assert kernel_detail("no_such_kernel", code) is None


# --- CLI --------------------------------------------------------------------------------------


@pytest.fixture
def app():
    from traceview.cli import app

    return app


def test_kernels_command_lists_the_fused_kernel(app):
    result = CliRunner().invoke(app, ["kernels", str(CUDA / "abc.pt.trace.json.gz")], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    assert "triton_poi_fused_add_mul_0" in result.output


def test_kernels_command_json_carries_summary_and_graphs(app):
    result = CliRunner().invoke(app, ["kernels", "--json", str(CUDA / "mp_adam_inplace.pt.trace.json.gz")])
    assert result.exit_code == 0
    run = json.loads(result.output)["runs"][0]
    assert run["summary"][0]["calls"] == 3
    assert run["graphs"][0]["min_bytes_per_element"] == 28.0


def test_show_command_prints_source_and_mapping(app):
    result = CliRunner().invoke(app, ["show", "triton_per_fused_add_exp_gt_mean_mul_neg_reciprocal_0",
                                      str(CUDA / "reduction.pt.trace.json.gz")])
    assert result.exit_code == 0, result.output
    assert "x_1" in result.output and "tl.store" in result.output


def test_show_command_on_a_code_folder_needs_no_trace(app):
    result = CliRunner().invoke(app, ["show", "--json", "cpp_fused_add_mul_0", str(DATA / "cpu")])
    assert result.exit_code == 0
    assert json.loads(result.output)["mapping_source"] == "kernel_name"


def test_show_unknown_kernel_is_a_traceview_error():
    from traceview.commands.kernels import show_cmd
    from traceview.errors import TraceviewError

    with pytest.raises(TraceviewError):
        show_cmd("nope", DATA / "cpu", None, False)


def test_terminal_strings_lose_ansi_escapes():
    from traceview.commands.kernels import clean

    assert clean("ker\x1b[31mnel\x07[bold]") == "ker?nel?[bold]"  # escapes shown as "?", markup kept as text

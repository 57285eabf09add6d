"""Parsing Inductor's generated code: kernels, their FX/ATen origins, and the buffers they touch."""

from __future__ import annotations

from pathlib import Path

import pytest

from traceview.errors import MissingEventsError
from traceview.trace.inductor_code import (
    ACCESSES,
    KERNELS,
    aten_ops_from_name,
    load_inductor_code,
    parse_inductor_code,
)

DATA = Path(__file__).parent / "data" / "inductor"


def kernel(code, graph_prefix: str):
    rows = code.kernels[code.kernels["graph"].str.startswith(graph_prefix)]
    assert len(rows) >= 1, f"no kernel in {graph_prefix}"
    return rows


def accesses(code, kernel_name: str, graph_prefix: str):
    a = code.accesses
    return a[(a["kernel_name"] == kernel_name) & a["graph"].str.startswith(graph_prefix)]


@pytest.fixture(scope="module")
def cuda():
    return load_inductor_code(DATA / "cuda")


@pytest.fixture(scope="module")
def cpu():
    return load_inductor_code(DATA / "cpu")


@pytest.fixture(scope="module")
def seeds():
    return load_inductor_code(DATA / "seeds")


def test_tables_have_the_declared_columns_and_dtypes(cuda):
    assert list(cuda.kernels.columns) == list(KERNELS)
    assert list(cuda.accesses.columns) == list(ACCESSES)
    assert {c: str(t) for c, t in cuda.kernels.dtypes.items()} == KERNELS


def test_compiled_abc_on_gpu_is_one_kernel_from_mul_and_add(cuda):
    rows = kernel(cuda, "abc.")
    assert len(rows) == 1
    row = rows.iloc[0]
    assert row["kernel_name"] == "triton_poi_fused_add_mul_0"
    assert set(row["aten_ops"].split(", ")) == {"aten.add", "aten.mul"}
    assert row["mapping_source"] == "comment"
    assert row["kernel_hash"] and row["kernel_hash"] in row["kernel_path"]


def test_abc_kernel_reads_three_inputs_and_writes_one_new_output(cuda):
    acc = accesses(cuda, "triton_poi_fused_add_mul_0", "abc.")
    loaded = acc[acc["loads"] > 0]
    stored = acc[acc["stores"] > 0]
    assert len(loaded) == 3 and set(loaded["buffer_kind"]) == {"input"}
    assert len(stored) == 1 and stored.iloc[0]["buffer_kind"] == "output"
    assert not acc["mutated"].any()
    xnumel = kernel(cuda, "abc.").iloc[0]["xnumel"]
    assert (acc["numel"] == xnumel).all()


def test_inplace_mixed_precision_adam_stores_four_inputs_in_place(cuda):
    name = kernel(cuda, "mp_adam_inplace.").iloc[0]["kernel_name"]
    acc = accesses(cuda, name, "mp_adam_inplace.")
    stored = acc[acc["stores"] > 0]
    assert len(stored) == 4
    assert set(stored["buffer_kind"]) == {"input"} and stored["mutated"].all()
    assert sorted(stored["dtype"]) == ["bf16", "fp32", "fp32", "fp32"]


def test_returning_mixed_precision_adam_writes_three_new_buffers_and_one_input(cuda):
    name = kernel(cuda, "mp_adam_returning.").iloc[0]["kernel_name"]
    stored = accesses(cuda, name, "mp_adam_returning.").query("stores > 0")
    assert sorted(stored["buffer_kind"]) == ["input", "output", "output", "output"]


def test_reduction_records_xnumel_and_rnumel_and_its_fx_nodes(cuda):
    row = kernel(cuda, "reduction.").iloc[0]
    assert row["kind"] == "persistent_reduction"
    assert (row["xnumel"], row["rnumel"]) == (1, 100)
    assert set(row["source_nodes"].split(", ")) == {"add", "exp", "gt", "mean", "neg", "x_1"}
    assert "x_1 => mul, reciprocal" in row["node_mapping"]


def test_foreach_kernel_counts_its_fused_sub_kernels(cuda):
    rows = kernel(cuda, "adam_foreach.")
    assert set(rows["kind"]) == {"foreach"}
    assert rows["sub_kernels"].max() == 4
    step = rows[rows["xnumel"] == rows["xnumel"].min()].iloc[0]
    assert step["aten_ops"] == "aten._foreach_add"
    assert step["mapping_source"] == "call_site"


def test_seed003_torch22_output_parses_old_triton_meta(seeds):
    row = kernel(seeds, "seed003").iloc[0]
    assert row["kernel_name"] == "triton_per_fused_add_exp_gt_mean_mul_neg_reciprocal_0"
    assert set(row["source_nodes"].split(", ")) == {"add", "exp", "gt", "mean", "neg", "x_1"}
    acc = accesses(seeds, row["kernel_name"], "seed003")
    assert list(acc["arg_name"]) == ["in_ptr0", "out_ptr0", "out_ptr2"]
    assert list(acc["dtype"]) == ["fp32", "fp32", "i1"]


def test_seed002_gapped_text_still_yields_mutated_args_from_old_meta(seeds):
    row = kernel(seeds, "seed002").iloc[0]
    acc = accesses(seeds, row["kernel_name"], "seed002")
    assert set(acc.loc[acc["mutated"], "arg_name"]) == {
        "in_ptr0", "in_ptr1", "in_ptr3", "out_ptr4", "out_ptr5", "out_ptr6", "out_ptr7"}


def test_symbolic_sizes_resolve_through_the_benchmark_arguments(seeds):
    acc = seeds.accesses[seeds.accesses["graph"].str.startswith("handwritten_seed002")]
    assert (acc["numel"] == 100_000_000).all()


def test_cpu_kernels_without_origin_comments_guess_aten_ops_from_the_name(cpu):
    row = kernel(cpu, "abc.").iloc[0]
    assert row["backend"] == "cpp" and row["mapping_source"] == "kernel_name"
    assert set(row["aten_ops"].split(", ")) == {"aten.add", "aten.mul"}


def test_cpu_inplace_adam_stores_to_inputs(cpu):
    name = kernel(cpu, "mp_adam_inplace.").iloc[0]["kernel_name"]
    stored = accesses(cpu, name, "mp_adam_inplace.").query("stores > 0")
    assert len(stored) == 4 and stored["mutated"].all()


def test_kernel_file_supplies_a_source_the_wrapper_does_not_embed(tmp_path):
    wrapper = (DATA / "cuda" / "abc.0.py").read_text()
    head, _, rest = wrapper.partition("async_compile.triton('triton_poi_fused_add_mul_0', '''")
    _, _, tail = rest.partition("'''")
    texts = {"w.py": head + "async_compile.triton('triton_poi_fused_add_mul_0', '''" + "'''" + tail}
    kernel_file = next(p for p in (DATA / "cuda" / "kernels").glob("*.py") if "fused_add_mul_0(" in p.read_text())
    texts[str(kernel_file)] = kernel_file.read_text()
    code = parse_inductor_code(texts)
    assert len(code.kernels) == 1
    assert code.accesses["loads"].sum() == 3 and code.accesses["buffer"].notna().all()


def test_lone_kernel_files_become_kernels_without_a_wrapper():
    code = load_inductor_code(DATA / "cuda" / "kernels")
    assert len(code.kernels) == len(list((DATA / "cuda" / "kernels").glob("*.py")))
    assert code.kernels["wrapper_path"].isna().all()
    assert code.kernels["kernel_name"].str.startswith("triton_").all()


def test_folder_without_generated_code_raises_missing_events(tmp_path):
    (tmp_path / "x.py").write_text("print('hi')\n")
    with pytest.raises(MissingEventsError):
        load_inductor_code(tmp_path)


@pytest.mark.parametrize(
    "name, ops",
    [
        ("cpp_fused_add_mul_0", ["add", "mul"]),
        ("triton_poi_fused__to_copy_add_copy_copy__div_mul_sqrt_sub_0",
         ["_to_copy", "add", "copy", "copy_", "div", "mul", "sqrt", "sub"]),
        ("triton_for_fused_1", []),
    ],
)
def test_aten_ops_from_name_splits_sorted_op_names(name, ops):
    assert aten_ops_from_name(name) == ops


@pytest.mark.slow
def test_torch_compile_of_abc_on_cpu_parses_to_one_add_mul_kernel():
    torch = pytest.importorskip("torch")
    from torch._inductor.utils import run_and_get_code

    def abc(a, b, c):
        return a * b + c

    x = torch.randn(64)
    torch._dynamo.reset()
    _, codes = run_and_get_code(torch.compile(abc), x, x.clone(), x.clone())
    code = parse_inductor_code({f"graph{i}.py": c for i, c in enumerate(codes)})
    assert len(code.kernels) == 1
    assert set(code.kernels.iloc[0]["aten_ops"].split(", ")) == {"aten.add", "aten.mul"}
    assert code.accesses["loads"].gt(0).sum() == 3

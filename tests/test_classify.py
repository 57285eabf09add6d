"""The slice table's classification columns (trace/classify.py, one pass down the tree at load time)
are what a walk up from each slice finds (``trace/tree.py``'s ``nearest_ancestor``, the analyses'
old way), on real traces with and without stacks, compiled regions, compile and autotune events."""

from __future__ import annotations

import re

import numpy as np
import pytest

from conftest import DATA, SAMPLES
from traceview.trace.tree import nearest_ancestor, parents_array

TRACES = [DATA / "training" / "gpt2-compiled-first-call.json.gz", DATA / "training" / "gpt2-reduce-overhead-stack.json.gz",
          DATA / "training" / "lost-exit-gpt2-step1.json.gz",
          SAMPLES / "gpu" / "extras" / "abc-max-autotune-first-call" / "abc-max-autotune.pt.trace.json.gz",
          SAMPLES / "cpu" / "adam" / "adam-compiled.pt.trace.json.gz"]
COMPILING = {"gpt2-compiled-first-call.json.gz", "lost-exit-gpt2-step1.json.gz", "abc-max-autotune.pt.trace.json.gz"}
COMPILE = re.compile(r"^(?:dynamo$|entire_frame_compile|backend_compile|inductor_compile)|\(dynamo_timed\)$|_data: .*compile_id=")


def _names(s) -> np.ndarray:
    return s["name"].astype(str).to_numpy()


@pytest.mark.parametrize("path", TRACES, ids=lambda p: p.name)
def test_each_slice_knows_the_op_region_and_module_around_it(load_cached, path):
    s = load_cached(path).slices
    names, cats = _names(s), s["cat"].astype(str).to_numpy()
    region = np.array([n.startswith("Torch-Compiled Region") for n in names])
    marks = {"op_id": (cats == "cpu_op") & ~region, "region_id": region,
             "module_id": (cats == "python_function") & np.array([n.startswith("nn.Module: ") for n in names])}
    parents, ids = parents_array(s), np.arange(len(s))
    for column, mask in marks.items():
        walked = nearest_ancestor(parents, ids, mask, include_self=True)
        assert (s[column].to_numpy(dtype=np.int64, na_value=-1) == walked).all(), column
    assert region.sum() == (s["kind"] == "region").sum() > 0


@pytest.mark.parametrize("path", TRACES, ids=lambda p: p.name)
def test_a_slice_inside_a_compile_event_is_compile_phase(load_cached, path):
    s = load_cached(path).slices
    names, cats = _names(s), s["cat"].astype(str).to_numpy()
    marker = np.isin(cats, ["cpu_op", "user_annotation"]) & np.array([COMPILE.search(n) is not None for n in names])
    inside = nearest_ancestor(parents_array(s), np.arange(len(s)), marker, include_self=True) >= 0
    phase = s["phase"].astype(str).to_numpy()
    assert (phase[inside] != "run").all()  # compile, or autotune where an autotune event is nearer
    assert inside.any() == (path.name in COMPILING)

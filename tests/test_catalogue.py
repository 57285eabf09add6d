"""The catalogue of name questions (traceview/trace/catalogue.py): the loader answers every tag once per distinct
name and keeps the answers as the tables' ``tags`` bit masks; the analyses read them instead of matching names.

Checked against a plain reading: each tag's rows are the rows whose name ``re.match``es / ``re.search``es the tag's
pattern, name by name, on real traces of different kinds (a compiled GPT-2 training step with CUDA graphs off, a
DataLoader loop, two NCCL ranks, a CPU-only trace, a compile-included ViT).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np
import pytest

from conftest import DATA, SAMPLES
from traceview.trace import catalogue, load
from traceview.trace.catalogue import KERNEL_TAGS, SLICE_TAGS, tagged

PACKAGE = Path(__file__).resolve().parents[1] / "traceview"
TRACES = {
    "gpt2-compiled": DATA / "training" / "gpt2-compiled.json.gz",
    "loader": SAMPLES / "gpu" / "loader" / "cnn-sync" / "train_loader.pt.trace.json.gz",
    "nccl": SAMPLES / "nccl_2rank" / "ddp-nccl-bal",
    "cpu": next((SAMPLES / "cpu" / "loader" / "mlp-input").glob("*.pt.trace.json.gz")),
    "vit-incl": SAMPLES / "gpu" / "models" / "vit-eager-incl" / "train_models.pt.trace.json.gz",
}


@pytest.fixture(scope="module", params=sorted(TRACES))
def trace(request):
    return load(TRACES[request.param])


def _plain(names, tag: catalogue.Tag) -> np.ndarray:
    find = re.compile(tag.pattern).match if tag.anchored else re.compile(tag.pattern).search
    return np.array([isinstance(n, str) and find(n) is not None for n in names.astype(object)], dtype=bool)


def test_every_tag_is_what_a_plain_regex_finds_name_by_name(trace):
    for table, tags in (("slices", SLICE_TAGS), ("gpu", KERNEL_TAGS)):
        frame = getattr(trace, table)
        for name, tag in tags.items():
            assert (tagged(frame, name) == _plain(frame["name"], tag)).all(), (table, name)


def test_the_tags_answer_questions_these_traces_ask():
    """Not an empty catalogue: on these traces the questions the advice asks find their events."""
    gpt2, loader, cpu = load(TRACES["gpt2-compiled"]), load(TRACES["loader"]), load(TRACES["cpu"])
    assert tagged(gpt2.slices, "graph_wrapper").any() and tagged(gpt2.slices, "kernel_launch_api").any()
    assert tagged(gpt2.gpu, "library_kernel").any() and tagged(gpt2.gpu, "reduction_kernel").any()
    assert tagged(loader.slices, "dataloader_next").any() and tagged(loader.slices, "blocking_api").any()
    assert tagged(loader.gpu, "h2d").any()
    assert tagged(cpu.slices, "optimizer_step").any() and tagged(cpu.slices, "cpu_library_op").any()


def test_an_unknown_tag_is_an_error_not_an_empty_answer(trace):
    with pytest.raises(KeyError, match="no tag"):
        tagged(trace.slices, "optimiser")


def test_the_analyses_ask_names_only_through_the_catalogue():
    """No module after trace/ matches a table's names itself (``by_name.matches``): the questions are tags."""
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent.name == "trace":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("by_name") \
                    and any(a.name == "matches" for a in node.names):
                offenders.append(str(path.relative_to(PACKAGE)))
    assert offenders == []


def test_nearest_is_a_walk_up_from_each_slice(trace):
    """``trace.nearest(tag)`` (one pass down the tree, kept) against a walk up from every slice
    (``tree.nearest_ancestor``, itself included); ``around`` at launch rows, -1 for none."""
    from traceview.trace.tree import nearest_ancestor, parents_array

    s = trace.slices
    parents = parents_array(s)
    for tags in (("optimizer_step",), ("graph_wrapper",), ("optimizer", "dataloader_next"), ("record_param_comms",)):
        mask = np.zeros(len(s), dtype=bool)
        for tag in tags:
            mask |= tagged(s, tag)
        walked = nearest_ancestor(parents, np.arange(len(s)), mask, include_self=True)
        assert (trace.nearest(*tags) == walked).all(), tags
        assert trace.nearest(*tags) is trace.nearest(*tags)  # found once
    launch = trace.gpu["launch_id"].to_numpy(dtype=np.float64, na_value=-1).astype(np.int64)
    around = trace.around(launch, "optimizer_step")
    assert ((around >= 0) == (launch >= 0) & (trace.nearest("optimizer_step")[np.maximum(launch, 0)] >= 0)).all()


def test_a_changed_question_is_never_read_from_an_older_cache(tmp_path, monkeypatch):
    """The cache's key holds the catalogue's fingerprint: a tag added after a trace was cached is answered afresh,
    not read as a bit that was never set."""
    from traceview.trace import cache

    monkeypatch.setenv("TRACEVIEW_CACHE_DIR", str(tmp_path))
    before = cache.cache_dir(TRACES["cpu"])
    assert catalogue.fingerprint() == catalogue.FINGERPRINT
    monkeypatch.setitem(catalogue.SLICE_TAGS, "new_question", catalogue.Tag("aten::"))
    changed = catalogue.fingerprint()
    assert changed != catalogue.FINGERPRINT
    monkeypatch.setattr(catalogue, "FINGERPRINT", changed)
    assert cache.cache_dir(TRACES["cpu"]) != before

"""The catalogue of name questions (traceview/trace/catalogue.py): the loader answers every tag once per distinct
name and keeps the answers as the tables' ``tags`` bit masks; the analyses read them instead of matching names.

Checked against a plain reading: each tag's rows are the rows whose name ``re.match``es / ``re.search``es the tag's
pattern, name by name, on real traces of different kinds (a compiled GPT-2 training step with CUDA graphs off, a
DataLoader loop, two NCCL ranks, a CPU-only trace, a compile-included ViT, a with_stack compile-included GPT-2).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import DATA, SAMPLES
from traceview.trace import catalogue, load, tag_match
from traceview.trace.catalogue import KERNEL_TAGS, SLICE_TAGS, tagged

PACKAGE = Path(__file__).resolve().parents[1] / "traceview"
TRACES = {
    "gpt2-compiled": DATA / "training" / "gpt2-compiled.json.gz",
    "loader": SAMPLES / "gpu" / "loader" / "cnn-sync" / "train_loader.pt.trace.json.gz",
    "nccl": SAMPLES / "nccl_2rank" / "ddp-nccl-bal",
    "cpu": next((SAMPLES / "cpu" / "loader" / "mlp-input").glob("*.pt.trace.json.gz")),
    "cnn-incl": SAMPLES / "gpu" / "models" / "cnn-eager-incl" / "train_models.pt.trace.json.gz",
    # with_stack, compilation included, Python frames whose exits were lost (closed by the loader)
    "gpt2-stack": DATA / "training" / "lost-exit-gpt2-step1.json.gz",
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


def test_case_blind_tags_answer_as_their_pattern_on_any_name():
    """The case-blind questions asked of lowercased ASCII names (tag_match._lowered_finder) answer as the pattern with
    its flag does, for every case and for names that are not ASCII (the long s and the Kelvin sign fold to s and k
    only under the flag)."""
    import pandas as pd

    names = ["aten::sum", "aten::SUM", "aten::Sum_IntList", "aten::_log_softmax", "LogSoftmaxBackward0", "aten::ſum",
             "aten::copy_", "Memcpy DtoD", "aten::_to_COPY", "cudaMemcpyAsync", "aten::mm", "ArgMax", "aten::std_mean",
             "torch/nn/functional.py(3494): cross_entropy", "Cross_Entropy_Loss", "aten::vaR", "\u212aernel", "ç-norm", "layer_norm_GammaBetaBackward_kernel"]
    series = pd.Series(names, dtype="category")
    lowered = [t for tags in (SLICE_TAGS, KERNEL_TAGS) for t in tags.values() if tag_match._lowered_finder(t) is not None]
    assert len(lowered) >= 3  # cpu_reduction, copy_op, copy_named
    for table, tags in (("slices", SLICE_TAGS), ("gpu", KERNEL_TAGS)):
        masks = tag_match.tags_of(series, table)
        for name, tag in tags.items():
            bit = catalogue.BITS[table][name]
            assert ((masks & bit) != 0).tolist() == _plain(series, tag).tolist(), (table, name)


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


#: Where analysis/ still matches text itself (issue 29: at most 5), and why each is not a question of the catalogue.
MATCHES_LEFT = {
    ("verdicts/budgets.py", "compile"),  # parses the user's budget rule (``launches_per_step <= 40``), not a name
    ("kernels/kernel_source.py", "startswith"),  # a kernel the user names by a prefix on the command line
    ("compile/autotune_kernels.py", "contains"),  # the trace's C++ GEMM kernel named for the chosen shape (gemm_mMnNkK)
}
_RE_CALLS = {"compile", "search", "match", "fullmatch", "findall", "finditer", "sub", "subn", "split"}
_STR_MATCHERS = {"contains", "match", "fullmatch", "startswith", "endswith", "extract", "extractall", "findall", "replace"}


def test_the_analyses_match_no_name_themselves():
    """Every regular expression and pandas string matcher in analysis/ (ast): the catalogue's readers answer the
    rest (trace/catalogue.py), so at most the few in MATCHES_LEFT remain, each for a reason that is not a name."""
    found = []
    for path in sorted((PACKAGE / "analysis").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            owner = node.func.value
            if isinstance(owner, ast.Name) and owner.id == "re" and node.func.attr in _RE_CALLS:
                found.append((str(path.relative_to(PACKAGE / "analysis")), node.func.attr))
            elif isinstance(owner, ast.Attribute) and owner.attr == "str" and node.func.attr in _STR_MATCHERS:
                found.append((str(path.relative_to(PACKAGE / "analysis")), node.func.attr))
    assert sorted(found) == sorted(MATCHES_LEFT)
    assert len(found) <= 5


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


def test_the_analyses_walk_the_slice_tree_only_through_the_trace():
    """The one tree walker (trace/tree.py) is reached from after trace/ only through the Trace's queries
    (``enclosing``, ``outermost``, ``ancestors``, ``running_at`` ...)."""
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent.name == "trace":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("traceview.trace.tree"):
                offenders.append(str(path.relative_to(PACKAGE)))
            if isinstance(node, ast.ImportFrom) and node.module == "traceview.trace" and any(a.name == "tree" for a in node.names):
                offenders.append(str(path.relative_to(PACKAGE)))
    assert offenders == []


def _chain(parent: list[int], i: int, include_self: bool) -> list[int]:
    """Slice ``i``'s ancestors, nearest first, by following parent_id one slice at a time (plain Python)."""
    out = [i] if include_self else []
    while parent[i] >= 0:
        i = parent[i]
        out.append(i)
    return out


def test_the_trace_tree_queries_are_plain_walks_up(trace):
    """Every query an analysis asks of the slice tree against a plain walk up the parent_ids, slice by slice."""
    s = trace.slices
    if not len(s):
        return
    parent = s["parent_id"].fillna(-1).astype("int64").tolist()
    is_op = (s["cat"] == "cpu_op").to_numpy()
    annotation = (s["cat"] == "user_annotation").to_numpy()
    rows = np.arange(0, len(s), max(1, len(s) // 2000))
    outermost, around, nearest = trace.outermost(is_op), trace.outermost_around(annotation), trace.nearest_where(is_op)
    enclosing = trace.enclosing(rows, annotation)
    pairs = trace.ancestors(rows, is_op)
    pairs_self = trace.ancestors(rows, is_op, include_self=True)
    region = s["region_id"].to_numpy(dtype=np.int64, na_value=-1)
    chain = trace.ancestors(rows, through=region)
    for k, i in enumerate(rows.tolist()):
        up = _chain(parent, i, include_self=False)
        self_up = [i] + up
        assert outermost[i] == (is_op[i] and not any(is_op[a] for a in up)), i
        marked = [a for a in self_up if annotation[a]]
        assert around[i] == (marked[-1] if marked else -1), i
        ops = [a for a in self_up if is_op[a]]
        assert nearest[i] == (ops[0] if ops else -1), i
        assert enclosing[k] == next((a for a in up if annotation[a]), -1), i
        assert pairs["ancestor"][pairs["row"] == k].tolist() == [a for a in up if is_op[a]], i
        assert pairs_self["ancestor"][pairs_self["row"] == k].tolist() == ops, i
        calls = [a for a in up if s["kind"].iat[a] == "region"]
        assert chain["ancestor"][chain["row"] == k].tolist() == calls, i


def test_running_at_is_the_deepest_slice_holding_the_moment(trace):
    """``slice_at`` (a sorted search, then up the parents) against every slice of the thread that holds the moment."""
    s = trace.slices
    if not len(s):
        return
    start, end = s["start_ns"].to_numpy(), s["end_ns"].to_numpy()
    tid, pid, depth = s["tid"].to_numpy(dtype=np.int64, na_value=-1), s["pid"].to_numpy(dtype=np.int64, na_value=-1), s["depth"].to_numpy()
    rank = s["rank"].to_numpy().astype(np.int64)
    pick = np.arange(0, len(s), max(1, len(s) // 300))
    moments = (start[pick] + end[pick]) // 2
    found = trace.slice_at(rank[pick], pid[pick], tid[pick], moments)
    for k, i in enumerate(pick.tolist()):
        holds = np.flatnonzero((rank == rank[i]) & (pid == pid[i]) & (tid == tid[i]) & (start <= moments[k]) & (moments[k] <= end))
        deepest = holds[depth[holds] == depth[holds].max()]
        assert found[k] in deepest.tolist(), i


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


def test_is_one_of_answers_as_isin_on_categorical_and_plain_columns(trace):
    """``by_name.is_one_of`` asks the categories and spreads the answer by code: the same rows as ``isin``, missing
    values False, on the trace's categorical columns (names, categories, APIs) and on the same columns as plain text."""
    import pandas as pd

    from traceview.trace.by_name import is_one_of

    columns = [trace.slices["cat"], trace.slices["name"], trace.launches["api"], trace.gpu["kind"]]
    columns.append(pd.Series(pd.Categorical(["a", None, "b", "c", None], categories=["a", "b", "c", "unused"])))
    for column in columns + [c.astype(object) for c in columns]:
        seen = column.dropna().unique().tolist()
        for values in (seen[:1], seen[1:3], ["unused", "nothing of it"], [], tuple(seen)):
            expected = column.isin(list(values)).to_numpy(dtype=bool, na_value=False)
            assert np.array_equal(is_one_of(column, values), expected), (column.name, values)


def test_first_chars_reads_a_patterns_possible_first_characters():
    assert tag_match.first_chars(r"aten::(?:mm|bmm)\Z") == {"a"}
    assert tag_match.first_chars(r"(?:cuda|hip)Memcpy|cu(?:Launch)") == {"c", "h"}
    assert tag_match.first_chars(r"^ProfilerStep#\d+$") == {"P"}
    assert tag_match.first_chars(r"^(aten|prims)::") == {"a", "p"}
    assert tag_match.first_chars(r"\.step|## Call") == {".", "#"}
    assert tag_match.first_chars(r"ab*") == {"a"}  # the second may be left out, not the first
    for unknown in (r"a?b", r"a{0,2}b", r"(?i)copy", r"[ab]c", r".x", r"(?:x|y)?z", r"(x)*y", r"x|", r"\wx",
                    r"(?=a)a", r"(?P<n>a)", r"a|[b]", ""):
        assert tag_match.first_chars(unknown) is None, unknown


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_an_anchored_tag_is_asked_of_every_name_it_can_match(data):
    """tags_of asks an anchored question only of names starting with one of its first_chars: every text the pattern
    matches whole (drawn from the pattern itself) starts with one of them."""
    for table, tags in (("slices", SLICE_TAGS), ("gpu", KERNEL_TAGS)):
        for name, tag in tags.items():
            first = tag_match.first_chars(tag.pattern) if tag.anchored else None
            if first is None:
                continue
            text = data.draw(st.from_regex(tag.pattern, fullmatch=True), label=f"{table}.{name}")
            assert re.compile(tag.pattern).match(text) is not None and text[:1] in first, (name, text)

"""Kernels and GPU time per nn.Module on the H200 with_stack GPT-2 traces (eager, compiled, reduce-overhead).

Independent reading (plain json, tests/training_facts.RawTrace): a module's forward kernels are the
kernels whose launch starts inside one of its ``nn.Module: X`` events on the same thread; backward
kernels are those launched from any other thread (autograd's), which the per-module view must put
back on a module or list as not linked; every run-phase kernel lands in exactly one row.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from training_facts import RawTrace
from traceview.analysis.analyze import analyze
from traceview.analysis.kernels.modules import OUTSIDE, UNLINKED

TRAINING = Path(__file__).parent / "data" / "training"
STACK = ["gpt2-eager-stack", "gpt2-compiled-stack", "gpt2-reduce-overhead-stack"]


@pytest.fixture(scope="module")
def corpus(load_cached):
    cache = {}

    def get(name: str):
        if name not in cache:
            path = TRAINING / f"{name}.json.gz"
            cache[name] = (analyze(load_cached(path)), RawTrace(path))
        return cache[name]

    return get


def raw_forward_kernels(raw: RawTrace) -> Counter:
    """Module event name -> kernels launched inside its events, on its thread (inclusive of submodules)."""
    modules = [e for e in raw.complete if e.get("cat") == "python_function" and e["name"].startswith("nn.Module: ")]
    count: Counter = Counter()
    for k in raw.kernels:
        launch = raw.launch_of(k)
        for m in modules:
            if m["tid"] == launch["tid"] and m["ts"] <= launch["ts"] < m["ts"] + m["dur"]:
                count[m["name"].removeprefix("nn.Module: ")] += 1
    return count


def raw_main_thread(raw: RawTrace) -> int:
    return next(e["tid"] for e in raw.complete if e["name"].startswith("ProfilerStep#"))


@pytest.mark.parametrize("name", STACK)
def test_every_run_kernel_is_in_exactly_one_top_level_row(corpus, name):
    a, raw = corpus(name)
    top = a.modules.modules[a.modules.modules["level"] == 0]
    assert top["kernels"].sum() == a.kernel_counts["runtime"] == len(raw.kernels)
    assert (a.modules.modules["kernels"] >= a.modules.modules["self_kernels"]).all()


@pytest.mark.parametrize("name", STACK)
def test_forward_kernels_per_module_match_the_raw_time_containment(corpus, name):
    a, raw = corpus(name)
    expected = raw_forward_kernels(raw)
    rows = a.modules.modules[~a.modules.modules["name"].str.startswith("[")]
    got = rows.groupby("name")["forward_kernels"].sum()
    assert {n: int(got[n]) for n in expected} == dict(expected)


@pytest.mark.parametrize("name", STACK)
def test_backward_kernels_are_those_of_autograds_thread(corpus, name):
    """The backward runs on another thread, outside every module frame: the fwdbwd flows bring it back."""
    a, raw = corpus(name)
    main = raw_main_thread(raw)
    backward = sum(1 for k in raw.kernels if raw.launch_of(k)["tid"] != main)
    m = a.modules.modules
    top = m[m["level"] == 0]
    assert top["backward_kernels"].sum() == backward
    assert UNLINKED not in set(m["name"])  # every backward op of these traces has its flow


def test_eager_blocks_and_layers_hold_their_kernels_forward_and_backward(corpus):
    a, _ = corpus("gpt2-eager-stack")
    m = a.modules.modules.set_index("path")
    steps = len(a.steps.steps)
    block = m.loc["GPT2LMHeadModel_0.GPT2Model_0.GPT2Block_0"]
    assert (block["forward_kernels"] / steps, block["backward_kernels"] / steps) == (19, 41)
    children = m[m["parent"] == "GPT2LMHeadModel_0.GPT2Model_0.GPT2Block_0"]
    assert block["kernels"] == block["self_kernels"] + children["kernels"].sum()
    assert set(children["name"]) == {"LayerNorm_0", "GPT2Attention_0", "LayerNorm_1", "GPT2MLP_0"}
    assert m.loc["GPT2LMHeadModel_0", "kernels"] / steps == 147
    assert m.loc["[Optimizer.step#AdamW.step]", "kernels"] / steps == 8  # AdamW foreach, outside the model
    assert a.modules.attributed_kernels + m.loc[OUTSIDE, "kernels"] + m.loc["[Optimizer.step#AdamW.step]", "kernels"] == 471


def test_compiled_model_is_attributed_through_its_regions(corpus):
    """Inside a compiled graph the submodules are inlined: the regions are the tree's nodes below the model."""
    a, raw = corpus("gpt2-compiled-stack")
    m = a.modules.modules.set_index("path")
    model = "OptimizedModule_0.GPT2LMHeadModel_0"
    region = f"{model}.[compiled 0/0].[compiled 1/0]"
    steps = len(a.steps.steps)
    assert m.loc[region, "forward_kernels"] / steps == 30 and m.loc[region, "backward_kernels"] / steps == 87
    assert m.loc[f"{region}.[compiled 3/0]", "forward_kernels"] / steps == 3
    assert m.loc[model, "kernels"] == m.loc[region, "kernels"]


def test_cuda_graph_replays_belong_to_the_module_that_launched_the_graph(corpus):
    a, raw = corpus("gpt2-reduce-overhead-stack")
    m = a.modules.modules.set_index("path")
    model = "OptimizedModule_0.GPT2LMHeadModel_0"
    replayed = sum(raw.graph_launch_kernels())
    assert m.loc[model, "graph_kernels"] == replayed  # every replayed kernel, forward and backward graphs
    assert m.loc[model, "launches"] < m.loc[model, "kernels"]  # a graph launch counts once


def test_trace_without_stacks_says_why_there_is_no_module_view(load_cached):
    a = analyze(load_cached(TRAINING / "gpt2-eager.json.gz"))
    assert a.modules.modules.empty and "with_stack" in a.modules.notes[0]

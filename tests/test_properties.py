"""Property-based tests: generated traces keep the analyses' invariants, and mutated traces never crash the loader.

Valid traces are built from blocks of (cpu_op -> launch -> kernels) with unique correlations, some
launches losing their kernels and some kernels their launch, optionally wrapped in compile, autotune,
compiled-region and profiler-step spans. Mutated traces are random byte edits of a real trace, and
random wrong values in a generated one's fields: ``load`` returns a Trace or raises TraceFormatError,
and ``analyze`` on what loads raises nothing but TraceviewError.

The budget is fixed (``derandomize=True``, ``max_examples`` below) so CI time stays well under a minute.
"""

from __future__ import annotations

import gzip
import json
import math
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import h200
from traceview.analysis.analyze import analyze
from traceview.analysis.base.compile_split import PHASES
from traceview.errors import TraceFormatError, TraceviewError
from traceview.trace import load

SETTINGS = dict(deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
VALID = settings(max_examples=60, **SETTINGS)
MUTATED = settings(max_examples=150, **SETTINGS)

SINGLE_APIS = ("cudaLaunchKernel", "cuLaunchKernel", "cuLaunchKernelEx", "hipLaunchKernel")
GRAPH_APIS = ("cudaGraphLaunch", "hipGraphLaunch")
#: span name -> the phase of the kernels launched inside it (None: does not change the phase)
WRAPPERS = {
    "dynamo": "compile",
    "Torch-Compiled Region: 0/0": None,
    "CachingAutotuner.benchmark_all_configs": "autotune",
    "ProfilerStep#3": None,
    "compile_fx_inner (dynamo_timed)": "compile",
}
HOST_PID, GPU_PID = 10, 0


@dataclass
class Built:
    """A generated trace and what must hold for it."""

    events: list[dict] = field(default_factory=list)
    kernels: int = 0
    kernels_without_launch: int = 0
    launches_without_kernels: int = 0
    launches: int = 0
    phase_of_correlation: dict[int, str] = field(default_factory=dict)  # for kernels whose launch exists


def _x(name: str, cat: str, ts: float, dur: float, pid: int = HOST_PID, tid: int = 1, **args: object) -> dict:
    event = {"ph": "X", "cat": cat, "name": name, "pid": pid, "tid": tid, "ts": ts, "dur": dur}
    if args:
        event["args"] = args
    return event


@st.composite
def valid_traces(draw: st.DrawFn) -> Built:
    built = Built()
    t = 1_000.0
    correlation = 1
    for _ in range(draw(st.integers(0, 5))):
        tid = draw(st.sampled_from([1, 2]))
        wrappers = draw(st.lists(st.sampled_from(sorted(WRAPPERS)), max_size=2, unique=True))
        phase = next((WRAPPERS[w] for w in reversed(wrappers) if WRAPPERS[w]), "run")  # innermost phase span wins
        block_start = t
        depth = len(wrappers)
        inner: list[dict] = []
        for _ in range(draw(st.integers(1, 3))):
            api = draw(st.sampled_from(SINGLE_APIS + GRAPH_APIS))
            count = draw(st.integers(1, 4)) if api in GRAPH_APIS else 1
            fate = draw(st.sampled_from(["both", "both", "both", "no_launch", "no_kernels"]))
            op_start = t + depth + 1
            gap = draw(st.sampled_from([0.0, 0.25, 3.5]))
            inner.append(_x("aten::op", "cpu_op", op_start, 20, tid=tid, **{"External id": correlation}))
            if fate != "no_launch":
                inner.append(_x(api, "cuda_runtime", op_start + 2 + gap, 5, tid=tid, correlation=correlation))
                built.launches += 1
            if fate != "no_kernels":
                for i in range(count):
                    dur = draw(st.sampled_from([0, 1, 2.5, 40]))
                    inner.append(_x(f"kernel_{i}", "kernel", op_start + 10 + gap + 45 * i, dur, pid=GPU_PID, tid=7,
                                    device=0, stream=7, correlation=correlation))
                built.kernels += count
                if fate == "no_launch":
                    built.kernels_without_launch += count
                else:
                    built.phase_of_correlation[correlation] = phase
            elif fate == "no_kernels":
                built.launches_without_kernels += 1
            correlation += 1
            t = op_start + 25 + 45 * count
        for level, wrapper in enumerate(wrappers):  # outermost first, each one inside the last
            built.events.append(_x(wrapper, "user_annotation", block_start + level, t - block_start + depth - 2 * level, tid=tid))
        built.events.extend(inner)
        t += depth + 5
    order = draw(st.permutations(range(len(built.events))))  # file order must not matter
    built.events = [built.events[i] for i in order]
    return built


def _load_events(events: list, header: dict | None = None):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "generated.json"
        path.write_text(json.dumps({"schemaVersion": 1, **(header or {}), "traceEvents": events}))
        return load(path)


@pytest.mark.slow
@VALID
@given(valid_traces())
def test_generated_traces_keep_every_invariant(built):
    trace = _load_events(built.events)
    result = analyze(trace)
    table = result.attribution.table
    # every GPU activity attributed exactly once, every kernel counted (with or without its launch)
    assert table["activity_id"].is_unique and len(table) == len(trace.gpu) == built.kernels
    assert result.attribution.without_launch == built.kernels_without_launch
    assert result.summary.kernels == built.kernels
    # phases partition the kernels
    assert set(table["phase"].astype(str)) <= set(PHASES)
    counts = result.kernel_counts
    assert counts["runtime"] + counts["compile"] == counts["total"] == built.kernels
    assert table["phase"].notna().all()
    # each kernel with a launch has the phase of the innermost compile/autotune span around it
    with_launch = table[table["launch_id"].notna()]
    expected = with_launch["correlation"].map(built.phase_of_correlation)
    assert (with_launch["phase"].astype(str) == expected).all(), (with_launch[["name", "phase"]], expected)
    # launches: counts add up
    launches = trace.launches
    assert len(launches) == built.launches
    assert launches["gpu_count"].sum() == trace.gpu["launch_id"].notna().sum()
    assert (launches["kernel_count"] == 0).sum() == built.launches_without_kernels
    if built.kernels_without_launch:
        assert any("no launch" in n for n in trace.meta.notes)
    if built.launches_without_kernels:
        assert any("missing" in n or "no GPU activity" in n for n in trace.meta.notes)
    # times are non-negative
    for frame in (trace.slices, trace.gpu, trace.launches):
        assert (frame["dur_ns"] >= 0).all() and (frame["end_ns"] >= frame["start_ns"]).all()
    assert result.split.compile_ns >= 0 and result.split.autotune_ns >= 0 and result.summary.span_ms >= 0
    assert (with_launch["launch_to_kernel_ns"].dropna() >= 0).all()
    if len(result.kernels):
        assert math.isclose(result.kernels["share"].sum(), 1.0) or result.kernels["total_ms"].sum() == 0
        assert result.kernels["count"].sum() == counts["runtime"]


# --- mutations: the loader never crashes --------------------------------------------------------

#: Drawn uniformly (not via one_of, which the derandomized search rarely leaves for its first branch).
_WRONG_VALUES = st.sampled_from([
    None, True, False, "", "x", "12", "-3", "1e999", "stream 9", -1, 0, 2**63, -(2**63) - 1, 2**64, 10**30, -(10**30),
    2**62, 1e300, -1e300, 1e-300, 1.5, -0.5, 4611686018427387.5, [], [1, 2, 3], [10**30, 1, 1], {}, {"a": 1},
])
_FIELDS = ("ph", "cat", "name", "pid", "tid", "ts", "dur", "args", "id")
_ARG_FIELDS = ("correlation", "External id", "device", "stream", "grid", "block", "bytes", "registers per thread")


def _checked_load(data: bytes):
    """Load ``data``; anything but a Trace or TraceFormatError fails the test. Then analyze it."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mutated.json"
        path.write_bytes(data)
        try:
            trace = load(path)
        except TraceFormatError as exc:
            assert "\n" not in str(exc)
            return None
    try:
        analyze(trace)
    except TraceviewError:
        pass
    return trace


@pytest.mark.slow
@MUTATED
@given(valid_traces(), st.data())
def test_wrong_values_in_any_field_never_crash(built, data):
    events = [dict(e) for e in built.events] or [{"ph": "X"}]
    for _ in range(data.draw(st.integers(1, 6))):
        event = events[data.draw(st.integers(0, len(events) - 1))]
        if data.draw(st.booleans()) and isinstance(event.get("args"), dict):
            event["args"] = {**event["args"], data.draw(st.sampled_from(_ARG_FIELDS)): data.draw(_WRONG_VALUES)}
        elif data.draw(st.booleans()):
            event[data.draw(st.sampled_from(_FIELDS))] = data.draw(_WRONG_VALUES)
        else:
            event.pop(data.draw(st.sampled_from(_FIELDS)), None)
    header = data.draw(st.sampled_from([{}, {"deviceProperties": "x"}, {"distributedInfo": {"rank": "r"}}, {"baseTimeNanoseconds": "x"}]))
    _checked_load(json.dumps({**header, "traceEvents": events}).encode())


_REAL = gzip.decompress(h200("abc_eager").read_bytes())


@pytest.mark.slow
@MUTATED
@given(st.data())
def test_byte_edits_of_a_real_trace_never_crash(data):
    body = bytearray(_REAL)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(body)))
        edit = data.draw(st.sampled_from(["cut", "delete", "insert", "replace"]))
        if edit == "cut":
            del body[at:]
        elif edit == "delete":
            del body[at: at + data.draw(st.integers(1, 64))]
        else:
            chunk = data.draw(st.sampled_from([b"{", b"}", b"]", b",", b'"', b"null", b"NaN", b"-", b"1e999", b"\x00", b"\xff", b'"ts": "x"']))
            body[at: at + (len(chunk) if edit == "replace" else 0)] = chunk
    gz = data.draw(st.booleans())
    _checked_load(gzip.compress(bytes(body), mtime=0) if gz else bytes(body))


def test_budget_is_fixed_for_ci():
    for test in (test_generated_traces_keep_every_invariant, test_wrong_values_in_any_field_never_crash, test_byte_edits_of_a_real_trace_never_crash):
        chosen = test._hypothesis_internal_use_settings
        assert chosen.derandomize and chosen.deadline is None and chosen.max_examples <= 200


def _innermost_containers(start: list[int], end: list[int], new_thread: list[bool], tolerance: int) -> tuple[list[int], list[int]]:
    """The reference nesting, one slice at a time: the parent of i is the latest earlier slice of its
    thread (walk order) that ends at or after end_i - tolerance, and after i starts; depth counts
    the chain up."""
    thread, current = [], 0
    for flag in new_thread:
        current += flag
        thread.append(current)
    parents = []
    for i in range(len(start)):
        found = -1
        for j in range(i - 1, -1, -1):
            if thread[j] != thread[i]:
                break
            if end[j] >= end[i] - tolerance and end[j] > start[i]:
                found = j
                break
        parents.append(found)
    depths = []
    for i in range(len(start)):
        d, p = 0, parents[i]
        while p >= 0:
            d, p = d + 1, parents[p]
        depths.append(d)
    return parents, depths


@settings(max_examples=200, **SETTINGS)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 60), st.integers(0, 40)), min_size=1, max_size=80),
       st.sampled_from([1, 2, 3, 5, 16, 1 << 16]), st.sampled_from([0, 1, 4]))
def test_vectorised_nesting_equals_the_containment_walk(spans, block, tolerance):
    """Overlapping, overhanging, zero-length and equal slices on a few threads, the sparse table cut
    into blocks of any size, any rounding tolerance: the same parent and depth as the slow walk."""
    import numpy as np

    from traceview.trace.nesting import ancestors, enclosing

    spans = sorted(spans, key=lambda s: (s[0], s[1], -s[2]))
    thread = np.array([s[0] for s in spans])
    start = np.array([s[1] for s in spans], dtype=np.int64)
    end = start + np.array([s[2] for s in spans], dtype=np.int64)
    new_thread = np.ones(len(spans), dtype=bool)
    new_thread[1:] = thread[1:] != thread[:-1]
    parents, depths = _innermost_containers(start.tolist(), end.tolist(), new_thread.tolist(), tolerance)
    found = enclosing(start, end, new_thread, tolerance, block=block)
    assert found.tolist() == parents
    assert ancestors(found).tolist() == depths
    for i, p in enumerate(found.tolist()):  # a parent contains its child
        if p >= 0:
            assert start[p] <= start[i] and end[p] >= end[i] - tolerance and end[p] > start[i]


def _forest(picks: list[int], rnd):
    """(parents, depth) of a forest whose rows come in any order (a parent may come after its child): row k's
    parent is an earlier-built row (``pick`` modulo k; none where ``pick`` is negative), then the rows shuffled."""
    import numpy as np

    n = len(picks)
    order = list(range(n))
    rnd.shuffle(order)
    parents = np.full(n, -1, dtype=np.int64)
    for k, pick in enumerate(picks):
        if k and pick >= 0:
            parents[order[k]] = order[pick % k]
    depth = np.zeros(n, dtype=np.int64)
    for i in range(n):
        p = parents[i]
        while p >= 0:
            depth[i] += 1
            p = parents[p]
    return parents, depth


@settings(max_examples=100, **SETTINGS)
@given(st.lists(st.tuples(st.integers(-1, 60), st.booleans()), min_size=1, max_size=60), st.randoms(use_true_random=False))
def test_nearest_marked_by_levels_equals_the_walk_up(nodes, rnd):
    """A forest in any row order (a parent may come after its child), any marks: the level-at-a-time
    answer is the walk's."""
    import numpy as np

    from traceview.trace.tree import nearest_ancestor, nearest_marked

    parents, depth = _forest([pick for pick, _ in nodes], rnd)
    mask = np.array([m for _, m in nodes])
    assert nearest_marked(parents, depth, mask).tolist() == nearest_ancestor(parents, np.arange(len(nodes)), mask, include_self=True).tolist()


@settings(max_examples=80, **SETTINGS)
@given(st.lists(st.one_of(st.none(), st.sampled_from([
    "dynamo", "Torch-Compiled Region: 0/1", "Torch-Compiled Region", "ProfilerStep#3", "aten::mul", "prims::add",
    "compile_fx_inner (dynamo_timed)", "x_data: compile_id=2/0", "[1/0] bytecode_tracing", "CachingAutotuner.benchmark_all_configs",
    "## Call CompiledFxGraph abc", "", "ProfilerStep#3 ", "triton_poi_fused_0"])), min_size=0, max_size=40))
def test_name_patterns_on_distinct_names_equal_pandas_str(names):
    """``matches`` / ``per_label`` (``re`` on the distinct names, spread by code) give what pandas'
    ``.str.contains`` / ``.str.match`` / ``.str.extract`` give on the rows, a missing name matching nothing."""
    import warnings

    import pandas as pd

    from traceview.trace import catalogue as patterns
    from traceview.trace.by_name import matches, per_label

    column = pd.Series(pd.Categorical(names))
    as_str = column.astype(object)
    def hits(found):
        return [False if pd.isna(v) else bool(v) for v in found]

    for pattern in (patterns.COMPILE, patterns.REGION, patterns.STEP, patterns.AUTOTUNE, patterns.TRACED_OP, patterns.INDUCTOR_CALL):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # "has match groups": the groups are not wanted here
            assert matches(column, pattern).tolist() == hits(as_str.str.contains(pattern))
        assert matches(column, pattern, anchored=True).tolist() == hits(as_str.str.match(pattern))
    region = as_str.str.extract(patterns.REGION)["id"]
    expected = ["?" if n is None else (r if isinstance(r, str) else "?") for n, r in zip(names, region)]
    assert [v if v is not None else "?" for v in per_label(column, patterns.region_id)] == expected


@settings(max_examples=150, **SETTINGS)
@given(st.lists(st.tuples(st.integers(-1, 60), st.integers(0, 40)), min_size=1, max_size=80), st.randoms(use_true_random=False),
       st.integers(1, 40))
def test_outermost_of_a_sparse_mask_equals_the_level_walk(nodes, rnd, density):
    """A forest in any row order, one or two masks of any density: the walk up from the marked slices
    (``_outermost_sparse``, taken when few are marked) answers as the level walk does (``nearest_marked``), and the
    walk up from any rows (``outermost_marked_at``) as ``outermost_marked`` at those rows."""
    import numpy as np

    from traceview.trace.tree import _outermost_sparse, nearest_marked, outermost, outermost_marked, outermost_marked_at

    parents, depth = _forest([pick for pick, _ in nodes], rnd)
    one = np.array([m < density for _, m in nodes])
    two = np.stack([one, np.array([m % 7 == 0 for _, m in nodes])])
    for mask in (one, two):
        around = nearest_marked(parents, depth, mask)
        walked = mask & ((parents < 0) | (around[..., np.maximum(parents, 0)] < 0))
        assert _outermost_sparse(parents, mask).tolist() == walked.tolist()
        assert outermost(parents, depth, mask).tolist() == walked.tolist()
    start = np.array([pick % (len(nodes) + 1) - 1 for pick, _ in nodes], dtype=np.int64)  # any rows, -1 (none) too
    everywhere = outermost_marked(parents, depth, one)
    assert outermost_marked_at(parents, start, one).tolist() == np.where(start >= 0, everywhere[np.maximum(start, 0)], -1).tolist()


@settings(max_examples=150, **SETTINGS)
@given(st.lists(st.integers(-1, 4), min_size=0, max_size=40), st.lists(st.integers(-1, 39), max_size=40),
       st.sampled_from([["run", "compile", "autotune", 7, "x"], ["cudaLaunchKernel", "cuLaunchKernel"], [1.5, "a"]]))
def test_text_columns_typed_on_their_labels_equal_the_object_column(codes, rows, categories):
    """The attribution table's phase and api columns (``_text_values``: typed once on the values the rows hold, then
    taken per row) make the column pandas makes of the object array (``_object_values``): same dtype (``str`` under
    pandas 3, object under 2; object where an unused category or a used one is no text), same values, missing NaN."""
    import numpy as np
    import pandas as pd

    from traceview.analysis.kernels.attribution import _object_values, _text_values

    n = len(categories)
    column = pd.Series(pd.Categorical.from_codes([c if c < n else -1 for c in codes], categories=categories))
    expected = pd.DataFrame({"c": _object_values(column)})
    assert_frame = pd.testing.assert_frame_equal
    assert_frame(pd.DataFrame({"c": _text_values(column)}), expected)
    table_rows = np.array([r if r < len(codes) else -1 for r in rows], dtype=np.int64)
    at = table_rows[table_rows >= 0]
    old = np.full(len(table_rows), np.nan, dtype=object)
    old[table_rows >= 0] = _object_values(column, at)
    assert_frame(pd.DataFrame({"c": _text_values(column, table_rows, at)}), pd.DataFrame({"c": old}))


@settings(max_examples=200, **SETTINGS)
@given(st.lists(st.integers(0, 6), max_size=40))
def test_most_first_is_the_order_a_descending_sort_of_the_frame_gives(counts):
    """The per-API and dispatch tables are built in _most_first's order instead of sorting a frame: the same rows,
    ties included, as ``sort_values(ascending=False)`` under this pandas."""
    import numpy as np
    import pandas as pd

    from traceview.analysis.host.overhead import _most_first

    values = np.array(counts, dtype=np.int64)
    expected = pd.DataFrame({"calls": values, "row": np.arange(len(values))}).sort_values("calls", ascending=False)
    assert _most_first(values).tolist() == expected["row"].tolist()

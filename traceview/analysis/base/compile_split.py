"""How much of this trace was torch.compile compiling, autotuning, or running?

Every host slice gets a phase from the nearest enclosing compile or autotune event (the slice
table's ``phase`` column, found once at load time by :mod:`traceview.trace.classify`); a launch has
its slice's phase, and a kernel its launch's. The
aten/prims ops that Dynamo and AOTAutograd run on fake tensors while tracing are compile-phase
slices: :attr:`CompileSplit.traced_ops` lists them, so a user who sees ``aten::mul`` "on the CPU"
learns it was compilation, not work.
"""

from __future__ import annotations


from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from traceview.analysis.base import intervals
from traceview.trace import catalogue
from traceview.trace.catalogue import tagged
from traceview.trace.by_name import is_one_of, per_label
from traceview.trace import Trace
from traceview.trace.classify import PHASES

PHASE_DTYPE = pd.CategoricalDtype(list(PHASES))
_RUN, _COMPILE, _AUTOTUNE = 0, 1, 2


@dataclass(frozen=True)
class CompileSplit:
    """Compile / autotune / run, for slices, launches and GPU activities.

    ``slice_phase``: one phase per slice (index = slice_id).
    ``launch_phase``: one per launch (index = launch_id); ``gpu_phase``: one per GPU activity (index = activity_id).
    ``spans``: the outermost compile and autotune events: slice_id, phase, name, compile_id, start_ns, end_ns, dur_ns.
    ``compiles``: one row per compile id (``"F/C"``; ``"?"`` when the trace names none): spans, start_ns, wall_ns.
    ``stages``: ms per compile stage (Dynamo tracing, AOT, Inductor, guards) over the whole trace, each the union
    of its own events: stages nest (Inductor inside AOT inside the backend compile), so they do not add up.
    ``stages_self``: the same time split so that it adds up: each instant goes to the innermost stage running
    then (the deepest event), so the stages' self ms sum to at most the compile time.
    ``traced_ops``: aten/prims ops run while compiling: name, calls, cpu_ms.
    """

    slice_phase: pd.Series
    launch_phase: pd.Series
    gpu_phase: pd.Series
    spans: pd.DataFrame
    compiles: pd.DataFrame
    stages: dict[str, float]
    traced_ops: pd.DataFrame
    compile_ns: int  # wall ns covered by compile events, autotuning excluded
    autotune_ns: int  # wall ns covered by autotuning events
    stages_self: dict[str, float] = field(default_factory=dict)
    compile_ids: list[str] = field(init=False)  # the compile ids named ("?" left out)
    #: How many compilations: the distinct compile ids; on a trace that names none (PyTorch before 2.5), its
    #: outermost compile spans.
    compile_count: int = field(init=False)

    def __post_init__(self):
        ids = [c for c in self.compiles["compile_id"] if c != "?"]
        object.__setattr__(self, "compile_ids", ids)
        object.__setattr__(self, "compile_count", len(ids) if ids else int(self.compiles["spans"].sum()))


def compile_split(trace: Trace) -> CompileSplit:
    """Classify every slice, launch and GPU activity of ``trace`` as compile, autotune or run."""
    slices = trace.slices
    names = slices["name"]  # categorical: each .str pattern runs once per distinct name
    # Only Dynamo/Inductor's own events mark phases: a Python frame in compile_fx.py is not compiling.
    marker = is_one_of(slices["cat"], catalogue.PHASE_MARKER_CATEGORIES)
    # each slice's kind and phase were found once, at load time (trace/classify.py)
    kind = slices["kind"]
    own = np.zeros(len(slices), dtype=np.int8)
    own[(kind == "compile").to_numpy()] = _COMPILE
    own[(kind == "autotune").to_numpy()] = _AUTOTUNE
    # slice_id is the row's position (trace/model.py): a range index, without a hash table built for each lookup
    slice_phase = pd.Series(slices["phase"].array.astype(PHASE_DTYPE), index=pd.RangeIndex(len(slices), name="slice_id"))
    code = np.array([_COMPILE, _AUTOTUNE, _RUN], dtype=np.int8)[slice_phase.cat.codes.to_numpy()]

    spans = _outermost_spans(trace, own)
    spans = spans.assign(compile_id=_compile_ids(trace, names, spans))
    tuning = (spans["phase"] == "autotune").to_numpy()
    span_start, span_end = spans["start_ns"].to_numpy(), spans["end_ns"].to_numpy()
    autotune_ns = intervals.union_length(span_start[tuning], span_end[tuning])
    compile_ns = intervals.union_length(span_start, span_end) - autotune_ns  # (spans: compile and autotune ones)

    launch_phase = slice_phase.reindex(trace.launches["launch_id"].to_numpy())
    launch_phase.index = trace.launches["launch_id"].to_numpy()
    return CompileSplit(
        slice_phase=slice_phase,
        launch_phase=launch_phase,
        gpu_phase=_gpu_phase(trace, slice_phase, spans),
        spans=spans,
        compiles=_compiles(spans[~tuning]),
        stages=_stages(slices, names, marker),
        stages_self=_stages_self(slices, names, marker),
        traced_ops=_traced_ops(slices, names, code),
        compile_ns=int(max(compile_ns, 0)),
        autotune_ns=int(autotune_ns),
    )


def _outermost_spans(trace: Trace, own: np.ndarray) -> pd.DataFrame:
    """Compile/autotune events with no enclosing event of the same phase."""
    slices = trace.slices
    outer = trace.outermost(np.stack([own == _COMPILE, own == _AUTOTUNE]))  # both phases in one walk
    outers = [np.flatnonzero(outer[0]), np.flatnonzero(outer[1])]
    phases = ["compile"] * len(outers[0]) + ["autotune"] * len(outers[1])
    rows = np.concatenate(outers)
    order = np.argsort(slices["start_ns"].to_numpy()[rows], kind="stable")
    rows = rows[order]
    names = slices["name"].array
    return pd.DataFrame({
        "slice_id": slices["slice_id"].to_numpy()[rows],
        "phase": np.asarray(phases, dtype=object)[order],
        "name": np.asarray(names.categories.astype(str), dtype=object)[names.codes[rows]] if len(rows) else np.array([], dtype=object),
        "start_ns": slices["start_ns"].to_numpy()[rows],
        "end_ns": slices["end_ns"].to_numpy()[rows],
        "dur_ns": slices["dur_ns"].to_numpy()[rows],
    })


def _compile_ids(trace: Trace, names: pd.Series, spans: pd.DataFrame) -> list[str]:
    """The ``F/C`` compile id named inside each span (its own name or a nested annotation)."""
    slices = trace.slices
    ids = per_label(names, _compile_id)
    with_id = np.flatnonzero(ids != None)  # noqa: E711 (elementwise)
    is_span = np.zeros(len(slices), dtype=bool)
    is_span[spans["slice_id"].to_numpy()] = True
    pairs = trace.ancestors(with_id, is_span, include_self=True)
    # the first id found (pairs come nearest first) for each span
    spans_with, first = np.unique(pairs["ancestor"].to_numpy(), return_index=True)
    named = dict(zip(spans_with.tolist(), ids[with_id[pairs["row"].to_numpy()[first]]].tolist()))
    return [named.get(s, "?") for s in spans["slice_id"].tolist()]


def _compile_id(name: str) -> str | None:
    found = catalogue.COMPILE_ID.search(name)
    return None if found is None else found.group("id") or found.group("bracket")


def _compiles(compile_spans: pd.DataFrame) -> pd.DataFrame:
    ids, distinct = pd.factorize(compile_spans["compile_id"].to_numpy(dtype=object), sort=False)  # first seen first
    start = np.full(len(distinct), np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(start, ids, compile_spans["start_ns"].to_numpy())
    wall = np.zeros(len(distinct), dtype=np.int64)
    np.add.at(wall, ids, compile_spans["dur_ns"].to_numpy())
    out = pd.DataFrame({"compile_id": np.asarray(distinct, dtype=object), "spans": np.bincount(ids, minlength=len(distinct)).astype(np.int64),
                        "start_ns": start, "wall_ns": wall}, copy=False)
    return out.sort_values("start_ns", ignore_index=True)


def _stages(slices: pd.DataFrame, names: pd.Series, marker: np.ndarray) -> dict[str, float]:
    out: dict[str, float] = {}
    for stage, _ in catalogue.COMPILE_STAGES:
        hit = tagged(slices, f"compile_stage:{stage}") & marker
        if hit.any():
            ns = intervals.union_length(slices["start_ns"].to_numpy()[hit], slices["end_ns"].to_numpy()[hit])
            out[stage] = ns / 1e6
    return out


def _stages_self(slices: pd.DataFrame, names: pd.Series, marker: np.ndarray) -> dict[str, float]:
    """Each stage's self ms: the time between consecutive event boundaries goes to the deepest stage event
    covering it (ties: the later-listed stage, the inner one)."""
    starts, ends, depths, labels = [], [], [], []
    for order, (stage, _) in enumerate(catalogue.COMPILE_STAGES):
        hit = tagged(slices, f"compile_stage:{stage}") & marker
        if hit.any():
            starts.append(slices["start_ns"].to_numpy()[hit])
            ends.append(slices["end_ns"].to_numpy()[hit])
            depths.append(slices["depth"].to_numpy()[hit].astype(np.int64) * 16 + order)
            labels.append(np.full(int(hit.sum()), order))
    if not starts:
        return {}
    a, b, d, lab = (np.concatenate(x) for x in (starts, ends, depths, labels))
    edges = np.unique(np.concatenate([a, b]))
    best = np.full(len(edges) - 1, -1, dtype=np.int64)
    owner = np.full(len(edges) - 1, -1, dtype=np.int64)
    lo, hi = np.searchsorted(edges, a), np.searchsorted(edges, b)
    for i in np.argsort(d, kind="stable"):  # deeper events last: they overwrite the segments they cover
        best[lo[i]:hi[i]] = d[i]
        owner[lo[i]:hi[i]] = lab[i]
    width = np.diff(edges)
    out = {}
    for order, (stage, _) in enumerate(catalogue.COMPILE_STAGES):
        ns = int(width[owner == order].sum())
        if ns:
            out[stage] = ns / 1e6
    return out


def _traced_ops(slices: pd.DataFrame, names: pd.Series, code: np.ndarray) -> pd.DataFrame:
    hit = (code == _COMPILE) & tagged(slices, "traced_op") & (slices["cat"] == "cpu_op").to_numpy()
    if not hit.any():
        return pd.DataFrame({"name": np.array([], dtype=object), "calls": np.array([], dtype=np.int64), "cpu_ms": np.array([], dtype=float)})
    # per name (as text, sorted), the calls and their host time: what grouping the hit rows by ``name.astype(str)``
    # gives, read from the name codes (no copy of the slice table, no string per row)
    rows = np.flatnonzero(hit)
    codes = names.cat.codes.to_numpy()[rows]  # names: the slice table's, categorical
    used, at = np.unique(codes, return_inverse=True)
    text = pd.Series(names.cat.categories.take(np.maximum(used, 0)), dtype=object).where(used >= 0, np.nan)
    label = text.astype(str).to_numpy(dtype=object)  # a missing name reads "nan", as astype(str) reads it
    by_name, group = np.unique(label, return_inverse=True)  # two codes may read as one text
    group = group[at.reshape(-1)]
    dur = slices["dur_ns"].to_numpy()[rows]
    cpu_ns = np.zeros(len(by_name), dtype=dur.dtype)
    np.add.at(cpu_ns, group, dur)
    out = pd.DataFrame({"name": pd.Series(by_name, dtype=object).astype(str),
                        "calls": np.bincount(group, minlength=len(by_name)).astype(np.int64), "cpu_ms": cpu_ns / 1e6})
    return out.sort_values("calls", ascending=False, ignore_index=True)


def _gpu_phase(trace: Trace, slice_phase: pd.Series, spans: pd.DataFrame) -> pd.Series:
    """A GPU activity's phase is its launch's; without a launch, the host phase at its start time."""
    gpu = trace.gpu
    launch = gpu["launch_id"].fillna(-1).to_numpy(dtype=np.int64)
    codes = np.full(len(gpu), 2, dtype=np.int8)  # run
    has = launch >= 0
    codes[has] = slice_phase.cat.codes.to_numpy()[launch[has]]
    if (~has).any():
        starts = gpu["start_ns"].to_numpy()[~has]
        for phase in ("compile", "autotune"):
            part = spans[spans["phase"] == phase]
            inside = intervals.covered(starts, part["start_ns"].to_numpy(), part["end_ns"].to_numpy())
            sub = codes[~has]
            sub[inside] = PHASES.index(phase)
            codes[~has] = sub
    return pd.Series(pd.Categorical.from_codes(codes, dtype=PHASE_DTYPE), index=gpu["activity_id"].to_numpy())

"""What to change first, and what it would save per step.

Each kind of advice is a model: it reads what the change removes from the trace (mostly from each
step's critical path, :mod:`traceview.analysis.host.critical_path`, whose segments carry the host slice
they ran in) and what the change still costs, and predicts the saving per step::

    cuda_graphs      host time on the path inside compiled-graph calls that are not replayed by a
                     CUDA graph, minus one replay per call (REPLAY_HOST_MS); never below the GPU time
    compile          the steps replayed with the model's ops as compiled graphs (:mod:`.compile_model`): library
                     kernels kept, runs of other kernels fused, each graph call's host cost measured apart
                     (negative: compiling is slower)
    fused_optimizer  the optimizer's host time on the path, minus what fused=True keeps of it
                     (FUSED_KEEPS, measured on the H200 Adam sweep), never below its GPU time
    graph_break      per break that splits a frame into several compiled graphs, the extra calls per step
                     times what one call costs on the path (Dynamo's cache lookup, and the call itself
                     when CUDA graphs replay it); under CUDA graphs also the frame's code that runs eager
                     between the graphs (the merged graph replays it)
    recompile        the compile time of every recompilation, spread over the run's steps
    static_inputs    the GPU time of the copies CUDA-graph trees make of inputs that are not static
    exposed_comm     communication kernels' time with no computation beside them
    straggler        (several ranks) the time the other ranks wait in collectives for the last one
    input            the DataLoader making batches in the training process: the steps replayed with each
                     ``__next__`` a fetch from a worker, never faster than the workers and cores allow
    sync             synchronisations the script asks for (``.item()``, ``.cpu()``, ...): the steps replayed
                     without them (:mod:`traceview.analysis.host.replay`)
    pageable_copy    copies from pageable memory, which block the host: replayed as pinned, asynchronous copies

Every entry says the evidence in numbers, the change in concrete words and the assumptions.
``benchmarks/predictions.py`` checks each prediction against the measured result of making the change
(docs/benchmarks.md, "Advice checked against measured outcomes").
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import asdict, dataclass
from typing import Final

import numpy as np
import pandas as pd

from traceview.analysis.advice import compile_model as cm
from traceview.analysis.host import gil, replay as rp
from traceview.trace import catalogue
from traceview.trace.catalogue import tagged
from traceview.analysis.host.critical_path import CriticalPath
from traceview.analysis.ranks.ranks import rank_steps, step_period_ms
from traceview.trace.step_windows import step_windows, usual_steps
from traceview.trace import Trace

KINDS: Final[tuple[str, ...]] = ("cuda_graphs", "compile", "fused_optimizer", "graph_break", "recompile", "static_inputs",
                                 "exposed_comm", "straggler", "input", "sync", "pageable_copy", "threads")
#: Below this share of the step a replayed saving is within the replay's own error: not advised.
REPLAY_MIN_SHARE: Final[float] = 0.03
#: Host ms of one CUDA-graph-tree replay of a compiled graph (input checks, the cudaGraphLaunch), under
#: the profiler: the median ``## Call CompiledFxGraph`` call of A*B+C under max-autotune on an H200
#: (sample_traces/gpu/predictions/abc-max-autotune), measured apart from the workloads it is checked on.
REPLAY_HOST_MS: Final[float] = 0.16
#: Share of the optimizer's host time that ``fused=True`` keeps, by how the step runs now: measured on
#: the H200 Adam sweep (sample_traces/gpu/adam-sweep, 50-3,074 tensors: 3.8-5.1% of for-loop's host
#: time, 25-30% of foreach's).
FUSED_KEEPS: Final[dict[str, float]] = {"for-loop": 0.045, "foreach": 0.28}
#: What a fused optimizer keeps of the optimizer's GPU time (the foreach kernels' ~0.4-0.5 of the sweep).
FUSED_GPU_KEEPS: Final[float] = 0.45


@dataclass(frozen=True)
class Advice:
    """One change and what it would save per step (ms, and % of the mean step)."""

    kind: str
    saving_ms_per_step: float
    saving_pct: float
    evidence: str
    how: str
    assumptions: str
    where: str | None = None
    rank: int | None = None
    steps_used: int | None = None  # steps the estimate rests on
    saving_ms_profiled: float | None = None  # the saving on the profiled trace's scale (saving_ms_per_step: scale)
    scale: str = "profiled"  # "unprofiled": saving_ms_per_step is of a step timed without the profiler (meta.json)
    evidence_count: int | None = None  # events it rests on beyond steps (collectives for a straggler)
    saving_range_ms: tuple[float, float] | None = None  # the saving's range across the steps
    saving_band_pct: tuple[float, float] | None = None  # the share at either end of the model's constants' measured range
    ranked: bool = True  # False: too little evidence to act on; shown as a note below the ranked advice
    checked: str | None = None  # how close this kind came where the change was made and measured (CHECKED)

    def as_dict(self) -> dict:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in asdict(self).items()}


@dataclass(frozen=True)
class PathShares:
    """Mean ms per step on the critical path, by what it ran inside, and counts per step."""

    steps: int
    step_ms: float
    gpu_ms: float  # GPU busy per step (kernels and copies)
    in_graph_calls: float  # host path time inside compiled-graph calls not replayed by CUDA graphs
    graph_calls: float  # such calls per step
    graph_launches: float  # kernel launches per step inside them
    replayed_calls: float  # compiled-graph calls per step that replay a CUDA graph
    replay_call_ms: float  # mean host path ms of one such call
    in_optimizer: float
    optimizer_launches: float
    lookup_ms: float  # Dynamo's cache lookup, per call
    launch_cpu_ms: float  # median host ms of one kernel launch call
    per_step: tuple[PathShares, ...] = ()  # the same, of each step alone (a prediction's range across steps)
    in_region_eager: float = 0.0  # host path time in ops inside compiled frames but outside their graphs (graph breaks' eager code)


def path_shares(trace: Trace, path: CriticalPath, gpu_ms_per_step: float) -> PathShares | None:
    """Split each step's critical path by the slices its host segments ran in (None: no steps)."""
    if not path.steps:
        return None
    s = trace.slices
    wrapper_mark = tagged(s, "graph_wrapper")
    graph_call = trace.nearest("graph_wrapper")
    is_launch = tagged(s, "kernel_launch_api")
    is_lookup = tagged(s, "cache_lookup")
    replays = np.zeros(len(s), dtype=bool)
    replay_ids = graph_call[tagged(s, "graph_launch_api") & (graph_call >= 0)]
    replays[replay_ids] = True  # calls that replay a graph
    optimizer = trace.nearest("optimizer_step")
    op = s["op_id"].to_numpy(dtype=np.float64, na_value=-1).astype(np.int64) if "op_id" in s.columns else np.full(len(s), -1)
    region = s["outer_region_id"].to_numpy(dtype=np.float64, na_value=-1).astype(np.int64) if "outer_region_id" in s.columns else np.full(len(s), -1)
    region_eager = (op >= 0) & (graph_call < 0) & (region >= 0)  # a compiled frame's code that runs eager: between its graphs
    # the slices each count is of, each kept as (rank, start, end) sorted by rank and start: a step's count is a
    # sorted search per step, not a pass over every slice per step
    counted = {"graph_calls": wrapper_mark & ~replays, "replayed": wrapper_mark & replays,
               "graph_launches": is_launch & (graph_call >= 0) & ~replays[np.maximum(graph_call, 0)],
               "opt_launches": is_launch & (optimizer >= 0), "lookups": is_lookup}
    rank, starts, ends = s["rank"].to_numpy(), s["start_ns"].to_numpy(), s["end_ns"].to_numpy()
    spans = {}
    for key, mask in counted.items():
        marked = np.flatnonzero(mask)
        marked = marked[np.lexsort((starts[marked], rank[marked]))]
        spans[key] = (rank[marked], starts[marked], ends[marked])
    rows = []
    for step in path.steps:
        seg = step.segments
        sid = seg["slice_id"].to_numpy()
        dur = (seg["end_ns"] - seg["start_ns"]).to_numpy().astype(np.float64) / 1e6
        host = sid >= 0
        safe = np.maximum(sid, 0)
        call = np.where(host, graph_call[safe], -1)
        a, b = int(step.segments["start_ns"].min()), int(step.segments["end_ns"].max())
        row = {"step": step.step_ms, "graph": dur[(call >= 0) & ~replays[np.maximum(call, 0)]].sum(),
               "replay": dur[(call >= 0) & replays[np.maximum(call, 0)]].sum(),
               "optimizer": dur[host & (optimizer[safe] >= 0)].sum(),
               "region_eager": dur[host & region_eager[safe]].sum(),
               "lookup": dur[host & is_lookup[safe]].sum()}
        for key, (r, st, en) in spans.items():  # the step's rank's slices inside [a, b]
            lo, hi = np.searchsorted(r, step.rank, "left"), np.searchsorted(r, step.rank, "right")
            i, j = lo + np.searchsorted(st[lo:hi], a, "left"), lo + np.searchsorted(st[lo:hi], b, "right")
            row[key] = int((en[i:j] <= b).sum())
        rows.append(row)
    launch_cpu = float(np.median(s["dur_ns"].to_numpy()[is_launch])) / 1e6 if is_launch.any() else 0.0
    usual = usual_steps([r["step"] for r in rows])  # a preempted step is left out of the means and the range
    rows = [r for r, u in zip(rows, usual) if u] or rows
    per_step = tuple(_shares([row], gpu_ms_per_step, launch_cpu) for row in rows)
    return dataclasses.replace(_shares(rows, gpu_ms_per_step, launch_cpu), per_step=per_step)


def _shares(rows: list[dict], gpu_ms: float, launch_cpu: float) -> PathShares:
    """Per-step means of ``rows`` (one per step, path_shares' sums)."""
    t = {k: float(sum(r[k] for r in rows)) for k in rows[0]}
    n = len(rows)
    return PathShares(n, t["step"] / n, gpu_ms, t["graph"] / n, t["graph_calls"] / n, t["graph_launches"] / n, t["replayed"] / n,
                      t["replay"] / t["replayed"] if t["replayed"] else 0.0, t["optimizer"] / n, t["opt_launches"] / n,
                      t["lookup"] / t["lookups"] if t["lookups"] else 0.0, launch_cpu,
                      in_region_eager=t["region_eager"] / n)


def _entry(kind: str, saving: float, step_ms: float, evidence: str, how: str, assumptions: str, **extra) -> Advice | None:
    if not (saving > 0 and step_ms > 0) or math.isnan(saving):
        return None
    return Advice(kind, float(saving), float(100.0 * saving / step_ms), evidence, how, assumptions, **extra)


def cuda_graphs(p: PathShares) -> Advice | None:
    """Compiled graphs launched kernel by kernel: a replay launches them in one call."""
    if p.graph_calls <= 0:
        return None
    saving = min(p.in_graph_calls - p.graph_calls * REPLAY_HOST_MS, p.step_ms - p.gpu_ms)
    return _entry("cuda_graphs", saving, p.step_ms,
                  f"{p.in_graph_calls:.2f} ms of each {p.step_ms:.2f} ms step is host time on the critical path inside "
                  f"{p.graph_calls:g} compiled-graph call(s) per step ({p.graph_launches:g} kernel launches); the GPU is busy "
                  f"{p.gpu_ms:.2f} ms per step",
                  'torch.compile(model, mode="reduce-overhead") (CUDA graphs: one cudaGraphLaunch per compiled-graph call)',
                  f"a replay costs {REPLAY_HOST_MS} ms of host time per call (CUDA-graph trees, measured on an H200 under the "
                  "profiler); a step cannot get shorter than its GPU time; parameters and buffers are static (other "
                  "inputs are copied: see static_inputs); no CPU synchronisation inside the graphs")


def optimizer_style(trace: Trace) -> str | None:
    """How the trace's optimizer runs: "foreach", "for-loop", or None when it is fused already."""
    if tagged(trace.gpu, "fused_optimizer_kernel").any():
        return None
    return "foreach" if tagged(trace.gpu, "multi_tensor_apply").any() else "for-loop"


def fused_optimizer(p: PathShares, style: str | None, optimizer_gpu_ms: float) -> Advice | None:
    """A for-loop or foreach optimizer (``style``: :func:`optimizer_style`): fused=True does the update in a few
    multi-tensor kernels."""
    if p.in_optimizer <= 0 or p.optimizer_launches <= 0 or style is None:
        return None
    after = max(p.in_optimizer * FUSED_KEEPS[style], optimizer_gpu_ms * FUSED_GPU_KEEPS)
    return _entry("fused_optimizer", p.in_optimizer - after, p.step_ms,
                  f"the optimizer's step takes {p.in_optimizer:.2f} ms of each {p.step_ms:.2f} ms step on the critical "
                  f"path and launches {p.optimizer_launches:g} kernels per step ({style})",
                  "construct the optimizer with fused=True (torch.optim.Adam/AdamW/SGD(..., fused=True)), or compile its step",
                  f"fused=True keeps {FUSED_KEEPS[style]:.0%} of a {style} step's host time and {FUSED_GPU_KEEPS:.0%} of its "
                  "GPU time (both measured on an H200 from 50 to 3,074 tensors); parameters on one device and dtype")


def graph_breaks(p: PathShares, breaks: pd.DataFrame, frames: pd.DataFrame) -> list[Advice]:
    """Each break splits one frame into several graphs: extra calls per step, each with its cost."""
    out = []
    if breaks is None or not len(breaks) or p.steps == 0:
        return out
    per_call = p.lookup_ms + (p.replay_call_ms if p.replayed_calls > 0 else 0.0)
    calls = frames.set_index("compile_id")["calls"] if len(frames) and "calls" in frames.columns else pd.Series(dtype=float)
    splitting = [row for row in breaks.itertuples(index=False) if len([i for i in (row.compile_ids or []) if i in calls.index]) >= 2]
    # under CUDA graphs, the frames' code that runs eager between their graphs (launching its kernels one by one) is
    # captured and replayed in the merged graph: its host time on the path goes, shared by the breaks that split
    between = p.in_region_eager / len(splitting) if p.replayed_calls > 0 and splitting else 0.0
    for row in splitting:
        ids = [i for i in (row.compile_ids or []) if i in calls.index]
        extra = float(calls[ids].sum() - calls[ids].max()) / p.steps  # the split frames' calls beyond one per call of the first
        entry = _entry("graph_break", extra * per_call + between, p.step_ms,
                       f"{row.reason} at {row.where} splits the frame into {len(ids)} compiled graphs ({', '.join(ids)}): "
                       f"{extra:g} extra graph call(s) per step at {per_call:.3f} ms each on the critical path"
                       + (f", and {between:.3f} ms per step of the frames' code running eager between the CUDA graphs"
                          + (f" (1/{len(splitting)} of it)" if len(splitting) > 1 else "") if between > 0 else ""),
                       f"remove the graph break at {row.where}" + (f" ({row.hint})" if isinstance(row.hint, str) and row.hint else ""),
                       "one call of the merged graph replaces the split ones; each extra call costs Dynamo's cache lookup"
                       + (" and a CUDA-graph replay" if p.replayed_calls > 0 else "") + " (this trace's means); "
                       + ("the code between the graphs is replayed inside the merged CUDA graph at no host cost"
                          if p.replayed_calls > 0 else "the code between the graphs costs the same compiled as it does now"),
                       where=row.where)
        if entry:
            out.append(entry)
    return out


def recompiles(recompile_rows: pd.DataFrame, frames: pd.DataFrame, run_steps: int | None, step_ms: float) -> Advice | None:
    """Recompilations: their compile time, spread over the run's steps."""
    if recompile_rows is None or not len(recompile_rows) or not run_steps:
        return None
    compile_s = frames.set_index("compile_id")[["compile_s", "backward_compile_s"]].astype(float).fillna(0.0).sum(axis=1)
    ids = [i for i in recompile_rows["compile_id"] if i in compile_s.index]
    seconds = float(compile_s[ids].sum())
    first = recompile_rows.iloc[0]
    return _entry("recompile", seconds * 1e3 / run_steps, step_ms,
                  f"{len(ids)} recompilation(s) took {seconds:.1f} s ({first['reason']}); the run has {run_steps} steps",
                  "mark the changing dimension dynamic (torch._dynamo.mark_dynamic(tensor, dim)) or compile with "
                  "dynamic=True, or keep the shapes fixed (pad)",
                  "the recompiles' compile time is saved once and spread over the run's steps (a one-off cost: no "
                  "range across steps); a dynamic-shape graph runs as fast as the specialised ones", where=str(first["where"]),
                  evidence_count=len(ids), steps_used=run_steps)


def static_inputs(trace: Trace, steps: int, step_ms: float, windows=None) -> Advice | None:
    """CUDA-graph trees copy inputs that are not static into the graph's buffers before each replay."""
    g = trace.gpu
    if not len(g) or not len(trace.launches):
        return None
    replaying = trace.nearest("graph_wrapper")
    graph_launch = tagged(trace.slices, "graph_launch_api")
    has_replay = np.zeros(len(trace.slices), dtype=bool)
    has_replay[replaying[graph_launch & (replaying >= 0)]] = True
    launch = g["launch_id"].to_numpy(dtype=np.float64, na_value=-1).astype(np.int64)
    call = np.where(launch >= 0, replaying[np.maximum(launch, 0)], -1)
    copies = (call >= 0) & has_replay[np.maximum(call, 0)] & ~graph_launch[np.maximum(launch, 0)]
    copies &= tagged(g, "copy_kernel")
    if not copies.any():
        return None
    ms = float(g["dur_ns"].to_numpy()[copies].sum()) / 1e6 / max(steps, 1)
    span = None
    if windows is not None and len(windows):  # the copies' GPU time in each step (by the copy's launch)
        at = trace.slices["start_ns"].to_numpy()[launch[copies]]
        each = [float(g["dur_ns"].to_numpy()[copies][(at >= a) & (at < b)].sum()) / 1e6
                for a, b in zip(windows.start_ns, windows.end_ns)]
        span = (round(min(each), 4), round(max(each), 4))
    return _entry("static_inputs", ms, step_ms,
                  f"{int(copies.sum()) / max(steps, 1):g} copy kernel(s) per step ({ms:.3f} ms of GPU time) copy inputs into "
                  "CUDA graphs' buffers before each replay",
                  "keep the inputs at fixed addresses: make them the module's parameters or buffers, or mark them with "
                  "torch._dynamo.mark_static_address(tensor) before compiling",
                  "the step is GPU-bound, so the copies' GPU time is saved whole; the inputs' addresses do not change "
                  "between calls", saving_range_ms=span)


def exposed_comm(comm, step_ms: float, steps: int) -> Advice | None:
    """Communication with no computation beside it: overlapping it saves that time."""
    if comm is None or not comm.has_comm:
        return None
    per_rank = comm.per_rank
    exposed = float(per_rank["exposed_ns"].mean()) / 1e6 / max(steps, 1)
    busy = float(per_rank["comm_ns"].mean()) / 1e6 / max(steps, 1)
    each = per_rank["exposed_ns"].astype(float) / 1e6 / max(steps, 1)  # a range over the ranks, per step
    return _entry("exposed_comm", exposed, step_ms,
                  f"{exposed:.2f} ms per step of communication kernels run with no computation beside them "
                  f"({busy:.2f} ms of communication per step in all)",
                  "overlap communication with the backward pass (DDP: smaller bucket_cap_mb so buckets start early; FSDP: "
                  "forward/backward prefetch), or balance the ranks if the time is waiting for a slower one (see straggler)",
                  "all exposed time can be hidden behind computation; on one rank's trace, waiting for a slower rank "
                  "counts here too; the range is over the ranks",
                  saving_range_ms=(round(float(each.min()), 4), round(float(each.max()), 4)))


#: A straggler is ranked advice only on this many steps with collectives or more ...
STRAGGLER_MIN_STEPS: Final[int] = 3
#: ... when the same rank arrived last in at least this share of them ...
STRAGGLER_LATE_SHARE: Final[float] = 0.75
#: ... its wait is above this many times the job's step-to-step jitter (the std of a rank's step times) ...
STRAGGLER_JITTER: Final[float] = 2.0
#: ... and what the late rank does more than the others (input, host, compute) covers this share of the wait, or is
#: itself above STRAGGLER_JITTER times the jitter (a wait can hold a start offset besides: two H200 DDP ranks showed 3 ms
#: of it in a balanced job), in most of the steps it was late: a rank late for no reason in its own steps is a start
#: offset, not work to move.
STRAGGLER_EXPLAINED: Final[float] = 0.5
_CAUSES: Final[dict[str, str]] = {"input_ns": "input", "host_ns": "host", "compute_ns": "compute"}


def straggler(collectives, step_ms: float, steps: int, per_step: pd.DataFrame | None = None) -> list[Advice]:
    """The rank that arrives last at collectives: what the others wait for it, per step, and why (``per_step``:
    each rank's steps, :func:`traceview.analysis.ranks.ranks.rank_steps`). Ranked (``ranked=True``) only on enough
    evidence (STRAGGLER_*): else one unranked entry whose evidence says why it is not called a straggler."""
    if collectives is None or not len(collectives.collectives) or "last_rank" not in collectives.collectives.columns:
        return []
    c = collectives.collectives
    c = c[c["ranks"] > 1] if "ranks" in c.columns else c
    if not len(c):
        return []
    # a step's collectives wait for the same late arrival at once (DDP's buckets): per step, its longest wait and
    # the rank it waited for
    key = c["step"].astype(object).where(c["step"].notna(), "(no step)") if "step" in c.columns else pd.Series("(no step)", index=c.index)
    worst = c.assign(step_key=key.to_numpy()).sort_values("max_wait_ns", ascending=False, kind="stable").drop_duplicates("step_key")
    if (worst["step_key"] != "(no step)").any():  # collectives outside every step window (a warm-up's) are no step
        worst = worst[(worst["step_key"] != "(no step)").to_numpy()]
    n = len(worst)
    late = worst.groupby("last_rank")["max_wait_ns"].sum()
    rank = int(late.idxmax())
    mine = worst[(worst["last_rank"] == rank).to_numpy()]
    waits = mine["max_wait_ns"].to_numpy(dtype=np.float64) / 1e6
    per_step_ms = float(waits.sum()) / max(steps, n, 1)
    jitter = _step_jitter_ms(per_step)
    cause, why, excess = _straggler_cause(per_step, rank, mine["step_key"].astype(str).tolist(), waits, jitter)
    waited_ms, waits_seen = per_step_ms, waits
    if cause is not None:
        # what balancing removes: the late rank's own excess (input, host or compute time over the others' median; its
        # median over the late steps), in each late step at most what the others waited for it, all its collectives together (on the
        # GPU a late first bucket pushes the later ones on the NCCL stream, so one collective's wait is not the step's)
        waited = (c.assign(step_key=key.to_numpy())[(c["last_rank"] == rank).to_numpy()]
                  .groupby("step_key")["max_wait_ns"].sum() / 1e6)
        typical = max(float(np.nanmedian(excess)), 0.0)  # a step whose excess fell outside its window still waited
        waits = np.array([min(typical, float(waited.get(k, w))) for k, w in zip(mine["step_key"].tolist(), waits)],
                         dtype=np.float64)
        per_step_ms = float(waits.sum()) / max(steps, n, 1)
    problems = []
    if n < STRAGGLER_MIN_STEPS:
        problems.append(f"{n} step(s) with collectives, too few")
    if len(mine) < STRAGGLER_LATE_SHARE * n:
        problems.append(f"last in only {len(mine)} of {n} steps")
    if jitter is not None and float(np.median(waits_seen)) <= STRAGGLER_JITTER * jitter:
        problems.append(f"its wait ({float(np.median(waits_seen)):.2f} ms) is within {STRAGGLER_JITTER:g}x the steps' jitter ({jitter:.2f} ms)")
    if cause is None:
        problems.append(why)
    ranked = not problems
    at = int((c["last_rank"] == rank).sum())
    evidence = (f"rank {rank} arrives last at {at} of {len(c)} collectives and is the one waited for longest in {len(mine)} of "
                f"{n} steps; the first rank waits {waited_ms:.2f} ms per step for it on average ({waits_seen.min():.2f}-"
                f"{waits_seen.max():.2f} ms in the steps it was waited for)")
    if cause is not None:
        evidence += (f"; balancing it saves its own excess, {per_step_ms:.2f} ms per step ({waits.min():.2f}-{waits.max():.2f}), "
                     "at most what the others wait for it over the step's collectives")
    if not ranked:
        evidence += "; not called a straggler: " + "; ".join(problems)
    how = {"input": f"rank {rank} starts its steps' work late (a gap before its first op, or its DataLoader): give its input "
                    "pipeline more workers or prefetching, or find what it waits for before the step",
           "host": f"rank {rank}'s host takes longer for its step: if it runs more ops (uneven batches or branches), balance "
                   "them; if the same ops, find what else loads its CPU (pinning, other processes, threads)",
           "compute": f"rank {rank}'s kernels take longer: balance its share of the work, or check its GPU (clocks, "
                      "throttling, another process on it)"}.get(cause or "",
                                                                 f"find what makes rank {rank} start its collectives late")
    entry = _entry("straggler", per_step_ms, step_ms, evidence, how,
                   (f"cause: {why}; " if cause else "") + "the straggler's extra time can be removed; the other ranks then "
                   "start the collectives together", rank=rank, steps_used=n, evidence_count=len(c),
                   saving_range_ms=(round(float(waits.min()) if len(mine) == n else 0.0, 4), round(float(waits.max()), 4)),
                   ranked=ranked)
    return [entry] if entry else []


def _step_jitter_ms(per_step: pd.DataFrame | None) -> float | None:
    """The job's step-to-step jitter: the median over ranks of the std of their step times (ms)."""
    if per_step is None or len(per_step) < 2:
        return None
    std = per_step.groupby("rank")["dur_ns"].std(ddof=0).dropna()
    return float(std.median()) / 1e6 if len(std) else None


def _straggler_cause(per_step: pd.DataFrame | None, rank: int, steps: list[str],
                     waits: np.ndarray, jitter: float | None = None) -> tuple[str | None, str, np.ndarray]:
    """What the late rank did more than the others in the steps it was late: (input | host | compute, in words, its
    excess in ms in each of ``steps``: NaN where that step is not among the ranks' profiled steps), or (None, why none,
    NaNs): the metric whose excess over the other ranks' median covers STRAGGLER_EXPLAINED of the wait or is above
    STRAGGLER_JITTER times the job's ``jitter``, positive in at least STRAGGLER_LATE_SHARE of those steps."""
    none = np.full(len(steps), np.nan)
    if per_step is None or not len(per_step) or per_step["rank"].nunique() < 2:
        return None, "no per-rank steps to compare what the late rank did", none
    mine = per_step[(per_step["rank"] == rank).to_numpy()].set_index("step")
    others = per_step[(per_step["rank"] != rank).to_numpy()].groupby("step")[[*_CAUSES, "ops", "kernels"]].median()
    common = [s for s in steps if s in mine.index and s in others.index]
    if not common:
        return None, "its late steps are not among the ranks' profiled steps", none
    best, best_excess, best_share, by_step = None, 0.0, 0.0, none
    for column in _CAUSES:
        excess = (mine.loc[common, column].astype(float) - others.loc[common, column].astype(float)).to_numpy() / 1e6
        if float(excess.mean()) > best_excess:
            best, best_excess, best_share = column, float(excess.mean()), float((excess > 0).mean())
            at = dict(zip(common, excess.tolist()))
            by_step = np.array([at.get(s, np.nan) for s in steps], dtype=np.float64)
    wait = float(np.mean(waits[:len(common)]))
    significant = best_excess >= STRAGGLER_EXPLAINED * wait or (jitter is not None and best_excess > STRAGGLER_JITTER * jitter)
    if best is None or not significant or best_share < STRAGGLER_LATE_SHARE:
        found = (f"its {_CAUSES[best]} time is the most above the others', by {best_excess:.2f} ms on average and in "
                 f"{best_share:.0%} of its late steps" if best else "its input, host and compute time are not above the others'")
        return None, (f"its own steps show no reason: {found}, against a {wait:.2f} ms wait (a start offset or noise, "
                      "not work to move)"), none
    more_work = any(float(mine.loc[common, col].mean()) > 1.05 * float(others.loc[common, col].mean()) for col in ("ops", "kernels")
                    if float(others.loc[common, col].mean()) > 0)
    words = {"input_ns": "input: a gap before its step's work (data loading, a sleep, waiting outside the profiled ops)",
             "host_ns": "uneven work: more CPU ops per step" if more_work else "a slower host: the same CPU ops take longer",
             "compute_ns": "uneven work: more kernels per step" if more_work else "its kernels take longer: larger inputs (uneven batches or sequence lengths) or a slower device"}[best]
    return _CAUSES[best], f"{words}, {best_excess:.2f} ms per late step more than the others", by_step


def advise(trace: Trace, result, run_steps: int | None = None, host: dict | None = None,
           unprofiled_step_ms: float | None = None, windows=None, harness_syncs: bool = False,
           unprofiled_loader_ms: float | None = None) -> list[Advice]:
    """Every kind the trace has evidence for, largest saving first. ``result``: the Analysis so far;
    ``run_steps``: the run's step count (meta.json), to spread one-off costs over; ``host``: meta.json's cores
    and torch threads; ``unprofiled_step_ms``: the median step timed without the profiler (meta.json);
    ``harness_syncs``: a ``traceview run`` trace, whose steps end in the runner's own synchronize (not the user's
    to remove); ``unprofiled_loader_ms``: the median time per step in DataLoader.__next__ without the profiler."""
    steps_table = result.steps.steps
    if windows is not None and len(steps_table):  # the steady steps only (steady_steps())
        steps_table = steps_table[steps_table["slice_id"].isin(windows.slice_id).to_numpy()]
    path = result.critical_path
    if len(steps_table):
        n_steps, gpu_ms = len(steps_table), float(steps_table["gpu_ms"].mean())
        shares = path_shares(trace, path, gpu_ms) if path is not None else None
        step_ms = shares.step_ms if shares else 0.0
    else:  # no steps: a "step" is one outermost compiled-region call (else the run phase), saving per call
        calls = result.regions.calls
        n_steps = int((calls["depth"] == 0).sum()) if len(calls) else 1
        n_steps = max(n_steps, 1)
        shares = None
        step_ms = float(path.mean_step_ms()) / n_steps if path is not None and path.steps else 0.0
    found: list[Advice | None] = []
    if shares is not None:
        style, optimizer_gpu = optimizer_style(trace), _optimizer_gpu_ms(trace, result, n_steps)
        models = [cuda_graphs, lambda p: fused_optimizer(p, style, optimizer_gpu)]
        found += [_across_steps(model, shares) for model in models]
        reasons = result.reasons
        if reasons is not None:
            found += _graph_breaks_across_steps(shares, reasons.graph_breaks,
                                                _calls_in_steps(reasons.frames, result.regions.calls, steps_table, trace))
            found.append(recompiles(reasons.recompiles, reasons.frames, run_steps, step_ms))
    if step_ms > 0:
        found.append(static_inputs(trace, n_steps, step_ms, windows if len(steps_table) else None))
        found.append(exposed_comm(result.comm, step_ms, n_steps))
        found += straggler(result.collectives, step_ms, n_steps, _rank_steps_if_ranks(trace, result.collectives))
    replayed = _replay_inputs(trace, windows)  # the process replayed and what blocked it, for both replayed models
    found.append(compile_replayed(trace, windows, unprofiled_step_ms, measured_costs(host, "cuda" if len(trace.gpu) else "cpu"),
                                  replayed=replayed))
    if not len(trace.gpu):
        found.append(fused_optimizer_cpu(trace, windows, unprofiled_step_ms))
        found.append(threads_note(host))
    found += [a for a in host_blocking(trace, windows, host, unprofiled_step_ms, replayed=replayed,
                                       unprofiled_loader_ms=unprofiled_loader_ms)
              if not (harness_syncs and a.kind == "sync" and a.where is not None and catalogue.synchronize_call(a.where))]
    # every entry says how many steps it rests on
    found = [a if a is None or a.steps_used is not None else dataclasses.replace(a, steps_used=n_steps) for a in found]
    if unprofiled_step_ms:  # shares of the profiled step, in ms of a step without the profiler
        found = [_unprofiled(a, unprofiled_step_ms) if a is not None and a.scale == "profiled" and a.kind in SHARE_KINDS else a
                 for a in found]
    found = [dataclasses.replace(a, checked=CHECKED.get(a.kind)) if a is not None else None for a in found]
    # by share of the step (the replayed kinds give ms of a step without the profiler where it was timed); entries
    # with too little evidence after the ranked ones
    return sorted((a for a in found if a is not None), key=lambda a: (not a.ranked, -a.saving_pct))


def _calls_in_steps(frames: pd.DataFrame, calls: pd.DataFrame, steps_table: pd.DataFrame, trace: Trace) -> pd.DataFrame:
    """``frames`` with each compile id's ``calls`` counted inside ``steps_table``'s steps only (the steady ones the
    per-step figures divide by), not over the whole trace: a compile-included trace's compile steps call the split
    frames too."""
    if not len(frames) or "calls" not in frames.columns or calls is None or not len(calls) or not len(steps_table):
        return frames
    start = steps_table["start_ns"].to_numpy(dtype=np.int64)
    end = start + steps_table["dur_ns"].to_numpy(dtype=np.int64)
    rank = trace.slices["rank"].to_numpy()[steps_table["slice_id"].to_numpy(dtype=np.int64)]
    at = calls["start_ns"].to_numpy(dtype=np.int64)
    inside = np.zeros(len(calls), dtype=bool)
    call_rank = calls["rank"].to_numpy()
    for a, b, r in zip(start, end, rank):
        inside |= (at >= a) & (at < b) & (call_rank == r)
    counted = calls[inside].groupby(["rank", "region"], sort=False).size()
    keys = zip(frames["rank"].to_numpy(), frames["compile_id"].to_numpy())
    return frames.assign(calls=[int(counted.get((r, c), 0)) for r, c in keys])


def _graph_breaks_across_steps(shares: PathShares, breaks: pd.DataFrame, frames: pd.DataFrame) -> list[Advice]:
    """Each break's advice with its range over the steps' own call costs (the calls a break adds per step are the
    trace's mean)."""
    whole = graph_breaks(shares, breaks, frames)
    each = [graph_breaks(dataclasses.replace(p, steps=shares.steps), breaks, frames) for p in shares.per_step]
    out = []
    for i, entry in enumerate(whole):
        values = [step[i].saving_ms_per_step if i < len(step) and step[i].where == entry.where else 0.0 for step in each] or [entry.saving_ms_per_step]
        out.append(dataclasses.replace(entry, steps_used=shares.steps, saving_range_ms=(round(min(values), 4), round(max(values), 4))))
    return out


def _across_steps(model, shares: PathShares) -> Advice | None:
    """``model`` on the steps' mean, with its range over the steps one at a time (a step it finds nothing in: 0)."""
    entry = model(shares)
    if entry is None:
        return None
    each = [getattr(model(p), "saving_ms_per_step", 0.0) for p in shares.per_step] or [entry.saving_ms_per_step]
    return dataclasses.replace(entry, steps_used=shares.steps, saving_range_ms=(round(min(each), 4), round(max(each), 4)))


#: How close each kind's predictions came to the measured share of the step where the change was made for real
#: (interleaved A/B benchmarks; docs/benchmarks.md, the tables of "Advice checked against measured outcomes",
#: "Data loading, syncs and pageable copies" and "compile from mechanisms, checked out of sample"): the uncertainty
#: every entry of the kind carries. Points are predicted minus measured share.
CHECKED: Final[dict[str, str]] = {
    "compile": "16 models (H200), profiled in the process that measured the change: -34 to +17 points, median +2, 12 "
               "within 10, the sign right wherever the A/B's rounds agree on it; 4 blind: T5 -4, SqueezeNet -17, PointNet "
               "not advised where compiling was 12% slower, OPT +33 (Dynamo's graph breaks without a sync do not show "
               "in an eager trace); 4 more blind: GCN +3, GPT-NeoX -4, DLRM +18 (a note since: its EmbeddingBag is "
               "an Inductor fallback), ShuffleNet -29 (slower, by less than predicted); 4 more blind, the A/B before "
               "the profile: BLOOM +10, Perceiver +5, gMLP -2, VAE +15 (its loss, outside the model, stays eager "
               "under torch.compile(model)); +6 to +22 where the window starts at step 0 (its unprofiled steps come "
               "after the profile, which slows a process); 4 more blind: DistilBERT +1, seq2seq +10, siamese +9, "
               "tabular +13 (with the loss compiled too, as predicted: 3 of 4 within)",
    "cuda_graphs": "out of sample (16 models, H200): -2 to +40 points, 13 of 16 within 10; 4 blind: -0.4 to +16, 3 within "
                   "10; 4 more blind: -3 to +7, all within 10",
    "fused_optimizer": "out of sample (16 models, H200): -2 to +14 points, 11 of 16 within 5; 4 blind: -2 to +7, 1 within "
                       "5; 10 measured before the profile ran (it leaves the process slower): all within 5, -4.5 to +1.3; 8 more "
                       "blind, measured so: -4 to +4, all within 5; the Adam "
                       "sweep: -15% to +22% of the saving",
    "input": "blind: 16 H200 loops in five sets -6 to +9 points, 12 within 5; quiet where workers measured -6% "
             "to -16% (BERT, an LSTM LM, OPT, a GRU seq2seq); 3 CPU loops +1, -9 (under: the compute at fewer "
             "threads taken as linear, a bound); in sample: -9 to +14 (H200), -8 to -4 (CPU)",
    "pageable_copy": "with workers, the part of the hand-over that comes back from the step's own GIL and the pin-memory "
                     "thread's measured holds: out of sample (5 loops, H200) -5.8 to +2.6 points, 3 within 5 (the mean "
                     "it replaced: 3, by 0.6-6.4); over all 18 loops with workers 12 within 5, misses -13 to +6",
    "sync": "never advised on the 47 loops checked (H200); removing .item() there measured -11% to +11%, each A/B's "
            "rounds across 0",
    "graph_break": "2 GPT-2 cases (in sample): under CUDA graphs -5% of the measured saving; without them 1.4% "
                   "predicted where the merged graph was 3% slower",
    "recompile": "1 case (GPT-2): +18% of the saving",
    "static_inputs": "1 case (A*B+C, max-autotune): -5% of the saving",
    "straggler": "1 case (2 gloo ranks): +8% of the saving; 2 H200s (DDP, NCCL; in sample for the excess rule): a "
                 "slow input -5 points, uneven batches -9; a second job: the slow input 1.63 ms against 1.76 ms measured "
                 "(-12 points of a step the profiler stretched 1.5x), twice the batch on a host-bound loop no straggler, "
                 "rightly; a third job, out of sample: slow input -9, four times the batch +6",
    "exposed_comm": "1 case (DDP, 2 H200s, one bucket against default buckets): +7 points (10.5% predicted, 3.4% "
                    "measured): the last bucket stays exposed, and overlapped all-reduces slow the backward",
    "threads": "not predicted: traceview try --change threads measures it on the job",
}

#: Kinds whose saving is a share of the profiled step: put in ms of the step timed without the profiler when
#: meta.json has it (the profiler stretches host time 1.3-2.8x; a share moves far less). ``recompile`` is compile
#: time spread over the run, ``straggler`` a wait measured between ranks: both stay as measured.
SHARE_KINDS: Final[frozenset[str]] = frozenset({"cuda_graphs", "compile", "fused_optimizer", "graph_break", "static_inputs",
                                                "exposed_comm"})


def _unprofiled(a: Advice, step_ms: float) -> Advice:
    factor = (a.saving_pct / 100 * step_ms) / a.saving_ms_per_step if a.saving_ms_per_step else 0.0
    span = tuple(round(v * factor, 4) for v in a.saving_range_ms) if a.saving_range_ms else None
    return dataclasses.replace(a, saving_ms_per_step=a.saving_pct / 100 * step_ms, saving_ms_profiled=a.saving_ms_per_step,
                               saving_range_ms=span, scale="unprofiled")


def ranked(advice: list[Advice]) -> list[Advice]:
    """The entries with enough evidence to act on, in order."""
    return [a for a in advice if a.ranked]


def notes(advice: list[Advice]) -> list[str]:
    """One line per entry without enough evidence: shown below the ranked advice."""
    return [f"{a.kind}: {a.evidence}" for a in advice if not a.ranked]


def _rank_steps_if_ranks(trace: Trace, collectives) -> pd.DataFrame | None:
    """Each rank's steps (for the straggler's cause) when the trace holds several ranks' collectives."""
    if collectives is None or not len(collectives.collectives) or trace.slices["rank"].nunique() < 2:
        return None
    return rank_steps(trace)


def _optimizer_gpu_ms(trace: Trace, result, steps: int) -> float:
    """GPU ms per step of kernels launched by an op inside the optimizer's step (0 when not attributable)."""
    table = result.attribution.table
    if "op_id" not in table.columns or not len(table):
        return 0.0
    op = table["op_id"].to_numpy(dtype=np.float64, na_value=-1).astype(np.int64)
    inside = (op >= 0) & (trace.nearest("optimizer_step")[np.maximum(op, 0)] >= 0)
    return float(table["dur_ns"].to_numpy()[inside].sum()) / 1e6 / max(steps, 1)


def rank_advice(comparison, collectives) -> list[Advice]:
    """Advice for a job of several ranks (``traceview ranks``): the straggler the others wait for, and
    communication no computation hides beyond that wait; per step of the median rank."""
    per_rank = comparison.per_rank
    if not len(per_rank):
        return []
    steps = int(per_rank["steps"].max()) or 1
    medians = per_rank["step_median_ns"].astype("Float64").dropna()
    step_ms = float(medians.median()) / 1e6 if len(medians) else float(per_rank["span_ns"].median()) / 1e6
    # a loop that does not synchronise runs its host steps ahead of the GPU: the step is the period of the work's ends
    step_ms = max(step_ms, step_period_ms(comparison.steps) or 0.0)
    found = straggler(collectives, step_ms, steps, comparison.steps)
    waits = collectives.waits.groupby("rank")["wait_ns"].sum() if collectives is not None and len(collectives.waits) else pd.Series(dtype=float)
    exposed = (per_rank["busy_ns"] - per_rank["compute_ns"]).clip(lower=0).astype(float)
    beyond = (exposed - per_rank["rank"].map(waits).fillna(0.0).astype(float)).clip(lower=0) / 1e6 / steps
    if step_ms > 0 and float(beyond.mean()) > 0:
        found.append(_entry("exposed_comm", float(beyond.mean()), step_ms,
                            f"{float(beyond.mean()):.2f} ms per step and rank of communication with no computation beside it, "
                            "beyond the time spent waiting for the last rank",
                            "overlap communication with the backward pass (DDP: smaller bucket_cap_mb so buckets start early; "
                            "FSDP: forward/backward prefetch)",
                            "all of it can be hidden behind computation; exposed = wall time with a kernel running minus "
                            "computation kernels' time"))
    return sorted((dataclasses.replace(a, checked=CHECKED.get(a.kind)) for a in found if a is not None),
                  key=lambda a: (not a.ranked, -a.saving_ms_per_step))


def _replay_inputs(trace: Trace, windows) -> tuple[rp.Window, rp.Blocking] | None:
    """The process whose steps are replayed, and the calls that blocked its host (None: no steps)."""
    w = rp.process_window(trace, step_windows(trace) if windows is None else windows)
    return (w, rp.blocking_calls(trace, w)) if w is not None else None


#: What the pin-memory thread holds the GIL for, per batch (``benchmarks/micro_gil.py``: a thread that drops the GIL
#: over and over, as a training thread does at every op, timing each wait for it while a DataLoader's pin-memory
#: thread hands batches of (data, labels) over from 4 persistent workers; H200 host, 16 cores, two runs, 2026-11-27,
#: the quiet probes' 0.2 ms per step of waits taken out): many short holds, the batch's unpickling, whose lengths at
#: the middle of each tenth of their held time are HOLD_US (the 256 KB rows, both runs' mean), HELD_MS in all for two
#: tensors and HELD_MS_PER_TENSOR for each further one (4 tensors: +0.46..0.74 ms), and one hold as long as the batch
#: is large, HELD_MS_PER_MB (least squares over 256 KB to 8 MB: 1.01 ms + 0.185 ms/MB; the long holds at 3 and 8 MB:
#: 0.2-0.24 ms per MB each).
HOLD_US = (9.5, 15.0, 20.0, 34.0, 52.0, 68.5, 91.0, 109.0, 132.5, 160.5)
HELD_MS = 1.0
HELD_MS_PER_TENSOR = 0.28
HELD_MS_PER_MB = 0.19


#: A CPU training step on T' intra-op threads instead of T takes (T / T')^alpha as long: benchmarks/micro_threads.py
#: on a transformer encoder layer and a conv net (none of the scored loops), 2 threads to 1 on the 2-core host:
#: x1.57-1.86, alpha 0.71-0.77 (two runs). `input` advice predicts with alpha 1 (a bound) and names this figure.
THREADS_ALPHA = 0.74


def host_blocking(trace: Trace, windows, host: dict | None, unprofiled_step_ms: float | None,
                  replayed: tuple[rp.Window, rp.Blocking] | None = None, unprofiled_loader_ms: float | None = None) -> list[Advice]:
    """``input``, ``sync`` and ``pageable_copy``: each change replayed on the steps (:mod:`.replay`); advised when it
    saves at least REPLAY_MIN_SHARE of the step. ``replayed``: :func:`_replay_inputs`, when already known;
    ``unprofiled_loader_ms``: DataLoader.__next__'s time per step timed without the profiler (meta.json), else
    estimated from the trace less the profiler's cost per recorded event."""
    windows = step_windows(trace) if windows is None else windows
    replayed = replayed or _replay_inputs(trace, windows)
    if replayed is None:
        return []
    w, blocking = replayed
    loader = rp.loader_calls(trace, w)
    if not len(blocking.calls) and not len(loader):
        return []  # nothing blocked the host and no DataLoader: nothing to replay
    launch_ms = float(trace.launches["dur_ns"].median()) / 1e6 if len(trace.launches) else 0.0
    steps = rp.step_windows_of(windows, w)
    usual = rp.usual_of(steps)  # a preempted step is left out of the window's figures

    def replayed(cost: dict | None = None, removed: set[str] = frozenset()) -> tuple[float, list[float]]:
        return rp.replay_usual(trace, w, blocking, steps, usual, cost, removed)

    base, base_each = replayed()
    actual = (w.end_ns - w.start_ns) / 1e6
    cores = int((host or {}).get("usable_cores") or 0)
    threads = int((host or {}).get("torch_threads") or 1)
    out: list[Advice | None] = []

    gpu = len(trace.gpu) > 0
    gpu_ms = rp.gpu_busy_ms(trace, w) / w.steps
    profiled_step = base / w.steps
    # the profiler's own cost per recorded host event, from the steps timed without it (meta.json): host time
    # the change removes is taken without it; none known (a bare trace): the profiled scale
    kappa = max(profiled_step - unprofiled_step_ms, 0.0) / max(rp.host_events(trace, w) / w.steps, 1) if unprofiled_step_ms else 0.0
    real_step = unprofiled_step_ms or profiled_step

    def each_step(changed_each: list[float]) -> list[float]:
        """The change's saving (profiled ms) in each usual step of the replayed window."""
        return rp.usual_only([max(b - c, 0.0) for b, c in zip(base_each, changed_each)], usual)

    def entry(kind, changed, evidence, how, assumptions, where=None, removed_events=0, per_step=(), profiler_ms=None):
        """A replayed change: its saving on the profiled scale, less the profiler's cost of the host events it
        removes (``profiler_ms`` per step where known, else per recorded event), as a share of the step without the
        profiler; its range over the steps replayed one by one."""
        saving_prof = max(base - changed, 0.0) / w.steps
        saving = max(saving_prof - (kappa * removed_events / w.steps if profiler_ms is None else profiler_ms), 0.0)
        share = saving / real_step if real_step > 0 else 0.0
        if share < REPLAY_MIN_SHARE:
            return None
        scale = saving / saving_prof if saving_prof > 0 else 1.0  # the same profiler correction for each step
        span = (round(min(per_step) * scale, 4), round(max(per_step) * scale, 4)) if len(per_step) else None
        return Advice(kind, float(saving), float(100 * share), evidence, how,
                      assumptions + f"; replayed, the profiled steps take {base:.2f} ms without the change (the trace: "
                      f"{actual:.2f} ms)" + (f"; the profiler's {kappa * 1e3:.1f} µs per recorded event taken out" if kappa else ""),
                      where=where, steps_used=w.steps, saving_ms_profiled=float(saving_prof),
                      scale="unprofiled" if unprofiled_step_ms else "profiled", saving_range_ms=span)

    if len(loader) and not loader["multiprocess"].any():
        load_each = [float((rp.within(loader, sw)["end_ns"] - rp.within(loader, sw)["start_ns"]).sum()) / 1e6 for sw in steps]
        load_prof = rp.usual_total(load_each, usual, float((loader["end_ns"] - loader["start_ns"]).sum()) / 1e6) / w.steps
        measured_load = unprofiled_loader_ms is not None and unprofiled_step_ms is not None
        if measured_load:  # timed without the profiler in the same steps as the step itself (meta.json)
            load = min(float(unprofiled_loader_ms), real_step)
        else:
            load = max(load_prof - kappa * rp.host_events(trace, w, loader) / w.steps, 0.0)
        batches = len(loader) / w.steps
        workers = max(1, min(4, cores - 1)) if cores else 4
        tensors = rp.batch_tensors(trace, loader)
        copied = blocking.of("pageable_copy")["bytes"].sum() / len(loader) if gpu and len(blocking.calls) else 0.0
        fetch = rp.fetch_ms("gpu" if gpu else "cpu", tensors, float(copied))
        compute_threads = 1 if gpu else max(1, min(threads, cores or threads))
        # on the CPU, workers beside the step's intra-op threads oversubscribe the cores, and OpenMP's threads
        # then wait on each other (measured: a worker beside 2 threads on 2 cores made the step 6% slower, the
        # same worker with 1 thread 35% faster): fewer threads, the step's compute slower in proportion
        fewer = (not gpu) and bool(cores) and compute_threads + workers > cores
        new_threads = max(1, cores - workers) if fewer else compute_threads

        def input_share(load: float, alpha: float = 1.0) -> float:
            rest = max(real_step - load, 0.0)
            rest_new = rest * (compute_threads / new_threads) ** alpha
            demand = load + rest * compute_threads
            new = max(rest_new + batches * fetch, load / workers, gpu_ms, demand / cores if cores else 0.0)
            return 1 - new / real_step if real_step > 0 else 0.0

        share = input_share(load)
        ratio = load / load_prof if load_prof > 0 else 1.0  # each step's __next__ without the profiler's cost
        each = [input_share(ms * ratio) for ms in rp.usual_only(load_each, usual)]
        if share >= REPLAY_MIN_SHARE:
            how = (f"DataLoader(..., num_workers={workers}, persistent_workers=True" + (", pin_memory=True)" if gpu else ")")
                   + " so batches are made while the step runs"
                   + (f", and torch.set_num_threads({new_threads}) so the workers get cores of their own" if fewer else ""))
            timed = (f"{load:.2f} ms of a {real_step:.2f} ms step timed without the profiler" if measured_load else
                     f"{load:.2f} ms of a {real_step:.2f} ms step without the profiler" if unprofiled_step_ms else "")
            out.append(Advice("input", float(share * real_step), float(100 * share),
                              f"the DataLoader makes each batch in the training process: {load_prof:.2f} ms of each "
                              f"{profiled_step:.2f} ms profiled step in __next__ ({len(loader)} batches in {w.steps} steps"
                              + (f"; {timed}" if timed else "") + ")",
                              how,
                              f"{workers} worker(s) on {cores or 'unknown'} usable cores; taking a batch of {tensors:g} tensor(s)"
                              + (f" ({copied / 1e6:.2f} MB copied to the GPU)" if copied else "")
                              + f" from a worker costs {fetch:.2f} ms (benchmarks/micro_host.py); the step cannot be shorter than the batches each worker makes, its GPU "
                              f"time ({gpu_ms:.2f} ms), nor all the CPU work over the cores"
                              + ("" if gpu else f" (the step's own compute at {compute_threads} threads)")
                              + (f"; at {new_threads} intra-op thread(s) instead of {compute_threads} the step's compute takes "
                                 f"{compute_threads / new_threads:g}x as long, linear in the threads: a bound (compute at fewer "
                                 f"threads is at most that much slower), so the saving is at least this; at the scaling "
                                 f"benchmarks/micro_threads.py measured on its own models ((T/T')^{THREADS_ALPHA}) it would be "
                                 f"{100 * input_share(load, THREADS_ALPHA):.0f}%" if fewer else "")
                              + ("; __next__ timed without the profiler (meta.json)" if measured_load else
                                 f"; the profiler's {kappa * 1e3:.1f} µs per recorded event taken out (steps timed without it)" if kappa else ""),
                              where="DataLoader.__next__", steps_used=w.steps,
                              saving_ms_profiled=float(share * profiled_step),
                              scale="unprofiled" if unprofiled_step_ms else "profiled",
                              saving_range_ms=(round(max(min(each), 0.0) * real_step, 4), round(max(each) * real_step, 4))))
    for cause, kind in (("sync", "sync"), ("pageable_copy", "pageable_copy")):
        calls = blocking.of(cause)
        if not len(calls):
            continue
        pinned_here = len(loader) == 0 or not loader["multiprocess"].any()
        cost = {}
        for sid, nbytes in zip(calls["slice_id"], calls["bytes"]):
            extra = (rp.PIN_MS + (0 if np.isnan(nbytes) else nbytes / (rp.PIN_GB_S * 1e9) * 1e3)) if kind == "pageable_copy" and pinned_here else 0.0
            cost[int(sid)] = int((launch_ms + extra) * 1e6)
        if kind == "pageable_copy" and len(loader) and loader["multiprocess"].all():
            # pin_memory=True: the pin-memory thread receives the workers' batches; __next__ takes them from it
            cost.update(dict.fromkeys(loader["slice_id"].astype(int), int(rp.PINNED_NEXT_MS * 1e6)))
        changed, changed_each = replayed(cost, removed={cause})
        wait = calls["wait_ns"].sum() / 1e6 / w.steps
        where = calls["where"].value_counts()
        top = ", ".join(f"{n} x{c / w.steps:g}" for n, c in where.head(3).items())
        if kind == "sync":
            how = ("keep the values on the device (accumulate losses and metrics in tensors) and read them every N steps; "
                   "no .item()/.cpu()/.tolist()/print of a CUDA tensor in the step")
            what = "synchronisation(s)"
        else:
            how = "DataLoader(..., pin_memory=True) and .to(device, non_blocking=True) for the batch"
            what = "copy(ies) from pageable memory"
        removed = calls if kind != "pageable_copy" or not len(loader) or not loader["multiprocess"].all() else pd.concat([calls, loader])
        count = int(calls["bytes"].notna().sum()) if kind == "pageable_copy" else len(calls)
        handover = kind == "pageable_copy" and len(loader) and loader["multiprocess"].all()
        handed_prof = float((loader["end_ns"] - loader["start_ns"]).sum()) / 1e6 / w.steps if len(loader) else 0.0
        low_share = None
        if handover:  # the hand-over moves to the pin-memory thread, whose Python contends for the interpreter
            handed = set(loader["slice_id"].astype(int).tolist())
            copy_cost = {k: v for k, v in cost.items() if k not in handed}
            low_prof = max(base - replayed(copy_cost, removed={cause})[0], 0.0) / w.steps
            low_share = 100 * max(low_prof - kappa * rp.host_events(trace, w, calls) / w.steps, 0.0) / real_step \
                if real_step > 0 else 0.0
        made = entry(kind, changed,
                         f"{count / w.steps:g} {what} per step ({top}) block the host {wait:.2f} ms per step "
                         "waiting for the GPU, which then waits for the host's next launches"
                         + (f"; the training process takes each batch from the workers itself ({float((loader['end_ns'] - loader['start_ns']).sum()) / 1e6 / w.steps:.2f} "
                            "ms per step in __next__), which pin_memory=True hands to the pin-memory thread" if handover else ""),
                         how,
                         "the other calls that block stay and wait for the replayed GPU; each removed call still costs "
                         f"a launch ({launch_ms * 1e3:.1f} µs)" + (f", and pinning the batch in the training process "
                                                                   f"({rp.PIN_MS} ms + {rp.PIN_GB_S} GB/s)" if kind == "pageable_copy" and pinned_here else ""),
                         where=str(where.index[0]), removed_events=rp.host_events(trace, w, removed),
                         per_step=each_step(changed_each),
                         profiler_ms=(kappa * rp.host_events(trace, w, calls) / w.steps
                                      + max(handed_prof - float(unprofiled_loader_ms), 0.0))
                         if handover and unprofiled_loader_ms is not None and unprofiled_step_ms else None)
        if made is not None and low_share is not None:
            band = (round(min(low_share, made.saving_pct), 2), round(made.saving_pct, 2))
            # the point: the part of the hand-over that comes back as the training thread's waits for the GIL, from
            # the step's own GIL (analysis/host/gil.py) and the pin-memory thread's holds (benchmarks/micro_gil.py);
            # never a loss (the copy's own saving stays), and the band says how sure it is
            batches = len(loader) / w.steps
            mb = float(calls["bytes"].sum()) / max(len(loader), 1) / 1e6
            short = HELD_MS + HELD_MS_PER_TENSOR * max(rp.batch_tensors(trace, loader) - rp.BATCH_TENSORS, 0.0)
            held = batches * (short + HELD_MS_PER_MB * mb)
            handed = float(unprofiled_loader_ms) if unprofiled_loader_ms is not None and unprofiled_step_ms else \
                max(handed_prof - kappa * rp.host_events(trace, w, loader) / w.steps, 0.0)
            holds = [*HOLD_US, 1e3 * HELD_MS_PER_MB * mb]  # the short holds, and the batch-sized one
            weights = [short / len(HOLD_US)] * len(HOLD_US) + [HELD_MS_PER_MB * mb]
            returns = gil.hold_returns(trace, w.rank, w.pid, [(sw.start_ns, sw.end_ns) for sw, u in zip(steps, usual) if u]
                                       or [(sw.start_ns, sw.end_ns) for sw in steps], holds, weights,
                                       list(zip(calls["start_ns"], calls["end_ns"])), list(zip(loader["start_ns"], loader["end_ns"])))
            back = returns * min(held / handed, 1.0) if handed > 0 else returns
            point = band[1] - back * (band[1] - band[0])
            k = point / made.saving_pct if made.saving_pct > 0 else 1.0
            made = dataclasses.replace(
                made, saving_pct=float(point), saving_ms_per_step=made.saving_ms_per_step * k,
                saving_ms_profiled=made.saving_ms_profiled * k if made.saving_ms_profiled is not None else None,
                saving_range_ms=tuple(round(x * k, 4) for x in made.saving_range_ms) if made.saving_range_ms else None,
                saving_band_pct=band,
                evidence=made.evidence + f"; the pin-memory thread unpickles each batch under the GIL ({held:.2f} of the "
                f"{handed:.2f} ms per step handed over: benchmarks/micro_gil.py), and a hold comes back as a wait where "
                f"the training thread takes the GIL back from it: this step's ops and Python between them give back "
                f"{returns:.0%} of a hold (landing anywhere in the step), so {back:.0%} of the hand-over is taken to come "
                f"back: {band[0]:.0f}% if all of it came back, {band[1]:.0f}% if none")
            made = made if point / 100 >= REPLAY_MIN_SHARE else None
        out.append(made)
    return [a for a in out if a is not None]


def compile_replayed(trace: Trace, windows, unprofiled_step_ms: float | None, costs: cm.CompileCosts | None = None,
                     replayed: tuple[rp.Window, rp.Blocking] | None = None) -> Advice | None:
    """``compile`` on a trace with GPU work: the steps replayed as compiled graphs (:mod:`.compile_model`). Advised
    when it saves at least REPLAY_MIN_SHARE of the step; an unranked note when it predicts compiling is slower by as
    much."""
    windows = step_windows(trace) if windows is None else windows
    replayed = replayed or _replay_inputs(trace, windows)
    if replayed is None:
        return None
    w, blocking = replayed
    if not len(trace.gpu):
        return _compile_cpu(trace, windows, w, unprofiled_step_ms, costs or cm.COSTS["cpu"])
    steps = rp.step_windows_of(windows, w)
    costs = costs or cm.COSTS["cuda"]
    if costs.launch_us:  # constants that carry their process's speed (benchmarks/compile_at_speed.py; none by default)
        costs = cm.at_speed(costs, cm.eager_launch_us(trace, w))
    model = cm.compiled_step(trace, w, blocking, steps, costs)
    if model is None:
        return None
    usual = rp.usual_of(steps)  # a preempted step is left out of the window's figures

    def usual_replay(new_host: dict | None = None, **kw) -> tuple[float, list[float]]:
        return rp.replay_usual(trace, w, blocking, steps, usual, new_host, **kw)

    profiled_step = usual_replay()[0] / w.steps
    # replayed without the profiler: the eager ops' host time shrunk by the profiler's stretch of this run's steps
    # (meta.json), since the graph calls' costs were measured without it; a step the profiler makes host-bound may
    # be GPU-bound without it, where compiling saves only what the fusions save
    stretch = max(profiled_step / unprofiled_step_ms, 1.0) if unprofiled_step_ms else 1.0

    def with_library(graph_ns: dict) -> dict:  # each graph call's host time and its library ops' own, unprofiled
        return {b: ns + int(model.library_host[b] / stretch) for b, ns in graph_ns.items()}

    compiled = with_library(model.new_host)
    base, base_each = usual_replay(host_scale=1 / stretch)
    changed, changed_each = usual_replay(compiled, new_gpu=model.new_gpu, host_scale=1 / stretch)
    base_each, changed_each = rp.usual_only(base_each, usual), rp.usual_only(changed_each, usual)
    share = (base - changed) / base if base > 0 else 0.0
    real_step = unprofiled_step_ms or profiled_step
    saving = share * real_step
    saving_prof = share * profiled_step
    if abs(share) < REPLAY_MIN_SHARE:
        return None
    each = [(b - c) / b * real_step if b > 0 else 0.0 for b, c in zip(base_each, changed_each)]
    band = None
    if model.costs.kernel_ms_range:  # the same replay at the lowest and the highest per-kernel cost measured
        def share_at(kernel_ms: float) -> float:
            c = usual_replay(with_library(cm.graph_host(model, kernel_ms)), new_gpu=model.new_gpu, host_scale=1 / stretch)[0]
            return 100 * (base - c) / base if base > 0 else 0.0
        low_ms, high_ms = model.costs.kernel_ms_range
        band = (round(share_at(high_ms), 2), round(share_at(low_ms), 2))
    uncertain = band is not None and band[0] < 0 < band[1]
    slower = share < 0
    evidence = (f"{model.graphs:g} graph call(s) per step would replace {model.eager_host_ms:.2f} ms of eager host time "
                f"(ops and the Python between them) with {model.compiled_host_ms:.2f} ms; {model.eager_kernels:g} kernels per "
                f"step become {model.library_kernels + model.fused_kernels:g} ({model.library_kernels:g} library kernels kept from "
                f"{model.library_calls:g} library calls, "
                f"runs of the others fused into {model.fused_kernels:g}), {model.gpu_saved_ms:.2f} ms of GPU time fused away")
    if slower:
        evidence += f": compiling would make the step {-100 * share:.0f}% slower"
    if band is not None:
        low_ms, high_ms = model.costs.kernel_ms_range
        evidence += (f"; {band[0]:+.0f}% to {band[1]:+.0f}% with a generated kernel's host cost anywhere in its measured "
                     f"range ({low_ms * 1e3:.0f}-{high_ms * 1e3:.0f} µs)")
        if uncertain:
            evidence += ": faster or slower is not settled, time a compiled step against an eager one before relying on it"
    return Advice("compile", float(saving), float(100 * share), evidence,
                  "torch.compile(model) (Inductor fuses the pointwise ops and launches the kernels from one wrapper); "
                  "compile the loss with it (a function that runs the model and returns the loss): the prediction is "
                  "for every op of the step, and compiling the model alone leaves a loss computed outside it eager (a "
                  "VAE's MSE and KL term: 13% slower compiled alone, 8% faster with its loss, H200)"
                  if not slower else "keep the model eager (its ops cost less host time than compiled graph calls would), "
                  "or compile larger pieces (whole step, or with CUDA graphs: mode=\"reduce-overhead\")",
                  f"a graph call costs {model.costs.call_ms:.2f} ms per forward and backward and {model.costs.kernel_ms * 1e3:.0f} µs per "
                  f"kernel, a convolution's extern call {model.costs.conv_ms * 1e3:.0f} µs more than the eager op "
                  f"({model.costs.source}); library ops (GEMM, convolution, attention, cuDNN) keep their kernels; a "
                  "fused run takes as long as its longest kernel; a sync or a host copy inside the model is a graph break"
                  + (f"; replayed without the profiler (the host's time / {stretch:.2f}, the profiler's stretch of "
                     "these steps)" if stretch != 1.0 else "; a bare trace: the graph calls' costs are without the "
                     "profiler, the eager ops' with it (compiling looks better than it is)")
                  + f"; replayed, the steps take {base / w.steps:.2f} ms eager and {changed / w.steps:.2f} ms compiled",
                  steps_used=w.steps, saving_ms_profiled=float(saving_prof), scale="unprofiled" if unprofiled_step_ms else "profiled",
                  saving_range_ms=(round(min(each), 4), round(max(each), 4)), ranked=not slower and not uncertain,
                  saving_band_pct=band)


def _compile_cpu(trace: Trace, windows, w: rp.Window, unprofiled_step_ms: float | None, costs: cm.CompileCosts) -> Advice | None:
    """``compile`` on a CPU trace: Inductor's C++ graphs in place of the eager ops (:func:`.compile_model.compiled_cpu_step`),
    on the scale of a step without the profiler where meta.json timed one."""
    steps = rp.step_windows_of(windows, w)
    model = cm.compiled_cpu_step(trace, w, steps, costs)
    if model is None:
        return None
    profiled_step = rp.step_ms(w, steps)  # the usual steps', as the model's figures are
    stretch = max(profiled_step / unprofiled_step_ms, 1.0) if unprofiled_step_ms else 1.0
    real_step = unprofiled_step_ms or profiled_step
    compiled = (model.graphs * costs.call_ms / 2 + (model.fused_kernels + model.library_ops) * costs.kernel_ms
                + (model.library_ms + model.fused_ms) / stretch)
    saving = model.eager_ms / stretch - compiled
    share = saving / real_step if real_step > 0 else 0.0
    if abs(share) < REPLAY_MIN_SHARE:
        return None
    slower = share < 0
    evidence = (f"{model.graphs:g} graph call(s) per step would replace {model.eager_ms / stretch:.2f} ms of eager CPU time "
                f"({model.eager_ops:g} top-level ops and the Python between them) with {compiled:.2f} ms: "
                f"{model.library_ops:g} library ops kept ({model.library_ms / stretch:.2f} ms), the other ops fused into "
                f"{model.fused_kernels:g} C++ kernels ({model.fused_ms / stretch:.2f} ms)")
    if slower:
        evidence += f": compiling would make the step {-100 * share:.0f}% slower"
    return Advice("compile", float(saving), float(100 * share), evidence,
                  "torch.compile(model) (Inductor's C++ kernels fuse the pointwise ops and skip the dispatcher)" if not slower
                  else "keep the model eager: its ops cost less than compiled graph calls would",
                  f"a graph call costs {costs.call_ms} ms per forward and backward and {costs.kernel_ms * 1e3:.1f} µs per "
                  f"kernel ({costs.source}); library ops (GEMM, convolution, RNNs: oneDNN/MKL) keep their time; a fused "
                  "run of ops takes as long as its longest ops, one C++ kernel per reduction in it plus one"
                  + (f"; the trace's CPU time / {stretch:.2f}, the profiler's stretch of these steps" if stretch != 1.0
                     else "; a bare trace: its ops' times are profiled, the graph calls' costs are not"),
                  steps_used=w.steps, saving_ms_profiled=float(share * profiled_step),
                  scale="unprofiled" if unprofiled_step_ms else "profiled", ranked=not slower)


#: Share of a CPU optimizer step's time that ``fused=True`` keeps, by how it steps now: ``benchmarks/micro_optimizer.py``
#: on this repository's 2-core x86-64 host (AdamW over 20 x 256x256, 100 x 64x64 and 400 x 16x16 parameters; the
#: median over the sets; benchmarks/results/micro_optimizer-2026-11-26-cpu.json).
CPU_FUSED_KEEPS: Final[dict[str, float]] = {"for-loop": 0.24, "foreach": 0.30}


def fused_optimizer_cpu(trace: Trace, windows, unprofiled_step_ms: float | None) -> Advice | None:
    """``fused_optimizer`` on a CPU trace: an Adam/AdamW/SGD/Adagrad step as a for-loop or foreach, which fused=True does
    in one vectorised pass per parameter group; what it keeps of the step's time measured apart (CPU_FUSED_KEEPS)."""
    windows = step_windows(trace) if windows is None else windows
    w = rp.process_window(trace, windows)
    if w is None:
        return None
    s = trace.slices
    mine = ((s["rank"] == w.rank) & (s["pid"] == w.pid) & (s["end_ns"] > w.start_ns) & (s["start_ns"] < w.end_ns)).to_numpy()
    steps_of = np.flatnonzero(mine & tagged(s, "optimizer_step"))
    if not len(steps_of):
        return None
    inside = np.isin(trace.nearest("optimizer_step"), steps_of) & (s["cat"] == "cpu_op").to_numpy(dtype=bool, na_value=False)
    if tagged(s, "fused_op")[inside].any() or not tagged(s, "fused_cpu_optimizer_step")[steps_of].all():
        return None  # fused already, or an optimizer without a fused CPU version
    style = "foreach" if tagged(s, "foreach_op")[inside].any() else "for-loop"
    # each step's own work: to the end of its last op (the step hook after it, where the profiler steps and, at the
    # window's end, exports the trace, runs inside the same annotation)
    parent = s["parent_id"].to_numpy(dtype=np.float64, na_value=-1).astype(np.int64)
    child = np.isin(parent, steps_of)
    last = pd.Series(s["end_ns"].to_numpy()[child]).groupby(parent[child]).max()
    starts = s["start_ns"].to_numpy()[steps_of]
    own_end = np.minimum(last.reindex(steps_of).fillna(pd.Series(s["end_ns"].to_numpy()[steps_of], index=steps_of)).to_numpy(), w.end_ns)
    # the optimizer's time and the step's, over the usual steps (a preempted step moves the window's means)
    steps = rp.step_windows_of(windows, w)
    step_of = np.searchsorted(np.array(sorted(sw.end_ns for sw in steps), dtype=np.int64), starts, side="left")
    per_step = np.bincount(step_of, weights=np.maximum(own_end - starts, 0), minlength=len(steps))[:len(steps)]
    opt_ms = rp.usual_total(list(per_step), rp.usual_of(steps), float(np.maximum(own_end - starts, 0).sum())) / 1e6 / w.steps
    profiled_step = rp.step_ms(w, steps)
    stretch = max(profiled_step / unprofiled_step_ms, 1.0) if unprofiled_step_ms else 1.0
    real_step = unprofiled_step_ms or profiled_step
    saving = opt_ms * (1 - CPU_FUSED_KEEPS[style]) / stretch
    share = saving / real_step if real_step > 0 else 0.0
    if share < REPLAY_MIN_SHARE:
        return None
    return Advice("fused_optimizer", float(saving), float(100 * share),
                  f"the optimizer's step ({str(s['name'].iat[int(steps_of[0])]).split('#')[-1]}, {style}) takes {opt_ms / stretch:.2f} ms "
                  f"of each {real_step:.2f} ms step on the CPU",
                  "construct the optimizer with fused=True (torch.optim.Adam/AdamW/SGD/Adagrad(..., fused=True): a fused "
                  "CPU kernel per parameter group)",
                  f"fused=True keeps {CPU_FUSED_KEEPS[style]:.0%} of a {style} step's time (benchmarks/micro_optimizer.py on a "
                  "2-core x86-64 host); parameters of one dtype and device"
                  + (f"; the trace's CPU time / {stretch:.2f}, the profiler's stretch of these steps" if stretch != 1.0 else ""),
                  steps_used=w.steps, saving_ms_profiled=float(share * profiled_step),
                  scale="unprofiled" if unprofiled_step_ms else "profiled")


def threads_note(host: dict | None) -> Advice | None:
    """``threads``: torch's intra-op threads did not fit the cores the other processes left free when the capture
    started (meta.json's host, :mod:`traceview.capture.host_load`). CPU timings are then the scheduler's: an unranked
    note with no predicted saving (how much depends on the job's parallel ops; ``traceview try --change threads``
    measures it)."""
    if not host or not host.get("oversubscribed"):
        return None
    threads, cores, busy = host.get("torch_threads"), host.get("usable_cores"), host.get("other_busy_cores")
    fair = host.get("fair_threads") or 1
    others = f" while other processes kept {busy:.1f} of them busy" if busy else ""
    return Advice("threads", 0.0, 0.0,
                  f"torch ran {threads} intra-op threads on {cores} usable cores{others}: parallel CPU ops wait for threads "
                  "the scheduler put aside, and this trace's CPU times include those waits",
                  f"OMP_NUM_THREADS={fair} (or torch.set_num_threads({fair})), or stop what else runs on these cores; "
                  f"traceview try --change threads --threads {fair} measures what it saves",
                  "the load was measured over 0.3 s before the script started (/proc/stat); it may have changed since",
                  ranked=False)


def measured_costs(host: dict | None, device: str) -> cm.CompileCosts | None:
    """The compile model's constants measured on the machine that captured the trace (``profile --calibrate``:
    meta.json's ``host.calibration``), when they were measured on this kind of device; else None (the defaults)."""
    cal = (host or {}).get("calibration")
    if not isinstance(cal, dict) or cal.get("device") != device:
        return None
    call, kernel = cal.get("call_ms"), cal.get("kernel_ms")
    if not isinstance(call, (int, float)) or not isinstance(kernel, (int, float)) or kernel <= 0:
        return None
    # meta.json keeps the calibration's launch call too (its process's speed); the costs are not scaled by it: scaling
    # the constants by a process's speed did not make the predictions better (benchmarks/compile_at_speed.py)
    return cm.CompileCosts(float(call), float(kernel), "measured on the machine that captured this trace (profile --calibrate)")

"""The kinds read from each step's critical path (:mod:`traceview.analysis.host.critical_path`): ``cuda_graphs``,
``fused_optimizer``, ``graph_break``, ``recompile`` and ``static_inputs`` -- the host time on the path the change
removes, less what the change still costs, per step and over the steps one at a time."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Final

import numpy as np
import pandas as pd

from traceview.analysis.advice.record import Advice, REPLAY_MIN_SHARE, count, share_entry
from traceview.analysis.host.critical_path import CriticalPath
from traceview.trace import Trace
from traceview.trace.catalogue import tagged
from traceview.trace.step_windows import usual_steps


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
        sid, seg_start, seg_end = seg["slice_id"].to_numpy(), seg["start_ns"].to_numpy(), seg["end_ns"].to_numpy()
        dur = (seg_end - seg_start).astype(np.float64) / 1e6
        host = sid >= 0
        safe = np.maximum(sid, 0)
        call = np.where(host, graph_call[safe], -1)
        a, b = int(seg_start.min()), int(seg_end.max())
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


def cuda_graphs(p: PathShares) -> Advice | None:
    """Compiled graphs launched kernel by kernel: a replay launches them in one call."""
    if p.graph_calls <= 0:
        return None
    saving = min(p.in_graph_calls - p.graph_calls * REPLAY_HOST_MS, p.step_ms - p.gpu_ms)
    return share_entry("cuda_graphs", saving, p.step_ms,
                       f"{p.in_graph_calls:.2f} ms of each {p.step_ms:.2f} ms step is host time on the critical path inside "
                       f"{count(p.graph_calls)} compiled-graph call(s) per step ({count(p.graph_launches)} kernel launches); the GPU is busy "
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
    return share_entry("fused_optimizer", p.in_optimizer - after, p.step_ms,
                       f"the optimizer's step takes {p.in_optimizer:.2f} ms of each {p.step_ms:.2f} ms step on the critical "
                       f"path and launches {count(p.optimizer_launches)} kernels per step ({style})",
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
        entry = share_entry("graph_break", extra * per_call + between, p.step_ms,
                            f"{row.reason} at {row.where} splits the frame into {len(ids)} compiled graphs ({', '.join(ids)}): "
                            f"{count(extra)} extra graph call(s) per step at {per_call:.3f} ms each on the critical path"
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


def graph_breaks_in_trace(p: PathShares, calls: pd.DataFrame, steps_table: pd.DataFrame, trace: Trace) -> Advice | None:
    """A graph break seen in the trace alone (no structured trace, no Dynamo counters): compiled regions called
    inside another's call are frames Dynamo entered because an outer frame broke its graph (it inlines the calls of
    a frame it traces whole). Each such call per step is a graph call a merged graph would not make."""
    if calls is None or not len(calls) or p.steps == 0 or not len(steps_table):
        return None
    start = steps_table["start_ns"].to_numpy(dtype=np.int64)
    end = start + steps_table["dur_ns"].to_numpy(dtype=np.int64)
    at = calls["start_ns"].to_numpy(dtype=np.int64)
    inside = np.zeros(len(calls), dtype=bool)
    for a, b in zip(start, end):
        inside |= (at >= a) & (at < b)
    nested = calls[inside & (calls["depth"].to_numpy() > 0)]
    if not len(nested):
        return None
    extra = len(nested) / p.steps
    per_call = p.lookup_ms + (p.replay_call_ms if p.replayed_calls > 0 else 0.0)
    between = p.in_region_eager if p.replayed_calls > 0 else 0.0
    frames = ", ".join(sorted(set(nested["region"].astype(str))))
    entry = share_entry("graph_break", extra * per_call + between, p.step_ms,
                        f"{count(extra)} compiled-region call(s) per step run inside another compiled region's call "
                        f"({frames}): frames Dynamo compiled apart because a graph break split the frame that calls them; "
                        f"each extra graph call costs {per_call:.3f} ms on the critical path"
                        + (f", and {between:.3f} ms per step of eager code runs between the CUDA graphs" if between > 0 else ""),
                        "find and remove the graph break: traceview profile writes PyTorch's structured trace beside the "
                        "trace, and analyze then names each break's reason and line (or run with TORCH_LOGS=graph_breaks)",
                        "one call of the merged graph replaces the nested calls; each costs Dynamo's cache lookup"
                        + (" and a CUDA-graph replay" if p.replayed_calls > 0 else "") + " (this trace's means); no "
                        "structured trace beside the trace: the breaks' places and reasons are unknown")
    return entry if entry is not None and entry.saving_pct >= 100 * REPLAY_MIN_SHARE else None


def recompiles(recompile_rows: pd.DataFrame, frames: pd.DataFrame, run_steps: int | None, step_ms: float) -> Advice | None:
    """Recompilations: their compile time, spread over the run's steps."""
    if recompile_rows is None or not len(recompile_rows) or not run_steps:
        return None
    compile_s = frames.set_index("compile_id")[["compile_s", "backward_compile_s"]].astype(float).fillna(0.0).sum(axis=1)
    ids = [i for i in recompile_rows["compile_id"] if i in compile_s.index]
    seconds = float(compile_s[ids].sum())
    first = recompile_rows.iloc[0]
    return share_entry("recompile", seconds * 1e3 / run_steps, step_ms,
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
    return share_entry("static_inputs", ms, step_ms,
                       f"{count(int(copies.sum()) / max(steps, 1))} copy kernel(s) per step ({ms:.3f} ms of GPU time) copy inputs into "
                       "CUDA graphs' buffers before each replay",
                       "keep the inputs at fixed addresses: make them the module's parameters or buffers, or mark them with "
                       "torch._dynamo.mark_static_address(tensor) before compiling",
                       "the step is GPU-bound, so the copies' GPU time is saved whole; the inputs' addresses do not change "
                       "between calls", saving_range_ms=span)


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


def _optimizer_gpu_ms(trace: Trace, result, steps: int) -> float:
    """GPU ms per step of kernels launched by an op inside the optimizer's step (0 when not attributable)."""
    table = result.attribution.table
    if "op_id" not in table.columns or not len(table):
        return 0.0
    op = table["op_id"].to_numpy(dtype=np.float64, na_value=-1).astype(np.int64)
    inside = (op >= 0) & (trace.nearest("optimizer_step")[np.maximum(op, 0)] >= 0)
    return float(table["dur_ns"].to_numpy()[inside].sum()) / 1e6 / max(steps, 1)


def on_path(trace: Trace, result, steps_table: pd.DataFrame, windows, run_steps: int | None) -> tuple[list[Advice | None], int, float]:
    """The kinds read from the steps' critical paths (``result``: the Analysis so far; ``steps_table``: the steps used),
    with the steps they rest on and the profiled step's ms (per outermost compiled-region call, else the run phase,
    where the trace has no steps)."""
    path = result.critical_path
    if len(steps_table):
        n_steps, gpu_ms = len(steps_table), float(steps_table["gpu_ms"].mean())
        shares = path_shares(trace, path, gpu_ms) if path is not None else None
        step_ms = shares.step_ms if shares else 0.0
    else:  # no steps: a "step" is one outermost compiled-region call (else the run phase), saving per call
        calls = result.regions.calls
        n_steps = max(int((calls["depth"] == 0).sum()) if len(calls) else 1, 1)
        shares = None
        step_ms = float(path.mean_step_ms()) / n_steps if path is not None and path.steps else 0.0
    found: list[Advice | None] = []
    if shares is not None:
        style, optimizer_gpu = optimizer_style(trace), _optimizer_gpu_ms(trace, result, n_steps)
        models = [cuda_graphs, lambda p: fused_optimizer(p, style, optimizer_gpu)]
        found += [_across_steps(model, shares) for model in models]
        reasons = result.reasons
        if reasons is not None and len(reasons.graph_breaks):
            found += _graph_breaks_across_steps(shares, reasons.graph_breaks,
                                               _calls_in_steps(reasons.frames, result.regions.calls, steps_table, trace))
        elif reasons is None or reasons.graph_break_count is None:  # no Dynamo record: the trace's own nesting
            found.append(graph_breaks_in_trace(shares, result.regions.calls, steps_table, trace))
        if reasons is not None:
            found.append(recompiles(reasons.recompiles, reasons.frames, run_steps, step_ms))
    if step_ms > 0:
        found.append(static_inputs(trace, n_steps, step_ms, windows if len(steps_table) else None))
    return found, n_steps, step_ms

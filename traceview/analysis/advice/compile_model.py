"""What ``torch.compile`` would make of an eager step, from the eager trace: a replay of the steps with the model's
forward and backward as compiled graphs.

Mechanisms, each read from the trace (no constant fitted to a model it is scored on)::

    graphs       each maximal stretch of a thread's top-level ATen ops in a step, outside the optimizer and data
                 loading, with no call that blocks on the GPU and no copy between host and device in it, becomes
                 one compiled graph call (a sync or a host copy in the model is a graph break: two graphs)
    kernels      kernels of library ops (GEMMs, convolutions, attention, cuDNN's RNNs: Inductor calls the same
                 library) stay as they are; each run of other kernels launched one after another between them
                 (pointwise, reductions, normalisations) becomes the kernels Inductor's rules make of it
                 (:mod:`.reductions`: split reductions from the ops' shapes, unsplit ones fused with their
                 pointwise work, a kernel per 0-d buffer update), each as long as one of the run's longest kernels
                 (a fused kernel reads and writes about what its largest member does)
    host         a graph call costs the compiled call's fixed cost (Dynamo's guards and cache lookup, AOTAutograd's
                 runtime wrapper; half for the forward, half for the backward) and the wrapper's cost per kernel it
                 generates, and each library op its own host time as in the trace (the extern call is the same op:
                 cuDNN's RNN still launches its kernels one by one) plus, for a convolution, what its extern call
                 costs more (benchmarks/micro_extern.py), instead of the eager ops' host time and the Python
                 between them

The steps are replayed as :mod:`traceview.analysis.host.replay` replays them (the GPU starts each kernel when its
moved launch and its stream allow, blocking calls wait for the replayed GPU), so a host-bound step gains what
the host saves and a GPU-bound step what the fusions save; where the compiled call costs more than the eager ops
did, the prediction is negative: compiling is slower.

Constants (:data:`COSTS`) come from ``benchmarks/micro_compile.py``, a chain of tiny blocks timed eager and
compiled at several lengths, on the machine named with them, without the profiler.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Final

import numpy as np
import pandas as pd

from traceview.analysis.advice import reductions as rd
from traceview.analysis.host import replay as rp
from traceview.trace.catalogue import tagged
from traceview.trace.schema import EAGER_LAUNCH_APIS
from traceview.trace import Trace

# The names the model asks about (library ops and kernels, reductions, batch norm, convolutions' layouts) are in
# trace/catalogue.py, read through the tables' tags: library_op, library_kernel, reduction_kernel,
# split_reduction_kernel, batch_norm_kernel, split_reduction_op, layout_conv, conv_1d, layout_kernel, cpu_library_op,
# cpu_reduction. In a graph with 2-d convolutions Inductor lays the activations out channels-last
# (``GraphLowering.decide_layout_opt``; skipped where the graph has 300 nodes or more per convolution): each
# convolution's weight, a contiguous parameter, is copied to that layout by a generated kernel on every call, and
# cuDNN's own layout conversions go.
#: Inductor's threshold: no layout optimisation where the graph has this many nodes per convolution.
LAYOUT_NODES_PER_CONV: Final[int] = 300


@dataclass(frozen=True)
class CompileCosts:
    """Host ms of a compiled training step's graph calls: ``call_ms`` for one forward and its backward together,
    ``kernel_ms`` per kernel the wrapper launches; ``source``: where they were measured."""

    call_ms: float
    kernel_ms: float
    source: str
    conv_ms: float = 0.0  # a convolution (forward and backward) as an extern call, beyond its eager ops' host time
    kernel_ms_range: tuple[float, float] | None = None  # the lowest and highest per-kernel fits measured (the band)
    launch_us: float | None = None  # the measuring process's median eager launch call under the profiler (its speed)


def eager_launch_us(trace: Trace, w: rp.Window) -> float | None:
    """The median µs of the window's eager launch calls (``cudaLaunchKernel``...: schema.EAGER_LAUNCH_APIS) under the
    profiler: how fast this process ran. None without any."""
    la = trace.launches
    if not len(la):
        return None
    mine = ((la["rank"] == w.rank) & (la["pid"] == w.pid) & (la["start_ns"] >= w.start_ns) & (la["start_ns"] <= w.end_ns)
            & la["api"].astype(object).isin(EAGER_LAUNCH_APIS)).to_numpy(dtype=bool, na_value=False)
    return float(np.median(la["dur_ns"].to_numpy()[mine])) / 1e3 if mine.any() else None


def at_speed(costs: CompileCosts, launch_us: float | None) -> CompileCosts:
    """``costs`` at the speed of a process whose eager launch calls took ``launch_us``, on the hypothesis that a
    compiled call's host costs scale with the process as its eager ops' do (the same model's compiled step ran 0.69x as
    long in a process whose eager step ran 0.74x as long, benchmarks/results/models-2026-11-27-compiled-loss);
    unchanged where either speed is unknown. Scored by benchmarks/compile_at_speed.py and not adopted: no default
    constant carries a speed (docs/benchmarks/advice.md)."""
    if not costs.launch_us or not launch_us:
        return costs
    f = launch_us / costs.launch_us
    return dataclasses.replace(costs, call_ms=costs.call_ms * f, kernel_ms=costs.kernel_ms * f, conv_ms=costs.conv_ms * f,
                               kernel_ms_range=tuple(x * f for x in costs.kernel_ms_range) if costs.kernel_ms_range else None,
                               source=f"{costs.source}; x{f:.2f}: this process's eager launch calls took {launch_us:.1f} µs "
                                      f"against {costs.launch_us:.1f} µs where they were measured")


#: ``benchmarks/micro_compile.py`` without the profiler, on an H200 host: the chain in three device calls
#: (sample_traces/gpu/models/micro_compile-1.json, -2.json, and -blocks.json's chain: 0.58, 0.76, 0.46 ms per
#: forward+backward; 21, 28, 32 µs per kernel) and, in the third call, chains of network blocks (--blocks: conv-BN-ReLU
#: 0.45 ms / 38 µs, residual LayerNorm-Linear-GELU 0.71 ms / 32 µs, attention 2.16 ms / 32 µs); the medians of the six
#: fits. The chain's own fit moved from 21 to 32 µs between calls: each fit is one process's. This repository's 2-core
#: CPU host: benchmarks/results/micro_compile-2026-11-26-cpu.json.
COSTS: Final[dict[str, CompileCosts]] = {
    "cuda": CompileCosts(0.65, 0.032, "benchmarks/micro_compile.py on an H200 host (torch 2.11), 2026-11-26: the medians "
                                      "of six fits (a chain of GEMM blocks in three runs; conv-BN-ReLU, MLP and attention "
                                      "blocks); the convolution's extern call: benchmarks/micro_extern.py there (16 µs; a "
                                      "GEMM's: 0)",
                         conv_ms=0.016, kernel_ms_range=(0.021, 0.038)),
    "cpu": CompileCosts(0.10, 0.005, "benchmarks/micro_compile.py on a 2-core x86-64 host (torch 2.13), 2026-11-26"),
}


@dataclass(frozen=True)
class CompiledStep:
    """The eager steps as compiled graphs: per step, eager and compiled kernels, graph calls, and the replay."""

    steps: int
    graphs: float  # graph calls per step
    eager_kernels: float
    library_kernels: float
    library_calls: float  # library op calls per step (an extern call each, compiled)
    fused_kernels: float  # generated kernels: those the runs of other kernels become, and conv weights' layout copies
    gpu_saved_ms: float  # per step, GPU time the fusions remove
    eager_host_ms: float  # per step, host time of the stretches that become graph calls (profiled)
    compiled_host_ms: float  # per step, what their graph calls cost instead (library ops as profiled)
    new_host: dict  # (start_ns, end_ns) -> ns: each stretch's host cost as a graph call, without its library ops
    library_host: dict  # (start_ns, end_ns) -> ns: the stretch's library ops' own host time in the trace (kept)
    new_gpu: dict  # activity_id -> ns: kernels fused away (0) or kept
    removed: pd.DataFrame  # the stretches (start_ns, end_ns): host events inside them go
    costs: CompileCosts
    runs: tuple[tuple[int, ...], ...] = ()  # each fused run: the rows of trace.gpu it fuses
    generated: dict = dataclasses.field(default_factory=dict)  # (start_ns, end_ns) -> generated kernels of the stretch
    conv_calls: dict = dataclasses.field(default_factory=dict)  # (start_ns, end_ns) -> its convolutions' extern calls
    library_ops: dict = dataclasses.field(default_factory=dict)  # (start_ns, end_ns) -> its library ops' slice ids
    ops: np.ndarray = dataclasses.field(default_factory=lambda: np.zeros(0, dtype=np.int64))  # top-level ops, no blocking call in them
    op_stretch: np.ndarray = dataclasses.field(default_factory=lambda: np.zeros(0, dtype=np.int64))  # each op's graph call (-1: stays eager)


def _top_level_ops(trace: Trace, w: rp.Window):
    """The window's process's slices (``mine``), which slices are ops, the top-level ops, each
    slice's top-level op, and which slices are inside the optimizer, data loading or a Triton kernel of the user's
    own run by Triton's interpreter (they stay eager: compiling never replaces a kernel the user wrote); None when
    the window runs compiled graphs already."""
    s = trace.slices
    mine = rp.in_window(trace, w)
    if "outer_region_id" in s.columns and s["outer_region_id"].notna().to_numpy()[mine].any():
        return None  # compiled already
    is_op = (s["cat"] == "cpu_op").to_numpy(dtype=bool, na_value=False)
    top = trace.outermost(is_op) & mine
    top_of = trace.nearest_where(top)  # each slice's top-level op
    outside = trace.nearest("optimizer", "dataloader_next", "triton_interpreted") >= 0
    return mine, is_op, top, top_of, outside


def _breaks(trace: Trace, w: rp.Window, blocking: rp.Blocking, ops) -> tuple:
    """The top-level ops that stay eager and split the graphs: those outside what compiles, those Dynamo does not trace
    (nn.RNN, GRU, LSTM), those with a call that blocks the host, those that copy between host and device. Returns (breaks, has_block, blocking calls' slice ids,
    the window's GPU rows (``ours``), kernel rows, each GPU row's launch)."""
    mine, is_op, top, top_of, outside = ops
    s, g = trace.slices, trace.gpu
    breaks = np.zeros(len(s), dtype=bool)
    breaks[top & outside] = True
    unsupported = is_op & mine & tagged(s, "dynamo_unsupported")  # nn.RNN/GRU/LSTM: Dynamo breaks the graph there
    breaks[top_of[unsupported][top_of[unsupported] >= 0]] = True
    calls = blocking.calls["slice_id"].to_numpy().astype(np.int64)
    has_block = np.zeros(len(s), dtype=bool)
    has_block[top_of[calls][top_of[calls] >= 0]] = True
    breaks |= has_block
    lid = g["launch_id"].to_numpy(dtype=np.float64, na_value=-1).astype(np.int64)
    ours = (g["rank"] == w.rank).to_numpy() & (lid >= 0)
    ours[ours] = mine[lid[ours]]
    kernel = (g["kind"] == "kernel").to_numpy()
    copies = ours & ~kernel & tagged(g, "host_device_copy")  # a copy between host and device stays eager
    breaks[top_of[lid[copies]][top_of[lid[copies]] >= 0]] = True
    return breaks, has_block, calls, ours, kernel, lid


def _after_backward(trace: Trace, steps: list[rp.Window], top, mine) -> np.ndarray:
    """The top-level ops that run after the step's backward has ended, outside it: gradient clipping, a scaler's
    checks, logging. ``torch.compile(model)`` compiles the forward (and the loss, where it is compiled with it) and
    the backward Autograd builds from it; what the step does between the backward and the optimizer stays eager. A
    step without a backward (``autograd::engine::evaluate_function`` ops) keeps every op."""
    s = trace.slices
    evaluate = tagged(s, "autograd_evaluate") & mine
    out = np.zeros(len(s), dtype=bool)
    if not evaluate.any():
        return out
    starts, ends = s["start_ns"].to_numpy(), s["end_ns"].to_numpy()
    candidates = top & ~evaluate
    for w in steps:
        inside = evaluate & (starts >= w.start_ns) & (starts < w.end_ns)
        if inside.any():
            done = ends[inside].max()
            out |= candidates & (starts >= done) & (starts < w.end_ns)
    return out


def _stretches(trace: Trace, steps: list[rp.Window], top, top_of, breaks, calls) -> tuple[np.ndarray, list]:
    """Per thread, consecutive top-level ops that are not breaks, split at breaks, at syncs outside any op
    (torch.cuda.synchronize()) and at step ends: each op's stretch (-1: none) and each stretch's (start, end) ns."""
    s = trace.slices
    starts, ends, tid = s["start_ns"].to_numpy(), s["end_ns"].to_numpy(), s["tid"].to_numpy()
    blockers = calls[top_of[calls] < 0]
    edges = np.array(sorted({*(sw.end_ns for sw in steps)}), dtype=np.int64)
    order = np.flatnonzero(top)
    order = order[np.lexsort((starts[order], tid[order]))]
    stretch = np.full(len(s), -1, dtype=np.int64)
    bounds: list[tuple[int, int]] = []
    cur, cur_tid, cur_step = -1, None, -1
    block_at = np.sort(starts[blockers]) if len(blockers) else np.zeros(0, dtype=np.int64)
    step_of = np.searchsorted(edges, starts[order], side="left").tolist()
    # a blocker between the op before (any op, a break too: its end) and this one's start splits the stretch
    before_end = np.r_[np.int64(-1), ends[order][:-1]]
    blocked_at = (np.searchsorted(block_at, starts[order]) != np.searchsorted(block_at, before_end)).tolist()
    in_stretch = []  # (op, its stretch)
    for i, step, blocked, is_break, a, b, t in zip(order.tolist(), step_of, blocked_at, breaks[order].tolist(),
                                                  starts[order].tolist(), ends[order].tolist(), tid[order].tolist()):
        if is_break:
            cur = -1
            continue
        if cur < 0 or t != cur_tid or step != cur_step or blocked:
            bounds.append((a, b))
            cur, cur_tid, cur_step = len(bounds) - 1, t, step
        bounds[cur] = (bounds[cur][0], max(bounds[cur][1], b))
        in_stretch.append((i, cur))
    if in_stretch:
        at, which = zip(*in_stretch)
        stretch[list(at)] = which
    return stretch, bounds


@dataclasses.dataclass
class _Walk:
    """The stretches' kernels in launch order: runs of generated-to-be kernels (positions in the kernel rows) and,
    per stretch, its library calls (one extern call per library op, however many kernels the library launches), the
    library's own host ns, its convolutions and their ops."""

    runs: list[list[int]]
    kernels_of: np.ndarray
    library_ns: np.ndarray
    library_calls: np.ndarray
    convs_of: np.ndarray
    conv_calls: np.ndarray
    conv_ops: dict[int, list[int]]
    library_ops: dict[int, list[int]] = dataclasses.field(default_factory=dict)  # each stretch's library ops


def _walk_kernels(s: pd.DataFrame, n: int, k_stretch, library, inner_op, conv, conv_op, launch_start) -> _Walk:
    """Library kernels stay; runs of the others (per stretch, in launch order) fuse."""
    walk = _Walk([], *(np.zeros(n, dtype=np.int64) for _ in range(5)), {})
    prev, run = -1, []
    called: set[int] = set()
    slice_dur = s["dur_ns"].to_numpy()
    k_stretch_l, library_l, inner_op_l = k_stretch.tolist(), library.tolist(), inner_op.tolist()
    for j in np.lexsort((launch_start, k_stretch)).tolist():
        st = k_stretch_l[j]
        if st != prev or library_l[j]:
            if run:
                walk.runs.append(run)
            run = []
            prev = st
        if not library_l[j]:
            run.append(j)
            continue
        op = inner_op_l[j]
        if op in called:
            continue
        called.add(op)
        walk.library_calls[st] += 1
        walk.kernels_of[st] += 1
        walk.convs_of[st] += int(conv[j])
        if conv[j]:
            walk.conv_ops.setdefault(st, []).append(op)
        walk.library_ns[st] += int(slice_dur[op])  # the library's own host work stays
        walk.library_ops.setdefault(st, []).append(op)
        walk.conv_calls[st] += int(conv_op[j])  # forward convolutions: an extern call costs more than eager's
    if run:
        walk.runs.append(run)
    return walk


def compiled_step(trace: Trace, w: rp.Window, blocking: rp.Blocking, steps: list[rp.Window], costs: CompileCosts) -> CompiledStep | None:
    """The model of :mod:`this module <traceview.analysis.advice.compile_model>` on the window's steps (None: nothing to
    compile, or the trace runs compiled graphs already)."""
    s, g = trace.slices, trace.gpu
    if not len(s) or not len(g):
        return None
    ops = _top_level_ops(trace, w)
    if ops is None:
        return None
    mine, is_op, top, top_of, _ = ops
    breaks, has_block, calls, ours, kernel, lid = _breaks(trace, w, blocking, ops)
    breaks |= _after_backward(trace, steps, top, mine)
    stretch, bounds = _stretches(trace, steps, top, top_of, breaks, calls)
    if not bounds:
        return None
    # kernels of the stretches, in launch order per thread: library kernels stay, runs of the others fuse
    k_rows = np.flatnonzero(ours & kernel)
    k_top = top_of[lid[k_rows]]
    k_stretch = np.where(k_top >= 0, stretch[np.maximum(k_top, 0)], -1)
    k_rows, k_stretch = k_rows[k_stretch >= 0], k_stretch[k_stretch >= 0]
    inner_op = trace.nearest_where(is_op)[lid[k_rows]]
    has_op = inner_op >= 0
    library = (tagged(s, "library_op")[np.maximum(inner_op, 0)] & has_op) | tagged(g, "library_kernel")[k_rows]
    conv = tagged(s, "layout_conv")[np.maximum(inner_op, 0)] & has_op & ~tagged(s, "conv_1d")[top_of[lid[k_rows]]]
    conv_op = tagged(s, "conv_op")[np.maximum(inner_op, 0)] & has_op
    walk = _walk_kernels(s, len(bounds), k_stretch, library, inner_op, conv, conv_op,
                         s["start_ns"].to_numpy()[lid[k_rows]])
    # channels-last layout in a graph with convolutions: one generated copy of each convolution's weight per call
    # (a graph's nodes estimated by its eager ops, all of them, nested ones included)
    ops_of = np.bincount(stretch[top_of[mine & is_op & (top_of >= 0)]].clip(-1) + 1, minlength=len(bounds) + 1)[1:]
    convs_of = walk.convs_of
    layout = np.where((convs_of > 0) & (ops_of < LAYOUT_NODES_PER_CONV * np.maximum(convs_of, 1)), convs_of, 0)
    # the layout as the convolutions' weights leave it, and the kernels Inductor makes of each run (.reductions)
    layout, made_of = rd.size_runs(trace, k_rows, inner_op, walk.runs, layout, walk.conv_ops)
    kernels_of = walk.kernels_of + layout
    # cuDNN's layout conversions go in every graph of a channels-last model: the backward's convolutions take the
    # layout the forward's saved activations have
    converted = library & tagged(g, "layout_kernel")[k_rows] & bool(layout.any())
    dur_l, act_l = g["dur_ns"].to_numpy()[k_rows].tolist(), g["activity_id"].to_numpy()[k_rows].tolist()
    new_gpu: dict[int, int] = {int(a): 0 for a, c in zip(act_l, converted.tolist()) if c}
    fused = int(layout.sum())
    k_stretch_l = k_stretch.tolist()
    for run, made in zip(walk.runs, made_of):  # its GPU time as long as its longest kernels
        keep = set(sorted(run, key=lambda j: -dur_l[j])[:made])
        new_gpu.update({act_l[j]: 0 for j in run if j not in keep})
        kernels_of[k_stretch_l[run[0]]] += made
        fused += made
    generated = {b: int(n) for b, n in zip(bounds, kernels_of - walk.library_calls)}
    convs = {b: int(n) for b, n in zip(bounds, walk.conv_calls)}
    new_host = _graph_ns(costs, costs.kernel_ms, generated, convs)
    steps_n = max(w.steps, 1)
    gpu_saved = float(sum(d for d, a in zip(dur_l, act_l) if a in new_gpu)) / 1e6
    return CompiledStep(
        steps=w.steps, graphs=len(bounds) / steps_n, eager_kernels=len(k_rows) / steps_n,
        library_kernels=float((library & ~converted).sum()) / steps_n,
        library_calls=float(walk.library_calls.sum()) / steps_n, fused_kernels=fused / steps_n,
        gpu_saved_ms=gpu_saved / steps_n, eager_host_ms=float(sum(b - a for a, b in bounds)) / 1e6 / steps_n,
        compiled_host_ms=float(sum(new_host.values()) + walk.library_ns.sum()) / 1e6 / steps_n, new_host=new_host,
        library_host={b: int(walk.library_ns[i]) for i, b in enumerate(bounds)}, new_gpu=new_gpu,
        removed=pd.DataFrame(bounds, columns=["start_ns", "end_ns"]), costs=costs,
        runs=tuple(tuple(int(k_rows[j]) for j in run) for run in walk.runs),
        ops=(top_ops := np.flatnonzero(top & ~has_block)), op_stretch=stretch[top_ops],
        generated=generated, conv_calls=convs,
        library_ops={b: walk.library_ops.get(i, []) for i, b in enumerate(bounds)})


def _graph_ns(costs: CompileCosts, kernel_ms: float, generated: dict, conv_calls: dict) -> dict:
    """Each stretch's host cost as a graph call, ns, without its library ops: half a forward+backward call's fixed
    cost, ``kernel_ms`` per generated kernel, a convolution's extern call's extra."""
    per_call = costs.call_ms / 2  # a forward or a backward graph
    return {b: int((per_call + generated[b] * kernel_ms + conv_calls[b] * costs.conv_ms) * 1e6) for b in generated}


def graph_host(step: CompiledStep, kernel_ms: float) -> dict:
    """:func:`_graph_ns` of ``step``'s stretches at another per-kernel cost (the band's ends)."""
    return _graph_ns(step.costs, kernel_ms, step.generated, step.conv_calls)



@dataclass(frozen=True)
class CompiledCpuStep:
    """The eager CPU steps as Inductor C++ graphs, per step: graph calls, eager top-level ops, library ops, the C++
    kernels the other ops fuse into, and their host ms (profiled, as the trace has them); means of the usual steps."""

    steps: int
    graphs: float
    eager_ops: float
    library_ops: float
    fused_kernels: float
    eager_ms: float  # the stretches' ms (ops and the Python between them)
    library_ms: float  # library ops' own ms: kept
    fused_ms: float  # the fused runs' ms: each kernel as long as one of its run's longest ops
    costs: CompileCosts


def compiled_cpu_step(trace: Trace, w: rp.Window, steps: list[rp.Window], costs: CompileCosts) -> CompiledCpuStep | None:
    """The compile model on a trace without a GPU: each stretch of a thread's top-level ops in a step (forward and
    backward apart: autograd's ``evaluate_function`` ops are the backward) becomes a graph call; a top-level op with a
    library op in it keeps its time; each run of other ops becomes 1 + its reductions C++ kernels, each as long as
    one of the run's longest ops (fusing saves the dispatch and the memory passes of the others)."""
    s = trace.slices
    n = len(s)
    if not n or len(trace.gpu):
        return None
    ops = _top_level_ops(trace, w)
    if ops is None:
        return None
    mine, is_op, top, top_of, outside = ops
    unsupported = is_op & mine & tagged(s, "dynamo_unsupported")  # nn.RNN/GRU/LSTM stay eager: Dynamo breaks there
    outside = outside.copy()
    outside[top_of[unsupported][top_of[unsupported] >= 0]] = True
    library_op = is_op & mine & tagged(s, "cpu_library_op")
    has_library = np.zeros(n, dtype=bool)
    has_library[top_of[library_op][top_of[library_op] >= 0]] = True
    backward = tagged(s, "autograd_evaluate")
    reduces = tagged(s, "cpu_reduction")
    starts, ends, tid, dur = s["start_ns"].to_numpy(), s["end_ns"].to_numpy(), s["tid"].to_numpy(), s["dur_ns"].to_numpy()
    edges = np.array(sorted({*(sw.end_ns for sw in steps)}), dtype=np.int64)
    order = np.flatnonzero(top)
    order = order[np.lexsort((starts[order], tid[order]))]
    stretches: list[list[int]] = []
    stretch_step: list[int] = []  # each stretch's step (its index in ``steps``)
    key = None
    for i in order:
        if outside[i]:
            key = None
            continue
        k = (tid[i], int(np.searchsorted(edges, starts[i], side="left")), bool(backward[i]))
        if k != key:
            stretches.append([])
            stretch_step.append(k[1])
            key = k
        stretches[-1].append(int(i))
    if not stretches:
        return None
    # each step's figures apart (graphs, ops, library ops, kernels, eager ns, library ns, fused ns), then the mean
    # of the usual steps: one step the scheduler preempted (a 160 ms op among 1 ms steps) does not move them
    per_step = np.zeros((len(edges) + 1, 7))
    for ops, step in zip(stretches, stretch_step):
        row = per_step[step]
        row[0] += 1
        row[1] += len(ops)
        row[4] += float(ends[ops[-1]] - starts[ops[0]])
        run: list[int] = []
        for i in [*ops, -1]:
            if i >= 0 and not has_library[i]:
                run.append(i)
                continue
            if run:  # the run ends: 1 + its reductions kernels, as long as its longest ops
                made = min(len(run), 1 + int(reduces[run].sum()))
                row[6] += float(np.sort(dur[run])[::-1][:made].sum())
                row[3] += made
                run = []
            if i >= 0:
                row[5] += float(dur[i])
                row[2] += 1
    usual = rp.usual_of(steps)
    m = per_step[:len(steps)][usual].mean(axis=0) if usual.any() else per_step.sum(axis=0) / max(w.steps, 1)
    return CompiledCpuStep(w.steps, float(m[0]), float(m[1]), float(m[2]), float(m[3]), m[4] / 1e6, m[5] / 1e6,
                           m[6] / 1e6, costs)

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
``benchmarks/advice_record.py`` checks each prediction against the measured result of making the change, case by
case (tests/data/advice_record.json, docs/advice/record.md).
"""

from __future__ import annotations

import dataclasses

from traceview.analysis.advice.blocking import host_blocking
from traceview.analysis.advice.compiled import compiled_entries
from traceview.analysis.advice.cpu import on_cpu
from traceview.analysis.advice.path import on_path
from traceview.analysis.advice.precision import batch_size_note, channels_last, cudnn_benchmark, precision
from traceview.analysis.advice.ranks import in_trace
from traceview.analysis.advice.record import Advice, CHECKED, REPLAY_MIN_SHARE, SHARE_KINDS
from traceview.trace import Trace
from traceview.trace.host import HostRecord
from traceview.trace import catalogue


def advise(trace: Trace, result, run_steps: int | None = None, host: HostRecord | None = None,
           unprofiled_step_ms: float | None = None, windows=None, harness_syncs: bool = False,
           unprofiled_loader_ms: float | None = None, torch_flags: dict | None = None) -> list[Advice]:
    """Every kind the trace has evidence for, largest saving first. ``result``: the Analysis so far;
    ``run_steps``: the run's step count (meta.json), to spread one-off costs over; ``host``: meta.json's cores
    and torch threads; ``unprofiled_step_ms``: the median step timed without the profiler (meta.json);
    ``harness_syncs``: a ``traceview run`` trace, whose steps end in the runner's own synchronize (not the user's
    to remove); ``unprofiled_loader_ms``: the median time per step in DataLoader.__next__ without the profiler."""
    steps_table = result.steps.steps
    if windows is not None and len(steps_table):  # the steady steps only (steady_steps())
        steps_table = steps_table[steps_table["slice_id"].isin(windows.slice_id).to_numpy()]
    found, n_steps, step_ms = on_path(trace, result, steps_table, windows, run_steps)
    if step_ms > 0:
        found += in_trace(trace, result, step_ms, n_steps)
    replayed = result.replay  # the process replayed and what blocked it (replay_window()), for both replayed models
    if replayed is not None:
        found += compiled_entries(trace, windows, unprofiled_step_ms, replayed=replayed, host=host)
    if not len(trace.gpu):
        found += on_cpu(trace, windows, unprofiled_step_ms, host, replayed, unprofiled_loader_ms)
    else:  # the numeric, cuDNN and memory-format wins (advice/precision.py)
        found += precision(trace, replayed, unprofiled_step_ms, torch_flags)
        found += [channels_last(trace, replayed, unprofiled_step_ms),
                  cudnn_benchmark(trace, replayed, unprofiled_step_ms, torch_flags)]
    if replayed is not None:
        found += [a for a in host_blocking(trace, windows, host, unprofiled_step_ms, replayed=replayed,
                                           unprofiled_loader_ms=unprofiled_loader_ms)
                  if not (harness_syncs and a.kind == "sync" and a.where is not None and catalogue.synchronize_call(a.where))]
    # every entry says how many steps it rests on
    found = [a if a is None or a.steps_used is not None else dataclasses.replace(a, steps_used=n_steps) for a in found]
    if unprofiled_step_ms:  # shares of the profiled step, in ms of a step without the profiler
        found = [_unprofiled(a, unprofiled_step_ms) if a is not None and a.scale == "profiled" and a.kind in SHARE_KINDS else a
                 for a in found]
    if len(trace.gpu):  # the GPU idles and no ranked change says why: a note on the batch
        ranked_share = sum(a.saving_pct for a in found if a is not None and a.ranked and a.saving_pct > 0)
        found.append(batch_size_note(replayed, ranked_share))
    found = _apart([a for a in found if a is not None])
    found = [dataclasses.replace(a, checked=CHECKED.get(a.kind)) if a is not None else None for a in found]
    # by share of the step (the replayed kinds give ms of a step without the profiler where it was timed); entries
    # with too little evidence after the ranked ones
    return sorted((a for a in found if a is not None), key=lambda a: (not a.ranked, -a.saving_pct))


def _apart(found: list[Advice]) -> list[Advice]:
    """Entries whose changes overlap, each saying what it shares: CUDA graphs include what compiling saves (the same
    graphs, replayed); bf16 autocast what TF32 saves (the same float32 matmuls, in a narrower type); a DataLoader change that also lowers torch's threads includes the threads entry's saving, and
    is then ranked by what the workers add beyond it (the loader's own wait), so the ranked shares never count one
    saving twice (:func:`~.record.step_sum`)."""
    by = {a.kind: a for a in found if a.ranked}
    out = []
    for a in found:
        if a.kind == "autocast" and "precision" in by:  # bf16 autocast covers the float32 matmuls TF32 would speed
            a = dataclasses.replace(a, shares_with="precision")
        elif a.kind == "cuda_graphs" and "compile" in by and "reduce-overhead" in a.how:
            a = dataclasses.replace(a, shares_with="compile", how=a.how + f"; it includes the {by['compile'].saving_pct:.0f}% "
                                    "compiling saves")
        elif a.kind == "input" and a.ranked and "threads" in by and "set_num_threads" in a.how:
            threads = by["threads"]
            beyond = max(a.saving_pct - threads.saving_pct, 0.0)
            scale = beyond / a.saving_pct if a.saving_pct > 0 else 0.0
            a = dataclasses.replace(
                a, saving_pct=beyond, saving_ms_per_step=a.saving_ms_per_step * scale,
                saving_ms_profiled=a.saving_ms_profiled * scale if a.saving_ms_profiled is not None else None,
                saving_range_ms=None, saving_band_pct=None, shares_with="threads", ranked=beyond >= 100 * REPLAY_MIN_SHARE,
                evidence=a.evidence + f"; with the threads change it would save {a.saving_pct:.0f}% of the step, "
                f"{threads.saving_pct:.0f}% of it the threads' own: the workers add {beyond:.0f}%")
        out.append(a)
    return out


def _unprofiled(a: Advice, step_ms: float) -> Advice:
    factor = (a.saving_pct / 100 * step_ms) / a.saving_ms_per_step if a.saving_ms_per_step else 0.0
    span = tuple(round(v * factor, 4) for v in a.saving_range_ms) if a.saving_range_ms else None
    return dataclasses.replace(a, saving_ms_per_step=a.saving_pct / 100 * step_ms, saving_ms_profiled=a.saving_ms_per_step,
                               saving_range_ms=span, scale="unprofiled")

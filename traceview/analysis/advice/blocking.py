"""The kinds where the host blocks or waits for its batch: ``input``, ``sync`` and ``pageable_copy``, each the steps
replayed with the change applied (:mod:`traceview.analysis.host.replay`); a pinned hand-over's return through the GIL
(:mod:`traceview.analysis.host.gil`)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd

from traceview.analysis.advice.loading import input_entry, loader_case
from traceview.analysis.advice.record import Advice, count, REPLAY_MIN_SHARE
from traceview.analysis.host import gil, replay as rp
from traceview.trace import Trace
from traceview.trace.host import HostRecord
from traceview.trace.counts import most_common
from traceview.trace.step_windows import step_windows


def replay_inputs(trace: Trace, windows) -> rp.ReplayWindow | None:
    """What the advice replays (:func:`~traceview.analysis.host.replay.replay_window`; None: no steps), where the
    analysis result does not hold it already."""
    return rp.replay_window(trace, step_windows(trace) if windows is None else windows)


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




def host_blocking(trace: Trace, windows, host: HostRecord | None, unprofiled_step_ms: float | None,
                  replayed: rp.ReplayWindow | None = None, unprofiled_loader_ms: float | None = None) -> list[Advice]:
    """``input``, ``sync`` and ``pageable_copy``: each change replayed on the steps (:mod:`.replay`); advised when it
    saves at least REPLAY_MIN_SHARE of the step. ``replayed``: :func:`replay_inputs`, when already known;
    ``unprofiled_loader_ms``: DataLoader.__next__'s time per step timed without the profiler (meta.json), else
    estimated from the trace less the profiler's cost per recorded event."""
    replayed = replay_inputs(trace, windows) if replayed is None else replayed
    if replayed is None:
        return []
    w, blocking, loader, steps, usual = replayed.window, replayed.blocking, replayed.loader, replayed.steps, replayed.usual
    if not len(blocking.calls) and not len(loader):
        return []  # nothing blocked the host and no DataLoader: nothing to replay
    launch_ms = float(trace.launches["dur_ns"].median()) / 1e6 if len(trace.launches) else 0.0

    def replay(cost: dict | None = None, removed: set[str] = frozenset()) -> tuple[float, list[float]]:
        return replayed.replay(trace, cost, removed)  # each step's: the usual ones only (a preempted step is left out)

    base, base_each = replay()
    actual = (w.end_ns - w.start_ns) / 1e6
    out: list[Advice | None] = []

    gpu = len(trace.gpu) > 0
    profiled_step = base / w.steps
    # the profiler's own cost per recorded host event, from the steps timed without it (meta.json): host time
    # the change removes is taken without it; none known (a bare trace): the profiled scale
    kappa = max(profiled_step - unprofiled_step_ms, 0.0) / max(replayed.host_events / w.steps, 1) if unprofiled_step_ms else 0.0
    real_step = unprofiled_step_ms or profiled_step

    def each_step(changed_each: list[float]) -> list[float]:
        """The change's saving (profiled ms) in each usual step of the replayed window."""
        return [max(b - c, 0.0) for b, c in zip(base_each, changed_each)]

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
        measured_load = unprofiled_loader_ms is not None and unprofiled_step_ms is not None
        if measured_load:  # timed without the profiler in the same steps as the step itself (meta.json)
            load = min(float(unprofiled_loader_ms), real_step)
        else:
            load = max(replayed.loader_ms - kappa * rp.host_events(trace, w, loader) / w.steps, 0.0)
        copied = blocking.by_cause["pageable_copy"]["bytes"].sum() / len(loader) if gpu and len(blocking.calls) else 0.0
        case = loader_case(replayed, trace, host, real_step, load, copied)
        ratio = load / replayed.loader_ms if replayed.loader_ms > 0 else 1.0  # each step's __next__ without the profiler's cost
        out.append(input_entry(case, replayed.loader_ms, profiled_step, w.steps, len(loader), replayed.batch_tensors,
                               float(copied), [ms * ratio for ms in replayed.loader_each], measured_load, kappa * 1e3))
    for cause, kind in (("sync", "sync"), ("pageable_copy", "pageable_copy")):
        calls = blocking.by_cause[cause]
        if not len(calls):
            continue
        pinned_here = len(loader) == 0 or not loader["multiprocess"].any()
        cost = {}
        for sid, nbytes in zip(calls["slice_id"], calls["bytes"]):
            extra = (rp.PIN_MS / rp.BATCH_TENSORS + (0 if np.isnan(nbytes) else rp.PIN_MS_PER_MB * nbytes / 1e6)) \
                if kind == "pageable_copy" and pinned_here else 0.0
            cost[int(sid)] = int((launch_ms + extra) * 1e6)
        if kind == "pageable_copy" and len(loader) and loader["multiprocess"].all():
            # pin_memory=True: the pin-memory thread receives the workers' batches; __next__ takes them from it
            cost.update(dict.fromkeys(loader["slice_id"].astype(int), int(rp.PINNED_NEXT_MS * 1e6)))
        changed, changed_each = replay(cost, removed={cause})
        wait = calls["wait_ns"].sum() / 1e6 / w.steps
        where = most_common(calls["where"])
        top = ", ".join(f"{n} x{count(c / w.steps)}" for n, c in where.head(3).items())
        if kind == "sync":
            how = ("keep the values on the device (accumulate losses and metrics in tensors) and read them every N steps; "
                   "no .item()/.cpu()/.tolist()/print of a CUDA tensor in the step")
            what = "synchronisation(s)"
        else:
            how = "DataLoader(..., pin_memory=True) and .to(device, non_blocking=True) for the batch"
            what = "copy(ies) from pageable memory"
        removed = calls if kind != "pageable_copy" or not len(loader) or not loader["multiprocess"].all() else pd.concat([calls, loader])
        n_calls = int(calls["bytes"].notna().sum()) if kind == "pageable_copy" else len(calls)
        handover = kind == "pageable_copy" and len(loader) and loader["multiprocess"].all()
        handed_prof = float((loader["end_ns"] - loader["start_ns"]).sum()) / 1e6 / w.steps if len(loader) else 0.0
        low_share = None
        if handover:  # the hand-over moves to the pin-memory thread, whose Python contends for the interpreter
            handed = set(loader["slice_id"].astype(int).tolist())
            copy_cost = {k: v for k, v in cost.items() if k not in handed}
            low_prof = max(base - replay(copy_cost, removed={cause})[0], 0.0) / w.steps
            low_share = 100 * max(low_prof - kappa * rp.host_events(trace, w, calls) / w.steps, 0.0) / real_step \
                if real_step > 0 else 0.0
        made = entry(kind, changed,
                         f"{count(n_calls / w.steps)} {what} per step ({top}) block the host {wait:.2f} ms per step "
                         "waiting for the GPU, which then waits for the host's next launches"
                         + (f"; the training process takes each batch from the workers itself ({float((loader['end_ns'] - loader['start_ns']).sum()) / 1e6 / w.steps:.2f} "
                            "ms per step in __next__), which pin_memory=True hands to the pin-memory thread" if handover else ""),
                         how,
                         "the other calls that block stay and wait for the replayed GPU; each removed call still costs "
                         f"a launch ({launch_ms * 1e3:.1f} µs)" + (f", and pinning the batch in the training process "
                                                                   f"({rp.PIN_MS / rp.BATCH_TENSORS:g} ms per copy + {rp.PIN_MS_PER_MB} ms/MB: benchmarks/micro_pin_loop.py)" if kind == "pageable_copy" and pinned_here else ""),
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
            short = HELD_MS + HELD_MS_PER_TENSOR * max(replayed.batch_tensors - rp.BATCH_TENSORS, 0.0)
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

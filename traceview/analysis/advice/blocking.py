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
    if replayed is None or (not len(replayed.blocking.calls) and not len(replayed.loader)):
        return []  # no steps, or nothing blocked the host and no DataLoader: nothing to replay
    r = _Replayed(trace, replayed, host, unprofiled_step_ms, unprofiled_loader_ms)
    out = [r.input_advice()] + [r.blocking_advice(cause) for cause in ("sync", "pageable_copy")]
    return [a for a in out if a is not None]


_HOW = {"sync": ("keep the values on the device (accumulate losses and metrics in tensors) and read them every N steps; "
                 "no .item()/.cpu()/.tolist()/print of a CUDA tensor in the step", "synchronisation(s)"),
        "pageable_copy": ("DataLoader(..., pin_memory=True) and .to(device, non_blocking=True) for the batch",
                          "copy(ies) from pageable memory")}


class _Replayed:
    """The replayed window and what every kind's saving is scaled by: the replay without any change (``base``), the
    profiler's cost per recorded host event (``kappa``, from the steps timed without it in meta.json; none known: the
    profiled scale) and the step without the profiler (``real_step``)."""

    def __init__(self, trace: Trace, replayed: rp.ReplayWindow, host: HostRecord | None,
                 unprofiled_step_ms: float | None, unprofiled_loader_ms: float | None):
        self.trace, self.replayed, self.host = trace, replayed, host
        self.unprofiled_step_ms, self.unprofiled_loader_ms = unprofiled_step_ms, unprofiled_loader_ms
        self.w, self.loader, self.blocking = replayed.window, replayed.loader, replayed.blocking
        self.launch_ms = float(trace.launches["dur_ns"].median()) / 1e6 if len(trace.launches) else 0.0
        self.base, self.base_each = self.replay()
        self.actual = (self.w.end_ns - self.w.start_ns) / 1e6
        self.profiled_step = self.base / self.w.steps
        self.kappa = (max(self.profiled_step - unprofiled_step_ms, 0.0) / max(replayed.host_events / self.w.steps, 1)
                      if unprofiled_step_ms else 0.0)
        self.real_step = unprofiled_step_ms or self.profiled_step

    def replay(self, cost: dict | None = None, removed: set[str] = frozenset()) -> tuple[float, list[float]]:
        """The window replayed with ``cost`` (slice id -> ns) and the ``removed`` causes: the usual steps' total ms
        and each one's (a preempted step is left out)."""
        return self.replayed.replay(self.trace, cost, removed)

    def events_ms(self, calls: pd.DataFrame) -> float:
        """The profiler's cost per step of the host events under ``calls``."""
        return self.kappa * rp.host_events(self.trace, self.w, calls) / self.w.steps

    def entry(self, kind, changed, changed_each, evidence, how, assumptions, where, removed, profiler_ms=None):
        """A replayed change: its saving on the profiled scale, less the profiler's cost of the host events it
        removes (``profiler_ms`` per step where known, else per recorded event), as a share of the step without the
        profiler; its range over the steps replayed one by one."""
        steps = self.w.steps
        saving_prof = max(self.base - changed, 0.0) / steps
        saving = max(saving_prof - (self.events_ms(removed) if profiler_ms is None else profiler_ms), 0.0)
        share = saving / self.real_step if self.real_step > 0 else 0.0
        if share < REPLAY_MIN_SHARE:
            return None
        per_step = [max(b - c, 0.0) for b, c in zip(self.base_each, changed_each)]
        scale = saving / saving_prof if saving_prof > 0 else 1.0  # the same profiler correction for each step
        span = (round(min(per_step) * scale, 4), round(max(per_step) * scale, 4)) if per_step else None
        return Advice(kind, float(saving), float(100 * share), evidence, how,
                      assumptions + f"; replayed, the profiled steps take {self.base:.2f} ms without the change (the "
                      f"trace: {self.actual:.2f} ms)"
                      + (f"; the profiler's {self.kappa * 1e3:.1f} µs per recorded event taken out" if self.kappa else ""),
                      where=where, steps_used=steps, saving_ms_profiled=float(saving_prof),
                      scale="unprofiled" if self.unprofiled_step_ms else "profiled", saving_range_ms=span)

    def input_advice(self) -> Advice | None:
        """``input``: a DataLoader loading in the training process (:func:`~.loading.loader_case`)."""
        r, loader = self.replayed, self.loader
        if not len(loader) or loader["multiprocess"].any():
            return None
        measured_load = self.unprofiled_loader_ms is not None and self.unprofiled_step_ms is not None
        if measured_load:  # timed without the profiler in the same steps as the step itself (meta.json)
            load = min(float(self.unprofiled_loader_ms), self.real_step)
        else:
            load = max(r.loader_ms - self.events_ms(loader), 0.0)
        gpu = len(self.trace.gpu) > 0
        copied = self.blocking.by_cause["pageable_copy"]["bytes"].sum() / len(loader) \
            if gpu and len(self.blocking.calls) else 0.0
        case = loader_case(r, self.trace, self.host, self.real_step, load, copied)
        ratio = load / r.loader_ms if r.loader_ms > 0 else 1.0  # each step's __next__ without the profiler's cost
        return input_entry(case, r.loader_ms, self.profiled_step, self.w.steps, len(loader), r.batch_tensors,
                           float(copied), [ms * ratio for ms in r.loader_each], measured_load, self.kappa * 1e3)

    def blocking_advice(self, kind: str) -> Advice | None:
        """``sync`` or ``pageable_copy``: the calls of that cause no longer wait for the GPU (each still costs a
        launch; a pageable copy also pins its batch, or pin_memory=True hands the batch to the pin-memory thread)."""
        calls, loader, steps = self.blocking.by_cause[kind], self.loader, self.w.steps
        if not len(calls):
            return None
        pinned_here = len(loader) == 0 or not loader["multiprocess"].any()
        handover = kind == "pageable_copy" and len(loader) > 0 and bool(loader["multiprocess"].all())
        cost = {}
        for sid, nbytes in zip(calls["slice_id"], calls["bytes"]):
            extra = (rp.PIN_MS / rp.BATCH_TENSORS + (0 if np.isnan(nbytes) else rp.PIN_MS_PER_MB * nbytes / 1e6)) \
                if kind == "pageable_copy" and pinned_here else 0.0
            cost[int(sid)] = int((self.launch_ms + extra) * 1e6)
        if handover:  # pin_memory=True: the pin-memory thread receives the workers' batches; __next__ takes them
            copy_cost = dict(cost)
            cost.update(dict.fromkeys(loader["slice_id"].astype(int), int(rp.PINNED_NEXT_MS * 1e6)))
        changed, changed_each = self.replay(cost, removed={kind})
        where = most_common(calls["where"])
        top = ", ".join(f"{n} x{count(c / steps)}" for n, c in where.head(3).items())
        how, what = _HOW[kind]
        n_calls = int(calls["bytes"].notna().sum()) if kind == "pageable_copy" else len(calls)
        handed_prof = float((loader["end_ns"] - loader["start_ns"]).sum()) / 1e6 / steps if len(loader) else 0.0
        evidence = (f"{count(n_calls / steps)} {what} per step ({top}) block the host "
                    f"{calls['wait_ns'].sum() / 1e6 / steps:.2f} ms per step waiting for the GPU, which then waits for "
                    "the host's next launches")
        if handover:
            evidence += (f"; the training process takes each batch from the workers itself ({handed_prof:.2f} ms per "
                         "step in __next__), which pin_memory=True hands to the pin-memory thread")
        assumptions = ("the other calls that block stay and wait for the replayed GPU; each removed call still costs "
                       f"a launch ({self.launch_ms * 1e3:.1f} µs)")
        if kind == "pageable_copy" and pinned_here:
            assumptions += (f", and pinning the batch in the training process ({rp.PIN_MS / rp.BATCH_TENSORS:g} ms per "
                            f"copy + {rp.PIN_MS_PER_MB} ms/MB: benchmarks/micro_pin_loop.py)")
        measured = handover and self.unprofiled_loader_ms is not None and bool(self.unprofiled_step_ms)
        made = self.entry(kind, changed, changed_each, evidence, how, assumptions, str(where.index[0]),
                          pd.concat([calls, loader]) if handover else calls,
                          profiler_ms=self.events_ms(calls) + max(handed_prof - float(self.unprofiled_loader_ms), 0.0)
                          if measured else None)
        if made is None or not handover:
            return made
        # the hand-over moves to the pin-memory thread, whose Python contends for the interpreter
        low_prof = max(self.base - self.replay(copy_cost, removed={kind})[0], 0.0) / steps
        low_share = 100 * max(low_prof - self.events_ms(calls), 0.0) / self.real_step if self.real_step > 0 else 0.0
        return self.gil_band(made, calls, low_share, handed_prof)

    def gil_band(self, made: Advice, calls: pd.DataFrame, low_share: float, handed_prof: float) -> Advice | None:
        """pin_memory=True's saving between all of the hand-over coming back as the training thread's waits for the
        GIL (``low_share``) and none of it; the point: the part that comes back, from the step's own GIL
        (analysis/host/gil.py) and the pin-memory thread's holds (benchmarks/micro_gil.py); never a loss (the copy's
        own saving stays), and the band says how sure it is."""
        loader, w, replayed = self.loader, self.w, self.replayed
        band = (round(min(low_share, made.saving_pct), 2), round(made.saving_pct, 2))
        batches = len(loader) / w.steps
        mb = float(calls["bytes"].sum()) / max(len(loader), 1) / 1e6
        short = HELD_MS + HELD_MS_PER_TENSOR * max(replayed.batch_tensors - rp.BATCH_TENSORS, 0.0)
        held = batches * (short + HELD_MS_PER_MB * mb)
        handed = float(self.unprofiled_loader_ms) if self.unprofiled_loader_ms is not None and self.unprofiled_step_ms \
            else max(handed_prof - self.events_ms(loader), 0.0)
        holds = [*HOLD_US, 1e3 * HELD_MS_PER_MB * mb]  # the short holds, and the batch-sized one
        weights = [short / len(HOLD_US)] * len(HOLD_US) + [HELD_MS_PER_MB * mb]
        usual = [(sw.start_ns, sw.end_ns) for sw, u in zip(replayed.steps, replayed.usual) if u]
        returns = gil.hold_returns(self.trace, w.rank, w.pid, usual or [(sw.start_ns, sw.end_ns) for sw in replayed.steps],
                                   holds, weights, list(zip(calls["start_ns"], calls["end_ns"])),
                                   list(zip(loader["start_ns"], loader["end_ns"])))
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
        return made if point / 100 >= REPLAY_MIN_SHARE else None

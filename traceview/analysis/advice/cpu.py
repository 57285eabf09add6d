"""The kinds of a CPU-only trace beside ``compile`` and ``input``: ``fused_optimizer`` on a CPU, and ``threads``
(:mod:`.loading` models it)."""

from __future__ import annotations

from typing import Final

import numpy as np
import pandas as pd

from traceview.analysis.advice.loading import threads_entry
from traceview.analysis.advice.record import Advice, REPLAY_MIN_SHARE
from traceview.analysis.host import replay as rp
from traceview.trace import Trace
from traceview.trace.host import HostRecord
from traceview.trace.catalogue import tagged
from traceview.trace.step_windows import step_windows


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
    mine = rp.in_window(trace, w, overlapping=True)
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


def on_cpu(trace: Trace, windows, unprofiled_step_ms: float | None, host: HostRecord | None,
           replayed: rp.ReplayWindow | None = None, unprofiled_loader_ms: float | None = None) -> list[Advice | None]:
    """The kinds of a trace without GPU work beside ``compile`` and ``input``: ``fused_optimizer`` and ``threads``
    (the step less its DataLoader batches, at the threads that fit: :mod:`.loading`)."""
    threads = None
    if host is not None and host.ran_oversubscribed:
        w = replayed.window if replayed is not None else None
        profiled = (w.end_ns - w.start_ns) / 1e6 / w.steps if w is not None and w.steps else None
        real_step = unprofiled_step_ms or profiled
        load = (unprofiled_loader_ms if unprofiled_loader_ms is not None and unprofiled_step_ms
                else replayed.loader_ms if replayed is not None else 0.0)
        threads = threads_entry(host, real_step, min(load, real_step or 0.0), w.steps if w is not None else None,
                                "unprofiled" if unprofiled_step_ms else "profiled", profiled)
    return [fused_optimizer_cpu(trace, windows, unprofiled_step_ms), threads]

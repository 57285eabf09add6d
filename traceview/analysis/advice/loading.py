"""``input``: the DataLoader makes each batch in the training process; with workers it would make them while the
step runs. ``threads``: torch's intra-op threads do not fit the cores other processes leave free.

The ``input`` model, per step on the scale of a step without the profiler (``load``: the time in
``DataLoader.__next__``; ``rest``: the rest of the step)::

    new step = max(rest' + batches x hand-over,      the step's own work, plus taking each batch from a worker
                   load / workers,                   each worker makes its share of the batches
                   GPU time,                         the GPU's own work
                   (load + rest' x threads') / free) all the CPU work over the cores other processes leave free

``workers`` is what ``traceview try --change num_workers`` uses (:func:`~traceview.trace.host.default_workers`: half
the usable cores, 2 to 8). On a GPU ``rest' = rest``. On a CPU the workers need cores of their own, so torch's
threads drop to the cores they leave (``threads'``, as ``try`` sets them): the step's compute at ``threads'``
instead of ``threads`` takes ``(threads / threads')`` times as long (linear: a bound; :data:`THREADS_ALPHA` the
measured scaling, the other end of the band) — unless torch's threads were oversubscribed (meta.json's host: other
processes kept cores busy): then the compute at the threads that fit runs :data:`OVERSUBSCRIBED_SLOWDOWN` times
faster than it did, before that scaling.

``threads`` on an oversubscribed CPU: the rest of the step at the threads that fit, ``rest / OVERSUBSCRIBED_SLOWDOWN``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from traceview.analysis.advice.record import Advice, REPLAY_MIN_SHARE, count
from traceview.analysis.host import replay as rp
from traceview.trace.host import HostRecord, default_workers, threads_beside

#: A CPU step at T' intra-op threads instead of T takes (T / T')^alpha as long: benchmarks/micro_threads.py on a
#: transformer encoder layer and a conv net (none of the scored loops), 2 threads to 1 on the 2-core host: x1.57-1.86,
#: alpha 0.71-0.77 (two runs). The point predicts with alpha 1 (a bound) and the band's other end with this.
THREADS_ALPHA: Final[float] = 0.74

#: A CPU training step at all the cores' threads while other processes keep cores busy takes this many times as long as
#: at the threads that fit the cores left free: benchmarks/micro_oversubscribed.py (a transformer encoder layer and a
#: conv net, none of the scored scripts; 2 threads against 1 beside one spinning process on the 2-core host, 80 steps
#: per arm alternating in one process): encoder x2.23, conv x1.67, their median
#: (benchmarks/results/micro_oversubscribed-2026-12-07-cpu.json; a first run of 64 steps per arm: x2.20 and x1.27).
OVERSUBSCRIBED_SLOWDOWN: Final[float] = 1.95


@dataclass(frozen=True)
class LoaderCase:
    """What the ``input`` model reads of one replayed window, on the scale of a step without the profiler."""

    real_step: float  # ms per step
    load: float  # ms per step in DataLoader.__next__
    batches: float  # batches per step
    fetch: float  # ms to take one batch from a worker
    gpu_ms: float  # GPU time per step (0 on a CPU)
    gpu: bool
    host: HostRecord | None

    @property
    def workers(self) -> int:
        return default_workers(self.host.usable_cores if self.host is not None else None)

    @property
    def threads(self) -> int:
        return (self.host.threads_ran if self.host is not None else None) or 1

    @property
    def new_threads(self) -> int:
        """torch's threads beside the workers (a CPU: the cores they leave, as ``try`` sets them)."""
        if self.gpu:
            return self.threads
        return threads_beside(self.host.usable_cores if self.host is not None else None, self.threads, self.workers)

    @property
    def oversubscribed(self) -> bool:
        return not self.gpu and self.host is not None and self.host.ran_oversubscribed

    def compute_after(self, rest: float, alpha: float = 1.0) -> float:
        """The step's own work at ``new_threads``, from ``rest`` at ``threads``."""
        if self.gpu:
            return rest
        threads, new = self.threads, self.new_threads
        if self.oversubscribed and self.host is not None and new <= (self.host.fair_threads or 1):
            rest, threads = rest / OVERSUBSCRIBED_SLOWDOWN, (self.host.fair_threads or 1)
        return rest * (threads / new) ** alpha if new < threads else rest

    def new_step(self, load: float | None = None, alpha: float = 1.0) -> float:
        load = self.load if load is None else load
        rest = max(self.real_step - load, 0.0)
        rest_new = self.compute_after(rest, alpha)
        free = (self.host.free_cores if self.host is not None else None) or 0.0
        demand = (load + rest_new * (1 if self.gpu else self.new_threads)) / free if free else 0.0
        return max(rest_new + self.batches * self.fetch, load / self.workers, self.gpu_ms, demand)

    def share(self, load: float | None = None, alpha: float = 1.0) -> float:
        return 1 - self.new_step(load, alpha) / self.real_step if self.real_step > 0 else 0.0


def input_entry(case: LoaderCase, loader_ms_profiled: float, profiled_step: float, steps: int, n_batches: int,
                tensors: float, copied: float, each_load: list[float], measured_load: bool, kappa_us: float) -> Advice:
    """The ``input`` entry: ranked where it saves REPLAY_MIN_SHARE of the step, else a note saying why not."""
    share = case.share()
    fewer = case.new_threads < case.threads
    each = [case.share(ms) for ms in each_load] or [share]
    how = (f"DataLoader(num_workers={case.workers}, persistent_workers=True" + (", pin_memory=True)" if case.gpu else ")")
           + (f" and torch.set_num_threads({case.new_threads})" if fewer else "")
           + ": batches are made while the step runs" + (", the workers on cores of their own" if fewer else ""))
    timed = (f"{case.load:.2f} ms of a {case.real_step:.2f} ms step timed without the profiler" if measured_load else
             f"{case.load:.2f} ms of a {case.real_step:.2f} ms step")
    evidence = (f"the DataLoader makes each batch in the training process: {loader_ms_profiled:.2f} ms of each "
                f"{profiled_step:.2f} ms profiled step in __next__ ({n_batches} batches in {steps} steps; {timed})")
    cores = case.host.usable_cores if case.host is not None else None
    assumptions = (f"{case.workers} worker(s) (as traceview try --change num_workers) on {cores or 'unknown'} usable cores; "
                   f"taking a batch of {count(tensors)} tensor(s)" + (f" ({copied / 1e6:.2f} MB copied to the GPU)" if copied else "")
                   + f" from a worker costs {case.fetch:.2f} ms (benchmarks/micro_host.py); the step cannot be shorter than "
                   f"the batches each worker makes, its GPU time ({case.gpu_ms:.2f} ms), nor all the CPU work over the "
                   "cores other processes leave free")
    if case.oversubscribed:
        assumptions += (f"; torch's {case.threads} threads were oversubscribed (other processes kept "
                        f"{case.host.other_busy_cores or 0:.1f} cores busy): at the threads that fit, the step's compute "
                        f"runs {OVERSUBSCRIBED_SLOWDOWN:g}x faster (benchmarks/micro_oversubscribed.py)")
    if fewer:
        assumptions += (f"; at {case.new_threads} intra-op thread(s) the compute is taken as linearly slower (a bound); at "
                        f"the scaling benchmarks/micro_threads.py measured ((T/T')^{THREADS_ALPHA}) the saving would be "
                        f"{100 * case.share(alpha=THREADS_ALPHA):.0f}%")
    assumptions += ("; __next__ timed without the profiler (meta.json)" if measured_load else
                    f"; the profiler's {kappa_us:.1f} µs per recorded event taken out" if kappa_us else "")
    if share < REPLAY_MIN_SHARE:
        return Advice("input", 0.0, 0.0, evidence + f": not advised: with {case.workers} worker(s) the step would take "
                      f"{case.new_step():.2f} ms against {case.real_step:.2f} now ({why_not(case)})", how, assumptions,
                      where="DataLoader.__next__", steps_used=steps, ranked=False)
    return Advice("input", float(share * case.real_step), float(100 * share), evidence, how, assumptions,
                  where="DataLoader.__next__", steps_used=steps, saving_ms_profiled=float(share * profiled_step),
                  scale="unprofiled" if measured_load or case.real_step != profiled_step else "profiled",
                  saving_range_ms=(round(max(min(each), 0.0) * case.real_step, 4), round(max(each) * case.real_step, 4)),
                  saving_band_pct=(round(100 * share, 2), round(100 * max(case.share(alpha=THREADS_ALPHA), share), 2))
                  if fewer else None)


def why_not(case: LoaderCase) -> str:
    """Which bound keeps the step from getting shorter with workers."""
    rest = max(case.real_step - case.load, 0.0)
    rest_new = case.compute_after(rest)
    bounds = {f"the step's own work becomes {rest_new + case.batches * case.fetch:.2f} ms"
              + (f" at {case.new_threads} thread(s)" if case.new_threads < case.threads else ""): rest_new + case.batches * case.fetch,
              f"each worker makes {case.load / case.workers:.2f} ms of batches": case.load / case.workers,
              f"the GPU's {case.gpu_ms:.2f} ms": case.gpu_ms}
    return max(bounds, key=bounds.get)


def threads_entry(host: HostRecord | None, real_step: float | None, load: float, steps: int | None,
                  scale: str, profiled_step: float | None = None) -> Advice | None:
    """``threads`` where torch's threads were oversubscribed: ranked, the rest of the step (all but the DataLoader's
    batches) at the threads that fit, :data:`OVERSUBSCRIBED_SLOWDOWN` times faster; a note without a step to scale."""
    if host is None or not host.ran_oversubscribed:
        return None
    threads, cores, busy = host.threads_ran, host.usable_cores, host.other_busy_cores
    fair = host.fair_threads or 1
    others = f" while other processes kept {busy:.1f} of them busy" if busy else ""
    evidence = (f"torch ran {threads} intra-op threads on {cores} usable cores{others}: parallel CPU ops wait for threads "
                "the scheduler put aside, and this trace's CPU times include those waits")
    how = (f"torch.set_num_threads({fair}) (or OMP_NUM_THREADS={fair}), or stop what else runs on these cores; "
           f"traceview try --change threads --threads {fair} measures it")
    assumptions = ("the load was measured over 0.3 s before the script started (/proc/stat); it may have changed since; "
                   f"at {fair} thread(s) the step's compute runs {OVERSUBSCRIBED_SLOWDOWN:g}x faster "
                   "(benchmarks/micro_oversubscribed.py: 2 threads against 1 beside one busy process on a 2-core host: "
                   "x1.67 to x2.23 by model)")
    if not real_step or not threads or threads <= fair:
        return Advice("threads", 0.0, 0.0, evidence, how, assumptions, ranked=False)
    rest = max(real_step - load, 0.0)
    saving = rest * (1 - 1 / OVERSUBSCRIBED_SLOWDOWN)
    share = saving / real_step
    if share < REPLAY_MIN_SHARE:
        return None
    return Advice("threads", float(saving), float(100 * share), evidence + f"; {rest:.2f} ms of each {real_step:.2f} ms "
                  "step is the training process's own work", how, assumptions, steps_used=steps, scale=scale,
                  saving_ms_profiled=float(share * (profiled_step or real_step)))


def loader_case(replayed: rp.ReplayWindow, trace, host: HostRecord | None, real_step: float, load: float,
                copied: float) -> LoaderCase:
    """The input model's figures of a replayed window."""
    w, loader = replayed.window, replayed.loader
    gpu = len(trace.gpu) > 0
    return LoaderCase(real_step=real_step, load=load, batches=len(loader) / w.steps,
                      fetch=rp.fetch_ms("gpu" if gpu else "cpu", replayed.batch_tensors, float(copied)),
                      gpu_ms=replayed.gpu_ms / w.steps, gpu=gpu, host=host)

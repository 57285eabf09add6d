"""Is this process's CPU shared? torch's intra-op threads against the usable cores and what other processes keep busy.

An OpenMP parallel region waits for its slowest thread: with more threads than free cores, a thread the scheduler
has put aside holds every small parallel op up for a time slice (on 2 cores with both busy elsewhere, an Inductor C++
kernel of a few microseconds took 6.8 ms). Timings of CPU work are then the scheduler's, not the code's.
:func:`measure` reads the usable cores' busy time from ``/proc/stat`` over a short interval, less this process's own
(``/proc/self/stat``), so the other processes' load is known before the timed work starts.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Final

from traceview.trace.host import HostRecord

#: Other processes keeping at least this many cores busy count as load.
BUSY_MIN: Final[float] = 0.5


@dataclass(frozen=True)
class CpuShare:
    """torch's intra-op ``threads``, the ``usable_cores`` (affinity), the cores ``other_busy`` kept busy by other
    processes while it was measured (None: not measurable here), and the thread count that fits the rest."""

    threads: int
    usable_cores: int
    other_busy: float | None

    @property
    def oversubscribed(self) -> bool:
        if self.threads > self.usable_cores:
            return True
        busy = self.other_busy or 0.0
        return self.threads > 1 and busy >= BUSY_MIN and self.threads + busy > self.usable_cores + 0.25

    @property
    def fair_threads(self) -> int:
        """The intra-op threads that fit the cores the other processes leave free (at least 1)."""
        free = self.usable_cores - (self.other_busy or 0.0)
        return max(1, min(self.threads, int(free + 0.25)))

    def line(self) -> str | None:
        """One line saying so when the threads do not fit (None when they do)."""
        if not self.oversubscribed:
            return None
        others = f" while other processes kept {self.other_busy:.1f} of them busy" if (self.other_busy or 0) >= BUSY_MIN else ""
        return (f"torch runs {self.threads} intra-op threads on {self.usable_cores} usable cores{others}: parallel CPU ops "
                "wait for threads the scheduler put aside, so CPU timings are distorted (set OMP_NUM_THREADS="
                f"{self.fair_threads}, or torch.set_num_threads({self.fair_threads}))")



def record(share: CpuShare | None, threads: int | None = None, usable_cores: int | None = None,
           threads_used: int | None = None) -> HostRecord:
    """meta.json's ``host`` (:class:`~traceview.trace.host.HostRecord`, its one schema) of this process: ``share``
    measured before the work started (None: not measured), torch's ``threads`` and the ``usable_cores`` (default:
    the share's)."""
    return HostRecord(cpu_count=os.cpu_count(), usable_cores=usable_cores if usable_cores is not None else
                      (share.usable_cores if share is not None else None),
                      torch_threads=threads if threads is not None else (share.threads if share is not None else None),
                      other_busy_cores=share.other_busy if share is not None else None,
                      oversubscribed=share.oversubscribed if share is not None else False,
                      fair_threads=share.fair_threads if share is not None else None, threads_used=threads_used)


def _cores() -> list[int] | None:
    return sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None


def _busy_ticks(cores: list[int]) -> int | None:
    """Busy clock ticks (all but idle and iowait) of ``cores`` since boot, from /proc/stat."""
    try:
        with open("/proc/stat") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    wanted = {f"cpu{c}" for c in cores}
    total = 0
    found = 0
    for line in lines:
        parts = line.split()
        if parts and parts[0] in wanted:
            v = [int(x) for x in parts[1:]]
            total += sum(v[:8]) - v[3] - (v[4] if len(v) > 4 else 0)  # user nice system [idle] [iowait] irq softirq steal
            found += 1
    return total if found else None


def _own_ticks() -> int | None:
    """This process's CPU ticks (user + system, all its threads), from /proc/self/stat."""
    try:
        with open("/proc/self/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of the whole line)


def measure(threads: int | None = None, seconds: float = 0.3) -> CpuShare:
    """The CPU share of this process now: torch's threads (``threads``, else torch.get_num_threads()), the usable
    cores, and the other processes' busy cores over ``seconds`` (None where /proc is not readable)."""
    if threads is None:
        import torch

        threads = torch.get_num_threads()
    cores = _cores()
    usable = len(cores) if cores else (os.cpu_count() or 1)
    other = None
    if cores:
        a, own_a, t0 = _busy_ticks(cores), _own_ticks(), time.perf_counter()
        time.sleep(seconds)
        b, own_b, t1 = _busy_ticks(cores), _own_ticks(), time.perf_counter()
        if None not in (a, b, own_a, own_b):
            hz = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
            other = max(0.0, ((b - a) - (own_b - own_a)) / hz / max(t1 - t0, 1e-6))
            other = round(min(other, float(usable)), 2)
    return CpuShare(int(threads), int(usable), other)

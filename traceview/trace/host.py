"""The host a run was captured on, as meta.json's ``host`` record holds it: one schema, written by ``run`` and
``profile`` and read by the advice.

    {"cpu_count": 2, "usable_cores": 2, "torch_threads": 2, "other_busy_cores": 1.0,
     "oversubscribed": true, "fair_threads": 1, "threads_used": 1, "calibration": {...}}

``usable_cores``: the cores this process may run on (its affinity); ``torch_threads``: torch's intra-op threads when
the script started; ``other_busy_cores``: the cores other processes kept busy, measured over 0.3 s before it
(/proc/stat; null where it cannot be read); ``oversubscribed``: torch's threads did not fit the cores left free;
``fair_threads``: the thread count that fits them; ``threads_used``: the threads ``run`` measured with (it drops to
``fair_threads`` on an oversubscribed CPU); ``calibration``: ``profile --calibrate``'s timings.

Run directories written before this schema used ``threads`` and ``other_busy`` (``run``): :meth:`HostRecord.of`
reads those too.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

def default_workers(usable_cores: int | None) -> int:
    """DataLoader workers a change gives a loop that makes its batches in the training process: half the usable cores,
    at least 2, at most 8. ``traceview try --change num_workers`` and the ``input`` advice both use it."""
    return max(2, min(8, (usable_cores or 4) // 2))


def threads_beside(usable_cores: int | None, torch_threads: int, workers: int) -> int:
    """torch's intra-op threads beside ``workers`` DataLoader workers on a CPU: the cores the workers leave (at least
    1) where the workers and the threads would not fit the usable cores, else as they are."""
    if not usable_cores or torch_threads + workers <= usable_cores:
        return torch_threads
    return max(1, min(torch_threads, usable_cores - workers))


#: Keys earlier ``run`` directories wrote, and the ones they mean.
_OLD_KEYS = {"threads": "torch_threads", "other_busy": "other_busy_cores"}


@dataclass(frozen=True)
class HostRecord:
    """meta.json's ``host`` (see the module docstring); every field None where the run did not record it."""

    cpu_count: int | None = None
    usable_cores: int | None = None
    torch_threads: int | None = None
    other_busy_cores: float | None = None
    oversubscribed: bool = False
    fair_threads: int | None = None
    threads_used: int | None = None
    calibration: dict[str, Any] | None = field(default=None, compare=False)

    @classmethod
    def of(cls, record: Any) -> "HostRecord | None":
        """meta.json's ``host`` value as a record (None for anything but a dict); older keys read as their new names,
        values of the wrong type as missing."""
        if not isinstance(record, dict):
            return None
        data = {_OLD_KEYS.get(k, k): v for k, v in record.items() if k not in _OLD_KEYS or _OLD_KEYS[k] not in record}

        def number(key: str, kind: type):
            v = data.get(key)
            return kind(v) if isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 else None

        calibration = data.get("calibration")
        return cls(cpu_count=number("cpu_count", int), usable_cores=number("usable_cores", int),
                   torch_threads=number("torch_threads", int), other_busy_cores=number("other_busy_cores", float),
                   oversubscribed=data.get("oversubscribed") is True, fair_threads=number("fair_threads", int),
                   threads_used=number("threads_used", int),
                   calibration=calibration if isinstance(calibration, dict) else None)

    @property
    def threads_ran(self) -> int | None:
        """The intra-op threads the profiled work ran on: ``run`` drops to ``threads_used``, a script keeps its own."""
        return self.threads_used or self.torch_threads

    @property
    def ran_oversubscribed(self) -> bool:
        """torch's threads did not fit the free cores while the profiled work ran (``run`` measures with the threads
        that fit: then they did)."""
        return self.oversubscribed and (self.threads_ran or 0) > (self.fair_threads or 1)

    @property
    def free_cores(self) -> float | None:
        """The usable cores other processes left free (at least 1; None where the cores are not known)."""
        if not self.usable_cores:
            return None
        return max(1.0, self.usable_cores - (self.other_busy_cores or 0.0))

    def to_meta(self) -> dict[str, Any]:
        """The record as meta.json writes it (fields never recorded left out)."""
        return {k: v for k, v in asdict(self).items() if v is not None}

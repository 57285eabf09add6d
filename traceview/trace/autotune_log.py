"""Read Inductor's autotuning decisions that a capture wrote beside its trace (``<stem>.autotune.json``).

:mod:`traceview.capture.autotune` writes the file; this reads it into :class:`AutotuneLog`, one
:class:`AutotuneRecord` per decision in the order Inductor made them::

    tuner               "select_algorithm" (a template choice under max-autotune: mm, addmm, bmm, conv, ...),
                        "runtime" (CachingAutotuner benchmarked a Triton kernel's configs),
                        "coordinate_descent" (the runtime autotuner's coordinate descent: start and found config)
    op                  select_algorithm: the op Inductor lowered (mm, addmm, packed_linear, ...);
                        runtime: the kernel's heuristic (pointwise, reduction, template, ...)
    kernel              runtime: the Triton kernel's name; select_algorithm: None (the analysis finds it)
    compile_id          "F/C" of the compile the decision belongs to (None when torch did not say)
    inputs              the op's inputs as Inductor saw them: size, stride, dtype (select_algorithm only)
    candidates          (name, ms, kind, description): each benchmarked choice; ms None when it failed
    chosen              the candidate Inductor kept: the fastest, or the Triton template the scheduler finalized
                        after benchmarking it with its fused epilogue (``finalized``)
    fastest             the fastest candidate of the benchmark alone
    autotune_s          seconds spent benchmarking; None when the answer came from a cache (nothing ran)
    source              the hook that recorded the row (see traceview.capture.autotune)

A file that is not such a document raises :class:`~traceview.errors.TraceFormatError`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Optional

import msgspec

from traceview.errors import TraceFormatError


class Candidate(msgspec.Struct, frozen=True):
    name: str
    ms: Optional[float] = None  # the candidate's benchmark time; None: it failed, or not timed
    kind: str = ""  # extern (ATen/cuBLAS/MKL), triton, cpp, cuda, ...
    description: str = ""  # a Triton template's config (BLOCK_M=64, ..., num_warps=4)

    def config(self, key: str) -> int | None:
        """An integer setting of the config its description gives (``BLOCK_M``, ``num_warps``); None if it gives none."""
        found = re.search(rf"\b{re.escape(key)}=(\d+)", self.description)
        return int(found.group(1)) if found else None


class AutotuneRecord(msgspec.Struct, frozen=True):
    tuner: str
    op: str
    source: str
    kernel: Optional[str] = None
    compile_id: Optional[str] = None  # "F/C" of the compile that made the decision (Torch-Compiled Region: F/C)
    inputs: list[dict[str, Any]] = msgspec.field(default_factory=list)
    candidates: list[Candidate] = msgspec.field(default_factory=list)
    chosen: Optional[str] = None
    fastest: Optional[str] = None  # the benchmark's winner (chosen differs when the scheduler kept another)
    finalized: bool = False  # the scheduler finalized a Triton template for it (chosen is that one)
    autotune_s: Optional[float] = None
    precompile_s: Optional[float] = None

    @property
    def cached(self) -> bool:
        """A template choice that came from Inductor's cache: no benchmark ran for it in this run."""
        return self.tuner == "select_algorithm" and self.autotune_s is None

    @property
    def chosen_candidate(self) -> Candidate | None:
        return next((c for c in self.candidates if c.name == self.chosen), None)


class AutotuneLog(msgspec.Struct, frozen=True):
    records: list[AutotuneRecord] = msgspec.field(default_factory=list)
    sources: dict[str, bool] = msgspec.field(default_factory=dict)
    notes: list[str] = msgspec.field(default_factory=list)
    torch: Optional[str] = None
    schema_version: int = 1


def read_autotune_log(path: str | Path) -> AutotuneLog:
    """The decisions in ``path``; TraceFormatError when it cannot be read as one."""
    path = Path(path)
    try:
        found = msgspec.json.decode(path.read_bytes(), type=AutotuneLog)
    except OSError as exc:
        raise TraceFormatError(f"{path}: cannot read the autotuning record ({exc.strerror})") from None
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise TraceFormatError(f"{path}: not an autotuning record written by traceview ({exc})") from None
    return _without_benchmarking(found)


def _without_benchmarking(found: AutotuneLog) -> AutotuneLog:
    """A record written before the capture folded them: tunings of not-yet-named kernels
    (``Placeholder.*``, select_algorithm's candidates being benchmarked) counted in a note, not listed."""
    folded: dict[str, int] = {}
    kept = []
    for r in found.records:
        if isinstance(r.kernel, str) and r.kernel.startswith("Placeholder."):
            folded[r.tuner] = folded.get(r.tuner, 0) + 1
        else:
            kept.append(r)
    if not folded:
        return found
    notes = list(found.notes) + [f"{n:,} {tuner} tuning(s) of template candidates that select_algorithm was benchmarking "
                                 "(kernel Placeholder.*, not a kernel of the compiled output) are counted here, not listed"
                                 for tuner, n in sorted(folded.items())]
    return msgspec.structs.replace(found, records=kept, notes=notes)

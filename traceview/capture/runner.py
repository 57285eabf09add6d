"""``run_workload``: run variants of a reference workload under ``torch.profiler``, one trace each.

For each variant, in steady-state mode (the default)::

    build -> 2 calls, checked against the reference variant -> warm-up calls -> timed calls
          -> profiled calls (each inside a ``ProfilerStep#N`` annotation) -> trace + generated code

With ``include_compile`` the variant is built after ``torch._dynamo.reset()`` with Inductor's
caches off, its first calls are the profiled ones (so compilation and autotuning are in the trace),
and the check against the reference runs afterwards. The folder then holds::

    DIR/<workload>-<variant>.pt.trace.json.gz   one per variant
    DIR/<workload>-<variant>.torch_trace.log.gz  PyTorch's structured trace (compiled variants; see .torch_log)
    DIR/<variant>/code/                          Inductor's wrapper modules (compiled variants)
    DIR/<workload>-<variant>.autotune.json       Inductor's autotuning decisions (compiled variants; see .autotune)
    DIR/meta.json                                versions, device, sizes, timings, checks, Dynamo counters

Without Triton (a CPU-only torch wheel, macOS), the variants that need it are skipped, not failed:
the project's own Triton kernels everywhere, and ``torch.compile``'d variants on a GPU (Inductor
writes Triton for it; on the CPU it writes C++). :attr:`RunResult.skipped` names them and
meta.json records them under ``skipped``.
"""

from __future__ import annotations

import json
import logging
import os
import re
import statistics
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import torch

from traceview.errors import CaptureError

from . import autotune, host_load, inductor_code
from .autotune import SUFFIX as AUTOTUNE_SUFFIX
from .progress import stage
from .torch_log import SUFFIX as TORCH_LOG_SUFFIX
from .torch_log import structured_trace
from .profiling import (TRACE_SUFFIX, writable_dir, DynamoDelta, activities, cold_inductor, cpp_kernel_profile, device_info,
                        export_trace, peak_memory, reset_peak_memory, resolve_device, synchronize, versions)
from .workloads import CHECK_CALLS, Variant, Workload, check_against_reference, get_workload

log = logging.getLogger(__name__)

META_SCHEMA_VERSION = 1
PROFILED_CALLS = 3  # enough to see the steady state repeat, few enough to keep traces small
WARMUP_CALLS = 3  # CUDA-graph trees record on the 2nd/3rd call; all warm after 2 + 3 calls
TIMED_CALLS = {"cuda": 20, "cpu": 5}


@dataclass(frozen=True)
class VariantResult:
    """What one variant's run produced."""

    variant: str
    trace: Path
    code_dir: Path | None  # None: nothing was compiled
    code_files: list[str]
    median_ms: float  # wall ms of one call (until the device finished), measured outside the profiler
    timed_calls: int
    bytes_per_call: int
    max_abs_diff: float  # against the reference variant
    checked: str  # "before profiling" or "after profiling"
    dynamo: dict[str, object]
    sizes: dict[str, object] = field(default_factory=dict)
    triton_interpreted: bool = False  # the project's Triton kernels ran in Triton's interpreter (CPU)
    memory: dict[str, int] | None = None  # with --memory on a GPU: max_memory_allocated/reserved of the profiled calls
    torch_trace: Path | None = None  # PyTorch's structured trace of the variant (None: nothing compiled)
    autotune: Path | None = None  # Inductor's autotuning decisions (None: not compiled)
    host_ms: float | None = None  # host ms of one call (until it returned), outside the profiler; see CallTimes


@dataclass(frozen=True)
class RunResult:
    """A ``traceview run``: one trace per variant plus ``meta.json``."""

    workload: str
    out_dir: Path
    device: str
    include_compile: bool
    variants: list[VariantResult]
    meta_path: Path
    size_text: str | None = None  # the --size this run was given (None: the device's preset)
    skipped: dict[str, str] = field(default_factory=dict)  # variant -> why it cannot run on this device
    host_note: str | None = None  # one line when torch's threads did not fit the free cores, and what run did

    @property
    def traces(self) -> list[Path]:
        return [v.trace for v in self.variants]


@dataclass(frozen=True)
class CallTimes:
    """Medians of one call, measured outside any profiler: ``host_ms`` until the call returned (the host's
    work: Python, dispatch, launches; the GPU may still be running), ``wall_ms`` until the device finished."""

    host_ms: float
    wall_ms: float


def time_calls(step, device: torch.device, calls: int) -> CallTimes:
    """Host and wall time of one call in ms (medians over ``calls``), synchronized before each call."""
    host, wall = [], []
    for _ in range(calls):
        synchronize(device)
        start = time.perf_counter()
        step()
        returned = time.perf_counter()
        synchronize(device)
        host.append((returned - start) * 1e3)
        wall.append((time.perf_counter() - start) * 1e3)
    return CallTimes(statistics.median(host), statistics.median(wall))


def profile_calls(step, device: torch.device, calls: int, trace: Path, with_stack: bool = False, memory: bool = False) -> Path:
    """Run ``calls`` calls under the profiler, each inside ``ProfilerStep#i``, and write the trace.
    ``memory``: record the allocator's events (``profile_memory=True``), peak statistics reset first."""
    from torch.profiler import profile, record_function

    if memory:
        synchronize(device)
        reset_peak_memory(device)
    with profile(activities=activities(device), record_shapes=True, with_stack=with_stack, profile_memory=memory) as prof:
        for i in range(calls):
            with record_function(f"ProfilerStep#{i}"):
                step()
                synchronize(device)
    return export_trace(prof, trace)


def _prepare_triton(device: torch.device) -> None:
    if device.type != "cuda":
        # Triton reads this when @triton.jit decorates a kernel, i.e. when the kernel module is imported.
        os.environ["TRITON_INTERPRET"] = "1"


def run_variant(workload: Workload, variant: Variant, size: object, device: torch.device, out_dir: Path,
                include_compile: bool = False, calls: int = PROFILED_CALLS, warmup: int = WARMUP_CALLS,
                memory: bool = False) -> VariantResult:
    """Check, time and profile one variant; see the module docstring for the order."""
    stage(f"{workload.name} {variant.name}: checking, timing and profiling")
    if variant.triton:
        _prepare_triton(device)
    if variant.compiled:
        torch._dynamo.reset()
    dynamo = DynamoDelta()
    trace = out_dir / f"{workload.name}-{variant.name}{TRACE_SUFFIX}"
    torch_log = out_dir / f"{workload.name}-{variant.name}{TORCH_LOG_SUFFIX}"
    log.info("%s/%s: size %s on %s", workload.name, variant.name, size, device)
    with inductor_code.recording() as recorder, structured_trace(torch_log), autotune.recording() as tuning:
        if include_compile:
            with cold_inductor():
                case = variant.build(size, device)
                profile_calls(case.step, device, calls, trace, memory=memory)
                peaks = peak_memory(device) if memory else None
            diff = check_against_reference(workload, case, calls, size, device, variant.name)
            checked = "after profiling"
        else:
            case = variant.build(size, device)
            for _ in range(CHECK_CALLS):
                case.step()
            diff = check_against_reference(workload, case, CHECK_CALLS, size, device, variant.name)
            checked = "before profiling"
            for _ in range(warmup):
                case.step()
            synchronize(device)
            profile_calls(case.step, device, calls, trace, memory=memory)
            peaks = peak_memory(device) if memory else None
        timed = TIMED_CALLS.get(device.type, 5)
        times = time_calls(case.step, device, timed)
    code_dir = out_dir / variant.name / "code"
    wrappers = recorder.write(code_dir) if variant.compiled else []
    tuned = tuning.write(out_dir / f"{workload.name}-{variant.name}{AUTOTUNE_SUFFIX}") if variant.compiled else None
    return VariantResult(variant.name, trace, code_dir if wrappers else None, [w.name for w in wrappers], times.wall_ms,
                         timed, case.bytes_per_call, diff, checked, dynamo.result(), case.sizes,
                         triton_interpreted=variant.triton and device.type != "cuda", memory=peaks,
                         torch_trace=torch_log if torch_log.exists() else None, host_ms=times.host_ms,
                         autotune=tuned)


#: How to get what a skipped variant needs.
TRITON_HINT = "pip install 'traceview[capture]'"


def triton_available() -> bool:
    """Whether ``import triton`` works here (torch's CPU wheels and macOS have no Triton)."""
    try:
        import triton  # noqa: F401
    except ImportError:
        return False
    return True


def needs_triton(variant: Variant, device: torch.device) -> bool:
    """The project's own Triton kernels; compiled variants on a GPU (Inductor generates Triton there)."""
    return variant.triton or (variant.compiled and device.type != "cpu")


def run_workload(workload: str, variants: list[str] | None = None, size: str | None = None,
                 out_dir: Path | str = "traceview-run", include_compile: bool = False,
                 device: str | None = None, calls: int = PROFILED_CALLS, memory: bool = False) -> RunResult:
    """Profile ``variants`` (all when None) of ``workload`` and write traces, code and ``meta.json``.

    ``size`` is a preset (``cpu``/``gpu``) or a workload-specific number (see ``Workload.description``);
    the device's preset when None; ``memory`` records allocator events (``profile_memory=True``).
    A variant that cannot run on the device (CUDA graphs on the CPU) is left out, with its reason in
    ``skipped`` and meta.json. Raises :class:`CaptureError` for an unknown workload or variant, an
    unwritable folder, no variant that can run here, or a variant whose result differs from the reference.
    """
    wl = get_workload(workload)
    names = variants or list(wl.variants)
    unknown = [n for n in names if n not in wl.variants]
    if unknown:
        raise CaptureError(f"{wl.name}: unknown variant(s) {', '.join(unknown)}; choose from: {', '.join(wl.variants)}")
    dev = resolve_device(device)
    skipped = {n: why for n in names if (why := wl.variants[n].why_not(dev))}
    if not triton_available():
        skipped.update({n: f"needs Triton, which cannot be imported here; install it with: {TRITON_HINT}"
                        for n in names if n not in skipped and needs_triton(wl.variants[n], dev)})
    if len(skipped) == len(names):
        raise CaptureError(f"{wl.name}: nothing can run on {dev}: " + "; ".join(f"{n}: {w}" for n, w in skipped.items()))
    resolved = wl.size(size, dev)
    out = writable_dir(Path(out_dir))
    share = host_load.measure()
    note = share.line()
    before = torch.get_num_threads()
    fair = dev.type == "cpu" and share.oversubscribed and share.fair_threads < before
    if fair:  # every variant measured with the threads that fit (C++ kernels take the count when they compile)
        torch.set_num_threads(share.fair_threads)
        note = f"{note}; run measures every variant with {share.fair_threads} thread(s)"
    try:
        with cpp_kernel_profile():  # on the CPU, compiled variants' C++ kernels show in the trace
            results = [run_variant(wl, wl.variants[n], resolved, dev, out, include_compile, calls, memory=memory)
                       for n in names if n not in skipped]
    finally:
        if fair:
            torch.set_num_threads(before)
    host = host_load.record(share, threads_used=share.fair_threads if fair else before).to_meta()
    meta_path = write_meta(wl, results, dev, resolved, include_compile, calls, out, skipped, host)
    return RunResult(wl.name, out, str(dev), include_compile, results, meta_path, size, skipped, note)


def size_folder(size: str) -> str:
    """The subfolder of one size in a sweep: ``4x1024`` stays, anything odd becomes ``_``."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", size) or "default"


def run_sweep(workload: str, variants: list[str] | None = None, sizes: list[str] | None = None,
              out_dir: Path | str = "traceview-run", **options) -> list[RunResult]:
    """:func:`run_workload` once per size: one size writes ``out_dir`` itself, several write one run
    directory per size, ``out_dir/<size>/`` (smallest first, as given). ``options``: run_workload's."""
    sizes = sizes or [None]
    if len(sizes) != len(set(sizes)):
        raise CaptureError(f"--size given twice: {', '.join(s for s in sizes if sizes.count(s) > 1)}")
    if len(sizes) == 1:
        return [run_workload(workload, variants, sizes[0], out_dir, **options)]
    return [run_workload(workload, variants, s, Path(out_dir) / size_folder(s), **options) for s in sizes]


def write_meta(wl: Workload, results: list[VariantResult], device: torch.device, size: object,
               include_compile: bool, calls: int, out: Path, skipped: dict[str, str] | None = None,
               host: dict | None = None) -> Path:
    """Write ``meta.json`` (paths relative to the folder)."""
    variants = {}
    for r in results:
        entry = asdict(r)
        entry["trace"] = r.trace.name
        entry["torch_trace"] = r.torch_trace.name if r.torch_trace else None
        entry["autotune"] = r.autotune.name if r.autotune else None
        entry["code_dir"] = str(r.code_dir.relative_to(out)) if r.code_dir else None
        entry["description"] = wl.variants[r.variant].description
        entry["compiled"] = wl.variants[r.variant].compiled
        entry["gb_per_s"] = round(r.bytes_per_call / (r.median_ms * 1e6), 3) if r.median_ms else None
        variants[r.variant] = entry
    meta = {
        "schema_version": META_SCHEMA_VERSION,
        "kind": "run",
        "workload": wl.name,
        "description": wl.description,
        "size": size,
        "device": device_info(device),
        "versions": versions(),
        "include_compile": include_compile,
        "profiled_calls": calls,
        "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "variants": variants,
        "skipped": skipped or {},
        "host": host or {},
    }
    path = out / "meta.json"
    path.write_text(json.dumps(meta, indent=1, default=str) + "\n")
    return path

"""Small pieces every capture shares: profiler activities, trace export, versions, Dynamo counters."""

from __future__ import annotations

import os
import platform
import sys
from contextlib import contextmanager
from pathlib import Path

import torch

from traceview.errors import CaptureError

TRACE_SUFFIX = ".pt.trace.json.gz"


def activities(device: torch.device) -> list:
    """CPU always; CUDA too when the run is on a GPU."""
    from torch.profiler import ProfilerActivity

    acts = [ProfilerActivity.CPU]
    if device.type == "cuda":
        acts.append(ProfilerActivity.CUDA)
    return acts


def resolve_device(name: str | None) -> torch.device:
    """``None``/``"auto"``: the GPU if one is present, else the CPU."""
    if name in (None, "auto"):
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    return torch.device(name)


def reset_peak_memory(device: torch.device) -> None:
    """Start the device's peak statistics afresh, so max_memory_* cover the profiled window only."""
    if device.type == "cuda":
        torch.cuda.reset_peak_memory_stats(device)


def peak_memory(device: torch.device) -> dict[str, int] | None:
    """``max_memory_allocated`` / ``max_memory_reserved`` since :func:`reset_peak_memory` (None off CUDA):
    what the trace's ``[memory]`` events must peak at (``traceview analyze --json`` memory)."""
    if device.type != "cuda":
        return None
    return {"max_memory_allocated": int(torch.cuda.max_memory_allocated(device)), "max_memory_reserved": int(torch.cuda.max_memory_reserved(device))}


def synchronize(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def export_trace(prof, path: Path) -> Path:
    """Write the Kineto trace gzipped (torch gzips when the name ends in ``.gz``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    prof.export_chrome_trace(str(path))
    return path


def versions() -> dict[str, str | None]:
    from traceview._version import __version__

    try:
        import triton

        triton_version = triton.__version__
    except ImportError:
        triton_version = None
    return {
        "python": platform.python_version(),
        "torch": torch.__version__,
        "triton": triton_version,
        "cuda": torch.version.cuda,
        "traceview": __version__,
        "platform": sys.platform,
    }


def device_info(device: torch.device) -> dict[str, object]:
    info: dict[str, object] = {"type": device.type}
    if device.type == "cuda":
        props = torch.cuda.get_device_properties(device)
        info |= {"name": props.name, "capability": f"{props.major}.{props.minor}",
                 "multiprocessors": props.multi_processor_count, "memory_bytes": props.total_memory}
    else:
        info |= {"name": platform.processor() or platform.machine(), "threads": torch.get_num_threads()}
    return info


def _counters() -> dict[str, dict[str, int]]:
    try:
        from torch._dynamo.utils import counters
    except ImportError:  # pragma: no cover
        return {}
    return {group: {str(k): int(v) for k, v in c.items()} for group, c in counters.items()}


def _compile_time_metrics() -> dict[str, list[float]]:
    try:
        from torch._dynamo.utils import compilation_time_metrics
    except ImportError:  # pragma: no cover - renamed in some torch version
        return {}
    return {k: list(v) for k, v in compilation_time_metrics.items()}


class DynamoDelta:
    """Dynamo counters and compile times accumulated between construction and :meth:`result`."""

    def __init__(self) -> None:
        self._counters = _counters()
        self._times = _compile_time_metrics()

    def result(self) -> dict[str, object]:
        """``{"counters": {group: {name: n}}, "compile_times_s": {phase: total seconds}}``, changes only."""
        counters: dict[str, dict[str, int]] = {}
        for group, now in _counters().items():
            before = self._counters.get(group, {})
            changed = {k: v - before.get(k, 0) for k, v in now.items() if v != before.get(k, 0)}
            if changed:
                counters[group] = changed
        times = {}
        for phase, values in _compile_time_metrics().items():
            new = values[len(self._times.get(phase, [])):]
            if new:
                times[phase] = round(sum(new), 6)
        return {"counters": counters, "compile_times_s": times}


#: Inductor reads this when its config is imported; ``cpp_kernel_profile`` also sets the config itself.
CPP_KERNEL_PROFILE_ENV = "TORCHINDUCTOR_CPP_ENABLE_KERNEL_PROFILE"


@contextmanager
def cpp_kernel_profile():
    """Inductor's generated C++ kernels recorded by the profiler while inside.

    With ``torch._inductor.config.cpp.enable_kernel_profile`` on, each C++ kernel Inductor writes
    opens a ``RECORD_FUNCTION`` named after itself (``graph_0_cpp_fused_add_mul_0``), so a CPU trace
    shows the compiled code's kernels as ``cpu_op`` events, as a GPU trace shows Triton kernels. It
    changes the generated code (Inductor's cache key includes it); the record costs nothing while no
    profiler runs. Left off when the user set the variable to anything but ``1``.
    """
    import torch._inductor.config as config

    if os.environ.get(CPP_KERNEL_PROFILE_ENV, "1") != "1" or not hasattr(config.cpp, "enable_kernel_profile"):
        yield
        return
    saved = os.environ.get(CPP_KERNEL_PROFILE_ENV)
    os.environ[CPP_KERNEL_PROFILE_ENV] = "1"  # for compile workers and subprocesses of a profiled script
    try:
        with config.patch({"cpp.enable_kernel_profile": True}):
            yield
    finally:
        if saved is None:
            os.environ.pop(CPP_KERNEL_PROFILE_ENV, None)


@contextmanager
def cold_inductor():
    """Turn Inductor's on-disk caches off, so a first call really compiles and autotunes."""
    import torch._inductor.config as config

    if hasattr(config, "force_disable_caches"):
        with config.patch(force_disable_caches=True):
            yield
    else:  # pragma: no cover - very old torch
        yield


def writable_dir(out_dir: Path) -> Path:
    """``out_dir``, created if needed; CaptureError before anything runs when it cannot be written."""
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CaptureError(f"cannot create output folder {out_dir}: {exc.strerror}") from None
    if not os.access(out_dir, os.W_OK | os.X_OK):
        raise CaptureError(f"output folder {out_dir} is not writable")
    return out_dir

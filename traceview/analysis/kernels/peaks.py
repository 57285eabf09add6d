"""What can this device do? Its dense compute peak per dtype and its memory bandwidth: the roof each kernel is
measured against (:mod:`traceview.analysis.kernels.flops`' roofline, :mod:`traceview.analysis.kernels.kernel_source`'s
achieved bandwidth)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from traceview.trace.catalogue import tf32_kernel

#: Dense peak TFLOP/s by device (first pattern found in the lower-cased name) and compute dtype.
#: Datasheet numbers without sparsity: NVIDIA H100/H200 SXM, H100 PCIe, A100, V100, B200; AMD
#: Instinct MI300X, MI250X (matrix cores). "fp32" is the non-tensor-core rate (a float GEMM without TF32).
PEAK_TFLOPS: Final[tuple[tuple[str, dict[str, float]], ...]] = (
    ("h200", {"fp64": 67.0, "fp32": 67.0, "tf32": 494.7, "bf16": 989.4, "fp16": 989.4, "fp8": 1978.9}),
    ("gh200", {"fp64": 67.0, "fp32": 67.0, "tf32": 494.7, "bf16": 989.4, "fp16": 989.4, "fp8": 1978.9}),
    ("h100 pcie", {"fp64": 51.2, "fp32": 51.2, "tf32": 378.0, "bf16": 756.0, "fp16": 756.0, "fp8": 1513.0}),
    ("h100", {"fp64": 67.0, "fp32": 67.0, "tf32": 494.7, "bf16": 989.4, "fp16": 989.4, "fp8": 1978.9}),
    ("b200", {"fp64": 40.0, "fp32": 80.0, "tf32": 1100.0, "bf16": 2250.0, "fp16": 2250.0, "fp8": 4500.0}),
    ("a100", {"fp64": 19.5, "fp32": 19.5, "tf32": 156.0, "bf16": 312.0, "fp16": 312.0}),
    ("v100", {"fp64": 7.8, "fp32": 15.7, "fp16": 125.0}),
    ("mi300x", {"fp64": 163.4, "fp32": 163.4, "tf32": 653.7, "bf16": 1307.4, "fp16": 1307.4, "fp8": 2614.9}),
    ("mi250", {"fp64": 95.7, "fp32": 95.7, "bf16": 383.0, "fp16": 383.0}),
)

#: Datasheet peak DRAM bandwidth in GB/s (10^9 B/s), by a pattern of the device name Kineto writes.
#: Sources: NVIDIA H100 / H200 / A100 / V100 / B200 datasheets, AMD Instinct MI250X / MI300X specs.
#: Checked in order: the first pattern found in the lower-cased name wins (so "h100 nvl" before "h100").
PEAK_BANDWIDTH_GBPS: Final[tuple[tuple[str, float, str], ...]] = (
    ("h200", 4800.0, "NVIDIA H200 datasheet: 4.8 TB/s HBM3e"),
    ("h100 nvl", 3900.0, "NVIDIA H100 NVL datasheet: 3.9 TB/s"),
    ("h100 pcie", 2000.0, "NVIDIA H100 PCIe datasheet: 2.0 TB/s"),
    ("h100", 3350.0, "NVIDIA H100 SXM datasheet: 3.35 TB/s HBM3"),
    ("gh200", 4000.0, "NVIDIA GH200 datasheet: 4 TB/s HBM3"),
    ("b200", 8000.0, "NVIDIA B200 datasheet: 8 TB/s HBM3e"),
    ("a100-sxm4-80gb", 2039.0, "NVIDIA A100 80GB SXM datasheet: 2.039 TB/s"),
    ("a100 80gb", 1935.0, "NVIDIA A100 80GB PCIe datasheet: 1.935 TB/s"),
    ("a100", 1555.0, "NVIDIA A100 40GB datasheet: 1.555 TB/s"),
    ("v100", 900.0, "NVIDIA V100 datasheet: 900 GB/s"),
    ("mi300x", 5300.0, "AMD Instinct MI300X spec: 5.3 TB/s"),
    ("mi250x", 3200.0, "AMD Instinct MI250X spec: 3.2 TB/s"),
    ("mi250", 3200.0, "AMD Instinct MI250 spec: 3.2 TB/s"),
)

#: meta.json keys a measured device-to-device copy bandwidth (GB/s, read + write bytes) may sit under.
COPY_BANDWIDTH_KEYS: Final[tuple[str, ...]] = (
    "copy_bandwidth_gbps", "measured_copy_bandwidth_gbps", "copy_gbps", "d2d_copy_gbps",
    "memcpy_bandwidth_gbps", "memory_bandwidth_gbps", "bandwidth_gbps",
)


def peak_tflops(device_name: str | None, dtype: str | None, kernel_name: str = "") -> float | None:
    """The device's dense peak for ``dtype`` (a float GEMM on TF32 tensor cores: the TF32 peak)."""
    name = (device_name or "").lower()
    if dtype == "fp32" and tf32_kernel(kernel_name):
        dtype = "tf32"
    for pattern, peaks in PEAK_TFLOPS:
        if pattern in name:
            return peaks.get(dtype or "")
    return None


@dataclass(frozen=True)
class Ceiling:
    """The bandwidth achieved GB/s is compared with, and where the number came from."""

    gbps: float | None  # None: unknown device and no measurement
    source: str  # "measured (meta.json copy_bandwidth_gbps)" or the datasheet line
    device_name: str | None


def device_ceiling(device_name: str | None, run_meta: dict[str, Any] | None = None) -> Ceiling:
    """A measured copy bandwidth from the run's ``meta.json`` if it has one, else the datasheet peak."""
    measured = _measured(run_meta or {})
    if measured is not None:
        return Ceiling(measured[1], f"measured copy bandwidth (meta.json {measured[0]})", device_name)
    name = (device_name or "").lower()
    for pattern, gbps, source in PEAK_BANDWIDTH_GBPS:
        if pattern in name:
            return Ceiling(gbps, source, device_name)
    return Ceiling(None, "no known peak for this device", device_name)


def _measured(meta: dict[str, Any]) -> tuple[str, float] | None:
    for scope in (meta, meta.get("device") or {}, meta.get("env") or {}, meta.get("environment") or {}):
        if not isinstance(scope, dict):
            continue
        for key in COPY_BANDWIDTH_KEYS:
            value = scope.get(key)
            if isinstance(value, (int, float)) and value > 0:
                return key, float(value)
    return None


def roof(device_name: str | None, dtypes: Iterable[str | None], kernel_names: Iterable[str]) -> tuple[list[float | None], float | None]:
    """The roofline's two peaks for kernels of a device: each kernel's compute peak (:func:`peak_tflops` of its dtype
    and name) and the device's datasheet DRAM bandwidth (:func:`device_ceiling`'s GB/s)."""
    return [peak_tflops(device_name, d, n) for d, n in zip(dtypes, kernel_names)], device_ceiling(device_name).gbps

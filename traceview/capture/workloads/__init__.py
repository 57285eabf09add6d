"""The reference workloads, by name: ``abc`` (seed 001), ``mpadam`` (seed 002), ``adam`` (seed 000)."""

from __future__ import annotations

from traceview.errors import CaptureError

from .base import CHECK_CALLS, Case, Variant, Workload, check_against_reference, check_variant

__all__ = ["CHECK_CALLS", "WORKLOADS", "Case", "Variant", "Workload", "check_against_reference", "check_variant", "get_workload"]


def _load() -> dict[str, Workload]:
    from . import abc, adam, mpadam

    return {w.name: w for w in (abc.WORKLOAD, mpadam.WORKLOAD, adam.WORKLOAD)}


WORKLOADS: dict[str, Workload] = _load()


def get_workload(name: str) -> Workload:
    """The workload called ``name``; :class:`CaptureError` listing the known ones otherwise."""
    try:
        return WORKLOADS[name]
    except KeyError:
        raise CaptureError(f"unknown workload {name!r}; choose one of: {', '.join(WORKLOADS)}") from None

"""Kineto chrome-trace JSON -> a few typed tables (:class:`Trace`). See :mod:`traceview.trace.schema`.

The names below are imported on first use: importing a light module of this package (``traceview.trace.engines``,
``traceview.trace.host``) does not import pandas.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = ["load", "load_file", "Trace", "TraceMeta", "DeviceInfo"]

_WHERE = {"load": "traceview.trace.loading", "load_file": "traceview.trace.loading", "Trace": "traceview.trace.model",
          "TraceMeta": "traceview.trace.model", "DeviceInfo": "traceview.trace.model"}

if TYPE_CHECKING:
    from traceview.trace.loading import load, load_file
    from traceview.trace.model import DeviceInfo, Trace, TraceMeta


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

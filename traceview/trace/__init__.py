"""Kineto chrome-trace JSON -> a few typed tables (:class:`Trace`). See :mod:`traceview.trace.schema`."""

from traceview.trace.load import load, load_file
from traceview.trace.model import DeviceInfo, Trace, TraceMeta

__all__ = ["load", "load_file", "Trace", "TraceMeta", "DeviceInfo"]

"""The exceptions traceview raises. ``cli.py`` turns each into one stderr line and exit code 2."""


class TraceviewError(Exception):
    """Base class: a problem the user can act on (bad input, missing events, failed capture)."""


class TraceFormatError(TraceviewError):
    """The input is not a Kineto / PyTorch profiler trace traceview can read."""


class MissingEventsError(TraceviewError):
    """The question needs events the trace lacks (e.g. no GPU activity at all)."""


class CaptureError(TraceviewError):
    """Running a workload or a user's script under the profiler failed before a trace existed."""


class EngineError(TraceviewError):
    """A distributed engine (Dask, Ray) asked for is not installed, or its cluster cannot be reached."""

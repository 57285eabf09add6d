"""Pure functions from a :class:`~traceview.trace.Trace` to tables and result dataclasses, one module per question."""

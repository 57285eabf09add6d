"""Every core analysis of one trace in one record (what ``traceview analyze`` prints): the resolver
(:mod:`.resolve`) asked for every field of :class:`~traceview.analysis.result.Analysis`."""

from __future__ import annotations

from traceview.analysis.resolve import Resolver, record
from traceview.analysis.result import Analysis
from traceview.trace import Trace
from traceview.trace.run_files import DynamoRecord

__all__ = ["Analysis", "analyze"]  # Analysis lives in .result; named here too for the callers of analyze()


def analyze(trace: Trace, dynamo: DynamoRecord | None = None) -> Analysis:
    """Run the core analyses on ``trace``; ``dynamo``: what Dynamo recorded during the run and the run's other
    facts (structured trace, meta.json: see :func:`traceview.trace.run_files.dynamo_record`)."""
    return record(Resolver(trace, dynamo))

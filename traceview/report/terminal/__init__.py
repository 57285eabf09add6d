"""The terminal: rich renderables for ``traceview analyze``, ``kernels``, ``ranks``, ``diff``, ``check``, ``try`` and
``run``, one module per question."""

from __future__ import annotations

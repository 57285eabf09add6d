"""Offline HTML pages (plotly inlined): the analysis report, the ranks page, the diff and the sweep, one module per
section."""

from __future__ import annotations

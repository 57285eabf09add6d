"""Result dataclasses -> output, one folder per output kind:

- ``terminal/``: rich renderables (``analyze``, ``kernels``, ``ranks``, ``diff``, ``check``, ``try``, ``run``);
- ``html/``: offline pages, plotly inlined (the analysis report, the ranks page, the diff, the sweep);
- ``json/``: documents for scripts and CI, with a schema version (msgspec);
- ``junit.py`` (``check --junit``) and ``perfetto.py`` (the trace with traceview's findings as tracks).

Within each, one module per question (advice, critical path, autotune, ranks, ...). What every output calls
things is in ``words.py``; ``text.py`` makes trace strings safe to print.
"""

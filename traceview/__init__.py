"""traceview: what your PyTorch program really did on the GPU.

The package is layered and data flows one way::

    capture  ->  trace  ->  analysis  ->  report
    (runs code   (JSON ->    (pure          (html,
     under the    typed       functions:     terminal,
     profiler)    tables)     tables in,     json)
                              results out)

Importing :mod:`traceview` is cheap: sub-packages are imported on use.
"""

__version__ = "0.1.0"

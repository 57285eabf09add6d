"""One module per CLI command; :mod:`traceview.cli` registers them."""

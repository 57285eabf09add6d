"""Pure functions from a :class:`~traceview.trace.Trace` to tables and result dataclasses, one module per question,
a folder per kind of question, each folder on a floor (it imports only folders below it)::

    base      shared: interval arithmetic, what a trace holds, each slice's phase, autograd's pairs, a finding
    kernels   what ran on the GPU (or CPU) and where it came from
    compile   what torch.compile did        host   what the host cost        ranks   which rank held the others
    advice    what to change first, and what it would save
    result    every analysis in one record (analyze.py runs them)
    verdicts  rules on the result (findings, budgets, try)      compare   between results
"""

"""``python -m traceview``: the command line, e.g. ``torchrun --nproc-per-node 2 -m traceview profile train.py``."""

from traceview.cli import main

if __name__ == "__main__":
    main()

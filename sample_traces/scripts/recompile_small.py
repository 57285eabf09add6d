"""A small compiled function recompiled on purpose, for the recompile and raw-quote tests.

``f`` has three graph breaks, so Dynamo compiles it as four frames (``f`` and three resumed
frames). Under ``dynamic=False`` each call with a new batch size and a new Python int recompiles
every frame: ``--calls 4`` gives 4 frames x 4 compilations = 16 compile ids, 12 recompilations.

    traceview profile -o DIR sample_traces/scripts/recompile_small.py                     # eager backend, fast
    traceview profile -o DIR --with-stack sample_traces/scripts/recompile_small.py --backend inductor --calls 2
"""

import argparse

import torch


def f(x: torch.Tensor, n: int) -> torch.Tensor:
    y = x.sin() * n
    torch._dynamo.graph_break()
    y = y.cos() + n
    torch._dynamo.graph_break()
    y = y * 2 - n
    torch._dynamo.graph_break()
    return y.exp() + n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--backend", default="eager")
    parser.add_argument("--calls", type=int, default=4)
    args = parser.parse_args()
    compiled = torch.compile(f, backend=args.backend, dynamic=False)
    for i in range(args.calls):
        compiled(torch.randn(2 + i, 3), i + 1)


if __name__ == "__main__":
    main()

"""`A * B + C` compiled with mode="max-autotune": its CUDA graph copies inputs that are not static.

    python abc_static.py [--static [--static-how mark|module]] [--calls 200] [--timing-json PATH]

Without ``--static`` each call copies A, B and C into the graph's own buffers before the replay
(CUDA-graph trees treat a plain tensor argument as an input that may change address); with
``--static`` the three tensors are marked with ``torch._dynamo.mark_static_address`` and the replay
reads them in place: the change traceview's ``static_inputs`` advice asks for. On torch 2.11 (H200)
``mark_static_address`` on plain tensors passed as arguments left the copies in place (10 copy
kernels per call either way); ``--static-how module`` holds A, B and C as an ``nn.Module``'s buffers
instead, which CUDA-graph trees read in place.
"""

from __future__ import annotations

import argparse
import json
import time

import torch


def abc(a, b, c):
    return a * b + c


class ABC(torch.nn.Module):
    """A, B and C as buffers: CUDA-graph trees treat a module's parameters and buffers as static."""

    def __init__(self, a, b, c):
        super().__init__()
        self.register_buffer("a", a)
        self.register_buffer("b", b)
        self.register_buffer("c", c)

    def forward(self):
        return abc(self.a, self.b, self.c)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--static", action="store_true")
    parser.add_argument("--static-how", choices=("mark", "module"), default="mark")
    parser.add_argument("--n", type=int, default=8192, help="the tensors are N x N fp32")
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--timing-json", default=None)
    args = parser.parse_args()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    a, b, c = (torch.randn(args.n, args.n, device=device) for _ in range(3))
    if args.static and args.static_how == "module":
        module = torch.compile(ABC(a, b, c), mode="max-autotune")
        f = lambda *_: module()  # noqa: E731
    else:
        if args.static:
            for t in (a, b, c):
                torch._dynamo.mark_static_address(t)
        f = torch.compile(abc, mode="max-autotune")
    call_ms = []
    for _ in range(args.calls):
        t0 = time.perf_counter()
        out = f(a, b, c)
        if device == "cuda":
            torch.cuda.synchronize()
        call_ms.append((time.perf_counter() - t0) * 1e3)
    torch.testing.assert_close(out, abc(a, b, c))
    if args.timing_json:
        with open(args.timing_json, "w") as fh:
            json.dump({"static": args.static, "static_how": args.static_how if args.static else None, "n": args.n, "call_ms": call_ms, "device": device,
                       "torch": torch.__version__}, fh, indent=1)


if __name__ == "__main__":
    main()

"""Changes ``try`` switches on and off inside one run of the script (issue 66): the switchback.

Separate processes differ by 20-30% on a shared host; one process alternating the change on and off in blocks of
steps holds both arms to the same process, allocator, caches and CPU. The timed steps are cut into blocks of
:data:`BLOCK` steps in the order off, on, on, off, off, on, on, off, ... (each on block beside an off block, and drift
hitting both alike); the first :data:`DROP` steps of a block, right after a switch, are left out (cuDNN's benchmark of a
new algorithm, Dynamo's first call after a stance change), and the block's time is the rest's, synchronised at both
ends::

    block ms = (t[block end] - t[after its first DROP steps]) / (BLOCK - DROP)

A change switches when torch can change it while the script runs: :data:`SWITCHES`. The others (``num_workers``,
``fused_optimizer``, ``cuda_graphs``, ``max_autotune``, ``compile`` of an eager script) keep separate processes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Final

#: Steps per block, and the steps right after a switch left out of its time.
BLOCK: Final[int] = 8
DROP: Final[int] = 2
#: Timed steps a switched run makes at least (>= 80: issue 66); fewer where the window asks for more.
SWITCH_STEPS: Final[int] = 96
#: The changes that switch inside one run.
SWITCHES: Final[tuple[str, ...]] = ("tf32", "cudnn_benchmark", "threads", "no_compile")


def order(blocks: int) -> list[bool]:
    """Which blocks run with the change on: off, on, on, off, off, on, on, off, ..."""
    return [(i % 4) in (1, 2) for i in range(blocks)]


def switch(name: str, threads: int) -> tuple[Callable[[], str], Callable[[], None]] | None:
    """``(on, off)`` for change ``name`` in this process (None: it cannot switch here): ``on`` makes the change and
    says what it did, ``off`` puts back what the script had set."""
    torch = sys.modules.get("torch")
    if torch is None or name not in SWITCHES:
        return None
    if name == "tf32":
        before = (torch.get_float32_matmul_precision(), torch.backends.cudnn.allow_tf32)

        def on() -> str:
            torch.set_float32_matmul_precision("high")
            torch.backends.cudnn.allow_tf32 = True
            return "torch.set_float32_matmul_precision('high')"

        def off() -> None:
            torch.set_float32_matmul_precision(before[0])
            torch.backends.cudnn.allow_tf32 = before[1]
        return on, off
    if name == "cudnn_benchmark":
        was = torch.backends.cudnn.benchmark

        def on() -> str:
            torch.backends.cudnn.benchmark = True
            return "torch.backends.cudnn.benchmark = True"

        def off() -> None:
            torch.backends.cudnn.benchmark = was
        return on, off
    if name == "threads":
        was = torch.get_num_threads()

        def on() -> str:
            torch.set_num_threads(threads)
            return f"torch.set_num_threads({threads})"

        def off() -> None:
            torch.set_num_threads(was)
        return on, off
    set_stance = getattr(getattr(torch, "compiler", None), "set_stance", None)
    if set_stance is None:  # no_compile on a torch without compiler.set_stance (before 2.6): separate processes
        return None

    def on() -> str:
        set_stance("force_eager")
        return "torch.compiler.set_stance('force_eager')"

    def off() -> None:
        set_stance("default")
    return on, off


def switched_steps(start: int, stop: int) -> int:
    """The stop of a switched run's window: at least SWITCH_STEPS timed steps, a whole number of blocks of 4."""
    steps = max(stop - start, SWITCH_STEPS)
    blocks = -(-steps // (4 * BLOCK)) * 4
    return start + blocks * BLOCK

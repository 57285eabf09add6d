"""Changes ``try`` switches on and off inside one run of the script (issue 66): the switchback.

Separate processes differ by 20-30% on a shared host; one process alternating the change on and off in blocks of
steps holds both arms to the same process, allocator, caches and CPU. The timed steps are cut into blocks of
:data:`BLOCK` steps in the order off, on, on, off, off, on, on, off, ... (each on block beside an off block, and drift
hitting both alike); the first :data:`DROP` steps of a block, right after a switch, are left out (cuDNN's benchmark of a
new algorithm, Dynamo's first call after a stance change), and the block's time is the rest's, synchronised at both
ends::

    block ms = (t[block end] - t[after its first DROP steps]) / (BLOCK - DROP)

A change switches when torch can change it while the script runs: :data:`SWITCHES`. ``fused_optimizer`` switches
each optimizer the script has stepped by its param groups' ``fused`` flag, the state carried over (the step counts
move to the parameters' device for the fused kernel and back where they were); ``pin_memory`` pins the batches of
single-process DataLoaders and makes their copies non-blocking (:mod:`.pinning`). The others (``num_workers``,
``cuda_graphs``, ``max_autotune``, ``compile`` of an eager script) keep separate processes: Inductor's CUDA graphs and
autotuning are chosen when a function is compiled, and compiling twice is what the measurement would then hold.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Final

from .pinning import pin_switch, switchable

#: Steps per block, and the steps right after a switch left out of its time.
BLOCK: Final[int] = 8
DROP: Final[int] = 2
#: Timed steps a switched run makes at least (>= 80: issue 66); fewer where the window asks for more.
SWITCH_STEPS: Final[int] = 96
#: The changes that switch inside one run.
SWITCHES: Final[tuple[str, ...]] = ("tf32", "cudnn_benchmark", "threads", "no_compile", "fused_optimizer", "pin_memory")


def switches(name: str, loaders: list[dict]) -> bool:
    """Whether change ``name`` is measured inside one run for a script whose baseline built ``loaders``
    (``pin_memory`` only where every DataLoader is single-process: :func:`.pinning.switchable`)."""
    return name in SWITCHES and (name != "pin_memory" or switchable(loaders))


def order(blocks: int) -> list[bool]:
    """Which blocks run with the change on: off, on, on, off, off, on, on, off, ..."""
    return [(i % 4) in (1, 2) for i in range(blocks)]


def switch(name: str, threads: int, optimizers: Callable[[], list] = list
           ) -> tuple[Callable[[], str], Callable[[], None]] | None:
    """``(on, off)`` for change ``name`` in this process (None: it cannot switch here): ``on`` makes the change and
    says what it did, ``off`` puts back what the script had set. ``optimizers`` gives the optimizers the script has
    stepped so far (``fused_optimizer`` switches them)."""
    torch = sys.modules.get("torch")
    if torch is None or name not in SWITCHES:
        return None
    if name == "fused_optimizer":
        return _fused_switch(optimizers)
    if name == "pin_memory":
        return pin_switch()
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


def _fused_switch(optimizers: Callable[[], list]) -> tuple[Callable[[], str], Callable[[], None]]:
    """``fused_optimizer`` switched: each param group of a fusable optimizer (Adam, AdamW, SGD, Adagrad over
    floating tensors on a device with the fused kernel) gets ``fused=True`` (``foreach`` off) and its step counts on
    the parameters' device; ``off`` puts back each group's flags and each step count's device."""
    from .changes import _cannot_fuse, _fusable_classes

    saved: dict[int, tuple] = {}  # id(group) -> (group, foreach, fused)
    moved: list[tuple[dict, object]] = []  # (state, the step count's device before)
    said: list[str] = []

    def on() -> str:
        fusable = tuple(_fusable_classes())
        for opt in optimizers():
            if type(opt) not in fusable or any(g.get("fused") or g.get("differentiable") for g in opt.param_groups):
                continue
            params = [p for g in opt.param_groups for p in g["params"]]
            if _cannot_fuse(params) is not None:
                continue
            for g in opt.param_groups:
                saved[id(g)] = (g, g.get("foreach"), g.get("fused"))
                g["fused"], g["foreach"] = True, False
                for p in g["params"]:
                    state = opt.state.get(p, {})
                    step = state.get("step")
                    if step is not None and hasattr(step, "device") and step.device != p.device:
                        moved.append((state, step.device))
                        state["step"] = step.to(p.device)
            said.append(f"{type(opt).__name__}: fused=True over {len(params)} tensor(s), switched in place")
        return "; ".join(said) or "no optimizer to fuse"

    def off() -> None:
        for g, foreach, fused in saved.values():
            g["foreach"], g["fused"] = foreach, fused
        for state, device in moved:
            if "step" in state:
                state["step"] = state["step"].to(device)
        saved.clear()
        moved.clear()
        said.clear()
    return on, off


def switched_steps(start: int, stop: int) -> int:
    """The stop of a switched run's window: at least SWITCH_STEPS timed steps, a whole number of blocks of 4."""
    steps = max(stop - start, SWITCH_STEPS)
    blocks = -(-steps // (4 * BLOCK)) * 4
    return start + blocks * BLOCK

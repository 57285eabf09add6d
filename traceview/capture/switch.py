"""Changes ``try`` switches on and off inside one run of the script: the switchback.

Separate processes differ by 20-30% on a shared host; one process taking the baseline and each change in turns, in
blocks of steps, holds every arm to the same process, allocator, caches and CPU. Every switchable change goes into
the same run (:class:`Schedule`): the timed steps are cut into blocks of :func:`block_size` steps, in quadruples
``off, on(c), on(c), off`` with ``c`` going round the changes still undecided, so each on block has an off block
beside it and drift hits both alike. A change leaves the rotation once its interval decides
(:mod:`.stopping`), or after :data:`MAX_PAIRS` pairs; the run stops when none is left (or at ``try``'s time
budget). The first ``drop`` steps of a block, right after a switch, are left out (cuDNN's benchmark of a new
algorithm, Dynamo's first call after a stance change), and the block's time is the rest's, synchronised at both
ends::

    block ms = (t[block end] - t[after its first drop steps]) / (block - drop)

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
from .stopping import MIN_PAIRS, decided, switched_share

#: Steps per block, and the steps right after a switch left out of its time (steps under SLOW_STEP_MS).
BLOCK: Final[int] = 8
DROP: Final[int] = 2
#: Steps of SLOW_STEP_MS or more are few in a script: blocks of SLOW_BLOCK steps, SLOW_DROP left out.
SLOW_STEP_MS: Final[float] = 50.0
SLOW_BLOCK: Final[int] = 4
SLOW_DROP: Final[int] = 1
#: Pairs of blocks (an on block and the off block beside it) a change takes at most before it stops undecided.
MAX_PAIRS: Final[int] = 32
#: The changes that switch inside one run.
SWITCHES: Final[tuple[str, ...]] = ("tf32", "cudnn_benchmark", "threads", "no_compile", "fused_optimizer", "pin_memory")


def switches(name: str, loaders: list[dict]) -> bool:
    """Whether change ``name`` is measured inside one run for a script whose baseline built ``loaders``
    (``pin_memory`` only where every DataLoader is single-process: :func:`.pinning.switchable`)."""
    return name in SWITCHES and (name != "pin_memory" or switchable(loaders))


def order(blocks: int) -> list[bool]:
    """Which blocks run with a change on: off, on, on, off, off, on, on, off, ..."""
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


#: The shortest block: one step left out after the switch, two timed.
MIN_BLOCK: Final[int] = 3


def block_size(step_ms: float | None, changes: int = 1, steps_known: int | None = None) -> tuple[int, int]:
    """(steps per block, steps left out after a switch) for a script whose step takes ``step_ms``: BLOCK (SLOW_BLOCK
    for slow steps), or shorter blocks, down to MIN_BLOCK, where ``changes`` changes would not reach their first
    decision within the ``steps_known`` timed steps the script is known to make."""
    block, drop = (SLOW_BLOCK, SLOW_DROP) if step_ms is not None and step_ms >= SLOW_STEP_MS else (BLOCK, DROP)
    while steps_known is not None and block > MIN_BLOCK and steps_needed(changes, block) > steps_known:
        block -= 1
        drop = min(drop, max(1, block // 4))
    return block, drop


def steps_needed(changes: int, block: int, pairs: int = MIN_PAIRS) -> int:
    """Timed steps a switched run needs for ``changes`` changes to reach ``pairs`` pairs each (a quadruple of
    blocks gives a change 2 pairs)."""
    return changes * -(-pairs // 2) * 4 * block


#: What :meth:`Schedule.next` returns when no change is left to measure.
DONE: Final = "<done>"


class Schedule:
    """Which arm each block of a switched run takes (see the module docstring): ``next()`` the next block's arm (a
    change, None for the baseline, or :data:`DONE`), ``record(ms)`` that block's time. ``predictions``: each
    change's predicted share (None: no prediction), for the stopping rule (:func:`.stopping.decided`)."""

    def __init__(self, changes: list[str], predictions: dict[str, float | None] | None = None,
                 max_pairs: int = MAX_PAIRS) -> None:
        self.active = list(changes)
        self.predictions = dict(predictions or {})
        self.max_pairs = max_pairs
        self.blocks: list[dict] = []  # {"arm": change or None, "on": bool, "ms": mean step of its timed steps}
        self.stopped: dict[str, str] = {}  # change -> "decided" or "most pairs"
        self._queue: list[str | None] = []
        self._current: str | None = None  # the change of the quadruple under way
        self._turn = 0
        self._given: str | None = None

    def next(self) -> str | None:
        if not self._queue:
            if not self.active:
                return DONE
            self._current = self.active[self._turn % len(self.active)]
            self._turn += 1
            self._queue = [None, self._current, self._current, None]
        self._given = self._queue.pop(0)
        return self._given

    def record(self, ms: float) -> None:
        self.blocks.append({"arm": self._given, "on": self._given is not None, "ms": ms})
        if self._queue or self._current is None:
            return
        c, self._current = self._current, None  # a quadruple ends: has its change decided?
        found = switched_share(self.blocks, c)
        if found is None:
            return
        share, (low, high), pairs = found
        if pairs >= self.max_pairs:
            self.stopped[c] = "most pairs"
        elif pairs >= MIN_PAIRS and decided(share, low, high, self.predictions.get(c)):
            self.stopped[c] = "decided"
        else:
            return
        position = self.active.index(c)
        self.active.remove(c)
        self._turn = position  # the change after c is next

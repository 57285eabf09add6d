"""``try --change pin_memory``: what ``pageable_copy`` advice asks for, made without editing the script.

Two parts, as the advice words it: the DataLoaders' batches pinned (``pin_memory=True``) and their copies to the GPU
made with ``non_blocking=True``. The second is :class:`NonBlockingCopies`: while it is on, ``Tensor.to`` and
``Tensor.cuda`` of a pinned CPU tensor to the GPU pass ``non_blocking=True`` unless the call says otherwise (a pinned
batch from a DataLoader is a fresh buffer the loader never writes again, so the copy may run behind the host).

In separate processes (``--no-switch``, or loaders with workers), every DataLoader is built with ``pin_memory=True``.
Switched inside one run (:mod:`.switch`), the live single-process iterators' ``_pin_memory`` flips with the copies'
``non_blocking``: a loader with workers starts its pin-memory thread when its iterator is made, so it cannot switch
(:func:`switchable`).
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable


def switchable(loaders: list[dict]) -> bool:
    """Whether pinning can switch inside one run: every DataLoader the baseline built is single-process."""
    return bool(loaders) and all(int(lo.get("num_workers") or 0) == 0 for lo in loaders)


class NonBlockingCopies:
    """``Tensor.to`` / ``Tensor.cuda`` patched once; :attr:`on` says whether pinned CPU tensors copy to the GPU with
    ``non_blocking=True``. :meth:`undo` puts torch's methods back."""

    def __init__(self) -> None:
        import torch

        self.on = False
        self._torch = torch
        self._to, self._cuda = torch.Tensor.to, torch.Tensor.cuda
        patched = self

        def to(self, *args, **kwargs):  # noqa: ANN001, ANN202 - Tensor.to's own signature
            if patched.wants(self, args, kwargs):
                kwargs["non_blocking"] = True
            return patched._to(self, *args, **kwargs)

        def cuda(self, *args, **kwargs):  # noqa: ANN001, ANN202
            if patched.on and "non_blocking" not in kwargs and len(args) < 2 and patched._pinned(self):
                kwargs["non_blocking"] = True
            return patched._cuda(self, *args, **kwargs)

        torch.Tensor.to, torch.Tensor.cuda = to, cuda

    def _pinned(self, tensor) -> bool:  # noqa: ANN001
        compiling = getattr(getattr(self._torch, "compiler", None), "is_compiling", lambda: False)
        return not compiling() and tensor.device.type == "cpu" and tensor.is_pinned()

    def wants(self, tensor, args: tuple, kwargs: dict) -> bool:  # noqa: ANN001
        """A copy of a pinned CPU tensor to an accelerator that says nothing of ``non_blocking``."""
        if not self.on or "non_blocking" in kwargs or any(isinstance(a, bool) for a in args):
            return False
        target = kwargs.get("device", args[0] if args else None)
        if isinstance(target, self._torch.Tensor):
            target = target.device
        if isinstance(target, (str, int)) or target is None:
            try:
                target = self._torch.device(target) if target is not None else None
            except (RuntimeError, TypeError):
                return False
        return isinstance(target, self._torch.device) and target.type != "cpu" and self._pinned(tensor)

    def undo(self) -> None:
        self._torch.Tensor.to, self._torch.Tensor.cuda = self._to, self._cuda


def pin_loaders(applied: list[str], copies: NonBlockingCopies) -> Callable[[], None]:
    """Separate processes: every DataLoader built without ``pin_memory`` gets ``pin_memory=True``, and pinned
    batches copy with ``non_blocking=True`` from the first step; returns the undo."""
    from torch.utils import data

    loader_init = data.DataLoader.__init__
    copies.on = True

    @functools.wraps(loader_init)  # the facts read DataLoader's own signature through it
    def init(self, *args, **kwargs):  # noqa: ANN001, ANN202 - DataLoader's own signature
        if not kwargs.get("pin_memory") and len(args) < 8:  # pin_memory is DataLoader's 8th parameter
            kwargs["pin_memory"] = True
            said = f"DataLoader({type(args[0] if args else kwargs.get('dataset')).__name__}): pin_memory=True, " \
                   "its batches copied with non_blocking=True"
            if said not in applied:
                applied.append(said)
        return loader_init(self, *args, **kwargs)

    data.DataLoader.__init__ = init

    def undo() -> None:
        data.DataLoader.__init__ = loader_init
        copies.undo()
    return undo


def can_pin() -> bool:
    """Whether this process has an accelerator to pin for (as DataLoader decides: without one it pins nothing)."""
    import torch

    accelerator = getattr(torch, "accelerator", None)
    return bool(accelerator.is_available()) if accelerator is not None else torch.cuda.is_available()


def pin_switch() -> tuple[Callable[[], str], Callable[[], None]]:
    """Switched inside one run: ``on`` pins the batches of every live single-process DataLoader iterator (and of
    those made while it is on) and makes their copies non-blocking; ``off`` puts both back. The patches of
    ``Tensor.to`` and the iterator's ``__init__`` stay for the rest of the run's process (it ends after its steps)."""
    from torch.utils.data import dataloader

    copies = NonBlockingCopies()
    iterators: weakref.WeakSet = weakref.WeakSet()
    saved: dict[int, tuple] = {}  # id(iterator) -> (iterator, its _pin_memory before)
    single = dataloader._SingleProcessDataLoaderIter
    make = single.__init__

    def pin(it) -> None:  # noqa: ANN001
        if not it._pin_memory:
            saved[id(it)] = (it, it._pin_memory)
            it._pin_memory = True

    def watch(self, loader) -> None:  # noqa: ANN001
        make(self, loader)
        iterators.add(self)
        if copies.on and pinnable:
            pin(self)

    single.__init__ = watch
    pinnable = can_pin()

    def on() -> str:
        copies.on = True
        if pinnable:
            for it in list(iterators):
                pin(it)
        return "DataLoader batches pinned, copied with non_blocking=True (switched in place)"

    def off() -> None:
        copies.on = False
        for it, was in saved.values():
            it._pin_memory = was
        saved.clear()

    return on, off

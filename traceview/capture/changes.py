"""The changes ``traceview try`` can make to a script without editing it, each applied in the script's own
process before its first line runs.

=================  ==================================================================  ====================
change             what it does                                                        applies when
=================  ==================================================================  ====================
cuda_graphs        Inductor's CUDA-graph trees (``TORCHINDUCTOR_CUDAGRAPHS=1``): what   the script compiles,
                   ``mode="reduce-overhead"`` adds to a compiled function              on a GPU
fused_optimizer    optimizers built with ``fused=True`` where the class has a fused    an optimizer with a
                   kernel and every parameter is a floating tensor on a device it      fused version steps,
                   supports (``foreach`` is then left unset)                            not fused already
max_autotune       ``TORCHINDUCTOR_MAX_AUTOTUNE=1`` and coordinate-descent tuning:     the script compiles
                   ``mode="max-autotune-no-cudagraphs"``
no_compile         ``TORCH_COMPILE_DISABLE=1``: every ``torch.compile`` runs eagerly;   the script compiles
                   what compiling buys today
pin_memory         DataLoaders built with ``pin_memory=True``, pinned batches copied to   a DataLoader feeds
                   the GPU with ``non_blocking=True`` (:mod:`.pinning`)                 a GPU, not pinned
num_workers        DataLoaders built with ``num_workers=0`` over a map-style dataset   such a DataLoader
                   get ``num_workers=N`` and ``persistent_workers=True``, and nothing  feeds the steps
                   else
num_workers+       ``num_workers`` and, where N workers beside the intra-op threads     the same, on a CPU
threads            would oversubscribe the cores, ``torch.set_num_threads(cores - N)``  whose cores the
                   in the same run: the pair, measured beside each change alone        workers would share
threads            ``torch.set_num_threads(N)`` and ``OMP_NUM_THREADS=N`` (Inductor's  the steps run on the
                   C++ kernels read it)                                                CPU
=================  ==================================================================  ====================

What a change needs from the script is read from a baseline run (:class:`Facts`); a change that cannot
apply is skipped with the reason. Each change keeps a list of what it did (``applied``), so a run can
say "fused=True on Adam (148 tensors)" or that it found nothing to change.
"""

from __future__ import annotations

import inspect
import os
from dataclasses import dataclass, field
from typing import Any, Callable

from traceview.trace.host import default_workers, threads_beside

from .pinning import NonBlockingCopies, pin_loaders

#: The order ``try`` runs and prints them in.
NAMES = ("cuda_graphs", "fused_optimizer", "max_autotune", "no_compile", "compile", "tf32", "cudnn_benchmark",
         "pin_memory", "num_workers", "num_workers+threads", "threads")
#: The change that needs another to pay where cores are few: (alone, with, the pair's name).
PAIR = ("num_workers", "threads", "num_workers+threads")

#: The advice kind whose prediction a change tests (None: no advice kind predicts it).
ADVICE_KIND = {"cuda_graphs": "cuda_graphs", "fused_optimizer": "fused_optimizer", "max_autotune": None,
               "no_compile": None, "compile": "compile", "tf32": "precision", "cudnn_benchmark": "cudnn_benchmark",
               "pin_memory": "pageable_copy", "num_workers": "input", "num_workers+threads": None, "threads": "threads"}

#: Environment each change sets in the script's process (and so in every process it starts).
ENV = {
    "cuda_graphs": {"TORCHINDUCTOR_CUDAGRAPHS": "1"},
    "max_autotune": {"TORCHINDUCTOR_MAX_AUTOTUNE": "1", "TORCHINDUCTOR_COORDINATE_DESCENT_TUNING": "1"},
    "no_compile": {"TORCH_COMPILE_DISABLE": "1"},
}

#: What each change does, in the words of the table ``try`` prints.
WHAT = {
    "cuda_graphs": "CUDA-graph trees for compiled code (what mode='reduce-overhead' adds)",
    "fused_optimizer": "optimizers built with fused=True",
    "max_autotune": "Inductor's max-autotune (mode='max-autotune-no-cudagraphs')",
    "no_compile": "torch.compile switched off (TORCH_COMPILE_DISABLE=1): what compiling buys",
    "compile": "the modules the optimizer trains compiled (Module.compile()) before the first step",
    "tf32": "TF32 for float32 matmuls and convolutions (torch.set_float32_matmul_precision('high'))",
    "cudnn_benchmark": "cuDNN picks each convolution's fastest algorithm (torch.backends.cudnn.benchmark = True)",
    "pin_memory": "DataLoader(pin_memory=True), the batches copied to the GPU with non_blocking=True",
    "num_workers": "DataLoader(num_workers=0) -> num_workers=N, persistent_workers=True",
    "num_workers+threads": "num_workers and fewer intra-op threads together: the workers need cores of their own",
    "threads": "fewer intra-op threads (torch.set_num_threads, OMP_NUM_THREADS)",
}


@dataclass
class Facts:
    """What a run of the script showed about it: what the changes need to know whether they apply."""

    compiled_graphs: int = 0  # Dynamo graphs compiled
    device: str = "cpu"  # "cuda" when the script initialised CUDA
    optimizers: list[dict] = field(default_factory=list)  # the optimizer whose steps are counted: class, fused, ...
    loaders: list[dict] = field(default_factory=list)  # every DataLoader built: num_workers, map-style or not
    torch_threads: int = 1
    usable_cores: int = 1
    tf32: bool = False  # float32 matmuls on TF32 when the run ended (torch.get_float32_matmul_precision() != "highest")
    cudnn_benchmark: bool = False  # torch.backends.cudnn.benchmark when the run ended

    @classmethod
    def from_dict(cls, data: dict) -> Facts:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})


def defaults(facts: Facts) -> dict[str, int]:
    """The N of ``num_workers`` and ``threads`` when the command line gives none: half the cores for
    workers (at least 2, at most 8); half the intra-op threads (at least 1)."""
    return {"workers": default_workers(facts.usable_cores), "threads": max(1, facts.torch_threads // 2)}


def threads_beside_workers(facts: Facts, workers: int) -> int:
    """The intra-op threads ``num_workers`` gives the training process: on the CPU, where ``workers`` worker
    processes beside the script's threads would oversubscribe the usable cores, the cores the workers leave
    (what ``input`` advice says: OpenMP's threads wait on each other when a worker takes their core); 0 (leave
    them) on a GPU, where the cores suffice, or where the script runs that few threads already."""
    if facts.device == "cuda":
        return 0
    fewer = threads_beside(facts.usable_cores, facts.torch_threads, workers)
    return fewer if fewer < facts.torch_threads else 0


def why_not(name: str, facts: Facts, workers: int, threads: int) -> str | None:
    """None when ``name`` can apply to a script with ``facts``; else why not, in one line."""
    if name in ("cuda_graphs", "max_autotune", "no_compile") and not facts.compiled_graphs:
        return "the script compiles nothing (no torch.compile graph in the baseline run)"
    if name == "compile":
        if facts.compiled_graphs:
            return "the script compiles already (try cuda_graphs, max_autotune or no_compile)"
        if not facts.optimizers:
            return "no optimizer stepped in the baseline run: nothing says which modules train"
    if name in ("tf32", "cudnn_benchmark") and facts.device != "cuda":
        return "it needs a GPU; the script ran on the CPU"
    if name == "tf32" and facts.tf32:
        return "float32 matmuls already run on TF32 in the script"
    if name == "cudnn_benchmark" and facts.cudnn_benchmark:
        return "the script sets torch.backends.cudnn.benchmark already"
    if name == "cuda_graphs" and facts.device != "cuda":
        return "CUDA graphs need a GPU; the script ran on the CPU"
    if name == "fused_optimizer":
        stepped = facts.optimizers
        if not stepped:
            return "no optimizer stepped in the baseline run"
        if not any(o.get("has_fused") for o in stepped):
            return f"{', '.join(sorted({o['cls'] for o in stepped}))} has no fused version (Adam, AdamW, SGD and Adagrad do)"
        if all(o.get("fused") for o in stepped if o.get("has_fused")):
            return "the optimizer is fused already"
    if name == "pin_memory":
        if facts.device != "cuda":
            return "it needs a GPU; the script ran on the CPU"
        if not facts.loaders:
            return "the script builds no DataLoader"
        if all(lo.get("pin_memory") for lo in facts.loaders):
            return "its DataLoaders pin memory already"
    if name == "num_workers+threads":
        alone = why_not("num_workers", facts, workers, threads)
        if alone is not None:
            return alone
        if not threads_beside_workers(facts, workers):
            return f"{workers} worker(s) leave the script's {facts.torch_threads} intra-op thread(s) cores enough"
    if name == "num_workers":
        if not facts.loaders:
            return "the script builds no DataLoader"
        if not any(lo["num_workers"] == 0 and lo["map_style"] for lo in facts.loaders):
            if any(lo["num_workers"] == 0 for lo in facts.loaders):
                return "its DataLoaders read iterable datasets: workers would each yield the whole dataset"
            return f"its DataLoaders already have workers (num_workers={facts.loaders[0]['num_workers']})"
    if name == "threads":
        if facts.device == "cuda":
            return "the steps run on the GPU; intra-op threads only matter for CPU steps"
        if threads >= facts.torch_threads:
            return f"the script already runs {facts.torch_threads} intra-op thread(s); --threads {threads} is not fewer"
    return None


def environment(name: str | None, threads: int) -> dict[str, str]:
    """Environment variables for a run under ``name`` (None: the baseline)."""
    if name == "threads":
        return {"OMP_NUM_THREADS": str(threads)}
    return dict(ENV.get(name, {})) if name else {}


def apply(name: str | None, workers: int, threads: int, facts: Facts,
          loader_threads: int = 0) -> tuple[list[str], Callable[[], None]]:
    """Make change ``name`` in this process (environment variables are set by the caller, before torch is
    imported); record what the script builds (``facts``) either way. ``loader_threads``: the intra-op threads
    ``num_workers`` sets when it gives a DataLoader workers (:func:`threads_beside_workers`; 0: none). Returns
    the lines saying what was changed and a function that undoes the patches."""
    import torch
    from torch.utils import data

    applied: list[str] = []  # what the change did in this process, one line each
    undo: list[Callable[[], None]] = []
    if name == "threads":
        torch.set_num_threads(threads)
        applied.append(f"torch.set_num_threads({threads}), OMP_NUM_THREADS={threads}")
    elif name == "tf32":
        torch.set_float32_matmul_precision("high")
        torch.backends.cudnn.allow_tf32 = True
        applied.append("torch.set_float32_matmul_precision('high'), torch.backends.cudnn.allow_tf32 = True")
    elif name == "cudnn_benchmark":
        torch.backends.cudnn.benchmark = True
        applied.append("torch.backends.cudnn.benchmark = True")
    elif name == "compile":
        undo.append(_compile_trained_modules(applied))
    elif name == "pin_memory":
        undo.append(pin_loaders(applied, NonBlockingCopies()))
    elif name in ENV:
        applied.append(", ".join(f"{k}={v}" for k, v in ENV[name].items()))

    loader_init = data.DataLoader.__init__

    def init_loader(self, dataset, *args, **kwargs):  # noqa: ANN001 - DataLoader's own signature
        bound = _bind(loader_init, self, dataset, *args, **kwargs)
        map_style = not isinstance(dataset, data.IterableDataset)
        workers_before = int(bound.get("num_workers", 0) or 0)
        facts.loaders.append({"num_workers": workers_before, "map_style": map_style, "dataset": type(dataset).__name__,
                              "pin_memory": bool(bound.get("pin_memory"))})
        if name in ("num_workers", "num_workers+threads") and workers_before == 0 and map_style:
            kwargs = {**bound, "num_workers": workers, "persistent_workers": True}
            kwargs.pop("dataset", None)
            applied.append(f"DataLoader({type(dataset).__name__}): num_workers=0 -> {workers}, persistent_workers=True")
            if loader_threads and torch.get_num_threads() > loader_threads:
                before = torch.get_num_threads()
                torch.set_num_threads(loader_threads)
                applied.append(f"torch.set_num_threads({loader_threads}) (was {before}), so the {workers} worker(s) get "
                               f"cores of their own ({facts.usable_cores} usable cores)")
            return loader_init(self, dataset, **kwargs)
        return loader_init(self, dataset, *args, **kwargs)

    data.DataLoader.__init__ = init_loader
    undo.append(lambda: setattr(data.DataLoader, "__init__", loader_init))
    if name == "fused_optimizer":
        for cls in _fusable_classes():
            undo.append(_fuse(cls, applied))
    return applied, lambda: [u() for u in reversed(undo)]


def _compile_trained_modules(applied: list[str]) -> Callable[[], None]:
    """When an optimizer is built, compile (``Module.compile()``, in place) the outermost modules whose parameters it
    trains, so the script's own calls of them run compiled from the first step; returns the undo. Modules are
    found among those built so far (``nn.Module.__init__`` is watched from the script's first line)."""
    import weakref

    import torch

    built: list = []
    module_init, optimizer_init = torch.nn.Module.__init__, torch.optim.Optimizer.__init__

    def watch(self, *args, **kwargs):
        module_init(self, *args, **kwargs)
        built.append(weakref.ref(self))

    def on_optimizer(self, params, *args, **kwargs):
        params = list(params)
        optimizer_init(self, params, *args, **kwargs)
        trained = {id(p) for p in _tensors(params)}
        modules = [m for m in (r() for r in built) if m is not None]
        owners = [m for m in modules if (own := [id(p) for p in m.parameters()]) and set(own) <= trained]
        children = {id(c) for m in owners for c in m.modules() if c is not m}
        for m in (m for m in owners if id(m) not in children):
            if not getattr(m, "_traceview_compiled", False):
                m.compile()
                m._traceview_compiled = True
                applied.append(f"{type(m).__name__}.compile() ({sum(p.numel() for p in m.parameters()):,} parameters); "
                               "a loss computed outside it stays eager")

    torch.nn.Module.__init__ = watch
    torch.optim.Optimizer.__init__ = on_optimizer

    def undo() -> None:
        torch.nn.Module.__init__ = module_init
        torch.optim.Optimizer.__init__ = optimizer_init

    return undo


def _bind(function, *args, **kwargs) -> dict[str, Any]:
    """The call's arguments by name, defaults left out (``self`` dropped)."""
    bound = inspect.signature(function).bind(*args, **kwargs)
    named = dict(bound.arguments)
    named.pop("self", None)
    extra = named.pop("kwargs", None)
    return {**named, **(extra or {})}


def has_fused(cls: type) -> bool:
    """Whether the optimizer class takes ``fused=``."""
    try:
        return "fused" in inspect.signature(cls.__init__).parameters
    except (TypeError, ValueError):
        return False


def _fusable_classes() -> list[type]:
    import torch

    return [c for c in (torch.optim.Adam, torch.optim.AdamW, torch.optim.SGD, torch.optim.Adagrad) if has_fused(c)]


def _fuse(cls: type, applied: list[str]) -> Callable[[], None]:
    """Patch ``cls.__init__`` so an optimizer built without ``fused`` gets ``fused=True`` when its parameters
    allow it; returns the undo."""
    own = "__init__" in cls.__dict__
    original = cls.__init__

    def __init__(self, params, *args, **kwargs):  # noqa: N807 - stands in for the class's own
        bound = _bind(original, self, params, *args, **kwargs)
        if type(self) is cls and bound.get("fused") is None and not bound.get("differentiable"):
            params = list(params)  # a generator is read once: keep it
            reason = _cannot_fuse(params)
            if reason is None:
                kwargs = {k: v for k, v in bound.items() if k != "params"}
                kwargs["fused"], kwargs["foreach"] = True, None
                applied.append(f"{cls.__name__}(fused=True) over {_count(params)} tensor(s)")
                return original(self, params, **kwargs)
            applied.append(f"{cls.__name__} left as it was: {reason}")
        return original(self, params, *args, **kwargs)

    cls.__init__ = __init__
    return (lambda: setattr(cls, "__init__", original)) if own else (lambda: delattr(cls, "__init__"))


def _tensors(params: list) -> list:
    import torch

    out = []
    for p in params:
        if isinstance(p, dict):
            out += list(p.get("params", []))
        elif isinstance(p, tuple) and len(p) == 2 and isinstance(p[1], torch.Tensor):  # named parameters
            out.append(p[1])
        else:
            out.append(p)
    return out


def _count(params: list) -> int:
    return len(_tensors(params))


def _cannot_fuse(params: list) -> str | None:
    import torch

    try:
        from torch.optim.optimizer import _get_fused_kernels_supported_devices

        devices = set(_get_fused_kernels_supported_devices())
    except ImportError:  # an older torch: CUDA only
        devices = {"cuda"}
    tensors = _tensors(params)
    for t in tensors:
        if not isinstance(t, torch.Tensor) or not torch.is_floating_point(t):
            return "a parameter is not a floating-point tensor"
        if t.device.type not in devices:
            return f"a parameter is on {t.device.type}, which has no fused kernel"
    return None if tensors else "no parameters"


def usable_cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)

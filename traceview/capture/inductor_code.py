"""Copy the code Inductor generated for compiled graphs into a folder, verbatim.

Contract with the readers of a run folder (``DIR/<variant>/code/`` for ``traceview run``,
``DIR/code/`` for ``traceview profile``):

- ``code/NN_<stem>.py``: one wrapper module per compiled graph, in the order Inductor loaded them
  (``output_code`` style: ``call()``, the ``async_compile.triton(...)`` / ``cpp_pybinding(...)``
  kernel sources, and the ``# kernel path:`` / ``# Source Nodes:`` / ``Original ATen:`` comments).
- ``code/kernels/<stem>.py``: any other module Inductor loaded (e.g. a Triton kernel the wrapper
  only points to).
- ``code/index.json``: ``[{"file", "kind": "wrapper"|"kernel", "source_path"}]``.

The modules come from ``torch._inductor.codecache.PyCodeCache``: every module it loaded between a
:func:`snapshot` and :func:`copy_new_code`. Its attribute is ``modules`` (a list) in recent
torch (2.11, 2.13) and ``cache`` (a dict) in older ones; both are handled.
"""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path

log = logging.getLogger(__name__)

WRAPPER_MARKERS = ("def call(", "class Runner")  # what only a graph's wrapper module defines


def _loaded_modules() -> list:
    try:
        from torch._inductor.codecache import PyCodeCache
    except ImportError:  # pragma: no cover - torch without Inductor
        return []
    modules = getattr(PyCodeCache, "modules", None)
    if modules is None:
        modules = list(getattr(PyCodeCache, "cache", {}).values())
    return list(modules)


def snapshot() -> set[int]:
    """Identities of the modules Inductor has loaded so far."""
    return {id(m) for m in _loaded_modules()}


def _kind(source: str) -> str:
    return "wrapper" if any(marker in source for marker in WRAPPER_MARKERS) and "async_compile" in source else "kernel"


def copy_new_code(before: set[int], dest: Path) -> list[Path]:
    """Copy every module loaded since ``before`` into ``dest`` (created only if there is one).

    Returns the wrapper files written (kernels and the index are not listed).
    """
    seen_paths: set[str] = set()
    index, wrappers = [], []
    for module in _loaded_modules():
        path = getattr(module, "__file__", None)
        if id(module) in before or not path or path in seen_paths or not Path(path).is_file():
            continue
        seen_paths.add(path)
        source = Path(path).read_text(encoding="utf-8", errors="replace")
        kind = _kind(source)
        if kind == "wrapper":
            target = dest / f"{len(wrappers):02d}_{Path(path).stem}.py"
            wrappers.append(target)
        else:
            target = dest / "kernels" / f"{Path(path).stem}.py"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        index.append({"file": str(target.relative_to(dest)), "kind": kind, "source_path": path})
    if index:
        (dest / "index.json").write_text(json.dumps(index, indent=1) + "\n")
    log.debug("copied %d Inductor modules (%d wrappers) to %s", len(index), len(wrappers), dest)
    return wrappers

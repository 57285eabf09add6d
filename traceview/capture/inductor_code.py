"""Copy the code Inductor generated for compiled graphs into a folder, verbatim.

Contract with the readers of a run folder (``DIR/<variant>/code/`` for ``traceview run``,
``DIR/code/`` for ``traceview profile``):

- ``code/NN_<stem>.py``: one wrapper module per compiled graph, in the order Inductor loaded them
  (``output_code`` style: ``call()``, the ``async_compile.triton(...)`` / ``cpp_pybinding(...)``
  kernel sources, and the ``# kernel path:`` / ``# Source Nodes:`` / ``Original ATen:`` comments).
- ``code/kernels/<stem>.py``: any other module Inductor loaded (e.g. a Triton kernel the wrapper
  only points to).
- ``code/index.json``: ``[{"file", "kind": "wrapper"|"kernel", "source_path"}]``.

The modules are those ``torch._inductor.codecache.PyCodeCache.load_by_key_path`` loads while
:func:`recording` is active (the method exists, with this signature, from torch 2.2 to 2.13):
every compiled graph's wrapper goes through it, whether compiled or loaded from the FX graph cache.
"""

from __future__ import annotations

import json
import logging
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger(__name__)

WRAPPER_MARKERS = ("def call(", "class Runner")  # what only a graph's wrapper module defines


@dataclass
class CodeRecorder:
    """The source of every module Inductor loads while :func:`recording` is active, in load order."""

    modules: list[tuple[str, str]] = field(default_factory=list)  # (path, source)

    def write(self, dest: Path) -> list[Path]:
        """Write the recorded modules under ``dest`` (see the module docstring); return the wrappers."""
        index, wrappers, seen = [], [], set()
        for path, source in self.modules:
            if path in seen:
                continue
            seen.add(path)
            if _kind(source) == "wrapper":
                target = dest / f"{len(wrappers):02d}_{Path(path).stem}.py"
                wrappers.append(target)
            else:
                target = dest / "kernels" / f"{Path(path).stem}.py"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(source, encoding="utf-8")
            index.append({"file": str(target.relative_to(dest)), "kind": _kind(source), "source_path": path})
        if index:
            (dest / "index.json").write_text(json.dumps(index, indent=1) + "\n")
        log.debug("wrote %d Inductor modules (%d wrappers) to %s", len(index), len(wrappers), dest)
        return wrappers


@contextmanager
def recording():
    """Record each module ``PyCodeCache.load_by_key_path`` loads, reading its source at load time.

    Reading at load time matters: with Inductor's caches off (``force_disable_caches``), the cache
    folder is cleared, and ``PyCodeCache.modules`` emptied, as soon as the compile finishes.
    """
    recorder = CodeRecorder()
    try:
        from torch._inductor.codecache import PyCodeCache
    except ImportError:  # pragma: no cover - torch without Inductor
        yield recorder
        return
    original = PyCodeCache.__dict__["load_by_key_path"]

    def load_by_key_path(cls, key, path, *args, **kwargs):
        module = original.__func__(cls, key, path, *args, **kwargs)
        try:
            recorder.modules.append((str(path), Path(path).read_text(encoding="utf-8", errors="replace")))
        except OSError as exc:  # pragma: no cover - the file vanished already
            log.debug("could not read Inductor module %s: %s", path, exc)
        return module

    PyCodeCache.load_by_key_path = classmethod(load_by_key_path)
    try:
        yield recorder
    finally:
        PyCodeCache.load_by_key_path = original


def _kind(source: str) -> str:
    return "wrapper" if any(marker in source for marker in WRAPPER_MARKERS) and "async_compile" in source else "kernel"

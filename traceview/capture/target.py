"""What ``traceview profile`` runs as ``__main__``: a script (``script.py``) or a module (``-m package.module``).

Both behave as ``python`` would run them::

    python script.py a b      sys.argv = [script.py, a, b]     sys.path[0] = the script's folder
    python -m pkg.mod a b     sys.argv = [<pkg/mod.py path>, a, b]   sys.path[0] = the current folder;
                              a package runs its __main__; __spec__, __package__ set (relative imports work)

Everything is checked before anything runs (missing file or module, syntax error), so a bad
command line fails with one line and nothing half-done.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import types
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from traceview.errors import CaptureError


@dataclass(frozen=True)
class Target:
    """A script or module, compiled and ready to run as ``__main__``."""

    path: Path  # the file the code comes from
    code: types.CodeType
    module: str | None = None  # the -m name; None for a script
    init_globals: dict[str, Any] = field(default_factory=dict)  # __file__, __spec__, __package__, ...
    sys_path0: str = ""  # what python puts first on sys.path

    @property
    def stem(self) -> str:
        """The trace's file stem: the script's, or the module's last component."""
        if self.module is None:
            return self.path.stem
        last = self.module.rsplit(".", 1)[-1]
        return last if last != "__main__" else self.module.split(".")[0]

    @contextmanager
    def as_main(self, args: list[str]) -> Iterator[dict]:
        """A fresh ``__main__`` module for the run, with argv and sys.path as python sets them; restored after."""
        saved_argv, saved_path, saved_main = sys.argv[:], sys.path[:], sys.modules.get("__main__")
        module = types.ModuleType("__main__")
        module.__dict__.update({"__builtins__": __builtins__, "__spec__": None, **self.init_globals})
        sys.argv = [str(self.path), *args]
        sys.path.insert(0, self.sys_path0)
        sys.modules["__main__"] = module
        try:
            yield module.__dict__
        finally:
            sys.argv, sys.path[:] = saved_argv, saved_path
            if saved_main is not None:
                sys.modules["__main__"] = saved_main


def script_target(script: Path | str) -> Target:
    """A script file, read and compiled. CaptureError if it is missing, unreadable or not valid Python."""
    script = Path(script)
    if not script.is_file():
        raise CaptureError(f"script not found: {script}")
    try:
        source = script.read_bytes()
    except OSError as exc:
        raise CaptureError(f"cannot read script {script}: {exc.strerror}") from None
    return Target(path=script, code=_compile(source, script), init_globals={"__file__": str(script)},
                  sys_path0=str(script.resolve().parent))


def module_target(name: str) -> Target:
    """A module found on sys.path (the current folder first, as ``python -m``), its code compiled."""
    cwd = os.getcwd()
    sys.path.insert(0, cwd)
    try:
        spec = _find(name)
        if spec.submodule_search_locations is not None:  # a package: run its __main__
            spec = _find(f"{name}.__main__", package=name)
        loader = spec.loader
        try:
            code = loader.get_code(spec.name) if loader is not None and hasattr(loader, "get_code") else None
        except SyntaxError as exc:
            raise CaptureError(f"{exc.filename}:{exc.lineno}: syntax error: {exc.msg}") from None
        except (ImportError, OSError) as exc:
            raise CaptureError(f"cannot read module {name}: {exc}") from None
    finally:
        if cwd in sys.path:
            sys.path.remove(cwd)
    if code is None:
        raise CaptureError(f"module {name} has no Python code to run (a namespace package or an extension module)")
    origin = Path(spec.origin or name)
    return Target(path=origin, code=code, module=spec.name,
                  init_globals={"__file__": str(origin), "__spec__": spec, "__loader__": spec.loader,
                                "__package__": spec.parent, "__cached__": spec.cached},
                  sys_path0=cwd)


def _find(name: str, package: str | None = None):
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError) as exc:  # a parent package that fails to import, an empty name
        raise CaptureError(f"cannot find module {name}: {exc}") from None
    if spec is None:
        raise CaptureError(f"no module named {name}" + (f" ({package} is a package and has no __main__)" if package else ""))
    return spec


def _compile(source: bytes, path: Path) -> types.CodeType:
    try:
        return compile(source, str(path), "exec", dont_inherit=True)
    except SyntaxError as exc:
        raise CaptureError(f"{path}:{exc.lineno}: syntax error: {exc.msg}") from None

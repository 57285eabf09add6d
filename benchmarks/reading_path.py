"""How far a reader travels following one ``analyze()`` call (issue 29): the traceview modules it enters and the
distinct calls from one module into another, recorded while it runs.

    python benchmarks/reading_path.py TRACE [--question kernels] [--src CHECKOUT] [--json out.json]

A *jump* is a distinct (calling function, called function) pair in two different traceview modules: what a reader
following the call opens one file for; repeated calls of the same pair (a per-step loop) count once. *Modules* are
the traceview modules entered; the same counted inside ``analysis/`` alone (what is left when the data layer's calls —
``trace.nearest``, ``tagged``, the tree walker — read as the API they are). ``--json`` also lists every jump
(``pairs``: calling function, called function). ``--src``: measure the traceview of another checkout (a ``git worktree`` of an older
commit), imported instead of this one. Loading is not followed (``load`` runs first, untraced).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def follow(trace_path: Path, question: str = "analyze") -> dict:
    """Follow ``analyze()`` (every analysis), or one question of the Python API (``kernels``: ``tv.open(path).kernels``
    with the trace already loaded: what a notebook's first table costs)."""
    from traceview.analysis.analyze import analyze
    from traceview.trace import load

    trace = load(trace_path)
    if question != "analyze":
        import traceview as tv

        run = tv.open(trace_path)
        run.__dict__["trace"] = trace  # loaded above, untraced, as for analyze()

        def ask() -> None:
            getattr(run, question)
    else:
        def ask() -> None:
            analyze(trace)
    root = str(Path(sys.modules["traceview"].__file__).parent)
    jumps: set[tuple[str, str]] = set()
    modules: set[str] = set()

    def module_of(frame) -> str | None:
        path = frame.f_code.co_filename
        return path[len(root) - len("traceview"):].removesuffix(".py").replace("/", ".") if path.startswith(root) else None

    def profile(frame, event, arg):
        if event != "call":
            return
        callee = module_of(frame)
        if callee is None:
            return
        modules.add(callee)
        caller = frame.f_back
        while caller is not None and module_of(caller) is None:  # through numpy, pandas, builtins
            caller = caller.f_back
        if caller is not None and module_of(caller) != callee:
            jumps.add((f"{module_of(caller)}.{caller.f_code.co_name}", f"{callee}.{frame.f_code.co_name}"))

    sys.setprofile(profile)
    try:
        ask()
    finally:
        sys.setprofile(None)
    inside = [(a, b) for a, b in jumps if a.startswith("traceview.analysis.") and b.startswith("traceview.analysis.")]
    return {"trace": str(trace_path), "question": question, "source": root, "modules": len(modules), "jumps": len(jumps),
            "analysis_modules": len({m for m in modules if m.startswith("traceview.analysis.")}),
            "analysis_jumps": len(inside),
            "by_module": {m: sum(1 for _, b in jumps if b.rsplit(".", 1)[0] == m) for m in sorted(modules)},
            "pairs": sorted(jumps)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace", type=Path)
    parser.add_argument("--src", type=Path, help="another checkout's root (its traceview/ is imported)")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--question", default="analyze", help="analyze (every analysis), or a Run property: kernels, steps, advice, ...")
    args = parser.parse_args()
    if args.src:
        sys.path.insert(0, str(args.src.resolve()))
    out = follow(args.trace, args.question)
    print(f"{out['trace']}: {out['modules']} modules, {out['jumps']} jumps between them; inside analysis/: "
          f"{out['analysis_modules']} modules, {out['analysis_jumps']} jumps ({out['source']})")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

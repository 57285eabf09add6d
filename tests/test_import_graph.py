"""The package's import graph has no cycle: data flows capture -> trace -> analysis -> report -> api, each
stage imports only earlier ones, and no two modules of a stage import each other, directly or round
a longer loop. Every import counts: module level, inside functions, and under ``TYPE_CHECKING``
(a type-only import is still a dependency a reader follows)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "traceview"

#: The stages in the order data flows; a module of one may import only its own stage or earlier ones.
STAGES = ("trace", "analysis", "report", "api")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The traceview modules ``name`` imports (``from pkg import submodule`` counts the submodule)."""
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against this module's package
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in known:
                    out.add(sub)
                elif target in known:
                    out.add(target)
    out.discard(name)
    return out


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports(name, path, known) for name, path in found.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def stage(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in STAGES else None


def test_the_reader_finds_the_imports_it_should():
    """The parser itself: known edges of each kind (absolute, relative, from-package, type-only) are seen."""
    g = graph()
    assert "traceview.trace.read" in g["traceview.trace.events"]
    assert "traceview.analysis.result" in g["traceview.analysis.verdicts.findings"]  # a TYPE_CHECKING import
    assert "traceview.trace" in g["traceview.analysis.analyze"]  # from traceview.trace import Trace
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.parametrize("package", ["traceview.trace", "traceview.analysis", "traceview"])
def test_no_import_cycle(package):
    g = graph()
    inside = {m: {t for t in ts if t == package or t.startswith(package + ".")} for m, ts in g.items()
              if m == package or m.startswith(package + ".")}
    assert cycles(inside) == []


def test_stages_import_only_earlier_stages():
    order = {s: i for i, s in enumerate(STAGES)}
    wrong = [(m, t) for m, ts in graph().items() for t in ts
             if stage(m) and stage(t) and order[stage(t)] > order[stage(m)]]
    assert wrong == []


#: analysis/'s folders, one kind of question each, on floors: a folder imports only its own floor's folders or lower
#: ones (the module graph has no cycle, so neither has any floor). ``result`` and ``analyze`` are modules of their own.
ANALYSIS_FLOORS = {
    "base": 0,  # intervals, what a trace holds, each slice's phase, autograd's fwd/bwd pairs, a finding
    "kernels": 1,  # what ran and where it came from
    "compile": 2, "host": 2, "ranks": 2,  # what torch.compile did; what the host cost; which rank held the others
    "advice": 3,  # what to change first, from the above
    "result": 4,  # every analysis in one record
    "analyze": 5, "verdicts": 5, "compare": 5,  # the run of them all; rules on the result; between results
    "resolve": 5,  # which analysis needs which, computed when asked
}


def _folder(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "analysis" else None


def test_every_analysis_module_is_in_a_folder_on_a_floor():
    folders = {_folder(m) for m in graph() if _folder(m)}
    assert folders == set(ANALYSIS_FLOORS)


def test_analysis_folders_import_only_their_floor_or_lower():
    wrong = [(m, t) for m, ts in graph().items() for t in ts
             if _folder(m) and _folder(t) and ANALYSIS_FLOORS[_folder(t)] > ANALYSIS_FLOORS[_folder(m)]]
    assert wrong == []


#: report/ is split along one axis, the output kind: these folders never import each other, except an HTML page
#: embedding its data with the JSON encoder (``traceview.report.json`` itself, not a JSON document's module).
#: Shared by all of them: ``words`` (what every output calls things) and ``text`` (strings safe to print).
REPORT_OUTPUTS = ("terminal", "html", "json")
REPORT_SHARED = {"traceview.report.words", "traceview.report.text"}


def _output(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "report" else None


def test_report_is_split_by_output_kind_and_outputs_do_not_import_each_other():
    g = graph()
    report = {m for m in g if m.startswith("traceview.report.")}
    assert {_output(m) for m in report} == {*REPORT_OUTPUTS, "words", "text", "junit", "perfetto"}
    wrong = [(m, t) for m in report for t in g[m] if t.startswith("traceview.report.") and t not in REPORT_SHARED
             and _output(t) != _output(m) and not (_output(m) == "html" and t == "traceview.report.json")]
    assert wrong == []
    assert not any(t.startswith("traceview.report.") and t not in REPORT_SHARED for m in REPORT_SHARED for t in g[m])


def test_each_drawing_library_stays_in_its_output():
    """rich draws only the terminal (and ``text``'s safe strings for it); plotly only the HTML."""
    wrong = []
    for name, path in modules().items():
        if not name.startswith("traceview.report."):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            targets = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for t in targets:
                if t.split(".")[0] == "rich" and _output(name) not in ("terminal", "text"):
                    wrong.append((name, t))
                if t.split(".")[0] == "plotly" and _output(name) != "html":
                    wrong.append((name, t))
    assert wrong == []

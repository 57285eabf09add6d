"""The house's size limits (issue 63, CONTRIBUTING.md): no module of traceview/ over 450 lines, no function over 80.
A module that grows past them is split by what it answers, not by line count."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "traceview"
MODULE_LINES = 450
FUNCTION_LINES = 80
MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_module_and_its_functions_stay_small(path):
    text = path.read_text()
    assert text.count("\n") <= MODULE_LINES, f"{path.name}: {text.count(chr(10))} lines"
    long = [(node.name, node.end_lineno - node.lineno + 1) for node in ast.walk(ast.parse(text))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno + 1 > FUNCTION_LINES]
    assert long == [], long


def test_the_walk_finds_the_package():
    assert len(MODULES) > 100 and any(p.name == "cli.py" for p in MODULES)

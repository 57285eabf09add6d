"""Write docs/reference/trace-model.md from traceview/trace/schema.py: every table, every column, its dtype and the
comment beside it. ``python docs/gen/trace_model.py`` (tests/test_docs.py fails when the page and the schema differ).
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "traceview" / "trace" / "schema.py"
PAGE = ROOT / "docs" / "reference" / "trace-model.md"
#: The tables' declarations, in the order the page gives them.
TABLES = ("SLICES", "LAUNCHES", "GPU", "GPU_ANNOTATIONS", "FLOWS", "COUNTERS", "INSTANTS", "MEMORY", "GPU_COMM", "THREADS")


def _comments(source: str) -> dict[int, str]:
    """line -> the comment on it."""
    out = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            out[tok.start[0]] = tok.string.lstrip("# ").strip()
    return out


def tables() -> list[tuple[str, list[tuple[str, str, str]]]]:
    source = SCHEMA.read_text()
    comments = _comments(source)
    out = []
    for node in ast.parse(source).body:
        target = node.target if isinstance(node, ast.AnnAssign) else (node.targets[0] if isinstance(node, ast.Assign) else None)
        value = getattr(node, "value", None)
        if not isinstance(target, ast.Name) or not isinstance(value, ast.Dict) or target.id not in TABLES:
            continue
        if not all(isinstance(k, ast.Constant) and isinstance(v, ast.Constant) and isinstance(v.value, str)
                   for k, v in zip(value.keys, value.values)):
            continue
        rows = [(k.value, v.value, comments.get(k.lineno, "")) for k, v in zip(value.keys, value.values)]
        out.append((target.id, rows))
    return out


def page() -> str:
    doc = ast.get_docstring(ast.parse(SCHEMA.read_text())) or ""
    parts = ["# The trace model", "",
             "A trace becomes a few pandas tables joined by ids; every column below is declared once in "
             "`traceview/trace/schema.py` (this page is written from it by `docs/gen/trace_model.py`). "
             "`tv.open(path).trace` holds the tables.", "", doc.replace("``", "`"), ""]
    for name, rows in tables():
        parts += [f"## `{name}`", "", "| column | dtype | meaning |", "|---|---|---|"]
        parts += [f"| `{c}` | `{t}` | {m.replace('|', '/')} |" for c, t, m in rows]
        parts.append("")
    return "\n".join(parts)


if __name__ == "__main__":
    if "--check" in sys.argv:
        sys.exit(0 if PAGE.read_text() == page() else 1)
    PAGE.write_text(page())
    print(f"wrote {PAGE}")

"""Every notebook in notebooks/ runs top to bottom on the CPU with no cell erroring, and shows what its
committed outputs show (numbers to 4 significant digits; PNGs and ids aside): the committed notebook
is what a reader on GitHub sees, so it must be what a fresh run gives."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def _builder():
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_notebooks", NOTEBOOKS[0].parent / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def kernel_name(tmp_path_factory) -> str:
    """A kernelspec that runs this interpreter (the test's venv), found through JUPYTER_PATH."""
    root = tmp_path_factory.mktemp("jupyter")
    spec = root / "kernels" / "traceview-test"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                                                  "display_name": "traceview test", "language": "python"}))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("JUPYTER_PATH", str(root))
        yield "traceview-test"


def test_there_are_kernel_count_launch_overhead_and_advice_notebooks():
    assert {"kernel_counts.ipynb", "launch_overhead.ipynb", "advice_and_try.ipynb"} <= {p.name for p in NOTEBOOKS}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebooks_import_only_traceview(path):
    """A notebook never needs an import below ``traceview`` (issue 63): ``import traceview as tv`` is the API."""
    import nbformat

    sources = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")
    assert "import traceview as tv" in sources
    assert not re.search(r"(?:from|import)\s+traceview\.", sources)


@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.slow) for p in NOTEBOOKS],
                         ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_top_to_bottom(path, kernel_name):
    import nbformat

    build = _builder()
    committed = nbformat.read(path, as_version=4)
    fresh = build.execute(nbformat.read(path, as_version=4), kernel_name=kernel_name, timeout=300)
    outputs = [o for cell in fresh.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert any(build.PLOTLY in o.get("data", {}) for o in outputs) and any("text/html" in o.get("data", {}) for o in outputs)
    # the committed notebook was executed, and a reader without Jupyter sees a picture of every figure
    saved = [o for cell in committed.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    figures = [o for o in saved if build.PLOTLY in o.get("data", {})]
    assert figures and all(o["data"]["image/png"] for o in figures)
    # the committed cells are the builder's (python notebooks/build_notebooks.py writes both)
    source = build.NOTEBOOKS[path.stem]()
    assert [c.source for c in committed.cells] == [c.source for c in source.cells]
    for i, (was, now) in enumerate(zip(build.shown(committed), build.shown(fresh), strict=True)):
        assert was == now, f"code cell {i} of {path.name} shows something else now: run python notebooks/build_notebooks.py"

"""Every notebook in notebooks/ runs top to bottom on the CPU with no cell erroring (as CI does)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


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


def test_there_are_kernel_count_and_launch_overhead_notebooks():
    assert {"kernel_counts.ipynb", "launch_overhead.ipynb"} <= {p.name for p in NOTEBOOKS}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_top_to_bottom(path, kernel_name):
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, kernel_name=kernel_name, timeout=300, resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert any("application/vnd.plotly.v1+json" in o.get("data", {}) or "text/html" in o.get("data", {}) for o in outputs)

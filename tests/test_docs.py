"""The documentation (issue 64): a README a newcomer reads in a minute, a site of pages under 40 KB, pages written
from the code that cannot drift from it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def test_readme_is_short_and_has_exactly_the_two_set_up_commands():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.encode()) < 12_000
    blocks = re.findall(r"```bash\n(.*?)```", readme, re.S)
    assert blocks[0].strip() == "pip install torch==2.13.0 && pip install -e '.[capture,test]' && traceview run abc"
    assert blocks[1].strip() == "python -m pytest -q"


def test_every_page_is_under_40_kb_and_in_the_nav():
    pages = sorted(p for p in DOCS.rglob("*.md"))
    assert pages and all(p.stat().st_size < 40_000 for p in pages), [p for p in pages if p.stat().st_size >= 40_000]
    nav = (ROOT / "mkdocs.yml").read_text()
    assert all(str(p.relative_to(DOCS)) in nav for p in pages), [p for p in pages if str(p.relative_to(DOCS)) not in nav]


def test_the_trace_model_page_is_the_schema():
    done = subprocess.run([sys.executable, str(DOCS / "gen" / "trace_model.py"), "--check"])
    assert done.returncode == 0, "docs/reference/trace-model.md differs from traceview/trace/schema.py: run python docs/gen/trace_model.py"


def test_every_advice_kind_has_a_page():
    from traceview.analysis.advice.record import KINDS

    text = " ".join(p.read_text() for p in (DOCS / "advice").glob("*.md"))
    assert all(f"`{k}`" in text for k in KINDS)


def test_every_docs_page_the_package_names_exists():
    """A docstring or comment that sends a reader to docs/... names a page that is there."""
    import re

    named = {m for p in (ROOT / "traceview").rglob("*.py")
             for m in re.findall(r"docs/[A-Za-z0-9_./-]+\.md", p.read_text())}
    assert named and not [m for m in sorted(named) if not (ROOT / m).is_file()]


def test_the_commit_msg_hook_refuses_a_subject_over_72_characters(tmp_path):
    hook = ROOT / ".githooks" / "commit-msg"
    ok, long = tmp_path / "ok", tmp_path / "long"
    ok.write_text("x" * 72 + "\n\nbody " * 40)
    long.write_text("x" * 73 + "\n")
    assert subprocess.run(["bash", str(hook), str(ok)], capture_output=True).returncode == 0
    refused = subprocess.run(["bash", str(hook), str(long)], capture_output=True, text=True)
    assert refused.returncode == 1 and "73 characters" in refused.stderr

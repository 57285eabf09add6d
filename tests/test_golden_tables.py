"""The loader builds exactly the tables it built when tests/data/golden/tables.json.gz was recorded
(``python tests/golden.py``), for every trace here: a redesign of ``traceview/trace`` changes nothing
a user sees. Regenerate the file only for a change that is meant to alter the tables, and say so."""

from __future__ import annotations

import gzip
import json

import pytest

from conftest import spread
from golden import GOLDEN, corpus, fingerprint

RECORDED = json.loads(gzip.decompress(GOLDEN.read_bytes()))
FILES = corpus()


def test_every_recorded_trace_is_still_here_and_every_trace_is_recorded():
    missing = sorted(name for name in RECORDED if name not in FILES and not name.startswith("public/"))
    assert missing == []
    assert sorted(name for name in FILES if name not in RECORDED) == []


@pytest.mark.parametrize("name", spread(sorted(n for n in RECORDED if n in FILES), every=8))
def test_tables_equal_the_recorded_ones(name):
    assert fingerprint(FILES[name]) == RECORDED[name]

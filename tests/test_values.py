"""The loader's column readers (`trace/values.py`) give what their one-value rules give, on every kind of value."""

from __future__ import annotations

import random

import numpy as np

from traceview.trace.values import NS_MAX, as_int, exact_ns, exact_ns_array, int_array


def _texts(rng: random.Random, n: int) -> list[bytes | None]:
    out: list[bytes | None] = []
    for _ in range(n):
        roll = rng.random()
        whole = str(rng.choice([rng.randrange(10**15, 2 * 10**15), rng.randrange(10**12), rng.randrange(10), 0,
                                NS_MAX // 1000, NS_MAX // 1000 + 1, rng.randrange(10**16, 10**17), 10**18]))
        frac = "".join(rng.choice("0123456789") for _ in range(rng.choice([0, 1, 2, 3, 3, 3, 4, 5, 7])))
        text = whole + ("." + frac if frac or rng.random() < 0.1 else "")
        if roll < 0.04:
            out.append(None)
        elif roll < 0.08:
            out.append(b"-" + text.encode())
        elif roll < 0.11:
            out.append(f"{rng.random():.3e}".encode())
        elif roll < 0.14:
            out.append(b'"' + text.encode() + b'"')
        elif roll < 0.16:
            out.append(rng.choice([b"", b".", b"abc", b"1.2.3", b"12a.5", b".5", b"7"]))
        else:
            out.append(text.encode())
    return out


def test_exact_ns_array_reads_every_text_as_exact_ns_does():
    rng = random.Random(7)
    for n in (0, 1, 5, 400):
        texts = _texts(rng, n)
        ns, usable = exact_ns_array(texts)
        expected = [exact_ns(t) if t is not None else None for t in texts]
        assert usable.tolist() == [v is not None for v in expected]
        assert ns[usable].tolist() == [v for v in expected if v is not None]


def test_exact_ns_array_keeps_the_nanoseconds_float_would_lose():
    ns, usable = exact_ns_array([b"1712195495519689.047", b"1712195495519695.8", b"1712195495519695.8125"])
    assert usable.all()
    assert ns.tolist() == [1712195495519689047, 1712195495519695800, 1712195495519695813]
    assert round(1712195495519689.047 * 1000) != 1712195495519689047  # what a float64 would have given instead


def test_int_array_reads_text_ids_as_as_int_does():
    rng = random.Random(3)
    values = [rng.choice([7, "25738", "stream 7", "", "PyTorch Profiler", None, 3.0, 2.5, True, 2**70, -4, " 12 ", "-3"])
              for _ in range(500)]
    column = int_array(values)
    expected = [as_int(v) for v in values]
    assert column.isna().tolist() == [v is None for v in expected]
    assert np.asarray(column[~column.isna()]).tolist() == [v for v in expected if v is not None]

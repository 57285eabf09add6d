"""Did Inductor's autotuning choose differently in two runs? Decisions matched across two captures.

A decision is keyed by what was tuned: a template choice by (op, inputs), a runtime one by its kernel
name; the n-th decision of a key in A meets the n-th of the same key in B. A choice is the chosen
candidate's kind, name without Inductor's running number (``triton_mm_12`` -> ``triton_mm``, which
differs between runs for the same template) and its config::

    key                                 a_chosen                             b_chosen                   changed
    addmm 32x64, 64x128 (bfloat16)      triton_mm (BLOCK_M=64, ..., w=4)     mm (extern)                True
    runtime triton_poi_fused_add_0      XBLOCK: 1024, num_warps: 4           XBLOCK: 512, num_warps: 4  True
"""

from __future__ import annotations

import pandas as pd

from traceview.analysis.compile.autotune import AutotuneChoice, AutotuneChoices
from traceview.trace.catalogue import without_running_number

COLUMNS = ["key", "a_chosen", "b_chosen", "a_ms", "b_ms", "a_trace_ms", "b_trace_ms", "changed"]


def autotune_changes(a: AutotuneChoices | None, b: AutotuneChoices | None) -> pd.DataFrame:
    """One row per decision found on both sides (COLUMNS); empty when either side has no record."""
    if a is None or b is None:
        return pd.DataFrame(columns=COLUMNS)
    keyed_b: dict[str, list[AutotuneChoice]] = {}
    for c in b.choices:
        keyed_b.setdefault(_key(c), []).append(c)
    seen: dict[str, int] = {}
    rows = []
    for ca in a.choices:
        key = _key(ca)
        n = seen.get(key, 0)
        seen[key] = n + 1
        if n >= len(keyed_b.get(key, [])):
            continue
        cb = keyed_b[key][n]
        rows.append({"key": key, "a_chosen": _identity(ca), "b_chosen": _identity(cb), "a_ms": ca.chosen_ms,
                     "b_ms": cb.chosen_ms, "a_trace_ms": ca.trace_ms, "b_trace_ms": cb.trace_ms,
                     "changed": _identity(ca) != _identity(cb)})
    return pd.DataFrame(rows, columns=COLUMNS)


def _key(c: AutotuneChoice) -> str:
    return f"{c.op} {c.inputs}" if c.tuner == "select_algorithm" else f"{c.tuner} {c.kernel}"


def _identity(c: AutotuneChoice) -> str:
    """The chosen candidate as comparable across runs: kind, name without its running number, config."""
    if c.chosen is None:
        return "-"
    if c.tuner != "select_algorithm":
        return c.chosen
    chosen = next((x for x in c.candidates if x["name"] == c.chosen), {})
    config = f", {chosen['description']}" if chosen.get("description") else ""
    return f"{without_running_number(c.chosen)} ({c.chosen_kind}{config})"

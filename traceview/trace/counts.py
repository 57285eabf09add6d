"""Counting a column's values with one order on every pandas: most first, ties in the order the trace met them.

``Series.value_counts()`` leaves the order of equal counts to pandas' hash tables and sort, and pandas 2 and 3
order them differently (a DDP rank's 60 ``cuLaunchKernel`` and 60 ``cudaLaunchKernelExC`` launches swapped places;
the most frequent of two tied step annotations, or of two optimizers, was whichever came first there). The picks
and listed counts that used ``value_counts()`` go through :func:`most_common`; the others break ties by sorted value
(``idxmax`` of a sorted groupby, ``mode()``), which is the same on every pandas.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd


def most_common(values: Any, latest: bool = False) -> pd.Series:
    """How often each distinct value of ``values`` (a Series, an array, a MultiIndex) occurs, missing values not
    counted: most first, equal counts in the order of each value's first row (``latest``: of each value's last
    row, the latest first)."""
    codes, uniques = pd.factorize(values)  # uniques in the order of first appearance; missing values coded -1
    codes = np.asarray(codes)
    present = codes >= 0
    counts = np.bincount(codes[present], minlength=len(uniques))
    if latest:
        last = np.full(len(uniques), -1, dtype=np.int64)
        np.maximum.at(last, codes[present], np.flatnonzero(present))
        order = np.lexsort((-last, -counts))
    else:
        order = np.argsort(-counts, kind="stable")
    index = uniques.take(order) if isinstance(uniques, pd.Index) else pd.Index(np.asarray(uniques)[order])
    return pd.Series(counts[order], index=index, dtype=np.int64, name="count")

"""Per-name work done once per distinct name: slice and kernel names are categorical columns.

A trace of millions of slices has a few thousand distinct names; a regular expression run on the
categories and spread to the rows by code costs the thousands, not the millions (pandas already
does this for ``.str.contains`` / ``.str.match`` on a categorical, but not for ``.str.extract``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd


def per_name(names: pd.Series, fn: Callable[[pd.Series], pd.Series]) -> pd.Series:
    """``fn`` applied to the distinct names, spread to every row of ``names`` (same index).

    ``fn`` takes and returns a Series of the same length (e.g. ``lambda s: s.str.extract(p)["id"]``).
    Rows whose name is missing get NaN.
    """
    if not isinstance(names.dtype, pd.CategoricalDtype):
        names = names.astype("category")
    values = np.append(np.asarray(fn(pd.Series(names.cat.categories.astype(str))), dtype=object), np.nan)
    codes = names.cat.codes.to_numpy()
    return pd.Series(values[np.where(codes >= 0, codes, len(values) - 1)], index=names.index, dtype=object)

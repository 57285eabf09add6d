"""Columns derived once the tables are built: each slice's step, and the launch's context on every
launch and GPU activity (:data:`traceview.trace.schema.DERIVED`).

::

    slices    step_id      the step window (trace.steps) the slice starts in: its marker's slice_id
              tags         the name's answers to the catalogue's questions (trace/catalogue.py)
    launches  phase, op_id, region_id, outer_region_id,       the launch's own slice's columns
              module_id, step_id
    gpu       the same                                         its launch's (a CUDA-graph replay's
              comm, tags                                       kernels: the cudaGraphLaunch's); a NCCL/RCCL kernel;
                                                               the name's answers to the catalogue

An activity whose launch is not in the trace has none (``<NA>``). Analyses read these columns
instead of walking from a kernel to its launch and up the slice tree, or asking which step a
moment falls in.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from traceview.trace.by_name import matches
from traceview.trace.catalogue import COMM_KERNEL
from traceview.trace.tag_match import tags_of
from traceview.trace.schema import DERIVED
from traceview.trace.step_windows import StepWindows, step_at

#: Slice columns a launch, and each GPU activity through its launch, carries.
THROUGH_LAUNCH = ("phase", "op_id", "region_id", "outer_region_id", "module_id", "step_id")


def derived(slices: pd.DataFrame, launches: pd.DataFrame, gpu: pd.DataFrame,
            windows: StepWindows) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """The three tables with :data:`DERIVED <traceview.trace.schema.DERIVED>`'s columns added (new
    frames; the columns they had are shared, not copied)."""
    at = step_at(windows, slices["rank"].to_numpy().astype(np.int64), slices["pid"].to_numpy(dtype=np.int64, na_value=-1),
                 slices["start_ns"].to_numpy())
    step_id = pd.arrays.IntegerArray(np.where(at >= 0, windows.slice_id[np.maximum(at, 0)] if len(windows) else 0, 0), at < 0)
    slices = slices.assign(step_id=step_id, tags=tags_of(slices["name"], "slices"))
    launches = launches.assign(**_through(slices, launches["launch_id"].to_numpy()))
    lid = gpu["launch_id"].to_numpy(dtype=np.float64, na_value=-1).astype(np.int64)
    comm = (gpu["kind"] == "kernel").to_numpy(dtype=bool, na_value=False) & matches(gpu["name"], COMM_KERNEL.pattern, anchored=True) \
        if len(gpu) else np.zeros(0, dtype=bool)
    gpu = gpu.assign(**_through(slices, lid), comm=comm, tags=tags_of(gpu["name"], "gpu"))
    return slices, launches, gpu


def _through(slices: pd.DataFrame, rows: np.ndarray) -> dict:
    """The slices' THROUGH_LAUNCH columns at ``rows`` (-1: none, <NA>)."""
    if not len(slices):  # no slice at all: nothing to take from
        return {col: pd.Series([None] * len(rows), dtype=DERIVED["gpu"][col]).array for col in THROUGH_LAUNCH}
    return {col: slices[col].array.take(rows, allow_fill=True) for col in THROUGH_LAUNCH}


def has_derived(slices: pd.DataFrame, launches: pd.DataFrame, gpu: pd.DataFrame) -> bool:
    return all(col in frame.columns for frame, table in ((slices, "slices"), (launches, "launches"), (gpu, "gpu"))
               for col in DERIVED[table])


def without_derived(table: str, frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` without the derived columns (to be derived again, e.g. after ranks are concatenated)."""
    drop = [c for c in DERIVED.get(table, {}) if c in frame.columns]
    return frame.drop(columns=drop) if drop else frame

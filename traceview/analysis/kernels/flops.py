"""How close did each GEMM, convolution and attention kernel come to the GPU's peak?

With ``record_shapes=True`` every cpu_op carries its inputs' ``Input Dims`` and ``Input type``.
For the ops whose work is set by their shapes the FLOPs follow (PyTorch's own formulas,
``torch/utils/flop_counter.py``)::

    aten::mm       [M,K] x [K,N]                    2·M·N·K
    aten::addmm    bias, [M,K] x [K,N]              2·M·N·K           (TraceLens adds M·N for the bias)
    aten::bmm / baddbmm   [B,M,K] x [B,K,N]         2·B·M·N·K
    aten::convolution     x [N,Cin,...], w [Cout,Cin/g,k...]   2·N·Cout·prod(out)·Cin/g·prod(k)
    aten::convolution_backward   the same, once per gradient asked for (input, weight)
    aten::_scaled_dot_product_*_attention   q [B,H,L,E], k [B,H,S,E], v [B,H,S,Ev]   2·B·H·L·S·(E+Ev)
    ... its _backward                                2x the forward
    is_causal (L = S): half of it, the work done (FlashAttention's benchmark and TraceLens count so;
    torch's FlopCounterMode does not halve)

The FLOPs of one op call are shared among the kernels it launched in proportion to their time, so a
kernel's TFLOP/s is its call's (``flops / kernel time``); the layout conversions cuDNN runs around a convolution
(NCHW <-> NHWC) share none of them where the call launched other kernels. Bytes (inputs read once, outputs written
once) give the arithmetic intensity, and each kernel sits on a roofline: the attainable rate is
``min(peak TFLOP/s, intensity x peak GB/s)`` for the dtype's peak of the device
(:mod:`traceview.analysis.kernels.peaks`: its dense peaks and its DRAM bandwidth).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import pandas as pd

from traceview.analysis.kernels.attribution import KernelAttribution
from traceview.analysis.kernels.bandwidth import INPUT_TYPE_BYTES
from traceview.analysis.kernels.peaks import roof
from traceview.trace.catalogue import tagged
from traceview.errors import TraceFormatError
from traceview.trace import Trace
from traceview.trace.shapes import ShapeArgs

#: ``Input type`` strings -> compute dtype for the peak.
_DTYPE: Final[dict[str, str]] = {"float": "fp32", "double": "fp64", "c10::Half": "fp16", "c10::BFloat16": "bf16",
                                 "c10::Float8_e4m3fn": "fp8", "c10::Float8_e5m2": "fp8", "c10::Float8_e4m3fnuz": "fp8"}
#: The ops counted, by name (children of these, such as aten::_efficient_attention_forward, take
#: their parent's FLOPs through the kernel attribution).
_GEMM = {"aten::mm": (0, 1, False), "aten::addmm": (1, 2, False), "aten::bmm": (0, 1, True), "aten::baddbmm": (1, 2, True)}
#: The attention ops counted, and the position of ``is_causal`` in each one's arguments (its Concrete Inputs).
_SDPA_BACKWARD: Final[frozenset[str]] = frozenset({
    "aten::_scaled_dot_product_efficient_attention_backward", "aten::_scaled_dot_product_flash_attention_backward",
    "aten::_scaled_dot_product_cudnn_attention_backward", "aten::_scaled_dot_product_flash_attention_for_cpu_backward"})
_CAUSAL_ARG: Final[dict[str, int]] = {
    "aten::_scaled_dot_product_efficient_attention": 6, "aten::_scaled_dot_product_cudnn_attention": 6,
    "aten::_scaled_dot_product_flash_attention": 4, "aten::_scaled_dot_product_flash_attention_for_cpu": 4,
    "aten::_scaled_dot_product_efficient_attention_backward": 11, "aten::_scaled_dot_product_flash_attention_backward": 11,
    "aten::_scaled_dot_product_cudnn_attention_backward": 14, "aten::_scaled_dot_product_flash_attention_for_cpu_backward": 7,
}

CALL_COLUMNS: Final[list[str]] = ["slice_id", "rank", "op", "flops", "bytes", "dtype"]


@dataclass(frozen=True)
class Flops:
    """``calls``: one row per counted op call (slice_id, rank, op, flops, bytes, dtype).
    ``kernels``: per kernel name (run phase): flops, bytes, dur_ns, tflops, gbps, intensity (FLOP per
    byte), dtype, peak_tflops, peak_gbps, attainable_tflops (the roofline at that intensity), pct_of_peak
    (tflops / attainable); only kernels launched by a counted op.
    ``per_activity``: flops per GPU activity (index: activity_id; 0 where none was counted)."""

    calls: pd.DataFrame
    kernels: pd.DataFrame
    per_activity: pd.Series
    shapes_recorded: bool = False  # the trace's CPU ops carry "Input Dims" (record_shapes=True)


def op_flops(trace: Trace) -> pd.DataFrame:
    """FLOPs and bytes of every counted op call whose shapes the trace recorded (CALL_COLUMNS)."""
    slices = trace.slices
    counted = np.flatnonzero(tagged(slices, "flop_counted_op") & (slices["cat"] == "cpu_op").to_numpy())
    if all(_shapes_off(m.header) for m in trace.ranks):
        counted = counted[:0]  # the trace says it has no shapes: no args to read
    names = slices["name"].array[counted]  # categorical: one string per distinct name
    which, distinct = trace.shape_args(counted)  # each distinct shape text decoded once
    # the formulas run once per distinct (op, shapes); their results spread to the calls by index
    pair = names.codes.astype(np.int64) * len(distinct) + np.asarray(which, dtype=np.int64)
    pairs, each = np.unique(pair, return_inverse=True)
    labels = names.categories
    results = [call_flops(str(labels[p // len(distinct)]), *_fields(distinct[p % len(distinct)])) for p in pairs.tolist()]
    known = np.array([r is not None for r in results], dtype=bool)
    flops = np.array([r[0] if r else 0 for r in results], dtype=np.int64)
    nbytes = pd.array([r[1] if r else None for r in results], dtype="Int64")
    dtype = np.array([r[2] if r else None for r in results], dtype=object)
    keep = known[each] if len(each) else np.zeros(0, dtype=bool)
    ids = counted[keep]
    if len(ids) > 1:  # an op counted inside another counted op (conv2d -> convolution): keep the innermost
        mask = np.zeros(len(slices), dtype=bool)
        mask[ids] = True
        outer = trace.enclosing(ids, mask)
        inner = ~np.isin(ids, outer[outer >= 0])
        keep[keep] = inner
        ids = ids[inner]
    at = each[keep]
    frame = pd.DataFrame({
        "slice_id": ids, "rank": slices["rank"].to_numpy()[ids],
        "op": np.asarray(names[keep].astype(str), dtype=object), "flops": flops[at], "bytes": nbytes[at], "dtype": dtype[at],
    }, columns=CALL_COLUMNS)
    wrong = {c: t for c, t in _CALL_TYPES.items() if frame[c].dtype != pd.api.types.pandas_dtype(t)}
    return frame.astype(wrong) if wrong else frame


#: The calls table's columns whose type is fixed (a frame's columns of the right type are not cast again).
_CALL_TYPES = {"slice_id": "int64", "rank": "int32", "flops": "int64", "bytes": "Int64"}


def _fields(args: ShapeArgs) -> tuple[Any, Any, Any]:
    return args.dims, args.types, args.concrete


def _shapes_off(header: dict[str, Any]) -> bool:
    """The header says ``record_shapes`` was off (old traces do not say: their args are read)."""
    return "record_shapes" in header and header["record_shapes"] in (0, False, "0", "false", "False")


def call_flops(op: str, dims: Any, types: Any, concrete: Any = None) -> tuple[int, int | None, str | None] | None:
    """(flops, bytes, dtype) of one op call from its record_shapes args; None when they do not say."""
    if not isinstance(dims, list) or not isinstance(types, list):
        return None
    try:
        if op in _GEMM:
            return _gemm(op, dims, types)
        if op == "aten::convolution":
            return _convolution(dims, types, concrete, backward=False)
        if op == "aten::convolution_backward":
            return _convolution(dims, types, concrete, backward=True)
        if op in _CAUSAL_ARG:
            causal = _literal((concrete or [])[_CAUSAL_ARG[op]]) if _CAUSAL_ARG[op] < len(concrete or []) else None
            return _attention(dims, types, backward=op in _SDPA_BACKWARD, causal=causal is True)
    except (TypeError, ValueError, IndexError):
        return None
    return None


def _size(shape: Any, dtype: Any) -> int | None:
    if not isinstance(shape, list) or not all(isinstance(d, int) for d in shape) or dtype not in INPUT_TYPE_BYTES:
        return None
    return math.prod(shape) * INPUT_TYPE_BYTES[dtype]


def _gemm(op: str, dims: list, types: list) -> tuple[int, int | None, str | None] | None:
    a, b, batched = _GEMM[op]
    A, B = dims[a], dims[b]
    if batched:
        if len(A) != 3 or len(B) != 3:
            return None
        (batch, m, k), n = A, B[2]
    else:
        if len(A) != 2 or len(B) != 2:
            return None
        batch, (m, k), n = 1, A, B[1]
    flops = 2 * batch * m * n * k
    inputs = [_size(d, t) for d, t in zip(dims, types) if isinstance(d, list) and d]
    out = _size([batch, m, n], types[a])
    known = None in inputs or out is None
    return flops, None if known else sum(inputs) + out, _DTYPE.get(types[a])


def _convolution(dims: list, types: list, concrete: Any, backward: bool) -> tuple[int, int | None, str | None] | None:
    """aten::convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups);
    aten::convolution_backward(grad_output, input, weight, bias_sizes, stride, padding, dilation,
    transposed, output_padding, groups, output_mask)."""
    offset = 1 if backward else 0
    x, w = dims[offset], dims[offset + 1]
    values = [_literal(v) for v in (concrete or [])]
    stride, padding, dilation, transposed, groups = (values[i] if i < len(values) else None for i in
                                                     ((4, 5, 6, 7, 9) if backward else (3, 4, 5, 6, 8)))
    if transposed or len(x) < 3 or len(w) != len(x):
        return None  # transposed convolutions are not counted
    spatial = len(x) - 2
    stride, padding, dilation = (_per_axis(v, spatial) for v in (stride, padding, dilation))
    if None in (stride, padding, dilation):
        return None
    groups = groups if isinstance(groups, int) and groups > 0 else 1
    out = [(x[2 + i] + 2 * padding[i] - dilation[i] * (w[2 + i] - 1) - 1) // stride[i] + 1 for i in range(spatial)]
    if backward:
        out = dims[0][2:]  # grad_output's spatial size is the forward output's
    flops = 2 * x[0] * w[0] * math.prod(out) * (x[1] // groups) * math.prod(w[2:])
    out_bytes = _size([x[0], w[0], *out], types[offset])
    moved = [_size(x, types[offset]), _size(w, types[offset + 1]), out_bytes]
    if backward:
        mask = values[10] if len(values) > 10 and isinstance(values[10], list) else [True, True, False]
        flops *= int(bool(mask[0])) + int(bool(mask[1]))
    return flops, None if None in moved else sum(moved), _DTYPE.get(types[offset])


def _attention(dims: list, types: list, backward: bool, causal: bool) -> tuple[int, int | None, str | None] | None:
    offset = 1 if backward else 0  # the backward's first input is grad_out
    q, k, v = dims[offset:offset + 3]
    if len(q) != 4 or len(k) != 4 or len(v) != 4:
        return None
    b, h, length, e = q
    s, ev = k[2], v[3]
    flops = 2 * b * h * length * s * (e + ev) * (2 if backward else 1)
    if causal and length == s:
        flops //= 2
    out = _size([b, h, length, ev], types[offset])
    moved = [_size(d, t) for d, t in zip(dims[offset:offset + 3], types[offset:offset + 3])] + [out]
    if backward:
        moved += [_size(dims[0], types[0])] + moved[:3]  # grad_out read; dq, dk, dv written
    return flops, None if None in moved else sum(moved), _DTYPE.get(types[offset])


def _literal(text: Any) -> Any:
    """A Concrete Inputs string: "1" -> 1, "[1, 1]" -> [1, 1], "True"/"False" -> bool; else None."""
    if not isinstance(text, str) or not text:
        return None
    if text in ("True", "False"):
        return text == "True"
    if text.lstrip("-").isdigit():
        return int(text)
    if text.startswith("[") and text.endswith("]"):
        items = [t.strip() for t in text[1:-1].split(",") if t.strip()]
        parsed = [_literal(t) for t in items]
        return parsed if all(isinstance(p, (int, bool)) for p in parsed) else None
    return None


def _per_axis(value: Any, axes: int) -> list[int] | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return [value] * axes
    if isinstance(value, list) and len(value) in (1, axes) and all(isinstance(v, int) for v in value):
        return value * axes if len(value) == 1 else value
    return None


def kernel_flops(trace: Trace, attribution: KernelAttribution, calls: pd.DataFrame | None = None, phase: str | None = "run") -> Flops:
    """Share each counted call's FLOPs among its kernels and put every kernel name on the roofline."""
    calls = op_flops(trace) if calls is None else calls
    table = attribution.table
    if calls.empty:  # nothing counted: no kernel has FLOPs
        return Flops(calls=calls, kernels=_roofline(pd.DataFrame(), trace), per_activity=pd.Series(np.zeros(len(table)), index=table["activity_id"].to_numpy()),
                     shapes_recorded=_shapes_recorded(trace))
    is_kernel = (table["kind"] == "kernel").to_numpy()
    op_id = table["op_id"].fillna(-1).to_numpy(dtype=np.int64)
    mask = np.zeros(len(trace.slices), dtype=bool)
    mask[calls["slice_id"].to_numpy()] = True
    call_id = np.where(is_kernel, trace.enclosing(op_id, mask, include_self=True), -1)
    dur = table["dur_ns"].to_numpy(dtype=np.int64)
    # a call's layout conversions (cuDNN's NCHW <-> NHWC around a convolution) do none of its FLOPs: they share them
    # only in a call that launched nothing else
    layout = pd.Series(tagged(trace.gpu, "layout_kernel"), index=trace.gpu["activity_id"].to_numpy()) \
        .reindex(table["activity_id"].to_numpy()).to_numpy(dtype=bool, na_value=False)
    computing = np.unique(call_id[(call_id >= 0) & ~layout])
    known = (call_id >= 0) & (~layout | ~np.isin(call_id, computing))
    # each known kernel's call is a row of ``calls`` (the mask above is made of them): its position there
    call_row = np.full(len(trace.slices), -1, dtype=np.int64)
    call_row[calls["slice_id"].to_numpy()] = np.arange(len(calls))
    at = call_row[call_id[known]]
    share = np.zeros(len(table), dtype=np.float64)
    byte_share = np.zeros(len(table), dtype=np.float64)
    if known.any():
        # the call's kernels' time (integer ns: exact as float64 sums)
        call_dur = np.bincount(at, weights=dur[known], minlength=len(calls))[at]
        weight = dur[known] / np.maximum(call_dur, 1)
        share[known] = calls["flops"].to_numpy(dtype=np.float64)[at] * weight
        byte_share[known] = calls["bytes"].to_numpy(dtype=np.float64, na_value=np.nan)[at] * weight
    per_activity = pd.Series(share, index=table["activity_id"].to_numpy())
    keep = known & ((table["phase"] == phase).to_numpy() if phase is not None else True)
    frame = pd.DataFrame({"name": table["name"].array[keep].astype(str), "flops": share[keep], "bytes": byte_share[keep],
                          "dur_ns": dur[keep], "dtype": calls["dtype"].to_numpy()[call_row[call_id[keep]]]})
    return Flops(calls=calls, kernels=_roofline(frame, trace), per_activity=per_activity, shapes_recorded=True)


def _shapes_recorded(trace: Trace, sample: int = 64) -> bool:
    """Whether the trace was recorded with record_shapes=True: some of its first ATen ops carry "Input Dims"."""
    s = trace.slices
    ops = np.flatnonzero((s["cat"] == "cpu_op").to_numpy(dtype=bool, na_value=False) & tagged(s, "aten"))[:sample]
    try:
        return any("Input Dims" in (trace.args(int(i)) or {}) for i in ops)
    except TraceFormatError:  # the file behind the lazy args is gone: say nothing about shapes rather than fail
        return True


def _roofline(frame: pd.DataFrame, trace: Trace) -> pd.DataFrame:
    columns = ["name", "flops", "bytes", "dur_ns", "tflops", "gbps", "intensity", "dtype", "peak_tflops", "peak_gbps", "attainable_tflops", "pct_of_peak"]
    if frame.empty:
        return pd.DataFrame(columns=columns)
    g = frame.groupby("name", sort=False)
    sums = g[["flops", "bytes", "dur_ns"]].sum()  # one pass for the three (pandas' compensated float sums, as before)
    codes, _ = pd.factorize(frame["name"], sort=False)  # the groups' order: first appearance, as groupby(sort=False)
    nbytes = sums["bytes"].to_numpy(dtype=np.float64, copy=True)
    nbytes[np.bincount(codes, weights=frame["bytes"].isna().to_numpy(), minlength=len(sums)) > 0] = np.nan  # one call's bytes unknown: the sum is too
    flops, dur_ns = sums["flops"].to_numpy(dtype=np.float64), sums["dur_ns"].to_numpy()
    timed = np.where(dur_ns > 0, dur_ns.astype(np.float64), np.nan)
    names, dtypes = sums.index.to_numpy(), g["dtype"].first().to_numpy()
    device = trace.devices[0].name if trace.devices else None
    peak_tflops, peak_gbps = roof(device, dtypes, names)  # per kernel (None: unknown), the device's (None: unknown)
    with np.errstate(divide="ignore", invalid="ignore"):
        tflops, intensity = flops / timed / 1e3, flops / nbytes  # FLOP per ns = GFLOP/s
        bound = intensity * (np.nan if peak_gbps is None else peak_gbps) / 1e3
        attainable = np.fmin(np.array([np.nan if p is None else p for p in peak_tflops], dtype=np.float64), bound)
        out = pd.DataFrame({"name": names, "flops": flops, "bytes": nbytes, "dur_ns": dur_ns, "tflops": tflops,
                            "gbps": nbytes / timed, "intensity": intensity, "dtype": dtypes, "peak_tflops": peak_tflops,
                            # unknown: a column of None (a None in the dict is read as a missing column, NaN, by pandas 2)
                            "peak_gbps": np.full(len(names), None, dtype=object) if peak_gbps is None else peak_gbps,
                            "attainable_tflops": attainable, "pct_of_peak": 100 * tflops / attainable})
    return out.sort_values("flops", ascending=False, ignore_index=True)

"""How many kernels Inductor makes of a run of eager kernels: its reductions sized from the ops' shapes.

The compile model (:mod:`.compile_model`) fuses each run of non-library kernels between two library calls. How many
kernels the run becomes is decided by its reductions, and Inductor decides those from shapes
(``torch/_inductor/ir.py`` ``Reduction.num_splits``, ``choices.py`` ``reduction_split_factor``, torch 2.11-2.13):

- a reduction with few outputs over many elements is **split** in two steps: a partial reduction (one kernel, the
  pointwise work before it fused in) and a final one per output (a norm's backward has two: the weight's and the
  bias's gradients). A mean-and-variance reduction (Welford: batch norm's and layer norm's statistics) may split its
  second step again. A split reduction's elementwise output (batch norm's normalised activations, its input
  gradient) is a pointwise kernel of its own after the final step;
- a reduction that is not split fuses with the pointwise work before and after it over the same elements: one
  kernel for the run's reductions over the same ranges (a batch norm's backward and a bias gradient over the same
  rows are one kernel);
- an op on a 0-d tensor (``num_batches_tracked += 1`` in every training batch norm) is a kernel of its own: Inductor
  fuses nodes over the same iteration ranges, and writes each mutated buffer back.

Shapes come from ``record_shapes`` (``Input Dims``, ``Concrete Inputs``); the SM count from the trace's device.
A reduction whose op says nothing (no shapes, an op not known here) counts as one kernel of its own, as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod
from typing import Any, Final

import numpy as np

from traceview.trace import Trace
from traceview.trace.catalogue import tagged

#: SMs of an H100/H200, where the trace does not name its device's.
DEFAULT_SMS: Final[int] = 132
#: Threads per SM (every CUDA GPU since Volta), a warp, and Inductor's constants for a split (choices.py).
THREADS_PER_SM: Final[int] = 2048
WARP: Final[int] = 32
MAX_ELEMENTS_PER_THREAD: Final[int] = 512
NUM_THREADS: Final[int] = WARP * 8
#: An inner reduction of at most this many elements is never split (sm < 10; 524288 on Blackwell).
NO_SPLIT_INNER: Final[int] = 8192


@dataclass(frozen=True)
class Reduction:
    """One eager reduction as Inductor sees it: ``numel`` outputs, each over ``size`` elements; ``outer``: the reduced
    dimensions are not the contiguous one; ``outputs`` reductions over the same ranges computed together; ``welford``:
    mean and variance in one pass; ``elementwise``: the op also writes a full-size output (a norm's)."""

    numel: int
    size: int
    outer: bool
    outputs: int = 1
    welford: bool = False
    elementwise: bool = False


def _nearest_divisor(n: int, target: int) -> int:
    """The divisor of ``n`` nearest ``target``, the smaller on a tie (``min(sympy.divisors(n), key=...)``)."""
    best = 1
    i = 1
    while i * i <= n:
        if n % i == 0:
            for d in (i, n // i):
                if (abs(d - target), d) < (abs(best - target), best):
                    best = d
        i += 1
    return best


def splits(numel: int, size: int, outer: bool, sms: int = DEFAULT_SMS) -> int:
    """Inductor's split count for a reduction of ``numel`` outputs over ``size`` elements each (1: not split)."""
    if numel == 1:
        return _inner(numel, size, sms)
    if size <= WARP or numel >= sms * 2 * 32:
        return 1
    return _outer(numel, size, sms) if outer else _inner(numel, size, sms)


def _inner(numel: int, size: int, sms: int) -> int:
    if numel >= 2 * sms or size <= NO_SPLIT_INNER:
        return 1
    blocks_per_output = -(-(sms * THREADS_PER_SM // (2 * NUM_THREADS)) // numel)
    tmp = -(-size // (NUM_THREADS * blocks_per_output))
    return -(-size // (_split_size(size, size * numel, sms, tmp, 30, inclusive=True) * NUM_THREADS))


def _outer(numel: int, size: int, sms: int) -> int:
    rvals = 4
    target = -(-(sms * THREADS_PER_SM // NUM_THREADS) // -(-numel // 128))
    tmp = -(-size // (rvals * target))
    return -(-size // (rvals * _split_size(size, size * numel, sms, tmp, 20, inclusive=False)))


def _split_size(size: int, total: int, sms: int, tmp: int, near: int, inclusive: bool) -> int:
    """Elements each thread reduces: the fewest on a small reduction, ``tmp`` (or the divisor of ``size`` within
    ``near`` of it) on a middling one, about 512 on a large one."""
    if total < WARP * sms * THREADS_PER_SM or (inclusive and total == WARP * sms * THREADS_PER_SM):
        return WARP
    if total < MAX_ELEMENTS_PER_THREAD * sms * THREADS_PER_SM:
        closest = _nearest_divisor(size, tmp)
        return max(closest, WARP) if abs(closest - tmp) < near else tmp
    closest = _nearest_divisor(size, MAX_ELEMENTS_PER_THREAD)
    return closest if abs(closest - MAX_ELEMENTS_PER_THREAD) < 50 else MAX_ELEMENTS_PER_THREAD


def split_kernels(r: Reduction, sms: int = DEFAULT_SMS) -> int:
    """Kernels of a split reduction's steps (0: not split): the partial one, then a final one per output; a Welford
    reduction's second step splits again where its own rule says so."""
    first = splits(r.numel, r.size, r.outer, sms)
    if first <= 1:
        return 0
    if r.welford and splits(r.numel, first, True, sms) > 1:
        return 1 + 2 * r.outputs  # partial, a second partial, the final
    return 1 + r.outputs


class OpShapes:
    """The ``Input Dims`` and ``Concrete Inputs`` of ops (slice ids), each op's args decoded once; empty on a trace
    recorded without shapes."""

    def __init__(self, trace: Trace, ops: np.ndarray) -> None:
        self.dims: dict[int, Any] = {}
        self.concrete: dict[int, Any] = {}
        self.distinct: dict[int, int] = {}  # each op's args: ops with equal args share a number (and their values)
        ops = np.unique(np.asarray(ops, dtype=np.int64))
        ops = ops[ops >= 0]
        if len(ops) and trace.meta.record_shapes:
            which, distinct = trace.shape_args(ops)  # read once per trace (the FLOP counts read many of them)
            self.distinct = dict(zip(ops.tolist(), (int(n) for n in which)))
            self.dims = {op: distinct[n].dims for op, n in self.distinct.items()}
            self.concrete = {op: distinct[n].concrete for op, n in self.distinct.items()}


def _dims(value: Any) -> list[int] | None:
    return [int(x) for x in value] if isinstance(value, list) and all(isinstance(x, (int, float)) for x in value) else None


def _concrete_dims(text: Any) -> list[int] | None:
    """``Concrete Inputs``' text of a dims argument, "[0, 2, 3]" or "-1"."""
    if not isinstance(text, str) or not text.strip():
        return None
    try:
        value = [int(x) for x in text.strip("[] ").split(",") if x.strip()]
    except ValueError:
        return None
    return value or None


def reduction_of(tags: dict[str, bool], dims: Any, concrete: Any, channels_last: bool, gamma_beta: bool) -> Reduction | None:
    """The reduction a kernel of an op computes, from the op's kind (``tags``), its ``Input Dims`` and ``Concrete
    Inputs``; ``gamma_beta``: the kernel is a layer norm backward's weight-and-bias kernel. None: not known."""
    if not isinstance(dims, list) or not dims:
        return None
    x = _dims(dims[0])
    if not x:
        return None
    n = prod(x)
    if tags["batch_norm_op"] or tags["batch_norm_backward_op"]:
        if len(x) < 2 or x[1] <= 0:
            return None
        # per channel over the rest: the channel dim is innermost when channels-last (or the input is 2-d)
        outer = channels_last and len(x) == 4 or len(x) == 2
        backward = tags["batch_norm_backward_op"]
        return Reduction(x[1], n // x[1], outer, outputs=2 if backward else 1, welford=not backward, elementwise=True)
    if tags["layer_norm_op"] or tags["layer_norm_backward_op"]:
        shape = _concrete_dims(concrete[1] if isinstance(concrete, list) and len(concrete) > 1 else None) \
            if tags["layer_norm_op"] else _concrete_dims(concrete[2] if isinstance(concrete, list) and len(concrete) > 2 else None)
        hidden = prod(shape) if shape else x[-1]
        rows = n // max(hidden, 1)
        if tags["layer_norm_backward_op"] and gamma_beta:
            return Reduction(hidden, rows, True, outputs=2)  # the weight's and bias's gradients over the rows
        return Reduction(rows, hidden, False, welford=tags["layer_norm_op"], elementwise=True)
    if tags["dim_reduction_op"]:
        reduced = _concrete_dims(concrete[1] if isinstance(concrete, list) and len(concrete) > 1 else None)
        if reduced is None:
            reduced = list(range(len(x)))  # sum(x): everything
        reduced = sorted({d % len(x) for d in reduced})
        size = prod(x[d] for d in reduced)
        return Reduction(n // max(size, 1), size, (len(x) - 1) not in reduced, welford=tags["welford_op"])
    if tags["last_dim_reduction_op"]:
        return Reduction(n // x[-1], x[-1], False, elementwise=True)
    return None


#: The slice tags :func:`reduction_of` reads.
OP_TAGS: Final[tuple[str, ...]] = ("batch_norm_op", "batch_norm_backward_op", "layer_norm_op", "layer_norm_backward_op",
                                   "dim_reduction_op", "welford_op", "last_dim_reduction_op")


def kernel_reductions(trace: Trace, rows: np.ndarray, inner_op: np.ndarray, shapes: OpShapes,
                      channels_last: bool) -> list[Reduction | None]:
    """For each GPU activity of ``rows`` (its op: ``inner_op``), the reduction its op computes (None: not one, or not
    known)."""
    tag = {t: tagged(trace.slices, t) for t in OP_TAGS}
    gamma_beta = tagged(trace.gpu, "split_reduction_kernel")[rows]
    out: list[Reduction | None] = [None] * len(rows)
    inner_op = np.asarray(inner_op, dtype=np.int64)
    some_tag = np.logical_or.reduce([tag[t] for t in OP_TAGS])  # an op of one of the kinds reduction_of knows
    if not len(some_tag):
        return out
    ops = inner_op.tolist()
    asked = np.flatnonzero((inner_op >= 0) & some_tag[np.maximum(inner_op, 0)])
    bits = np.stack([tag[t][inner_op[asked]] for t in OP_TAGS], axis=1).tolist()  # each asked kernel's op's tags
    known: dict[tuple, Reduction | None] = {}  # the same kinds, args and gamma_beta: the same answer (each step's ops)
    for i, kinds, gb in zip(asked.tolist(), bits, gamma_beta[asked].tolist()):
        op = ops[i]
        if op in shapes.dims:
            key = (*kinds, shapes.distinct[op], gb)
            if key not in known:
                known[key] = reduction_of(dict(zip(OP_TAGS, kinds)), shapes.dims[op], shapes.concrete[op], channels_last, gb)
            out[i] = known[key]
    return out


def layout_by_weights(shapes: OpShapes, convs: np.ndarray) -> bool:
    """Whether Inductor's layout rule (``GraphLowering.decide_layout_opt``, training) lets a graph with these
    convolution ops go channels-last, by their weights ``[out, in / groups, kh, kw]`` and groups: not with a grouped
    convolution of more than one input channel per group, nor with one that halves its channels (out * 2 <= in, a
    kernel wider than 1: U-Nets' decoders), nor when every convolution has at most 64 channels in and out. True when
    the shapes are not recorded (the rule by node count alone)."""
    if not len(convs) or not shapes.dims:
        return True
    weights = []
    for op in np.unique(convs).tolist():
        d, c = shapes.dims.get(op), shapes.concrete.get(op)
        w = _dims(d[1]) if isinstance(d, list) and len(d) > 1 else None
        if not w or len(w) != 4:
            return True  # not a 2-d convolution's weight as expected: the node-count rule stands
        groups = _concrete_dims(c[5]) if isinstance(c, list) and len(c) > 5 else None
        weights.append((w, groups[0] if groups else 1))
    if any(g > 1 and w[1] > 1 for w, g in weights):
        return False
    if any(w[0] * 2 <= w[1] and w[2] > 1 for w, _ in weights):
        return False
    return not all(w[0] <= 64 and w[1] <= 64 for w, _ in weights)


def scalar_ops(shapes: OpShapes, inner_op: np.ndarray) -> np.ndarray:
    """Per kernel: its op works on 0-d tensors (``num_batches_tracked.add_(1)``): a kernel of its own when fused."""
    zero_d = {op for op, d in shapes.dims.items() if isinstance(d, list) and d and d[0] == []}
    return np.array([op in zero_d for op in inner_op.tolist()], dtype=bool)


def run_kernels(run: list[int], reduces: np.ndarray, reduction: list[Reduction | None], scalar: np.ndarray,
                op: np.ndarray, sms: int = DEFAULT_SMS) -> int:
    """Kernels Inductor makes of one run (positions into the per-kernel arrays; ``op``: each kernel's op), by the
    rules in this module's docstring."""
    groups: set = set()
    made = 0
    pointwise = False
    for j in run:
        if scalar[j]:
            made += 1
        elif reduces[j]:
            r = reduction[j]
            if r is None:
                groups.add(("op", int(op[j])))  # a reduction of its own, however many kernels its op launched
                continue
            k = split_kernels(r, sms)
            if k:
                made += k
                pointwise |= r.elementwise
            else:
                groups.add((r.numel, r.size))
        else:
            pointwise = True
    return made + max(len(groups), int(pointwise))



def size_runs(trace: Trace, k_rows: np.ndarray, inner_op: np.ndarray, runs: list[list[int]], layout: np.ndarray,
              conv_ops: dict[int, list[int]]) -> tuple[np.ndarray, list[int]]:
    """The compile model's question for this module: how many kernels Inductor makes of each run of eager kernels
    (positions into ``k_rows``, the GPU activities; ``inner_op``: each one's op). ``layout``: per graph, its
    convolutions where the node count lets it go channels-last; ``conv_ops``: each such graph's convolution ops, whose
    weights (:func:`layout_by_weights`) may keep it in its layout. Returns the layout so decided and each run's
    kernels: with the ops' shapes (record_shapes, each op's args decoded once) every reduction sized as Inductor sizes
    it (:func:`kernel_reductions`, :func:`run_kernels`); without, one kernel for the run's pointwise work, one per
    reduction and one more per split reduction (a reduction over the batch into per-feature values: a norm's weight
    and bias gradients, a bias gradient's sum, which Inductor splits into a partial reduction and its final one)."""
    shapes = OpShapes(trace, inner_op)
    layout = layout.copy()
    for i, ops_i in conv_ops.items():  # the convolutions' weights that make Inductor keep the layout
        if layout[i] and not layout_by_weights(shapes, np.asarray(ops_i, dtype=np.int64)):
            layout[i] = 0
    g, s = trace.gpu, trace.slices
    reduces = tagged(g, "reduction_kernel")[k_rows]
    channels_last = bool(layout.any())  # the forward graph goes channels-last, and its saved activations with it
    if not shapes.dims:
        split = reduces & ((tagged(g, "batch_norm_kernel")[k_rows] & channels_last) | tagged(g, "split_reduction_kernel")[k_rows]
                           | (tagged(s, "split_reduction_op")[np.maximum(inner_op, 0)] & (inner_op >= 0)))
        lengths = np.array([len(run) for run in runs], dtype=np.int64)
        at = np.concatenate(runs).astype(np.int64) if runs else np.zeros(0, dtype=np.int64)
        which = np.repeat(np.arange(len(runs)), lengths)  # each position's run
        splits = np.bincount(which, weights=split[at], minlength=len(runs)).astype(np.int64)
        reductions = np.bincount(which, weights=reduces[at], minlength=len(runs)).astype(np.int64)
        return layout, np.minimum(lengths + splits, 1 + reductions + splits).tolist()
    sized = kernel_reductions(trace, k_rows, inner_op, shapes, channels_last)
    scalar = scalar_ops(shapes, inner_op)
    sms = next((d.num_sms for d in trace.devices if d.num_sms), DEFAULT_SMS)
    return layout, [run_kernels(run, reduces, sized, scalar, inner_op, sms) for run in runs]

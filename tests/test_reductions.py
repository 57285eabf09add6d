"""The compile model's kernel count (traceview/analysis/advice/reductions.py).

Checked against two independent readers: Inductor's own split rule (``InductorChoices.reduction_split_factor``, run
here on the CPU with an H100's device properties in place of a GPU) for a grid of reduction shapes; and the compiled
traces of the same models (sample_traces/gpu/models/<m>-compiled: the Triton kernels each step launched) for the
kernels the model predicts from the eager trace.
"""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest

from conftest import SAMPLES
from traceview.analysis.advice import compile_model as cm
from traceview.analysis.advice import reductions as rd
from traceview.analysis.advice.blocking import replay_inputs
from traceview.trace import load

MODELS = SAMPLES / "gpu" / "models"


def _inductor_factor(numel: int, size: int, outer: bool) -> int:
    torch = pytest.importorskip("torch")
    from torch._inductor import choices
    from torch._inductor.runtime.hints import DeviceProperties

    props = DeviceProperties(type="cuda", index=0, multi_processor_count=132, cc=90, major=9,
                             max_threads_per_multi_processor=2048, warp_size=32)
    original = DeviceProperties.create
    DeviceProperties.create = classmethod(lambda cls, device: props)  # type: ignore[method-assign]
    try:
        return choices.InductorChoices.reduction_split_factor(torch.device("cuda"), size, numel, inner_reduction=not outer)
    finally:
        DeviceProperties.create = original  # type: ignore[method-assign]


@pytest.mark.parametrize("outer", [True, False])
def test_the_split_is_inductors_own_rule(outer):
    """Where Inductor's ``num_splits`` asks the split factor (more than 32 elements, fewer than 2 x 32 x SMs
    outputs), ours is the same number, on shapes from a bias gradient to a batch norm over a large image batch."""
    for numel, size in itertools.product((1, 3, 32, 64, 130, 264, 1000, 4096, 8447),
                                         (33, 100, 128, 129, 256, 2048, 8192, 8193, 32768, 131072, 1 << 20, 50000)):
        if numel == 1:
            continue  # numel 1 goes through the inner rule in Inductor too: covered by outer=False
        assert rd.splits(numel, size, outer) == _inductor_factor(numel, size, outer), (numel, size, outer)


def test_nothing_is_split_outside_the_rule():
    assert rd.splits(10_000, 1 << 20, True) == 1  # enough outputs
    assert rd.splits(64, 32, True) == 1  # too few elements
    assert rd.splits(1, 8192, False) == 1 and rd.splits(1, 8193, False) > 1  # a full sum: inner rule


def test_a_batch_norms_kernels_follow_its_split():
    """cnn's first batch norm (32 channels over 32 x 32 x 32): a Welford partial, a second partial, the final
    (what the compiled trace's ``red_7, red_8, per_9`` are); 64 channels over 8,192: partial and final; backward:
    partial and a final per gradient; unsplit (tcn's 1-d batch norm): none of its own."""
    fwd = rd.Reduction(32, 32768, True, welford=True, elementwise=True)
    assert rd.split_kernels(fwd) == 3
    assert rd.split_kernels(rd.Reduction(64, 8192, True, welford=True)) == 2
    assert rd.split_kernels(rd.Reduction(64, 8192, True, outputs=2)) == 3
    assert rd.split_kernels(rd.Reduction(128, 8192, False, welford=True)) == 0


GENERATED = re.compile(r"^triton_")


def _predicted(model: str) -> float:
    trace = load(sorted((MODELS / f"{model}-eager").glob("*.pt.trace.json*"))[0])
    replayed = replay_inputs(trace, trace.steps)
    step = cm.compiled_step(trace, replayed.window, replayed.blocking, replayed.steps, cm.COSTS["cuda"])
    return step.fused_kernels


def _launched(model: str) -> float:
    trace = load(sorted((MODELS / f"{model}-compiled").glob("*.pt.trace.json*"))[0])
    g = trace.gpu
    generated = (g["kind"] == "kernel").to_numpy() & g["name"].astype(str).str.match(GENERATED).to_numpy()
    return float((g["step_id"].to_numpy(dtype=np.int64, na_value=-1)[generated] >= 0).sum()) / len(trace.steps)


#: In sample: these conv nets' traces were read while the rules above were written (2026-11-26, session 10), with
#: errors of 0-17% (tcn: the loss, outside ``torch.compile(model)``, counted as generated). The same tolerance holds
#: the out-of-sample models, set before they were captured.
TOLERANCE = 0.20


@pytest.mark.parametrize("model", ["cnn", "mobilenet", "unet", "tcn"])
def test_generated_kernels_per_step_are_the_compiled_traces(model):
    predicted, launched = _predicted(model), _launched(model)
    assert abs(predicted - launched) <= TOLERANCE * launched, (predicted, launched)


#: Out of sample: written and committed before they ran (densenet, wavenet, effnet: 4513a2a; resnext, segnet, encoder:
#: 0569122, scored on 4538210's model), session 10, H200.
#: How many of the six come within TOLERANCE today: a floor, not a list. The one miss today is wavenet (59 predicted,
#: 45 launched: Inductor fuses the filter's and the gate's bias gradients with the gated activation's backward across
#: the convolutions' backward calls between them, and the loss outside torch.compile(model) is counted as compiled).
BLIND_WITHIN_FLOOR = 5


def test_out_of_sample_generated_kernels_within_the_tolerance():
    errors = {}
    for model in ("densenet", "effnet", "wavenet", "resnext", "segnet", "encoder"):
        predicted, launched = _predicted(model), _launched(model)
        errors[model] = round((predicted - launched) / launched, 3)
    assert sum(abs(e) <= TOLERANCE for e in errors.values()) >= BLIND_WITHIN_FLOOR, errors

"""The arms of an A/B of one of ``sample_traces/scripts/train_models.py``'s models, as ``ab_models.py``,
``ab_alternation.py`` and ``after_profiler.py`` run them: each arm its own copy of the model (the same initial
weights) and its own AdamW; ``base`` eager as the script runs with --mode eager, ``compiled`` torch.compile(model),
``cudagraphs`` torch.compile with Inductor's CUDA-graph trees, ``fused`` eager with AdamW(fused=True), ``compiled-loss``
the forward and the loss compiled together as one function; ``tf32``, ``cudnn_benchmark`` eager with the flags
``traceview try --change tf32|cudnn_benchmark`` switches (set before each of the arm's steps, the script's own
settings before the other arms'), ``channels_last`` eager with the model and its input in channels-last. A step is the
script's: forward and loss, backward, the optimizer's step, zero_grad, and ``loss.item()`` every ``log_every`` steps."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "sample_traces" / "scripts"))
from train_models import build, compiled  # noqa: E402

#: torch.compile's mode for each arm (any other arm runs eager).
MODES = {"compiled": "compiled", "cudagraphs": "cudagraphs"}


def _flags(arm: str, script: tuple[str, bool, bool]) -> tuple[str, bool, bool]:
    """(float32 matmul precision, cudnn.allow_tf32, cudnn.benchmark) for an arm: the script's own, or the change's."""
    if arm == "tf32":
        return "high", True, script[2]
    if arm == "cudnn_benchmark":
        return script[0], script[1], True
    return script


def _set_flags(flags: tuple[str, bool, bool]) -> None:
    torch.set_float32_matmul_precision(flags[0])
    torch.backends.cudnn.allow_tf32, torch.backends.cudnn.benchmark = flags[1], flags[2]


class ModelArms:
    def __init__(self, model: str, batch: int, log_every: int = 10):
        self.device = "cuda" if torch.cuda.is_available() else "cpu"
        self.sync = torch.cuda.synchronize if self.device == "cuda" else (lambda: None)
        self.device_name = torch.cuda.get_device_name(0) if self.device == "cuda" else "cpu"
        torch.manual_seed(0)
        self.first, (self.x, self.y), self.loss_of = build(model, self.device, batch)
        self.log_every = log_every
        self.steppers: dict[str, tuple] = {}
        self.script_flags = (torch.get_float32_matmul_precision(), torch.backends.cudnn.allow_tf32,
                             torch.backends.cudnn.benchmark)
        self.inputs: dict[str, object] = {}

    def add(self, arm: str) -> None:
        model = copy.deepcopy(self.first)
        if arm == "channels_last":
            model = model.to(memory_format=torch.channels_last)
            four_d = isinstance(self.x, torch.Tensor) and self.x.dim() == 4
            x = self.x.contiguous(memory_format=torch.channels_last) if four_d else self.x
            self.inputs[arm] = x
        opt = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=True if arm == "fused" else None)
        if arm == "compiled-loss":  # the forward and the loss compiled as one function (a loss outside the model fuses too)
            loss_of = self.loss_of
            self.steppers[arm] = (torch.compile(lambda x, y: loss_of(model, x, y)), opt, [0], True)
        else:
            self.steppers[arm] = (compiled(model, MODES.get(arm, "eager")), opt, [0], False)

    def step(self, arm: str) -> None:
        forward, opt, count, whole = self.steppers[arm]
        _set_flags(_flags(arm, self.script_flags))
        x = self.inputs.get(arm, self.x)
        loss = forward(x, self.y) if whole else self.loss_of(forward, x, self.y)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        if self.log_every and count[0] % self.log_every == 0:
            loss.item()
        count[0] += 1

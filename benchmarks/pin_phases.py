"""Where a step's time goes with and without pin_memory, phase by phase (issue 33's `pageable_copy` with workers):
``sample_traces/scripts/train_loader.py``'s loop with DataLoader workers, the batch's hand-over to the training process
(``next``), its copy to the GPU, the forward (to the loss), the backward, the optimizer's step and the loss read
(``.item()``: the step's one synchronisation) timed apart with ``time.perf_counter``, without the profiler. Both arms in
one process (one model and optimizer, a loader each), alternating in rounds; per arm and phase the median over rounds
of the phase's mean ms per step.

    python benchmarks/pin_phases.py --models gpt2,mlp --rounds 12 --steps 10 --json out.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "sample_traces" / "scripts"))
import train_loader as tl  # noqa: E402

PHASES = ("next", "copy", "forward", "backward", "optimizer", "item", "step")


def run_round(trainer: tl.Trainer, batches, steps: int, pin: bool) -> dict[str, float]:
    sums = dict.fromkeys(PHASES, 0.0)
    if trainer.device.type == "cuda":
        torch.cuda.synchronize()
    for _ in range(steps):
        t0 = time.perf_counter()
        x, y = next(batches)
        t1 = time.perf_counter()
        x, y = x.to(trainer.device, non_blocking=pin), y.to(trainer.device, non_blocking=pin)
        t2 = time.perf_counter()
        loss = tl.loss_of(trainer.model, trainer.net, x, y)
        t3 = time.perf_counter()
        trainer.opt.zero_grad(set_to_none=True)
        loss.backward()
        t4 = time.perf_counter()
        trainer.opt.step()
        t5 = time.perf_counter()
        loss.item()
        t6 = time.perf_counter()
        for k, a, b in (("next", t0, t1), ("copy", t1, t2), ("forward", t2, t3), ("backward", t3, t4),
                        ("optimizer", t4, t5), ("item", t5, t6), ("step", t0, t6)):
            sums[k] += (b - a) * 1e3
    return {k: v / steps for k, v in sums.items()}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--models", default="gpt2,mlp")
    p.add_argument("--workers", type=int, default=4)
    p.add_argument("--rounds", type=int, default=12)
    p.add_argument("--steps", type=int, default=10)
    p.add_argument("--json", default=None)
    a = p.parse_args()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    out = {"device": torch.cuda.get_device_name(0) if device == "cuda" else "cpu", "torch": torch.__version__, "workers": a.workers, "models": {}}
    for model in a.models.split(","):
        trainer = tl.Trainer(model, device)
        batch = tl.default_batch(model)
        n = batch * (a.rounds + 2) * (a.steps + 4) * 2
        its = {pin: iter(tl.loader(model, batch, a.workers, pin and device == "cuda", 0, n)) for pin in (False, True)}
        rows: dict[bool, list[dict]] = {False: [], True: []}
        for r in range(a.rounds + 1):
            for pin in ((False, True) if r % 2 == 0 else (True, False)):
                for _ in range(a.workers + 2):  # untimed: the other arm's workers filled their queue meanwhile
                    run_round(trainer, its[pin], 1, pin)
                got = run_round(trainer, its[pin], a.steps, pin)
                if r:  # the first round is warm-up
                    rows[pin].append(got)
        med = {("pin" if pin else "base"): {k: round(statistics.median(x[k] for x in rows[pin]), 4) for k in PHASES}
               for pin in (False, True)}
        out["models"][model] = med
        print(model, json.dumps(med), flush=True)
        del trainer, its
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()

"""Held-out training loops for scoring the advice (issue 71): models the advice was not designed on, at PyTorch's
defaults (float32 without TF32 unless the model runs bf16 autocast; AdamW foreach; no compile).

    MODEL=<name> STEPS=60 python benchmarks/heldout.py            a plain loop (what ``traceview profile`` runs)
    MODEL=<name> python benchmarks/heldout.py --ab OUT.json        the in-process A/B of every change that applies

Models (:data:`MODELS`): ``audio1d`` (a 1-d conv classifier on 16k-sample clips, batch norm), ``tabtf`` (a tabular
transformer: per-column embeddings, 3 encoder layers, bf16 autocast), ``convae`` (a convolutional autoencoder with
transposed convolutions, 64x64), ``resmlp`` (a residual MLP of 8 blocks at width 2048, batch 1024: GPU-bound).

The A/B: one copy of the model per variant, each warmed up, then ``--rounds`` rounds of ``--steps`` synchronised
steps, the order reversed every other round; the median step per variant and its 10-90% spread. Variants: eager (the
baseline), compile (``torch.compile(model)``), ro (``mode="reduce-overhead"``), fused (AdamW fused=True), and for
float32 models tf32 and bf16 (autocast).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

DEV = "cuda" if torch.cuda.is_available() else "cpu"


class Audio1d(nn.Module):
    def __init__(self, classes: int = 35):
        super().__init__()
        chans = [1, 32, 64, 64, 128, 128, 256]
        layers = []
        for a, b in zip(chans, chans[1:]):
            layers += [nn.Conv1d(a, b, 9, stride=2, padding=4, bias=False), nn.BatchNorm1d(b), nn.GELU()]
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear(256, classes)

    def forward(self, x):
        return self.head(self.body(x).mean(-1))


class TabTransformer(nn.Module):
    def __init__(self, columns: int = 24, card: int = 100, d: int = 128, classes: int = 2):
        super().__init__()
        self.embed = nn.ModuleList([nn.Embedding(card, d) for _ in range(columns)])
        layer = nn.TransformerEncoderLayer(d, 8, 4 * d, dropout=0.1, batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(layer, 3, enable_nested_tensor=False)
        self.head = nn.Sequential(nn.LayerNorm(d * columns), nn.Linear(d * columns, 256), nn.ReLU(), nn.Linear(256, classes))

    def forward(self, x):
        tokens = torch.stack([e(x[:, i]) for i, e in enumerate(self.embed)], 1)
        return self.head(self.encoder(tokens).flatten(1))


class ConvAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(3, 32, 4, 2, 1), nn.LeakyReLU(0.2), nn.Conv2d(32, 64, 4, 2, 1), nn.BatchNorm2d(64),
                                 nn.LeakyReLU(0.2), nn.Conv2d(64, 128, 4, 2, 1), nn.BatchNorm2d(128), nn.LeakyReLU(0.2))
        self.dec = nn.Sequential(nn.ConvTranspose2d(128, 64, 4, 2, 1), nn.BatchNorm2d(64), nn.ReLU(),
                                 nn.ConvTranspose2d(64, 32, 4, 2, 1), nn.BatchNorm2d(32), nn.ReLU(),
                                 nn.ConvTranspose2d(32, 3, 4, 2, 1), nn.Sigmoid())

    def forward(self, x):
        return self.dec(self.enc(x))


class ResMLP(nn.Module):
    def __init__(self, width: int = 2048, blocks: int = 8, classes: int = 100):
        super().__init__()
        self.inp = nn.Linear(512, width)
        self.blocks = nn.ModuleList([nn.Sequential(nn.LayerNorm(width), nn.Linear(width, width), nn.GELU(),
                                                   nn.Linear(width, width)) for _ in range(blocks)])
        self.out = nn.Linear(width, classes)

    def forward(self, x):
        h = self.inp(x)
        for b in self.blocks:
            h = h + b(h)
        return self.out(h)


def data(name: str):
    """(model, a function of the model returning the loss, runs bf16 autocast)."""
    g = torch.Generator(device=DEV).manual_seed(0)
    if name == "audio1d":
        x, y = torch.randn(32, 1, 16000, device=DEV, generator=g), torch.randint(0, 35, (32,), device=DEV, generator=g)
        return Audio1d(), (lambda m: F.cross_entropy(m(x), y)), False
    if name == "tabtf":
        x = torch.randint(0, 100, (256, 24), device=DEV, generator=g)
        y = torch.randint(0, 2, (256,), device=DEV, generator=g)
        return TabTransformer(), (lambda m: F.cross_entropy(m(x), y)), True
    if name == "convae":
        x = torch.rand(32, 3, 64, 64, device=DEV, generator=g)
        return ConvAE(), (lambda m: F.mse_loss(m(x), x)), False
    if name == "resmlp":
        x, y = torch.randn(1024, 512, device=DEV, generator=g), torch.randint(0, 100, (1024,), device=DEV, generator=g)
        return ResMLP(), (lambda m: F.cross_entropy(m(x), y)), False
    raise SystemExit(f"unknown MODEL {name!r}")


MODELS = ("audio1d", "tabtf", "convae", "resmlp")


def make(base, loss_of, amp: bool, variant: str):
    """One training step of a fresh copy of ``base`` under ``variant``."""
    model = copy.deepcopy(base).to(DEV).train()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4, **({"fused": True} if variant == "fused" else {}))
    net = model
    if variant in ("compile", "ro"):
        net = torch.compile(model, mode="reduce-overhead" if variant == "ro" else None)
    use_amp = (amp or variant == "bf16") and DEV == "cuda"
    tf32 = variant == "tf32"

    def step():
        torch.backends.cuda.matmul.allow_tf32 = tf32  # convolutions keep cuDNN's own default (TF32 on)
        with torch.autocast(DEV, dtype=torch.bfloat16, enabled=use_amp):
            loss = loss_of(net)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        return loss
    return step


def sync():
    if DEV == "cuda":
        torch.cuda.synchronize()


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--ab", default=None)
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--steps", type=int, default=10)
    a = p.parse_args()
    name = os.environ.get("MODEL", "audio1d")
    torch.manual_seed(0)
    base, loss_of, amp = data(name)
    if a.ab is None:  # the plain loop
        step = make(base, loss_of, amp, "eager")
        for _ in range(int(os.environ.get("STEPS", 60))):
            step()
        sync()
        return
    variants = ["eager", "compile", "ro", "fused"] + ([] if amp else ["tf32", "bf16"])
    if os.environ.get("VARIANTS"):  # a subset, the baseline first (VARIANTS=eager,fused,tf32)
        variants = [v for v in os.environ["VARIANTS"].split(",") if v in variants]
    steps = {}
    for v in variants:
        t = time.perf_counter()
        steps[v] = make(base, loss_of, amp, v)
        for _ in range(8):
            steps[v]()
        sync()
        print(v, "ready", round(time.perf_counter() - t, 1), "s", flush=True)
    ms = {v: [] for v in variants}
    for r in range(a.rounds):
        for v in (variants if r % 2 == 0 else variants[::-1]):
            for _ in range(a.steps):
                sync()
                t = time.perf_counter()
                steps[v]()
                sync()
                ms[v].append((time.perf_counter() - t) * 1e3)
    base_ms = statistics.median(ms["eager"])
    res = {}
    for v, vals in ms.items():
        q = statistics.quantiles(vals, n=10)
        res[v] = {"median_ms": statistics.median(vals), "p10": q[0], "p90": q[-1],
                  "saving_pct": 100 * (1 - statistics.median(vals) / base_ms)}
        print(v.ljust(8), {k: round(x, 3) for k, x in res[v].items()}, flush=True)
    json.dump({"model": name, "amp": amp, "rounds": a.rounds, "steps": a.steps, "device": torch.cuda.get_device_name()
               if DEV == "cuda" else "cpu", "torch": torch.__version__, "date": time.strftime("%Y-%m-%d"),
               "results": res, "all_ms": ms, "script": "benchmarks/heldout.py"}, open(a.ab, "w"), indent=1)


if __name__ == "__main__":
    sys.exit(main())

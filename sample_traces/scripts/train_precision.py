"""A GPT-style language model trained in float32 (optionally with TF32 or bf16 autocast): the `precision`, `autocast`
cases (issue 65). Plain loop, AdamW, random tokens; width, layers, batch and sequence from the command line.

    python train_precision.py --width 1024 --layers 6 --batch 32 --seq 256 --steps 40 [--tf32 | --bf16] [--compile]
"""

from __future__ import annotations

import argparse
import contextlib
import time

import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, width: int, heads: int):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(width), nn.LayerNorm(width)
        self.attn = nn.MultiheadAttention(width, heads, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(width, 4 * width), nn.GELU(), nn.Linear(4 * width, width))

    def forward(self, x, mask):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, attn_mask=mask, need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


class GPT(nn.Module):
    def __init__(self, vocab: int, width: int, layers: int, seq: int):
        super().__init__()
        self.tok, self.pos = nn.Embedding(vocab, width), nn.Embedding(seq, width)
        self.blocks = nn.ModuleList(Block(width, max(1, width // 64)) for _ in range(layers))
        self.ln, self.head = nn.LayerNorm(width), nn.Linear(width, vocab, bias=False)
        self.register_buffer("mask", torch.triu(torch.full((seq, seq), float("-inf")), 1), persistent=False)

    def forward(self, idx):
        x = self.tok(idx) + self.pos(torch.arange(idx.shape[1], device=idx.device))
        mask = self.mask[: idx.shape[1], : idx.shape[1]]
        for b in self.blocks:
            x = b(x, mask)
        return self.head(self.ln(x))


def build(width: int, layers: int, seq: int, vocab: int, device: str):
    torch.manual_seed(0)
    model = GPT(vocab, width, layers, seq).to(device)
    return model, torch.optim.AdamW(model.parameters(), lr=3e-4, foreach=True)


def step(model, opt, idx, bf16: bool) -> torch.Tensor:
    ctx = torch.autocast("cuda", dtype=torch.bfloat16) if bf16 else contextlib.nullcontext()
    with ctx:
        logits = model(idx[:, :-1])
        loss = nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]).float(), idx[:, 1:].reshape(-1))
    opt.zero_grad(set_to_none=True)
    loss.backward()
    opt.step()
    return loss


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--width", type=int, default=1024)
    p.add_argument("--layers", type=int, default=6)
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--seq", type=int, default=256)
    p.add_argument("--vocab", type=int, default=8192)
    p.add_argument("--steps", type=int, default=40)
    p.add_argument("--tf32", action="store_true")
    p.add_argument("--bf16", action="store_true")
    p.add_argument("--compile", action="store_true")
    a = p.parse_args()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    if a.tf32:
        torch.set_float32_matmul_precision("high")
    model, opt = build(a.width, a.layers, a.seq + 1, a.vocab, device)
    if a.compile:
        model = torch.compile(model)
    idx = torch.randint(0, a.vocab, (a.batch, a.seq + 1), device=device)
    t0 = time.perf_counter()
    for i in range(a.steps):
        step(model, opt, idx, a.bf16)
        if (i + 1) % 10 == 0:
            if device == "cuda":
                torch.cuda.synchronize()
            t1 = time.perf_counter()
            print(f"step {i + 1}: {(t1 - t0) * 100:.2f} ms/step", flush=True)
            t0 = t1


if __name__ == "__main__":
    main()

"""Interleaved A/B benchmark of the changes ``traceview try`` makes to a compiled training script, on the model
of ``sample_traces/scripts/train_gpt2.py`` (transformers' GPT2LMHeadModel from a config, AdamW, the loss read
with ``loss.item()`` each step, as the script does): all arms in one process, each with its own copy of the
model (same initial weights) and its own optimizer, alternating in rounds (the order rotating each round),
each round synchronised at both ends and timed whole.

    python benchmarks/ab_compile.py --rounds 10 --steps 10 --json out.json

Arms, as ``try`` applies them to ``train_gpt2.py --mode compiled``: ``base`` (torch.compile, default mode),
``cuda_graphs`` (Inductor's CUDA-graph trees: ``triton.cudagraphs=True``, no ``cudagraph_mark_step_begin``,
which ``try`` cannot add), ``fused_optimizer`` (``AdamW(fused=True)``), ``no_compile`` (the model eager).
The first round of each arm compiles and warms up and is dropped; rounds x steps >= 80 steps per arm. Per
change: the share of the base step it saves (median of the arms' round medians) and the spread of the
round-by-round shares (each round against the base round of the same lap).
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path

import torch
from transformers import GPT2Config, GPT2LMHeadModel

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ab_summary import interleaved_rounds, summarize, timed_round  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layers", type=int, default=2)
    parser.add_argument("--width", type=int, default=256)
    parser.add_argument("--vocab", type=int, default=8192)
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--seq", type=int, default=128)
    parser.add_argument("--arms", default="base,cuda_graphs,fused_optimizer,no_compile")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    device = "cuda"
    torch.manual_seed(0)
    config = GPT2Config(n_layer=args.layers, n_head=4, n_embd=args.width, vocab_size=args.vocab, n_positions=args.seq,
                        resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0, bos_token_id=0, eos_token_id=0)
    first = GPT2LMHeadModel(config).to(device).train()
    arms = [a for a in args.arms.split(",") if a]
    steppers = {}
    for arm in arms:
        model = copy.deepcopy(first)
        opt = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=True if arm == "fused_optimizer" else None)
        if arm == "no_compile":
            forward = model
        elif arm == "cuda_graphs":
            forward = torch.compile(model, options={"triton.cudagraphs": True})
        else:
            forward = torch.compile(model)
        steppers[arm] = (forward, opt)
    ids = torch.randint(0, args.vocab, (args.batch, args.seq), device=device)
    read: list[float] = []

    def step(arm: str) -> None:
        forward, opt = steppers[arm]
        loss = forward(input_ids=ids, labels=ids).loss
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        read.append(loss.item())  # train_gpt2.py prints the loss each step

    times = interleaved_rounds(arms, args.rounds, lambda arm, lap: timed_round(lambda: step(arm), torch.cuda.synchronize, args.steps,
                                                                              2 if lap else 5))
    result = {"model": "gpt2", "device": torch.cuda.get_device_name(0), "torch": torch.__version__, "argv": vars(args)}
    summarize(result, times, arms, args.json, "gpt2")

if __name__ == "__main__":
    main()

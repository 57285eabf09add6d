"""A compile-included ``with_stack=True`` trace of a transformers GPT-2 trained under ``torch.compile(mode="reduce-overhead")``.

    python with_stack_compile.py OUT.json [--layers 1] [--warm] [--iters 3]

The model is built and transformers imported before the profiler starts, so the trace holds what a user profiling
"the first steps, compilation included" sees: Dynamo, AOTAutograd and Inductor compiling (the Python tracer loses
the exit of some of their frames: they end at the profiler's stop), the CUDA-graph tree's warm-up and recording,
and the replays. ``--warm`` compiles once before the profiler starts and resets Dynamo, so the profiled compile
hits the FX-graph/AOT caches (a smaller trace). Prints the trace's size and how many python_function events end
at the trace's end.
"""

from __future__ import annotations

import argparse
import os
import time

import torch
from transformers import GPT2Config, GPT2LMHeadModel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--layers", type=int, default=1)
    parser.add_argument("--iters", type=int, default=3)
    parser.add_argument("--warm", action="store_true")
    args = parser.parse_args()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    torch.manual_seed(0)
    config = GPT2Config(n_layer=args.layers, n_head=4, n_embd=256, vocab_size=8192, n_positions=128,
                        resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0, bos_token_id=0, eos_token_id=0)
    model = GPT2LMHeadModel(config).to(device).train()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    forward = torch.compile(model, mode="reduce-overhead" if device == "cuda" else None)
    ids = torch.randint(0, 8192, (8, 128), device=device)

    def step() -> None:
        if device == "cuda":
            torch.compiler.cudagraph_mark_step_begin()
        forward(input_ids=ids, labels=ids).loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    if args.warm:
        step()
        torch._dynamo.reset()
    activities = [torch.profiler.ProfilerActivity.CPU]
    if device == "cuda":
        activities.append(torch.profiler.ProfilerActivity.CUDA)
    t0 = time.perf_counter()
    with torch.profiler.profile(activities=activities, with_stack=True) as prof:
        for i in range(args.iters):
            with torch.profiler.record_function(f"ProfilerStep#{i}"):
                step()
        if device == "cuda":
            torch.cuda.synchronize()
    t1 = time.perf_counter()
    prof.export_chrome_trace(args.out)
    print(f"profiled {t1 - t0:.1f} s, exported in {time.perf_counter() - t1:.1f} s: {os.path.getsize(args.out)} bytes "
          f"(layers {args.layers}, warm {args.warm}, iters {args.iters}, torch {torch.__version__})", flush=True)


if __name__ == "__main__":
    main()

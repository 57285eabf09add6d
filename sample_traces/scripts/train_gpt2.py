"""An ordinary Hugging Face training script, nothing traceview-specific in it: profile it from outside.

    python train_gpt2.py --mode compiled --iters 8 --seq-change-at 3
    traceview profile --steps 5:8 -o run/ train_gpt2.py --mode compiled --iters 8 --seq-change-at 3

A transformers ``GPT2LMHeadModel`` built from a config (random weights, no download) trained with
AdamW. transformers breaks Dynamo's graph on its own ``logger.warning_once`` (the default loss
type), so ``--mode compiled`` shows a real graph break; ``--seq-change-at K`` shortens the sequence
from step K on, which makes Dynamo recompile every frame whose guards saw the length.
``--mode reduce-overhead`` replays CUDA graphs (on a GPU; on the CPU Inductor skips them).
``--no-graph-break`` names the loss type, so transformers has nothing to warn about and the graph
does not break (the change a user makes after seeing the break); ``--mark-dynamic`` marks the sequence
dimension dynamic (no recompile when it changes); ``--timing-json PATH`` writes each step's wall time
(the step ends with a device synchronize), for comparing a change's predicted and measured saving.
"""

from __future__ import annotations

import argparse
import json
import time

import torch
from transformers import GPT2Config, GPT2LMHeadModel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["eager", "compiled", "reduce-overhead"], default="compiled")
    parser.add_argument("--iters", type=int, default=8, help="training steps")
    parser.add_argument("--seq-change-at", type=int, default=-1, help="from this step on the sequence is 3/4 as long")
    parser.add_argument("--layers", type=int, default=2)
    parser.add_argument("--width", type=int, default=256)
    parser.add_argument("--vocab", type=int, default=8192)
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--seq", type=int, default=128)
    parser.add_argument("--no-graph-break", action="store_true", help="set model.loss_type: no logger.warning_once, no break")
    parser.add_argument("--mark-dynamic", action="store_true", help="torch._dynamo.mark_dynamic(ids, 1) every step")
    parser.add_argument("--timing-json", default=None, help="write each step's wall time (ms) here")
    args = parser.parse_args()

    device = "cuda" if torch.cuda.is_available() else "cpu"
    torch.manual_seed(0)
    config = GPT2Config(n_layer=args.layers, n_head=4, n_embd=args.width, vocab_size=args.vocab, n_positions=args.seq,
                        resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0, bos_token_id=0, eos_token_id=0)
    model = GPT2LMHeadModel(config).to(device).train()
    if args.no_graph_break:
        model.loss_type = "ForCausalLM"
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    forward = model if args.mode == "eager" else torch.compile(model, mode=None if args.mode == "compiled" else args.mode)

    step_ms = []
    for step in range(args.iters):
        t0 = time.perf_counter()
        seq = args.seq if args.seq_change_at < 0 or step < args.seq_change_at else args.seq * 3 // 4
        ids = torch.randint(0, args.vocab, (args.batch, seq), device=device)
        if args.mark_dynamic:
            torch._dynamo.mark_dynamic(ids, 1)
        if args.mode == "reduce-overhead":
            torch.compiler.cudagraph_mark_step_begin()
        loss = forward(input_ids=ids, labels=ids).loss
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        if device == "cuda":
            torch.cuda.synchronize()
        step_ms.append((time.perf_counter() - t0) * 1e3)
        print(f"step {step}: seq {seq}, loss {loss.item():.4f}", flush=True)
    if args.timing_json:
        with open(args.timing_json, "w") as f:
            json.dump({"mode": args.mode, "argv": vars(args), "step_ms": step_ms, "device": device,
                       "torch": torch.__version__}, f, indent=1)


if __name__ == "__main__":
    main()

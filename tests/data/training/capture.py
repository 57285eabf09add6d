"""Capture the real training-trace corpus (tests/data/training) on a GPU machine.

    python tests/data/training/capture.py OUT_DIR [--big-mb 220] [--deadline 540]

A Hugging Face transformers causal LM (GPT-2 built from a config: random weights, no download)
trained with AdamW under torch.profiler, one Python process per variant:

| name                         | model                       | profiled                                    |
|------------------------------|-----------------------------|---------------------------------------------|
| eager / eager-stack          | eager                       | schedule skip 3, warm-up 1, active 3        |
| compiled / compiled-stack    | torch.compile default       | same (steps 0-2 compile, not profiled)      |
| reduce-overhead(-stack)      | mode="reduce-overhead"      | same                                        |
| compiled-first-call          | torch.compile default       | steps 0-2 from the start, each a repeated   |
|                              |                             | `train_step` annotation, no ProfilerStep    |
| recompile                    | torch.compile default       | seq len 128 for steps 0-3, 96 from step 4:  |
|                              |                             | the shape change recompiles inside the      |
|                              |                             | profiled window (steps 3-5)                 |
| memory                       | eager, profile_memory +     | peak reset right before the first active    |
|                              | record_shapes               | step, max_memory_allocated() recorded       |
| ddp (2 GPUs only)            | DDP, NCCL, eager            | per rank, schedule skip 2, active 2         |
| big-stack (--big-mb)         | 6 layers, reduce-overhead   | with_stack, as many steps as make ~big-mb   |

Beside each trace, ``<name>.facts.json`` records what torch itself says: Dynamo's counters (graph
breaks with their reasons, unique graphs, recompiles), the steps profiled, versions, peak memory.
Compiled variants also write PyTorch's structured trace (``TORCH_TRACE``) into ``<name>.tlparse/``.

``--big-mb``: a GPT-2 (6 layers) reduce-overhead with_stack trace of about that many MB for the speed
benchmark (``big-stack.json``), gzipped and split into 15 MB parts. Everything else is packed into
``OUT_DIR/corpus.tar.gz``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

VARIANTS = ["eager", "eager-stack", "compiled", "compiled-stack", "reduce-overhead", "reduce-overhead-stack",
            "compiled-first-call", "recompile", "memory"]
BATCH, SEQ = 8, 128
DEVICE = "cuda" if os.environ.get("CORPUS_DEVICE", "cuda") == "cuda" else "cpu"  # CORPUS_DEVICE=cpu: a dry run


def build(layers: int = 2):
    import torch
    from transformers import GPT2Config, GPT2LMHeadModel

    torch.manual_seed(0)
    config = GPT2Config(n_layer=layers, n_head=4, n_embd=256, vocab_size=8192, n_positions=256,
                        resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0)
    model = GPT2LMHeadModel(config).to(DEVICE).train()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    return model, opt


def sync() -> None:
    import torch

    if DEVICE == "cuda":
        torch.cuda.synchronize()


def batch(seq: int = SEQ):
    import torch

    ids = torch.randint(0, 8192, (BATCH, seq), device=DEVICE)
    return ids


def counters() -> dict:
    from torch._dynamo.utils import counters as c

    return {k: {str(kk): vv for kk, vv in v.items()} for k, v in c.items()}


def versions() -> dict:
    import torch
    import transformers

    return {"torch": torch.__version__, "transformers": transformers.__version__,
            "cuda": torch.version.cuda, "gpu": torch.cuda.get_device_name(0) if DEVICE == "cuda" else "cpu",
            "triton": __import__("triton").__version__}


def part(name: str, out: Path, layers: int = 2, big_mb: float = 0.0) -> None:
    import torch
    from torch.profiler import ProfilerActivity, profile, record_function, schedule

    with_stack = name.endswith("-stack") or name == "big-stack"
    base = "reduce-overhead" if name == "big-stack" else name.removesuffix("-stack")
    model, opt = build(layers)
    fwd = model
    if base in ("compiled", "compiled-first-call", "recompile"):
        fwd = torch.compile(model)
    elif base == "reduce-overhead":
        fwd = torch.compile(model, mode="reduce-overhead")
    facts: dict = {"name": name, "versions": versions(), "layers": layers, "batch": BATCH, "seq": SEQ,
                   "with_stack": with_stack, "optimizer": "AdamW(lr=1e-4), foreach default"}

    def step(ids):
        if base == "reduce-overhead":
            torch.compiler.cudagraph_mark_step_begin()
        out_ = fwd(input_ids=ids, labels=ids)
        out_.loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    acts = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if DEVICE == "cuda" else [])
    trace = out / f"{name}.json"
    if base == "compiled-first-call":
        ids = batch()
        with profile(activities=acts, with_stack=with_stack) as prof:
            for i in range(3):
                with record_function("train_step"):
                    step(ids)
                sync()
        prof.export_chrome_trace(str(trace))
        facts["profiled_steps"] = [0, 1, 2]
        facts["steps_annotation"] = "train_step"
    else:
        skip, warm, active = (3, 1, 3)
        if base == "ddp":
            raise AssertionError
        if name == "big-stack":
            skip, warm, active = 1, 1, 1
            probe = out / "probe.json"
            ids = batch()
            with profile(activities=acts, with_stack=True, schedule=schedule(skip_first=skip, wait=0, warmup=warm, active=1),
                         on_trace_ready=lambda p: p.export_chrome_trace(str(probe))) as prof:
                for i in range(skip + warm + 1):
                    step(ids)
                    sync()
                    prof.step()
            per_step = probe.stat().st_size / 1e6
            active = max(1, min(600, int(big_mb / per_step) + 1))
            probe.unlink()
            facts["probe_mb_per_step"] = per_step
        total = skip + warm + active
        facts["profiled_steps"] = list(range(skip + warm, total))
        facts["steps_annotation"] = "ProfilerStep#N"
        memory = base == "memory"
        peaks = {}
        with profile(activities=acts, with_stack=with_stack, record_shapes=memory, profile_memory=memory, with_flops=memory,
                     schedule=schedule(skip_first=skip, wait=0, warmup=warm, active=active),
                     on_trace_ready=lambda p: p.export_chrome_trace(str(trace))) as prof:
            for i in range(total):
                seq = 96 if (base == "recompile" and i >= 4) else SEQ
                ids = batch(seq)
                if memory and i == skip + warm:
                    sync()
                    if DEVICE == "cuda":
                        torch.cuda.reset_peak_memory_stats()
                step(ids)
                sync()
                if memory and i == total - 1 and DEVICE == "cuda":
                    peaks = {"max_memory_allocated": torch.cuda.max_memory_allocated(),
                             "max_memory_reserved": torch.cuda.max_memory_reserved(),
                             "memory_allocated_end": torch.cuda.memory_allocated()}
                prof.step()
        facts.update(peaks)
        if base == "recompile":
            facts["seq_by_step"] = [96 if i >= 4 else SEQ for i in range(total)]
    facts["dynamo_counters"] = counters()
    facts["trace_bytes"] = trace.stat().st_size
    (out / f"{name}.facts.json").write_text(json.dumps(facts, indent=1, sort_keys=True))
    print(f"{name}: {trace.stat().st_size / 1e6:.1f} MB, counters {facts['dynamo_counters'].get('stats')}, "
          f"graph breaks {facts['dynamo_counters'].get('graph_break')}")


def ddp_worker(rank: int, out: str) -> None:
    import torch
    import torch.distributed as dist
    from torch.nn.parallel import DistributedDataParallel as DDP
    from torch.profiler import ProfilerActivity, profile, schedule

    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29541")
    dist.init_process_group("nccl", rank=rank, world_size=2)
    torch.cuda.set_device(rank)
    model, _ = build(2)
    model = DDP(model, device_ids=[rank])
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    ids = batch()
    path = Path(out) / f"ddp-rank{rank}.json"
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA], record_shapes=True,
                 schedule=schedule(skip_first=2, wait=0, warmup=1, active=2),
                 on_trace_ready=lambda p: p.export_chrome_trace(str(path))) as prof:
        for _ in range(5):
            model(input_ids=ids, labels=ids).loss.backward()
            opt.step()
            opt.zero_grad(set_to_none=True)
            sync()
            prof.step()
    if rank == 0:
        (Path(out) / "ddp.facts.json").write_text(json.dumps({"name": "ddp", "versions": versions(),
                                                               "profiled_steps": [3, 4], "world_size": 2}, indent=1))
    dist.destroy_process_group()


def orchestrate(out: Path, deadline: float, big_mb: float) -> int:
    start = time.time()
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="corpus-"))
    log = (out / "capture_log.txt").open("w")
    cache = tempfile.mkdtemp(prefix="inductor-")

    def say(text: str) -> None:
        print(text, flush=True)
        log.write(text + "\n")
        log.flush()

    probe = ("import importlib.metadata as m\n"
             "for n in ('torch','transformers','triton','pandas','numpy','pyarrow','plotly','msgspec','orjson','typer',"
             "'rich','psutil','holistictraceanalysis','narwhals','dask','ray','nbclient','ipykernel','hypothesis'):\n"
             "    try: print(n, m.version(n))\n"
             "    except m.PackageNotFoundError: print(n, 'missing')")
    say(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True).stdout.strip())
    names = list(VARIANTS)
    import torch

    if torch.cuda.device_count() >= 2:
        names.append("ddp")
    else:
        say("ddp: skipped, one GPU")
    if big_mb:
        names.append("big-stack")
    failures = 0
    for name in names:
        left = deadline - (time.time() - start)
        if left < 20:
            say(f"{name}: skipped, out of time")
            failures += 1
            continue
        env = dict(os.environ, PYTHONUNBUFFERED="1", TORCHINDUCTOR_CACHE_DIR=cache)
        if not name.startswith(("eager", "memory", "ddp", "big")):
            env["TORCH_TRACE"] = str(work / f"{name}.tlparse")
        if name == "compiled-first-call":
            env["TORCHINDUCTOR_CACHE_DIR"] = tempfile.mkdtemp(prefix="inductor-fresh-")
        args = [sys.executable, __file__, "--part", name, str(work)]
        if name == "big-stack":
            args += ["--big-mb", str(big_mb)]
        t0 = time.time()
        proc = subprocess.run(args, env=env, capture_output=True, text=True, timeout=max(left - 10, 10))
        lines = [ln for ln in (proc.stdout + proc.stderr).splitlines() if ln.strip()]
        say(f"$ {name}: exit {proc.returncode} in {time.time() - t0:.1f} s")
        say("\n".join(lines[-12:] if proc.returncode else lines[-3:]))
        failures += proc.returncode != 0
    big = work / "big-stack.json"
    if big.exists():
        data = big.read_bytes()
        say(f"big-stack.json: {len(data) / 1e6:.1f} MB")
        packed = gzip.compress(data, 6)
        big.unlink()
        for i in range(0, len(packed), 15_000_000):
            (out / f"big-stack.json.gz.part{i // 15_000_000}").write_bytes(packed[i:i + 15_000_000])
        shutil.copy(work / "big-stack.facts.json", out / "big-stack.facts.json")
    for trace in sorted(work.glob("*.json")):
        if trace.name.endswith(".facts.json"):
            continue
        with trace.open("rb") as src, gzip.open(str(trace) + ".gz", "wb", 9) as dst:
            shutil.copyfileobj(src, dst)
        trace.unlink()
    with tarfile.open(out / "corpus.tar.gz", "w:gz") as tar:
        tar.add(work, arcname="corpus")
    say(f"done in {time.time() - start:.0f} s, {failures} failed; corpus.tar.gz "
        f"{(out / 'corpus.tar.gz').stat().st_size / 1e6:.1f} MB")
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--part")
    parser.add_argument("--big-mb", type=float, default=0.0)
    parser.add_argument("--deadline", type=float, default=540.0)
    args = parser.parse_args()
    if args.part == "ddp":
        import torch.multiprocessing as mp

        mp.spawn(ddp_worker, args=(str(args.out),), nprocs=2, join=True)
        return 0
    if args.part:
        part(args.part, args.out, layers=6 if args.part == "big-stack" else 2, big_mb=args.big_mb)
        return 0
    return orchestrate(args.out, args.deadline, args.big_mb)


if __name__ == "__main__":
    sys.exit(main())

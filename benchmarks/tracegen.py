"""A generator of large, realistic Kineto traces (the shape of a ``with_stack=True`` training step).

    python benchmarks/tracegen.py OUT.json --mb 200 [--rank 0 --world-size 8 --seed 0]

Each training step holds what a real DDP + torch.compile trace holds, and the counts it wrote are
returned (:class:`Counts`) so tests can compare them with what the loader read:

- a ``ProfilerStep#N`` user_annotation around the step, and python_function stacks (``with_stack``)
  as deep as a real training loop's (runpy, the script, the trainer, nested ``nn.Module`` calls:
  ~30 frames) whose outer frames span the forward / backward / optimizer and whose inner frames wrap
  each op;
- ``record_function`` annotations (``ProfilerStep#N``, ``Optimizer.step#AdamW.step``, Inductor's
  ``## Call CompiledFxGraph ##``) that *partially* overlap the Python calls opening and closing them,
  as Kineto writes them: ``_record_function_enter_new`` ends after the annotation starts,
  ``profiler.py: __exit__`` starts before it ends;
- eager ``cpu_op`` pairs (``aten::linear`` -> ``aten::addmm``) launching with ``cudaLaunchKernel``,
  flash attention with ``cudaLaunchKernelExC``, a ``Torch-Compiled Region: 0/0`` launching Triton
  kernels with ``cuLaunchKernel`` (cuda_driver), ``cudaMemcpyAsync`` / ``cudaMemsetAsync`` with their
  GPU copies and sets, a non-launching ``cudaStreamSynchronize``;
- a second compiled region (``Torch-Compiled Region: 1/0``) replaying a CUDA graph at run time
  under ``torch/_inductor/compile_fx.py: run`` / ``cudagraph_trees.py: run`` Python frames (which
  are not compilation);
- backward ops on the autograd thread, an NCCL all-reduce on its own stream, and the optimizer
  replayed as a CUDA graph (one ``cudaGraphLaunch``, several kernels with its correlation);
- ``ac2g`` flows (s/f) for each launch, ``gpu_user_annotation`` spans on the compute stream;
- step 0 of every rank compiles first (Dynamo / AOT / Inductor annotations), longer on odd ranks.

Times are float µs with 3 decimals relative to ``baseTimeNanoseconds``, as Kineto writes them.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

#: Bytes one step writes, about (used to pick the number of steps for a target size).
_PY_ARGS = '"args": {{"Python parent id": {parent}, "Python id": {pyid}, "Python thread": 0}}'
_OP_ARGS = (
    '"args": {{"External id": {ext}, "Record function id": 0, "Sequence number": {seq}, "Fwd thread id": 0, '
    '"Ev Idx": {ext}, "Input Dims": [[{m}, {k}], [{k}, {n}], []], "Input type": ["c10::BFloat16", "c10::BFloat16", ""], '
    '"Input Strides": [[{k}, 1], [1, {k}], []], "Concrete Inputs": ["", "", ""]}}'
)
_RT_ARGS = '"args": {{"External id": {ext}, "cbid": {cbid}, "correlation": {corr}}}'
_KERNEL_ARGS = (
    '"args": {{"External id": {ext}, "queued": 0, "device": {dev}, "context": 1, "stream": {stream}, '
    '"correlation": {corr}, "registers per thread": {regs}, "shared memory": {smem}, "blocks per SM": 1.5, '
    '"warps per SM": 12.0, "grid": [{gx}, {gy}, 1], "block": [{bx}, 1, 1], "est. achieved occupancy %": 25}}'
)
_COPY_ARGS = (
    '"args": {{"External id": {ext}, "device": {dev}, "context": 1, "stream": {stream}, "correlation": {corr}, '
    '"bytes": {nbytes}, "memory bandwidth (GB/s)": 20.5}}'
)

PID = 1234
MAIN_TID = 1234
AUTOGRAD_TID = 1300
COMPUTE_STREAM, COPY_STREAM, NCCL_STREAM = 7, 20, 13
#: Kernels in the optimizer's CUDA graph, per replay.
GRAPH_KERNELS = 12
#: Kernels in the CUDA graph region 1/0 replays (reduce-overhead), per call.
REGION_GRAPH_KERNELS = 20
#: The Python frames around a step (runpy -> script -> trainer -> train_step).
OUTER_FRAMES = ("runpy.py(198): _run_module_as_main", "runpy.py(88): _run_code", "train.py(212): <module>",
                "train.py(205): main", "transformers/trainer.py(2240): train", "transformers/trainer.py(2580): _inner_training_loop",
                "transformers/trainer.py(3790): training_step", "train.py(118): train_step")
_ENTER = "<built-in method _record_function_enter_new of PyCapsule object at 0x7f3c2a1b5e30>"
_EXIT = "torch/autograd/profiler.py(860): __exit__"
#: Ops per step, per phase.
FWD_EAGER_OPS, FWD_ATTN_OPS, COMPILED_KERNELS, BWD_OPS = 24, 4, 16, 28


@dataclass
class Counts:
    """What the generator wrote: the loader must read exactly these."""

    steps: int = 0
    slices: Counter = field(default_factory=Counter)  # host slices by category
    launches: Counter = field(default_factory=Counter)  # launch API -> calls
    kernels: int = 0
    memcpys: int = 0
    memsets: int = 0
    gpu_annotations: int = 0
    flows: int = 0
    kernels_by_stream: Counter = field(default_factory=Counter)
    kernel_ns: int = 0  # sum of kernel durations
    compile_ns: int = 0  # length of the outermost compile annotation (step 0)
    bytes: int = 0


class _Writer:
    """Appends events of one rank's trace; keeps per-stream GPU clocks and ids."""

    def __init__(self, rank: int, seed: int, device: int) -> None:
        self.rng = random.Random(seed * 1000 + rank)
        self.rank, self.device = rank, device
        self.t = 1000.0
        self.ext = self.corr = self.pyid = self.seq = 0
        self.stream_free = {COMPUTE_STREAM: 0.0, COPY_STREAM: 0.0, NCCL_STREAM: 0.0}
        self.out: list[str] = []
        self.counts = Counts()
        self.kernel_dur_scale = 1.0 + 0.15 * (rank % 3 == 2)  # every third rank is a straggler

    # --- primitives ------------------------------------------------------------------------
    def x(self, cat: str, name: str, tid: int, ts: float, dur: float, args: str) -> None:
        self.out.append(
            f'{{"ph": "X", "cat": "{cat}", "name": "{name}", "pid": {PID}, "tid": {tid}, '
            f'"ts": {ts:.3f}, "dur": {dur:.3f}, {args}}}'
        )
        if cat in ("kernel", "gpu_memcpy", "gpu_memset", "gpu_user_annotation"):
            return
        self.counts.slices[cat] += 1

    def py(self, name: str, tid: int, ts: float, dur: float, parent: int) -> int:
        self.pyid += 1
        self.x("python_function", name, tid, ts, dur, _PY_ARGS.format(parent=parent, pyid=self.pyid))
        return self.pyid

    def flow(self, corr: int, ts_cpu: float, ts_gpu: float, tid: int) -> None:
        self.out.append(f'{{"ph": "s", "id": {corr}, "pid": {PID}, "tid": {tid}, "ts": {ts_cpu:.3f}, "cat": "ac2g", "name": "ac2g"}}')
        self.out.append(
            f'{{"ph": "f", "id": {corr}, "pid": {self.device}, "tid": {COMPUTE_STREAM}, "ts": {ts_gpu:.3f}, '
            f'"cat": "ac2g", "name": "ac2g", "bp": "e"}}'
        )
        self.counts.flows += 2

    def gpu(self, cat: str, name: str, stream: int, after: float, dur: float, args: str) -> float:
        start = max(after + 2.0, self.stream_free[stream])
        dur = round(dur * (self.kernel_dur_scale if cat == "kernel" else 1.0), 3)
        self.out.append(
            f'{{"ph": "X", "cat": "{cat}", "name": "{name}", "pid": {self.device}, "tid": {stream}, '
            f'"ts": {start:.3f}, "dur": {dur:.3f}, {args}}}'
        )
        self.stream_free[stream] = start + dur
        if cat == "kernel":
            self.counts.kernels += 1
            self.counts.kernels_by_stream[stream] += 1
            self.counts.kernel_ns += round(dur * 1000)
        elif cat == "gpu_memcpy":
            self.counts.memcpys += 1
        else:
            self.counts.memsets += 1
        return start

    def launch(self, api: str, tid: int, kernels: list[tuple[str, str, int, float]], cat: str = "cuda_runtime") -> None:
        """One runtime/driver call at ``self.t`` and the GPU work it starts: (cat, name, stream, dur)."""
        self.corr += 1
        ts, dur = self.t, 3.0 + self.rng.random() * 4
        cbid = {"cudaLaunchKernel": 211, "cudaLaunchKernelExC": 430, "cudaGraphLaunch": 311}.get(api, 41)
        self.x(cat, api, tid, ts, dur, _RT_ARGS.format(ext=self.ext, cbid=cbid, corr=self.corr))
        if kernels:
            self.counts.launches[api.split("_v")[0]] += 1
        first = None
        for gcat, name, stream, kdur in kernels:
            if gcat == "kernel":
                args = _KERNEL_ARGS.format(ext=self.ext, dev=self.device, stream=stream, corr=self.corr, regs=32 + 8 * self.rng.randrange(8),
                                           smem=self.rng.choice((0, 4096, 49152)), gx=self.rng.randrange(1, 2048), gy=1, bx=self.rng.choice((128, 256, 512)))
            else:
                args = _COPY_ARGS.format(ext=self.ext, dev=self.device, stream=stream, corr=self.corr, nbytes=self.rng.randrange(1 << 12, 1 << 24))
            start = self.gpu(gcat, name, stream, ts + dur, kdur, args)
            first = start if first is None else first
        if first is not None:
            self.flow(self.corr, ts, first, tid)
        self.t = ts + dur + 0.5

    def op(self, names: tuple[str, ...], tid: int, api: str, kernels: list[tuple[str, str, int, float]], frames: tuple[str, ...] = (),
           parent_py: int = 0, cat: str = "cuda_runtime") -> None:
        """Python frames around nested cpu_ops around one launch."""
        opened: list[tuple[str, float, int]] = []
        for frame in frames:
            opened.append(("py", self.t, 0))
            parent_py = self.py_open(frame, tid, parent_py, opened)
        self.ext += 1
        self.seq += 1
        m, k, n = self.rng.choice((1024, 2048, 4096)), self.rng.choice((1024, 4096)), self.rng.choice((1024, 4096))
        op_args = _OP_ARGS.format(ext=self.ext, seq=self.seq, m=m, k=k, n=n)
        starts = []
        for _ in names:
            starts.append(self.t)
            self.t += 1.0 + self.rng.random()
        self.launch(api, tid, kernels, cat)
        for name, start in zip(reversed(names), reversed(starts)):
            self.t += 0.5
            self.x("cpu_op", name, tid, start, self.t - start, op_args)
        self.py_close(opened, tid)

    # python frames are written when they close (their duration is known then)
    def py_open(self, name: str, tid: int, parent: int, opened: list) -> int:
        self.pyid += 1
        opened[-1] = (name, self.t, self.pyid, parent)
        self.t += 0.3
        return self.pyid

    def py_close(self, opened: list, tid: int) -> None:
        for name, start, pyid, parent in reversed(opened):
            self.t += 0.3
            self.x("python_function", name, tid, start, self.t - start, _PY_ARGS.format(parent=parent, pyid=pyid))

    def span(self, cat: str, name: str, tid: int, start: float, args: str = '"args": {}') -> None:
        self.t += 0.5
        self.x(cat, name, tid, start, self.t - start, args)

    def record_function(self, name: str, tid: int, body, parent: int) -> None:
        """A ``record_function`` annotation around ``body()``, opened and closed by Python calls that
        partially overlap it (the enter call returns after the annotation starts; the exit call starts
        before it ends), as in with_stack traces."""
        enter = self.t
        annotation = enter + 0.4
        self.t = enter + 0.9
        self.py(_ENTER, tid, enter, 0.9, parent)
        body()
        exit_start = self.t
        self.t += 0.3
        end = self.t
        self.t += 0.5
        self.py(_EXIT, tid, exit_start, self.t - exit_start, parent)
        self.x("user_annotation", name, tid, annotation, end - annotation, '"args": {}')


_MODULE_FRAMES = ("torch/nn/modules/module.py(1775): _wrapped_call_impl", "torch/nn/modules/module.py(1786): _call_impl")


def _step(w: _Writer, step: int) -> None:
    w.record_function(f"ProfilerStep#{step}", MAIN_TID, lambda: _step_body(w, step), 0)
    w.t = max(w.t, *w.stream_free.values()) + 5.0  # the next step starts after this one's GPU work
    w.counts.steps += 1


def _step_body(w: _Writer, step: int) -> None:
    rng = w.rng
    outer: list = []
    for frame in OUTER_FRAMES:
        outer.append(None)
        w.py_open(frame, MAIN_TID, outer[-2][2] if len(outer) > 1 else 0, outer)
    if step == 0:
        _compile(w)
    # forward: eager layers, each inside the model's and its block's nn.Module calls
    fwd_start = w.t
    for layer in range(FWD_EAGER_OPS):
        w.op(("aten::linear", "aten::addmm"), MAIN_TID, "cudaLaunchKernel",
             [("kernel", "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas",
               COMPUTE_STREAM, 40 + rng.random() * 80)],
             frames=(*_MODULE_FRAMES, "nn.Module: GPT2LMHeadModel_0", "transformers/models/gpt2/modeling_gpt2.py(1100): forward",
                     *_MODULE_FRAMES, f"nn.Module: GPT2Block_{layer % 6}", "transformers/models/gpt2/modeling_gpt2.py(620): forward",
                     *_MODULE_FRAMES, "nn.Module: Linear_0", "torch/nn/modules/linear.py(125): forward"))
    for _ in range(FWD_ATTN_OPS):
        w.op(("aten::scaled_dot_product_attention", "aten::_scaled_dot_product_flash_attention"), MAIN_TID, "cudaLaunchKernelExC",
             [("kernel", "void pytorch_flash::flash_fwd_kernel<Flash_fwd_kernel_traits<128, 128, 64, 4, false, false, cutlass::bfloat16_t> >",
               COMPUTE_STREAM, 150 + rng.random() * 50)],
             frames=(*_MODULE_FRAMES, "model.py(77): attention"))
    # a compiled region launching Triton kernels through the driver API
    region_start = w.t
    w.t += 1.0
    call_start = w.t
    for i in range(COMPILED_KERNELS):
        w.op((), MAIN_TID, "cuLaunchKernel", [("kernel", f"triton_poi_fused_add_mul_{i}", COMPUTE_STREAM, 8 + rng.random() * 10)], cat="cuda_driver")
    w.span("user_annotation", "## Call CompiledFxGraph fqz7mfcmy6wqkgxchrfl6cmjcp62wqtkvonb6yjfjazk7rgz2ynp ##", MAIN_TID, call_start)
    w.span("user_annotation", "Torch-Compiled Region: 0/0", MAIN_TID, region_start)
    # a compiled region replaying a CUDA graph (reduce-overhead) under Inductor's Python frames
    region_start = w.t
    w.t += 1.0
    frames: list = []
    for frame in ("torch/_inductor/compile_fx.py(1612): run", "torch/_inductor/cudagraph_trees.py(2010): run",
                  "torch/_inductor/cudagraph_trees.py(1150): run_graph"):
        frames.append(None)
        w.py_open(frame, MAIN_TID, outer[-1][2], frames)
    w.record_function("## Call CompiledFxGraph f4ugunztjpvonhf5qej4zhlully4gzfoeg6o4br2s7zdxv474xgj ##", MAIN_TID,
                      lambda: w.launch("cudaGraphLaunch", MAIN_TID, [("kernel", f"triton_poi_fused_replayed_{i}", COMPUTE_STREAM, 6 + rng.random() * 6)
                                                                     for i in range(REGION_GRAPH_KERNELS)]), frames[-1][2])
    w.py_close(frames, MAIN_TID)
    w.span("cpu_op", "Torch-Compiled Region: 1/0", MAIN_TID, region_start)
    # input copy, a memset, a sync that launches nothing
    w.op(("aten::copy_",), MAIN_TID, "cudaMemcpyAsync", [("gpu_memcpy", "Memcpy HtoD (Pinned -> Device)", COPY_STREAM, 30 + rng.random() * 10)])
    w.op(("aten::zero_", "aten::fill_"), MAIN_TID, "cudaMemsetAsync", [("gpu_memset", "Memset (Device)", COMPUTE_STREAM, 2.0)])
    w.op(("aten::item", "aten::_local_scalar_dense"), MAIN_TID, "cudaStreamSynchronize", [])
    fwd_gpu_end = w.stream_free[COMPUTE_STREAM]
    w.out.append(
        f'{{"ph": "X", "cat": "gpu_user_annotation", "name": "forward", "pid": {w.device}, "tid": {COMPUTE_STREAM}, '
        f'"ts": {fwd_start + 5:.3f}, "dur": {max(fwd_gpu_end - fwd_start - 5, 1.0):.3f}, "args": {{"External id": {w.ext}}}}}'
    )
    w.counts.gpu_annotations += 1
    # backward on the autograd thread (runs while the main thread waits in backward())
    bwd_call = w.t
    for _ in range(BWD_OPS):
        w.op(("autograd::engine::evaluate_function: AddmmBackward0", "AddmmBackward0", "aten::mm"), AUTOGRAD_TID, "cudaLaunchKernel",
             [("kernel", "sm90_xmma_gemm_bf16bf16_bf16f32_f32_nt_n_tilesize128x256x64_warpgroupsize2x1x1_execute_segment_k_off_kernel__5x_cublas",
               COMPUTE_STREAM, 60 + rng.random() * 100)])
    w.op(("nccl:all_reduce", "record_param_comms"), AUTOGRAD_TID, "cudaLaunchKernel",
         [("kernel", "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)", NCCL_STREAM, 800 + rng.random() * 400)])
    w.x("python_function", "torch/_tensor.py(648): backward", MAIN_TID, bwd_call, w.t - bwd_call + 0.2,
        _PY_ARGS.format(parent=outer[-1][2], pyid=w.pyid + 1))
    w.pyid += 1
    w.t += 0.5
    # optimizer: a record_function annotation around one CUDA graph replay
    frames = [None]
    w.py_open("torch/optim/optimizer.py(485): wrapper", MAIN_TID, outer[-1][2], frames)
    w.record_function("Optimizer.step#AdamW.step", MAIN_TID, lambda: w.op(
        ("aten::_foreach_add_",), MAIN_TID, "cudaGraphLaunch",
        [("kernel", f"triton_for_fused_adamw_{i}", COMPUTE_STREAM, 20 + rng.random() * 10) for i in range(GRAPH_KERNELS)]), frames[-1][2])
    w.py_close(frames, MAIN_TID)
    w.py_close(outer, MAIN_TID)
    w.t = max(w.t, *w.stream_free.values()) + 5.0  # the step ends after its GPU work


def _compile(w: _Writer) -> None:
    """Dynamo + AOT + Inductor annotations before the first step's forward; odd ranks compile slower."""
    scale = 1.0 + 0.5 * (w.rank % 2)
    start = w.t
    w.t += 1.0
    for name, dur in (("bytecode_tracing", 200_000), ("create_aot_dispatcher_function", 150_000), ("inductor_compile", 600_000)):
        inner = w.t
        w.t += dur * scale
        w.span("user_annotation", name, MAIN_TID, inner)
    w.span("user_annotation", "backend_compile (dynamo_timed)", MAIN_TID, start + 0.5)
    w.span("user_annotation", "entire_frame_compile (dynamo_timed)", MAIN_TID, start)
    w.counts.compile_ns = round((w.t - start) * 1000)


def _header(rank: int, world_size: int, device: int) -> str:
    props = ", ".join(
        f'{{"id": {d}, "name": "NVIDIA H100 80GB HBM3", "totalGlobalMem": 85029158912, "computeMajor": 9, "computeMinor": 0, '
        f'"maxThreadsPerBlock": 1024, "maxThreadsPerMultiprocessor": 2048, "regsPerBlock": 65536, "warpSize": 32, '
        f'"sharedMemPerBlock": 49152, "numSms": 132}}'
        for d in range(8)
    )
    return (
        '{\n  "schemaVersion": 1,\n'
        f'  "deviceProperties": [{props}],\n'
        f'  "distributedInfo": {{"backend": "nccl", "rank": {rank}, "world_size": {world_size}, "pg_count": 1, "pg_config": [], "nccl_version": "2.21.5"}},\n'
        '  "cuda_runtime_version": 12040, "cuda_driver_version": 12040, "with_stack": 1, "record_shapes": 1,\n'
        '  "profile_memory": 0, "with_flops": 0, "with_modules": 0,\n'
        '  "trace_id": "F2E5B6C0A1A24D5D9B1D2C0E8D7A6B5C",\n'
        '  "displayTimeUnit": "ms",\n  "baseTimeNanoseconds": 1727000000000000000,\n'
        '  "traceEvents": [\n'
    )


def _metadata(rank: int, device: int) -> list[str]:
    return [
        f'{{"name": "process_name", "ph": "M", "ts": 0, "pid": {PID}, "tid": 0, "args": {{"name": "python3"}}}}',
        f'{{"name": "thread_name", "ph": "M", "ts": 0, "pid": {PID}, "tid": {MAIN_TID}, "args": {{"name": "thread {MAIN_TID} (python3)"}}}}',
        f'{{"name": "thread_name", "ph": "M", "ts": 0, "pid": {PID}, "tid": {AUTOGRAD_TID}, "args": {{"name": "thread {AUTOGRAD_TID} (pt_autograd_0)"}}}}',
        f'{{"name": "process_name", "ph": "M", "ts": 0, "pid": {device}, "tid": 0, "args": {{"name": "python3"}}}}',
        f'{{"name": "process_labels", "ph": "M", "ts": 0, "pid": {device}, "tid": 0, "args": {{"labels": "GPU {device}"}}}}',
    ]


def generate(path: str | Path, target_bytes: int, rank: int = 0, world_size: int = 8, seed: int = 0) -> Counts:
    """Write a trace of about ``target_bytes`` (plain JSON) to ``path``; return what it holds."""
    path = Path(path)
    device = rank % 8
    w = _Writer(rank, seed, device)
    head = _header(rank, world_size, device)
    written = 0
    with path.open("w") as f:
        f.write(head)
        f.write(",\n".join(_metadata(rank, device)))
        written += len(head)
        step = 0
        while written < target_bytes or step == 0:
            _step(w, step)
            chunk = ",\n" + ",\n".join(w.out)
            w.out.clear()
            f.write(chunk)
            written += len(chunk)
            step += 1
        tail = '\n  ],\n  "traceName": "' + path.name + '"\n}\n'
        f.write(tail)
    w.counts.bytes = path.stat().st_size
    return w.counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--mb", type=float, default=10)
    parser.add_argument("--rank", type=int, default=0)
    parser.add_argument("--world-size", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    counts = generate(args.out, int(args.mb * 1e6), args.rank, args.world_size, args.seed)
    print(f"{args.out}: {counts.bytes / 1e6:.1f} MB, {counts.steps} steps, {sum(counts.slices.values())} slices, {counts.kernels} kernels")


if __name__ == "__main__":
    main()

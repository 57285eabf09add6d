"""Write the broken-input corpus under ``tests/data/bad/`` (see its README.md for what each file tests).

Run ``python tests/make_bad_corpus.py`` to rewrite the hand-made files; add ``--cpu-only`` to
re-capture ``cpu_only.json.gz`` with torch.profiler (CPU activity only, a tiny op). The generator
lives outside the corpus folder because ``traceview kernels`` reads ``*.py`` beside a trace as code.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

BAD = Path(__file__).parent / "data" / "bad"
PID, TID, GPU_PID, STREAM = 100, 100, 0, 7


def x(name: str, cat: str, ts: float, dur: float, pid: object = PID, tid: object = TID, **args: object) -> dict:
    event: dict = {"ph": "X", "cat": cat, "name": name, "pid": pid, "tid": tid, "ts": ts, "dur": dur}
    if args:
        event["args"] = {("External id" if k == "external_id" else k): v for k, v in args.items()}
    return event


def op_launch_kernel(op: str, kernel: str, ts: float, correlation: int, api: str = "cudaLaunchKernel",
                     device: int = 0, stream: int = STREAM) -> list[dict]:
    """An aten op around one runtime launch, and the kernel it started."""
    return [
        x(op, "cpu_op", ts, 20, external_id=correlation),
        x(api, "cuda_runtime", ts + 2, 5, correlation=correlation, external_id=correlation),
        x(kernel, "kernel", ts + 30, 10, pid=device, tid=stream, device=device, stream=stream, correlation=correlation,
          external_id=correlation, grid=[4, 1, 1], block=[128, 1, 1]),
    ]


def good_events(n: int = 4) -> list[dict]:
    events = [{"ph": "M", "name": "process_name", "pid": PID, "tid": 0, "args": {"name": "python3"}}]
    for i in range(n):
        events += op_launch_kernel("aten::add", "add_kernel", 1000 + 100 * i, correlation=10 + i)
    return events


def document(events: list[dict], **header: object) -> dict:
    return {"schemaVersion": 1, "deviceProperties": [{"id": 0, "name": "NVIDIA H100", "computeMajor": 9, "computeMinor": 0}],
            **header, "traceEvents": events}


def text(doc: object) -> bytes:
    return json.dumps(doc, indent=1).encode()


def cases() -> dict[str, bytes]:
    whole = text(document(good_events(6)))
    cut_at = whole.index(b'"add_kernel"', len(whole) * 2 // 3)  # inside the 5th or 6th kernel event
    gz_whole = gzip.compress(text(document(good_events(40))), mtime=0)
    out = {
        "not_json.json": b"this is not JSON at all\n",
        "truncated_mid_event.json": whole[:cut_at],
        "truncated_before_first_event.json": b'{"schemaVersion": 1, "traceEvents": [\n {"ph": "X", "cat": "cpu_op", "na',
        "truncated_gzip_stream.json.gz": gz_whole[: len(gz_whole) * 3 // 4],
        "corrupt_gzip.json.gz": b"\x1f\x8b\x08\x00" + bytes(range(200, 256)) * 4,
        "empty.json": b"",
        "empty_object.json": b"{}",
        "json_list.json": text(good_events(2)),
        "trace_events_not_list.json": text({"traceEvents": {"ph": "X", "name": "k"}}),
        "trace_events_string.json": text({"traceEvents": "lots of events"}),
        "zero_events.json": text(document([])),
        "missing_fields.json": text(document(good_events(2) + [
            {"ph": "X", "cat": "cpu_op", "name": "no_ts", "pid": PID, "tid": TID, "dur": 3},
            {"ph": "X", "cat": "cpu_op", "name": "no_dur", "pid": PID, "tid": TID, "ts": 1500},
            {"ph": "X", "cat": "cpu_op", "pid": PID, "tid": TID, "ts": 1510, "dur": 2},
            {"cat": "cpu_op", "name": "no_ph", "pid": PID, "tid": TID, "ts": 1520, "dur": 2},
            {"ph": "X", "cat": "kernel", "pid": GPU_PID, "tid": STREAM, "ts": 1530, "dur": 4, "args": {"correlation": 10**6}},
        ])),
        "strings_for_numbers.json": text(document(good_events(2) + [
            x("str_ts", "cpu_op", "soon", 3),  # type: ignore[arg-type]
            x("str_dur", "cpu_op", 1500, "long"),  # type: ignore[arg-type]
            x("numeric_strings", "cpu_op", "1510.5", "2.25"),  # type: ignore[arg-type]
            x("str_pid", "cpu_op", 1520, 2, pid="host"),
            x("str_kernel_ts", "kernel", "later", 4, pid=GPU_PID, tid=STREAM, correlation=10),  # type: ignore[arg-type]
            {"ph": 7, "cat": "cpu_op", "name": "int_ph", "pid": PID, "tid": TID, "ts": 1530, "dur": 1},
            x("args_not_object", "cpu_op", 1540, 1) | {"args": [1, 2, 3]},
            x("correlation_str", "cuda_runtime", 1550, 1, correlation="abc"),
        ])),
        "negative_duration.json": text(document(good_events(2) + [
            x("aten::neg", "cpu_op", 1500, -4),
            x("neg_kernel", "kernel", 1600, -1, pid=GPU_PID, tid=STREAM, correlation=10),
        ])),
        "nan_values.json": json.dumps(document(good_events(2) + [
            x("nan_dur", "cpu_op", 1500, float("nan")),
            x("nan_ts", "cpu_op", float("nan"), 2),
            x("inf_dur", "kernel", 1600, float("inf"), pid=GPU_PID, tid=STREAM, correlation=10),
            x("neg_inf_ts", "cpu_op", float("-inf"), 2),
        ])).encode(),
        "duplicate_correlation.json": text(document(good_events(2) + [
            # a second cudaLaunchKernel reusing correlation 10, with its own kernel
            x("aten::mul", "cpu_op", 2000, 20, external_id=50),
            x("cudaLaunchKernel", "cuda_runtime", 2002, 5, correlation=10, external_id=50),
            x("mul_kernel", "kernel", 2030, 10, pid=GPU_PID, tid=STREAM, device=0, stream=STREAM, correlation=10, external_id=50),
        ])),
        "kernel_without_launch.json": text(document(good_events(2) + [
            x("orphan_kernel", "kernel", 1500 + 20 * i, 10, pid=GPU_PID, tid=STREAM, device=0, stream=STREAM, correlation=900 + i)
            for i in range(3)
        ])),
        "launch_without_kernel.json": text(document(good_events(2) + [
            x("cudaLaunchKernel", "cuda_runtime", 1500 + 20 * i, 5, correlation=800 + i) for i in range(3)
        ])),
        "unknown_category.json": text(document(good_events(2) + [
            x("mystery_span", "brand_new_category", 1500, 5),
            x("no_category_span", None, 1510, 5),  # type: ignore[arg-type]
            {"ph": "Q", "cat": "cpu_op", "name": "unknown_phase", "pid": PID, "tid": TID, "ts": 1520},
        ])),
        "unbalanced_begin_end.json": text(document(good_events(2) + [
            {"ph": "B", "cat": "cpu_op", "name": "begun", "pid": PID, "tid": TID, "ts": 1500},
            {"ph": "E", "pid": PID, "tid": TID, "ts": 1510},
            {"ph": "E", "pid": PID, "tid": TID, "ts": 1520},
            {"ph": "B", "cat": "cpu_op", "name": "never_ended", "pid": PID, "tid": TID, "ts": 1530},
        ])),
        "events_not_objects.json": text(document(good_events(2) + ["a string", 42, None, [1, 2]])),  # type: ignore[list-item]
        "gpu_only.json": text(document([e for e in good_events(3) if e.get("cat") == "kernel"])),
        "huge_numbers.json": text(document(good_events(2) + [
            x("huge_ts", "cpu_op", 10**30, 1),
            x("huge_dur_kernel", "kernel", 1500, 1e300, pid=GPU_PID, tid=STREAM, correlation=10),
            x("huge_pid", "cpu_op", 1510, 1, pid=2**64),
            x("cudaLaunchKernel", "cuda_runtime", 1520, 1, correlation=2**63),
        ])),
        "amd_hip.json": text(amd_events()),
        "ansi_names.json": text(document(ansi_events())),
    }
    return out


def amd_events() -> dict:
    """A ROCm trace in the shape of hta__amd_mi250_rocm6.2 / tracelens mi300x: hipLaunchKernel, and a
    hipGraphLaunch whose three kernels share its correlation (kernels and launches in cuda_runtime/kernel cats)."""
    events = [{"ph": "M", "name": "process_name", "pid": PID, "tid": 0, "args": {"name": "python3"}}]
    events += op_launch_kernel("aten::add", "elementwise_kernel_add", 1000, 20, api="hipLaunchKernel", device=2, stream=0)
    events += op_launch_kernel("aten::mul", "elementwise_kernel_mul", 1100, 21, api="hipLaunchKernel", device=2, stream=0)
    events.append(x("hipGraphLaunch", "cuda_runtime", 1200, 30, cid=215, correlation=22))
    for i, name in enumerate(("triton_poi_fused_0", "Cijk_Alik_Bljk_gemm", "triton_red_fused_1")):
        events.append(x(name, "kernel", 1300 + 20 * i, 15, pid=2, tid=0, device=2, stream=0, correlation=22, kind="Dispatch Task"))
    events.append(x("hipMemcpyWithStream", "cuda_runtime", 1400, 60, stream="0x0", correlation=23, external_id=9))
    events.append(x("Memcpy HtoD (Host -> Device)", "gpu_memcpy", 1420, 22, pid=2, tid=0, device=2, stream=0, correlation=23,
                    external_id=9, kind="HtoD"))
    return {"schemaVersion": 1, "deviceProperties": [{"id": 2, "name": "AMD Instinct MI300X", "gcnArchName": "gfx942"}],
            "roctracer_version": 4.1, "hip_runtime_version": 70051831, "traceEvents": events}


ESC = "\x1b"
#: Names that try to clear the screen, recolour, retitle the terminal and hide text.
ANSI_KERNEL = f"evil_kernel{ESC}[2J{ESC}[31mRED{ESC}]0;pwned{ESC}\\{ESC}[8mhidden{ESC}[0m"
ANSI_OP = f"aten::{ESC}[1;32mgreen_op{ESC}[0m\x07bell"
ANSI_MARKUP = "[bold red]not markup[/]"
#: An 8-bit CSI (U+009B): some UTF-8 terminals read it as ESC [.
ANSI_C1_KERNEL = "c1_kernel\x9b2Jcleared"


def ansi_events() -> list[dict]:
    events = [{"ph": "M", "name": "process_name", "pid": PID, "tid": 0, "args": {"name": f"py{ESC}[5mthon"}}]
    events += op_launch_kernel(ANSI_OP, ANSI_KERNEL, 1000, correlation=10)
    events += op_launch_kernel(ANSI_MARKUP, ANSI_KERNEL, 1100, correlation=11)
    events.append(x(f"cuda{ESC}[7mLaunchKernel", "cuda_runtime", 1200, 5, correlation=12))
    events.append(x(f"cat_kernel{ESC}[1m", "kernel", 1230, 5, pid=GPU_PID, tid=STREAM, device=0, stream=STREAM, correlation=12))
    events.append(x("weird_cat_span", f"cat{ESC}[31m", 1300, 5))
    events += op_launch_kernel("aten::c1", ANSI_C1_KERNEL, 1400, correlation=13)
    return events


def cpu_only() -> bytes:
    import os
    import tempfile

    import torch
    from torch.profiler import ProfilerActivity, profile

    a = torch.ones(8, 8)
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        for _ in range(3):
            (a * 2 + 1).sum()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "trace.json")
        prof.export_chrome_trace(path)
        return gzip.compress(Path(path).read_bytes(), mtime=0)


def main(argv: list[str]) -> None:
    BAD.mkdir(parents=True, exist_ok=True)
    for name, data in cases().items():
        (BAD / name).write_bytes(data)
    if "--cpu-only" in argv:
        (BAD / "cpu_only.json.gz").write_bytes(cpu_only())


if __name__ == "__main__":
    main(sys.argv[1:])

"""Record Inductor's autotuning decisions while a capture runs, and write them beside the trace.

Two tuners choose how a kernel runs, and each is recorded where torch hands its results over:

- **select_algorithm** (templates under max-autotune: mm, addmm, bmm, convolution, flex attention,
  CPU GEMM templates): every candidate benchmarked (Triton template configs, ATen/cuBLAS/MKL extern
  kernels, C++ templates) with its time in ms; the fastest is chosen. Read from the feedback-saver hook
  (``select_algorithm.add_feedback_saver``, torch >= 2.5; source ``select_algorithm.feedback_saver``),
  and from ``AlgorithmSelectorCache.log_results`` (every torch from 2.4; source
  ``select_algorithm.log_results``), which also gives the seconds spent benchmarking and precompiling.
  Where both fire (2.5+), one row is kept, with the saver's candidates and ``log_results``' times.
  ``chosen`` is the fastest, unless the scheduler later kept another Triton template for the decision
  (benchmarked with its fused epilogue: ``MultiTemplateBuffer.finalize_as_triton_caller``,
  ``finalized``: true); ``fastest`` is always the benchmark's winner.
- **the runtime autotuner** (``CachingAutotuner`` in ``triton_heuristics``: pointwise, reduction and
  template kernels with several configs): ``benchmark_all_configs`` (source
  ``triton_heuristics.benchmark_all_configs``: each config's time, the fastest kept) and
  ``coordinate_descent_tuning`` (source ``triton_heuristics.coordinate_descent_tuning``: the config it
  started from and the one it found). GPU only: the CPU runs C++ kernels, which are not autotuned.

Nothing is recorded when Inductor's caches answered (FX graph cache, autotune cache): nothing was
benchmarked then. The file (``<stem>.autotune.json``)::

    {"schema_version": 1, "torch": "2.13.0", "sources": {source: true/false (hook present)},
     "records": [{"tuner": "select_algorithm"|"runtime"|"coordinate_descent", "op", "kernel", "compile_id" ("F/C"),
                  "inputs": [{"size", "stride", "dtype"}], "candidates": [{"name", "ms", "kind", "description"}],
                  "chosen", "fastest", "finalized", "autotune_s", "precompile_s", "source"}],
     "notes": [...]}
"""

from __future__ import annotations

import json
import logging
import math
import time
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

log = logging.getLogger(__name__)

SUFFIX = ".autotune.json"
SCHEMA_VERSION = 1


@dataclass
class AutotuneRecorder:
    """The autotuning decisions seen while :func:`recording` is active, in the order they were made."""

    records: list[dict[str, Any]] = field(default_factory=list)
    sources: dict[str, bool] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    benchmarking: dict[str, int] = field(default_factory=dict)  # tuner -> tunings of select_algorithm's candidates, folded

    def add(self, row: dict[str, Any]) -> None:
        """One decision; a tuning of a kernel that is not named yet (``Placeholder.*``: a template candidate
        select_algorithm is benchmarking, ~10,000 of them in a max-autotune GEMM model) is counted, not kept."""
        if is_benchmarking_kernel(row.get("kernel")):
            self.benchmarking[row["tuner"]] = self.benchmarking.get(row["tuner"], 0) + 1
            return
        self.records.append(row)

    def write(self, path: Path) -> Path:
        import torch

        notes = list(self.notes) + [folded_note(n, tuner) for tuner, n in sorted(self.benchmarking.items())]
        doc = {"schema_version": SCHEMA_VERSION, "torch": torch.__version__, "sources": self.sources,
               "records": self.records, "notes": notes}
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(doc, indent=1, default=str) + "\n", encoding="utf-8")
        return path


@contextmanager
def recording() -> Iterator[AutotuneRecorder]:
    """Install the hooks of the module docstring for the block; each hook is removed at the end."""
    recorder = AutotuneRecorder()
    with ExitStack() as stack:
        for hook in (_select_algorithm_hooks, _runtime_hooks):
            try:
                stack.enter_context(hook(recorder))
            except ImportError as exc:  # pragma: no cover - a torch without that part of Inductor
                recorder.notes.append(f"{hook.__name__.strip('_')}: not recorded ({exc})")
        yield recorder


# --- select_algorithm ----------------------------------------------------------------------------


@contextmanager
def _select_algorithm_hooks(recorder: AutotuneRecorder):
    from torch._inductor import select_algorithm as sa

    pending: list[dict[str, Any]] = []  # log_results rows the feedback saver has not claimed yet
    cls = sa.AlgorithmSelectorCache
    original = cls.__dict__.get("log_results")
    has_saver = hasattr(sa, "add_feedback_saver")
    recorder.sources["select_algorithm.log_results"] = original is not None
    recorder.sources["select_algorithm.feedback_saver"] = has_saver

    def log_results(name, input_nodes, timings, elapse=None, precompile_elapse=None, *args, **kwargs):
        try:
            row = _template_row(name, input_nodes, timings, "select_algorithm.log_results")
            row |= {"autotune_s": _seconds(elapse), "precompile_s": _seconds(precompile_elapse)}
            (pending if has_saver else recorder.records).append(row)
        except Exception as exc:  # noqa: BLE001 - recording must never break the user's compile
            recorder.notes.append(f"select_algorithm.log_results: a result not recorded ({type(exc).__name__}: {exc})")
        return original.__func__(name, input_nodes, timings, elapse, precompile_elapse, *args, **kwargs)

    def feedback_saver(timings, name, input_nodes, *args):
        try:
            row = _template_row(name, input_nodes, timings, "select_algorithm.feedback_saver")
            timed = next((p for p in pending if p["op"] == row["op"] and p["inputs"] == row["inputs"]), None)
            if timed is not None:
                pending.remove(timed)
                row |= {"autotune_s": timed["autotune_s"], "precompile_s": timed["precompile_s"]}
            recorder.records.append(row)
        except Exception as exc:  # noqa: BLE001
            recorder.notes.append(f"select_algorithm.feedback_saver: a result not recorded ({type(exc).__name__}: {exc})")

    if original is not None:
        cls.log_results = staticmethod(log_results)
    if has_saver:
        sa.add_feedback_saver(feedback_saver)
    try:
        with _finalized_choices(recorder, pending):
            yield
    finally:
        if original is not None:
            cls.log_results = original
        if has_saver:
            _remove_saver(sa, feedback_saver)
        recorder.records.extend(pending)  # benchmarked, but the saver never saw them


@contextmanager
def _finalized_choices(recorder: AutotuneRecorder, pending: list[dict[str, Any]]):
    """The Triton template the scheduler finally kept for a decision (``MultiTemplateBuffer``).

    Under max-autotune a GEMM's decision stays open until scheduling, which benchmarks each template
    fused with its epilogue and may keep one that was not the fastest alone (or an extern kernel: then
    nothing is finalized here and the fastest extern is what runs). The row's ``chosen`` becomes the
    finalized template; ``fastest`` keeps the winner of the benchmark alone."""
    from torch._inductor import ir

    cls = getattr(ir, "MultiTemplateBuffer", None)
    original = cls.__dict__.get("finalize_as_triton_caller") if cls is not None else None
    recorder.sources["ir.MultiTemplateBuffer.finalize_as_triton_caller"] = original is not None
    if original is None:
        yield
        return

    def finalize_as_triton_caller(self, caller, *args, **kwargs):
        name = str(getattr(caller, "name", caller))
        for row in reversed(recorder.records + pending):
            if any(c["name"] == name for c in row["candidates"]):
                row["chosen"], row["finalized"] = name, True
                break
        return original(self, caller, *args, **kwargs)

    cls.finalize_as_triton_caller = finalize_as_triton_caller
    try:
        yield
    finally:
        cls.finalize_as_triton_caller = original


def _remove_saver(sa, fn) -> None:
    """Take our saver out of the selector cache again, leaving any of the user's in place."""
    cache = sa.get_algorithm_selector_cache() if hasattr(sa, "get_algorithm_selector_cache") else getattr(sa, "_ALGORITHM_SELECTOR_CACHE", None)
    savers = getattr(cache, "feedback_saver_fns", None)
    if isinstance(savers, list) and fn in savers:
        savers.remove(fn)


def _template_row(name: str, input_nodes, timings: dict, source: str) -> dict[str, Any]:
    candidates = [{"name": str(getattr(c, "name", c)), "ms": _ms(t), "kind": _choice_kind(c),
                   "description": str(getattr(c, "description", "") or "")} for c, t in timings.items()]
    return {"tuner": "select_algorithm", "op": str(name), "kernel": None, "compile_id": _current_compile_id(),
            "inputs": [_node_info(n) for n in input_nodes],
            "candidates": candidates, "chosen": _fastest(candidates), "fastest": _fastest(candidates), "finalized": False,
            "autotune_s": None, "precompile_s": None, "source": source}


def _choice_kind(choice) -> str:
    """``extern`` (an ATen / cuBLAS / MKL call), ``triton`` (a Triton template), ``cpp`` / ``cuda`` templates, ..."""
    kind = type(choice).__name__
    inner = getattr(choice, "_wrapped", None) or getattr(choice, "wrapped", None)
    kind = type(inner).__name__ if inner is not None else kind
    if "Extern" in kind:
        return "extern"
    name = str(getattr(choice, "name", ""))
    for prefix in ("triton", "cpp", "cuda", "cutlass", "rocm", "ck"):
        if kind.lower().startswith(prefix) or name.lower().startswith(prefix):
            return prefix
    return kind


def _node_info(node) -> dict[str, Any]:
    info: dict[str, Any] = {}
    for key, getter in (("size", "get_size"), ("stride", "get_stride"), ("dtype", "get_dtype")):
        try:
            value = getattr(node, getter)()
        except Exception:  # noqa: BLE001 - a node kind without that property
            continue
        info[key] = [_int_or_str(v) for v in value] if key != "dtype" else str(value).removeprefix("torch.")
    return info


def _int_or_str(value) -> int | str:
    try:
        return int(value)
    except (TypeError, ValueError):
        return str(value)  # a symbolic size


# --- the runtime autotuner -----------------------------------------------------------------------


@contextmanager
def _runtime_hooks(recorder: AutotuneRecorder):
    try:
        from torch._inductor.runtime.triton_heuristics import CachingAutotuner
    except ImportError:
        from torch._inductor.triton_heuristics import CachingAutotuner  # torch < 2.4's location
    bench = CachingAutotuner.__dict__.get("benchmark_all_configs")
    coordesc = CachingAutotuner.__dict__.get("coordinate_descent_tuning")
    recorder.sources["triton_heuristics.benchmark_all_configs"] = bench is not None
    recorder.sources["triton_heuristics.coordinate_descent_tuning"] = coordesc is not None

    def benchmark_all_configs(self, *args, **kwargs):
        started = time.perf_counter()
        timings = bench(self, *args, **kwargs)
        try:
            candidates = [{"name": str(getattr(launcher, "config", launcher)), "ms": _ms(t), "kind": "triton", "description": ""}
                          for launcher, t in timings.items()]
            recorder.add(_runtime_row(self, candidates, _fastest(candidates), time.perf_counter() - started,
                                      "runtime", "triton_heuristics.benchmark_all_configs"))
        except Exception as exc:  # noqa: BLE001
            recorder.notes.append(f"benchmark_all_configs: a result not recorded ({type(exc).__name__}: {exc})")
        return timings

    def coordinate_descent_tuning(self, launcher, *args, **kwargs):
        started = time.perf_counter()
        best = coordesc(self, launcher, *args, **kwargs)
        try:
            start, found = str(getattr(launcher, "config", launcher)), str(getattr(best, "config", best))
            if start != found or _coordinate_descent_on():
                candidates = [{"name": start, "ms": None, "kind": "triton", "description": "start"}]
                if found != start:
                    candidates.append({"name": found, "ms": None, "kind": "triton", "description": "found"})
                recorder.add(_runtime_row(self, candidates, found, time.perf_counter() - started,
                                          "coordinate_descent", "triton_heuristics.coordinate_descent_tuning"))
        except Exception as exc:  # noqa: BLE001
            recorder.notes.append(f"coordinate_descent_tuning: a result not recorded ({type(exc).__name__}: {exc})")
        return best

    if bench is not None:
        CachingAutotuner.benchmark_all_configs = benchmark_all_configs
    if coordesc is not None:
        CachingAutotuner.coordinate_descent_tuning = coordinate_descent_tuning
    try:
        yield
    finally:
        if bench is not None:
            CachingAutotuner.benchmark_all_configs = bench
        if coordesc is not None:
            CachingAutotuner.coordinate_descent_tuning = coordesc


def _runtime_row(autotuner, candidates, chosen, seconds: float, tuner: str, source: str) -> dict[str, Any]:
    meta = getattr(autotuner, "inductor_meta", None) or {}
    fn = getattr(autotuner, "fn", None)
    kernel = meta.get("kernel_name") or getattr(fn, "__name__", None)
    heuristic = getattr(getattr(autotuner, "heuristic_type", None), "name", None)
    compile_id = getattr(autotuner, "compile_id", None)
    return {"tuner": tuner, "op": str(heuristic).lower() if heuristic else "triton", "kernel": kernel,
            "compile_id": _compile_id_text(compile_id) if compile_id is not None else _current_compile_id(), "inputs": [],
            "candidates": candidates, "chosen": chosen, "autotune_s": round(seconds, 6), "precompile_s": None,
            "source": source}


# --- small helpers -------------------------------------------------------------------------------

def is_benchmarking_kernel(kernel: Any) -> bool:
    """A kernel name Inductor has not filled in yet: ``Placeholder.DESCRIPTIVE_NAME`` while a template
    candidate is compiled and benchmarked, before any kernel of the compiled output exists."""
    return isinstance(kernel, str) and kernel.startswith("Placeholder.")


def folded_note(count: int, tuner: str) -> str:
    return (f"{count:,} {tuner} tuning(s) of template candidates that select_algorithm was benchmarking "
            "(kernel Placeholder.*, not a kernel of the compiled output) are counted here, not listed")



def _current_compile_id() -> str | None:
    """The ``F/C`` id of the compile running now (what ``Torch-Compiled Region: F/C`` shows); None outside one."""
    try:
        from torch._guards import CompileContext

        compile_id = CompileContext.current_compile_id()
    except (ImportError, AttributeError):  # pragma: no cover - a torch without it
        return None
    return _compile_id_text(compile_id) if compile_id is not None else None


def _compile_id_text(compile_id) -> str | None:
    frame, attempt = getattr(compile_id, "frame_id", None), getattr(compile_id, "frame_compile_id", None)
    return f"{frame}/{attempt}" if frame is not None and attempt is not None else None


def _coordinate_descent_on() -> bool:
    """Whether coordinate descent ran (it returns its start config unchanged when it is off)."""
    import torch._inductor.config as config

    return bool(getattr(config, "coordinate_descent_tuning", False))


def _ms(value) -> float | None:
    """A benchmark time in ms; None for a failed candidate (inf / nan)."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def _seconds(value) -> float | None:
    try:
        return round(float(value), 6)
    except (TypeError, ValueError):
        return None


def _fastest(candidates: list[dict[str, Any]]) -> str | None:
    timed = [c for c in candidates if c["ms"] is not None]
    return min(timed, key=lambda c: c["ms"])["name"] if timed else None

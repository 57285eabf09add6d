"""`input`, `sync` and `pageable_copy` advice (issue 33) against interleaved A/B measurements of the change.

Tolerances, written before any measurement was made (2026-11-25): the predicted share of the step within
TOLERANCE_POINTS points of the measured share, the sign right, on every checked case; where a change measured
a saving under NOT_FIRING_SHARE of the step, the kind need not be advised, and where it measured no saving
(under the noise of the A/B, NOISE_SHARE) it must not be ranked.
"""

from __future__ import annotations

TOLERANCE_POINTS = 5.0
NOT_FIRING_SHARE = 0.03
NOISE_SHARE = 0.01

import gzip
import json
import re
import statistics
import sys
from pathlib import Path

import pytest

from conftest import ROOT, SAMPLES
from training_facts import GPU_CATS, RawTrace

from traceview.analysis.analyze import analyze
from traceview.analysis.host import replay as rp
from traceview.analysis.advice.record import KINDS
from traceview.trace.step_windows import step_windows
from traceview.trace import load
from traceview.trace.run_files import dynamo_record, run_files

sys.path.insert(0, str(ROOT / "benchmarks"))
import bottleneck_predictions  # noqa: E402  (benchmarks/bottleneck_predictions.py: the checked table)
import regime_share  # noqa: E402  (benchmarks/regime_share.py: the A/B's share at the profile's CPU speed)

LOADER = SAMPLES / "gpu" / "loader"
BLIND = SAMPLES / "gpu" / "loader-blind"
CPU_LOADER = SAMPLES / "cpu" / "loader"
CPU_BLIND = SAMPLES / "cpu" / "loader-blind"
BLIND2 = SAMPLES / "gpu" / "loader-blind-2"
BLIND3 = SAMPLES / "gpu" / "loader-blind-3"
BLIND4 = SAMPLES / "gpu" / "loader-blind-4"
BLIND5 = SAMPLES / "gpu" / "loader-blind-5"
BLIND6 = SAMPLES / "gpu" / "loader-blind-6"
#: The third to fifth blind sets re-run with the sixth set's protocol (each loop profiled in the process of its A/B)
RERUNS = {f"gpu-blind-{k}-same": SAMPLES / "gpu" / f"loader-blind-{k}-same" for k in (3, 4, 5)}
#: ... and the sixth set once more, with its own protocol (how far one protocol's A/B moves between processes)
RERUNS["gpu-blind-6-again"] = SAMPLES / "gpu" / "loader-blind-6-again"
#: ... and the third, fourth and sixth sets once more with a longer A/B (40 rounds of 20 timed steps; session 18)
RERUNS.update({f"gpu-blind-{k}-long": SAMPLES / "gpu" / f"loader-blind-{k}-long" for k in (2, 3, 4, 5, 6)})
RERUNS["gpu-blind-long"] = SAMPLES / "gpu" / "loader-blind-long"
#: ... and seventeen of those loops with the A/B first and the profile after it, in one process (session 19, declared
#: before the run: 2afa390): the rounds ran before the profiler left CUPTI attached
RERUNS["gpu-blind-after"] = SAMPLES / "gpu" / "loader-blind-after"
#: ... and its ten sync loops with an advised `input` once more (session 20, declared before the run: aeb69a1): the A/B
#: of base and input alone, 80 rounds, each round's CPU speed probed (ab_loader.py --probe)
RERUNS["gpu-probe"] = SAMPLES / "gpu" / "loader-probe"
#: ... and five sync loops and an input-bound one the probe set did not hold, the same protocol (declared: 0f36055)
RERUNS["gpu-probe-2"] = SAMPLES / "gpu" / "loader-probe-2"
#: ... and the sync loops of seven models no probe set held, the same protocol (session 21, declared: 259e925)
RERUNS["gpu-blind-7"] = SAMPLES / "gpu" / "loader-blind-7"
#: ... and five sync loops once more with the base and pageable_copy arms (session 21, declared: efc02b0): pinning
#: in a loop without workers as benchmarks/micro_pin_loop.py measured it
RERUNS["gpu-pin"] = SAMPLES / "gpu" / "loader-pin"
#: ... and the sync loops of blind set 8 (densenet, vae, pointnet, tcn, mobilenet; session 22, declared: ece7fe9), the
#: window after 1,500 base steps: scored by the tool's rule (at most the 20 steps before the window), the span rule that
#: set was declared for having failed on it
RERUNS["gpu-blind-8"] = SAMPLES / "gpu" / "loader-blind-8"
#: ... and those five sync loops and the workers loops of densenet, vae and pointnet, each run three times with the
#: 80-round protocol (session 23, declared: 84290a6): how far one loop's measured share moves between runs
REPEATS = {f"gpu-repeat-{k}": SAMPLES / "gpu" / f"loader-repeat-{k}" for k in (1, 2, 3)}
RERUNS.update(REPEATS)
#: Every checked set by the name the table and KNOWN_MISSES give it.
SETS = {"gpu": LOADER, "gpu-blind": BLIND, "cpu": CPU_LOADER, "cpu-blind": CPU_BLIND, "gpu-blind-2": BLIND2,
        "gpu-blind-3": BLIND3, "gpu-blind-4": BLIND4, "gpu-blind-5": BLIND5, "gpu-blind-6": BLIND6, **RERUNS}


def _cases(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []


CASES = sorted(p.name for p in LOADER.iterdir() if p.is_dir())
CPU_CASES = sorted(p.name for p in CPU_LOADER.iterdir() if p.is_dir())
#: The checked sets (docs/benchmarks.md, "Data loading, syncs and pageable copies"). GPU: the second capture of
#: sample_traces/scripts/train_loader.py's four models on an H200 (2026-11-26; `profile --steps 20:25`, so the steps
#: timed without the profiler come after the workers' prefetched batches; A/B of 14 rounds). The estimates were
#: first designed on mlp; the hand-over constants come from benchmarks/micro_host.py alone. CPU: input-bound loops
#: with a NumPy transform on the 2-core host, captured after the thread model was written (designed on mlp with a
#: torch transform, not committed).
#: GPU blind ("gpu-blind"): three models no estimate was designed on (gru, vit, audio: train_loader.py at 98986c5), in
#: the same three configurations, the input one's transform in NumPy; captured on an H200 with the A/B results
#: sealed (not printed, not read) until the model they are scored on was committed (152db74: the hand-over constant
#: from benchmarks/micro_host.py, measured in the same device call before the loops ran). mlp-input's trace left the
#: repository for the room (its numbers: benchmarks/results/loader-2026-11-26/mlp-input/, -0.2 points before the
#: hand-over constant).
#: CPU blind ("cpu-blind"): the same three new models' input-bound loops (NumPy transform) on the 2-core host,
#: captured with the thread rule unchanged since it was written (benchmarks/cpu_loader.sh, 2026-11-26); gru-input's
#: trace (5.2 MB) is not in the repository, its numbers are in benchmarks/results/cpu_loader-2026-11-26-blind/
#: (not advised; the change measured -4.2%).
#: GPU blind, second set ("gpu-blind-2", 2026-11-27): three more models (mixer, tcn, tabular: train_loader.py and their
#: transform work in benchmarks/gpu_loader.sh committed before the capture), the same three configurations and protocol
#: (`--steps 20:25 --iters 50`, A/B of 16 rounds in a process of its own, sealed until scored), scored with the models
#: as committed at the capture (no constant changed since the first blind set); the same TOLERANCE_POINTS.
#: Scored on the second set, the point of `pageable_copy` with workers was the band's top (none of the hand-over
#: back): +7.3 to +13.7 points over on all three. It is now HANDOVER_BACK of the band (pin_phases.py's mean), chosen
#: after that set was read: in sample for both blind sets. GPU blind, third set ("gpu-blind-3", 2026-11-27): unet,
#: bert (transformers) and lstmlm, committed with that rule before their capture, sync and workers configurations,
#: the same protocol and TOLERANCE_POINTS: the rule's out-of-sample check.
#: GPU blind, fourth set ("gpu-blind-4", 2026-11-27): `pageable_copy` with workers no longer takes a mean of the
#: hand-over back: the step's own GIL (analysis/host/gil.py: its outermost ops free it, a hold of the pin-memory thread
#: lands anywhere in the step) and the pin-memory thread's holds (benchmarks/micro_gil.py, measured on the GPU host in
#: the capture's own device call before the loops ran, its A/B results sealed until the constants are committed).
#: Designed after the first three sets were read (in sample for them); resnet, opt (transformers) and crnn,
#: committed before their capture, sync and workers configurations, the same protocol and TOLERANCE_POINTS. Scored:
#: `pageable_copy` with workers crnn +0.1, opt +2.6, resnet -5.4 (the mean's point: -4.3, -0.6, -6.4); `input` on the
#: sync loops resnet +5.5, crnn +8.8, quiet on OPT (workers measured -6.3%); `sync` never advised.
#: GPU blind, fifth set ("gpu-blind-5", 2026-11-27): mobilenet, t5 (transformers) and seq2seq (a GRU encoder-decoder),
#: committed before their capture with every model and constant as scored on the fourth set, sync and workers
#: configurations, the same protocol and TOLERANCE_POINTS. Scored: `pageable_copy` with workers seq2seq +1.1,
#: mobilenet -5.8, quiet on T5 (its hand-over 4% of a 38 ms step; measured 8.6%, rounds -14.7..23.8%); `input`
#: mobilenet-sync +4.2, quiet on T5 and seq2seq (workers measured +9.5% with rounds across 0, and -16.1%); `sync`
#: never advised.
#: GPU blind, sixth set ("gpu-blind-6", 2026-11-27, session 17): convnext, llama (transformers) and wavenet, committed
#: before their capture (e4fd9da) with every model and constant as scored on the fifth set, sync and workers
#: configurations; each loop profiled in the process that then ran its A/B (ab_loader.py --prelude under `traceview
#: profile --steps 20:25`, 16 rounds: SAME_PROCESS=1), sealed until scored; the same TOLERANCE_POINTS. Scored:
#: `pageable_copy` with workers convnext -1.5, llama +0.2, wavenet +1.9; `input` convnext-sync -5.7, wavenet-sync +2.5,
#: quiet on llama-sync (measured -5.8%); `sync` never advised.
#: The third to fifth sets again ("gpu-blind-{3,4,5}-same", 2026-11-27, session 17): their eighteen loops re-run with
#: the sixth set's protocol (declared, for all eighteen, before any result was read: b3f1ba4, 48ee588), scored beside
#: the first runs, no rule changed. 10 of 14 advised rows within 5; the same change measured in the two processes moved
#: by a median of 4.5 points, more than 5 on 19 of 45 rows, up to 28.8 (docs/benchmarks.md). The sixth set once more
#: with its own protocol ("gpu-blind-6-again", declared before the run: its commit precedes this data's): 4 of 5
#: advised rows within 5 again (convnext-sync `input` -9.6); the A/B moved by a median of 3.8 points, by more than 5 on
#: 6 of 15 rows, up to 8.5.
#: The third, fourth and sixth sets with a longer A/B ("gpu-blind-{3,4,6}-long", session 18; declared before the run:
#: bff98e4, 69319a9): the same protocol with 40 rounds of 20 timed steps (each A/B's bootstrap error 2.3-2.7 points at
#: the median, was 2.8-5.4), no rule changed; 11 of 14 advised rows within 5. resnet-sync `input` is under-predicted
#: in both one-process runs (-13.8, -14.7): the A/B's rounds made a batch in 9.2 ms where the profiled prelude did in
#: 4.1 ms (benchmarks/ab_regime.sh found no other arm to blame: the ratio moves between processes).
#: Then (declared before the run: efdcb1a) the first, second and fifth sets (T5 left out) the same way: 10 of 15 advised
#: rows within 5; `input` on the first set's sync loops over-predicted on all three (+7.8 to +8.3).
#: Rows outside the tolerance, and why: kept where they are so a change of the models shows.
KNOWN_MISSES = {
    ("gpu", "cnn-sync", "input"): "+14.4: the profiled process's __next__ took 7.3 ms per batch, the A/B's 5.2 ms "
                                  "(the same script; the first capture's profile: 4.2 ms)",
    ("gpu", "cnn-input", "input"): "+5.9 (78.3% vs 72.3%; the A/B's rounds 66.6-79.2%)",
    ("gpu", "gpt2-workers", "pageable_copy"): "+5.2 (5.4% vs 0.2%): 46% of the hand-over taken to come back, pin_phases "
                                              "measured 90%: transformers' Python between short ops takes the GIL back "
                                              "more often than ops in the trace, stretched by the profiler, say",
    ("gpu", "mlp-workers", "pageable_copy"): "-13.0 (17.0% vs 30.0%, above the band's top 25.2%; in pin_phases' process 25.7%)",
    ("gpu", "lstm-input", "input"): "-9.3 (63.7% vs 73.0%): the A/B's process made a batch in 28.5 ms, the profiled "
                                    "one in 16.5 ms, a larger share of the step",
    ("cpu-blind", "vit-input", "input"): "-8.9 (14.2% vs 23.2%): the compute at 1 thread taken as twice as long (a bound)",
    ("gpu-blind", "gru-workers", "pageable_copy"): "-7.3 (10.5% vs 17.8%, above the band's top 12.0%; in a second process "
                                                   "10.7%)",
    ("gpu-blind-2", "tabular-sync", "input"): "-5.7 (55.6% vs 61.4%; the A/B's rounds 52.0-67.8%)",
    ("gpu-blind-2", "tcn-sync", "input"): "-5.05 (19.4% vs 24.4%; the A/B's rounds -0.3-34.1%)",
    ("gpu-blind-2", "tabular-workers", "pageable_copy"): "+6.1 (18.5% vs 12.4%, the A/B's rounds -6.7-30.2%)",
    ("gpu-blind-4", "resnet-workers", "pageable_copy"): "-5.4 (9.8% vs 15.3%, above the band's top 14.4%)",
    ("gpu-blind-4", "resnet-sync", "input"): "+5.5 (28.7% vs 23.3%; the A/B's rounds 13.0-27.8%)",
    ("gpu-blind-4", "crnn-sync", "input"): "+8.8 (20.7% vs 11.9%; the A/B's rounds -9.0-23.4%)",
    ("gpu-blind-5", "mobilenet-workers", "pageable_copy"): "-5.8 (13.2% vs 19.0%, inside the band 8.0-21.3%): less of "
                                                           "the hand-over came back than the step's GIL says",
    ("gpu-blind-6", "convnext-sync", "input"): "-5.7 (33.0% vs 38.7%; the A/B's rounds 21.5-44.4%)",
    ("gpu-blind-4-same", "resnet-sync", "input"): "-13.8 (18.7% vs 32.5%; the first run: 28.7% vs 23.3%, +5.5)",
    ("gpu-blind-4-same", "opt-workers", "pageable_copy"): "+13.2 (5.5% vs -7.7%, rounds -26.6..17.7%; the first run 5.1%)",
    ("gpu-blind-4-same", "crnn-workers", "pageable_copy"): "+5.2 (17.6% vs 12.4%; the first run 16.9%, +0.1)",
    ("gpu-blind-4-long", "resnet-sync", "input"): "-14.7 (16.5% vs 31.2%, rounds 15.6..37.3%): the rounds' batch 9.2 ms, "
                                                    "the prelude's 4.1 ms",
    ("gpu-blind-3-long", "bert-workers", "pageable_copy"): "+7.8 (7.0% vs -0.9%, rounds -10.7..14.7%; the earlier runs "
                                                           "measured 4.6% and 7.3%)",
    ("gpu-blind-6-long", "llama-workers", "pageable_copy"): "+6.7 (5.2% vs -1.5%, rounds -15.2..11.6%; the earlier runs "
                                                            "measured 5.2% and 8.2%)",
    ("gpu-blind-long", "audio-sync", "input"): "+8.3 (33.5% vs 25.2%, rounds 8.2..37.8%; the first run predicted 13.4%)",
    ("gpu-blind-long", "gru-sync", "input"): "+7.9 (13.6% vs 5.8%, rounds -7.4..18.2%; the first run 4.7% vs 0.2%)",
    ("gpu-blind-long", "vit-sync", "input"): "+7.8 (28.7% vs 20.9%, rounds 13.8..29.8%; the first run 17.3% vs 16.4%)",
    ("gpu-blind-long", "vit-workers", "pageable_copy"): "-6.1 (8.6% vs 14.8%, rounds 4.1..24.8%; the first run -1.8)",
    ("gpu-blind-2-long", "tabular-sync", "input"): "+6.3 (60.8% vs 54.5%, rounds 50.4..64.5%; the first run -5.7)",
    ("gpu-blind-6-again", "convnext-sync", "input"): "-9.6 (30.8% vs 40.3%; the first run -5.7: 33.0% vs 38.7%)",
    # the A/B before the profile (session 19): `input` 2 of 10 within 5, both signs; the postlude's base steps (the
    # base alone, right after the rounds, the regime the prediction reads) differ from the base arm's rounds by -26%
    # to +37% (convnext 10.4 vs 14.1 ms, mobilenet 13.4 vs 9.8 ms): interleaving itself moves the arms' regime
    ("gpu-blind-after", "audio-sync", "input"): "-11.2 (17.2% vs 28.5%): the base step 6.7 ms alone, 7.8 ms in the rounds",
    ("gpu-blind-after", "convnext-sync", "input"): "-8.8 (22.3% vs 31.1%): the base step 10.4 ms alone, 14.1 ms in the rounds",
    ("gpu-blind-after", "gru-sync", "input"): "+6.3 (13.2% vs 6.9%, rounds -6.5..18.4%): the batch 2.7 ms alone, 2.2 ms in the rounds",
    ("gpu-blind-after", "mobilenet-sync", "input"): "+11.9 (38.7% vs 26.8%): the base step 13.4 ms alone, 9.8 ms in the rounds",
    ("gpu-blind-after", "resnet-sync", "input"): "+6.0 (27.1% vs 21.1%, rounds 7.4..29.0%; under by 14 in both runs "
                                                 "profiled before the rounds)",
    ("gpu-blind-after", "tabular-sync", "input"): "-6.1 (53.0% vs 59.1%; +6.3 in the longer A/B profiled before it)",
    ("gpu-blind-after", "mixer-sync", "input"): "+9.0 (33.0% vs 23.9%, rounds 10.6..38.4%; -2.6 profiled before the rounds)",
    ("gpu-blind-after", "tcn-sync", "input"): "+15.6 (34.3% vs 18.7%, rounds 8.3..30.8%; -0.8 profiled before the rounds)",
    ("gpu-blind-after", "gru-workers", "pageable_copy"): "-8.9 (10.3% vs 19.1%, rounds 8.0..26.7%; 4.5 and 7.2 "
                                                         "measured before)",
    ("gpu-blind-after", "resnet-workers", "pageable_copy"): "-5.3 (9.1% vs 14.3%, rounds 6.8..19.8%)",
    ("gpu-blind-after", "resnet-workers", "sync"): "not advised, measured 10.9% (rounds 3.5..17.9%): the ResNet's "
                                                   "synchronize, advised at 4.5% and 3.6% in two earlier runs",
    ("gpu-probe", "mobilenet-sync", "input"): "-10.3 (23.8% vs 34.0%; -1.6 at the profile's CPU speed)",
    ("gpu-probe", "tabular-sync", "input"): "-8.3 (57.1% vs 65.4%; -6.7 at the profile's CPU speed)",
    ("gpu-probe", "tcn-sync", "input"): "+11.1 (32.6% vs 21.6%; +7.3 at the profile's CPU speed)",
    ("gpu-probe-2", "crnn-sync", "input"): "+8.3 (19.9% vs 11.6%, rounds 1.1..19.7%; +6.3 at the profile's CPU speed)",
    ("gpu-blind-7", "cnn-sync", "input"): "+5.4 (45.4% vs 40.0%, rounds 25.5..47.0%; the hand-over measured beside a "
                                          "training step (micro_handover_train) would give 39.7%)",
    ("gpu-blind-8", "mobilenet-sync", "input"): "-8.0 (26.3% vs 34.3%): the 20 steps before the window ran at 9.2 ms, "
                                                "the A/B's base rounds at 13.8 ms",
    # the repeat set: the host ran the same loop's base step 1.2-1.7x slower in one run than in another (densenet
    # 15.9-23.2 ms, tcn 5.4-8.6, vae 8.2-12.3) and the `input` share rose with it; the prediction follows its run
    ("gpu-repeat-1", "vae-sync", "input"): "-5.03 (27.8% vs 32.9%): the window's batch 4.2 ms, the A/B's 4.8 ms",
    ("gpu-repeat-1", "vae-workers", "pageable_copy"): "-5.4 (18.4% vs 23.8%; -4.7 and -5.9 in the other runs: under, "
                                                      "every run)",
    ("gpu-repeat-2", "densenet-sync", "input"): "+8.3 (25.4% vs 17.1%): the window's step 18.1 ms and batch 6.3 ms, the "
                                                "A/B's 15.9 and 4.8 ms",
    ("gpu-repeat-3", "densenet-sync", "input"): "+6.0 (25.1% vs 19.2%): the window's step 24.5 ms and batch 7.9 ms, the "
                                                "A/B's 18.3 and 5.6 ms",
    ("gpu-repeat-3", "pointnet-sync", "input"): "+11.9 (7.7% vs -4.2%, rounds -16.4..5.3%): a 1.6 ms batch of a 6.4 ms "
                                                "step; quiet in the three other runs (the change measured -4.0 to -14.2%)",
    ("gpu-repeat-3", "pointnet-workers", "pageable_copy"): "+5.5 (16.5% vs 11.0%; 15.9% and 13.9% measured in the "
                                                           "other runs)",
    ("gpu-repeat-3", "tcn-sync", "input"): "+11.6 (33.0% vs 21.4%, rounds 7.6..29.6%; the blind-8 run: 32.7% vs 28.4%)",
    ("gpu-repeat-3", "vae-workers", "pageable_copy"): "-5.9 (16.7% vs 22.6%), as in the first run",
    ("cpu", "mlp-input", "input"): "-6.4: the compute at 1 thread taken as twice as long (a bound); measured less",
    ("cpu", "lstm-input", "input"): "-7.8, as mlp-input",
}


def _events(trace: Path) -> list[dict]:
    with gzip.open(trace, "rt") as f:
        return json.load(f)["traceEvents"]


@pytest.fixture(scope="module")
def table() -> list[dict]:
    return [{**r, "set": name} for name, folder in SETS.items() for case in _cases(folder)
            for r in bottleneck_predictions.rows_of(folder / case)]


def test_the_three_kinds_are_named_for_scripts():
    assert {"input", "sync", "pageable_copy"} <= set(KINDS)


#: The plain reading's traces: the first GPU set's, the seventh blind set's, the pin set's and the repeat set's first
#: run (ab_loader.py's postlude)
PLAIN = [LOADER / c / "train_loader.pt.trace.json.gz" for c in CASES] + \
    [SAMPLES / "gpu" / s / c / "ab_loader.pt.trace.json.gz" for s in ("loader-blind-7", "loader-pin", "loader-repeat-1") for c in _cases(SAMPLES / "gpu" / s)]


@pytest.mark.parametrize("trace_path", PLAIN, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}")
def test_blocking_calls_are_the_synchronises_and_pageable_copies_a_plain_reading_finds(trace_path):
    trace = load(trace_path)
    w = rp.process_window(trace, step_windows(trace))
    calls = rp.blocking_calls(trace, w).calls
    events = _events(trace_path)
    steps = [e for e in events if e.get("ph") == "X" and str(e.get("name", "")).startswith("ProfilerStep#")]
    lo, hi = min(e["ts"] for e in steps), max(e["ts"] + e["dur"] for e in steps)
    inside = [e for e in events if e.get("ph") == "X" and lo <= e["ts"] and e["ts"] + e.get("dur", 0) <= hi]
    pageable = {e["args"]["correlation"] for e in inside if e.get("cat") == "gpu_memcpy" and "Pageable" in e["name"]}
    copies = [e for e in inside if e.get("cat") == "cuda_runtime" and e["name"] == "cudaMemcpyAsync"
              and e["args"].get("correlation") in pageable]
    syncs = [e for e in inside if e.get("cat") == "cuda_runtime" and e["name"] == "cudaStreamSynchronize"]
    found = calls["slice_id"].size
    # every pageable copy blocks; a synchronize is counted when the GPU still had work (the rest returned at once)
    assert (calls["bytes"].notna()).sum() == len(copies) > 0
    assert len(copies) <= found <= len(copies) + len(syncs)
    # the loop's .item() and its copies; a model's own host read of a GPU value (OPT's attention mask: `if
    # tensor:`, aten::is_nonzero) where a plain reading finds a synchronize inside that op, once per call
    nonzero = [e for e in inside if e.get("cat") == "cpu_op" and e["name"] == "aten::is_nonzero"]
    read = sum(any(n["ts"] <= e["ts"] and e["ts"] + e["dur"] <= n["ts"] + n["dur"] for e in syncs) for n in nonzero)
    assert set(calls["where"]) <= {"aten::item", "aten::to"} | ({"aten::is_nonzero"} if read else set())
    assert (calls["where"] == "aten::is_nonzero").sum() <= read
    assert (calls.loc[calls["where"] == "aten::is_nonzero", "cause"] == "sync").all()
    # .item() once per step: its synchronize is a sync; the copy's own synchronize goes with the copy
    assert (calls["where"] == "aten::item").sum() <= w.steps
    assert (calls.loc[calls["where"] == "aten::to", "cause"] == "pageable_copy").all()


@pytest.mark.parametrize("trace_path", PLAIN, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}")
def test_gpu_activities_and_kernels_per_step_are_what_a_plain_reading_finds(trace_path):
    """Against tests/training_facts.py's reading of the raw JSON: each kernel, copy and memset name's count and total
    time, and the kernels of each step (the backward's launched from autograd's thread). (HTA 0.5's trace holds 1,184
    of OPT's 1,480 GPU activities here, its kernel breakdown 13.2 of the 16.4 ms: no reader for these.)"""
    trace = load(trace_path)
    raw = RawTrace(trace_path)
    per_name: dict[str, list[int]] = {}
    for e in raw.complete:
        if e.get("cat") in GPU_CATS:
            got = per_name.setdefault(e["name"], [0, 0])
            got[0] += 1
            got[1] += round(float(e["dur"]) * 1000)
    ours = trace.gpu.groupby("name")["dur_ns"].agg(["count", "sum"])
    assert len(trace.gpu) > 100 and set(ours.index) == set(per_name)
    for name, (count, total) in per_name.items():
        assert ours.loc[name, "count"] == count, name
        assert abs(int(ours.loc[name, "sum"]) - total) <= count, name  # each event's µs read to the ns
    steps = analyze(trace).steps.steps
    assert len(raw.threads_launching()) == 2  # the training thread and autograd's
    assert (steps["kernels"] + steps["compile_kernels"]).tolist() == raw.kernels_per_step()


@pytest.mark.parametrize("case", CASES)
def test_replaying_the_steps_unchanged_gives_back_their_time(case):
    trace = load(LOADER / case / "train_loader.pt.trace.json.gz")
    w = rp.process_window(trace, step_windows(trace))
    actual = (w.end_ns - w.start_ns) / 1e6
    assert rp.replay(trace, w, rp.blocking_calls(trace, w)) == pytest.approx(actual, rel=0.02)


def test_each_prediction_is_within_the_tolerance_of_its_interleaved_ab_measurement(table):
    checked = [r for r in table if (r["set"], r["case"], r["kind"]) not in KNOWN_MISSES]
    assert len(checked) >= 45 and sum(r["advised"] for r in checked) >= 10
    assert sum(r["set"] == "gpu-blind" for r in checked) >= 20
    for r in checked:
        if r["advised"]:
            assert abs(r["error_points"]) <= TOLERANCE_POINTS, r
            assert r["measured_pct"] > 0, r  # the sign: an advised change made the step shorter
        else:  # not advised: the change measured no saving worth advising
            assert r["measured_pct"] < 100 * NOT_FIRING_SHARE or r["measured_low_pct"] < 100 * NOISE_SHARE, r


def test_known_misses_are_still_misses(table):
    """A model change that brings a miss within the tolerance should move it out of KNOWN_MISSES."""
    rows = {(r["set"], r["case"], r["kind"]): r for r in table}
    for key in KNOWN_MISSES:
        assert abs(rows[key]["error_points"]) > TOLERANCE_POINTS, key


def test_at_the_cpu_speed_the_profile_saw_input_is_within_the_tolerance(table):
    """The device's CPU changes speed by ~1.6x within seconds (benchmarks/host_regime.py) and a sync loop's batch,
    made in the training process, follows it: the A/B's laps run at the profile's speed (its probe) measure what the
    prediction read. Declared before the run (aeb69a1): at least 7 of the advised rows within the tolerance."""
    rows = [r for r in table if r["set"] == "gpu-probe" and r["kind"] == "input" and r["advised"]]
    assert len(rows) == 10
    errors = []
    for r in rows:
        ab = json.loads((SETS["gpu-probe"] / r["case"] / "ab.json").read_text())
        at, _, _ = regime_share.share_at_speed(ab, "input", 24, by="probe")
        errors.append(r["predicted_pct"] - 100 * at)
    assert sum(abs(e) <= TOLERANCE_POINTS for e in errors) >= 7, errors


def test_a_loop_measured_again_moves_and_each_prediction_follows_its_own_run(table):
    """The repeat set (docs/benchmarks.md, session 23): the same loops, the same protocol, three runs (and blind set 8's
    for the sync loops). The host's speed differs between runs, and the share a change saves with it; a prediction
    read from one run's trace is nearer that run's measurement than the loop's other runs (it reads its run, not the
    loop's average), and where a run measured more than the loop's others, its prediction says more too."""
    import repeat_share

    names = [*REPEATS, "gpu-blind-8"]
    rows = repeat_share.by_loop([{**r, "run": r["set"]} for r in sorted((r for r in table if r["set"] in names),
                                                                        key=lambda r: names.index(r["set"]))])
    assert len(rows) == 8 and all(len(r["runs"]) >= 3 for r in rows)
    s = repeat_share.summary(rows)
    assert s["advised_runs"] >= 20
    assert s["prediction_vs_own_run_mean_abs"] < s["prediction_vs_other_runs_mean_abs"] - 1.0, s
    measured_dev, predicted_dev = [], []
    for r in rows:
        m = statistics.mean(x["measured_pct"] for x in r["runs"])
        p = statistics.mean(x["predicted_pct"] for x in r["runs"])
        measured_dev += [x["measured_pct"] - m for x in r["runs"]]
        predicted_dev += [x["predicted_pct"] - p for x in r["runs"]]
    assert statistics.correlation(measured_dev, predicted_dev) > 0.4


def test_no_ranked_advice_where_the_change_made_the_step_slower(table):
    for r in table:
        if r["measured_high_pct"] < 0:  # slower in nearly every round
            assert not r["advised"], r


def test_the_input_bound_loops_lead_with_input():
    for folder in (LOADER / "cnn-input", LOADER / "lstm-input", BLIND / "gru-input", BLIND / "vit-input", BLIND / "audio-input"):
        rows = bottleneck_predictions.rows_of(folder)
        assert any(r["kind"] == "input" and r["advised"] for r in rows)

    path = LOADER / "lstm-input" / "train_loader.pt.trace.json.gz"
    advice = analyze(load(path), dynamo_record(run_files(path))).advice
    assert advice[0].kind == "input" and advice[0].scale == "unprofiled"
    assert "num_workers=" in advice[0].how and advice[0].steps_used == 5
    meta = json.loads((LOADER / "lstm-input" / "meta.json").read_text())
    real = meta["steps"]["timing"]["unprofiled_median_ms"]
    assert advice[0].saving_ms_per_step == pytest.approx(advice[0].saving_pct / 100 * real, rel=1e-6)


def test_a_cpu_trace_gets_no_gpu_advice():

    path = next((SAMPLES / "cpu" / "abc").glob("abc-eager.pt.trace.json*"))

    kinds = {a.kind for a in analyze(load(path)).advice}
    assert not kinds & {"sync", "pageable_copy", "cuda_graphs", "static_inputs"}


def test_the_runners_own_synchronize_is_not_advised_away():
    """`traceview run` ends each profiled call with its own synchronize (the harness's, not the user's): the
    trace shows it as a blocking call, and no `sync` advice comes of it."""

    path = SAMPLES / "gpu" / "adam-sweep" / "4x1024" / "plain" / "adam-fused.pt.trace.json.gz"
    trace = load(path)
    w = rp.process_window(trace, step_windows(trace))
    assert len(rp.blocking_calls(trace, w).of("sync")) > 0  # the harness's synchronize waited
    assert "sync" not in {a.kind for a in analyze(trace, dynamo_record(run_files(path))).advice}


@pytest.mark.parametrize("case", ["mlp-workers", "cnn-sync", "gpt2-input"])
def test_the_replayed_steps_add_up_to_the_window_and_each_change_is_inside_its_range(case):

    path = LOADER / case / "train_loader.pt.trace.json.gz"
    trace = load(path)
    windows = step_windows(trace)
    w = rp.process_window(trace, windows)
    blocking = rp.blocking_calls(trace, w)
    ends = [sw.end_ns for sw in rp.step_windows_of(windows, w)]
    total, each = rp.replay_steps(trace, w, blocking, step_ends=ends)
    assert len(each) == w.steps and sum(each) == pytest.approx(total, rel=1e-9)
    removed = {int(sid): 0 for sid in blocking.calls["slice_id"]}
    total2, each2 = rp.replay_steps(trace, w, blocking, removed, {"sync", "pageable_copy"}, ends)
    assert sum(each2) == pytest.approx(total2, rel=1e-9) and total2 <= total
    for a in analyze(trace, dynamo_record(run_files(path))).advice:
        if a.kind in ("input", "sync", "pageable_copy"):
            low, high = a.saving_range_ms
            assert low <= a.saving_ms_per_step * 1.0001 and a.saving_ms_per_step <= high * 1.0001, a


def test_the_input_bound_cpu_loop_leads_with_input_and_fewer_threads():
    """Issue 33's case: a CPU loop whose DataLoader (num_workers=0, a slow transform) takes most of the step. On the
    2-core host a worker beside the script's 2 threads measured no gain (+1.5%, +2.5%, -0.2%: the input@1/2 arms); with
    1 thread, 15-32%: the advice says both, and leads with them."""

    path = CPU_LOADER / "mlp-input" / "train_loader.pt.trace.json.gz"
    meta = json.loads((CPU_LOADER / "mlp-input" / "meta.json").read_text())
    advice = analyze(load(path), dynamo_record(run_files(path))).advice
    first = advice[0]
    assert first.kind == "input" and first.scale == "unprofiled"
    assert "num_workers=1" in first.how and "torch.set_num_threads(1)" in first.how
    # the __next__ time it rests on is the one timed without the profiler, not the trace's
    timing = meta["steps"]["timing"]
    assert f"{timing['unprofiled_loader_median_ms']:.2f} ms of a {timing['unprofiled_median_ms']:.2f} ms step" in first.evidence
    for case in CPU_CASES:
        ab = json.loads((CPU_LOADER / case / "ab.json").read_text())["arms"]
        kept = next(a for name, a in ab.items() if name.startswith("input@1/"))
        assert ab["input"]["config"]["threads"] == 1 and kept["config"].get("threads", 2) == 2
        assert ab["input"]["saving_share"] > kept["saving_share"] + 0.05  # fewer threads: the worker pays


def test_profile_times_the_loaders_next_without_the_profiler():
    """meta.json's steps.timing.loader_ms: each step's time in DataLoader.__next__, from the same clock as the
    steps; the profiled ones carry the profiler's cost of the transform's ops (torch transform: GPU set)."""
    for folder in (LOADER / "lstm-input", BLIND / "vit-input", CPU_LOADER / "mlp-input"):
        timing = json.loads((folder / "meta.json").read_text())["steps"]["timing"]
        loader, steps = timing["loader_ms"], timing["step_ms"]
        assert set(loader) == set(steps)
        assert all(0 < loader[i] <= steps[i] for i in steps)
        off = [loader[str(i)] for i in timing["unprofiled_steps"]]
        assert timing["unprofiled_loader_median_ms"] == pytest.approx(statistics.median(off), abs=1e-4)  # 4-decimal times
    gpu = json.loads((LOADER / "lstm-input" / "meta.json").read_text())["steps"]["timing"]
    assert gpu["profiled_loader_median_ms"] > 1.5 * gpu["unprofiled_loader_median_ms"]  # the transform's ops recorded
    numpy = json.loads((BLIND / "vit-input" / "meta.json").read_text())["steps"]["timing"]  # no ATen op to record
    assert numpy["profiled_loader_median_ms"] < 1.5 * numpy["unprofiled_loader_median_ms"]


def test_the_hand_over_of_a_batch_counts_its_tensors():
    """The collate stacks each field of the samples: two per batch of (inputs, labels); fetch_ms grows with them."""
    trace = load(LOADER / "mlp-sync" / "train_loader.pt.trace.json.gz")
    w = rp.process_window(trace, step_windows(trace))
    assert rp.batch_tensors(trace, rp.loader_calls(trace, w)) == 2
    assert rp.fetch_ms("gpu", 4) > rp.fetch_ms("gpu", 2) > rp.fetch_ms("gpu", 1)
    assert rp.fetch_ms("gpu", 2, 3e6) == pytest.approx(rp.fetch_ms("gpu", 2) + 3 * rp.HANDOVER_MS_PER_MB)
    assert rp.fetch_ms("gpu", 2) == pytest.approx(rp.HANDOVER_MS)  # micro_host's hand-over: a batch of two tensors


def test_the_pin_memory_band_says_how_much_of_the_hand_over_may_come_back():
    """With workers, pin_memory=True moves the batch's hand-over to the pin-memory thread. benchmarks/pin_phases.py
    (an H200, each loop's step timed phase by phase, both arms in one process) found that thread's work coming back in
    the training thread's forward, backward and optimizer: for GPT-2 nearly all of it (its step did not shorten; half
    of it in a re-run the next day), for the LSTM almost none (both runs). Each `pageable_copy` entry with workers carries the band from the copy alone (all of the
    hand-over back) to the whole saving, its point where the step's own GIL says the pin-memory thread's holds come
    back (analysis/host/gil.py, the holds from benchmarks/micro_gil.py), and says so. The share of a hold each loop's
    step gives back orders the four loops as pin_phases measured them (never fitted on them: the holds are
    micro_gil's)."""
    def came_back(run: str) -> dict[str, float]:
        phases = json.loads((ROOT / "benchmarks" / "results" / f"pin_phases-{run}-h200.json").read_text())["models"]
        return {model: sum(arms["pin"][k] - arms["base"][k] for k in ("forward", "backward", "optimizer", "item"))
                / (arms["base"]["next"] - arms["pin"]["next"]) for model, arms in phases.items()}

    back, again = came_back("2026-11-26"), came_back("2026-11-27-rerun")
    assert back["gpt2"] > 0.85 and back["lstm"] < 0.1 and set(back) == {"gpt2", "mlp", "cnn", "lstm"}
    # the next day, another process: GPT-2 0.50; only the recurrent loop's near-nothing reproduced
    assert again["gpt2"] < 0.6 and again["lstm"] < 0.1 and min(again, key=again.get) == "lstm"
    returns = {}
    for case in ("gpt2-workers", "mlp-workers", "cnn-workers", "lstm-workers"):
        trace_path = sorted((LOADER / case).glob("*.pt.trace.json*"))[0]
        entry = {a.kind: a for a in analyze(load(trace_path), dynamo_record(run_files(trace_path))).advice}["pageable_copy"]
        low, high = entry.saving_band_pct
        assert 0 <= low < entry.saving_pct < high and entry.ranked
        returns[case.split("-")[0]] = float(re.search(r"give back (\d+)% of a hold", entry.evidence).group(1))
        assert "benchmarks/micro_gil.py" in entry.evidence
        measured = 100 * json.loads((LOADER / case / "ab.json").read_text())["arms"]["pageable_copy"]["saving_share"]
        if case == "gpt2-workers":
            assert low <= measured <= high
    # Written before the GPU host's holds were measured: the four loops in pin_phases' order. With them, cnn (59%)
    # came above gpt2 (47%), measured 0.78 and 0.90 (0.89 and 0.50 in the re-run: docs/benchmarks.md); what holds,
    # and reproduces, is the recurrent forward: the LSTM's one long cuDNN call absorbs the holds, and its step gives
    # back least by far
    assert min(returns, key=returns.get) == min(back, key=back.get) == "lstm"
    assert returns["lstm"] < 0.5 * min(v for k, v in returns.items() if k != "lstm")


def test_the_cpu_input_band_runs_from_the_linear_bound_to_the_measured_scaling():
    """On a CPU whose cores the workers and the step's threads oversubscribe, `input` predicts the step's compute at
    fewer threads as linearly slower (a bound: the point) and quotes it at benchmarks/micro_threads.py's scaling; the
    band carries both ends. The CPU loops' measured savings sit inside it on vit, cnn and lstm, under it on audio (by
    1 point) and over it on mlp (by 1)."""
    inside = {}
    for folder in (CPU_LOADER / "cnn-input", CPU_LOADER / "lstm-input", CPU_LOADER / "mlp-input",
                   CPU_BLIND / "vit-input", CPU_BLIND / "audio-input"):
        path = sorted(folder.glob("*.pt.trace.json*"))[0]
        entry = {a.kind: a for a in analyze(load(path), dynamo_record(run_files(path))).advice}["input"]
        low, high = entry.saving_band_pct
        assert low == pytest.approx(entry.saving_pct, abs=0.01) and high >= low
        assert f"it would be {high:.0f}%" in " ".join(entry.assumptions.split())
        measured = 100 * json.loads((folder / "ab.json").read_text())["arms"]["input"]["saving_share"]
        inside[folder.name if folder.parent == CPU_LOADER else "blind-" + folder.name] = low <= measured <= high
    assert sum(inside.values()) == 3 and not inside["blind-audio-input"] and not inside["mlp-input"]


@pytest.mark.parametrize("case", ["mlp-workers", "cnn-sync", "gpt2-input"])
def test_scheduling_a_few_activities_in_python_or_all_per_stream_replays_the_same(case, monkeypatch):
    """The replay schedules up to ``_FEW`` activities per cut one by one and more per stream at once (the recurrence
    unrolled): the same integers either way, for every step and with every blocking call removed."""
    trace = load(LOADER / case / "train_loader.pt.trace.json.gz")
    windows = step_windows(trace)
    w = rp.process_window(trace, windows)
    blocking = rp.blocking_calls(trace, w)
    ends = [sw.end_ns for sw in rp.step_windows_of(windows, w)]
    removed = {int(sid): 0 for sid in blocking.calls["slice_id"]}
    mine = trace.gpu[(trace.gpu["rank"] == w.rank).to_numpy()]
    slower = {int(a): 3 * int(d) for a, d in zip(mine["activity_id"], mine["dur_ns"])}  # the streams queue up
    got = {}
    for few in (0, 10**9):  # every cut per stream in numpy; every cut in Python
        monkeypatch.setattr(rp, "_FEW", few)
        got[few] = (rp.replay_steps(trace, w, blocking, step_ends=ends),
                    rp.replay_steps(trace, w, blocking, removed, {"sync", "pageable_copy"}, ends),
                    rp.replay_steps(trace, w, blocking, step_ends=ends, host_scale=0.7),
                    rp.replay_steps(trace, w, blocking, step_ends=ends, new_gpu=slower))
    assert len(blocking.calls) > 0 and len(ends) > 1
    assert got[0] == got[10**9]
    assert got[0][3][0] > got[0][0][0]  # three times the GPU time: a longer window

"""An advice entry and what every kind shares: the record (:class:`Advice`), the kinds' names, how close each
kind came where its change was made and measured (:data:`CHECKED`), and which entries have enough evidence to act on."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Final


KINDS: Final[tuple[str, ...]] = ("cuda_graphs", "compile", "fused_optimizer", "graph_break", "recompile", "static_inputs",
                                 "exposed_comm", "straggler", "input", "sync", "pageable_copy", "threads", "precision",
                                 "autocast", "cudnn_benchmark", "channels_last", "batch_size")


#: Below this share of the step a replayed saving is within the replay's own error: not advised.
REPLAY_MIN_SHARE: Final[float] = 0.03


@dataclass(frozen=True)
class Advice:
    """One change and what it would save per step (ms, and % of the mean step)."""

    kind: str
    saving_ms_per_step: float
    saving_pct: float
    evidence: str
    how: str
    assumptions: str
    where: str | None = None
    rank: int | None = None
    steps_used: int | None = None  # steps the estimate rests on
    saving_ms_profiled: float | None = None  # the saving on the profiled trace's scale (saving_ms_per_step: scale)
    scale: str = "profiled"  # "unprofiled": saving_ms_per_step is of a step timed without the profiler (meta.json)
    evidence_count: int | None = None  # events it rests on beyond steps (collectives for a straggler)
    saving_range_ms: tuple[float, float] | None = None  # the saving's range across the steps
    saving_band_pct: tuple[float, float] | None = None  # the share at either end of the model's constants' measured range
    ranked: bool = True  # False: too little evidence to act on; shown as a note below the ranked advice
    checked: str | None = None  # how close this kind came where the change was made and measured (CHECKED)
    shares_with: str | None = None  # the kind whose saving this one's includes (its share counts only beyond it)

    def as_dict(self) -> dict:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in asdict(self).items()}


def step_sum(entries) -> float:
    """The ranked entries' shares of the step added up, an entry that includes another's saving (``shares_with``)
    counted only beyond it: what the changes together could save at most, never over 100."""
    ranked = {a.kind: a.saving_pct for a in entries if a.ranked and a.saving_pct > 0}
    return sum(max(pct - (ranked.get(a.shares_with, 0.0) if a.shares_with else 0.0), 0.0)
               for a in entries if a.ranked and a.saving_pct > 0 for pct in [a.saving_pct])


def count(x: float) -> str:
    """A count per step as words say it: whole (``2``), or ``about 2`` where steps differ (a mean of 2.2)."""
    n = round(float(x))
    return f"{n:,}" if abs(float(x) - n) < 0.05 else f"about {n:,}"


def share_entry(kind: str, saving: float, step_ms: float, evidence: str, how: str, assumptions: str, **extra) -> Advice | None:
    if not (saving > 0 and step_ms > 0) or math.isnan(saving):
        return None
    return Advice(kind, float(saving), float(100.0 * saving / step_ms), evidence, how, assumptions, **extra)


#: How close each kind's predictions came to the measured share of the step where the change was made for real
#: (interleaved A/B benchmarks; docs/advice/record.md and docs/benchmarks/advice.md, the tables of "Advice checked against measured outcomes",
#: "Data loading, syncs and pageable copies" and "compile from mechanisms, checked out of sample"): the uncertainty
#: every entry of the kind carries. Points are predicted minus measured share.
CHECKED: Final[dict[str, str]] = {
    "compile": "16 models (H200), profiled in the process that measured the change: -34 to +17 points, median +2, 12 "
               "within 10, the sign right wherever the A/B's rounds agree on it; 4 blind: T5 -4, SqueezeNet -17, PointNet "
               "not advised where compiling was 12% slower, OPT +33 (Dynamo's graph breaks without a sync do not show "
               "in an eager trace); 4 more blind: GCN +3, GPT-NeoX -4, DLRM +18 (a note since: its EmbeddingBag is "
               "an Inductor fallback), ShuffleNet -29 (slower, by less than predicted); 4 more blind, the A/B before "
               "the profile: BLOOM +10, Perceiver +5, gMLP -2, VAE +15 (its loss, outside the model, stays eager "
               "under torch.compile(model)); +6 to +22 where the window starts at step 0 (its unprofiled steps come "
               "after the profile, which slows a process); 4 more blind: DistilBERT +1, seq2seq +10, siamese +9, "
               "tabular +13 (with the loss compiled too, as predicted: 3 of 4 within)",
    "cuda_graphs": "out of sample (16 models, H200): -2 to +40 points, 13 of 16 within 10; 4 blind: -0.4 to +16, 3 within "
                   "10; 4 more blind: -3 to +7, all within 10",
    "fused_optimizer": "out of sample (16 models, H200): -2 to +14 points, 11 of 16 within 5; 4 blind: -2 to +7, 1 within "
                       "5; 10 measured before the profile ran (it leaves the process slower): all within 5, -4.5 to +1.3; 8 more "
                       "blind, measured so: -4 to +4, all within 5; the Adam "
                       "sweep: -15% to +22% of the saving",
    "input": "blind: 18 H200 loops in six sets -6 to +9 points, 13 within 5; 6 re-run with the profile in the A/B's own "
             "process -14 to +4, 4 within 5 (the same A/B moves by a median of 4 points between processes); quiet "
             "where workers measured -6% to -19% (BERT, an LSTM LM, OPT, a GRU seq2seq, Llama); 3 CPU loops +1, -9 "
             "(under: the compute at fewer "
             "threads taken as linear, a bound); with a longer A/B (40 rounds of 20 steps) -15 to +8, 6 of 11 within "
             "5 (ResNet under twice, three small sync loops over); with the A/B before the profile (10 sync loops) -11 "
             "to +16, 2 within 5 (a step alone and in interleaved rounds differ by up to a third); the same 10 again "
             "(80 rounds) -10 to +11, 7 within 5, and 8 within 5 at the CPU speed the profile saw (the host's CPU "
             "changes speed by 1.6x within seconds); 3 more so (crnn, wavenet, an input-bound audio loop) +3 to +8, 2 "
             "within 5, none at the profile's speed (all over by 5-6); 7 more sync loops (MLP, CNN, LSTM, and GPT-2, an LSTM "
             "LM, OPT, T5 quiet, rightly) +1.5 to +5.4, 2 of 3 within 5; 5 sync loops (DenseNet, a VAE, PointNet, TCN, "
             "MobileNet) run four times each: -8 to +12, 11 of 17 within 5 of their own run, PointNet quiet rightly "
             "in 3 of 4 (the same loop's measured share moved by up to 12 points between runs, the host's speed with "
             "it); in sample: -9 to +14 (H200), -8 to -4 (CPU)",
    "pageable_copy": "with workers, the part of the hand-over that comes back from the step's own GIL and the pin-memory "
                     "thread's measured holds: out of sample (8 loops in three sets, H200) -5.9 to +2.6 points, 6 within "
                     "5; 12 loops re-run with the profile in the A/B's own process -4 to +13, 10 within 5; over all 21 "
                     "first runs with workers 15 within 5, misses -13 to +6; 17 with a longer A/B (40 rounds of 20 "
                     "steps) -6.1 to +7.8, 14 within 5; 12 with the A/B before the profile -8.9 to +2.9, 10 within 5; "
                     "without workers (pinning charged as a loop feels it, benchmarks/micro_pin_loop.py) quiet on the "
                     "5 sync-loop runs where it had been advised at 3.0-3.7% and on 5 re-runs of such loops: the change "
                     "measured -14.5% to +3.9%; 3 workers loops (DenseNet, a VAE, PointNet) run three times: -5.9 "
                     "to +5.5, 6 of 9 within 5 (the VAE under by 4.7-5.9 in every run)",
    "sync": "advised twice in 134 loops checked (H200): ResNet with workers, 4.5% predicted, 7.1% measured; ResNet "
            "without, 3.6% and 5.2% (a longer A/B); not advised on ResNet with workers where it then measured 10.9% "
            "(the A/B before the profile); elsewhere removing .item() measured -11% to +11%, each A/B's rounds across 0",
    "graph_break": "2 GPT-2 cases (in sample): under CUDA graphs -5% of the measured saving; without them 1.4% "
                   "predicted where the merged graph was 3% slower",
    "recompile": "1 case (GPT-2): +18% of the saving",
    "static_inputs": "1 case (A*B+C, max-autotune): -5% of the saving",
    "straggler": "1 case (2 gloo ranks): +8% of the saving; 2 H200s (DDP, NCCL; in sample for the excess rule): a "
                 "slow input -5 points, uneven batches -9; a second job: the slow input 1.63 ms against 1.76 ms measured "
                 "(-12 points of a step the profiler stretched 1.5x), twice the batch on a host-bound loop no straggler, "
                 "rightly; a third job, out of sample: slow input -9, four times the batch +6",
    "exposed_comm": "1 case (DDP, 2 H200s, one bucket against default buckets): +7 points (10.5% predicted, 3.4% "
                    "measured): the last bucket stays exposed, and overlapped all-reduces slow the backward",
    "precision": "2 cases (H100, train_precision.py, float32): a GPU-bound GPT (1024x6) 65.8% predicted, 65.2% "
                 "measured in one process (try --change tf32, switched: 65.9%); a host-bound one (256x2) not advised, "
                 "measured +0.2%. The replay was corrected on the first (its backlog): not yet checked out of sample",
    "autocast": "2 cases (H100, train_precision.py): the GPU-bound GPT 72.8% predicted, 79.2% measured (bf16 also "
                "halves the bytes of the work between the GEMMs, which this leaves as it is); the host-bound one not "
                "advised, measured -11%",
    "cudnn_benchmark": "a note, not a prediction: on an H100 cuDNN's heuristics chose as well as its benchmark (7 of 7 "
                       "layer shapes, median 1.00x); a ResNet-style CNN at batch 256 measured +0.5% in one process, "
                       "try (switched) -0.5%",
    "channels_last": "not checked yet against a measured change: the layout kernels' own time, taken out",
    "batch_size": "a note, not a prediction",
    "threads": "not checked yet against a measured change: its constant is a micro-benchmark's (benchmarks/"
               "micro_oversubscribed.py); traceview try --change threads measures it on the job",
}


#: Kinds whose saving is a share of the profiled step: put in ms of the step timed without the profiler when
#: meta.json has it (the profiler stretches host time 1.3-2.8x; a share moves far less). ``recompile`` is compile
#: time spread over the run, ``straggler`` a wait measured between ranks: both stay as measured.
SHARE_KINDS: Final[frozenset[str]] = frozenset({"cuda_graphs", "compile", "fused_optimizer", "graph_break", "static_inputs",
                                                "exposed_comm"})


def ranked(advice: list[Advice]) -> list[Advice]:
    """The entries with enough evidence to act on, in order."""
    return [a for a in advice if a.ranked]


def notes(advice: list[Advice]) -> list[str]:
    """One line per entry without enough evidence: shown below the ranked advice."""
    return [f"{a.kind}: {a.evidence}" for a in advice if not a.ranked]

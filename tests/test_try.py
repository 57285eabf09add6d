"""``traceview try``: the unmodified script run as it is and under each change, alternating in rounds, each run
stopped after its last timed step; the measured share beside the advice's prediction.

On the CPU with ``sample_traces/scripts/try_train.py`` (eager and compiled, a DataLoader, optimizers with and
without a fused version, no optimizer, a failing script, a change that fails) and two gloo ranks under
torchrun; and the H200 runs committed under ``sample_traces/gpu/try`` (transformers GPT-2 compiled; a CNN fed
by a DataLoader), whose measured shares are checked against the in-process interleaved A/B of the same
changes made in the same device call (``benchmarks/gpu_try.sh``)."""

from __future__ import annotations

import json
import re
import os
import statistics
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from traceview.capture.verdict import compare, fit_effects
from traceview.capture import changes as ch
from traceview.capture.trials import BASELINE, Trials, read_run, run_trials
from traceview.capture.steps import StepRange
from traceview.cli import app

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "sample_traces" / "scripts" / "try_train.py"
DEVICE = ROOT / "sample_traces" / "gpu" / "try"
#: Points within which try's measured share must agree with the in-process A/B of the same change (issue 28),
#: written before the device runs.
AB_POINTS = 5.0
#: try's record against the A/B on the committed device runs (6 changes over 3 scripts): how many come within
#: AB_POINTS today. A floor, not a list: a new miss lowers the count and fails here. The two misses today are
#: gpt2's no_compile (try -26%, 90% interval -41% to -13%, against the A/B's -15%; 8 runs in gpt2-nocompile get -16%
#: against -17%) and the cnn's fused_optimizer (the A/B itself gave +0.3%, -0.6%, -11.1% and +17.9% in four calls).
AB_WITHIN_FLOOR = 4


def _try(tmp_path: Path, *args: str, runs: str = "3", steps: str = "2:8") -> tuple[int, dict, str]:
    out = tmp_path / "try"
    result = CliRunner().invoke(app, ["try", "--json", "--runs", runs, "--steps", steps, "-o", str(out), *args])
    document = json.loads(result.stdout) if result.exit_code == 0 else {}
    return result.exit_code, document, result.output


def _row(document: dict, name: str) -> dict:
    return next(c for c in document["changes"] if c["name"] == name)


def _runs(folder: Path) -> list:
    return [read_run(p) for p in sorted(folder.glob("*.json"))]


def _independent_share(runs: list, arm: str, use_speed: bool) -> float:
    """The saving of ``arm`` recomputed from the run files by the normal equations, as a check on
    analysis.trial's least squares (lstsq) and its choice of model."""
    arms = sorted({r.arm for r in runs} - {BASELINE})
    y = np.log([r.step_ms for r in runs])
    x = [np.ones(len(runs))] + [np.array([r.arm == a for r in runs], float) for a in arms]
    if use_speed:
        speed = np.log([r.host_speed_ms for r in runs])
        x.append(speed - speed.mean())
    x = np.column_stack(x)
    coef = np.linalg.solve(x.T @ x, x.T @ y)
    return 100 * (1 - np.exp(coef[1 + arms.index(arm)]))


@pytest.mark.slow
def test_eager_loop_each_change_measured_and_predicted(tmp_path):
    code, doc, output = _try(tmp_path, "--no-switch", "-c", "fused_optimizer", "-c", "num_workers", str(SCRIPT),
                             "--loader", "--steps", "40", "--sample-ms", "1.0", steps="4:10")
    assert code == 0, output
    runs = _runs(tmp_path / "try" / "runs")
    # up to 3 rounds each; from round 3 on a change whose interval has decided takes no more (the stopping rule)
    done = sorted((r.arm, r.round) for r in runs)
    assert set(done) <= {(a, i) for a in (BASELINE, "fused_optimizer", "num_workers") for i in range(3)}
    assert {(a, i) for a in (BASELINE, "fused_optimizer", "num_workers") for i in range(2)} <= set(done)
    # each run stopped after step 7 although the script asked for 40 steps, and every run reached it
    assert {r.steps_counted for r in runs} == {10} and all(r.reached and r.exit_code == 0 for r in runs)
    assert all(len(r.chunk_ms) == 6 and len(r.calibration) == 2 for r in runs)  # steps 4..9 in chunks of 1 (window 6)
    fused, workers = _row(doc, "fused_optimizer"), _row(doc, "num_workers")
    assert fused["applied"] == ["Adam(fused=True) over 6 tensor(s)"]
    assert workers["applied"][0] == "DataLoader(Samples): num_workers=0 -> 2, persistent_workers=True"
    assert len(workers["applied"]) == 1  # one change per arm: the threads are the num_workers+threads pair's
    assert doc["facts"]["loaders"] == [{"num_workers": 0, "map_style": True, "dataset": "Samples", "pin_memory": False}]
    for row in (fused, workers):
        use_speed = doc["model"]["used"]
        mine = [r for r in runs if r.arm in (BASELINE, "fused_optimizer", "num_workers")]
        assert row["measured_share"] == pytest.approx(_independent_share(mine, row["name"], use_speed), abs=1e-6)
        low, high = row["interval"]
        assert low < row["measured_share"] < high
        base = {r.round: r.step_ms for r in runs if r.arm == BASELINE}
        rounds = [100 * (1 - r.step_ms / base[r.round]) for r in runs if r.arm == row["name"]]
        assert row["share_range"] == pytest.approx([min(rounds), max(rounds)])
        assert row["raw_share"] == pytest.approx(
            100 * (1 - statistics.median(r.step_ms for r in runs if r.arm == row["name"]) / statistics.median(base.values())))
    # the prediction is the advice of the profiled run: the same number `traceview analyze` gives on it
    analyzed = CliRunner().invoke(app, ["analyze", "--json", str(tmp_path / "try" / "profile")])
    advice = {a["kind"]: a for a in json.loads(analyzed.stdout)["advice"] if a["ranked"]}
    # (whether `input` is advised depends on the cores free while profiling: a busy 2-core CI host leaves workers
    # nothing to overlap with, and the replay says so; its share is then 0, and the prediction says 0)
    assert workers["predicted_kind"] == "input"
    expected = advice["input"]["saving_pct"] if "input" in advice else 0.0
    assert workers["predicted_share"] == pytest.approx(expected, abs=1e-3)
    profile_meta = json.loads((tmp_path / "try" / "profile" / "meta.json").read_text())
    assert profile_meta["steps"]["stopped_after"] == 10 + 6 and profile_meta["steps"]["counted"] == 16


@pytest.mark.slow
def test_rounds_alternate_and_rotate(tmp_path):
    order = []
    run_trials(SCRIPT, ["--steps", "20", "--loader", "--sample-ms", "0"], steps="2:6",
               changes=["num_workers", "fused_optimizer"], rounds=3, out=tmp_path / "o", profile=False,
               on_run=lambda r: order.append((r.round, r.arm)), switch_here=False)
    f, t = "fused_optimizer", "num_workers"  # in NAMES' order, whatever order --change gave
    assert order == [(0, BASELINE), (0, f), (0, t), (1, f), (1, t), (1, BASELINE), (2, t), (2, BASELINE), (2, f)]


@pytest.mark.slow
def test_compiled_script_no_compile_measured_and_cuda_graphs_skipped_on_cpu(tmp_path):
    code, doc, output = _try(tmp_path, "--no-predict", "--no-switch", "-c", "no_compile", "-c", "cuda_graphs",
                             str(SCRIPT), "--compile", "--steps", "30", runs="2")
    assert code == 0, output
    assert doc["facts"]["compiled_graphs"] >= 1 and doc["facts"]["device"] == "cpu"
    assert _row(doc, "cuda_graphs")["status"] == "skipped"
    assert "need a GPU" in _row(doc, "cuda_graphs")["why"]
    no_compile = _row(doc, "no_compile")
    assert no_compile["status"] == "measured" and no_compile["applied"] == ["TORCH_COMPILE_DISABLE=1"]
    assert no_compile["predicted_kind"] is None  # no advice kind predicts what compiling buys
    assert no_compile["method"] == "processes"  # --no-switch: TORCH_COMPILE_DISABLE in a process of its own
    runs = _runs(tmp_path / "try" / "runs")
    assert [r.facts["compiled_graphs"] for r in runs if r.arm == "no_compile"] == [0, 0]  # compiling really was off
    assert all(r.facts["compiled_graphs"] >= 1 for r in runs if r.arm == BASELINE)


def test_skips_say_why_in_one_line(tmp_path):
    code, doc, output = _try(tmp_path, "--no-predict", "-c", "fused_optimizer", "-c", "num_workers", "-c", "max_autotune",
                             str(SCRIPT), "--optimizer", "rmsprop", runs="1")
    assert code == 0, output
    assert _row(doc, "fused_optimizer")["why"] == "RMSprop has no fused version (Adam, AdamW, SGD and Adagrad do)"
    assert _row(doc, "num_workers")["why"] == "the script builds no DataLoader"
    assert _row(doc, "max_autotune")["why"].startswith("the script compiles nothing")
    assert not list((tmp_path / "try" / "runs").glob("fused_optimizer.*"))  # a skipped change never runs


@pytest.mark.slow
def test_script_without_an_optimizer(tmp_path):
    result = subprocess.run([sys.executable, "-m", "traceview", "try", "--no-predict", "--steps", "2:8", "-o",
                             str(tmp_path / "o"), str(SCRIPT), "--optimizer", "none"], capture_output=True, text=True,
                            timeout=120)
    errors = [line for line in result.stderr.splitlines() if line.startswith("traceview: error:")]
    assert result.returncode == 2 and len(errors) == 1 and "Traceback" not in result.stderr, result.stderr
    assert "made 0 step(s) (optimizer); --steps 2:8 needs 8" in errors[0]
    code, doc, output = _try(tmp_path, "--no-predict", "--step-annotation", "train_step", "-c", "fused_optimizer",
                             "-c", "threads", str(SCRIPT), "--optimizer", "none", runs="2")
    assert code == 0, output
    assert doc["counted_by"] == "annotation: train_step"
    assert _row(doc, "fused_optimizer")["why"] == "no optimizer stepped in the baseline run"
    assert _row(doc, "threads")["status"] in ("measured", "skipped")


@pytest.mark.slow
def test_failing_script_stops_with_its_traceback_and_exit_code(tmp_path):
    result = subprocess.run([sys.executable, "-m", "traceview", "try", "--no-predict", "--runs", "2", "-o",
                             str(tmp_path / "o"), str(SCRIPT), "--fail"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert 'raise ValueError("boom")' in result.stderr and "ValueError: boom" in result.stderr
    assert "failed as it is, before any change: ValueError: boom" in result.stderr
    assert "Traceback" not in result.stderr.split("ValueError: boom")[-1]  # traceview adds no traceback of its own
    assert sorted(p.name for p in (tmp_path / "o" / "runs").iterdir()) == ["baseline.0.json", "baseline.0.log"]


@pytest.mark.slow
def test_a_change_that_fails_is_reported_and_the_others_go_on(tmp_path):
    code, doc, output = _try(tmp_path, "--no-predict", "--no-switch", "-c", "num_workers", "-c", "fused_optimizer",
                             str(SCRIPT), "--loader", "--main-process-only", "--steps", "30")
    assert code == 0, output
    failed = _row(doc, "num_workers")
    assert failed["status"] == "failed" and "\n" not in failed["why"]
    assert failed["why"].endswith("RuntimeError: Samples must be read in the main process")
    assert len(list((tmp_path / "try" / "runs").glob("num_workers.*.json"))) == 1  # not retried in later rounds
    assert _row(doc, "fused_optimizer")["status"] == "measured" and _row(doc, "fused_optimizer")["rounds"] in (2, 3)


@pytest.mark.slow
def test_bad_command_lines_are_one_line_exit_2(tmp_path):
    for args, words in ((["-c", "warp_drive", str(SCRIPT)], "unknown change 'warp_drive'"),
                        (["--steps", "0:5", str(SCRIPT)], "start at step 1 or later"),
                        ([str(tmp_path / "missing.py")], "script not found"),
                        (["--trace", str(tmp_path / "nope"), str(SCRIPT)], "no such file or folder")):
        result = subprocess.run([sys.executable, "-m", "traceview", "try", "-o", str(tmp_path / "o"), *args],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 2, result.stderr
        assert result.stderr.count("\n") == 1 and words in result.stderr, result.stderr


@pytest.mark.slow
def test_table_reads_predicted_and_measured(tmp_path):
    out = tmp_path / "try"
    result = CliRunner().invoke(app, ["try", "--runs", "2", "--steps", "2:6", "-c", "num_workers", "-o", str(out),
                                      str(SCRIPT), "--loader", "--steps", "20", "--sample-ms", "0.3"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    head = next(i for i, x in enumerate(lines) if x.startswith("num_workers: "))
    assert re.match(r"num_workers: (confirmed|inconclusive|saved (more|less) than predicted|made the step slower)", lines[head])  # the verdict first
    assert lines[head + 1].startswith("  predicted  ") and lines[head + 2].startswith("  measured   ")
    assert "(2 run(s) against 2 as it is)" in lines[head + 2]
    assert "what to change" not in result.stdout  # the try table, not the analysis
    assert "it did     DataLoader(Samples): num_workers=0 -> 2, persistent_workers=True" in result.stdout


#: Two gloo ranks under DDP; rank 1 sleeps ``argv[2]`` seconds a step (every rank's step waits for it).
DDP_SCRIPT = '''
import datetime, sys, time
import torch
import torch.distributed as dist

dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=90))
torch.manual_seed(0)
model = torch.nn.parallel.DistributedDataParallel(torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 8)))
opt = torch.optim.Adam(model.parameters(), lr=0.1)
x, y = torch.randn(16, 32), torch.randn(16, 8)
for step in range(int(sys.argv[1])):
    if dist.get_rank() == 1:
        time.sleep(float(sys.argv[2]))
    opt.zero_grad()
    torch.nn.functional.mse_loss(model(x), y).backward()
    opt.step()
'''


def _torchrun_try(tmp_path: Path, try_args: list[str], steps: int, rank1_sleep: float) -> subprocess.CompletedProcess:
    script = tmp_path / "ddp_try.py"
    script.write_text(DDP_SCRIPT)
    env = {**os.environ, "GLOO_SOCKET_IFNAME": "lo", "OMP_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc-per-node", "2",
                           "-m", "traceview", "try", *try_args, "-o", str(tmp_path / "o"), str(script), str(steps),
                           str(rank1_sleep)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=400)
    assert done.returncode == 0, done.stderr[-3000:]
    return done


@pytest.mark.slow
def test_torchrun_every_rank_runs_the_same_arm_and_the_slowest_rank_counts(tmp_path):
    done = _torchrun_try(tmp_path, ["--runs", "2", "--no-switch", "--steps", "2:8", "-c", "fused_optimizer"], 30, 0.003)
    words = " ".join(done.stdout.split())  # the table's title may wrap
    assert "slowest of 2 ranks" in words and done.stdout.count("try: ") == 1  # rank 0 reports, once
    runs = tmp_path / "o" / "runs"
    for arm, round_ in ((BASELINE, 0), (BASELINE, 1), ("fused_optimizer", 0), ("fused_optimizer", 1)):
        r0, r1 = (json.loads((runs / f"{arm}.{round_}.rank{k}.json").read_text()) for k in (0, 1))
        assert r0["rank"] == 0 and r1["rank"] == 1
        assert r0["step_ms"] == r1["step_ms"] >= 3.0  # the MAX over ranks, and rank 1 sleeps 3 ms a step
        assert r0["applied"] == r1["applied"]
    assert json.loads((runs / "fused_optimizer.0.rank1.json").read_text())["applied"] == ["Adam(fused=True) over 4 tensor(s)"]


@pytest.mark.slow
def test_torchrun_ranks_switch_a_change_on_and_off_together(tmp_path):
    """Each rank's own try switches the fused optimizer at the same step counts; DDP's all-reduce keeps the ranks'
    steps in lock step, so both hold the same blocks, on at the same time."""
    done = _torchrun_try(tmp_path, ["--no-predict", "--steps", "2:8", "-c", "fused_optimizer"], 150, 0.0)
    runs = tmp_path / "o" / "runs"
    r0, r1 = (json.loads((runs / f"switched.switch.rank{k}.json").read_text()) for k in (0, 1))
    assert len(r0["blocks"]) == len(r1["blocks"]) >= 8
    assert [b["on"] for b in r0["blocks"]] == [b["on"] for b in r1["blocks"]]
    assert [b["ms"] for b in r0["blocks"]] == [b["ms"] for b in r1["blocks"]]  # the slowest rank's: one decision
    assert r0["applied"] == r1["applied"] == ["Adam: fused=True over 4 tensor(s), switched in place"]
    words = " ".join(done.stdout.split())
    assert "fused_optimizer: not predicted (no profiled run)" in words and done.stdout.count("try: ") == 1
    assert "in one run; predicted: --no-predict" in words  # no rounds of processes ran: the footer says so


def test_changes_patch_only_what_they_say():
    import torch
    from torch.utils.data import DataLoader, IterableDataset, TensorDataset

    facts = ch.Facts()
    applied, undo = ch.apply("fused_optimizer", 2, 1, facts)
    try:
        params = [torch.nn.Parameter(torch.randn(3))]
        assert torch.optim.Adam(params).defaults["fused"] is True
        assert torch.optim.AdamW(iter(params), lr=0.1).defaults["fused"] is True  # a generator, read once
        assert torch.optim.Adam(params, fused=False).defaults["fused"] is False  # an explicit choice stays
        assert not torch.optim.SGD(params, lr=0.1, differentiable=True).defaults["fused"]
        assert "Adam(fused=True) over 1 tensor(s)" in applied
    finally:
        undo()
    assert torch.optim.Adam([torch.nn.Parameter(torch.randn(3))]).defaults["fused"] is None  # undone

    class Stream(IterableDataset):
        def __iter__(self):
            yield from range(4)

    facts = ch.Facts()
    applied, undo = ch.apply("num_workers", 2, 1, facts)
    try:
        mapped = DataLoader(TensorDataset(torch.arange(8)), batch_size=2)
        streamed = DataLoader(Stream(), batch_size=2)
        assert (mapped.num_workers, mapped.persistent_workers) == (2, True)
        assert streamed.num_workers == 0  # workers would each yield the whole stream
    finally:
        undo()
    assert [lo["map_style"] for lo in facts.loaders] == [True, False]
    assert DataLoader(TensorDataset(torch.arange(8))).num_workers == 0


def test_workers_on_a_cpu_with_too_few_cores_come_with_fewer_threads():
    """What `input` advice says on a CPU (measured on the 2-core host, docs/benchmarks.md): a worker beside the
    script's 2 intra-op threads made the step slower; with 1 thread, faster."""
    import torch
    from torch.utils.data import DataLoader, TensorDataset

    two = ch.Facts(device="cpu", torch_threads=2, usable_cores=2)
    assert ch.threads_beside_workers(two, 1) == 1 and ch.threads_beside_workers(two, 2) == 1
    # one thread already (OMP_NUM_THREADS=1 in the environment): nothing to take away
    assert ch.threads_beside_workers(ch.Facts(device="cpu", torch_threads=1, usable_cores=2), 2) == 0
    assert ch.threads_beside_workers(ch.Facts(device="cpu", torch_threads=4, usable_cores=16), 4) == 0
    assert ch.threads_beside_workers(ch.Facts(device="cuda", torch_threads=16, usable_cores=16), 4) == 0
    before = torch.get_num_threads()
    torch.set_num_threads(2)
    applied, undo = ch.apply("num_workers", 1, 0, ch.Facts(), loader_threads=1)
    try:
        DataLoader(TensorDataset(torch.arange(8)), batch_size=2)
        assert torch.get_num_threads() == 1
        assert applied[-1].startswith("torch.set_num_threads(1) (was 2)")
    finally:
        undo()
        torch.set_num_threads(before)


def test_why_not_reads_the_facts():
    facts = ch.Facts(compiled_graphs=2, device="cuda", optimizers=[{"cls": "AdamW", "has_fused": True, "fused": True}],
                     loaders=[{"num_workers": 4, "map_style": True, "dataset": "D"}], torch_threads=8, usable_cores=16)
    assert ch.why_not("cuda_graphs", facts, 8, 4) is None
    assert ch.why_not("fused_optimizer", facts, 8, 4) == "the optimizer is fused already"
    assert ch.why_not("num_workers", facts, 8, 4) == "its DataLoaders already have workers (num_workers=4)"
    assert ch.why_not("threads", facts, 8, 4).startswith("the steps run on the GPU")
    assert ch.defaults(facts) == {"workers": 8, "threads": 4}


# --- the H200 runs -----------------------------------------------------------------------------------------


def _device_trials(model: str) -> tuple[Trials, dict]:
    folder = DEVICE / model
    saved = json.loads((folder / "try.json").read_text())
    runs = _runs(folder / "runs")
    arms = sorted({r.arm for r in runs} - {BASELINE})
    trials = Trials(saved["target"], saved["argv"], StepRange.parse(saved["steps"]), saved["counted_by"], saved["rounds"],
                    ch.Facts.from_dict(saved["facts"]), saved["workers"], saved["threads"], runs, arms, {}, {})
    return trials, saved


@pytest.mark.parametrize("model", ["gpt2", "cnn", "gpt2-nocompile"])
def test_device_runs_reanalysed_give_what_try_printed(model):
    trials, saved = _device_trials(model)
    report = compare(trials, None, None)
    for row in report.changes:
        printed = _row(saved, row.name)
        assert row.measured_share == pytest.approx(printed["measured_share"], abs=1e-6)
        assert row.measured_share == pytest.approx(_independent_share(trials.runs, row.name, saved["model"]["used"]), abs=1e-6)
    assert report.model.used == saved["model"]["used"] is True  # host speed explained these runs (t >= 2)
    assert len(trials.of(BASELINE)) == saved["rounds"] >= 5 and all(len(r.calibration) == 2 for r in trials.runs)


def test_device_try_agrees_with_the_in_process_ab():
    """try's share against the A/B run in the same device call: at least AB_WITHIN_FLOOR of the changes within
    AB_POINTS, and every script has one that is."""
    within, checked, by_model = 0, 0, {}
    for model in ("gpt2", "cnn", "gpt2-nocompile"):
        trials, _ = _device_trials(model)
        ab = json.loads((DEVICE / model / "ab.json").read_text())["arms"]
        for row in compare(trials, None, None).changes:
            truth = 100 * ab[{"num_workers": "input"}.get(row.name, row.name)]["saving_share"]
            hit = abs(row.measured_share - truth) <= AB_POINTS
            within, checked = within + hit, checked + 1
            by_model[model] = by_model.get(model, False) or hit
    assert checked == 6 and within >= AB_WITHIN_FLOOR, f"{within} of {checked} within {AB_POINTS} points"
    assert all(by_model.values()), by_model


def test_host_speed_model_falls_back_to_the_plain_comparison_when_speed_explains_nothing():
    trials, _ = _device_trials("gpt2")
    runs = [r for r in trials.runs if r.arm in (BASELINE, "cuda_graphs")]
    for r in runs:
        r.calibration = [{"cuda_add_ms": 0.01}, {"cuda_add_ms": 0.01}]  # every run on the same host speed: no signal
    model, effects = fit_effects(runs, ["cuda_graphs"])
    assert not model.used
    plain = _independent_share(runs, "cuda_graphs", use_speed=False)
    assert effects["cuda_graphs"][0] == pytest.approx(plain)


@pytest.mark.slow
def test_module_target_with_its_own_options_after_a_double_dash(tmp_path):
    """``traceview try -m pkg.mod -- --its-options``: the module runs as ``python -m`` runs it, with its argv."""
    result = subprocess.run([sys.executable, "-m", "traceview", "try", "--json", "--no-predict", "--runs", "1", "--steps",
                             "2:4", "-c", "fused_optimizer", "-o", str(tmp_path / "o"), "-m", "try_train", "--",
                             "--steps", "10", "--optimizer", "sgd"],
                            cwd=SCRIPT.parent, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr[-2000:]
    doc = json.loads(result.stdout)
    assert doc["target"] == "-m try_train" and doc["argv"] == ["-m", "try_train", "--steps", "10", "--optimizer", "sgd"]
    assert doc["steps"] == "2:4" and doc["facts"]["optimizers"][0]["cls"] == "SGD"  # the module's --optimizer reached it
    assert _row(doc, "fused_optimizer")["applied"] == ["SGD(fused=True) over 6 tensor(s)"]


@pytest.mark.slow
def test_max_autotune_and_threads_take_effect_in_the_scripts_process(tmp_path):
    code, doc, output = _try(tmp_path, "--no-predict", "-c", "max_autotune", "-c", "threads", "--threads", "1",
                             str(SCRIPT), "--compile", "--steps", "10", "--width", "64", runs="1", steps="2:4")
    assert code == 0, output
    runs = {r["change"] or "baseline": r for r in (json.loads(p.read_text()) for p in (tmp_path / "try" / "runs").glob("*.json"))}
    assert runs["max_autotune"]["settings"]["max_autotune"] is True
    assert runs["max_autotune"]["settings"]["coordinate_descent_tuning"] is True
    assert runs["baseline"]["settings"]["max_autotune"] is False
    if "threads" in runs:  # skipped where the script already runs one thread (OMP_NUM_THREADS=1 in the environment)
        assert runs["threads"]["settings"]["torch_threads"] == 1 < runs["baseline"]["settings"]["torch_threads"]
    else:
        assert _row(doc, "threads")["status"] == "skipped"

"""``try`` switches every switchable change inside one run, each taking turns with the baseline, and stops a change
once its interval decides (issue 72): the schedule, the stopping rule and the plan, without running a script."""

from __future__ import annotations

import json
import random

import pytest

from traceview.capture import switch
from traceview.capture.stopping import decided, switched_share, tolerance
from traceview.capture.trials import MIN_ROUNDS, Plan


def _run(schedule: switch.Schedule, effect: dict[str, float], noise: float = 0.02, seed: int = 0, cap: int = 2000):
    """Drive ``schedule`` with blocks whose time is 10 ms times the arm's effect, with multiplicative noise."""
    rng = random.Random(seed)
    arms = []
    while (arm := schedule.next()) != switch.DONE and len(arms) < cap:
        arms.append(arm)
        schedule.record(10.0 * effect.get(arm, 1.0) * rng.uniform(1 - noise, 1 + noise))
    return arms


def test_every_change_takes_turns_in_quadruples_beside_baseline_blocks():
    s = switch.Schedule(["a", "b", "c"], {"a": 20.0, "b": 0.0, "c": 10.0})
    arms = _run(s, {"a": 0.8, "b": 1.0, "c": 0.9})
    assert arms[:12] == [None, "a", "a", None, None, "b", "b", None, None, "c", "c", None]
    for i, arm in enumerate(arms):  # every on block has a baseline block beside it
        if arm is not None:
            assert arms[i - 1] is None or arms[i + 1] is None
    assert set(s.stopped) == {"a", "b", "c"}


def test_a_change_stops_taking_blocks_once_decided_and_the_others_go_on():
    s = switch.Schedule(["clear", "noisy"], {"clear": 20.0, "noisy": 5.0}, max_pairs=16)
    rng = random.Random(1)
    arms = []
    while (arm := s.next()) != switch.DONE:
        arms.append(arm)
        noise = 0.3 if arm == "noisy" or arm is None and arms[-2:-1] == ["noisy"] else 0.01
        s.record(10.0 * {"clear": 0.8, "noisy": 0.95}.get(arm, 1.0) * rng.uniform(1 - noise, 1 + noise))
    assert s.stopped["clear"] == "decided" and arms.count("clear") == 4  # 2 quadruples: 4 pairs, its first decision
    assert arms.count("noisy") > arms.count("clear")
    share, (low, high), pairs = switched_share(s.blocks, "clear")
    assert pairs == 4 and 18 < share < 22 and decided(share, low, high, 20.0)


def test_a_prediction_far_off_decides_as_fast_as_one_that_holds():
    wrong = switch.Schedule(["x"], {"x": 60.0})
    right = switch.Schedule(["x"], {"x": 20.0})
    assert len(_run(wrong, {"x": 0.8})) == len(_run(right, {"x": 0.8})) == 8
    assert wrong.stopped == right.stopped == {"x": "decided"}


@pytest.mark.parametrize("measured, low, high, predicted, expect", [
    (20.0, 18.0, 22.0, 20.0, True),  # inside the tolerance
    (20.0, 18.0, 22.0, 40.0, True),  # clearly outside
    (20.0, 5.0, 35.0, 20.0, False),  # too wide to say
    (20.0, 14.0, 26.0, 30.0, False),  # straddles the tolerance's edge
    (0.0, -4.0, 4.0, None, True),  # no prediction: narrow enough
    (0.0, -8.0, 8.0, None, False),
])
def test_decided_inside_or_outside_the_tolerance(measured, low, high, predicted, expect):
    assert decided(measured, low, high, predicted) is expect


def test_tolerance_follows_the_larger_of_predicted_and_measured():
    assert tolerance(10.0, 12.0) == 5.0 and tolerance(10.0, 30.0) == 10.0 and tolerance(None, 16.0) == 10.0


def test_short_scripts_get_shorter_blocks_down_to_the_shortest():
    assert switch.block_size(10.0) == (switch.BLOCK, switch.DROP)
    assert switch.block_size(300.0) == (switch.SLOW_BLOCK, switch.SLOW_DROP)
    block, drop = switch.block_size(18.0, changes=2, steps_known=55)  # the 5:60 steps of a 60-step script
    assert switch.steps_needed(2, block) <= 55 < switch.steps_needed(2, block + 1) and drop >= 1 and block - drop >= 2
    assert switch.block_size(18.0, changes=5, steps_known=40) == (switch.MIN_BLOCK, 1)


def test_the_plan_says_what_runs_where_and_about_how_long():
    plan = Plan(["fused_optimizer", "threads"], ["compile", "num_workers"], step_ms=20.0, run_s=10.0, block=8, drop=2,
                rounds=5, budget_s=240.0)
    words = plan.describe()
    assert words.startswith("4 change(s): 2 switched in one run (fused_optimizer, threads; blocks of 8 steps")
    assert "2 in separate processes (compile, num_workers; up to 5 rounds of 10 s runs)" in words
    assert "stopping at 4 min" in words
    switched_s = 10.0 + plan.switch_steps * 20.0 / 1e3
    assert plan.estimate_s == pytest.approx(switched_s + (5 * 3 - 1) * 10.0)
    tight = Plan([], ["compile", "num_workers"], 20.0, 10.0, 8, 2, rounds=5, budget_s=30.0)
    assert tight.estimate_s == pytest.approx((MIN_ROUNDS * 3 - 1) * 10.0)  # never below the fewest rounds


SCRIPT = """import sys, torch
m = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.ReLU(), torch.nn.Linear(64, 10))
opt = torch.optim.Adam(m.parameters())
x = torch.randn(64, 64)
for i in range(int(sys.argv[1])):
    loss = m(x).sum(); opt.zero_grad(); loss.backward(); opt.step()
"""


def test_every_change_asked_for_has_exactly_one_line_and_try_json_is_always_written(tmp_path):
    """Two switchable changes on a script too short to switch both fall back to separate runs (the bug: the second of
    two was never measured), a change asked for by name that cannot apply is skipped with why, the budget stops the
    rounds, and a plain ``try`` (no --json) leaves try.json for ``tv.read_try``."""
    from typer.testing import CliRunner

    import traceview as tv
    from traceview.cli import app

    script = tmp_path / "train.py"
    script.write_text(SCRIPT)
    out = tmp_path / "try"
    result = CliRunner().invoke(app, ["try", "-c", "threads", "-c", "fused_optimizer", "-c", "tf32", "--no-predict",
                                      "--steps", "2:6", "--runs", "4", "--max-minutes", "0.01", "-o", str(out),
                                      str(script), "16"])
    assert result.exit_code == 0, result.output
    trial = tv.read_try(out)  # a plain try wrote try.json
    rows = json.loads((out / "try.json").read_text())["changes"]
    names = [r["name"] for r in rows]
    assert sorted(names) == ["fused_optimizer", "tf32", "threads"] and len(set(names)) == len(names)
    by = {r["name"]: r for r in rows}
    assert by["tf32"]["status"] == "skipped" and "GPU" in by["tf32"]["why"]
    for name in ("threads", "fused_optimizer"):  # both fell back; the budget held them to the fewest rounds
        assert by[name]["status"] == "measured" and by[name]["method"] == "processes" and by[name]["rounds"] == 2
        assert "budget" in by[name]["stopped"]
    assert result.output.count("measured in separate runs instead") == 1  # said once, for both
    assert "plan: 2 change(s): 2 switched in one run" in result.output
    measured = trial.changes[trial.changes["status"] == "measured"]
    assert list(trial.changes["change"]) == names and set(measured["method"]) == {"processes"}
    assert trial.plan.startswith("2 change(s)")


def test_num_workers_alone_changes_only_the_loader(tmp_path):
    """One change per arm: num_workers gives the DataLoader workers and leaves the threads; the pair does both."""
    from traceview.capture import changes as ch

    facts = ch.Facts(torch_threads=2, usable_cores=2, loaders=[{"num_workers": 0, "map_style": True}])
    assert ch.why_not("num_workers+threads", facts, 2, 1) is None
    assert "cores enough" in ch.why_not("num_workers+threads", ch.Facts(torch_threads=1, usable_cores=8, loaders=[
        {"num_workers": 0, "map_style": True}]), 2, 1)
    assert ch.ADVICE_KIND["num_workers"] == "input" and ch.PAIR == ("num_workers", "threads", "num_workers+threads")
    import torch
    from torch.utils.data import DataLoader

    before = torch.get_num_threads()
    applied, undo = ch.apply("num_workers", 2, 1, ch.Facts(torch_threads=before, usable_cores=2))
    try:
        DataLoader(list(range(8)), batch_size=2)
        assert torch.get_num_threads() == before and all("set_num_threads" not in a for a in applied)
    finally:
        undo()
    applied, undo = ch.apply("num_workers+threads", 2, 1, ch.Facts(torch_threads=before, usable_cores=2), 1)
    try:
        DataLoader(list(range(8)), batch_size=2)
        assert any("num_workers=0 -> 2" in a for a in applied)
        assert (torch.get_num_threads() == 1) == (before > 1)
    finally:
        undo()
        torch.set_num_threads(before)
    json.dumps(applied)

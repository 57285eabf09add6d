"""`try` measures a change that can switch while the script runs on and off in blocks inside one run (issue 66), and
keeps separate processes for the others and under --no-switch."""

from __future__ import annotations

import json
import math
import os

import pytest
from typer.testing import CliRunner

from traceview.capture.stopping import switched_share
from traceview.capture import switch
from traceview.cli import app

SCRIPT = """import sys, torch
m = torch.nn.Sequential(torch.nn.Linear(128, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10))
opt = torch.optim.SGD(m.parameters(), lr=0.01)
x = torch.randn(128, 128)
for i in range(int(sys.argv[1])):
    loss = m(x).sum(); opt.zero_grad(); loss.backward(); opt.step()
"""


def test_blocks_alternate_off_on_on_off_so_each_on_block_has_an_off_one_beside_it():
    states = switch.order(16)
    assert states[:8] == [False, True, True, False, False, True, True, False]
    assert all(not states[i - 1] or not states[i + 1] for i in range(1, 15) if states[i])
    one = switch.Schedule(["tf32"], max_pairs=8)  # one change: the same order, quadruple after quadruple
    arms = []
    while (arm := one.next()) != switch.DONE:
        arms.append(arm)
        one.record(10.0 + len(arms) % 3)  # noisy enough never to decide before its most pairs
    assert [a is not None for a in arms] == switch.order(len(arms)) and len(arms) == 16
    assert one.stopped == {"tf32": "most pairs"}


def test_the_share_is_each_on_block_against_the_off_blocks_beside_it():
    blocks = [{"on": s, "ms": 10.0 if not s else 8.0} for s in switch.order(8)]
    share, (low, high), pairs = switched_share(blocks)
    assert share == pytest.approx(20.0) and low == pytest.approx(20.0) and high == pytest.approx(20.0) and pairs == 4
    drift = [{"on": s, "ms": (10.0 + i) * (0.8 if s else 1.0)} for i, s in enumerate(switch.order(8))]
    share, (low, high), _ = switched_share(drift)  # a slow drift: the neighbours carry it, the share stays near 20%
    assert 15 < share < 25 and low < share < high
    assert switched_share(blocks[:2]) is None


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2 if hasattr(os, "sched_getaffinity") else True,
                    reason="threads switch from all cores to fewer: needs two")
def test_a_switchable_change_is_measured_inside_one_run_and_the_json_says_how(tmp_path):
    script = tmp_path / "train.py"
    script.write_text(SCRIPT)
    out = tmp_path / "try"
    result = CliRunner().invoke(app, ["try", "--change", "threads", "--threads", "1", "--steps", "3:8", "--no-predict",
                                      "-o", str(out), "--json", str(script), "200"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    (change,) = [c for c in doc["changes"] if c["name"] == "threads"]
    assert change["method"] == "switch" and change["blocks"] >= 4 and change["interval"] is not None
    run = json.loads((out / "runs" / "switched.switch.json").read_text())
    assert [b["on"] for b in run["blocks"]] == switch.order(len(run["blocks"]))
    assert run["applied"] == ["torch.set_num_threads(1)"]
    low, high = change["interval"]
    assert low <= change["measured_share"] <= high and math.isfinite(change["measured_share"])
    assert not list((out / "runs").glob("baseline.1*"))  # every change switched: no rounds of processes


@pytest.mark.slow
def test_no_switch_keeps_separate_processes(tmp_path):
    script = tmp_path / "train.py"
    script.write_text(SCRIPT)
    out = tmp_path / "try"
    result = CliRunner().invoke(app, ["try", "--change", "threads", "--threads", "1", "--steps", "2:6", "--runs", "2",
                                      "--no-predict", "--no-switch", "-o", str(out), "--json", str(script), "20"])
    assert result.exit_code == 0, result.output
    (change,) = [c for c in json.loads(result.stdout)["changes"] if c["name"] == "threads"]
    assert change["method"] == "processes" and change["rounds"] == 2


def test_the_fused_optimizer_switches_in_place_and_carries_its_state_over():
    torch = pytest.importorskip("torch")
    import copy

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(32, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4))
    twin = copy.deepcopy(model)
    opt, plain = torch.optim.AdamW(model.parameters(), lr=1e-2), torch.optim.AdamW(twin.parameters(), lr=1e-2)
    on, off = switch.switch("fused_optimizer", 1, lambda: [opt])
    x = torch.randn(16, 32)
    for i in range(24):
        for m, o in ((model, opt), (twin, plain)):
            loss = m(x).pow(2).sum()
            o.zero_grad()
            loss.backward()
            o.step()
        if i % 8 == 3:
            assert on() == "AdamW: fused=True over 4 tensor(s), switched in place"
            assert all(g["fused"] is True and g["foreach"] is False for g in opt.param_groups)
        elif i % 8 == 7:
            off()
            assert all(g["fused"] is None and g["foreach"] is None for g in opt.param_groups)
    # Adam's moments and step counts went on through the fused steps: the weights are the unswitched twin's.
    assert opt.state[next(model.parameters())]["step"].item() == 24
    assert max((a - b).abs().max().item() for a, b in zip(model.parameters(), twin.parameters())) < 1e-5


@pytest.mark.slow
def test_try_switches_the_fused_optimizer_inside_one_run(tmp_path):
    script = tmp_path / "train.py"
    script.write_text(SCRIPT.replace("torch.optim.SGD(m.parameters(), lr=0.01)", "torch.optim.Adam(m.parameters())"))
    out = tmp_path / "try"
    result = CliRunner().invoke(app, ["try", "--change", "fused_optimizer", "--steps", "3:8", "--no-predict",
                                      "-o", str(out), "--json", str(script), "200"])
    assert result.exit_code == 0, result.output
    (change,) = [c for c in json.loads(result.stdout)["changes"] if c["name"] == "fused_optimizer"]
    assert change["method"] == "switch" and change["blocks"] >= 4
    run = json.loads((out / "runs" / "switched.switch.json").read_text())
    assert run["applied"] == ["Adam: fused=True over 4 tensor(s), switched in place"]
    assert [b["on"] for b in run["blocks"]] == switch.order(len(run["blocks"]))

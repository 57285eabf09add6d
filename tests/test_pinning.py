"""`try --change pin_memory` (issue 66): what `pageable_copy` advice asks for, made without editing the script, in
separate processes or switched inside one run where every DataLoader is single-process. The copies themselves need a
GPU; on the CPU these tests hold what decides whether and how the change applies."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from torch.utils.data import DataLoader, TensorDataset, dataloader  # noqa: E402

from traceview.capture import changes, pinning, switch  # noqa: E402


def test_pinning_applies_to_unpinned_loaders_feeding_a_gpu():
    single = [{"num_workers": 0, "map_style": True, "pin_memory": False}]
    assert changes.why_not("pin_memory", changes.Facts(device="cpu", loaders=single), 2, 1) == \
        "it needs a GPU; the script ran on the CPU"
    assert changes.why_not("pin_memory", changes.Facts(device="cuda"), 2, 1) == "the script builds no DataLoader"
    pinned = [{**single[0], "pin_memory": True}]
    assert changes.why_not("pin_memory", changes.Facts(device="cuda", loaders=pinned), 2, 1) == \
        "its DataLoaders pin memory already"
    assert changes.why_not("pin_memory", changes.Facts(device="cuda", loaders=single + pinned), 2, 1) is None
    assert changes.ADVICE_KIND["pin_memory"] == "pageable_copy"


def test_pinning_switches_only_where_every_loader_is_single_process():
    assert switch.switches("pin_memory", [{"num_workers": 0}])
    assert not switch.switches("pin_memory", [{"num_workers": 0}, {"num_workers": 2}])  # its pin thread starts with it
    assert not switch.switches("pin_memory", [])
    assert switch.switches("tf32", []) and not switch.switches("num_workers", [{"num_workers": 0}])


def test_in_separate_processes_every_loader_is_built_pinned_and_the_facts_keep_the_scripts_own(monkeypatch):
    monkeypatch.setattr(torch.Tensor, "to", torch.Tensor.to)  # put back at teardown whatever the change leaves
    to = torch.Tensor.to
    facts = changes.Facts()
    applied, undo = changes.apply("pin_memory", 2, 1, facts)
    try:
        with pytest.warns(UserWarning, match="pin_memory"):  # no accelerator here: DataLoader says it pins nothing
            loader = DataLoader(TensorDataset(torch.zeros(8, 2)), batch_size=4)
            next(iter(loader))
        assert loader.pin_memory is True
        assert facts.loaders == [{"num_workers": 0, "map_style": True, "dataset": "TensorDataset", "pin_memory": False}]
        assert applied == ["DataLoader(TensorDataset): pin_memory=True, its batches copied with non_blocking=True"]
        assert torch.Tensor.to is not to
    finally:
        undo()
    assert torch.Tensor.to is to and DataLoader(TensorDataset(torch.zeros(2))).pin_memory is False


def test_only_a_pinned_cpu_tensors_copy_to_an_accelerator_becomes_non_blocking(monkeypatch):
    monkeypatch.setattr(torch.Tensor, "to", torch.Tensor.to)
    monkeypatch.setattr(torch.Tensor, "cuda", torch.Tensor.cuda)
    copies = pinning.NonBlockingCopies()
    x = torch.zeros(4)
    copies.on = True
    assert not copies.wants(x, ("cuda",), {})  # a CPU build pins nothing: x is pageable
    monkeypatch.setattr(copies, "_pinned", lambda t: True)
    assert copies.wants(x, ("cuda",), {}) and copies.wants(x, (), {"device": torch.device("cuda", 0)})
    assert copies.wants(x, (torch.empty(0, device="meta"),), {})  # .to(other) copies to other's device
    assert not copies.wants(x, ("cpu",), {}) and not copies.wants(x, (torch.float16,), {})
    assert not copies.wants(x, ("cuda",), {"non_blocking": False}) and not copies.wants(x, ("cuda", None, False), {})
    copies.on = False
    assert not copies.wants(x, ("cuda",), {})
    assert torch.equal(x.to(torch.float16), torch.zeros(4, dtype=torch.float16))  # the patched method still converts
    copies.undo()


def test_the_switch_pins_live_single_process_iterators_and_puts_them_back(monkeypatch):
    monkeypatch.setattr(torch.Tensor, "to", torch.Tensor.to)
    monkeypatch.setattr(torch.Tensor, "cuda", torch.Tensor.cuda)
    monkeypatch.setattr(dataloader._SingleProcessDataLoaderIter, "__init__", dataloader._SingleProcessDataLoaderIter.__init__)
    monkeypatch.setattr(pinning, "can_pin", lambda: True)  # as on a GPU machine
    on, off = switch.switch("pin_memory", 1)
    loader = DataLoader(TensorDataset(torch.zeros(8, 2)), batch_size=4)
    before = iter(loader)
    assert before._pin_memory is False
    assert on() == "DataLoader batches pinned, copied with non_blocking=True (switched in place)"
    during = iter(loader)
    assert before._pin_memory is True and during._pin_memory is True
    off()
    assert before._pin_memory is False and during._pin_memory is False

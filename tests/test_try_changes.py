"""The changes `try` makes inside the script's process (issue 65 §2): `compile` compiles the modules the optimizer
trains before the first step, `tf32` and `cudnn_benchmark` set torch's switches; each says why when it cannot apply."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from traceview.capture.changes import ADVICE_KIND, NAMES, Facts, apply, why_not  # noqa: E402


def test_compile_compiles_the_trained_modules_and_says_so():
    before = torch.nn.Module.__init__, torch.optim.Optimizer.__init__
    facts = Facts()
    applied, undo = apply("compile", 2, 1, facts)
    try:
        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.a, self.b = torch.nn.Linear(4, 8), torch.nn.Linear(8, 2)

            def forward(self, x):
                return self.b(torch.relu(self.a(x)))

        net, frozen = Net(), torch.nn.Linear(2, 2)
        torch.optim.SGD(net.parameters(), lr=0.1)
        assert getattr(net, "_compiled_call_impl", None) is not None  # Module.compile(): the script's net(x) runs compiled
        assert getattr(net.a, "_compiled_call_impl", None) is None  # the outermost module only
        assert getattr(frozen, "_compiled_call_impl", None) is None  # not trained by the optimizer
        assert applied == ["Net.compile() (58 parameters); a loss computed outside it stays eager"]
    finally:
        undo()
    assert (torch.nn.Module.__init__, torch.optim.Optimizer.__init__) == before  # undone


def test_tf32_and_cudnn_benchmark_set_torchs_switches():
    before = torch.get_float32_matmul_precision(), torch.backends.cudnn.benchmark
    try:
        applied, _ = apply("tf32", 2, 1, Facts())
        assert torch.get_float32_matmul_precision() == "high" and "set_float32_matmul_precision('high')" in applied[0]
        apply("cudnn_benchmark", 2, 1, Facts())
        assert torch.backends.cudnn.benchmark is True
    finally:
        torch.set_float32_matmul_precision(before[0])
        torch.backends.cudnn.benchmark = before[1]


def test_each_change_says_why_it_cannot_apply():
    cpu = Facts(device="cpu", optimizers=[{"cls": "SGD", "has_fused": True, "fused": False}])
    assert "needs a GPU" in why_not("tf32", cpu, 2, 1) and "needs a GPU" in why_not("cudnn_benchmark", cpu, 2, 1)
    gpu_tf32 = Facts(device="cuda", tf32=True, cudnn_benchmark=True)
    assert "already" in why_not("tf32", gpu_tf32, 2, 1) and "already" in why_not("cudnn_benchmark", gpu_tf32, 2, 1)
    assert "compiles already" in why_not("compile", Facts(compiled_graphs=2, optimizers=cpu.optimizers), 2, 1)
    assert "no optimizer" in why_not("compile", Facts(), 2, 1)
    assert why_not("compile", cpu, 2, 1) is None
    assert {"compile", "tf32", "cudnn_benchmark"} <= set(NAMES)
    assert ADVICE_KIND["tf32"] == "precision" and ADVICE_KIND["compile"] == "compile"

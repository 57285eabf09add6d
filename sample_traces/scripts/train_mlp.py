"""An ordinary training loop, as a new user writes it: no ProfilerStep, no step annotation.

A small MLP, SGD, ``zero_grad()`` each step, ``--steps N`` steps (5). ``--fail`` raises
``ValueError("boom")`` after training (``traceview profile`` must show the script's traceback and
still write the trace). Runs on the GPU when there is one, else on the CPU.

    traceview profile sample_traces/scripts/train_mlp.py -o OUT
"""

import argparse

import torch


def train(steps: int, device: str) -> float:
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10)).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    x = torch.randn(32, 64, device=device)
    y = torch.randint(0, 10, (32,), device=device)
    loss = torch.zeros((), device=device)
    for _ in range(steps):
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
    return loss.detach().item()


def fail() -> None:
    raise ValueError("boom")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--fail", action="store_true")
    args = parser.parse_args()
    print(f"loss {train(args.steps, 'cuda' if torch.cuda.is_available() else 'cpu'):.4f}")
    if args.fail:
        fail()

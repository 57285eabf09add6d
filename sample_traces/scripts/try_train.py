"""A small training loop for ``traceview try``: what a user's script looks like, with switches for each
thing a change touches.

    --compile            torch.compile the model
    --optimizer NAME     adam (default), sgd, rmsprop (no fused version), none (no optimizer: steps are
                         counted on record_function("train_step"))
    --loader             batches from a DataLoader (num_workers=0) over a map-style dataset whose samples
                         take --sample-ms each to make
    --main-process-only  the dataset refuses to be read in a DataLoader worker (num_workers fails)
    --fail               raise ValueError("boom") before the first step

Runs on the GPU when there is one, else on the CPU.
"""

import argparse
import time

import torch
from torch.utils.data import DataLoader, Dataset


class Samples(Dataset):
    def __init__(self, n: int, width: int, sample_ms: float, main_only: bool) -> None:
        self.n, self.width, self.sample_ms, self.main_only = n, width, sample_ms, main_only

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i: int):
        if self.main_only and torch.utils.data.get_worker_info() is not None:
            raise RuntimeError("Samples must be read in the main process")
        end = time.perf_counter() + self.sample_ms / 1e3
        while time.perf_counter() < end:  # a slow per-sample transform
            pass
        g = torch.Generator().manual_seed(i)
        return torch.randn(self.width, generator=g), int(i % 10)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=30)
    p.add_argument("--width", type=int, default=256)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--compile", action="store_true")
    p.add_argument("--optimizer", default="adam", choices=["adam", "sgd", "rmsprop", "none"])
    p.add_argument("--loader", action="store_true")
    p.add_argument("--sample-ms", type=float, default=0.2)
    p.add_argument("--main-process-only", action="store_true")
    p.add_argument("--fail", action="store_true")
    a = p.parse_args()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(a.width, a.width), torch.nn.ReLU(), torch.nn.Linear(a.width, a.width),
                                torch.nn.ReLU(), torch.nn.Linear(a.width, 10)).to(device)
    forward = torch.compile(model) if a.compile else model
    opt = {"adam": lambda: torch.optim.Adam(model.parameters(), lr=1e-3),
           "sgd": lambda: torch.optim.SGD(model.parameters(), lr=1e-2),
           "rmsprop": lambda: torch.optim.RMSprop(model.parameters(), lr=1e-3),
           "none": lambda: None}[a.optimizer]()
    if a.loader:
        data = DataLoader(Samples(a.steps * a.batch, a.width, a.sample_ms, a.main_process_only), batch_size=a.batch)
        batches = iter(data)
    if a.fail:
        raise ValueError("boom")
    fixed = (torch.randn(a.batch, a.width, device=device), torch.randint(0, 10, (a.batch,), device=device))
    for _ in range(a.steps):
        x, y = next(batches) if a.loader else fixed
        x, y = x.to(device), y.to(device)
        with torch.profiler.record_function("train_step"):
            loss = torch.nn.functional.cross_entropy(forward(x), y)
            loss.backward()
            if opt is not None:
                opt.step()
                opt.zero_grad()
            else:
                with torch.no_grad():
                    for q in model.parameters():
                        q -= 1e-3 * q.grad
                        q.grad = None
    print(f"loss {loss.item():.4f}")


if __name__ == "__main__":
    main()

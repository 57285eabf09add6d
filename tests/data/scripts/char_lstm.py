"""A newcomer's first training script: a character-level LSTM on a text it makes up, batches from a
``DataLoader(num_workers=0)`` that cuts windows in Python, AdamW, 60 steps on the CPU (or the GPU when there is
one). ``traceview try`` must finish on it in minutes with a line for every change that applies (issue 72)."""

import argparse
import random

import torch
from torch.utils.data import DataLoader, Dataset


class Windows(Dataset):
    def __init__(self, text: str, width: int) -> None:
        self.chars = sorted(set(text))
        self.index = {c: i for i, c in enumerate(self.chars)}
        self.text, self.width = text, width

    def __len__(self) -> int:
        return len(self.text) - self.width - 1

    def __getitem__(self, i: int):
        piece = self.text[i:i + self.width + 1]
        ids = torch.tensor([self.index[c] for c in piece])  # one Python lookup per character
        return ids[:-1], ids[1:]


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=60)
    p.add_argument("--hidden", type=int, default=256)
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--width", type=int, default=64)
    a = p.parse_args()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    random.seed(0)
    torch.manual_seed(0)
    words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "and", "runs", "away", "again"]
    text = " ".join(random.choice(words) for _ in range(20000))
    data = Windows(text, a.width)
    loader = DataLoader(data, batch_size=a.batch, shuffle=True, num_workers=0)
    vocab = len(data.chars)
    embed = torch.nn.Embedding(vocab, 64).to(device)
    lstm = torch.nn.LSTM(64, a.hidden, batch_first=True).to(device)
    head = torch.nn.Linear(a.hidden, vocab).to(device)
    params = [*embed.parameters(), *lstm.parameters(), *head.parameters()]
    opt = torch.optim.AdamW(params, lr=2e-3)
    step = 0
    while step < a.steps:
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            out, _ = lstm(embed(x))
            loss = torch.nn.functional.cross_entropy(head(out).reshape(-1, vocab), y.reshape(-1))
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            step += 1
            if step % 20 == 0:
                print(f"step {step} loss {loss.item():.3f}")
            if step >= a.steps:
                break


if __name__ == "__main__":
    main()

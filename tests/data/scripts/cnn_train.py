"""A user's small CNN training script: a DataLoader whose __getitem__ augments in Python (random crop, flip, per-row
noise), Adam, and a --steps flag of its own. Used by tests/test_first_hour.py as a new user would run it."""
import argparse
import random
import time

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


class Augmented(Dataset):
    def __init__(self, n: int, size: int, augment: bool):
        g = torch.Generator().manual_seed(0)
        self.x = torch.rand(n, 3, size, size, generator=g)
        self.y = torch.randint(0, 10, (n,), generator=g)
        self.size, self.augment = size, augment

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        img = self.x[i]
        if not self.augment:
            return img, self.y[i]
        pad = torch.nn.functional.pad(img, (4, 4, 4, 4))
        dx, dy = random.randint(0, 8), random.randint(0, 8)
        img = pad[:, dy:dy + self.size, dx:dx + self.size]
        if random.random() < 0.5:
            img = img.flip(2)
        rows = [img[:, r] * (1.0 + 0.01 * random.random()) for r in range(self.size)]
        return torch.stack(rows, 1), self.y[i]


p = argparse.ArgumentParser()
p.add_argument("--steps", type=int, default=30)
p.add_argument("--batch", type=int, default=64)
p.add_argument("--size", type=int, default=32)
p.add_argument("--no-augment", action="store_true")
a = p.parse_args()
net = nn.Sequential(nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.Conv2d(32, 64, 3, padding=1), nn.ReLU(),
                    nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(64, 10))
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
loader = DataLoader(Augmented(a.batch * 8, a.size, not a.no_augment), batch_size=a.batch, shuffle=True)
step, t0 = 0, time.perf_counter()
while step < a.steps:
    for x, y in loader:
        loss = nn.functional.cross_entropy(net(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if step % 10 == 0:
            t1 = time.perf_counter()
            print(f"step {step}: {1000 * (t1 - t0) / 10:.1f} ms/step")
            t0 = t1
        if step >= a.steps:
            break

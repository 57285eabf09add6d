"""A newcomer's compiled model: a small VAE on made-up 28x28 images, ``torch.compile`` on the model, Adam, 60 steps
on the CPU (or the GPU when there is one). ``traceview try`` must finish on it in minutes, with ``no_compile``
measured (issue 72)."""

import argparse

import torch


class VAE(torch.nn.Module):
    def __init__(self, hidden: int, latent: int) -> None:
        super().__init__()
        self.enc = torch.nn.Sequential(torch.nn.Linear(784, hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, hidden),
                                       torch.nn.ReLU())
        self.mu, self.logvar = torch.nn.Linear(hidden, latent), torch.nn.Linear(hidden, latent)
        self.dec = torch.nn.Sequential(torch.nn.Linear(latent, hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, hidden),
                                       torch.nn.ReLU(), torch.nn.Linear(hidden, 784))

    def forward(self, x):
        h = self.enc(x)
        mu, logvar = self.mu(h), self.logvar(h)
        z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
        recon = self.dec(z)
        bce = torch.nn.functional.binary_cross_entropy_with_logits(recon, x, reduction="sum")
        kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
        return (bce + kld) / x.shape[0]


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=60)
    p.add_argument("--hidden", type=int, default=400)
    p.add_argument("--batch", type=int, default=128)
    a = p.parse_args()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    torch.manual_seed(0)
    images = torch.rand(4096, 784, device=device).round()
    model = VAE(a.hidden, 20).to(device)
    step_fn = torch.compile(model)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(a.steps):
        i = torch.randint(0, images.shape[0], (a.batch,), device=device)
        loss = step_fn(images[i])
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        if (step + 1) % 20 == 0:
            print(f"step {step + 1} loss {loss.item():.2f}")


if __name__ == "__main__":
    main()

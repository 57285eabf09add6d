"""An ordinary training loop with a DataLoader, as users write them; nothing traceview-specific in it.

    python train_loader.py --model cnn --iters 40
    traceview profile --steps 10:15 -o run/ train_loader.py --model cnn --iters 40

Three things users commonly get wrong, each switchable so the change can be measured:
``--sync-every N`` reads the loss with ``loss.item()`` every N steps (1: every step, a host-device
synchronisation per step; 0: never, the loss summed on the device); ``--pin`` gives the DataLoader
``pin_memory=True`` and copies the batch with ``non_blocking=True`` (without it, ``.to(device)`` copies from
pageable memory, which blocks the host); ``--workers N`` is the DataLoader's ``num_workers`` (0: the
batches are made in the training process, between steps). ``--work K`` is the per-sample CPU cost of
the dataset's transform (K rounds of a small augmentation).

Models (random data, no downloads): ``mlp`` (1024-4096-1024), ``cnn`` (a small ResNet-style conv net on
64x64 images), ``lstm`` (a 2-layer LSTM classifier over 64-step sequences), ``gpt2`` (transformers'
GPT2LMHeadModel from a config: 4 layers, width 256), ``gru`` (a 2-layer bidirectional GRU over 100 frames of 40
features, as a speech model), ``vit`` (a small vision transformer: 8x8 patches of 64x64 images, 4 pre-norm
encoder layers of width 192), ``audio`` (a 1-d conv net on one-second 16 kHz waveforms, M5-like), ``mixer`` (an
MLP-Mixer: 8x8 patches of 64x64 images, 4 blocks of token- and channel-mixing MLPs, width 128), ``tcn`` (a temporal
conv net: 6 dilated residual 1-d conv layers over 400 frames of 40 features), ``tabular`` (a 4-layer MLP with batch
norm and dropout over 256 numeric features), ``unet`` (a small U-Net on 64x64 images, its map pooled to a label),
``bert`` (transformers' BertForSequenceClassification from a config: 4 layers, width 256), ``lstmlm`` (a one-layer
LSTM language model over 64 tokens), ``resnet`` (ResNet-18's four stages of basic blocks at width 32, 64x64 images),
``opt`` (transformers' OPTForCausalLM from a config: 4 layers, width 256), ``crnn`` (two 1-d convs then a
bidirectional GRU over 200 frames of 40 features), ``mobilenet`` (MobileNet's depthwise-separable blocks, 64x64
images), ``t5`` (transformers' T5ForConditionalGeneration from a config: 4+4 layers, width 256, 64 tokens),
``seq2seq`` (a GRU encoder-decoder over 48 tokens, teacher-forced), ``convnext`` (ConvNeXt blocks: a 7x7 depthwise
conv, layer norm, an inverted 1x1 MLP with GELU, residual; 64x64 images), ``llama`` (transformers' LlamaForCausalLM
from a config: 4 layers, width 256, 128 tokens), ``wavenet`` (gated dilated causal 1-d convs with residual and skip
connections over half a second of 16 kHz audio).
"""

from __future__ import annotations

import argparse

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

SHAPES = {"mlp": (1024,), "cnn": (3, 64, 64), "lstm": (64, 32), "gpt2": (128,), "gru": (100, 40), "vit": (3, 64, 64),
          "audio": (1, 16000), "mixer": (3, 64, 64), "tcn": (40, 400), "tabular": (256,), "unet": (3, 64, 64), "bert": (128,),
          "lstmlm": (64,), "resnet": (3, 64, 64), "opt": (128,), "crnn": (40, 200),
          "mobilenet": (3, 64, 64), "t5": (64,), "seq2seq": (48,), "convnext": (3, 64, 64), "llama": (128,),
          "wavenet": (1, 8000), "densenet": (3, 64, 64), "vae": (3, 64, 64), "pointnet": (3, 1024)}
#: Models whose samples are token ids (their transform works on the ids, in torch ops).
TOKENS = ("gpt2", "bert", "lstmlm", "opt", "t5", "seq2seq", "llama")
CLASSES = 10
VOCAB = 8192


class Samples(Dataset):
    """Deterministic random samples; ``work`` rounds of a small augmentation each (real CPU work), in torch ops or,
    with ``numpy``, in NumPy (as image and audio pipelines often are: no ATen op in the trace for them)."""

    def __init__(self, model: str, n: int, work: int, numpy: bool = False):
        self.model, self.n, self.work, self.numpy = model, n, work, numpy

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i: int):
        if self.numpy and self.model not in TOKENS:
            return self._numpy_sample(i)
        gen = torch.Generator().manual_seed(i)
        if self.model in TOKENS:
            x = torch.randint(0, VOCAB, SHAPES[self.model], generator=gen)
            y = x if self.model != "bert" else torch.randint(0, CLASSES, (), generator=gen)
        else:
            x = torch.randn(SHAPES[self.model], generator=gen)
            y = torch.randint(0, CLASSES, (), generator=gen)
        for k in range(self.work):  # a jitter + normalise augmentation, as a transform pipeline would do
            noise = torch.randn(x.shape, generator=gen) if x.is_floating_point() else None
            if noise is not None:
                x = (x + 0.01 * noise).sub_(x.mean()).div_(x.std() + 1e-6)
            else:
                x = torch.roll(x, k % 3)
        return x, y

    def _numpy_sample(self, i: int):
        rng = np.random.default_rng(i)
        x = rng.standard_normal(SHAPES[self.model], dtype=np.float32)
        y = int(rng.integers(0, CLASSES))
        for _ in range(self.work):  # the same jitter + normalise augmentation, in NumPy
            x = x + np.float32(0.01) * rng.standard_normal(x.shape, dtype=np.float32)
            x = (x - x.mean()) / (x.std() + np.float32(1e-6))
        return torch.from_numpy(x), torch.tensor(y)


def block(c: int) -> nn.Module:
    return nn.Sequential(nn.Conv2d(c, c, 3, padding=1, bias=False), nn.BatchNorm2d(c), nn.ReLU(),
                         nn.Conv2d(c, c, 3, padding=1, bias=False), nn.BatchNorm2d(c))


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 64, 3, stride=2, padding=1), nn.BatchNorm2d(64), nn.ReLU())
        self.blocks = nn.ModuleList([block(64), block(64)])
        self.head = nn.Linear(64, CLASSES)

    def forward(self, x):
        x = self.stem(x)
        for b in self.blocks:
            x = torch.relu(x + b(x))
        return self.head(x.mean(dim=(2, 3)))


class LSTMNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(SHAPES["lstm"][1], 256, num_layers=2, batch_first=True)
        self.head = nn.Linear(256, CLASSES)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.head(out[:, -1])


class GRUNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(SHAPES["gru"][1], 192, num_layers=2, batch_first=True, bidirectional=True)
        self.head = nn.Linear(384, CLASSES)

    def forward(self, x):
        out, _ = self.gru(x)
        return self.head(out.mean(dim=1))


class ViT(nn.Module):
    def __init__(self, width: int = 192, patch: int = 8):
        super().__init__()
        self.patch = nn.Conv2d(3, width, patch, stride=patch)
        self.pos = nn.Parameter(torch.zeros(1, (SHAPES["vit"][1] // patch) ** 2, width))
        layer = nn.TransformerEncoderLayer(width, 4, 4 * width, dropout=0.0, batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(layer, 4, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(width)
        self.head = nn.Linear(width, CLASSES)

    def forward(self, x):
        tokens = self.patch(x).flatten(2).transpose(1, 2) + self.pos
        return self.head(self.norm(self.encoder(tokens)).mean(dim=1))


class AudioNet(nn.Module):
    def __init__(self):
        super().__init__()
        layers, chans = [], [1, 32, 64, 128, 128]
        for i, (a, b) in enumerate(zip(chans, chans[1:])):
            layers += [nn.Conv1d(a, b, 80 if i == 0 else 3, stride=16 if i == 0 else 1, padding=0 if i == 0 else 1),
                       nn.BatchNorm1d(b), nn.ReLU(), nn.MaxPool1d(4)]
        self.features = nn.Sequential(*layers)
        self.head = nn.Linear(128, CLASSES)

    def forward(self, x):
        return self.head(self.features(x).mean(dim=2))


class MixerBlock(nn.Module):
    def __init__(self, tokens: int, width: int):
        super().__init__()
        self.norm1, self.norm2 = nn.LayerNorm(width), nn.LayerNorm(width)
        self.tokens = nn.Sequential(nn.Linear(tokens, 2 * tokens), nn.GELU(), nn.Linear(2 * tokens, tokens))
        self.channels = nn.Sequential(nn.Linear(width, 4 * width), nn.GELU(), nn.Linear(4 * width, width))

    def forward(self, x):
        x = x + self.tokens(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.channels(self.norm2(x))


class Mixer(nn.Module):
    def __init__(self, width: int = 128, patch: int = 8):
        super().__init__()
        tokens = (SHAPES["mixer"][1] // patch) ** 2
        self.patch = nn.Conv2d(3, width, patch, stride=patch)
        self.blocks = nn.Sequential(*[MixerBlock(tokens, width) for _ in range(4)])
        self.norm = nn.LayerNorm(width)
        self.head = nn.Linear(width, CLASSES)

    def forward(self, x):
        return self.head(self.norm(self.blocks(self.patch(x).flatten(2).transpose(1, 2))).mean(dim=1))


class TCN(nn.Module):
    def __init__(self, width: int = 64):
        super().__init__()
        self.inp = nn.Conv1d(SHAPES["tcn"][0], width, 1)
        self.layers = nn.ModuleList(nn.Conv1d(width, width, 3, padding=2 ** i, dilation=2 ** i) for i in range(6))
        self.head = nn.Linear(width, CLASSES)

    def forward(self, x):
        h = self.inp(x)
        for conv in self.layers:
            h = h + torch.relu(conv(h))
        return self.head(h.mean(dim=2))


class UNet(nn.Module):
    def __init__(self):
        super().__init__()

        def twice(a: int, b: int) -> nn.Module:
            return nn.Sequential(nn.Conv2d(a, b, 3, padding=1), nn.BatchNorm2d(b), nn.ReLU(),
                                 nn.Conv2d(b, b, 3, padding=1), nn.BatchNorm2d(b), nn.ReLU())

        self.down1, self.down2, self.mid = twice(3, 32), twice(32, 64), twice(64, 128)
        self.up2, self.dec2 = nn.ConvTranspose2d(128, 64, 2, stride=2), twice(128, 64)
        self.up1, self.dec1 = nn.ConvTranspose2d(64, 32, 2, stride=2), twice(64, 32)
        self.head = nn.Conv2d(32, CLASSES, 1)

    def forward(self, x):
        a = self.down1(x)
        b = self.down2(nn.functional.max_pool2d(a, 2))
        m = self.mid(nn.functional.max_pool2d(b, 2))
        b = self.dec2(torch.cat([self.up2(m), b], dim=1))
        a = self.dec1(torch.cat([self.up1(b), a], dim=1))
        return self.head(a).mean(dim=(2, 3))


class LSTMLM(nn.Module):
    def __init__(self, width: int = 256):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, width)
        self.lstm = nn.LSTM(width, 2 * width, batch_first=True)
        self.head = nn.Linear(2 * width, VOCAB)

    def forward(self, x):
        out, _ = self.lstm(self.embed(x))
        return self.head(out)


class ResNet(nn.Module):
    """ResNet-18's shape at a small width: four stages of two basic blocks, the stride-2 ones with a projection."""

    def __init__(self, width: int = 32):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, width, 3, padding=1, bias=False), nn.BatchNorm2d(width), nn.ReLU())
        stages, c = [], width
        for i, out in enumerate([width, 2 * width, 4 * width, 8 * width]):
            for j in range(2):
                stride = 2 if i and not j else 1
                stages.append(BasicBlock(c, out, stride))
                c = out
        self.stages = nn.Sequential(*stages)
        self.head = nn.Linear(c, CLASSES)

    def forward(self, x):
        return self.head(self.stages(self.stem(x)).mean(dim=(2, 3)))


class BasicBlock(nn.Module):
    def __init__(self, a: int, b: int, stride: int):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(a, b, 3, stride=stride, padding=1, bias=False), nn.BatchNorm2d(b), nn.ReLU(),
                                  nn.Conv2d(b, b, 3, padding=1, bias=False), nn.BatchNorm2d(b))
        self.skip = nn.Identity() if stride == 1 and a == b else nn.Sequential(nn.Conv2d(a, b, 1, stride=stride, bias=False),
                                                                              nn.BatchNorm2d(b))

    def forward(self, x):
        return torch.relu(self.body(x) + self.skip(x))


class CRNN(nn.Module):
    """A speech model's shape: 1-d convs over the frames (time downsampled 4x), then a bidirectional GRU."""

    def __init__(self, width: int = 128):
        super().__init__()
        feats = SHAPES["crnn"][0]
        self.convs = nn.Sequential(nn.Conv1d(feats, width, 5, stride=2, padding=2), nn.BatchNorm1d(width), nn.ReLU(),
                                   nn.Conv1d(width, width, 5, stride=2, padding=2), nn.BatchNorm1d(width), nn.ReLU())
        self.gru = nn.GRU(width, width, batch_first=True, bidirectional=True)
        self.head = nn.Linear(2 * width, CLASSES)

    def forward(self, x):
        out, _ = self.gru(self.convs(x).transpose(1, 2))
        return self.head(out.mean(dim=1))


class MobileNet(nn.Module):
    """MobileNet's depthwise-separable blocks (a 3x3 depthwise conv, then a 1x1 pointwise one, each with batch norm
    and ReLU6) at width 32-256 on 64x64 images."""

    def __init__(self):
        super().__init__()

        def separable(a: int, b: int, stride: int) -> nn.Module:
            return nn.Sequential(nn.Conv2d(a, a, 3, stride=stride, padding=1, groups=a, bias=False), nn.BatchNorm2d(a),
                                 nn.ReLU6(), nn.Conv2d(a, b, 1, bias=False), nn.BatchNorm2d(b), nn.ReLU6())

        widths = [(32, 64, 1), (64, 128, 2), (128, 128, 1), (128, 256, 2), (256, 256, 1), (256, 256, 1)]
        self.stem = nn.Sequential(nn.Conv2d(3, 32, 3, stride=2, padding=1, bias=False), nn.BatchNorm2d(32), nn.ReLU6())
        self.blocks = nn.Sequential(*[separable(a, b, s) for a, b, s in widths])
        self.head = nn.Linear(256, CLASSES)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)).mean(dim=(2, 3)))


class Seq2Seq(nn.Module):
    """A GRU encoder-decoder over token ids, the decoder fed the targets shifted by one (teacher forcing)."""

    def __init__(self, width: int = 256):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, width)
        self.encoder = nn.GRU(width, width, batch_first=True)
        self.decoder = nn.GRU(width, width, batch_first=True)
        self.head = nn.Linear(width, VOCAB)

    def forward(self, x):
        _, state = self.encoder(self.embed(x))
        out, _ = self.decoder(self.embed(torch.roll(x, 1, dims=1)), state)
        return self.head(out)


class ConvNeXt(nn.Module):
    """ConvNeXt's blocks (a 7x7 depthwise conv, layer norm over channels, a 4x inverted 1x1 MLP with GELU, a residual)
    in three stages of width 48-192, downsampled between by a strided 2x2 conv, on 64x64 images."""

    class Block(nn.Module):
        def __init__(self, c: int):
            super().__init__()
            self.dw = nn.Conv2d(c, c, 7, padding=3, groups=c)
            self.norm = nn.LayerNorm(c)
            self.mlp = nn.Sequential(nn.Linear(c, 4 * c), nn.GELU(), nn.Linear(4 * c, c))

        def forward(self, x):
            y = self.dw(x).permute(0, 2, 3, 1)
            return x + self.mlp(self.norm(y)).permute(0, 3, 1, 2)

    def __init__(self, widths: tuple[int, ...] = (48, 96, 192)):
        super().__init__()
        layers: list[nn.Module] = [nn.Conv2d(3, widths[0], 4, stride=4)]
        for i, c in enumerate(widths):
            if i:
                layers.append(nn.Conv2d(widths[i - 1], c, 2, stride=2))
            layers += [ConvNeXt.Block(c), ConvNeXt.Block(c)]
        self.body = nn.Sequential(*layers)
        self.head = nn.Sequential(nn.LayerNorm(widths[-1]), nn.Linear(widths[-1], CLASSES))

    def forward(self, x):
        return self.head(self.body(x).mean(dim=(2, 3)))


class WaveNet(nn.Module):
    """WaveNet's gated dilated causal convs (tanh x sigmoid, a 1x1 residual and a 1x1 skip each), dilations 1-128
    twice, on 1-d waveforms; the skips summed, pooled over time to a label."""

    def __init__(self, width: int = 64, dilations: tuple[int, ...] = (1, 2, 4, 8, 16, 32, 64, 128) * 2):
        super().__init__()
        self.stem = nn.Conv1d(1, width, 2, stride=2)
        self.dilations = dilations
        self.filters = nn.ModuleList([nn.Conv1d(width, 2 * width, 2, dilation=d) for d in dilations])
        self.residual = nn.ModuleList([nn.Conv1d(width, width, 1) for _ in dilations])
        self.skip = nn.ModuleList([nn.Conv1d(width, width, 1) for _ in dilations])
        self.post = nn.Sequential(nn.ReLU(), nn.Conv1d(width, width, 1), nn.ReLU())
        self.head = nn.Linear(width, CLASSES)

    def forward(self, x):
        x = self.stem(x)
        skips = 0
        for d, f, r, s in zip(self.dilations, self.filters, self.residual, self.skip):
            a, b = f(nn.functional.pad(x, (d, 0))).chunk(2, dim=1)
            h = torch.tanh(a) * torch.sigmoid(b)
            x = x + r(h)
            skips = skips + s(h)
        return self.head(self.post(skips).mean(dim=2))


class DenseNet(nn.Module):
    """DenseNet's dense blocks (each layer BN-ReLU-1x1-BN-ReLU-3x3, its output concatenated to its input) and
    transitions (BN-1x1-average pool), growth 16, three blocks of four layers."""

    class Layer(nn.Module):
        def __init__(self, c: int, growth: int):
            super().__init__()
            self.body = nn.Sequential(nn.BatchNorm2d(c), nn.ReLU(), nn.Conv2d(c, 4 * growth, 1, bias=False),
                                      nn.BatchNorm2d(4 * growth), nn.ReLU(), nn.Conv2d(4 * growth, growth, 3, padding=1, bias=False))

        def forward(self, x):
            return torch.cat([x, self.body(x)], dim=1)

    def __init__(self, growth: int = 16, layers: int = 4, blocks: int = 3):
        super().__init__()
        c = 2 * growth
        body: list[nn.Module] = [nn.Conv2d(3, c, 3, stride=2, padding=1, bias=False)]
        for b in range(blocks):
            for _ in range(layers):
                body.append(DenseNet.Layer(c, growth))
                c += growth
            if b < blocks - 1:
                body += [nn.BatchNorm2d(c), nn.Conv2d(c, c // 2, 1, bias=False), nn.AvgPool2d(2)]
                c //= 2
        self.body = nn.Sequential(*body, nn.BatchNorm2d(c), nn.ReLU())
        self.head = nn.Linear(c, CLASSES)

    def forward(self, x):
        return self.head(self.body(x).mean(dim=(2, 3)))


class VAE(nn.Module):
    """A convolutional variational autoencoder: strided convs to a 64-d Gaussian latent, transposed convs back; the
    loss is the reconstruction's squared error plus the KL term (the labels unused)."""

    def __init__(self, latent: int = 64):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv2d(3, 32, 4, 2, 1), nn.ReLU(), nn.Conv2d(32, 64, 4, 2, 1), nn.ReLU(),
                                     nn.Conv2d(64, 128, 4, 2, 1), nn.ReLU(), nn.Flatten())
        self.stats = nn.Linear(128 * 8 * 8, 2 * latent)
        self.expand = nn.Linear(latent, 128 * 8 * 8)
        self.decoder = nn.Sequential(nn.ConvTranspose2d(128, 64, 4, 2, 1), nn.ReLU(), nn.ConvTranspose2d(64, 32, 4, 2, 1),
                                     nn.ReLU(), nn.ConvTranspose2d(32, 3, 4, 2, 1))

    def loss(self, x):
        mu, logvar = self.stats(self.encoder(x)).chunk(2, dim=1)
        z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
        out = self.decoder(self.expand(z).view(-1, 128, 8, 8))
        kl = -0.5 * torch.mean(1 + logvar - mu.pow(2) - logvar.exp())
        return nn.functional.mse_loss(out, x) + 1e-3 * kl


class PointNet(nn.Module):
    """PointNet's classifier without the input transform: a shared per-point MLP (1x1 convs with batch norm), max
    pooled over the points, then an MLP head."""

    def __init__(self):
        super().__init__()
        widths = (3, 64, 64, 128, 512)
        layers: list[nn.Module] = []
        for a, b in zip(widths, widths[1:]):
            layers += [nn.Conv1d(a, b, 1), nn.BatchNorm1d(b), nn.ReLU()]
        self.points = nn.Sequential(*layers)
        self.head = nn.Sequential(nn.Linear(512, 256), nn.BatchNorm1d(256), nn.ReLU(), nn.Linear(256, CLASSES))

    def forward(self, x):
        return self.head(self.points(x).amax(dim=2))


def build(model: str) -> nn.Module:
    if model == "mlp":
        return nn.Sequential(nn.Linear(1024, 4096), nn.ReLU(), nn.Linear(4096, 1024), nn.ReLU(), nn.Linear(1024, CLASSES))
    if model == "cnn":
        return ConvNet()
    if model == "lstm":
        return LSTMNet()
    if model in ("gru", "vit", "audio", "mixer", "tcn", "unet", "lstmlm", "resnet", "crnn", "mobilenet", "seq2seq", "convnext",
                 "wavenet", "densenet", "vae", "pointnet"):
        return {"gru": GRUNet, "vit": ViT, "audio": AudioNet, "mixer": Mixer, "tcn": TCN, "unet": UNet, "lstmlm": LSTMLM,
                "resnet": ResNet, "crnn": CRNN, "mobilenet": MobileNet, "seq2seq": Seq2Seq, "convnext": ConvNeXt,
                "wavenet": WaveNet, "densenet": DenseNet, "vae": VAE, "pointnet": PointNet}[model]()
    if model == "llama":
        from transformers import LlamaConfig, LlamaForCausalLM

        return LlamaForCausalLM(LlamaConfig(vocab_size=VOCAB, hidden_size=256, intermediate_size=688, num_hidden_layers=4,
                                            num_attention_heads=4, num_key_value_heads=4, max_position_embeddings=SHAPES["llama"][0],
                                            pad_token_id=0, bos_token_id=0, eos_token_id=0))
    if model == "t5":
        from transformers import T5Config, T5ForConditionalGeneration

        return T5ForConditionalGeneration(T5Config(vocab_size=VOCAB, d_model=256, d_kv=64, d_ff=1024, num_layers=4,
                                                   num_heads=4, dropout_rate=0.0, decoder_start_token_id=0, pad_token_id=0))
    if model == "opt":
        from transformers import OPTConfig, OPTForCausalLM

        return OPTForCausalLM(OPTConfig(vocab_size=VOCAB, hidden_size=256, num_hidden_layers=4, ffn_dim=1024,
                                        num_attention_heads=4, max_position_embeddings=SHAPES["opt"][0], dropout=0.0,
                                        attention_dropout=0.0, word_embed_proj_dim=256, pad_token_id=1))
    if model == "bert":
        from transformers import BertConfig, BertForSequenceClassification

        return BertForSequenceClassification(BertConfig(vocab_size=VOCAB, hidden_size=256, num_hidden_layers=4, num_attention_heads=4,
                                                        intermediate_size=1024, max_position_embeddings=SHAPES["bert"][0],
                                                        num_labels=CLASSES, hidden_dropout_prob=0.0,
                                                        attention_probs_dropout_prob=0.0))
    if model == "tabular":
        layers, widths = [], [SHAPES["tabular"][0], 512, 512, 256]
        for a, b in zip(widths, widths[1:]):
            layers += [nn.Linear(a, b), nn.BatchNorm1d(b), nn.ReLU(), nn.Dropout(0.1)]
        return nn.Sequential(*layers, nn.Linear(widths[-1], CLASSES))
    from transformers import GPT2Config, GPT2LMHeadModel

    config = GPT2Config(n_layer=4, n_head=4, n_embd=256, vocab_size=VOCAB, n_positions=SHAPES["gpt2"][0],
                        resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0, bos_token_id=0, eos_token_id=0)
    net = GPT2LMHeadModel(config)
    net.loss_type = "ForCausalLM"
    return net


def loss_of(model: str, net: nn.Module, x, y):
    if model == "gpt2":
        return net(input_ids=x, labels=y).loss
    if model in ("bert", "opt", "t5", "llama"):
        return net(input_ids=x, labels=y).loss
    if model == "vae":
        return net.loss(x)
    if model in ("lstmlm", "seq2seq"):
        logits = net(x)
        return nn.functional.cross_entropy(logits[:, :-1].reshape(-1, VOCAB), y[:, 1:].reshape(-1))
    return nn.functional.cross_entropy(net(x), y)


def loader(model: str, batch: int, workers: int, pin: bool, work: int, n: int, numpy: bool = False) -> DataLoader:
    return DataLoader(Samples(model, n, work, numpy), batch_size=batch, shuffle=False, num_workers=workers, pin_memory=pin,
                      persistent_workers=workers > 0, drop_last=True)


class Trainer:
    """Model, optimizer and the step; ``run(batches, steps, sync_every, pin)`` trains ``steps`` steps."""

    def __init__(self, model: str, device: str):
        torch.manual_seed(0)
        self.model, self.device = model, torch.device(device)
        self.net = build(model).to(self.device).train()
        self.opt = torch.optim.AdamW(self.net.parameters(), lr=1e-4)
        self.total = torch.zeros((), device=self.device)
        self.read: list[float] = []

    def run(self, batches, steps: int, sync_every: int, pin: bool) -> None:
        for _ in range(steps):
            x, y = next(batches)
            x, y = x.to(self.device, non_blocking=pin), y.to(self.device, non_blocking=pin)
            loss = loss_of(self.model, self.net, x, y)
            self.opt.zero_grad(set_to_none=True)
            loss.backward()
            self.opt.step()
            self.total += loss.detach()
            self.count = getattr(self, "count", 0) + 1
            if sync_every and self.count % sync_every == 0:
                self.read.append(loss.item())  # the loss printed / logged every N steps


def default_batch(model: str) -> int:
    return {"mlp": 256, "cnn": 64, "lstm": 64, "gpt2": 16, "gru": 64, "vit": 64, "audio": 32, "mixer": 64, "tcn": 32,
            "tabular": 512, "unet": 32, "bert": 32, "lstmlm": 32, "resnet": 64, "opt": 16, "crnn": 32,
            "mobilenet": 64, "t5": 16, "seq2seq": 32, "convnext": 64, "llama": 16, "wavenet": 32,
            "densenet": 64, "vae": 64, "pointnet": 32}[model]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=sorted(SHAPES), default="mlp")
    parser.add_argument("--iters", type=int, default=40)
    parser.add_argument("--batch", type=int, default=None)
    parser.add_argument("--sync-every", type=int, default=1, help="loss.item() every N steps (0: never)")
    parser.add_argument("--pin", action="store_true", help="pin_memory=True and non_blocking copies")
    parser.add_argument("--workers", type=int, default=0, help="DataLoader num_workers")
    parser.add_argument("--work", type=int, default=0, help="per-sample transform rounds")
    parser.add_argument("--numpy", action="store_true", help="the transform in NumPy instead of torch ops")
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    args = parser.parse_args()
    batch = args.batch or default_batch(args.model)
    trainer = Trainer(args.model, args.device)
    data = loader(args.model, batch, args.workers, args.pin and args.device != "cpu", args.work, batch * args.iters, args.numpy)
    trainer.run(iter(data), args.iters, args.sync_every, args.pin and args.device != "cpu")
    print(f"{args.model}: {args.iters} steps, mean loss {float(trainer.total) / args.iters:.4f}")


if __name__ == "__main__":
    main()

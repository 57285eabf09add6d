"""Three training loops no advice model was designed on (issue 27 §5, the out-of-sample set), as users write them.

    python train_models.py --model mixer --mode eager --iters 40
    traceview profile --steps 10:15 -o run/ train_models.py --model bert --mode compiled --iters 40

Models (random data, no downloads; the first three checked the compile model while it was designed, the last three
were added after it was frozen: a blind set): ``mixer`` (an MLP-Mixer: 4 blocks over 64 patches of width 256, token- and
channel-mixing MLPs with LayerNorm and GELU), ``gru`` (a 2-layer GRU classifier over 64-step sequences: cuDNN's
RNN kernels, which Inductor leaves to cuDNN), ``bert`` (transformers' BertForMaskedLM from a config: 4 layers,
width 256, sequence 128), ``vit`` (a ViT: 64 patches of 4x4x3, torch's nn.TransformerEncoder, 4 layers of width
192), ``cnn`` (a ResNet-style net: 3 stages of two 3x3 conv-BatchNorm-ReLU blocks with residuals, on 32x32 images),
``llama`` (transformers' LlamaForCausalLM from a config: 4 layers, width 256, sequence 128); two more written after
the compile model learned batch norm and channels-last layouts, a second blind set: ``mobilenet`` (MobileNetV2-style
inverted residuals: 1x1 expand, 3x3 depthwise, 1x1 project, each with BatchNorm, ReLU6, on 32x32 images) and ``tcn``
(a temporal conv net: dilated Conv1d-BatchNorm1d-GELU blocks with residuals over 256-step sequences); and a fourth
set, written after the compile model's 1-d convolution rule: ``unet`` (a 3-level U-Net: Conv2d-BatchNorm-ReLU pairs,
max-pooling down, ConvTranspose2d up, skip connections concatenated, a per-pixel loss on 64x64 images) and
``convnext`` (ConvNeXt blocks: 7x7 depthwise Conv2d, LayerNorm over channels, a 4x GELU MLP, layer scale); later sets
added densenet, wavenet, effnet, resnext, segnet, encoder (see their classes). A blind set written on 2026-11-26
(session 12) after the per-kernel cost was measured on network blocks: ``t5`` (transformers' T5ForConditionalGeneration
from a config: 4+4 layers, width 256), ``opt`` (transformers' OPTForCausalLM: 4 layers, width 256), ``pointnet``
(PointNet's classifier over 512 points: kernel-1 Conv1d-BatchNorm1d-ReLU, a max over points) and ``squeezenet``
(SqueezeNet 1.1's fire modules at 32x32, no batch norm). A blind set written on 2026-11-26 (session 13), with the
model as committed after session 12: ``shufflenet`` (ShuffleNetV2's units at 32x32: channel split, depthwise convs,
channel shuffle), ``dlrm`` (a DLRM-style recommender: EmbeddingBag tables, a bottom and a top MLP, pairwise dot
products), ``gcn`` (a graph convolution net: gathers along edges, index_add into nodes) and ``gptneox`` (transformers'
GPTNeoXForCausalLM from a config: parallel residuals, partial rotary; 4 layers, width 256). A blind set written on
2026-11-27 (session 14), with the models as committed after session 13: ``vae`` (a convolutional VAE: strided convs,
the reparameterisation's randn_like, transposed convs, MSE plus KL), ``perceiver`` (a latent array cross-attending to
the inputs, then latent self-attention, attention written out with matmul and softmax), ``gmlp`` (gMLP's spatial gating:
a linear map across tokens gating half the channels) and ``bloom`` (transformers' BloomForCausalLM: ALiBi biases
through baddbmm, fused QKV; 4 layers, width 256). A blind set written on 2026-11-27 (session 14), after the compile
model learned to scale its constants by the process's speed: ``distilbert`` (transformers' DistilBertForMaskedLM: 4
layers, width 256), ``tabular`` (a residual MLP with BatchNorm1d and dropout), ``siamese`` (a shared conv encoder over
image pairs, a contrastive loss outside the model) and ``seq2seq`` (torch's nn.Transformer encoder-decoder, 2+2 layers,
a causal mask, teacher forcing). AdamW; ``--fused`` constructs it with fused=True. ``--mode``: ``eager``,
``compiled`` (torch.compile(model)), ``cudagraphs`` (torch.compile with Inductor's CUDA-graph trees). The loss
is read with ``loss.item()`` every ``--log-every`` steps. Runs on the GPU when there is one, else on the CPU.
"""

from __future__ import annotations

import argparse

import torch
from torch import nn

MODELS = ("mixer", "gru", "bert", "vit", "cnn", "llama", "mobilenet", "tcn", "unet", "convnext", "densenet", "wavenet", "effnet",
          "resnext", "segnet", "encoder", "t5", "opt", "pointnet", "squeezenet", "shufflenet", "dlrm", "gcn", "gptneox",
          "vae", "perceiver", "gmlp", "bloom", "distilbert", "tabular", "siamese", "seq2seq")


class MixerBlock(nn.Module):
    def __init__(self, patches: int, width: int):
        super().__init__()
        self.norm1, self.norm2 = nn.LayerNorm(width), nn.LayerNorm(width)
        self.tokens = nn.Sequential(nn.Linear(patches, 2 * patches), nn.GELU(), nn.Linear(2 * patches, patches))
        self.channels = nn.Sequential(nn.Linear(width, 4 * width), nn.GELU(), nn.Linear(4 * width, width))

    def forward(self, x):
        x = x + self.tokens(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.channels(self.norm2(x))


class Mixer(nn.Module):
    def __init__(self, patches: int = 64, patch_dim: int = 48, width: int = 256, blocks: int = 4, classes: int = 10):
        super().__init__()
        self.embed = nn.Linear(patch_dim, width)
        self.blocks = nn.Sequential(*[MixerBlock(patches, width) for _ in range(blocks)])
        self.norm, self.head = nn.LayerNorm(width), nn.Linear(width, classes)

    def forward(self, x):
        return self.head(self.norm(self.blocks(self.embed(x))).mean(dim=1))


class GRUClassifier(nn.Module):
    def __init__(self, features: int = 32, hidden: int = 256, classes: int = 10):
        super().__init__()
        self.gru = nn.GRU(features, hidden, num_layers=2, batch_first=True)
        self.head = nn.Sequential(nn.LayerNorm(hidden), nn.Linear(hidden, classes))

    def forward(self, x):
        out, _ = self.gru(x)
        return self.head(out[:, -1])


class ViT(nn.Module):
    def __init__(self, width: int = 192, layers: int = 4, classes: int = 10):
        super().__init__()
        self.embed = nn.Linear(48, width)
        self.pos = nn.Parameter(torch.zeros(1, 64, width))
        layer = nn.TransformerEncoderLayer(width, 4, 4 * width, dropout=0.0, batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)
        self.head = nn.Sequential(nn.LayerNorm(width), nn.Linear(width, classes))

    def forward(self, x):
        return self.head(self.encoder(self.embed(x) + self.pos).mean(dim=1))


class Block(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(channels, channels, 3, padding=1, bias=False), nn.BatchNorm2d(channels),
                                  nn.ReLU(), nn.Conv2d(channels, channels, 3, padding=1, bias=False), nn.BatchNorm2d(channels))

    def forward(self, x):
        return torch.relu(x + self.body(x))


class CNN(nn.Module):
    def __init__(self, classes: int = 10):
        super().__init__()
        layers = [nn.Conv2d(3, 32, 3, padding=1, bias=False), nn.BatchNorm2d(32), nn.ReLU()]
        for i, c in enumerate((32, 64, 128)):
            if i:
                layers += [nn.Conv2d(c // 2, c, 3, stride=2, padding=1, bias=False), nn.BatchNorm2d(c), nn.ReLU()]
            layers += [Block(c), Block(c)]
        self.features = nn.Sequential(*layers)
        self.head = nn.Linear(128, classes)

    def forward(self, x):
        return self.head(self.features(x).mean(dim=(2, 3)))


class InvertedResidual(nn.Module):
    def __init__(self, cin: int, cout: int, stride: int, expand: int = 4):
        super().__init__()
        hidden = cin * expand
        self.body = nn.Sequential(
            nn.Conv2d(cin, hidden, 1, bias=False), nn.BatchNorm2d(hidden), nn.ReLU6(),
            nn.Conv2d(hidden, hidden, 3, stride=stride, padding=1, groups=hidden, bias=False), nn.BatchNorm2d(hidden), nn.ReLU6(),
            nn.Conv2d(hidden, cout, 1, bias=False), nn.BatchNorm2d(cout))
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        y = self.body(x)
        return x + y if self.residual else y


class MobileNet(nn.Module):
    def __init__(self, classes: int = 10):
        super().__init__()
        layers = [nn.Conv2d(3, 32, 3, padding=1, bias=False), nn.BatchNorm2d(32), nn.ReLU6()]
        for cin, cout, stride in ((32, 32, 1), (32, 48, 2), (48, 48, 1), (48, 64, 2), (64, 64, 1), (64, 96, 1)):
            layers.append(InvertedResidual(cin, cout, stride))
        self.features = nn.Sequential(*layers, nn.Conv2d(96, 256, 1, bias=False), nn.BatchNorm2d(256), nn.ReLU6())
        self.head = nn.Linear(256, classes)

    def forward(self, x):
        return self.head(self.features(x).mean(dim=(2, 3)))


class TemporalBlock(nn.Module):
    def __init__(self, channels: int, dilation: int):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv1d(channels, channels, 3, padding=dilation, dilation=dilation), nn.BatchNorm1d(channels), nn.GELU(),
            nn.Conv1d(channels, channels, 3, padding=dilation, dilation=dilation), nn.BatchNorm1d(channels))

    def forward(self, x):
        return nn.functional.gelu(x + self.body(x))


class TCN(nn.Module):
    def __init__(self, features: int = 40, channels: int = 128, classes: int = 10):
        super().__init__()
        self.inp = nn.Conv1d(features, channels, 1)
        self.blocks = nn.Sequential(*(TemporalBlock(channels, d) for d in (1, 2, 4, 8, 16)))
        self.head = nn.Linear(channels, classes)

    def forward(self, x):  # (batch, time, features)
        return self.head(self.blocks(self.inp(x.transpose(1, 2))).mean(dim=2))


def conv_bn(cin: int, cout: int) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(),
                         nn.Conv2d(cout, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU())


class UNet(nn.Module):
    def __init__(self, classes: int = 4, width: int = 32):
        super().__init__()
        w = width
        self.down = nn.ModuleList([conv_bn(3, w), conv_bn(w, 2 * w), conv_bn(2 * w, 4 * w)])
        self.pool = nn.MaxPool2d(2)
        self.up = nn.ModuleList([nn.ConvTranspose2d(4 * w, 2 * w, 2, stride=2), nn.ConvTranspose2d(2 * w, w, 2, stride=2)])
        self.merge = nn.ModuleList([conv_bn(4 * w, 2 * w), conv_bn(2 * w, w)])
        self.head = nn.Conv2d(w, classes, 1)

    def forward(self, x):
        skips = []
        for i, block in enumerate(self.down):
            x = block(x if i == 0 else self.pool(x))
            skips.append(x)
        x = skips.pop()
        for up, merge in zip(self.up, self.merge):
            x = merge(torch.cat([up(x), skips.pop()], dim=1))
        return self.head(x)


class ConvNeXtBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dw = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
        self.scale = nn.Parameter(torch.full((dim,), 1e-2))

    def forward(self, x):
        y = self.dw(x).permute(0, 2, 3, 1)
        y = self.mlp(self.norm(y)) * self.scale
        return x + y.permute(0, 3, 1, 2)


class ConvNeXt(nn.Module):
    def __init__(self, classes: int = 10, dims: tuple[int, ...] = (48, 96, 192)):
        super().__init__()
        layers: list[nn.Module] = [nn.Conv2d(3, dims[0], 2, stride=2)]
        for i, d in enumerate(dims):
            if i:
                layers.append(nn.Conv2d(dims[i - 1], d, 2, stride=2))
            layers += [ConvNeXtBlock(d), ConvNeXtBlock(d)]
        self.features = nn.Sequential(*layers)
        self.head = nn.Linear(dims[-1], classes)

    def forward(self, x):
        return self.head(self.features(x).mean(dim=(2, 3)))


#: The models that classify a random input: constructor and one sample's shape.
# The fifth set (2026-11-26, session 10): written after the compile model's kernel count (Inductor's split and layout
# rules), before any of them ran; scored on that model as committed.
class DenseLayer(nn.Module):
    def __init__(self, cin: int, growth: int):
        super().__init__()
        self.body = nn.Sequential(nn.BatchNorm2d(cin), nn.ReLU(), nn.Conv2d(cin, 4 * growth, 1, bias=False),
                                  nn.BatchNorm2d(4 * growth), nn.ReLU(), nn.Conv2d(4 * growth, growth, 3, padding=1, bias=False))

    def forward(self, x):
        return torch.cat([x, self.body(x)], 1)


class DenseNet(nn.Module):
    """DenseNet-BC-like: dense blocks of BN-ReLU-Conv layers whose outputs are concatenated, 1x1 transitions."""

    def __init__(self, classes: int = 10, growth: int = 16, layers: tuple[int, ...] = (4, 4, 4)):
        super().__init__()
        c = 2 * growth
        parts: list[nn.Module] = [nn.Conv2d(3, c, 3, padding=1, bias=False)]
        for i, n in enumerate(layers):
            for _ in range(n):
                parts.append(DenseLayer(c, growth))
                c += growth
            if i < len(layers) - 1:
                parts += [nn.BatchNorm2d(c), nn.ReLU(), nn.Conv2d(c, c // 2, 1, bias=False), nn.AvgPool2d(2)]
                c //= 2
        self.features = nn.Sequential(*parts, nn.BatchNorm2d(c), nn.ReLU())
        self.head = nn.Linear(c, classes)

    def forward(self, x):
        return self.head(self.features(x).mean((2, 3)))


class GatedResidual(nn.Module):
    def __init__(self, channels: int, dilation: int):
        super().__init__()
        self.dilation = dilation
        self.filter = nn.Conv1d(channels, channels, 2, dilation=dilation)
        self.gate = nn.Conv1d(channels, channels, 2, dilation=dilation)
        self.out = nn.Conv1d(channels, 2 * channels, 1)

    def forward(self, x):
        padded = nn.functional.pad(x, (self.dilation, 0))  # causal
        h = torch.tanh(self.filter(padded)) * torch.sigmoid(self.gate(padded))
        residual, skip = self.out(h).chunk(2, dim=1)
        return x + residual, skip


class WaveNet(nn.Module):
    """WaveNet-like: dilated causal 1-d convolutions with gated activations, residual and skip paths, no norm."""

    def __init__(self, features: int = 32, channels: int = 64, classes: int = 10, layers: int = 8):
        super().__init__()
        self.inp = nn.Conv1d(features, channels, 1)
        self.blocks = nn.ModuleList(GatedResidual(channels, 2 ** (i % 4)) for i in range(layers))
        self.head = nn.Sequential(nn.ReLU(), nn.Conv1d(channels, channels, 1), nn.ReLU())
        self.fc = nn.Linear(channels, classes)

    def forward(self, x):  # (batch, time, features)
        x = self.inp(x.transpose(1, 2))
        skips = 0
        for block in self.blocks:
            x, skip = block(x)
            skips = skips + skip
        return self.fc(self.head(skips).mean(2))


class MBConv(nn.Module):
    def __init__(self, cin: int, cout: int, stride: int, expand: int = 4):
        super().__init__()
        mid = cin * expand
        self.expand = nn.Sequential(nn.Conv2d(cin, mid, 1, bias=False), nn.BatchNorm2d(mid), nn.SiLU())
        self.depthwise = nn.Sequential(nn.Conv2d(mid, mid, 3, stride, 1, groups=mid, bias=False), nn.BatchNorm2d(mid), nn.SiLU())
        self.se = nn.Sequential(nn.Linear(mid, mid // 8), nn.SiLU(), nn.Linear(mid // 8, mid), nn.Sigmoid())
        self.project = nn.Sequential(nn.Conv2d(mid, cout, 1, bias=False), nn.BatchNorm2d(cout))
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        h = self.depthwise(self.expand(x))
        h = h * self.se(h.mean((2, 3)))[:, :, None, None]  # squeeze and excite
        h = self.project(h)
        return x + h if self.residual else h


class EfficientNet(nn.Module):
    """EfficientNet-like: MBConv blocks (expand, depthwise, squeeze-excite, project) with SiLU and batch norm."""

    def __init__(self, classes: int = 10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 24, 3, 1, 1, bias=False), nn.BatchNorm2d(24), nn.SiLU())
        self.blocks = nn.Sequential(MBConv(24, 24, 1), MBConv(24, 40, 2), MBConv(40, 40, 1), MBConv(40, 80, 2),
                                    MBConv(80, 80, 1))
        self.head = nn.Sequential(nn.Conv2d(80, 160, 1, bias=False), nn.BatchNorm2d(160), nn.SiLU())
        self.fc = nn.Linear(160, classes)

    def forward(self, x):
        return self.fc(self.head(self.blocks(self.stem(x))).mean((2, 3)))


# The sixth set (2026-11-26, session 10): written after the fifth set was scored, before micro_extern.py ran on a GPU
# and before any of them ran; scored on the model as committed with them.
class ResNeXtBlock(nn.Module):
    def __init__(self, channels: int, groups: int = 8):
        super().__init__()
        mid = channels // 2
        self.body = nn.Sequential(nn.Conv2d(channels, mid, 1, bias=False), nn.BatchNorm2d(mid), nn.ReLU(),
                                  nn.Conv2d(mid, mid, 3, padding=1, groups=groups, bias=False), nn.BatchNorm2d(mid), nn.ReLU(),
                                  nn.Conv2d(mid, channels, 1, bias=False), nn.BatchNorm2d(channels))

    def forward(self, x):
        return torch.relu(x + self.body(x))


class ResNeXt(nn.Module):
    """ResNeXt-like: bottleneck blocks with grouped 3x3 convolutions (several channels per group), batch norm."""

    def __init__(self, classes: int = 10, widths: tuple[int, ...] = (64, 128)):
        super().__init__()
        parts: list[nn.Module] = [nn.Conv2d(3, widths[0], 3, padding=1, bias=False), nn.BatchNorm2d(widths[0]), nn.ReLU()]
        for i, w in enumerate(widths):
            if i:
                parts += [nn.Conv2d(widths[i - 1], w, 3, stride=2, padding=1, bias=False), nn.BatchNorm2d(w), nn.ReLU()]
            parts += [ResNeXtBlock(w), ResNeXtBlock(w)]
        self.features = nn.Sequential(*parts)
        self.head = nn.Linear(widths[-1], classes)

    def forward(self, x):
        return self.head(self.features(x).mean((2, 3)))


class SegNet(nn.Module):
    """A small encoder-decoder: conv-BN-ReLU pairs, max-pooling down, nearest upsampling up, a per-pixel classifier."""

    def __init__(self, classes: int = 4, width: int = 48):
        super().__init__()
        self.enc1, self.enc2 = conv_bn(3, width), conv_bn(width, 2 * width)
        self.mid = conv_bn(2 * width, 2 * width)
        self.dec2, self.dec1 = conv_bn(2 * width, width), conv_bn(width, width)
        self.out = nn.Conv2d(width, classes, 1)

    def forward(self, x):
        x = self.enc1(x)
        x = self.enc2(nn.functional.max_pool2d(x, 2))
        x = self.mid(nn.functional.max_pool2d(x, 2))
        x = self.dec2(nn.functional.interpolate(x, scale_factor=2.0, mode="nearest"))
        x = self.dec1(nn.functional.interpolate(x, scale_factor=2.0, mode="nearest"))
        return self.out(x)


class Encoder(nn.Module):
    """A pre-norm transformer encoder of torch's own layers (nn.TransformerEncoderLayer, GELU), mean-pooled."""

    def __init__(self, features: int = 48, width: int = 256, layers: int = 4, classes: int = 10):
        super().__init__()
        self.inp = nn.Linear(features, width)
        layer = nn.TransformerEncoderLayer(width, 4, 4 * width, dropout=0.0, activation="gelu", batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)
        self.head = nn.Sequential(nn.LayerNorm(width), nn.Linear(width, classes))

    def forward(self, x):
        return self.head(self.encoder(self.inp(x)).mean(1))


class PointNet(nn.Module):
    """PointNet's classifier: a shared per-point MLP (1-d convolutions of kernel 1, BatchNorm1d, ReLU), a max over the
    points, and a fully connected head with BatchNorm1d."""

    def __init__(self, classes: int = 10):
        super().__init__()
        widths = (3, 64, 64, 128, 256)
        parts: list[nn.Module] = []
        for cin, cout in zip(widths, widths[1:]):
            parts += [nn.Conv1d(cin, cout, 1, bias=False), nn.BatchNorm1d(cout), nn.ReLU()]
        self.points = nn.Sequential(*parts)
        self.head = nn.Sequential(nn.Linear(256, 128, bias=False), nn.BatchNorm1d(128), nn.ReLU(), nn.Linear(128, classes))

    def forward(self, x):
        return self.head(self.points(x).amax(2))


class Fire(nn.Module):
    """SqueezeNet's fire module: a 1x1 squeeze, then 1x1 and 3x3 expands side by side, concatenated."""

    def __init__(self, cin: int, squeeze: int, expand: int):
        super().__init__()
        self.squeeze = nn.Sequential(nn.Conv2d(cin, squeeze, 1), nn.ReLU())
        self.e1, self.e3 = nn.Conv2d(squeeze, expand, 1), nn.Conv2d(squeeze, expand, 3, padding=1)

    def forward(self, x):
        s = self.squeeze(x)
        return torch.relu(torch.cat([self.e1(s), self.e3(s)], 1))


class SqueezeNet(nn.Module):
    """SqueezeNet 1.1's shape at 32x32: a stem convolution, fire modules between max-pools, a 1x1 classifier
    convolution averaged over the pixels (no batch norm)."""

    def __init__(self, classes: int = 10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 64, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            Fire(64, 16, 64), Fire(128, 16, 64), nn.MaxPool2d(2),
            Fire(128, 32, 128), Fire(256, 32, 128), nn.MaxPool2d(2),
            Fire(256, 48, 192), Fire(384, 48, 192), Fire(384, 64, 256), Fire(512, 64, 256))
        self.classifier = nn.Conv2d(512, classes, 1)

    def forward(self, x):
        return self.classifier(self.features(x)).mean((2, 3))


class ShuffleUnit(nn.Module):
    """ShuffleNetV2's unit: half the channels pass, the other half go 1x1 conv-BN-ReLU, 3x3 depthwise conv-BN, 1x1
    conv-BN-ReLU; the halves are concatenated and their channels shuffled (stride 2: both halves convolved)."""

    def __init__(self, cin: int, cout: int, stride: int):
        super().__init__()
        self.stride, half = stride, cout // 2
        inner = cin if stride == 2 else cin // 2

        def branch(c: int) -> nn.Sequential:
            return nn.Sequential(nn.Conv2d(c, half, 1, bias=False), nn.BatchNorm2d(half), nn.ReLU(),
                                 nn.Conv2d(half, half, 3, stride, 1, groups=half, bias=False), nn.BatchNorm2d(half),
                                 nn.Conv2d(half, half, 1, bias=False), nn.BatchNorm2d(half), nn.ReLU())
        self.right = branch(inner)
        self.left = (nn.Sequential(nn.Conv2d(cin, cin, 3, 2, 1, groups=cin, bias=False), nn.BatchNorm2d(cin),
                                   nn.Conv2d(cin, half, 1, bias=False), nn.BatchNorm2d(half), nn.ReLU())
                     if stride == 2 else None)

    def forward(self, x):
        if self.left is None:
            a, b = x.chunk(2, 1)
            out = torch.cat([a, self.right(b)], 1)
        else:
            out = torch.cat([self.left(x), self.right(x)], 1)
        n, c, h, w = out.shape
        return out.view(n, 2, c // 2, h, w).transpose(1, 2).reshape(n, c, h, w)


class ShuffleNet(nn.Module):
    """ShuffleNetV2's shape at 32x32: a stem conv, three stages of shuffle units (the first of each strided), a 1x1
    conv, average pooling and a linear head."""

    def __init__(self, classes: int = 10):
        super().__init__()
        parts: list[nn.Module] = [nn.Conv2d(3, 24, 3, 1, 1, bias=False), nn.BatchNorm2d(24), nn.ReLU()]
        cin = 24
        for cout, repeat in ((116, 4), (232, 8), (464, 4)):
            parts += [ShuffleUnit(cin, cout, 2)] + [ShuffleUnit(cout, cout, 1) for _ in range(repeat - 1)]
            cin = cout
        parts += [nn.Conv2d(cin, 1024, 1, bias=False), nn.BatchNorm2d(1024), nn.ReLU()]
        self.features = nn.Sequential(*parts)
        self.head = nn.Linear(1024, classes)

    def forward(self, x):
        return self.head(self.features(x).mean((2, 3)))


class DLRM(nn.Module):
    """A DLRM-style recommender: 13 dense features through a bottom MLP, 8 sparse features each a bag of 4 ids summed
    by nn.EmbeddingBag (20,000 x 64 tables), the pairwise dot products of the 9 vectors, a top MLP to one logit. The
    batch is one float tensor: the dense features, then the ids."""

    def __init__(self, tables: int = 8, rows: int = 20000, dim: int = 64, dense: int = 13, bag: int = 4):
        super().__init__()
        self.dense, self.tables, self.bag = dense, tables, bag
        self.bottom = nn.Sequential(nn.Linear(dense, 256), nn.ReLU(), nn.Linear(256, 128), nn.ReLU(), nn.Linear(128, dim), nn.ReLU())
        self.embeddings = nn.ModuleList(nn.EmbeddingBag(rows, dim, mode="sum") for _ in range(tables))
        pairs = (tables + 1) * tables // 2
        self.top = nn.Sequential(nn.Linear(dim + pairs, 512), nn.ReLU(), nn.Linear(512, 256), nn.ReLU(), nn.Linear(256, 1))
        rows_i, cols_i = torch.tril_indices(tables + 1, tables + 1, offset=-1)
        self.register_buffer("rows_i", rows_i, persistent=False)
        self.register_buffer("cols_i", cols_i, persistent=False)

    def forward(self, x):
        dense = self.bottom(x[:, :self.dense])
        ids = x[:, self.dense:].long().view(x.shape[0], self.tables, self.bag)
        vectors = torch.stack([dense] + [bag(ids[:, i]) for i, bag in enumerate(self.embeddings)], 1)
        dots = torch.bmm(vectors, vectors.transpose(1, 2))[:, self.rows_i, self.cols_i]
        return self.top(torch.cat([dense, dots], 1)).squeeze(1)


class GCN(nn.Module):
    """A 3-layer graph convolution net for node classification on a fixed random graph (64 nodes per sample, 8
    edges per node): each layer a linear map, messages gathered along the edges, summed into their targets with
    index_add and scaled by the degree, then ReLU."""

    def __init__(self, nodes: int, width: int = 128, features: int = 64, classes: int = 10, degree: int = 8):
        super().__init__()
        g = torch.Generator().manual_seed(1)
        src = torch.randint(0, nodes, (nodes * degree,), generator=g)
        dst = torch.arange(nodes).repeat_interleave(degree)
        self.register_buffer("src", src, persistent=False)
        self.register_buffer("dst", dst, persistent=False)
        self.register_buffer("norm", torch.full((nodes, 1), 1.0 / degree), persistent=False)
        widths = (features, width, width, classes)
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(widths, widths[1:]))

    def forward(self, x):
        h = x
        for i, layer in enumerate(self.layers):
            m = layer(h)
            h = torch.zeros_like(m).index_add(0, self.dst, m[self.src]) * self.norm
            if i < len(self.layers) - 1:
                h = torch.relu(h)
        return h


class VAE(nn.Module):
    """A convolutional VAE on 32x32 images: a strided Conv2d-LeakyReLU encoder to a 64-d mean and log-variance, a
    sample by the reparameterisation (randn_like), a ConvTranspose2d-LeakyReLU decoder to a sigmoid image; the loss is
    the reconstruction's MSE plus the KL term."""

    def __init__(self, z: int = 64):
        super().__init__()
        act = lambda: nn.LeakyReLU(0.2)  # noqa: E731
        self.encoder = nn.Sequential(nn.Conv2d(3, 32, 4, 2, 1), act(), nn.Conv2d(32, 64, 4, 2, 1), act(),
                                     nn.Conv2d(64, 128, 4, 2, 1), act(), nn.Flatten(), nn.Linear(128 * 16, 2 * z))
        self.expand = nn.Linear(z, 128 * 16)
        self.decoder = nn.Sequential(nn.ConvTranspose2d(128, 64, 4, 2, 1), act(), nn.ConvTranspose2d(64, 32, 4, 2, 1), act(),
                                     nn.ConvTranspose2d(32, 3, 4, 2, 1), nn.Sigmoid())

    def forward(self, x):
        mu, logvar = self.encoder(x).chunk(2, 1)
        z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
        return self.decoder(self.expand(z).view(-1, 128, 4, 4)), mu, logvar


def vae_loss(m, x, _):
    recon, mu, logvar = m(x)
    return nn.functional.mse_loss(recon, x) - 0.5 * torch.mean(1 + logvar - mu.pow(2) - logvar.exp())


class LatentAttention(nn.Module):
    """Multi-head attention written out (projections, matmul, softmax, matmul), queries from one sequence and keys and
    values from another, pre-norm, with a GELU MLP after it; both residual."""

    def __init__(self, width: int, kv_width: int, heads: int = 4):
        super().__init__()
        self.heads = heads
        self.norm_q, self.norm_kv, self.norm_mlp = nn.LayerNorm(width), nn.LayerNorm(kv_width), nn.LayerNorm(width)
        self.q, self.kv, self.out = nn.Linear(width, width), nn.Linear(kv_width, 2 * width), nn.Linear(width, width)
        self.mlp = nn.Sequential(nn.Linear(width, 4 * width), nn.GELU(), nn.Linear(4 * width, width))

    def forward(self, latent, inputs):
        b, n, w = latent.shape
        q = self.q(self.norm_q(latent)).view(b, n, self.heads, -1).transpose(1, 2)
        k, v = (t.view(b, inputs.shape[1], self.heads, -1).transpose(1, 2) for t in self.kv(self.norm_kv(inputs)).chunk(2, -1))
        weights = torch.softmax(q @ k.transpose(-1, -2) / (q.shape[-1] ** 0.5), -1)
        latent = latent + self.out((weights @ v).transpose(1, 2).reshape(b, n, w))
        return latent + self.mlp(self.norm_mlp(latent))


class Perceiver(nn.Module):
    """Perceiver-like: a learned latent array (32 x 256) cross-attends to 256 input tokens of 64 features, then 4
    latent self-attention blocks (attention written out, not SDPA), the latents' mean to 10 classes."""

    def __init__(self, latents: int = 32, width: int = 256, features: int = 64, depth: int = 4, classes: int = 10):
        super().__init__()
        self.latent = nn.Parameter(torch.randn(latents, width) * 0.02)
        self.cross = LatentAttention(width, features)
        self.blocks = nn.ModuleList(LatentAttention(width, width) for _ in range(depth))
        self.norm, self.head = nn.LayerNorm(width), nn.Linear(width, classes)

    def forward(self, x):
        h = self.cross(self.latent.expand(x.shape[0], -1, -1), x)
        for block in self.blocks:
            h = block(h, h)
        return self.head(self.norm(h).mean(1))


class SpatialGating(nn.Module):
    """gMLP's spatial gating unit: half the channels, layer-normed and mixed across tokens by a linear map, gate the
    other half."""

    def __init__(self, channels: int, tokens: int):
        super().__init__()
        self.norm, self.spatial = nn.LayerNorm(channels // 2), nn.Linear(tokens, tokens)

    def forward(self, x):
        u, v = x.chunk(2, -1)
        return u * self.spatial(self.norm(v).transpose(1, 2)).transpose(1, 2)


class GMLP(nn.Module):
    """gMLP: 64 tokens of 48 features embedded to width 256, 4 blocks (LayerNorm, a 4x GELU projection, spatial gating,
    a projection back, residual), mean-pooled to 10 classes."""

    def __init__(self, tokens: int = 64, features: int = 48, width: int = 256, depth: int = 4, classes: int = 10):
        super().__init__()
        self.embed = nn.Linear(features, width)
        self.blocks = nn.ModuleList(nn.Sequential(nn.LayerNorm(width), nn.Linear(width, 4 * width), nn.GELU(),
                                                  SpatialGating(4 * width, tokens), nn.Linear(2 * width, width))
                                    for _ in range(depth))
        self.norm, self.head = nn.LayerNorm(width), nn.Linear(width, classes)

    def forward(self, x):
        h = self.embed(x)
        for block in self.blocks:
            h = h + block(h)
        return self.head(self.norm(h).mean(1))


class Tabular(nn.Module):
    """A tabular-data MLP: 64 numeric features, 3 residual blocks of Linear-BatchNorm1d-ReLU-Dropout(0.1) at width 512,
    10 classes (dropout draws random masks every step)."""

    def __init__(self, features: int = 64, width: int = 512, depth: int = 3, classes: int = 10):
        super().__init__()
        self.embed = nn.Linear(features, width)
        self.blocks = nn.ModuleList(nn.Sequential(nn.Linear(width, width), nn.BatchNorm1d(width), nn.ReLU(), nn.Dropout(0.1))
                                    for _ in range(depth))
        self.head = nn.Linear(width, classes)

    def forward(self, x):
        h = self.embed(x)
        for block in self.blocks:
            h = h + block(h)
        return self.head(h)


class Siamese(nn.Module):
    """A siamese encoder: one small conv net (Conv-BN-ReLU, max-pooled, 3 stages) embeds both images of a pair to 64
    normalised features; the contrastive loss (computed outside the model) pulls matching pairs together and pushes the
    others past a margin."""

    def __init__(self, dim: int = 64):
        super().__init__()
        layers, c = [], 3
        for out in (32, 64, 128):
            layers += [nn.Conv2d(c, out, 3, padding=1, bias=False), nn.BatchNorm2d(out), nn.ReLU(), nn.MaxPool2d(2)]
            c = out
        self.encoder = nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(128, dim))

    def forward(self, pair):
        a, b = pair.unbind(1)
        return nn.functional.normalize(self.encoder(a), dim=1), nn.functional.normalize(self.encoder(b), dim=1)


def contrastive_loss(m, pair, same, margin: float = 0.5):
    a, b = m(pair)
    d = (a - b).pow(2).sum(1).add(1e-6).sqrt()
    return (same * d.pow(2) + (1 - same) * torch.relu(margin - d).pow(2)).mean()


class Seq2Seq(nn.Module):
    """An encoder-decoder of torch's own nn.Transformer (2 + 2 layers, width 256, 4 heads, GELU, no dropout) with a
    causal mask, token embeddings and learned positions, over sequences of 64 tokens; the targets are the source
    reversed (teacher forcing)."""

    def __init__(self, vocab: int = 4096, width: int = 256, length: int = 64):
        super().__init__()
        self.embed, self.position = nn.Embedding(vocab, width), nn.Parameter(torch.randn(length, width) * 0.02)
        self.transformer = nn.Transformer(width, 4, 2, 2, 4 * width, dropout=0.0, activation="gelu", batch_first=True)
        self.head = nn.Linear(width, vocab)
        self.register_buffer("mask", nn.Transformer.generate_square_subsequent_mask(length), persistent=False)

    def forward(self, src, tgt):
        out = self.transformer(self.embed(src) + self.position, self.embed(tgt) + self.position, tgt_mask=self.mask,
                               tgt_is_causal=True)
        return self.head(out)


CLASSIFIERS = {"mixer": (Mixer, (64, 48)), "gru": (GRUClassifier, (64, 32)), "vit": (ViT, (64, 48)), "cnn": (CNN, (3, 32, 32)),
               "mobilenet": (MobileNet, (3, 32, 32)), "tcn": (TCN, (256, 40)), "convnext": (ConvNeXt, (3, 32, 32)),
               "densenet": (DenseNet, (3, 32, 32)), "wavenet": (WaveNet, (256, 32)), "effnet": (EfficientNet, (3, 32, 32)),
               "resnext": (ResNeXt, (3, 32, 32)), "encoder": (Encoder, (64, 48)), "pointnet": (PointNet, (3, 512)),
               "squeezenet": (SqueezeNet, (3, 32, 32)), "shufflenet": (ShuffleNet, (3, 32, 32)),
               "perceiver": (Perceiver, (256, 64)), "gmlp": (GMLP, (64, 48)), "tabular": (Tabular, (64,))}


def build(name: str, device: str, batch: int):
    """(model, a batch (inputs, targets), loss(model, inputs, targets))."""
    g = torch.Generator().manual_seed(0)
    if name in CLASSIFIERS:  # a class per sample, cross-entropy
        make, shape = CLASSIFIERS[name]
        model = make()
        data = (torch.randn(batch, *shape, generator=g), torch.randint(0, 10, (batch,), generator=g))
        loss = lambda m, x, y: nn.functional.cross_entropy(m(x), y)  # noqa: E731
    elif name == "bert":
        from transformers import BertConfig, BertForMaskedLM
        config = BertConfig(vocab_size=8192, hidden_size=256, num_hidden_layers=4, num_attention_heads=4,
                            intermediate_size=1024, max_position_embeddings=128, hidden_dropout_prob=0.0,
                            attention_probs_dropout_prob=0.0)
        model = BertForMaskedLM(config)
        ids = torch.randint(0, 8192, (batch, 128), generator=g)
        data = (ids, ids.clone())
        loss = lambda m, x, y: m(input_ids=x, labels=y).loss  # noqa: E731
    elif name == "llama":
        from transformers import LlamaConfig, LlamaForCausalLM
        config = LlamaConfig(vocab_size=8192, hidden_size=256, intermediate_size=688, num_hidden_layers=4,
                             num_attention_heads=4, num_key_value_heads=4, max_position_embeddings=128)
        model = LlamaForCausalLM(config)
        ids = torch.randint(0, 8192, (batch, 128), generator=g)
        data = (ids, ids.clone())
        loss = lambda m, x, y: m(input_ids=x, labels=y).loss  # noqa: E731
    elif name == "t5":  # an encoder-decoder (relative position biases, RMS-style norms): the decoder reads the labels
        from transformers import T5Config, T5ForConditionalGeneration
        config = T5Config(vocab_size=8192, d_model=256, d_kv=64, d_ff=1024, num_layers=4, num_decoder_layers=4,
                          num_heads=4, dropout_rate=0.0, pad_token_id=0, decoder_start_token_id=0)
        model = T5ForConditionalGeneration(config)
        ids = torch.randint(0, 8192, (batch, 128), generator=g)
        data = (ids, ids.clone())
        loss = lambda m, x, y: m(input_ids=x, labels=y).loss  # noqa: E731
    elif name == "opt":
        from transformers import OPTConfig, OPTForCausalLM
        config = OPTConfig(vocab_size=8192, hidden_size=256, num_hidden_layers=4, ffn_dim=1024, num_attention_heads=4,
                           max_position_embeddings=128, word_embed_proj_dim=256, dropout=0.0, attention_dropout=0.0)
        model = OPTForCausalLM(config)
        ids = torch.randint(0, 8192, (batch, 128), generator=g)
        data = (ids, ids.clone())
        loss = lambda m, x, y: m(input_ids=x, labels=y).loss  # noqa: E731
    elif name == "gptneox":  # parallel attention and MLP residuals, rotary on a quarter of each head
        from transformers import GPTNeoXConfig, GPTNeoXForCausalLM
        config = GPTNeoXConfig(vocab_size=8192, hidden_size=256, num_hidden_layers=4, num_attention_heads=4,
                               intermediate_size=1024, max_position_embeddings=128, rotary_pct=0.25,
                               use_parallel_residual=True, attention_dropout=0.0, hidden_dropout=0.0)
        model = GPTNeoXForCausalLM(config)
        ids = torch.randint(0, 8192, (batch, 128), generator=g)
        data = (ids, ids.clone())
        loss = lambda m, x, y: m(input_ids=x, labels=y).loss  # noqa: E731
    elif name == "bloom":  # ALiBi position biases through baddbmm, a fused QKV projection, an embedding LayerNorm
        from transformers import BloomConfig, BloomForCausalLM
        config = BloomConfig(vocab_size=8192, hidden_size=256, n_layer=4, n_head=4, hidden_dropout=0.0,
                             attention_dropout=0.0)
        model = BloomForCausalLM(config)
        ids = torch.randint(0, 8192, (batch, 128), generator=g)
        data = (ids, ids.clone())
        loss = lambda m, x, y: m(input_ids=x, labels=y).loss  # noqa: E731
    elif name == "distilbert":
        from transformers import DistilBertConfig, DistilBertForMaskedLM
        config = DistilBertConfig(vocab_size=8192, dim=256, n_layers=4, n_heads=4, hidden_dim=1024,
                                  max_position_embeddings=128, dropout=0.0, attention_dropout=0.0)
        model = DistilBertForMaskedLM(config)
        ids = torch.randint(0, 8192, (batch, 128), generator=g)
        data = (ids, ids.clone())
        loss = lambda m, x, y: m(input_ids=x, labels=y).loss  # noqa: E731
    elif name == "siamese":  # pairs of 32x32 images, 1 where they match
        model = Siamese()
        data = (torch.randn(batch, 2, 3, 32, 32, generator=g), torch.randint(0, 2, (batch,), generator=g).float())
        loss = contrastive_loss
    elif name == "seq2seq":  # the source sequence reversed, teacher-forced: next-token cross-entropy
        model = Seq2Seq()
        src = torch.randint(0, 4096, (batch, 64), generator=g)
        data = (src, src.flip(1))
        loss = lambda m, x, y: nn.functional.cross_entropy(  # noqa: E731
            m(x, torch.cat([torch.zeros_like(y[:, :1]), y[:, :-1]], 1)).flatten(0, 1), y.flatten())
    elif name == "vae":  # the image is its own target
        model = VAE()
        images = torch.rand(batch, 3, 32, 32, generator=g)
        data = (images, images)
        loss = vae_loss
    elif name == "dlrm":  # a click per sample, binary cross-entropy
        model = DLRM()
        dense = torch.rand(batch * 8, 13, generator=g)
        ids = torch.randint(0, 20000, (batch * 8, 8 * 4), generator=g).float()
        data = (torch.cat([dense, ids], 1), torch.randint(0, 2, (batch * 8,), generator=g).float())
        loss = lambda m, x, y: nn.functional.binary_cross_entropy_with_logits(m(x), y)  # noqa: E731
    elif name == "gcn":  # a class per node
        model = GCN(64 * batch)
        data = (torch.randn(64 * batch, 64, generator=g), torch.randint(0, 10, (64 * batch,), generator=g))
        loss = lambda m, x, y: nn.functional.cross_entropy(m(x), y)  # noqa: E731
    elif name in ("unet", "segnet"):  # a class per pixel
        model = UNet() if name == "unet" else SegNet()
        data = (torch.randn(batch, 3, 64, 64, generator=g), torch.randint(0, 4, (batch, 64, 64), generator=g))
        loss = lambda m, x, y: nn.functional.cross_entropy(m(x), y)  # noqa: E731
    else:
        raise SystemExit(f"unknown model {name!r}: one of {', '.join(MODELS)}")
    return model.to(device).train(), tuple(t.to(device) for t in data), loss


def compiled(model, mode: str):
    if mode == "eager":
        return model
    if mode == "cudagraphs":
        return torch.compile(model, options={"triton.cudagraphs": True})
    return torch.compile(model)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--model", choices=MODELS, default="mixer")
    p.add_argument("--mode", choices=("eager", "compiled", "cudagraphs"), default="eager")
    p.add_argument("--fused", action="store_true")
    p.add_argument("--iters", type=int, default=40)
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--log-every", type=int, default=10)
    a = p.parse_args()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    torch.manual_seed(0)
    model, (x, y), loss_of = build(a.model, device, a.batch)
    forward = compiled(model, a.mode)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=True if a.fused else None)
    for i in range(a.iters):
        loss = loss_of(forward, x, y)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        if a.log_every and i % a.log_every == 0:
            print(f"step {i} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()

"""What a workload is: named variants of one computation, each checked against the eager one.

A :class:`Variant` builds a :class:`Case` (fresh inputs on a device plus a ``step`` callable that
runs one call of that variant and updates the state in place). :func:`check_variant` runs the
eager case and the variant from the same seed for a few calls and compares the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import torch

from traceview.errors import CaptureError

CHECK_CALLS = 2  # calls compared against eager: the second call catches state that was not written back


@dataclass
class Case:
    """One variant's inputs on a device, and how to run one call of it."""

    step: Callable[[], object]  # one call; updates the state in place
    state: Callable[[], dict[str, torch.Tensor]]  # the tensors compared against eager after the calls
    bytes_per_call: int  # the fewest bytes one call must move through device memory
    sizes: dict[str, object] = field(default_factory=dict)  # what the size option resolved to


@dataclass(frozen=True)
class Variant:
    """A named way to run the workload's computation."""

    name: str
    description: str  # one line: what runs, and what a trace of it should show
    build: Callable[[object, torch.device], Case]  # (size, device) -> fresh Case
    compiled: bool = False  # goes through torch.compile: Inductor code is captured
    triton: bool = False  # the project's own Triton kernels (TRITON_INTERPRET=1 on the CPU)
    unavailable: Callable[[torch.device], str | None] | None = None  # device -> why it cannot run there (None: it can)

    def why_not(self, device: torch.device) -> str | None:
        """Why this variant cannot run on ``device`` (one line), or None when it can."""
        return self.unavailable(device) if self.unavailable is not None else None


@dataclass(frozen=True)
class Workload:
    """A computation and its variants; ``eager`` is the reference every other variant must match."""

    name: str
    description: str
    variants: dict[str, Variant]
    sizes: dict[str, object]  # named presets: "cpu" (tiny, runs on a laptop) and "gpu"
    parse_size: Callable[[str], object]  # a preset name or a workload-specific number -> size
    tolerances: dict[str, tuple[float, float]] = field(default_factory=dict)  # dtype name -> (rtol, atol)
    reference: str = "eager"  # the variant every other one is checked against

    def size(self, text: str | None, device: torch.device) -> object:
        """The size for ``--size text``; the device's preset when no size is given."""
        if text is None:
            return self.sizes["gpu" if device.type == "cuda" else "cpu"]
        if text in self.sizes:
            return self.sizes[text]
        try:
            return self.parse_size(text)
        except ValueError as exc:
            raise CaptureError(f"{self.name}: bad --size {text!r} ({exc}); presets: {', '.join(self.sizes)}") from None


def seeded(seed: int = 0) -> torch.Generator:
    """A CPU generator: inputs are drawn on the CPU then moved, so every device sees the same numbers."""
    return torch.Generator().manual_seed(seed)


def randn(gen: torch.Generator, *shape: int, device: torch.device, dtype=torch.float32) -> torch.Tensor:
    return torch.randn(*shape, generator=gen).to(device=device, dtype=dtype)


def check_against_reference(workload: Workload, candidate: Case, calls: int, size: object,
                            device: torch.device, label: str) -> float:
    """Compare ``candidate`` (after ``calls`` calls) with the reference variant after as many calls.

    Both must have been built from the same size (inputs are seeded). Returns the largest absolute
    difference seen; raises :class:`CaptureError` naming the first tensor that differs.
    """
    reference = workload.variants[workload.reference].build(size, device)
    for _ in range(calls):
        reference.step()
    expected, actual = reference.state(), candidate.state()
    worst = 0.0
    for key, want in expected.items():
        got = actual[key]
        rtol, atol = workload.tolerances.get(str(want.dtype).removeprefix("torch."), (1e-4, 1e-5))
        try:
            torch.testing.assert_close(got, want, rtol=rtol, atol=atol)
        except AssertionError as exc:
            first = str(exc).strip().splitlines()[0]
            raise CaptureError(f"{workload.name}/{label}: {key} differs from {workload.reference}: {first}") from None
        if want.numel():
            worst = max(worst, (got.double() - want.double()).abs().max().item())
    return worst


def check_variant(workload: Workload, variant: Variant, size: object, device: torch.device) -> float:
    """Build ``variant``, run it :data:`CHECK_CALLS` times and compare with the reference variant."""
    candidate = variant.build(size, device)
    for _ in range(CHECK_CALLS):
        candidate.step()
    return check_against_reference(workload, candidate, CHECK_CALLS, size, device, variant.name)

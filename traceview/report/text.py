"""Make trace strings safe for a terminal: no ANSI/control sequences, never parsed as rich markup."""

from __future__ import annotations

import re

from rich.text import Text

# CSI/OSC/other escape sequences and C0/C1 control characters (tab and newline allowed).
_CONTROL = re.compile(r"\x1b\][^\x07\x1b]*(\x07|\x1b\\)?|\x1b\[[0-?]*[ -/]*[@-~]|\x1b.?|[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def neutralize(text: object, limit: int | None = None) -> str:
    """``text`` with control sequences replaced by ``?``; optionally shortened with an ellipsis."""
    value = _CONTROL.sub("?", str(text))
    if limit is not None and len(value) > limit:
        value = value[: limit - 1] + "…"
    return value


def safe(text: object, limit: int | None = None, style: str = "") -> Text:
    """A rich ``Text`` of a trace string: shown literally (no markup), control sequences removed."""
    return Text(neutralize(text, limit), style=style)


def distinct_cuts(names: list[str], limit: int) -> list[str]:
    """Each name shortened to ``limit`` characters, as :func:`neutralize` cuts it, except where two different names
    would then read the same: those keep their start and end around a middle ``…`` (kernel names differ most at
    the end: ``..._kernel<float, 128>`` against ``..._kernel<half, 128>``), longer tails until they differ."""
    cut = [neutralize(n, limit) for n in names]
    whole = [neutralize(n) for n in names]
    seen: dict[str, set[str]] = {}
    for c, w in zip(cut, whole):
        seen.setdefault(c, set()).add(w)
    out = []
    for c, w in zip(cut, whole):
        if len(seen[c]) < 2:
            out.append(c)
            continue
        rivals = seen[c] - {w}
        tail = 8
        while tail < len(w) and any(r.endswith(w[-tail:]) for r in rivals):
            tail += 8
        head = max(limit - tail - 1, 8)
        out.append(w if len(w) <= head + tail + 1 else w[:head] + "…" + w[-tail:])
    return out

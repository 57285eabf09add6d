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

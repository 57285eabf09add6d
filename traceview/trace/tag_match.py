"""How the loader answers the catalogue's questions (:mod:`traceview.trace.catalogue`) fast: each pattern once per
distinct name; an anchored one only on names starting with a character it can start with; a case-blind one in
lowercase asked of the lowercased name."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from typing import Final

import numpy as np
import pandas as pd

from traceview.trace.catalogue import BITS, CATALOGUES, Tag
from traceview.trace.by_name import per_label


def tags_of(names: pd.Series, table: str) -> np.ndarray:
    """Every tag of ``table``'s catalogue (``slices`` or ``gpu``) for each name: one uint64 bit mask per row, each
    pattern run once per distinct name, and an anchored one only on names starting with a character it can start
    with (a python_function frame is not asked the ~20 questions about ``aten::`` ops)."""
    always, by_first = _plan(table)

    def mask(name: str) -> int:
        low = name.lower() if name.isascii() else None
        total = 0
        for find, find_lowered, bit in by_first.get(name[:1], always):
            if (find_lowered(low) if find_lowered is not None and low is not None else find(name)) is not None:
                total |= bit
        return total

    return per_label(names, mask, np.uint64)


#: A question as asked: its finder, its finder of lowercased ASCII names (or None), its bit.
Finder = tuple[Callable[[str], re.Match | None], Callable[[str], re.Match | None] | None, int]


@functools.cache
def _plan(table: str) -> tuple[list[Finder], dict[str, list[Finder]]]:
    """``table``'s questions as (finder, lowered finder, bit): those asked of every name, and per first character
    the list asked of a name starting with it (those, and the anchored ones that can start with it)."""
    always: list[Finder] = []
    anchored: list[tuple[frozenset[str], Finder]] = []
    for tag, spec in CATALOGUES[table].items():
        entry = (_finder(spec.pattern, spec.anchored), _lowered_finder(spec), int(BITS[table][tag]))
        first = first_chars(spec.pattern) if spec.anchored else None
        if first is None:
            always.append(entry)
        else:
            anchored.append((first, entry))
    by_first = {c: always + [entry for first, entry in anchored if c in first] for c in set().union(*(f for f, _ in anchored))}
    return always, by_first


#: Characters a pattern's text may start with as themselves (a letter, a digit, a few punctuation marks).
_LITERAL_START: Final[frozenset[str]] = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_:#<> -/@")


def first_chars(pattern: str) -> frozenset[str] | None:
    """The characters a match of ``pattern`` at a name's start can begin with, read from the pattern's text: each
    top-level alternative's first literal character (after a ``^``, through a leading group); None when any
    alternative can begin otherwise or is not read so simply (a class, ``.``, an optional first item, a flag such as
    ``(?i)``, a lookahead): such a pattern is asked of every name."""
    if pattern.startswith("(?") and not pattern.startswith("(?:"):
        return None
    out: set[str] = set()
    for alt in _top_level(pattern):
        alt = alt[1:] if alt.startswith("^") else alt  # at the name's start already
        if not alt:
            return None
        c = alt[0]
        if c in _LITERAL_START or (c == "\\" and len(alt) > 1 and alt[1] in ".()#[]{}|*+?^$-"):
            at = 0 if c in _LITERAL_START else 1
            if len(alt) > at + 1 and alt[at + 1] in "?*{":
                return None  # the first character may be left out
            out.add(alt[at])
        elif alt.startswith("(?:") or (c == "(" and not alt.startswith("(?")):
            end = _group_end(alt)
            if end < 0 or (end + 1 < len(alt) and alt[end + 1] in "?*{"):
                return None
            inner = first_chars(alt[3 if alt.startswith("(?:") else 1:end])
            if inner is None:
                return None
            out |= inner
        else:
            return None
    return frozenset(out)


def _top_level(pattern: str) -> list[str]:
    """``pattern``'s top-level alternatives (``|`` outside groups, classes and escapes)."""
    cuts = [i for i, c, depth in _structure(pattern) if c == "|" and depth == 0]
    return [pattern[a + 1:b] for a, b in zip([-1, *cuts], [*cuts, len(pattern)])]


def _group_end(text: str) -> int:
    """The position of the ``)`` closing the group ``text`` starts with (-1: none)."""
    return next((i for i, c, depth in _structure(text) if c == ")" and depth == 0), -1)


def _structure(pattern: str) -> Iterator[tuple[int, str, int]]:
    """(position, character, group depth after it) of each character of ``pattern`` outside escapes and classes."""
    depth, in_class, i = 0, False, 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        else:
            depth += (c == "(") - (c == ")")
            yield i, c, depth
        i += 1


def _finder(pattern: str, anchored: bool) -> Callable[[str], re.Match | None]:
    return re.compile(pattern).match if anchored else re.compile(pattern).search


def _lowered_finder(spec: Tag) -> Callable[[str], re.Match | None] | None:
    """For a case-blind question written in lowercase ASCII (``(?i)sum|mean|...``): the same question without the
    flag, asked of an ASCII name lowercased -- the same answer (for ASCII text, case-blind matching of lowercase
    letters is matching its lowercase), 5x faster than the flag in ``re`` (no literal prefix to scan for). Any
    other pattern (an uppercase letter or escape such as ``\\S`` in it): None, asked as written."""
    body = spec.pattern[4:] if spec.pattern.startswith("(?i)") else None
    if body is None or not body.isascii() or body != body.lower() or "(?" in body:
        return None
    return _finder(body, spec.anchored)

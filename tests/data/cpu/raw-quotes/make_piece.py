"""Cut a small piece of a Kineto trace around its events whose names hold raw (unescaped) quotes.

    python tests/data/cpu/raw-quotes/make_piece.py TRACE.json.gz OUT.json.gz [--around 2000]
    python tests/data/cpu/raw-quotes/make_piece.py TRACE.json.gz OUT.json.gz --inject 3 --events 12000

Plain text only (the file is not valid JSON, so no parser reads it): the events list is split at
Kineto's own event separators (a line ``  },`` then ``  {``), and the events within ``--around`` of
each event with a raw quote in its ``"name"`` line are written, unchanged, between the file's header
and a closing ``]}``. Fails when the trace has no such name.

Such names are not made on every run: a module-level frame's name (``file.py(0): ...``) is read from
memory that may hold any text, here a docstring line of the module. ``--inject N`` makes them in a
valid capture instead: the first ``--events`` events are written, and in the first N of them named
``file.py(0): `` (an empty name) the name becomes ``file.py(0):`` + 9 spaces + three raw quotes, the
form of torch 2.13's names in issue 20 (``torch/_inductor/scheduler.py(0):`` + spaces + three quotes).
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys

SEP = "\n  },\n  {"
NAME = re.compile(r'^\s*"name": "(.*)",\s*$', re.M)
EMPTY_MODULE = re.compile(r'^(\s*"name": "[^"\\]*\.py\(0\):) ",[ \t]*$', re.M)


def raw_quote(event: str) -> bool:
    """Whether the event's name line holds a quote that is not escaped."""
    found = NAME.search(event)
    return found is not None and re.search(r'(?<!\\)"', found.group(1)) is not None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("trace")
    parser.add_argument("out")
    parser.add_argument("--around", type=int, default=2000)
    parser.add_argument("--inject", type=int, default=0)
    parser.add_argument("--events", type=int, default=12000)
    args = parser.parse_args()
    opener = gzip.open if args.trace.endswith(".gz") else open
    with opener(args.trace, "rt", encoding="utf-8", errors="surrogateescape") as f:
        text = f.read()
    start = text.index('"traceEvents": [') + len('"traceEvents": [')
    end = text.rindex("\n  }\n  ]") + len("\n  }")
    events = text[start:end].split(SEP)  # each without the braces the separators took
    events[0] = events[0].split("{", 1)[1]
    events[-1] = events[-1][: -len("\n  }")]
    if args.inject:
        events = events[: args.events]
        for i in [i for i, e in enumerate(events) if EMPTY_MODULE.search(e)][: args.inject]:
            events[i] = EMPTY_MODULE.sub(lambda m: m.group(1) + ' ' * 9 + '""""' + ",", events[i], count=1)
    bad = [i for i, e in enumerate(events) if raw_quote(e)]
    if not bad:
        print(f"{args.trace}: no event name with a raw quote", file=sys.stderr)
        return 1
    keep = sorted({j for i in bad for j in range(max(0, i - args.around), min(len(events), i + args.around + 1))})
    body = "\n  {" + SEP.join(events[j] for j in keep) + "\n  }"
    with gzip.open(args.out, "wt", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text[:start] + body + "\n]}\n")
    print(f"{len(bad)} event(s) with raw quotes; {len(keep)} of {len(events)} events written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

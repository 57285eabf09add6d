"""Shrink a captured structured trace for the repository: every record's metadata line is kept, payloads
are kept only for the artifacts traceview reads (graph-break reasons, recompile reasons).

    python tests/data/runs/shrink_torch_trace.py RUN_DIR/train_gpt2.torch_trace.log.gz OUT.torch_trace.log.gz

The dropped payloads are FX graphs, generated code, guard listings and Dynamo's timing events
(what tlparse renders); their metadata lines (names, compile ids, "has_payload") stay, so the file
still parses the way the full one does.
"""

import gzip
import json
import re
import sys

KEEP = {"dynamo_graph_break_reason", "recompile_reasons"}
HEAD = re.compile(r"^[VIWEC]\d{4} \S+ +\d+ [^\]]*\] (\{.*)$")


def shrink(src: str, dst: str) -> None:
    keep = False
    with gzip.open(src, "rt", encoding="utf-8") as fin, gzip.open(dst, "wt", encoding="utf-8", compresslevel=9) as fout:
        for line in fin:
            if line.startswith("\t"):
                if keep:
                    fout.write(line)
                continue
            found = HEAD.match(line.rstrip("\n"))
            artifact = json.loads(found.group(1)).get("artifact") if found else None
            keep = isinstance(artifact, dict) and artifact.get("name") in KEEP
            fout.write(line)


if __name__ == "__main__":
    shrink(sys.argv[1], sys.argv[2])

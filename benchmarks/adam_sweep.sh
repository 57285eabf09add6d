#!/usr/bin/env bash
# Issue 22 (seed 000): every `adam` variant against the tensor count at a fixed parameter budget (~50 M
# parameters: LAYERSxWIDTH with layers x4 and width /2 keeps 12 * layers * width^2 fixed), on one GPU.
#   4x1024: 50 tensors, 16x512: 194, 64x256: 770, 256x128: 3074
# Per size, three `traceview run adam --json` calls (eager-style variants; compiled and compiled-cudagraphs;
# compiled-cpp-wrapper): every size of the first group (smallest first), then of the second, then of the
# third, each under a timeout taken from what is left of BUDGET_S, so a slow compile at the largest size
# costs that call only; then the documents are joined into one.
# Usage (repository root; wheels of what the image lacks, if any, in .whl/):
#   OUT=/some/dir bash benchmarks/adam_sweep.sh            (SIZES="1x16 4x8" DEVICE=cpu for a CPU try)
# Files under $OUT: log.txt, adam_sweep.json (`runs`: one object per variant and size; `crossovers`),
# sweep.html (the plots), sweep.txt (the table), runs.tar.gz (the run directories, without generated code;
# split in 15 MB parts runs.tar.gz.partNN when larger: `cat runs.tar.gz.part* > runs.tar.gz`).
set -u
: "${OUT:?set OUT to a folder for the results}"
SIZES=${SIZES:-"4x1024 16x512 64x256 256x128"}
DEVICE=${DEVICE:-cuda}
BUDGET_S=${BUDGET_S:-330}  # the whole script must end within 6 minutes on an H200
export PYTHONUNBUFFERED=1
mkdir -p "$OUT"
LOG="$OUT/log.txt"
W=${WORK:-/tmp/tv-adam-sweep}
rm -rf "$W" && mkdir -p "$W/runs" "$W/json"
START=$(date +%s)
say() { echo "$*" | tee -a "$LOG"; }

if [ -z "${NO_INSTALL:-}" ]; then
  if ls .whl/*.whl > /dev/null 2>&1; then
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl || exit 1
  fi
  export PYTHONPATH=/tmp/site
  python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-cache-dir --target /tmp/site . >> "$LOG" 2>&1 \
    || export PYTHONPATH=/tmp/site:$PWD
  export PATH=/tmp/site/bin:$PATH
fi
export TORCHINDUCTOR_CACHE_DIR=$W/inductor-cache  # cold: compile times are those of a first run
say "$(python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name(0) if torch.cuda.is_available() else "no GPU")' 2>&1)"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> "$LOG" 2>&1

GROUPS_=("plain:-v for-loop -v foreach -v fused -v apex -v triton"
         "compiled:-v compiled -v compiled-cudagraphs"
         "cpp:-v compiled-cpp-wrapper")
for group in "${GROUPS_[@]}"; do  # every size of a group before the next group: the cheap, sure runs first
  name=${group%%:*}; variants=${group#*:}
  for size in $SIZES; do
    left=$(( BUDGET_S - ($(date +%s) - START) ))
    if [ "$left" -lt 20 ]; then say "$size $name: not run ($left s left of $BUDGET_S)"; continue; fi
    t0=$(date +%s)
    # shellcheck disable=SC2086
    timeout "$left" python3 -m traceview run adam $variants --size "$size" --device "$DEVICE" -o "$W/runs/$size/$name" \
      --json > "$W/json/$size-$name.json" 2> "$W/runs/$size-$name.err"
    rc=$?
    say "$size $name: exit $rc in $(( $(date +%s) - t0 )) s; $(grep -h 'skipped\|error' "$W/runs/$size-$name.err" | tr '\n' ' ' | cut -c1-300)"
  done
done

# join the documents: trace paths relative to $W/runs, crossovers over every size, the table and the page
python3 - "$W" "$OUT" "$SIZES" >> "$LOG" 2>&1 <<'EOF'
import json, sys
from pathlib import Path

import pandas as pd
from rich.console import Console

from traceview.analysis.compare.scaling import scaling_of_rows
from traceview.report.json import json_text
from traceview.report.scaling import scaling_document, scaling_view, write_scaling_html

work, out, sizes = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3].split()
runs, skipped, device = [], {}, None
for size in sizes:
    for group in ("plain", "compiled", "cpp"):
        path = work / "json" / f"{size}-{group}.json"
        text = path.read_text() if path.exists() else ""
        if "{" not in text:
            print(f"{path.name}: no document")
            continue
        doc = json.loads(text[text.index("{\n") if "{\n" in text else text.index("{"):])
        device, skipped = doc["device"], {**skipped, **doc["skipped"]}
        runs += [{**r, "trace": f"{size}/{group}/{r['trace']}"} for r in doc["runs"]]
scaling = scaling_of_rows(pd.DataFrame(runs))
title = f"adam on {device}: sizes {', '.join(sizes)}"
(out / "adam_sweep.json").write_text(json_text(scaling_document(scaling, workload="adam", device=device, skipped=skipped)) + "\n")
console = Console(width=200, record=True)
console.print(scaling_view(scaling, title))
(out / "sweep.txt").write_text(console.export_text())
try:
    write_scaling_html(scaling, out / "sweep.html", f"traceview run: {title}")
except ImportError as exc:
    print(f"no sweep.html: {exc}")
EOF
say "joined: $(ls "$OUT" | tr '\n' ' ')"
tar -C "$W" -czf "$OUT/runs.tar.gz" --exclude='*/code' --exclude=inductor-cache runs json
if [ "$(stat -c %s "$OUT/runs.tar.gz")" -gt 15000000 ]; then
  split -b 15000000 -d "$OUT/runs.tar.gz" "$OUT/runs.tar.gz.part" && rm "$OUT/runs.tar.gz"
fi
say "done in $(( $(date +%s) - START )) s"

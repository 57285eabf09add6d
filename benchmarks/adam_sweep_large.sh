#!/usr/bin/env bash
# Issue 31 (seed 000 at scale): the compiled Adam variants at 770 (64x256) and 3,074 (256x128) tensors,
# which benchmarks/adam_sweep.sh could not compile inside one device call (> 78 s per variant at 770).
# Compiling is CPU work; measuring needs the GPU to itself. So, in one call:
#   1. warm: every (size, variant) builds its case and steps 3 times (compiling; CUDA-graph trees record on
#      the 2nd/3rd call), all six processes at once on the machine's cores, into one Inductor cache
#      (FX graph, AOTAutograd, Triton and autotuning caches);
#   2. measure: one `traceview run adam -v V --size S --json` at a time, smallest size first, with that cache
#      warm (Dynamo still traces each step; nothing else runs on the GPU meanwhile).
# A warm that does not end by WARM_S is stopped and its size not measured; the cache is packed into $OUT so a
# second call can measure with it (CACHE_IN=dir with the parts: cat cache.tar.gz.part* | tar -xz).
# Usage (repository root; wheels of what the image lacks in .whl/):  OUT=/some/dir bash benchmarks/adam_sweep_large.sh
# $OUT: log.txt, runs.tar.gz (run dirs without generated code, the run --json documents, the warm logs), and the
# cache in parts when something was not measured.
set -u
: "${OUT:?set OUT to a folder for the results}"
SIZES=${SIZES:-"64x256 256x128"}
VARIANTS=${VARIANTS:-"compiled compiled-cudagraphs compiled-cpp-wrapper"}
BUDGET_S=${BUDGET_S:-560}
WARM_S=${WARM_S:-330}
export PYTHONUNBUFFERED=1
mkdir -p "$OUT"; LOG=$OUT/log.txt
W=${WORK:-/tmp/tv-adam-large}; rm -rf "$W"; mkdir -p "$W/runs" "$W/json" "$W/warm"
START=$(date +%s)
say() { echo "[$(( $(date +%s) - START )) s] $*" | tee -a "$LOG"; }
if ls .whl/*.whl > /dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl >> "$LOG" 2>&1
fi
python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-cache-dir --target /tmp/site . >> "$LOG" 2>&1
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH TORCHINDUCTOR_CACHE_DIR=$W/inductor-cache
if [ -n "${CACHE_IN:-}" ]; then mkdir -p "$TORCHINDUCTOR_CACHE_DIR"; cat "$CACHE_IN"/cache.tar.gz.part* | tar -xz -C "$W"; fi
say "$(python3 -c 'import torch, traceview; print("torch", torch.__version__, torch.cuda.get_device_name(0), "cores", __import__("os").cpu_count(), traceview.__file__)' 2>&1)"

declare -A PIDS
for size in $SIZES; do
  for v in $VARIANTS; do
    python3 - "$size" "$v" > "$W/warm/$size-$v.log" 2>&1 <<'EOF' &
import sys, time
import torch
from traceview.capture.workloads.adam import VARIANTS, parse_size
size, name = parse_size(sys.argv[1]), sys.argv[2]
t0 = time.perf_counter()
case = VARIANTS[name].build(size, torch.device("cuda"))
for i in range(3):
    case.step(); torch.cuda.synchronize()
    print(f"{sys.argv[1]} {name}: call {i} done at {time.perf_counter() - t0:.1f} s", flush=True)
EOF
    PIDS["$size-$v"]=$!
  done
done
for key in "${!PIDS[@]}"; do
  left=$(( WARM_S - ($(date +%s) - START) ))
  pid=${PIDS[$key]}
  while kill -0 "$pid" 2> /dev/null && [ "$left" -gt 0 ]; do sleep 2; left=$(( WARM_S - ($(date +%s) - START) )); done
  if kill -0 "$pid" 2> /dev/null; then kill "$pid"; say "warm $key: stopped at $WARM_S s ($(tail -1 "$W/warm/$key.log"))"
  else wait "$pid"; say "warm $key: exit $? ($(tail -1 "$W/warm/$key.log" | cut -c1-200))"; fi
done

for size in $SIZES; do
  for v in $VARIANTS; do
    if ! grep -q "call 2 done" "$W/warm/$size-$v.log"; then say "$size $v: not measured (warm did not finish)"; MISSING=1; continue; fi
    left=$(( BUDGET_S - ($(date +%s) - START) ))
    if [ "$left" -lt 30 ]; then say "$size $v: not measured ($left s left)"; MISSING=1; continue; fi
    t0=$(date +%s)
    timeout "$left" python3 -m traceview run adam -v "$v" --size "$size" -o "$W/runs/$size/$v" --json \
      > "$W/json/$size-$v.json" 2> "$W/runs/$size-$v.err"
    say "$size $v: exit $? in $(( $(date +%s) - t0 )) s; $(grep -h 'skipped\|rror' "$W/runs/$size-$v.err" | tr '\n' ' ' | cut -c1-200)"
    rm -rf "$W"/runs/*/*/*/code; find "$W/runs" -name "*.torch_trace.log*" -size +2M -delete
    tar -czf "$OUT/runs.tar.gz" -C "$W" runs json warm
  done
done
if [ -n "${MISSING:-}" ]; then  # a second call can measure the rest with this cache (CACHE_IN)
  tar -czf - -C "$W" inductor-cache | split -b 15000000 -d - "$OUT/cache.tar.gz.part"
  say "cache: $(du -sh "$W/inductor-cache" | cut -f1) in $(ls "$OUT"/cache.tar.gz.part* | wc -l) part(s)"
fi
say "done"

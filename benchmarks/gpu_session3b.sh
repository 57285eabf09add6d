#!/usr/bin/env bash
# Second device call of 2026-11-25: static inputs done so that the copies go (buffers of a module), and the
# Adam sweep's rows the first call had no time for (compiled-cpp-wrapper at 50 and 194 tensors, the compiled
# step at 770 tensors).   OUT=/some/dir bash benchmarks/gpu_session3b.sh   (repository root)
# $OUT: log.txt, small.tar.gz (run dirs without generated code, the run --json documents).
set -u
: "${OUT:?set OUT}"
mkdir -p "$OUT"; LOG=$OUT/log.txt; S=/tmp/tv-s3b; rm -rf "$S"; mkdir -p "$S/runs" "$S/json"
say() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }
if ls .whl/*.whl > /dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl >> "$LOG" 2>&1
fi
python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-cache-dir --target /tmp/site . >> "$LOG" 2>&1
export PYTHONPATH=/tmp/site:$PWD PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1 TORCHINDUCTOR_CACHE_DIR=$S/inductor-cache
START=$(date +%s)
abc() {  # NAME ARGS...: an unprofiled timing run, then a steady profile (as benchmarks/gpu_predictions.sh)
  local name=$1; shift; mkdir -p "$S/runs/$name"
  timeout 100 python3 sample_traces/scripts/abc_static.py --timing-json "$S/runs/$name/timing.json" "$@" > "$S/runs/$name/timing.out" 2>&1
  say "abc $name timing exit $?"
  timeout 100 python3 -m traceview profile --steady --no-analyze -o "$S/runs/$name" sample_traces/scripts/abc_static.py --calls 6 "$@" \
    > "$S/runs/$name/profile.out" 2>&1
  say "abc $name profile exit $?"
  python3 -c "import json,statistics,sys; t=json.load(open(sys.argv[1]))['call_ms']; print(f'  median of calls 50.. {statistics.median(t[50:]):.4f} ms')" \
    "$S/runs/$name/timing.json" | tee -a "$LOG"
}
abc abc-max-autotune
abc abc-max-autotune-static-module --static --static-how module
rm -rf "$S"/runs/*/code
tar -czf "$OUT/small.tar.gz" -C "$S" runs json
adam() {  # SIZE GROUP VARIANTS...
  local size=$1 group=$2; shift 2
  local left=$(( ${BUDGET_S:-540} - ($(date +%s) - START) ))
  if [ "$left" -lt 30 ]; then say "adam $size $group: not run ($left s left)"; return; fi
  timeout "$left" python3 -m traceview run adam "$@" --size "$size" -o "$S/runs/adam/$size/$group" --json \
    > "$S/json/$size-$group.json" 2> "$S/runs/adam-$size-$group.err"
  say "adam $size $group exit $? ($(grep -h 'skipped\|rror' "$S/runs/adam-$size-$group.err" | tr '\n' ' ' | cut -c1-200))"
  rm -rf "$S"/runs/adam/*/*/*/code; find "$S/runs/adam" -name "*.torch_trace.log*" -size +2M -delete
  tar -czf "$OUT/small.tar.gz" -C "$S" runs json
}
adam 4x1024 cpp -v compiled-cpp-wrapper
adam 16x512 cpp -v compiled-cpp-wrapper
adam 64x256 compiled -v compiled -v compiled-cudagraphs
say "done; $(du -sh "$OUT/small.tar.gz")"

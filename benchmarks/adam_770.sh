#!/usr/bin/env bash
# Issue 31: compiled-cudagraphs and compiled-cpp-wrapper Adam at 770 tensors (64x256), which adam_sweep_large.sh
# could not measure in its call. Each variant is one cold `traceview run adam -v V --size 64x256 --json` (compile,
# check, time, profile in one process), the two at once (compiling is CPU work on 16 cores; their timed phases may
# overlap the other's compile: host ms are an upper bound, said in docs/benchmarks.md).
#   OUT=/some/dir bash benchmarks/adam_770.sh     ($OUT: log.txt, <variant>.json, adam_770.tar.gz: run dirs without code)
set -u
: "${OUT:?set OUT}"
S=/tmp/tv-adam-770
. benchmarks/device_setup.sh
say "$(python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name(0))')"
for v in ${VARIANTS:-compiled-cudagraphs compiled-cpp-wrapper}; do
  ( t0=$(date +%s); timeout ${LIMIT_S:-560} python3 -m traceview run adam -v "$v" --size 64x256 --json -o "$S/$v" \
      > "$OUT/$v.json" 2> "$S/$v.err"; say "$v: exit $? in $(( $(date +%s) - t0 )) s" ) &
done
wait
find "$S" -name code -type d -prune -exec rm -rf {} +
cp "$LOG" "$S/"
tar -czf "$OUT/adam_770.tar.gz" -C "$S" .
say "done"

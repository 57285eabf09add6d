#!/usr/bin/env bash
# Issue 27: `compile` advice from a profile calibrated in its own process (`profile --calibrate`: the compiled call's
# and each kernel's host cost timed after the script, in the process that ran the steps) against the interleaved
# A/B of eager and compiled (benchmarks/ab_models.py --arms base,compiled), for models whose profiles ran in slower
# or faster processes than the A/B's (benchmarks/results/profile_clock-2026-11-26.txt: +-25% between processes).
#   OUT=/some/dir MODELS="mixer vit cnn" bash benchmarks/gpu_calibrated.sh
# $OUT: log.txt, calibrated.tar.gz (<model>-eager-cal run directories with ab.json).
set -u
: "${OUT:?set OUT}"
MODELS=${MODELS:-mixer vit cnn}
S=/tmp/tv-cal
. benchmarks/device_setup.sh
SCRIPT=sample_traces/scripts/train_models.py
for m in $MODELS; do
  d=$S/$m-eager-cal
  timeout 150 python3 -m traceview profile --steps 10:15 --calibrate --no-analyze -o "$d" "$SCRIPT" --model "$m" --iters 40 > "$d.out" 2>&1
  say "profile $m --calibrate: exit $? ($(python3 -c "import json; h=json.load(open('$d/meta.json'))['host']; print(h.get('calibration'))" 2>&1 | cut -c1-200))"
  timeout 200 python3 benchmarks/ab_models.py --model "$m" --arms base,compiled --rounds 10 --steps 10 --json "$d/ab.json" >> "$LOG" 2>&1
  say "A/B $m: exit $?"
  rm -rf "$d/code"; find "$d" -name "*.torch_trace.log*" -size +2M -delete
done
tar -czf "$OUT/calibrated.tar.gz" -C "$S" .
say done

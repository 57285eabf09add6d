#!/usr/bin/env bash
# The compile model's constants with the measuring process's speed (benchmarks/micro_compile.py: the chain and the
# network blocks, and the median eager launch call under the profiler), in RUNS separate processes.
#   OUT=/some/dir RUNS=2 bash benchmarks/gpu_micro_speed.sh    ($OUT: micro_compile-speed-<i>.json, log.txt)
set -u
: "${OUT:?set OUT}"
S=/tmp/tv-micro
. benchmarks/device_setup.sh
for i in $(seq 1 "${RUNS:-2}"); do
  timeout 280 python3 benchmarks/micro_compile.py --blocks chain,convbn,mlp,attention --json "$OUT/micro_compile-speed-$i.json" \
    > "$S/micro-$i.out" 2>&1
  say "micro_compile $i: exit $?"; grep -v USDT "$S/micro-$i.out" | grep unprofiled | tee -a "$LOG"
done
say "done"

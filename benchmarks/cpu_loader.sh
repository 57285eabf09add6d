#!/usr/bin/env bash
# Issue 33 on the CPU: input-bound DataLoader loops (sample_traces/scripts/train_loader.py with a heavy per-sample
# transform in NumPy, num_workers=0) profiled (`traceview profile --steps 10:15`: the trace the advice reads, and the
# unprofiled step and __next__ times in meta.json) and measured in an interleaved A/B (benchmarks/ab_loader.py):
# base; `input` as the advice words it (num_workers=W and, where W workers beside the intra-op threads would
# oversubscribe the cores, torch.set_num_threads(cores - W)); input@1/T, one worker keeping the script's T threads.
# Run on this machine with nothing else running.
#   OUT=/some/dir CASES="mlp:64:48 cnn:32:40 lstm:64:60" bash benchmarks/cpu_loader.sh
# $OUT/<model>-input/ (the profile run, ab.json), $OUT/log.txt.
set -u
: "${OUT:?set OUT}"
CASES=${CASES:-"mlp:64:48 cnn:32:40 lstm:64:60"}  # model:batch:work
mkdir -p "$OUT"; LOG=$OUT/log.txt
START=$(date +%s)
say() { echo "[$(( $(date +%s) - START )) s] $*" | tee -a "$LOG"; }
THREADS=$(python -c 'import torch; print(torch.get_num_threads())')
say "$(python -c 'import os, torch; print("torch", torch.__version__, "threads", torch.get_num_threads(), "cores", len(os.sched_getaffinity(0)))')"
SCRIPT=$PWD/sample_traces/scripts/train_loader.py
for c in $CASES; do
  IFS=: read -r model batch work <<< "$c"
  d=$OUT/$model-input
  timeout 600 python -m traceview profile --steps 10:15 --no-analyze -o "$d" "$SCRIPT" --model "$model" --batch "$batch" \
    --iters 30 --work "$work" --numpy --device cpu > "$d.out" 2>&1
  say "profile $model: exit $?"
  timeout 900 python benchmarks/ab_loader.py --model "$model" --batch "$batch" --work "$work" --numpy --device cpu \
    --arms "base,input,input@1/$THREADS" --rounds 10 --steps 10 --json "$d/ab.json" >> "$LOG" 2>&1
  say "A/B $model: exit $?"
done
find "$OUT" -name code -type d -prune -exec rm -rf {} +
say done

#!/usr/bin/env bash
# Issue 27 §4/§5 on the CPU: the out-of-sample models (sample_traces/scripts/train_models.py) profiled eager (steps
# 10-14) and measured in an interleaved A/B of eager, compiled (Inductor's C++) and fused AdamW
# (benchmarks/ab_models.py), on this machine with nothing else running; then benchmarks/micro_optimizer.py.
#   OUT=/some/dir MODELS="mixer cnn gru vit" bash benchmarks/cpu_models.sh
# $OUT/<model>-eager (the profile run), $OUT/ab-<model>.json, $OUT/micro_optimizer.json, $OUT/log.txt.
set -u
: "${OUT:?set OUT}"
MODELS=${MODELS:-mixer cnn gru vit}
BATCH=${BATCH:-8}
mkdir -p "$OUT"; LOG=$OUT/log.txt
START=$(date +%s)
say() { echo "[$(( $(date +%s) - START )) s] $*" | tee -a "$LOG"; }
say "$(python -c 'import os, torch; print("torch", torch.__version__, "threads", torch.get_num_threads(), "cores", len(os.sched_getaffinity(0)))')"
SCRIPT=$PWD/sample_traces/scripts/train_models.py
timeout 300 python benchmarks/micro_optimizer.py --json "$OUT/micro_optimizer.json" >> "$LOG" 2>&1
say "micro_optimizer: exit $?"
for m in $MODELS; do
  timeout 600 python -m traceview profile --steps 10:15 --no-analyze -o "$OUT/$m-eager" "$SCRIPT" --model "$m" --iters 30 \
    --batch "$BATCH" > "$OUT/$m-eager.out" 2>&1
  say "profile $m eager: exit $?"
  timeout 900 python benchmarks/ab_models.py --model "$m" --batch "$BATCH" --arms base,compiled,fused --rounds 10 --steps 8 \
    --json "$OUT/ab-$m.json" >> "$LOG" 2>&1
  say "A/B $m: exit $?"
done
find "$OUT" -name code -type d -prune -exec rm -rf {} +
say done

#!/usr/bin/env bash
# Issue 27 §3/§5 on one GPU: the compile model's constants (benchmarks/micro_compile.py) and the out-of-sample
# models (sample_traces/scripts/train_models.py: mixer, gru, bert), each profiled eager and compiled (steady steps
# 10-14, `traceview profile --steps 10:15`) and measured in an interleaved A/B of eager, compiled, CUDA graphs and
# fused AdamW (benchmarks/ab_models.py).
#   MODELS="mixer gru" MICRO=1 OUT=/some/dir bash benchmarks/gpu_models.sh
#   STEPS=0:8 TAG=-incl AB=0 MODELS="vit cnn llama" ...   compile-included profiles (<model>-<mode>-incl), no A/B
#   MODES=compiled AB=0 ...                                only the compiled profiles
# $OUT: log.txt, micro_compile.json, ab-<model>.json, models.tar.gz (the profile run directories, no generated code).
set -u
: "${OUT:?set OUT}"
MODELS=${MODELS:-mixer gru bert}
S=/tmp/tv-models
. benchmarks/device_setup.sh
say "$(python3 -c 'import os, torch, pandas; print("torch", torch.__version__, "pandas", pandas.__version__, torch.cuda.get_device_name(0), "cores", len(os.sched_getaffinity(0)))')"
SCRIPT=$PWD/sample_traces/scripts/train_models.py
if [ "${MICRO:-0}" = 1 ]; then
  timeout 150 python3 benchmarks/micro_compile.py --json "$OUT/micro_compile.json" > "$S/micro.out" 2>&1
  say "micro_compile: exit $?"; grep -v USDT "$S/micro.out" | tail -9 | tee -a "$LOG"
fi
if [ "${SAME_PROCESS:-0}" = 1 ]; then  # the eager profile and the A/B in one process: $S/same/<model>-eager, ab-<model>.json
  mkdir -p "$S/same"
  for m in $MODELS; do
    timeout 300 python3 -m traceview profile --steps 10:15 --no-analyze --no-torch-trace -o "$S/same/$m-eager" \
      benchmarks/ab_models.py --model "$m" --prelude 20 --rounds 10 --steps 10 --json "$S/same/ab-$m.json" > "$S/same/$m.out" 2>&1
    say "profile + A/B $m in one process: exit $?"; [ "${SEALED:-0}" = 1 ] || grep "ms/step" "$S/same/$m.out" | tee -a "$LOG"
  done
  MODELS=""
fi
for m in $MODELS; do
  for mode in ${MODES:-eager compiled}; do
    timeout 150 python3 -m traceview profile --steps "${STEPS:-10:15}" --no-analyze -o "$S/$m-$mode${TAG:-}" "$SCRIPT" \
      --model "$m" --mode "$mode" --iters 40 > "$S/$m-$mode.out" 2>&1
    say "profile $m $mode ${STEPS:-10:15}: exit $?"; tail -2 "$S/$m-$mode.out" | tee -a "$LOG"
  done
  if [ "${AB:-1}" = 1 ]; then
    timeout 200 python3 benchmarks/ab_models.py --model "$m" --rounds 10 --steps 10 --json "$OUT/ab-$m.json" > "$S/ab-$m.out" 2>&1
    say "A/B $m: exit $?"; tail -4 "$S/ab-$m.out" | tee -a "$LOG"
  fi
done
find "$S" -name code -type d -prune -exec rm -rf {} + ; find "$S" -name "*.torch_trace.log*" -size +2M -delete
cp "$OUT"/*.json "$LOG" "$S/" 2>/dev/null
tar -czf "$OUT/models.tar.gz" -C "$S" --exclude="*.out" .
say "done"

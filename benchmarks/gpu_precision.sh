#!/usr/bin/env bash
# Issues 65 and 66 on one GPU: the precision constants and the precision advice against a measured A/B.
#   OUT=/some/dir bash benchmarks/gpu_precision.sh
# 1. benchmarks/micro_precision.py: float32 / TF32 / bf16 GEMM speedups by float32 µs (the SPEEDUP table).
# 2. sample_traces/scripts/train_precision.py profiled in float32 at three sizes (gpt-fp32: 1024x6, mid: 512x4,
#    small: 256x2 batch 8, host-bound), 2 steps each (the advice's input).
# 3. benchmarks/ab_precision.py at the same sizes: base / TF32 / bf16 autocast alternating in one process.
# 4. traceview try --change tf32 on gpt-fp32, switched inside one run and (--no-switch) as separate runs.
# SIZES picks the sizes (default all three, most telling first); RUNS_TOO=1 adds step 4's --no-switch runs.
# $OUT: log.txt, micro.json, ab-<size>.json, try-<switch|runs>.json, precision.tgz (the cut profiles).
set -u
: "${OUT:?set OUT}"
S=/tmp/tv-precision
. benchmarks/device_setup.sh
say "$(python3 -c 'import os, torch, pandas; print("torch", torch.__version__, "pandas", pandas.__version__, torch.cuda.get_device_name(0), "cores", len(os.sched_getaffinity(0)))')"
SCRIPT=$PWD/sample_traces/scripts/train_precision.py
timeout 90 python3 benchmarks/micro_precision.py --json "$OUT/micro.json" > "$S/micro.out" 2>&1
say "micro: exit $?"; tail -12 "$S/micro.out" | tee -a "$LOG"
declare -A SIZE=([gpt-fp32]="--width 1024 --layers 6 --batch 32 --seq 256" [mid]="--width 512 --layers 4 --batch 16 --seq 256" [small]="--width 256 --layers 2 --batch 8 --seq 128")
for name in ${SIZES:-gpt-fp32 small mid}; do
  timeout 90 python3 -m traceview profile -o "$S/profile-$name" --steps 20:22 "$SCRIPT" ${SIZE[$name]} --steps 30 > "$S/p.out" 2>&1
  say "profile $name: exit $?"; tail -2 "$S/p.out" | tee -a "$LOG"
  timeout 40 python3 -m traceview analyze "$S/profile-$name" > "$OUT/advice-$name.txt" 2>&1; head -12 "$OUT/advice-$name.txt" | tee -a "$LOG"
  timeout 100 python3 benchmarks/ab_precision.py ${SIZE[$name]} --out "$OUT/ab-$name.json" > "$S/ab.out" 2>&1
  say "A/B $name: exit $?"; tail -4 "$S/ab.out" | tee -a "$LOG"
done
timeout 150 python3 -m traceview try --json --steps 10:30 --runs 2 --change tf32 -o "$S/try-switch" "$SCRIPT" ${SIZE[gpt-fp32]} --steps 120 > "$OUT/try-switch.json" 2> "$S/try.err"
say "try tf32 switched: exit $?"; tail -4 "$S/try.err" | tee -a "$LOG"
if [ -n "${RUNS_TOO:-}" ]; then
  timeout 200 python3 -m traceview try --json --no-switch --no-predict --steps 10:50 --runs 3 --change tf32 -o "$S/try-runs" "$SCRIPT" ${SIZE[gpt-fp32]} --steps 60 > "$OUT/try-runs.json" 2> "$S/try2.err"
  say "try tf32 runs: exit $?"; tail -4 "$S/try2.err" | tee -a "$LOG"
fi
rm -rf "$S"/profile-*/code "$S"/try-*; find "$S" -name "*.torch_trace.log*" -size +2M -delete
tar czf "$OUT/precision.tgz" -C "$S" . 2>/dev/null; ls -la "$OUT" | tee -a "$LOG"

#!/usr/bin/env bash
# The compile/fused/CUDA-graph A/B of train_models' models measured BEFORE the eager profile, in one process: the
# A/B's rounds first (10 rounds of 10 steps, every arm), then the script's loop alone (--tail 40), profiled at its
# steps 160-164 (the base arm's rounds take 135 of its counted steps; the unprofiled timing is the 20 steps before
# the window). A profiled window leaves the process 1.2-1.7x slower (benchmarks/after_profiler.py), so the A/B that
# SAME_PROCESS=1 benchmarks/gpu_models.sh runs after its profile measures every arm in that slower regime.
#   MODELS="shufflenet dlrm" OUT=/some/dir bash benchmarks/gpu_ab_first.sh    (SEALED=1: the A/B's results not printed)
#   ARMS=base,compiled,compiled-loss ...    the arms (ab_models.py --arms; 4 arms or fewer keep the window after the rounds)
# $OUT: log.txt, models.tar.gz (<model>-eager run directories and ab-<model>.json).
set -u
: "${OUT:?set OUT}"
MODELS=${MODELS:-shufflenet dlrm gcn gptneox}
S=/tmp/tv-ab-first
. benchmarks/device_setup.sh
say "$(python3 -c 'import os, torch, pandas; print("torch", torch.__version__, "pandas", pandas.__version__, torch.cuda.get_device_name(0), "cores", len(os.sched_getaffinity(0)))')"
for m in $MODELS; do
  timeout 240 python3 -m traceview profile --steps 160:165 --no-analyze --no-torch-trace -o "$S/$m-eager" \
    benchmarks/ab_models.py --model "$m" --arms "${ARMS:-base,compiled,cudagraphs,fused}" --rounds 10 --steps 10 --tail 40 \
    --json "$S/ab-$m.json" > "$S/$m.out" 2>&1
  say "A/B then profile $m in one process: exit $?"; [ "${SEALED:-0}" = 1 ] || grep "ms/step" "$S/$m.out" | tee -a "$LOG"
done
cp "$LOG" "$S/" 2>/dev/null
tar -czf "$OUT/models.tar.gz" -C "$S" --exclude="*.out" .
say "done"

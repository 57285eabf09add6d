#!/usr/bin/env bash
# Are the steps `traceview profile` times without the profiler (before its window) as fast as the script run
# plainly? For each model of sample_traces/scripts/train_models.py (eager): the plain run (benchmarks/step_clock.py),
# `profile --steps 10:15` and `profile --steps 30:35` (their meta.json's unprofiled median), and the interleaved A/B's
# eager arm (benchmarks/ab_models.py --arms base), twice each, alternating.
#   OUT=/some/dir MODELS="mixer vit" bash benchmarks/gpu_profile_clock.sh
set -u
: "${OUT:?set OUT}"
MODELS=${MODELS:-mixer vit}
S=/tmp/tv-clock
. benchmarks/device_setup.sh
SCRIPT=sample_traces/scripts/train_models.py
for rep in 1 2; do
  for m in $MODELS; do
    python3 benchmarks/step_clock.py "$SCRIPT" --model "$m" --iters 45 2>/dev/null | tail -1 > "$OUT/plain-$m-$rep.json"
    say "$m plain $rep: $(python3 -c "import json; print(round(json.load(open('$OUT/plain-$m-$rep.json'))['median_ms_from_step_3'], 2))")"
    for w in 10:15 30:35; do
      d=$S/$m-$w-$rep; python3 -m traceview profile --steps "$w" --no-analyze -o "$d" "$SCRIPT" --model "$m" --iters 45 > /dev/null 2>&1
      cp "$d/meta.json" "$OUT/meta-$m-${w/:/-}-$rep.json"
      say "$m profile $w $rep: $(python3 -c "import json; t=json.load(open('$d/meta.json'))['steps']['timing']; print(round(t['unprofiled_median_ms'], 2), t['unprofiled_steps'][:1], t['unprofiled_steps'][-1:])")"
    done
    python3 benchmarks/ab_models.py --model "$m" --arms base --rounds 8 --steps 10 --json "$OUT/ab-$m-$rep.json" > /dev/null 2>&1
    say "$m A/B base $rep: $(python3 -c "import json; print(round(json.load(open('$OUT/ab-$m-$rep.json'))['arms']['base']['median_ms'], 2))")"
  done
done
say done

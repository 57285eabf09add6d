#!/usr/bin/env bash
# Why the A/B's base arm runs slower than the script it stands for (issue 33): in every A/B of the loader sets, the
# base arm's step and its wait for a batch were longer in the rounds than in the same process's prelude (the base
# arm alone, as the unchanged script runs). Per model, four processes of benchmarks/ab_loader.py with the same
# rounds (16 of 20 timed steps, 10 untimed) and a timed prelude, differing only in which other arms exist:
#   alone: base;  copies: base,sync,pageable_copy (no worker processes);  workers: base,input (4 forked workers, a
#   pin-memory thread);  all: base,sync,pageable_copy,input (the A/B as the sets ran it).
# Each process's base-in-rounds / prelude ratio says which other arm slows the base.
#   OUT=/some/dir MODELS="resnet bert convnext" bash benchmarks/ab_regime.sh
set -u
: "${OUT:?set OUT}"
MODELS=${MODELS:-"resnet bert convnext"}
BUDGET_S=${BUDGET_S:-540}
S=/tmp/tv-regime
. benchmarks/device_setup.sh
for model in $MODELS; do
  for v in alone:base copies:base,sync,pageable_copy workers:base,input all:base,sync,pageable_copy,input; do
    left=$(( BUDGET_S - ($(date +%s) - START) ))
    if [ "$left" -lt 30 ]; then say "$model ${v%%:*}: not run ($left s left)"; continue; fi
    timeout "$left" python3 benchmarks/ab_loader.py --model "$model" --sync-every 1 --work 0 --workers 0 --arms "${v#*:}" \
      --rounds 16 --steps 20 --untimed 10 --prelude 40 --json "$OUT/$model-${v%%:*}.json" > "$S/$model-${v%%:*}.out" 2>&1
    say "$model ${v%%:*}: exit $? $(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); p=d['prelude_timed']; b=d['arms']['base']; print('prelude %.2f ms (next %.2f) rounds %.2f ms (next %.2f) ratio %.2f' % (p['ms'], p['next_ms'], b['median_ms'], b['next_median_ms'], b['median_ms'] / p['ms']))" "$OUT/$model-${v%%:*}.json" 2>&1 | tail -1)"
  done
done
say "done"

#!/usr/bin/env bash
# Issue 28: how much one process's step differs from the next's (the noise `try` measures against), and what
# cuts it. The baseline run of `traceview try` (python -m traceview.capture.trial) of train_gpt2.py --mode compiled,
# N runs in each of several environments, interleaved: default; PYTHONHASHSEED=0; pinned to 4 cores (taskset);
# both. Prints each run's step (median of synchronised 5-step chunks, steps 10-39).
#   OUT=/some/dir N=5 bash benchmarks/try_noise.sh    (repository root; wheels in .whl/)
set -u
: "${OUT:?set OUT}"
N=${N:-5}
mkdir -p "$OUT"; LOG=$OUT/noise.txt
if ls .whl/*.whl > /dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl > /dev/null 2>&1
fi
python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-cache-dir --target /tmp/site . > /dev/null 2>&1
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
S=/tmp/tv-noise; mkdir -p $S
for i in $(seq 1 "$N"); do
  for env in default seed pin both; do
    for mode in compiled eager; do
      spec="{\"change\": null, \"start\": 10, \"stop\": 40, \"annotation\": null, \"workers\": 0, \"threads\": 0, \"out\": \"$S/r.json\"}"
      pre=""; [ "$env" = pin ] || [ "$env" = both ] && pre="taskset -c 4-7"
      seed=""; [ "$env" = seed ] || [ "$env" = both ] && seed="PYTHONHASHSEED=0"
      env $seed TRACEVIEW_TRY_SPEC="$spec" $pre python3 -m traceview.capture.trial sample_traces/scripts/train_gpt2.py --mode $mode --iters 60 > /dev/null 2>&1
      python3 -c "import json; d=json.load(open('$S/r.json')); print('$env', '$mode', $i, round(d['step_ms'], 3), d['chunk_ms'])" | tee -a "$LOG"
    done
  done
done

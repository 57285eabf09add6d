#!/usr/bin/env bash
# Issue 28: how much one process's step differs from the next's (the noise `traceview try` measures against),
# and whether the process's own host speed explains it. The baseline run of `try` (python -m
# traceview.capture.trial) of train_gpt2.py, compiled and eager alternating, N of each; each run records its
# step (median of synchronised 5-step chunks, steps 10-109) and host_calibration() before and after the steps.
#   OUT=/some/dir N=12 bash benchmarks/try_noise.sh    (repository root; wheels in .whl/)
# $OUT/noise.jsonl: one run per line.
set -u
: "${OUT:?set OUT}"
N=${N:-12}
mkdir -p "$OUT"
if ls .whl/*.whl > /dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl > /dev/null 2>&1
fi
python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-cache-dir --target /tmp/site . > /dev/null 2>&1
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
S=/tmp/tv-noise; mkdir -p $S
START=$(date +%s)
for i in $(seq 1 "$N"); do
  for mode in compiled eager; do
    [ $(( $(date +%s) - START )) -gt "${BUDGET_S:-500}" ] && break 2
    spec="{\"change\": null, \"start\": 10, \"stop\": 110, \"annotation\": null, \"workers\": 0, \"threads\": 0, \"out\": \"$S/r.json\"}"
    TRACEVIEW_TRY_SPEC="$spec" python3 -m traceview.capture.trial sample_traces/scripts/train_gpt2.py --mode $mode --iters 120 > /dev/null 2>&1
    python3 -c "import json; d=json.load(open('$S/r.json')); d['mode']='$mode'; d['i']=$i; d.pop('host_step_ms'); print(json.dumps(d))" >> "$OUT/noise.jsonl"
  done
done

#!/usr/bin/env bash
# Issue 27 §1: GPT-2 (train_gpt2.py) compiled and reduce-overhead, profiled with compilation inside the window
# (--steps 0:8) and steady (--steps 6:9), one process each; the advice of the two must agree.
#   OUT=/some/dir bash benchmarks/gpu_steady.sh   (repository root; wheels of what the image lacks in .whl/)
set -u
S=/tmp/tvs; rm -rf $S; mkdir -p $S
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl > /dev/null 2>&1
python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-cache-dir --target /tmp/site . > /dev/null 2>&1
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1 TORCHINDUCTOR_CACHE_DIR=$S/cache
START=$(date +%s)
for mode in compiled reduce-overhead; do
  for w in incl:0:8 steady:6:9; do
    name=${w%%:*}; rng=${w#*:}; left=$(( 480 - ($(date +%s) - START) )); [ $left -lt 40 ] && { echo "$mode $name: not run"; continue; }
    timeout $left python3 -m traceview profile --steps $rng --no-analyze -o $S/$mode-$name sample_traces/scripts/train_gpt2.py --mode $mode --iters 14 > $S/$mode-$name.log 2>&1
    echo "$mode $name exit $? at $(( $(date +%s) - START )) s"
  done
done
rm -rf $S/*/code; find $S -name "*.torch_trace.log*" -size +3M -delete; rm -rf $S/cache
tar -czf $OUT/steady.tar.gz -C $S . && du -sh $OUT/steady.tar.gz

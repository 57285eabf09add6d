#!/usr/bin/env bash
# One call on the lent GPU machine (the `device` tool) for issues 20 and 21:
#   A. (background, CPU cores 8-15) a compile-included with_stack trace of a transformers GPT-2 trained with
#      torch.compile(mode="reduce-overhead"): the trace the Python tracer loses frame exits in (issue 20 §1-2);
#   B. (foreground, CPU cores 0-7) measured outcomes for traceview's advice (issue 21): the same GPT-2 script
#      in every mode under `traceview profile --steps 10:13`, each step's wall time written by the script
#      itself (steps 20.. are unprofiled: the measured per-step time of that mode), and `A * B + C` under
#      max-autotune with and without static inputs.
# The two parts run in separate calls so that the big capture never shares the GPU with a timing run:
#   OUT=/some/dir PART=measure bash benchmarks/gpu_predictions.sh   (B, ~8 min)
#   OUT=/some/dir PART=big bash benchmarks/gpu_predictions.sh       (A, ~6 min)
# (repository root, wheels of what the image lacks in .whl/).
# Files under $OUT: log.txt, predictions.tar.gz (run directories without generated code, timing JSON),
# big.json.xz.partNN (the with_stack trace, xz, cut in 15 MB parts: `cat big.json.xz.part* | xz -d`).
set -u
: "${OUT:?set OUT to a folder for the results}"
export PYTHONUNBUFFERED=1
LOG="$OUT/log.txt"
W=/tmp/tv-pred
rm -rf "$W" && mkdir -p "$W/runs" "$W/big"
START=$(date +%s)
say() { echo "$*" | tee -a "$LOG"; }

python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site
python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-cache-dir --target /tmp/site . >> "$LOG" 2>&1 \
  || export PYTHONPATH=/tmp/site:$PWD
export PATH=/tmp/site/bin:$PATH
TV="python3 -m traceview"
say "python $(python3 --version 2>&1); $(python3 -c 'import torch, transformers, pandas; print("torch", torch.__version__, "transformers", transformers.__version__, "pandas", pandas.__version__, torch.cuda.get_device_name(0))')"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> "$LOG" 2>&1
nproc >> "$LOG"
SCRIPTS=$PWD/sample_traces/scripts

PART=${PART:-measure}
if [ "$PART" = big ]; then
# --- A: the big compile-included with_stack trace -------------------------------------------------------
# `traceview profile --with-stack --include-compile` of train_gpt2.py traces the imports of transformers too:
# past 4 GB, and its export outran the call. with_stack_compile.py builds the model first and profiles the
# compile + 3 steps; try the smallest first and keep the first trace of at least 200 MB (the issue's size).
for cfg in "--layers 1 --warm" "--layers 1" "--layers 2"; do
  rm -f "$W/big/big.json"
  t0=$(date +%s)
  ( cd "$W/big" && TORCHINDUCTOR_CACHE_DIR=$W/big/cache-${cfg// /_} timeout 200 python3 "$SCRIPTS/with_stack_compile.py" \
      "$W/big/big.json" $cfg >> "$W/big/profile.out" 2>&1 )
  say "with_stack_compile.py $cfg: exit $? in $(( $(date +%s) - t0 )) s; $(stat -c %s "$W/big/big.json" 2>/dev/null) bytes"
  [ -f "$W/big/big.json" ] && [ "$(stat -c %s "$W/big/big.json")" -ge 200000000 ] && break
  [ $(( $(date +%s) - START )) -gt 330 ] && break
done

else
pack() {  # the finished run directories, without generated code, as one tarball under $OUT
  find "$W/runs" -name code -type d -prune -exec rm -rf {} +
  tar -czf "$OUT/predictions.tar.gz" -C "$W" runs
}
# --- B: measured outcomes, one run at a time ------------------------------------------------------------------
gpt2() {  # gpt2 NAME ARGS...: profile steps 10-12 of a 40-step run, the script times every step
  local name=$1; shift
  local t0=$(date +%s)
  mkdir -p "$W/runs/$name"
  timeout 150 taskset -c 0-15 $TV profile --steps 10:13 --no-analyze -o "$W/runs/$name" "$SCRIPTS/train_gpt2.py" \
    --iters 40 --timing-json "$W/runs/$name/timing.json" "$@" > "$W/runs/$name/profile.out" 2>&1
  local rc=$?
  pack
  say "gpt2 $name ($*): exit $rc in $(( $(date +%s) - t0 )) s; $(tail -n 1 "$W/runs/$name/profile.out")"
  python3 - "$W/runs/$name/timing.json" >> "$LOG" 2>&1 <<'EOF'
import json, statistics, sys
t = json.load(open(sys.argv[1]))["step_ms"]
print(f"  steps {len(t)}; first 3 {[round(x, 1) for x in t[:3]]}; median steps 20-39 {statistics.median(t[20:]):.3f} ms")
EOF
}
gpt2 gpt2-eager --mode eager
gpt2 gpt2-compiled --mode compiled
gpt2 gpt2-compiled-nobreak --mode compiled --no-graph-break
gpt2 gpt2-reduce-overhead --mode reduce-overhead
gpt2 gpt2-reduce-overhead-nobreak --mode reduce-overhead --no-graph-break
gpt2 gpt2-recompile --mode compiled --seq-change-at 25
gpt2 gpt2-recompile-dynamic --mode compiled --seq-change-at 25 --mark-dynamic

abc() {  # abc NAME ARGS...: steady profile (second run) + a separate unprofiled timing run
  local name=$1; shift
  mkdir -p "$W/runs/$name"
  timeout 100 taskset -c 0-15 python3 "$SCRIPTS/abc_static.py" --timing-json "$W/runs/$name/timing.json" "$@" > "$W/runs/$name/timing.out" 2>&1
  say "abc $name timing exit $?"
  timeout 100 taskset -c 0-15 $TV profile --steady --no-analyze -o "$W/runs/$name" "$SCRIPTS/abc_static.py" --calls 6 "$@" \
    > "$W/runs/$name/profile.out" 2>&1
  say "abc $name profile exit $?"
  pack
  python3 - "$W/runs/$name/timing.json" >> "$LOG" 2>&1 <<'EOF'
import json, statistics, sys
t = json.load(open(sys.argv[1]))["call_ms"]
print(f"  calls {len(t)}; median of calls 50.. {statistics.median(t[50:]):.4f} ms")
EOF
}
abc abc-max-autotune
abc abc-max-autotune-static --static
say "measurements done after $(( $(date +%s) - START )) s"

find "$W/runs" -name code -type d -prune -exec rm -rf {} +
tar -czf "$OUT/predictions.tar.gz" -C "$W" runs
fi
if [ "$PART" = big ]; then
grep -v "^WARNING" "$W/big/profile.out" | tail -n 20 >> "$LOG"
TRACE="$W/big/big.json"
if [ -f "$TRACE" ]; then
  xz -T16 -6 -c "$TRACE" > "$W/big/big.json.xz"
  say "big trace: $(stat -c %s "$TRACE") bytes, xz $(stat -c %s "$W/big/big.json.xz")"
  split -b 15000000 -d "$W/big/big.json.xz" "$OUT/big.json.xz.part"
fi
fi
ls -la "$OUT" >> "$LOG"
say "session done in $(( $(date +%s) - START )) s"

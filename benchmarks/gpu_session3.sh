#!/usr/bin/env bash
# One device call: the GPU halves of issue 20 §7/§8 and issue 22's Adam sweep.
#   OUT=/some/dir bash benchmarks/gpu_session3.sh       (repository root; ADAM_BUDGET_S, TEARDOWN_RUNS to shorten)
# 1. NCCL teardown (world size 1, one GPU): benchmarks/nccl_teardown.sh, TEARDOWN_RUNS runs (15).
# 2. A plain training loop on the GPU: traceview profile sample_traces/scripts/train_mlp.py; analyze --json.
# 3. The Adam sweep (benchmarks/adam_sweep.sh) under ADAM_BUDGET_S (300).
# $OUT: log.txt, small.tar.gz (teardown summary, the MLP run dir, analyze JSON, adam_sweep.json, sweep.txt,
# adam log), adam-runs.tar.gz[.partNN] (the sweep's run directories).
set -u
: "${OUT:?set OUT}"
mkdir -p "$OUT"; LOG=$OUT/log.txt; S=/tmp/tv-s3; rm -rf "$S"; mkdir -p "$S"
say() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }
if ls .whl/*.whl > /dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl >> "$LOG" 2>&1
fi
python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-cache-dir --target /tmp/site . >> "$LOG" 2>&1 \
  || say "pip install of traceview failed; using the checkout"
export PYTHONPATH=/tmp/site:$PWD PATH=/tmp/site/bin:$PATH NO_INSTALL=1 PYTHONUNBUFFERED=1
say "$(python3 -c 'import torch, pandas, traceview; print("torch", torch.__version__, "pandas", pandas.__version__, torch.cuda.get_device_name(0))' 2>&1 | tail -1)"

say "1. nccl teardown"
TEARDOWN_LIMIT_S=60 timeout 200 bash benchmarks/nccl_teardown.sh "$S/nccl" "${TEARDOWN_RUNS:-15}" >> "$LOG" 2>&1
say "teardown: $(cat "$S/nccl/summary.txt" 2>/dev/null || echo 'no summary'); $(tr '\n' ' ' < "$S/nccl/runs.txt" 2>/dev/null)"
rm -rf "$S/nccl/run"

say "2. train_mlp on the GPU"
timeout 150 python3 -m traceview profile --no-analyze -o "$S/mlp" sample_traces/scripts/train_mlp.py --steps 8 > "$S/mlp.out" 2>&1
say "profile exit $?"
timeout 60 python3 -m traceview analyze "$S/mlp" --json > "$S/mlp-analyze.json" 2> "$S/mlp-analyze.err"; say "analyze exit $?"
timeout 60 python3 -m traceview check "$S/mlp" --max kernels_per_step=1000 > "$S/mlp-check.txt" 2>&1; say "check exit $?"
rm -rf "$S/mlp/code"

say "3. adam sweep"
OUT=$S/adam BUDGET_S=${ADAM_BUDGET_S:-300} WORK=/tmp/tv-adam-sweep timeout 380 bash benchmarks/adam_sweep.sh >> "$LOG" 2>&1
say "adam sweep exit $?"
cat "$S/adam/log.txt" >> "$LOG" 2>/dev/null
rm -f "$S/adam/sweep.html"  # rebuilt from adam_sweep.json off the device
mv "$S"/adam/runs.tar.gz* "$OUT/" 2>/dev/null
for f in "$OUT"/runs.tar.gz*; do [ -e "$f" ] && mv "$f" "$OUT/adam-$(basename "$f")"; done
tar -czf "$OUT/small.tar.gz" -C "$S" . && say "packed: $(du -sh "$OUT"/* | tr '\n' ' ')"

#!/usr/bin/env bash
# One call on the lent GPU machine for issue 22 part 2 (seed 003): how Inductor lowered and tuned each kernel.
#   1. `traceview profile` of a GEMM-heavy model (4 Linear + a bmm, bf16) under max-autotune without CUDA
#      graphs (each ATen GEMM stays under its aten:: op), cold Inductor cache, compile included: every template
#      decision (Triton configs vs cuBLAS), the runtime autotuner's pointwise/reduction configs and coordinate
#      descent, recorded in mlp/autotune_mlp.autotune.json beside the trace; Inductor's own AUTOTUNE printout
#      kept in mlp/stderr.txt.
#   2. the same under mode="max-autotune" (CUDA graphs): the decisions, and what the trace can still tell.
#   3. `traceview run abc -v compiled -v max-autotune --include-compile`: the run path's autotune.json (runtime
#      autotuner on a pointwise kernel).
#   Each run directory gets check.txt / check.json from benchmarks/autotune_check.py: candidates, winner,
#   winner's benchmark vs its median runtime in the trace, and the AUTOTUNE printout against the record.
# Usage (repository root; wheels of what the image lacks in .whl/, as for gpu_predictions.sh):
#   OUT=/some/dir bash benchmarks/autotune_gpu.sh
# (on a CPU, to try it: OUT=/tmp/x MLP_ARGS="--width 64 --batch 32 --layers 2 --iters 2" bash benchmarks/autotune_gpu.sh)
# Files under $OUT: log.txt, autotune.tar.gz (the run directories without generated code, HTML or full stderr; < 10 MB).
# < 5 minutes on an H200.
set -u
: "${OUT:?set OUT to a folder for the results}"
export PYTHONUNBUFFERED=1
LOG="$OUT/log.txt"
W=/tmp/tv-autotune
rm -rf "$W" && mkdir -p "$W"
START=$(date +%s)
say() { echo "$*" | tee -a "$LOG"; }

if ls .whl/*.whl >/dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl || exit 1
fi
export PYTHONPATH=/tmp/site
python3 -m pip install -q --no-deps --no-build-isolation --no-cache-dir --target /tmp/site . >> "$LOG" 2>&1 \
  || export PYTHONPATH=/tmp/site:$PWD
export PATH=/tmp/site/bin:$PATH
TV="python3 -m traceview"
say "python $(python3 --version 2>&1); $(python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name(0) if torch.cuda.is_available() else "no GPU")')"
SCRIPTS=$PWD/sample_traces/scripts
CHECK="python3 $PWD/benchmarks/autotune_check.py"

pack() {  # what is finished so far, small (< 10 MB: a file over 16 MB does not come back from the device): no
  # generated code, caches or HTML; each stderr cut to Inductor's AUTOTUNE blocks (the check reads them first)
  for e in "$W"/*/stderr.txt; do
    [ -f "$e" ] && awk '/^AUTOTUNE/{on=1} on&&/^$/{on=0} on' "$e" > "${e%.txt}.autotune.txt"
  done
  tar -czf "$OUT/autotune.tar.gz" -C "$W" --exclude=code --exclude='cache-*' --exclude='*.html' --exclude=stderr.txt .
  say "packed $(du -h "$OUT/autotune.tar.gz" | cut -f1)"
}
mlp() {  # mlp NAME MODE: profile the GEMM model with a cold Inductor cache, then check it
  local name=$1 mode=$2 t0=$(date +%s)
  mkdir -p "$W/$name"
  TORCHINDUCTOR_CACHE_DIR=$W/cache-$name timeout 240 $TV profile --no-analyze -o "$W/$name" "$SCRIPTS/autotune_mlp.py" \
    ${MLP_ARGS:---width 1024 --batch 512 --layers 4 --iters 5} --mode "$mode" > "$W/$name/stdout.txt" 2> "$W/$name/stderr.txt"
  say "mlp $name ($mode): exit $? in $(( $(date +%s) - t0 )) s; $(grep -c '^AUTOTUNE' "$W/$name/stderr.txt") AUTOTUNE blocks printed"
  $CHECK "$W/$name" "$W/$name/stderr.txt" --out "$W/$name/check.json" > "$W/$name/check.txt" 2>&1
  say "  check exit $?"; cat "$W/$name/check.txt" >> "$LOG"
  pack
}
mlp mlp max-autotune-no-cudagraphs
mlp mlp-cudagraphs max-autotune

t0=$(date +%s)
TORCHINDUCTOR_CACHE_DIR=$W/cache-abc timeout 150 $TV run abc -v compiled -v max-autotune --include-compile --out "$W/abc" \
  > "$W/abc-run.txt" 2>&1
say "run abc: exit $? in $(( $(date +%s) - t0 )) s"
for t in "$W"/abc/*.pt.trace.json.gz; do
  $CHECK "$t" --out "${t%.pt.trace.json.gz}.check.json" >> "$LOG" 2>&1
done
$TV kernels "$W/mlp" > "$W/mlp/kernels.txt" 2> "$W/mlp/kernels.err"; rc=$?; say "kernels exit $rc"
[ "$rc" = 0 ] || { TRACEVIEW_DEBUG=1 $TV kernels "$W/mlp" 2>&1 >/dev/null | tail -40 >> "$LOG"; }
$TV report "$W/mlp" -o "$W/mlp/report.html" --no-perfetto >> "$LOG" 2>&1; say "report exit $?"
$TV diff "$W/mlp/autotune_mlp.pt.trace.json.gz" "$W/mlp-cudagraphs/autotune_mlp.pt.trace.json.gz" > "$W/diff.txt" 2>&1
say "diff exit $?: $(grep -c 'autotuning' "$W/diff.txt") autotuning line(s)"

pack
ls -la "$OUT" >> "$LOG"
say "done in $(( $(date +%s) - START )) s"

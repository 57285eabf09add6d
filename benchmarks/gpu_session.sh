#!/usr/bin/env bash
# One call on the lent GPU machine (the `device` tool): traceview installed over the image's own
# packages the way a user installs it, then
#   1. the main job and every command a user runs, each must exit 0 (issue 17):
#      run abc / mpadam / adam (all variants), profile SCRIPT, report, diff, analyze --json, check;
#   2. GPT-2 training run directories for tests/data/runs (issue 14), in the background;
#   3. profile_memory captures whose peak meta.json compares with torch.cuda.max_memory_* (issue 15).
# Usage (repository root, wheels of what the image lacks in .whl/):  OUT=/some/dir bash benchmarks/gpu_session.sh
# Files under $OUT: session_log.txt (every command, exit code, output tail, versions), runs/ (capture_gpu.py's
# runs.tar.gz and capture_log.txt), verify.tar.gz (meta.json, analyze --json and the memory traces).
set -u
: "${OUT:?set OUT to a folder for the results}"
export PYTHONUNBUFFERED=1
LOG="$OUT/session_log.txt"
WORK=/tmp/tv-session
rm -rf "$WORK" && mkdir -p "$WORK" "$OUT/runs" "$WORK/keep"
START=$(date +%s)

say() { echo "$*" | tee -a "$LOG"; }
step() {  # step TIMEOUT CMD...: run, log exit code, seconds and the output's tail
  local limit=$1; shift
  local t0=$(date +%s)
  say "\$ $*"
  timeout "$limit" "$@" > "$WORK/step.out" 2>&1
  local rc=$?
  say "  exit $rc in $(( $(date +%s) - t0 )) s"
  tail -n 40 "$WORK/step.out" | sed 's/^/  /' >> "$LOG"
  return $rc
}

# --- install: only what the image lacks (msgspec, plotly) as wheels, then traceview itself, no deps -----
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site
if python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-cache-dir --target /tmp/site . >> "$LOG" 2>&1; then
  say "installed: pip install --no-deps --no-build-isolation --target /tmp/site . (over the image's packages)"
else
  say "pip could not build the project here; using the checkout on PYTHONPATH"
  export PYTHONPATH=/tmp/site:$PWD
fi
export PATH=/tmp/site/bin:$PATH
TV="python3 -m traceview"
command -v traceview > /dev/null && TV=traceview
say "python: $(python3 --version 2>&1); traceview: $(command -v traceview || echo 'python3 -m traceview')"
python3 - >> "$LOG" 2>&1 <<'EOF'
import importlib, torch
for name in ("torch", "triton", "pandas", "numpy", "pyarrow", "plotly", "msgspec", "typer", "rich", "transformers", "traceview"):
    try:
        m = importlib.import_module(name)
        print(f"  {name} {getattr(m, '__version__', '?')} ({m.__file__})")
    except Exception as e:
        print(f"  {name}: {type(e).__name__}: {e}")
print("  device:", torch.cuda.get_device_name(0), "| CUDA", torch.version.cuda)
EOF
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> "$LOG" 2>&1

# --- 2. GPT-2 run directories (issue 14), beside the rest ------------------------------------------------
python3 tests/data/runs/capture_gpu.py "$OUT/runs" --deadline 430 > "$WORK/capture_gpu.out" 2>&1 &
CAPTURE=$!

# --- 1. what a user runs (issue 17) ---------------------------------------------------------------------
cd "$WORK"
FAIL=0
for w in abc mpadam adam; do
  step 240 $TV run "$w" -o "$WORK/$w" || FAIL=$((FAIL + 1))
  cat "$WORK/step.out" > "$WORK/keep/run-$w.txt"
  cp "$WORK/$w/meta.json" "$WORK/keep/run-$w.meta.json" 2>/dev/null
done
step 240 $TV profile -o "$WORK/ro" --memory "$OLDPWD/sample_traces/scripts/reduce_overhead.py" || FAIL=$((FAIL + 1))
cp "$WORK/step.out" "$WORK/keep/profile-ro.txt"
cp -r "$WORK/ro" "$WORK/keep/ro-memory" 2>/dev/null && rm -rf "$WORK/keep/ro-memory/code"
step 240 $TV profile -o "$WORK/gb" "$OLDPWD/sample_traces/scripts/graph_break.py" || FAIL=$((FAIL + 1))
cp "$WORK/step.out" "$WORK/keep/profile-gb.txt"
ABC_DEFAULT=$(ls "$WORK"/abc/abc-compiled.pt.trace.json.gz 2>/dev/null | head -1)
ABC_EAGER=$(ls "$WORK"/abc/abc-eager.pt.trace.json.gz 2>/dev/null | head -1)
say "abc traces: eager=$ABC_EAGER compiled=$ABC_DEFAULT"
step 120 $TV report "$WORK/abc" -o "$WORK/keep/abc-report.html" || FAIL=$((FAIL + 1))
step 120 $TV report "$WORK/gb" -o "$WORK/keep/gb-report.html" || FAIL=$((FAIL + 1))
step 120 $TV diff "$ABC_EAGER" "$ABC_DEFAULT" || FAIL=$((FAIL + 1))
cp "$WORK/step.out" "$WORK/keep/diff-abc.txt"
step 120 $TV diff "$WORK/mpadam/mpadam-eager.pt.trace.json.gz" "$WORK/mpadam/mpadam-triton.pt.trace.json.gz" || FAIL=$((FAIL + 1))
cp "$WORK/step.out" "$WORK/keep/diff-mpadam.txt"
step 120 $TV analyze "$ABC_DEFAULT" --json || FAIL=$((FAIL + 1))
cp "$WORK/step.out" "$WORK/keep/analyze-abc-default.json"
step 120 $TV check "$WORK/gb" --max graph_breaks=0  # a budget exceeded: exit 1 expected
say "  (check exit 1 = the graph break exceeds graph_breaks=0, as it should)"
step 240 $TV run abc -v max-autotune --include-compile --memory -o "$WORK/abc-mem" || FAIL=$((FAIL + 1))
cp -r "$WORK/abc-mem" "$WORK/keep/abc-memory" 2>/dev/null && rm -rf "$WORK/keep/abc-memory/code"
say "user commands failed: $FAIL"

# --- wait for the captures, pack ------------------------------------------------------------------------
wait $CAPTURE
say "capture_gpu.py exit $? after $(( $(date +%s) - START )) s"
tail -n 30 "$WORK/capture_gpu.out" >> "$LOG"
tar -czf "$OUT/verify.tar.gz" -C "$WORK/keep" .
ls -la "$OUT" "$OUT/runs" >> "$LOG"
say "session done in $(( $(date +%s) - START )) s"

# Sourced by the device scripts (benchmarks/gpu_*.sh) after they set OUT and S: the log, `say`, and traceview
# installed over the GPU image's own packages as users install it (wheels of what the image lacks in .whl/).
mkdir -p "$OUT"; LOG=$OUT/log.txt; rm -rf "$S"; mkdir -p "$S"
START=$(date +%s)
say() { echo "[$(( $(date +%s) - START )) s] $*" | tee -a "$LOG"; }
if ls .whl/*.whl > /dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl >> "$LOG" 2>&1
fi
python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-cache-dir --target /tmp/site . >> "$LOG" 2>&1
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1

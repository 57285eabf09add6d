# One device call (issue 29): why traceview runs ~2x slower on the H200 host than here while HTA's load runs faster:
# the host's layers on their own micro-benchmarks (benchmarks/host_speed.py) under the image's pandas and under
# HTA's pandas 2 wheels, the first and later load + analyze calls in fresh processes (benchmarks/first_calls.py),
# each analysis's share (benchmarks/analyze_stages.py), and a py-spy profile of analyze where ptrace is allowed.
#   OUT=/tmp/out bash benchmarks/gpu_host_speed.sh     (run() carries .whl and .bench_traces; .whl/ holds py-spy's
#   wheel and .whl/hta/ HTA's, see gpu_real_traces.sh)
OUT=${OUT:-/tmp/out}; S=/tmp/hs
source benchmarks/device_setup.sh
say "$(python3 -V) cores $(nproc) $(grep -m1 'model name' /proc/cpuinfo) governor $(cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor 2>/dev/null) load $(cut -d' ' -f1-3 /proc/loadavg)"
python3 benchmarks/host_speed.py --json "$OUT/host_speed-image.json" 2>&1 | tee -a "$LOG"
P2=
if ls .whl/hta/*.whl > /dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/hta-site .whl/hta/*.whl >> "$LOG" 2>&1
  P2=/tmp/hta-site:$PYTHONPATH
  PYTHONPATH=$P2 python3 benchmarks/host_speed.py --json "$OUT/host_speed-pandas2.json" 2>&1 | tee -a "$LOG"
fi
T=".bench_traces/gpt2-compiled.json.gz .bench_traces/bert-eager.json.gz .bench_traces/llama-compiled-incl.json.gz"
python3 benchmarks/first_calls.py $T 2>&1 | sed 's/^/image pandas: /' | tee -a "$LOG"
TRACEVIEW_LOAD_WORKERS=0 python3 benchmarks/first_calls.py .bench_traces/llama-compiled-incl.json.gz 2>&1 | sed 's/^/no workers: /' | tee -a "$LOG"
[ -n "$P2" ] && PYTHONPATH=$P2 python3 benchmarks/first_calls.py $T 2>&1 | sed 's/^/pandas 2: /' | tee -a "$LOG"
python3 benchmarks/analyze_stages.py .bench_traces/bert-eager.json.gz .bench_traces/llama-compiled-incl.json.gz --runs 5 --json "$OUT/stages-image.json" 2>&1 | tail -3 | tee -a "$LOG"
cat > $S/loop.py <<'PY'
import sys
from traceview.analysis.analyze import analyze
from traceview.trace import load
trace = load(sys.argv[1])
for _ in range(int(sys.argv[2])):
    analyze(trace)
PY
if command -v py-spy > /dev/null; then
  TRACEVIEW_LOAD_WORKERS=0 py-spy record -r 300 -f raw -o "$OUT/pyspy-analyze-bert.txt" -- python3 $S/loop.py .bench_traces/bert-eager.json.gz 40 >> "$LOG" 2>&1 || say "py-spy failed"
fi
say "done"

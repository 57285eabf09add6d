# One device call (issue 29): what a fresh process's first load + analyze pays on the H200 host that later calls do
# not (session 29: gpt2-compiled's first analyze 177 ms against 101-104 ms after it under the image's pandas 3, 81
# against 73-74 under pandas 2), and what pandas 3 costs there per call: benchmarks/first_calls.py --why (modules
# imported during the first call, minor faults per call, the functions the first call spends more own time in) and
# benchmarks/host_speed.py (column access, categorical comparison, fresh pages), under the image's pandas and
# under pandas 2 (HTA's wheels in .whl/hta/).
#   OUT=/tmp/out bash benchmarks/gpu_first_call.sh
OUT=${OUT:-/tmp/out}; S=/tmp/fc
source benchmarks/device_setup.sh
say "$(python3 -V) cores $(nproc) $(grep -m1 'model name' /proc/cpuinfo) load $(cut -d' ' -f1-3 /proc/loadavg)"
P2=
if ls .whl/hta/*.whl > /dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/hta-site .whl/hta/*.whl >> "$LOG" 2>&1
  P2=/tmp/hta-site:$PYTHONPATH
fi
export TRACEVIEW_LOAD_WORKERS=0
for round in 1 2; do
  python3 benchmarks/host_speed.py --json "$OUT/host_speed-image-$round.json" 2>&1 | tee -a "$LOG"
  [ -n "$P2" ] && PYTHONPATH=$P2 python3 benchmarks/host_speed.py --json "$OUT/host_speed-pandas2-$round.json" 2>&1 | tee -a "$LOG"
  for t in gpt2-compiled bert-eager; do
    python3 benchmarks/first_calls.py --why .bench_traces/$t.json.gz --json "$OUT/why-image-$t-$round.json" 2>&1 | sed "s/^/image pandas $t: /" | tee -a "$LOG"
    [ -n "$P2" ] && PYTHONPATH=$P2 python3 benchmarks/first_calls.py --why .bench_traces/$t.json.gz --json "$OUT/why-pandas2-$t-$round.json" 2>&1 | sed "s/^/pandas 2 $t: /" | tee -a "$LOG"
  done
done
python3 benchmarks/first_calls.py .bench_traces/gpt2-compiled.json.gz .bench_traces/bert-eager.json.gz 2>&1 | sed 's/^/image pandas: /' | tee -a "$LOG"
[ -n "$P2" ] && PYTHONPATH=$P2 python3 benchmarks/first_calls.py .bench_traces/gpt2-compiled.json.gz .bench_traces/bert-eager.json.gz 2>&1 | sed 's/^/pandas 2: /' | tee -a "$LOG"
python3 -X importtime -c "import traceview.analysis.analyze, traceview.trace" 2> "$OUT/importtime-image.txt"
say "done"

# One device call (issue 29): the 735 MB compile-included with_stack GPT-2 trace captured on the GPU, then loaded
# and analysed with 0, 2, 4 and 8 worker processes (benchmarks/load_workers.py, interleaved rounds), the msgspec
# floor against traceview's default (benchmarks/analyzer.py), and the loaded tables compared with and without
# workers (tests/golden.py's fingerprint) with any warning about fork raised as an error (Python 3.12 warns when a
# multi-threaded process forks).
# With wheels of HTA and pandas 2 in .whl/hta/ (HTA 0.5 fails on pandas 3 for this trace), HTA's load of the same
# trace is timed too, on the same host. ONLY_HTA=1 leaves out the worker rounds and the tables' comparison.
#   OUT=/tmp/out bash benchmarks/gpu_load_workers.sh      (run() carries .whl: msgspec for the image's Python)
OUT=${OUT:-/tmp/out}; S=/tmp/lw
source benchmarks/device_setup.sh
say "$(python3 -V) $(python3 -c 'import torch, pandas, numpy, msgspec; print("torch", torch.__version__, "pandas", pandas.__version__, "numpy", numpy.__version__, "msgspec", msgspec.__version__)') cores $(nproc)"
python3 sample_traces/scripts/with_stack_compile.py $S/big.json --layers 1 --warm >> "$LOG" 2>&1
say "captured: $(stat -c %s $S/big.json) bytes"
[ -n "$ONLY_HTA" ] || python3 benchmarks/load_workers.py $S/big.json --workers 0 2 4 8 --rounds 3 --out "$OUT/load_workers-big.json" 2>&1 | tee -a "$LOG"
say "load_workers done"
python3 benchmarks/analyzer.py --dir $S/bench --sizes --traces $S/big.json --tools msgspec traceview --repeat 3 --results analyzer-big >> "$LOG" 2>&1
cp $S/bench/analyzer-big.json "$OUT/" 2>/dev/null; tail -3 "$LOG"
say "analyzer done"
[ -n "$ONLY_HTA" ] || python3 - "$S/big.json" <<'PY' 2>&1 | tee -a "$LOG"
import os, sys, warnings
warnings.filterwarnings("error", message=".*fork.*")
sys.path.insert(0, "tests")
from pathlib import Path
import golden
prints = {}
for w in ("0", "8"):
    os.environ["TRACEVIEW_LOAD_WORKERS"] = w
    prints[w] = golden.fingerprint(Path(sys.argv[1]))
print("tables with 8 workers and without:", "identical" if prints["0"] == prints["8"] else "DIFFER")
PY
if ls .whl/hta/*.whl > /dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/hta-site .whl/hta/*.whl >> "$LOG" 2>&1
  PYTHONPATH=/tmp/hta-site:$PYTHONPATH python3 benchmarks/analyzer.py --dir $S/bench --sizes --traces $S/big.json --tools hta --repeat 2 --results analyzer-big-hta >> "$LOG" 2>&1
  cp $S/bench/analyzer-big-hta.json "$OUT/" 2>/dev/null; tail -3 "$LOG"
  say "HTA done"
fi
say "done"

# One device call (issue 29): from what size of JSON worker processes pay on a host of many cores (the threshold
# trace/events.py PARALLEL_BYTES was measured on this 2-core host in session 25, where the parent and 2 workers share
# 2 cores): real traces of 1.5-22 MB of JSON loaded and analysed with 0, 2, 4 and 8 workers
# (benchmarks/load_workers.py: each run a fresh process, the counts interleaved in rounds, medians).
#   OUT=/tmp/out bash benchmarks/gpu_load_threshold.sh      (run() carries .whl and .bench_traces)
OUT=${OUT:-/tmp/out}; S=/tmp/lt
source benchmarks/device_setup.sh
say "$(python3 -V) cores $(nproc)"
python3 benchmarks/host_speed.py --json "$OUT/host_speed.json" >> "$LOG" 2>&1
for t in ${TRACES:-gpt2-eager bert-eager pub-b200 llama-eager-incl lost-exit-gpt2-step1 gpt2-compiled-first-call}; do
  python3 benchmarks/load_workers.py .bench_traces/$t.json.gz --workers 0 2 4 8 --rounds ${ROUNDS:-5} --out "$S/$t.json" 2>&1 \
    | grep -v '^round' | tee -a "$LOG"
done
python3 - "$S" "$OUT/load_workers-threshold.json" <<'PY'
import json, pathlib, sys
out = {p.stem: json.loads(p.read_text()) for p in sorted(pathlib.Path(sys.argv[1]).glob("*.json"))}
pathlib.Path(sys.argv[2]).write_text(json.dumps(out, indent=1))
PY
say "done"

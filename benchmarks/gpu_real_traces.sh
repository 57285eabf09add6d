# One device call (issue 29): the real traces the repository holds (GPT-2 training captures, the largest model
# captures) loaded and analysed by traceview against HTA's load and a typed msgspec decode on the H200 host
# (benchmarks/analyzer.py, runs interleaved, medians of 3), and this session's change against the commit before it
# (benchmarks/before_after.py: an archive of BEFORE in .bench_old/, carried; runs interleaved, medians of 5), and every
# field of the analysis by both compared (benchmarks/same_analysis.py, on the image's pandas and numpy).
# With wheels of HTA and pandas 2 in .whl/hta/ (HTA 0.5 needs pandas 2 on some of these traces).
#   git archive $BEFORE traceview | tar -x -C .bench_old    (an ignored folder)
#   .bench_traces/NAME.json.gz: tests/data/training/gpt2-{compiled-first-call,recompile,compiled,eager,reduce-overhead},
#   lost-exit-gpt2-step1 and sample_traces/gpu/models/{vit-compiled-incl,llama-compiled-incl,llama-eager-incl,bert-eager}
#   (an ignored folder: the device takes a 64 MiB tree)
#   OUT=/tmp/out bash benchmarks/gpu_real_traces.sh          (run() carries .whl, .bench_old and .bench_traces)
#   REPEAT=3: runs per tool; ONLY_BEFORE_AFTER=1 RUNS=9 ...: only the before/after, with RUNS runs
#   .whl/hta needs HTA's imports the image lacks: pandas 2.3.2, plotly 5, networkx, pydot, pyparsing, pytz, tzdata,
#   python-dateutil, six, tenacity (pip download --no-deps --only-binary=:all: --python-version 3.12)
OUT=${OUT:-/tmp/out}; S=/tmp/rt
source benchmarks/device_setup.sh
say "$(python3 -V) $(python3 -c 'import pandas, numpy, msgspec; print("pandas", pandas.__version__, "numpy", numpy.__version__, "msgspec", msgspec.__version__)') cores $(nproc)"
python3 benchmarks/host_speed.py --json "$OUT/host_speed.json" >> "$LOG" 2>&1  # the host's speed this call
TRACES=$(ls .bench_traces/*.json.gz)  # copies of the repository's traces, each under a name of its own
# HTA, traceview and msgspec interleaved in one analyzer call (run A, B, C, A, B, C, ...): this host's speed moves
# by up to 1.5x within a call and 2x between calls (benchmarks/host_speed.py, session 29), so a ratio of two tools
# timed in different calls compares the host's moods. HTA runs on its pandas 2 wheels (--hta-path), traceview on
# the image's pandas.
if [ -z "${ONLY_BEFORE_AFTER:-}" ]; then
  HTA_PATH=
  if ls .whl/hta/*.whl > /dev/null 2>&1; then
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/hta-site .whl/hta/*.whl >> "$LOG" 2>&1
    HTA_PATH="--hta-path /tmp/hta-site"
  fi
  python3 benchmarks/analyzer.py --dir $S/bench --sizes --traces $TRACES --tools msgspec hta traceview $HTA_PATH \
    --repeat ${REPEAT:-3} --results analyzer-real >> "$LOG" 2>&1
  cp $S/bench/analyzer-real.json "$OUT/" 2>/dev/null
  say "analyzer (msgspec, HTA, traceview interleaved) done"
fi
if [ -d .bench_old/traceview ]; then
  for t in ${BEFORE_AFTER:-gpt2-recompile vit-compiled-incl llama-eager-incl}; do
    python3 benchmarks/before_after.py .bench_traces/$t.json.gz --before .bench_old --runs ${RUNS:-5} 2>&1 | tail -2 | sed "s|^|$t |" | tee -a "$LOG"
  done
  say "before/after done"
  if [ -z "${ONLY_BEFORE_AFTER:-}" ]; then
    python3 benchmarks/same_analysis.py --other .bench_old $TRACES 2>&1 | tee -a "$LOG"
    say "same analysis checked"
  fi
fi
say "done"

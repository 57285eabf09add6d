#!/usr/bin/env bash
# Issue 71 and 72 on a lent GPU (one device call per PART):
#   PART=micro   the compile model's host costs with CUDA-graph replays (micro_compile.py --modes eager,compiled,ro)
#                and the profiler's cost per event (micro_profiler.py) on this machine
#   PART=models  MODELS="audio1d tabtf" (benchmarks/heldout.py): traceview profile at --steps 20:25 and 5:45, the
#                advice of each as JSON, and the in-process A/B of every change
#   PART=try     traceview try at its defaults on TRY_MODEL, beside that model's A/B
#   OUT=/some/dir PART=models MODELS="audio1d tabtf" bash benchmarks/gpu_heldout.sh     (repository root; wheels in .whl/)
# $OUT: log.txt, results-PART.json (what each part measured), heldout.tgz (the profiles' traces and meta.json).
set -u
: "${OUT:?set OUT}"
S=/tmp/tv-heldout
. benchmarks/device_setup.sh
say "$(python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name(0))')"
ADVICE='import json, sys, traceview as tv; t = tv.open(sys.argv[1]); print(json.dumps({a.kind: round(a.saving_pct, 1) for a in t.advice.itertuples() if a.ranked}))'
mkdir -p "$S/res"
case "${PART:-models}" in
micro)
  timeout 330 python3 benchmarks/micro_compile.py --modes eager,compiled,ro --sizes 2,8,24 --blocks chain,mlp \
    --json "$S/res/micro_compile.json" >> "$LOG" 2>&1; say "micro_compile: exit $?"
  timeout 120 python3 benchmarks/micro_profiler.py --out "$S/res/micro_profiler.json" > /dev/null 2>> "$LOG"
  say "micro_profiler: exit $? $(python3 -c "import json; print(json.load(open('$S/res/micro_profiler.json'))['us_per_event'])" 2>&1)"
  ;;
models)
  for m in ${MODELS:-audio1d tabtf}; do
    for w in 20:25 5:45; do
      d="$S/prof/$m-${w/:/-}"
      MODEL=$m STEPS=52 timeout 150 python3 -m traceview profile --no-analyze -o "$d" --steps "$w" benchmarks/heldout.py > "$S/p.out" 2>&1
      say "profile $m $w: exit $? $(du -sh "$d" | cut -f1)"
      timeout 120 python3 -c "$ADVICE" "$d" > "$S/res/$m-${w/:/-}.advice.json" 2> "$S/advice.err"
      say "advice $m $w: $(cat "$S/res/$m-${w/:/-}.advice.json") $(tail -1 "$S/advice.err")"
    done
    MODEL=$m timeout 240 python3 benchmarks/heldout.py --ab "$S/res/$m.ab.json" > "$S/ab.out" 2>&1
    say "A/B $m: exit $?"; tail -7 "$S/ab.out" | tee -a "$LOG"
  done
  (cd "$S/prof" && find . -name '*.traceview-cache' -prune -exec rm -rf {} + ; tar czf "$OUT/heldout.tgz" .)
  ;;
try)
  m=${TRY_MODEL:-resmlp}
  MODEL=$m timeout 280 python3 -m traceview try --json -o "$S/try" -c tf32 -c fused_optimizer --max-minutes 2 \
    benchmarks/heldout.py > "$S/res/try-$m.json" 2> "$S/try.err"
  say "try $m: exit $?"; tail -5 "$S/try.err" | tee -a "$LOG"
  MODEL=$m VARIANTS=eager,fused,tf32 timeout 200 python3 benchmarks/heldout.py --ab "$S/res/$m.ab.json" > "$S/ab.out" 2>&1
  say "A/B $m: exit $?"; tail -7 "$S/ab.out" | tee -a "$LOG"
  ;;
esac
python3 - "$S/res" > "$OUT/results-${PART:-models}.json" <<'PY'
import json, sys, pathlib
print(json.dumps({p.name: json.loads(p.read_text() or "null") for p in sorted(pathlib.Path(sys.argv[1]).glob("*.json"))}))
PY
say "done"

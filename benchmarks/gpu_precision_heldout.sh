#!/usr/bin/env bash
# Issue 65, held out: the precision advice (after its replay counted the backlog a GPU-bound loop runs ahead of its
# host) on models it was not designed on, against an in-process A/B of TF32 (benchmarks/ab_models.py's tf32 arm,
# benchmarks/ab_precision.py for the GPT): train_precision.py at 512x4 (batch 16), train_models.py bert and vit (eager,
# float32). Each: traceview profile --steps 20:22, the advice as JSON, then the A/B.
#   OUT=/some/dir bash benchmarks/gpu_precision_heldout.sh      (repository root; wheels in .whl/)
# $OUT: log.txt, heldout.json ({case: {advice: {kind: share}, ab: {arm: share}}}).
set -u
: "${OUT:?set OUT}"
S=/tmp/tv-heldout
. benchmarks/device_setup.sh
say "$(python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name(0))')"
SCRIPTS=$PWD/sample_traces/scripts
ADVICE='import json, sys, traceview as tv; t = tv.open(sys.argv[1]); print(json.dumps({a.kind: round(a.saving_pct, 1) for a in t.advice.itertuples() if a.ranked}))'
for case in gpt-mid bert vit; do
  if [ "$case" = gpt-mid ]; then
    cmd=("$SCRIPTS/train_precision.py" --width 512 --layers 4 --batch 16 --seq 256 --steps 30)
  else
    cmd=("$SCRIPTS/train_models.py" --model "$case" --mode eager --iters 30)
  fi
  timeout 90 python3 -m traceview profile --no-analyze -o "$S/$case" --steps 20:22 "${cmd[@]}" > "$S/p.out" 2>&1
  say "profile $case: exit $?"
  timeout 60 python3 -c "$ADVICE" "$S/$case" > "$S/$case.advice.json" 2> "$S/advice.err"; say "advice $case: $(cat "$S/$case.advice.json")"
  if [ "$case" = gpt-mid ]; then
    timeout 100 python3 benchmarks/ab_precision.py --width 512 --layers 4 --batch 16 --seq 256 --out "$S/$case.ab.json" > "$S/ab.out" 2>&1
  else
    timeout 100 python3 benchmarks/ab_models.py --model "$case" --arms base,tf32 --rounds 8 --steps 10 --json "$S/$case.ab.json" > "$S/ab.out" 2>&1
  fi
  say "A/B $case: exit $?"; tail -3 "$S/ab.out" | tee -a "$LOG"
done
python3 - "$S" > "$OUT/heldout.json" <<'PY'
import json, sys, pathlib
s = pathlib.Path(sys.argv[1]); out = {}
for case in ("gpt-mid", "bert", "vit"):
    adv = s / f"{case}.advice.json"; ab = s / f"{case}.ab.json"
    out[case] = {"advice": json.loads(adv.read_text() or "{}") if adv.exists() else None,
                 "ab": {k: round(100 * v["saving_share"], 1) for k, v in json.loads(ab.read_text())["arms"].items()} if ab.exists() else None}
print(json.dumps(out, indent=1))
PY
cat "$OUT/heldout.json"

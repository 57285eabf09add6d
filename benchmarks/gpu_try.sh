#!/usr/bin/env bash
# Issue 28 on one GPU: `traceview try` on two training scripts against an in-process interleaved A/B of the same
# changes (docs/benchmarks.md, "try against an in-process A/B").
#   PART=cnn  OUT=/some/dir bash benchmarks/gpu_try.sh   train_loader.py --model cnn (DataLoader, AdamW):
#             try --change num_workers --change fused_optimizer; benchmarks/ab_loader.py base,input,fused_optimizer
#   PART=gpt2 OUT=/some/dir bash benchmarks/gpu_try.sh   train_gpt2.py --mode compiled (transformers):
#             try --change cuda_graphs --change fused_optimizer --change no_compile; benchmarks/ab_compile.py
#   PART=gpt2-nocompile ...   the same script, try --change no_compile --runs 8 --no-predict; ab_compile base,no_compile
# (repository root; wheels of what the image lacks in .whl/). $OUT: log.txt, try-<part>.json (try --json),
# ab-<part>.json, try-<part>.tar.gz (the runs' JSON and the profiled run, without generated code).
set -u
: "${OUT:?set OUT}"
PART=${PART:-cnn}
S=/tmp/tv-try
. benchmarks/device_setup.sh
say "$(python3 -c 'import os, torch, pandas; print("torch", torch.__version__, "pandas", pandas.__version__, torch.cuda.get_device_name(0), "cores", len(os.sched_getaffinity(0)))')"
SCRIPTS=$PWD/sample_traces/scripts
if [ "$PART" = cnn ]; then
  timeout 400 python3 -m traceview try --json --steps 10:70 --runs 5 --change num_workers --change fused_optimizer --workers 8 \
    -o "$S/try" "$SCRIPTS/train_loader.py" --model cnn --iters 90 --sync-every 1 --work 4 > "$OUT/try-cnn.json" 2> "$S/try.err"
  say "try cnn: exit $?"; tail -5 "$S/try.err" | tee -a "$LOG"
  timeout 200 python3 benchmarks/ab_loader.py --model cnn --sync-every 1 --work 4 --input-workers 8 \
    --arms base,input,fused_optimizer --rounds 10 --steps 10 --json "$OUT/ab-cnn.json" > "$S/ab.out" 2>&1
  say "A/B cnn: exit $?"; cat "$S/ab.out" | tee -a "$LOG"
elif [ "$PART" = gpt2-nocompile ]; then  # the one GPT-2 change that missed, again with more runs and no profile
  timeout 420 python3 -m traceview try --json --no-predict --steps 10:210 --runs 8 --change no_compile \
    -o "$S/try" "$SCRIPTS/train_gpt2.py" --mode compiled --iters 230 > "$OUT/try-$PART.json" 2> "$S/try.err"
  say "try gpt2 no_compile: exit $?"; tail -5 "$S/try.err" | tee -a "$LOG"
  timeout 120 python3 benchmarks/ab_compile.py --arms base,no_compile --rounds 10 --steps 10 --json "$OUT/ab-$PART.json" > "$S/ab.out" 2>&1
  say "A/B gpt2 no_compile: exit $?"; cat "$S/ab.out" | tee -a "$LOG"
else
  timeout 480 python3 -m traceview try --json --steps 10:210 --runs 5 --change cuda_graphs --change fused_optimizer \
    --change no_compile -o "$S/try" "$SCRIPTS/train_gpt2.py" --mode compiled --iters 230 > "$OUT/try-gpt2.json" 2> "$S/try.err"
  say "try gpt2: exit $?"; tail -5 "$S/try.err" | tee -a "$LOG"
  timeout 150 python3 benchmarks/ab_compile.py --rounds 10 --steps 10 --json "$OUT/ab-gpt2.json" > "$S/ab.out" 2>&1
  say "A/B gpt2: exit $?"; cat "$S/ab.out" | tee -a "$LOG"
fi
cp "$S/try.err" "$OUT/try-$PART.err" 2>/dev/null
rm -rf "$S"/try/profile/code; find "$S" -name "*.torch_trace.log*" -size +2M -delete
cp "$OUT/log.txt" "$OUT/try-$PART.json" "$OUT/ab-$PART.json" "$OUT/try-$PART.err" "$S/" 2>/dev/null
tar -czf "$OUT/try-$PART.tar.gz" -C "$S" .
say "done"

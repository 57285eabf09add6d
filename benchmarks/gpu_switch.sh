#!/usr/bin/env bash
# Issues 65 and 66 on one GPU: `traceview try` at its default settings (switched changes inside one run, the others in
# 3 processes each) against an in-process interleaved A/B of the same changes.
#   PART=cnn  OUT=/some/dir bash benchmarks/gpu_switch.sh   train_models.py --model cnn --batch 256 (eager ResNet-style
#             net, AdamW): try tf32, cudnn_benchmark, fused_optimizer (switched) and compile (processes);
#             benchmarks/ab_models.py base,tf32,cudnn_benchmark,fused,compiled,compiled-loss,channels_last
#   PART=gpt2 OUT=/some/dir bash benchmarks/gpu_switch.sh   train_gpt2.py --mode compiled (transformers' GPT-2):
#             try no_compile, fused_optimizer (both switched); benchmarks/ab_compile.py base,fused_optimizer,no_compile
#   PART=loader OUT=/some/dir bash benchmarks/gpu_switch.sh  train_loader.py --model cnn (single-process DataLoader,
#             pageable copies): try pin_memory (switched); benchmarks/ab_loader.py base,pageable_copy
# CHANGES (the cnn part's try changes) and ARMS (its A/B arms) narrow the cnn part.
# (repository root; wheels of what the image lacks in .whl/). $OUT: log.txt, try-<part>.json, try-<part>.err,
# ab-<part>.json, try-<part>.tar.gz (the runs' JSON and logs, without the profiled run's trace).
set -u
: "${OUT:?set OUT}"
PART=${PART:-cnn}
S=/tmp/tv-switch-$PART
. benchmarks/device_setup.sh
say "$(python3 -c 'import os, torch, pandas; print("torch", torch.__version__, "pandas", pandas.__version__, torch.cuda.get_device_name(0), "cores", len(os.sched_getaffinity(0)))')"
SCRIPTS=$PWD/sample_traces/scripts
if [ "$PART" = cnn ]; then
  CHANGES=${CHANGES:-tf32 cudnn_benchmark fused_optimizer compile}
  timeout 330 python3 -m traceview try --json --runs 3 $(printf -- "--change %s " $CHANGES) \
    -o "$S/try" "$SCRIPTS/train_models.py" --model cnn --mode eager --batch 256 --iters 130 \
    > "$OUT/try-$PART.json" 2> "$OUT/try-$PART.err"
  say "try cnn: exit $?"; tail -12 "$OUT/try-$PART.err" | tee -a "$LOG"
  timeout 200 python3 benchmarks/ab_models.py --model cnn --batch 256 --rounds 10 --steps 10 \
    --arms "${ARMS:-base,tf32,cudnn_benchmark,fused,compiled,compiled-loss,channels_last}" --json "$OUT/ab-$PART.json" > "$S/ab.out" 2>&1
  say "A/B cnn: exit $?"; tail -8 "$S/ab.out" | tee -a "$LOG"
elif [ "$PART" = loader ]; then
  timeout 240 python3 -m traceview try --json --change pin_memory -o "$S/try" "$SCRIPTS/train_loader.py" --model cnn \
    --iters 130 > "$OUT/try-$PART.json" 2> "$OUT/try-$PART.err"
  say "try loader: exit $?"; tail -8 "$OUT/try-$PART.err" | tee -a "$LOG"
  timeout 150 python3 benchmarks/ab_loader.py --model cnn --arms base,pageable_copy --rounds 10 --steps 10 \
    --json "$OUT/ab-$PART.json" > "$S/ab.out" 2>&1
  say "A/B loader: exit $?"; tail -4 "$S/ab.out" | tee -a "$LOG"
else
  timeout 330 python3 -m traceview try --json --change no_compile --change fused_optimizer -o "$S/try" \
    "$SCRIPTS/train_gpt2.py" --mode compiled --iters 130 > "$OUT/try-$PART.json" 2> "$OUT/try-$PART.err"
  say "try gpt2: exit $?"; tail -12 "$OUT/try-$PART.err" | tee -a "$LOG"
  timeout 200 python3 benchmarks/ab_compile.py --arms base,fused_optimizer,no_compile --rounds 10 --steps 10 \
    --json "$OUT/ab-$PART.json" > "$S/ab.out" 2>&1
  say "A/B gpt2: exit $?"; tail -6 "$S/ab.out" | tee -a "$LOG"
fi
rm -rf "$S"/try/profile; find "$S" -name "*.torch_trace.log*" -size +2M -delete
tar -czf "$OUT/try-$PART.tar.gz" -C "$S" . 2>/dev/null
say "done"

#!/usr/bin/env bash
# Issue 33 on one GPU: for each model of sample_traces/scripts/train_loader.py (mlp: the case the `input`, `sync`
# and `pageable_copy` estimates were designed on; cnn, lstm, gpt2: out of sample), two configurations of the
# "before" script: `sync` (loss.item() every step, pageable copies, batches made in the training process, no
# transform work) and `input` (the same with W rounds of per-sample transform work). For each: a profiled run
# (`traceview profile --steps 10:15`, the trace the advice reads) and the interleaved A/B of the changes
# (benchmarks/ab_loader.py: base, sync, pageable_copy, input; ROUNDS rounds of 10 steps per arm, 10 by default).
#   OUT=/some/dir bash benchmarks/gpu_loader.sh      (repository root; wheels of what the image lacks in .whl/)
# $OUT: log.txt, loader.tar.gz (run dirs without generated code, the A/B JSON documents).
set -u
: "${OUT:?set OUT}"
MODELS=${MODELS:-"mlp cnn lstm gpt2"}
CONFIGS=${CONFIGS:-"sync input"}  # workers: the batches already made by 4 workers (sync and pageable copies remain)
PROFILE=${PROFILE:-1}  # 0: A/B only (the run dirs' profiles are kept from an earlier call)
BUDGET_S=${BUDGET_S:-480}
ROUNDS=${ROUNDS:-10}  # A/B rounds of ROUND_STEPS timed steps per arm
ROUND_STEPS=${ROUND_STEPS:-10}
STEPS=${STEPS:-10:15}  # the profiled window; ITERS steps in all
ITERS=${ITERS:-40}
AB=${AB:-1}  # 0: profiles only (an earlier call's A/B kept)
NUMPY=${NUMPY:-0}  # 1: the input configuration's transform in NumPy (train_loader.py --numpy: no ATen op for it in the trace)
SEALED=${SEALED:-0}  # 1: a blind set: the A/B results stay in the archive, not printed (read only once the model is committed)
MICRO_RUNS=${MICRO_RUNS:-1}
ARMS=${ARMS:-}  # the A/B's arms, comma-separated (default: base,sync,pageable_copy[,input])
PROBE=${PROBE:-0}  # 1 (with PROFILE_AFTER=1): ab_loader.py --probe, the CPU's speed each round and the postlude ran at
PROFILE_AFTER=${PROFILE_AFTER:-0}  # 1 (with SAME_PROCESS=1): the profiled window after the A/B's rounds (ab_loader.py --postlude), not before: the rounds run before the profiler attached CUPTI (pytorch#144455)
POSTLUDE=${POSTLUDE:-32}  # with PROFILE_AFTER=1: the base arm's steps after the rounds; over 32, the window is their last steps but 5 and no step before the postlude's third times the run without the profiler (profile --timed-from)
SAME_PROCESS=${SAME_PROCESS:-0}  # 1: the profile and the A/B in one process (ab_loader.py --prelude under traceview profile)  # benchmarks/micro_host.py runs (micro_host.json, micro_host-2.json, ...)
TRAIN_HANDOVER=${TRAIN_HANDOVER:-0}  # 1: benchmarks/micro_handover_train.py before the loops (micro_handover_train.json in $OUT)
PIN_LOOP=${PIN_LOOP:-0}  # 1: benchmarks/micro_pin_loop.py before the loops (micro_pin_loop.json in $OUT)
GIL_RUNS=${GIL_RUNS:-0}  # benchmarks/micro_gil.py runs before the loops (micro_gil-N.json in $OUT)
PIN_PHASES=${PIN_PHASES:-}  # models for benchmarks/pin_phases.py after the loops (pin_phases.json in $OUT; not printed when SEALED)
S=/tmp/tv-loader
. benchmarks/device_setup.sh
say "$(python3 -c 'import os, torch; print("torch", torch.__version__, torch.cuda.get_device_name(0), "cores", len(os.sched_getaffinity(0)))')"
work_of() { case $1 in mlp) echo 4;; cnn) echo 4;; lstm) echo 6;; gpt2) echo 8;; gru) echo 6;; vit) echo 4;; audio) echo 4;; mixer) echo 4;; tcn) echo 4;; tabular) echo 16;; unet) echo 4;; bert) echo 8;; lstmlm) echo 8;; resnet) echo 4;; opt) echo 8;; crnn) echo 6;; mobilenet) echo 4;; t5) echo 8;; seq2seq) echo 8;; convnext) echo 4;; llama) echo 8;; wavenet) echo 4;; densenet) echo 4;; vae) echo 4;; pointnet) echo 4;; esac; }
for i in $(seq "$MICRO_RUNS"); do
  m=$S/micro_host.json; [ "$i" -gt 1 ] && m=$S/micro_host-$i.json
  python3 benchmarks/micro_host.py --json "$m" > /dev/null 2>> "$LOG"; say "micro_host $i: exit $?"
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print('handover_ms', round(d['handover_ms'], 3), 'per MB', round(d['handover_ms_per_mb'], 3), [(r['bytes'] >> 10, r['busy_ms'], round(r['handover_ms'], 2)) for r in d['handover']])" "$m" | tee -a "$LOG"
done
if [ "$TRAIN_HANDOVER" = 1 ]; then
  python3 benchmarks/micro_handover_train.py --json "$OUT/micro_handover_train.json" 2>> "$LOG" | tee -a "$LOG"; say "micro_handover_train: exit ${PIPESTATUS[0]}"
fi
if [ "$PIN_LOOP" = 1 ]; then
  python3 benchmarks/micro_pin_loop.py --json "$OUT/micro_pin_loop.json" 2>> "$LOG" | tee -a "$LOG"; say "micro_pin_loop: exit ${PIPESTATUS[0]}"
fi
for i in $(seq "$GIL_RUNS"); do
  python3 benchmarks/micro_gil.py --json "$OUT/micro_gil-$i.json" 2>> "$LOG" | tee -a "$LOG"; say "micro_gil $i: exit ${PIPESTATUS[0]}"
done
for config in $CONFIGS; do
  for model in $MODELS; do
    left=$(( BUDGET_S - ($(date +%s) - START) ))
    if [ "$left" -lt 40 ]; then say "$model $config: not run ($left s left)"; continue; fi
    work=0; [ "$config" = input ] && work=$(work_of "$model")
    workers=0; [ "$config" = workers ] && workers=4
    np=""; [ "$config" = input ] && [ "$NUMPY" = 1 ] && np=--numpy
    d=$S/$model-$config; mkdir -p "$d"
    arms=$( [ "$config" = workers ] && echo base,sync,pageable_copy || echo base,sync,pageable_copy,input )
    [ -n "${ARMS:-}" ] && arms=$ARMS
    if [ "$SAME_PROCESS" = 1 ] && [ "$PROFILE_AFTER" = 1 ]; then
      n_arms=$(echo "$arms" | tr ',' ' ' | wc -w)
      first=$(( (ROUNDS + 1) * n_arms * (ROUND_STEPS + 10) ))  # the postlude's first step (10 untimed steps a round)
      window="$(( first + 22 )):$(( first + 27 ))"; timed=""
      [ "$POSTLUDE" -gt 32 ] && { window="$(( first + POSTLUDE - 10 )):$(( first + POSTLUDE - 5 ))"; timed="--timed-from $(( first + 2 ))"; }
      timeout "$left" python3 -m traceview profile --steps "$window" $timed --no-analyze -o "$d" benchmarks/ab_loader.py \
        --model "$model" --sync-every 1 --work "$work" --workers "$workers" $np --arms "$arms" --rounds "$ROUNDS" --steps "$ROUND_STEPS" \
        --untimed 10 --postlude "$POSTLUDE" $( [ "${PROBE:-0}" = 1 ] && echo --probe ) --json "$d/ab.json" > "$d/ab.out" 2>&1
      say "$model $config A/B, then its profile in the same process: exit $?"; [ "$SEALED" = 1 ] || grep "ms/step" "$d/ab.out" | tee -a "$LOG"
    elif [ "$SAME_PROCESS" = 1 ]; then
      timeout "$left" python3 -m traceview profile --steps "$STEPS" --no-analyze -o "$d" benchmarks/ab_loader.py --model "$model" \
        --sync-every 1 --work "$work" --workers "$workers" $np --arms "$arms" --rounds "$ROUNDS" --steps "$ROUND_STEPS" \
        --prelude $(( ${STEPS#*:} + 5 )) --json "$d/ab.json" > "$d/ab.out" 2>&1
      say "$model $config profile + A/B in one process: exit $?"; [ "$SEALED" = 1 ] || grep "ms/step" "$d/ab.out" | tee -a "$LOG"
    else
      [ "$PROFILE" = 1 ] && timeout $(( left / 2 )) python3 -m traceview profile --steps "$STEPS" --no-analyze -o "$d" \
        sample_traces/scripts/train_loader.py --model "$model" --iters "$ITERS" --sync-every 1 --work "$work" --workers "$workers" $np > "$d/profile.out" 2>&1
      [ "$PROFILE" = 1 ] && say "$model $config profile: exit $? ($(tail -1 "$d/profile.out" | cut -c1-150))"
      left=$(( BUDGET_S - ($(date +%s) - START) ))
      [ "$AB" = 1 ] && timeout "$left" python3 benchmarks/ab_loader.py --model "$model" --sync-every 1 --work "$work" --workers "$workers" $np \
        --arms "$arms" --rounds "$ROUNDS" --steps "$ROUND_STEPS" --json "$d/ab.json" > "$d/ab.out" 2>&1
      [ "$AB" = 1 ] && { say "$model $config A/B: exit $?"; [ "$SEALED" = 1 ] || cat "$d/ab.out" | tee -a "$LOG"; }
    fi
    rm -rf "$d"/*/code; find "$d" -name "*.torch_trace.log*" -size +2M -delete
    tar -czf "$OUT/loader.tar.gz" -C "$S" .
  done
done
if [ -n "$PIN_PHASES" ]; then
  left=$(( BUDGET_S - ($(date +%s) - START) ))
  timeout "$left" python3 benchmarks/pin_phases.py --models "$PIN_PHASES" --rounds 12 --steps 10 --json "$OUT/pin_phases.json" > "$S/pin_phases.out" 2>&1
  say "pin_phases: exit $?"; [ "$SEALED" = 1 ] || cat "$S/pin_phases.out" | tee -a "$LOG"
fi
say "done"

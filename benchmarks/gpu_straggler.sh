#!/usr/bin/env bash
# Issue 27 §5 on two GPUs: `straggler` against the real change (sample_traces/scripts/ddp_straggler.py: a balanced DDP
# job against a slow rank, slow for its input or for its work, an interleaved A/B in one pair of processes and a
# profile of each arm per rank; SEALED=1 prints nothing of the A/B).
#   OUT=/some/dir bash benchmarks/gpu_straggler.sh      ($OUT: log.txt, ddp_straggler.tar.gz)
#   ARGS="--slow-ms 1.5 --heavy 2 --width 1024 --layers 12 --batch 1024" ...   another configuration
set -u
: "${OUT:?set OUT}"
S=/tmp/tv-straggler
. benchmarks/device_setup.sh
say "$(python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.device_count(), "x", torch.cuda.get_device_name(0))')"
timeout 400 python3 sample_traces/scripts/ddp_straggler.py "$S/ddp-straggler" ${ARGS:-} $([ "${SEALED:-0}" = 1 ] && echo --sealed) > "$S/ddp.out" 2>&1
say "ddp_straggler: exit $?"; grep -v USDT "$S/ddp.out" | tail -5 | tee -a "$LOG"
cp "$LOG" "$S/"
tar -czf "$OUT/ddp_straggler.tar.gz" -C "$S" --exclude="*.out" .
say "done"

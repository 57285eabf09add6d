#!/usr/bin/env bash
# Issue 27 §5 on two GPUs: exposed_comm against the real change (sample_traces/scripts/ddp_buckets.py: one huge DDP
# bucket against the default buckets, an interleaved A/B and a profile of each arm per rank).
#   OUT=/some/dir bash benchmarks/gpu_ddp_buckets.sh      ($OUT: log.txt, ddp_buckets.tar.gz)
set -u
: "${OUT:?set OUT}"
S=/tmp/tv-ddp
. benchmarks/device_setup.sh
say "$(python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.device_count(), "x", torch.cuda.get_device_name(0))')"
timeout 400 python3 sample_traces/scripts/ddp_buckets.py "$S/ddp-buckets" > "$S/ddp.out" 2>&1
say "ddp_buckets: exit $?"; tail -5 "$S/ddp.out" | tee -a "$LOG"
cp "$LOG" "$S/"
tar -czf "$OUT/ddp_buckets.tar.gz" -C "$S" .
say "done"

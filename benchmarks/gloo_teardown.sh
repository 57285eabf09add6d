#!/bin/bash
# Does `traceview profile` ever hang a DDP script that destroys its process group right after training?
#   benchmarks/gloo_teardown.sh OUT [RUNS] [BACKEND] [NPROC]
# Runs sample_traces/scripts/ddp_destroy.py (nccl_destroy.py for nccl), unchanged, RUNS times (30) under torchrun + traceview profile,
# each with a 90 s limit ($TEARDOWN_LIMIT_S); writes OUT/runs.txt (one line per run: index, exit code, seconds) and
# OUT/summary.txt ("hangs H of RUNS"). rc 124 = hung. BACKEND gloo (default) or nccl; NPROC ranks (2).
# Run it from any folder; the traceview it profiles with is the one `python -m traceview` imports there
# (from the repository root: the checkout's own, ahead of PYTHONPATH).
set -u
out=${1:?usage: gloo_teardown.sh OUT [RUNS] [BACKEND] [NPROC]}
runs=${2:-30}; backend=${3:-gloo}; nproc=${4:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"; : > "$out/runs.txt"
export GLOO_SOCKET_IFNAME=${GLOO_SOCKET_IFNAME:-lo} OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
hangs=0; script=ddp_destroy.py; [ "$backend" = nccl ] && script=nccl_destroy.py
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  timeout -k 5 "${TEARDOWN_LIMIT_S:-90}" python -m torch.distributed.run --standalone --nproc-per-node "$nproc" -m traceview profile --no-analyze \
    -o "$out/run" "$root/sample_traces/scripts/$script" 3 > "$out/last.log" 2>&1
  rc=$?
  [ "$rc" = 124 ] || [ "$rc" = 137 ] && { hangs=$((hangs + 1)); cp "$out/last.log" "$out/hang-$i.log"; }
  echo "$i rc=$rc $(( $(date +%s) - start ))s" >> "$out/runs.txt"
done
echo "hangs $hangs of $runs ($backend, $nproc rank(s), torch $(python -c 'import torch; print(torch.__version__)'))" | tee "$out/summary.txt"

#!/bin/bash
# The NCCL half of the teardown check, for one GPU: NCCL with world size 1, repeated runs.
#   benchmarks/nccl_teardown.sh OUT [RUNS]
# Same as benchmarks/gloo_teardown.sh OUT RUNS nccl 1 (results in OUT/runs.txt and OUT/summary.txt).
exec "$(dirname "$0")/gloo_teardown.sh" "${1:?usage: nccl_teardown.sh OUT [RUNS]}" "${2:-30}" nccl 1

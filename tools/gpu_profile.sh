#!/usr/bin/env bash
# On a machine with a GPU: a developer build with the C++ tools (build/gpu),
# then the small-op and cold-start profiles. Logs go to $OUT.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/gpuarray-profile}
mkdir -p "$OUT"
export PYTHONPATH=python PYTHONUNBUFFERED=1
GPUARRAY_CMAKE_ARGS=-DGPUARRAY_BUILD_TOOLS=ON bash tools/dev_build.sh build/gpu >"$OUT/build.log" 2>&1 ||
  { tail -30 "$OUT/build.log"; exit 1; }
echo "=== small_op_stages"; build/gpu/small_op_stages python/gpuarray/_include
echo "=== profile_small_ops"; python3 benchmarks/probes/profile_small_ops.py
echo "=== compile_times"; python3 benchmarks/probes/compile_times.py
echo "=== nvrtc_option_bandwidth"; python3 benchmarks/probes/nvrtc_option_bandwidth.py
echo "=== profile_cold_start"; python3 benchmarks/probes/profile_cold_start.py

#!/usr/bin/env bash
# Incremental developer build: compiles into build/dev (or $1) and links the
# extension modules into python/gpuarray so `PYTHONPATH=python` imports them.
# GPUARRAY_CMAKE_ARGS adds configure options (e.g. -DGPUARRAY_BUILD_TOOLS=ON)
# to a new build folder. It compiles for GPUARRAY_CUDA_ARCHITECTURES (default
# 90, the GPU machines' Hopper; "all" for every generation, as pip builds by
# default); a folder configured for others is reconfigured.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/dev}
archs=${GPUARRAY_CUDA_ARCHITECTURES:-90}
if [ ! -f "$build/build.ninja" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -Dpybind11_DIR="$(python3 -m pybind11 --cmakedir)" \
        -DGPUARRAY_CUDA_ARCHITECTURES="$archs" ${GPUARRAY_CMAKE_ARGS:-} >/dev/null
elif ! grep -qx "GPUARRAY_CUDA_ARCHITECTURES:[A-Z]*=$archs" "$build/CMakeCache.txt"; then
  cmake "$build" -DGPUARRAY_CUDA_ARCHITECTURES="$archs" >/dev/null
fi
cmake --build "$build"
# Links of an earlier build (of a module since renamed) would shadow these.
find python/gpuarray -maxdepth 1 -name '*.so' -type l -delete
for f in "$build"/_core*.so "$build"/_libs_ext*.so "$build"/_nccl_ext*.so "$build"/libgpuarray_engine.so; do
  ln -sf "$(realpath "$f")" python/gpuarray/
done
if [ -d "$build/_kernels" ]; then ln -sfn "$(realpath "$build/_kernels")" python/gpuarray/_kernels; fi

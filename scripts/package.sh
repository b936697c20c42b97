#!/usr/bin/env bash
# One command: the Debian packages, in build-package/packages/:
#   warpscope_VERSION-1_ARCH.deb         the window (Qt; no CUDA library), the menu entry, the
#                                        shipped recordings and the docs
#   warpscope-worker_VERSION-1_ARCH.deb  warpscope-cli: the command line and the GPU worker (no Qt)
# Installs what is missing with apt (the build's packages, and help2man, rsvg-convert, dpkg-dev
# for the man pages, icons and Depends), builds only what the packages hold in build-package/
# (no tests), and runs cpack. Then:  sudo apt install ./build-package/packages/*.deb
# With the CUDA toolkit (nvcc on the PATH or in /usr/local/cuda) the worker measures GPUs;
# without it, both run the simulator and the recordings.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/build-package
"$root/scripts/install-deps.sh"
tools=(help2man librsvg2-bin dpkg-dev file gzip)
missing=()
for p in "${tools[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
  export PATH=/usr/local/cuda/bin:$PATH
fi
# CMAKE_SKIP_INSTALL_ALL_DEPENDENCY: cpack installs what is built below, without building the
# benches first. WARPSCOPE_INSTALL_EXTRAS_REQUIRED: no package without its man pages and icons.
cmake -S "$root" -B "$out" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWARPSCOPE_ENABLE_TESTS=OFF \
  -DWARPSCOPE_INSTALL_EXTRAS_REQUIRED=ON -DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON "$@" >/dev/null
targets=(warpscope-cli warpscope_install_extras)
grep -q '^WARPSCOPE_ENABLE_UI:BOOL=ON' "$out/CMakeCache.txt" && targets+=(warpscope)
cmake --build "$out" -j"$(nproc)" --target "${targets[@]}"
rm -f "$out"/packages/*.deb
(cd "$out" && cpack -G DEB >/dev/null)
for deb in "$out"/packages/*.deb; do
  echo "$deb"
  dpkg-deb -f "$deb" Package Version Depends Recommends Suggests | sed 's/^/    /'
done

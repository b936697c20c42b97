#!/usr/bin/env bash
# Configures build/ (shared by start.sh and test.sh). Uses the CUDA toolkit when one is found.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
  export PATH=/usr/local/cuda/bin:$PATH
fi
# Ninja: it starts a target's compiles before the libraries it links are done, which Make does
# not, so a clean build keeps both cores of a small machine busy (issue 32). A build folder made
# with another generator (Make, before) is reconfigured from scratch: CMake cannot switch one.
generator="Unix Makefiles"
command -v ninja >/dev/null && generator=Ninja
if [ -f "$root/build/CMakeCache.txt" ] &&
   ! grep -qx "CMAKE_GENERATOR:INTERNAL=$generator" "$root/build/CMakeCache.txt"; then
  rm -rf "$root/build/CMakeCache.txt" "$root/build/CMakeFiles"
fi
cmake -S "$root" -B "$root/build" -G "$generator" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null

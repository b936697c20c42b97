#!/usr/bin/env bash
# Configures build/ (shared by start.sh and test.sh). Uses the CUDA toolkit when one is found.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
  export PATH=/usr/local/cuda/bin:$PATH
fi
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null

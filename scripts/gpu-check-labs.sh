#!/usr/bin/env bash
# The real-GPU check of chosen labs in one command, for the lent GPU machine (docs/results.md):
# the device tests matching FILTER, `bench` (every lab's targets and sweep times), each lab as
# JSON with the wall time of its full default run, a figure of each of its views and a window
# screenshot of the first. Only ~8 files come back from the GPU machine, so the figures and JSON
# are packed into one archive, OUTDIR/labs.tar.
#   Here:  cmake --build build -j2 && scripts/device-bundle.sh .device build/app/warpscope \
#            build/app/warpscope-cli build/tests/warpscope_device_tests
#   There: FILTER='*Occupancy*' scripts/gpu-check-labs.sh [.device/bundle.tar.xz] OUTDIR occupancy limiter
#   (without a bundle: the build folder's, WARPSCOPE_PREFIX's or the installed programs)
set -uo pipefail
source "$(dirname "$0")/gpu-check-env.sh"  # [BUNDLE.tar.xz]: the programs (bundle, prefix, build or PATH)
out=${1:?output folder}; shift
labs=("$@")
mkdir -p "$out/labs"
export QT_QPA_PLATFORM=offscreen
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv | tee "$out/gpu.txt"
step() { echo "== $*"; "$@"; echo "== exit $?"; }
{
  step warpscope_device_tests --gtest_filter="${FILTER:-*}"
  step warpscope-cli bench --device cuda:0 --repeat "${REPEAT:-5}"
  for lab in "${labs[@]}"; do
    start=$(date +%s%N)
    warpscope-cli run "$lab" --device cuda:0 --out "$out/labs/${lab//-/_}.json" 2>&1 | tail -1
    echo "$lab: full default run $(( ($(date +%s%N) - start) / 1000000 )) ms (process start included)"
  done
} 2>&1 | tee "$out/device_log.txt"
for lab in "${labs[@]}"; do
  # The view ids: the "id"s after "views" in the lab's description (no python on the GPU machine).
  for view in $(warpscope-cli describe "$lab" | sed -n '/"views"/,$p' | grep -o '"id": "[^"]*"' | cut -d'"' -f4); do
    warpscope --lab "$lab" --device cuda:0 --view "$view" --export "$out/labs/gpu_${lab//-/_}_${view//-/_}.png" 2>&1 | tail -1
  done
  warpscope --lab "$lab" --device cuda:0 --screenshot "$out/labs/window_gpu_${lab//-/_}.png" 2>&1 | tail -1
done
tar cf "$out/labs.tar" -C "$out" labs && rm -rf "$out/labs"
ls -la "$out"

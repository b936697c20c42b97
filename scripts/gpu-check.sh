#!/usr/bin/env bash
# The whole real-GPU check in one command, for the lent GPU machine (see docs/results.md):
# device tests, the benchmark of every lab, every lab as JSON, offscreen figures of every view.
#   Here:  cmake --build build -j2 && scripts/device-bundle.sh .device build/app/warpscope \
#            build/app/warpscope-cli build/tests/warpscope_device_tests
#   There: scripts/gpu-check.sh [.device/bundle.tar.xz] OUTDIR
# Without a bundle: the programs of this repository's build folder, of WARPSCOPE_PREFIX, or the
# installed packages' (scripts/gpu-check-env.sh).
set -uo pipefail
source "$(dirname "$0")/gpu-check-env.sh"  # [BUNDLE.tar.xz]: the programs (bundle, prefix, build or PATH)
out=${1:?output folder}
mkdir -p "$out"
export QT_QPA_PLATFORM=offscreen
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv | tee "$out/gpu.txt"
step() { echo "== $*"; "$@"; echo "== exit $?"; }
{
  step warpscope_device_tests --gtest_brief=0
  step warpscope-cli devices
  step warpscope-cli bench --device cuda:0 --repeat 20
} 2>&1 | tee "$out/device_log.txt"
for lab in $(warpscope-cli labs | cut -f1); do
  warpscope-cli run "$lab" --device cuda:0 --out "$out/${lab//-/_}.json" 2>&1 | tail -1
  # The view ids: the "id"s after "views" in the lab's description (no python on the GPU machine).
  for view in $(warpscope-cli describe "$lab" | sed -n '/"views"/,$p' | grep -o '"id": "[^"]*"' | cut -d'"' -f4); do
    warpscope --lab "$lab" --device cuda:0 --view "$view" --export "$out/gpu_${lab//-/_}_${view//-/_}.png" 2>&1 | tail -1
  done
done
warpscope --lab latency-memory --device cuda:0 --screenshot "$out/window_gpu.png" 2>&1 | tail -2
warpscope --lab divergence --device cuda:0 --view warp-timeline --screenshot "$out/window_gpu_divergence.png" 2>&1 | tail -2
warpscope --lab latency-arith --device cuda:0 --measure-slider-latency 20 2>&1 | tail -3
ls -la "$out"

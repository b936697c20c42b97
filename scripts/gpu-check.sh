#!/usr/bin/env bash
# The whole real-GPU check in one command, for the lent GPU machine (see docs/results.md):
# device tests, the benchmark, both labs as JSON/CSV, and offscreen screenshots of both labs.
#   Here:  cmake --build build -j2 && ../shared/tools/device-bundle .device build/app/warpscope \
#            build/app/warpscope-cli build/tests/warpscope_device_tests
#   There: scripts/gpu-check.sh .device/bundle.tar.xz OUTDIR
set -uo pipefail
bundle=${1:?bundle.tar.xz}; out=${2:?output folder}
mkdir -p "$out"
tar xJf "$bundle" -C /tmp && source /tmp/bundle/env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv | tee "$out/gpu.txt"
step() { echo "== $*"; "$@"; echo "== exit $?"; }
{
  step warpscope_device_tests --gtest_brief=0
  step warpscope-cli devices
  step warpscope-cli bench --device cuda:0 --repeat 20
} 2>&1 | tee "$out/device_log.txt"
warpscope-cli run latency-arith --device cuda:0 --out "$out/latency_arith.json" 2>&1 | tail -1
warpscope-cli run latency-memory --device cuda:0 --out "$out/latency_memory.json" 2>&1 | tail -1
for lab in latency-arith latency-memory; do
  warpscope --lab $lab --device cuda:0 --export "$out/${lab//-/_}_gpu.png" 2>&1 | tail -2
done
warpscope --lab latency-memory --device cuda:0 --screenshot "$out/window_gpu.png" 2>&1 | tail -2
warpscope --lab latency-arith --device cuda:0 --measure-slider-latency 20 2>&1 | tail -3
ls -la "$out"

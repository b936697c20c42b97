#!/usr/bin/env bash
# The counters and memory-access check on the GPU machine (issue 16): device tests, the coalescing
# sweeps, the benchmark, every counter against Nsight Compute, the coalescing presets recorded,
# and the coalescing views as figures and window screenshots.
#   Here:  cmake --build build -j2 && scripts/device-bundle.sh .device build/app/warpscope \
#            build/app/warpscope-cli build/tests/warpscope_device_tests && cp scripts/*.sh .device/
#   There: bash .device/gpu-check-counters.sh [.device/bundle.tar.xz] OUTDIR
#   (without a bundle: the build folder's, WARPSCOPE_PREFIX's or the installed programs)
set -uo pipefail
scripts_dir=$(cd "$(dirname "$0")" && pwd)  # before env.sh, which sets variables of its own
source "$(dirname "$0")/gpu-check-env.sh"  # [BUNDLE.tar.xz]: the programs (bundle, prefix, build or PATH)
out=${1:?output folder}
mkdir -p "$out"
export QT_QPA_PLATFORM=offscreen
step() { echo "== $*"; "$@"; echo "== exit $?"; }
{
  step warpscope_device_tests
  for eb in 4 8 16; do step warpscope-cli run coalescing --device cuda:0 --set element_bytes=$eb --out "$out/coalescing_eb$eb.json"; done
  step warpscope-cli run coalescing --device cuda:0 --set offset=1 --out "$out/coalescing_eb4_offset1.json"
  step warpscope-cli bench --device cuda:0 --repeat 10
} > "$out/device_log.txt" 2>&1
WARPSCOPE_CLI=warpscope-cli bash "$scripts_dir/counters-vs-ncu.sh" "$out/ncu" 'coalescing --scope focus' \
  'coalescing --scope focus --set stride=3 --set offset=1' 'coalescing --scope focus --set stride=32' \
  'coalescing --scope focus --set stride=2 --set element_bytes=16' 'divergence' 'divergence --set pattern=first-k' \
  'occupancy' 'matmul-tiling' 'latency-memory --scope focus' 'latency-memory --scope focus --set occupancy_pct=25' \
  > "$out/counters_vs_ncu.txt" 2>&1
mkdir -p "$out/rec"
for p in coalescing-burst-sections coalescing-offset-straddles coalescing-x-tid-100; do
  warpscope-cli record --preset "$p" --device cuda:0 --out "$out/rec" 2>&1 | tail -1
done
for view in gbps-vs-stride sectors-vs-stride warp-addresses; do
  warpscope --lab coalescing --device cuda:0 --view "$view" --set stride=3 --set offset=1 --window-size 1280x720 \
    --screenshot "$out/window_coalescing_${view//-/_}.png" 2>&1 | tail -1
done
warpscope --lab coalescing --device cuda:0 --window-size 1600x1000 --screenshot "$out/window_coalescing_1600.png" 2>&1 | tail -1
rm -rf "$out/ncu"/*.ncu.json
# One archive: only a few files come back from the GPU machine.
tar czf "$out/check.tgz" -C "$out" --exclude check.tgz . && ls -la "$out/check.tgz"

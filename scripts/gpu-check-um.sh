#!/usr/bin/env bash
# The unified-memory labs' real-GPU check in one command, for the lent GPU machine
# (docs/results.md, the um-* sections; docs/logs/history.md, "Unified memory (issue 6)"): their
# device tests, the bench targets, each lab as JSON, figures of their views and a window screenshot.
# With two GPUs (MULTI=1) only the two-GPU parts.
#   Here:  cmake --build build -j2 && scripts/device-bundle.sh .device build/app/warpscope \
#            build/app/warpscope-cli build/tests/warpscope_device_tests
#   There: scripts/gpu-check-um.sh [.device/bundle.tar.xz] OUTDIR
#   (without a bundle: the build folder's, WARPSCOPE_PREFIX's or the installed programs)
set -uo pipefail
source "$(dirname "$0")/gpu-check-env.sh"  # [BUNDLE.tar.xz]: the programs (bundle, prefix, build or PATH)
out=${1:?output folder}
mkdir -p "$out"
export QT_QPA_PLATFORM=offscreen
nvidia-smi --query-gpu=name,memory.free,clocks.sm,temperature.gpu --format=csv | tee "$out/gpu.txt"
step() { echo "== $*"; "$@"; echo "== exit $?"; }
if [ "${MULTI:-0}" = 1 ]; then
  {
    step warpscope_device_tests --gtest_filter='*MultiGpu*'
    step warpscope-cli run um-multi-gpu --device cuda:0 --out "$out/um_multi_gpu.json"
  } 2>&1 | tee "$out/multi_gpu_log.txt"
  for view in gbps-by-mode bytes-by-mode um-timeline page-map; do
    warpscope --lab um-multi-gpu --device cuda:0 --set shown=read-duplicate --view "$view" \
      --export "$out/gpu_um_multi_gpu_${view//-/_}.png" 2>&1 | tail -1
  done
  exit 0
fi
{
  step warpscope_device_tests --gtest_filter='*Um*:*Thrash*:*Streaming*:*Policies*:*Capture*'
  step warpscope-cli devices
  step warpscope-cli bench --device cuda:0 --repeat 3
} 2>&1 | tee "$out/device_log.txt"
for lab in um-streaming um-policies um-thrashing um-oversubscription; do
  warpscope-cli run "$lab" --device cuda:0 --out "$out/${lab//-/_}.json" 2>&1 | tail -1
done
warpscope-cli run um-streaming --device cuda:0 --set buffer_mib=100000 2>&1 | tail -1  # the cap refuses it
for view in gbps-by-mode gbps-vs-granularity prefetch-vs-size faults-by-mode um-timeline page-map; do
  warpscope --lab um-streaming --device cuda:0 --view "$view" --export "$out/gpu_um_streaming_${view//-/_}.png" 2>&1 | tail -1
done
warpscope --lab um-policies --device cuda:0 --view time-by-policy --export "$out/gpu_um_policies_time.png" 2>&1 | tail -1
warpscope --lab um-thrashing --device cuda:0 --set shared_pct=100 --view um-timeline --export "$out/gpu_um_thrashing_timeline.png" 2>&1 | tail -1
warpscope --lab um-streaming --device cuda:0 --set granularity=128 --view page-map --screenshot "$out/window_gpu_um_page_map.png" 2>&1 | tail -2
ls -la "$out"

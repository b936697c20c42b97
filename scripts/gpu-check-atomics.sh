#!/usr/bin/env bash
# The atomics check on the GPU machine (issue 16): the counters' and atomics' device tests (the
# SASS of every kernel printed), the sweeps for int and float, the lab's bench, the atomics
# counters against Nsight Compute, and (with "full") the presets recorded and the views as window
# screenshots.
#   Here:  cmake --build build -j2 && scripts/device-bundle.sh .device build/app/warpscope \
#            build/app/warpscope-cli build/tests/warpscope_device_tests && cp scripts/*.sh .device/
#   There: bash .device/gpu-check-atomics.sh [.device/bundle.tar.xz] OUTDIR [full]
#   (without a bundle: the build folder's, WARPSCOPE_PREFIX's or the installed programs)
set -uo pipefail
scripts_dir=$(cd "$(dirname "$0")" && pwd)  # before env.sh, which sets variables of its own
source "$(dirname "$0")/gpu-check-env.sh"  # [BUNDLE.tar.xz]: the programs (bundle, prefix, build or PATH)
out=${1:?output folder}; full=${2:-}
mkdir -p "$out"
export QT_QPA_PLATFORM=offscreen
step() { echo "== $*"; local t0; t0=$(date +%s%N); "$@"; local rc=$?; echo "== exit $rc ($(( ($(date +%s%N) - t0) / 1000000 )) ms)"; }
{
  step warpscope_device_tests --gtest_filter='Counters*:CoalescingCounters*:BankConflictsCounters*:Atomics*:CoalescingMatrixOnGpu*:RaceOnGpu*'
  for t in int float; do step warpscope-cli run atomics --device cuda:0 --set value_type=$t --out "$out/atomics_$t.json"; done
  # Seed 002's 2D case and race (issue 31): every matrix side, every race size.
  for s in 2048 4096 8192 16384; do step warpscope-cli run coalescing --device cuda:0 --set matrix_side=$s --out "$out/coalescing_matrix_$s.json"; done
  for n in 4 32 1024 32768 1048576; do step warpscope-cli run atomics --device cuda:0 --set race_threads=$n --out "$out/atomics_race_$n.json"; done
  step warpscope-cli bench atomics --device cuda:0 --repeat 10
} > "$out/device_log.txt" 2>&1
NCU_ARGS="-c 1" WARPSCOPE_CLI=warpscope-cli bash "$scripts_dir/counters-vs-ncu.sh" "$out/ncu" 'atomics' \
  'atomics --set addresses=32' 'atomics --set addresses=1048576' 'atomics --set variant=shared' \
  'atomics --set variant=shared --set addresses=4' 'atomics --set variant=global-aggregated --set addresses=8' \
  'atomics --set value_type=float --set variant=shared-aggregated --set addresses=2' > "$out/counters_vs_ncu.txt" 2>&1
if [ "$full" = full ]; then
  mkdir -p "$out/rec"
  for p in atomics-lock-like-bottleneck atomics-warp-aggregation atomics-histogram-privatisation \
           atomics-race-guesswhat atomics-race-lost-updates coalescing-one-thread-per-row; do
    warpscope-cli record --preset "$p" --device cuda:0 --out "$out/rec" 2>&1 | tail -1
  done
  for view in global-vs-addresses shared-vs-addresses queue-per-request histogram queue race; do
    warpscope --lab atomics --device cuda:0 --view "$view" --window-size 1280x720 \
      --screenshot "$out/window_atomics_${view//-/_}.png" 2>&1 | tail -1
  done
  warpscope --lab atomics --device cuda:0 --window-size 1600x1000 --screenshot "$out/window_atomics_1600.png" 2>&1 | tail -1
  warpscope --lab atomics --device cuda:0 --view queue --set variant=shared-aggregated --set addresses=4 \
    --window-size 1280x720 --screenshot "$out/window_atomics_queue_aggregated.png" 2>&1 | tail -1
  for p in atomics-lock-like-bottleneck atomics-warp-aggregation atomics-histogram-privatisation \
           atomics-race-guesswhat atomics-race-lost-updates coalescing-one-thread-per-row; do
    warpscope --lecture cuda-memory-advanced --preset "$p" --device cuda:0 --window-size 1280x720 --presentation \
      --screenshot "$out/lecture_${p}_presentation.png" 2>&1 | tail -1
  done
fi
rm -rf "$out/ncu"/*.ncu.json
tar czf "$out/check.tgz" -C "$out" --exclude check.tgz . && ls -la "$out/check.tgz"

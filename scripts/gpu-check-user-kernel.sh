#!/usr/bin/env bash
# Issue 33 on the GPU machine: the user's own kernel. The device tests of the room, the window over
# its real worker with a kernel that faults and one that never ends, the three shipped examples run
# with their SASS, the window's slider latency on a kernel file, the SASS view's screenshots at
# 1600x1000 and 1280x720, and the kernels' counters against Nsight Compute. Logs and pictures go to
# OUTDIR; the exit status is 1 when a step failed. PART picks half of it: "cli" (the device tests,
# the examples' runs and SASS, Nsight Compute: warpscope-cli and warpscope_device_tests, no Qt) or
# "window" (the window's test, slider latency and screenshots); default both.
#   Here:  cmake --build build && scripts/device-bundle.sh .device build/app/warpscope build/app/warpscope-cli \
#            build/tests/warpscope_device_tests build/tests/ui/warpscope_ui_device_tests && cp scripts/*.sh .device/
#   There: bash .device/gpu-check-user-kernel.sh .device/bundle.tar.xz OUTDIR [cli|window]
set -uo pipefail
source "$(dirname "$0")/gpu-check-env.sh"  # [BUNDLE.tar.xz]: the programs
out=${1:?output folder}
part=${2:-all}
mkdir -p "$out"
repo=$gpu_check_repo
[ -d "$repo/resources/kernels" ] || repo=$PWD
export WARPSCOPE_SOURCE_DIR=$repo WARPSCOPE_NO_SESSION=1 WARPSCOPE_UI_TEST_ARTIFACTS="$out"
kernels=$repo/resources/kernels
status=0
step() {
  echo "== $*"
  local t0 rc
  t0=$(date +%s%N)
  "$@"
  rc=$?
  echo "== exit $rc ($(( ($(date +%s%N) - t0) / 1000000 )) ms)"
  [ $rc -eq 0 ] || status=1
  return 0
}
cli_part() {
  step warpscope_device_tests --gtest_filter='UserKernel*:InstructionCosts*:AtomicsSass*'
  for k in reduction transpose stencil; do
    step warpscope-cli run --kernel "$kernels/$k.cu" --device cuda:0 --out "$out/$k.json"
    step warpscope-cli show "$out/$k.json" --format csv --view sass --out "$out/${k}_sass.csv"
  done
  if command -v ncu >/dev/null; then
    export WARPSCOPE_CLI=warpscope-cli
    step bash "$(dirname "$0")/counters-vs-ncu.sh" "$out/ncu" \
      "--kernel $kernels/transpose.cu --set variant=tiled" "--kernel $kernels/transpose.cu --set variant=padded" \
      "--kernel $kernels/reduction.cu"
  fi
}
window_part() {
  # The window's test starts its worker from beside itself: the bundle's bin/ holds both; a build
  # folder's tests/ui does not, so warpscope-cli is copied there (as gpu-check-window-faults.sh does).
  local ui_tests_dir
  ui_tests_dir=$(dirname "$(command -v warpscope_ui_device_tests)")
  if [ ! -x "$ui_tests_dir/warpscope-cli" ] && command -v warpscope-cli >/dev/null; then
    cp "$(command -v warpscope-cli)" "$ui_tests_dir/"
  fi
  step warpscope_ui_device_tests --gtest_filter='WindowGpuFaults.AUserKernel*'
  step warpscope --kernel "$kernels/transpose.cu" --device cuda:0 --measure-slider-latency 20
  step warpscope --kernel "$kernels/reduction.cu" --device cuda:0 --measure-slider-latency 20
  [ -f "$out/transpose.json" ] || step warpscope-cli run --kernel "$kernels/transpose.cu" --device cuda:0 --out "$out/transpose.json"
  for size in 1600x1000 1280x720; do
    step warpscope "$out/transpose.json" --view sass --window-size "$size" --screenshot "$out/transpose_sass_$size.png"
  done
  step warpscope --kernel "$kernels/reduction.cu" --device cuda:0 --view throughput --window-size 1600x1000 \
    --screenshot "$out/reduction_throughput_1600x1000.png"
}
{
  nvidia-smi --query-gpu=name,driver_version --format=csv
  echo "cuobjdump: $(command -v cuobjdump || ls /usr/local/cuda/bin/cuobjdump 2>/dev/null || echo missing)"
  echo "ncu: $(command -v ncu || echo missing)"
  [ "$part" = window ] || cli_part
  [ "$part" = cli ] || window_part
} > "$out/user_kernel_${part}_log.txt" 2>&1
tail -n 3 "$out/user_kernel_${part}_log.txt"
exit $status

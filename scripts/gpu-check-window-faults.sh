#!/usr/bin/env bash
# The window survives kernel faults on the GPU machine (issue 18): the real window, offscreen, over
# its real GPU worker; one lab faults three runs in a row (WARPSCOPE_TEST_KERNEL_FAULT, set by the
# test), another keeps its pin and values and is measured by a new worker. Just that test: its log
# and two screenshots of the window go to OUTDIR; the exit status is the test's.
#   Here:  cmake --build build -j8 && scripts/device-bundle.sh .device build/app/warpscope-cli \
#            build/tests/ui/warpscope_ui_device_tests [the other binaries of the batch] && cp scripts/*.sh .device/
#   There:  bash .device/gpu-check-window-faults.sh [.device/bundle.tar.xz] OUTDIR
#   (the bundle first, as in every gpu-check script; the old order OUTDIR BUNDLE still works;
#   without one: this repository's build folder, scripts/gpu-check-env.sh)
set -uo pipefail
if [[ ${2:-} == *.tar.xz ]]; then set -- "$2" "$1"; fi  # the old order: OUTDIR BUNDLE
source "$(dirname "$0")/gpu-check-env.sh"  # [BUNDLE.tar.xz]: the programs (bundle, prefix, build or PATH)
out=${1:?output folder}
mkdir -p "$out"
command -v warpscope_ui_device_tests >/dev/null || { echo "warpscope_ui_device_tests is not on PATH: pass a bundle or build it (build/tests/ui)" >&2; exit 2; }
# The test starts its worker from beside itself: warpscope-cli must be in the same folder (the
# bundle's bin/ holds both; a build folder's tests/ui does not, so it is copied there).
ui_tests_dir=$(dirname "$(command -v warpscope_ui_device_tests)")
if [ ! -x "$ui_tests_dir/warpscope-cli" ] && command -v warpscope-cli >/dev/null; then cp "$(command -v warpscope-cli)" "$ui_tests_dir/"; fi
[ -x "$ui_tests_dir/warpscope-cli" ] || { echo "warpscope-cli is not beside warpscope_ui_device_tests" >&2; exit 2; }
export QT_QPA_PLATFORM=offscreen WARPSCOPE_NO_SESSION=1 WARPSCOPE_UI_TEST_ARTIFACTS="$out"
step() { echo "== $*"; local t0; t0=$(date +%s%N); "$@"; local rc=$?; echo "== exit $rc ($(( ($(date +%s%N) - t0) / 1000000 )) ms)"; return $rc; }
{
  nvidia-smi --query-gpu=name,driver_version --format=csv
  step warpscope_ui_device_tests --gtest_filter='WindowGpuFaults.*' --gtest_brief=0
} > "$out/window_faults_log.txt" 2>&1
rc=$?
tail -n 4 "$out/window_faults_log.txt"
exit $rc

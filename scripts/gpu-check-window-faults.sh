#!/usr/bin/env bash
# The window survives kernel faults on the GPU machine (issue 18): the real window, offscreen, over
# its real GPU worker; one lab faults three runs in a row (WARPSCOPE_TEST_KERNEL_FAULT, set by the
# test), another keeps its pin and values and is measured by a new worker. Just that test: its log
# and two screenshots of the window go to OUTDIR; the exit status is the test's.
#   Here:  cmake --build build -j8 && ../shared/tools/device-bundle .device build/app/warpscope-cli \
#            build/tests/ui/warpscope_ui_device_tests [the other binaries of the batch] && cp scripts/*.sh .device/
#   There, in the unpacked bundle's environment (tar xJf .device/bundle.tar.xz -C /tmp &&
#   source /tmp/bundle/env.sh):   bash .device/gpu-check-window-faults.sh OUTDIR
#   or let it unpack the bundle:  bash .device/gpu-check-window-faults.sh OUTDIR .device/bundle.tar.xz
set -uo pipefail
out=${1:?output folder}; bundle=${2:-}
mkdir -p "$out"
if [ -n "$bundle" ]; then tar xJf "$bundle" -C /tmp && source /tmp/bundle/env.sh; fi
command -v warpscope_ui_device_tests >/dev/null || { echo "warpscope_ui_device_tests is not on PATH: source the bundle's env.sh or pass the bundle" >&2; exit 2; }
# The test starts its worker from beside itself: the bundle's bin/ must hold warpscope-cli too.
[ -x "$(dirname "$(command -v warpscope_ui_device_tests)")/warpscope-cli" ] || { echo "warpscope-cli is not beside warpscope_ui_device_tests in the bundle" >&2; exit 2; }
export QT_QPA_PLATFORM=offscreen WARPSCOPE_NO_SESSION=1 WARPSCOPE_UI_TEST_ARTIFACTS="$out"
step() { echo "== $*"; local t0; t0=$(date +%s%N); "$@"; local rc=$?; echo "== exit $rc ($(( ($(date +%s%N) - t0) / 1000000 )) ms)"; return $rc; }
{
  nvidia-smi --query-gpu=name,driver_version --format=csv
  step warpscope_ui_device_tests --gtest_filter='WindowGpuFaults.*' --gtest_brief=0
} > "$out/window_faults_log.txt" 2>&1
rc=$?
tail -n 4 "$out/window_faults_log.txt"
exit $rc

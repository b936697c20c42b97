#!/usr/bin/env bash
# Issue 27's real-GPU check (docs/results.md, "Speed and memory"): the device tests after the
# re-flooring, then every Focus parameter of every lab moved N times in the window through its GPU
# worker (slider-to-redraw, the window's part and the backend's part of each in-place update), and
# the window at 1600x1000 and 1280x720.
#   Here:  cmake --build build -j2 && scripts/device-bundle.sh .device build/app/warpscope \
#            build/app/warpscope-cli build/tests/warpscope_device_tests [build/tests/ui/warpscope_ui_device_tests]
#   There: scripts/gpu-check-floors.sh [.device/bundle.tar.xz] OUTDIR [MOVES]
#   (without a bundle: the build folder's, WARPSCOPE_PREFIX's or the installed programs)
# DEVICE_TESTS=0 leaves the device tests out (a second run on the same backend); BENCH=1 adds
# `warpscope-cli bench`, whole, to OUTDIR/bench.txt.
set -uo pipefail
source "$(dirname "$0")/gpu-check-env.sh"  # [BUNDLE.tar.xz]: the programs (bundle, prefix, build or PATH)
out=${1:?output folder}; moves=${2:-100}
mkdir -p "$out"
export QT_QPA_PLATFORM=offscreen
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv | tee "$out/gpu.txt"
step() { echo "== $*"; "$@"; echo "== exit $?"; }
{
  [ "${DEVICE_TESTS:-1}" = 0 ] || step warpscope_device_tests --gtest_brief=1
  # The window's own GPU tests (through its worker), when the bundle has them.
  [ "${DEVICE_TESTS:-1}" = 0 ] || ! command -v warpscope_ui_device_tests >/dev/null ||
    step warpscope_ui_device_tests --gtest_brief=1
  for lab in $(warpscope-cli labs | cut -f1); do
    # Only labs with a Focus parameter update in place; the others rerun their sweep on every move.
    warpscope-cli describe "$lab" | grep -q '"role": "focus"' || continue
    step warpscope --lab "$lab" --device cuda:0 --measure-slider-latency "$moves"
  done
} 2>&1 | grep -v "propagateSizeHints" | tee "$out/floors_log.txt"
[ "${BENCH:-0}" = 1 ] && warpscope-cli bench --device cuda:0 > "$out/bench.txt" 2>&1
for size in 1600x1000 1280x720; do
  warpscope --lab coalescing --device cuda:0 --window-size "$size" --screenshot "$out/floors_coalescing_$size.png" 2>&1 | tail -1
  warpscope --lab bank-conflicts --device cuda:0 --set pattern=transpose --window-size "$size" \
    --screenshot "$out/floors_bank_conflicts_$size.png" 2>&1 | tail -1
done
ls -la "$out"

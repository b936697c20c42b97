#!/usr/bin/env bash
# One command: install what is missing, build everything, run every test (unit, UI offscreen,
# device tests, which skip with a printed reason when no GPU answers).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/configure.sh"
cmake --build "$root/build" -j"$(nproc)"
export QT_QPA_PLATFORM=offscreen
cd "$root/build"
ctest --output-on-failure -j"$(nproc)"
# Make skipped GPU tests visible, with their reason, in the log.
if [ -x tests/warpscope_device_tests ]; then
  tests/warpscope_device_tests --gtest_brief=1 2>&1 | grep -E "SKIPPED|Skipped|no CUDA device" | head -n 20 || true
fi

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
# Make skipped GPU tests visible, with their reason (ctest keeps each test's output in its log).
skipped=$(grep -c "no CUDA device" Testing/Temporary/LastTest.log 2>/dev/null || true)
if [ "${skipped:-0}" -gt 0 ]; then
  echo "GPU tests skipped ($skipped): $(grep -m1 "no CUDA device" Testing/Temporary/LastTest.log)"
fi

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
# Make every skipped test visible with its reason (ctest keeps each test's output in its log; a
# GoogleTest skip prints "file:line: Skipped" and the reason on the next line), counted by reason.
log=Testing/Temporary/LastTest.log
if grep -q ": Skipped$" "$log" 2>/dev/null; then
  echo "Skipped tests, by reason:"
  grep -A1 ": Skipped$" "$log" | grep -v -e ": Skipped$" -e "^--$" | sort | uniq -c || true
fi

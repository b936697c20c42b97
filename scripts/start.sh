#!/usr/bin/env bash
# One command: install what is missing, build, start the GUI (the simulator when no GPU answers).
# Extra arguments go to the app, e.g. ./scripts/start.sh --lab latency-memory
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/configure.sh"
cmake --build "$root/build" -j"$(nproc)" --target warpscope warpscope-cli
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "No display found: starting Warpscope in a virtual X server (xvfb-run). Stop it with Ctrl+C."
  exec xvfb-run -a -s "-screen 0 1600x1000x24" "$root/build/app/warpscope" "$@"
fi
exec "$root/build/app/warpscope" "$@"

#!/usr/bin/env bash
# Every slide of every lecture as a projector shows it (issue 28): presentation mode at 1280x720,
# one PNG a slide under OUT/<lecture>/<NN>-<preset>.png. Look at every one before a class.
#   scripts/lecture-screenshots.sh [DEVICE [OUT]]      (default: rec:h100, docs/screenshots/lectures)
# Needs an X server (xvfb-run is used when DISPLAY is unset) and a built build/app/warpscope.
set -euo pipefail
cd "$(dirname "$0")/.."
device="${1:-rec:h100}"
out="${2:-docs/screenshots/lectures}"
app=build/app/warpscope
cli=build/app/warpscope-cli
run() { if [ -n "${DISPLAY:-}" ]; then "$@"; else xvfb-run -a -s "-screen 0 1600x1000x24" "$@"; fi; }
count=0
lecture_before=""
n=0
while IFS=$'\t' read -r lecture preset _lab _title; do
  [ "$lecture" = "$lecture_before" ] || { n=0; lecture_before="$lecture"; mkdir -p "$out/$lecture"; }
  n=$((n + 1))
  file="$out/$lecture/$(printf '%02d' "$n")-$preset.png"
  run "$app" --lecture "$lecture" --preset "$preset" --device "$device" --window-size 1280x720 --presentation \
    --screenshot "$file" > /dev/null 2>&1 || echo "FAILED: $lecture $preset" >&2
  count=$((count + 1))
done < <("$cli" lectures)
echo "$count slides on $device in $out"

#!/usr/bin/env bash
# Retakes the screenshots docs/ shows of the window at a projector's 1280x720, normal and
# presentation mode: every lab's first view (docs/screenshots/labs/, on the H200's model) and
# the first, middle and last step of each lecture (docs/screenshots/lectures/, on the H200
# recordings). Needs a build (cmake --build build); runs on the offscreen platform, no display.
# Look at every picture it writes before you commit them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
app="$root/build/app/warpscope"
cli="$root/build/app/warpscope-cli"
labs_dir="$root/docs/screenshots/labs"
lectures_dir="$root/docs/screenshots/lectures"
mkdir -p "$labs_dir" "$lectures_dir"
export QT_QPA_PLATFORM=offscreen WARPSCOPE_NO_SESSION=1

shot() {  # OUT ARGS...: one screenshot, both modes (OUT_normal.png, OUT_presentation.png)
  local out=$1
  shift
  "$app" "$@" --window-size 1280x720 --screenshot "${out}_normal.png" >/dev/null
  "$app" "$@" --window-size 1280x720 --presentation --screenshot "${out}_presentation.png" >/dev/null
}

for lab in $("$cli" labs | awk '{print $1}'); do
  shot "$labs_dir/${lab}_1280x720" --lab "$lab" --device sim:h200
done

for lecture in $("$cli" lectures | awk '{print $1}' | uniq); do
  mapfile -t presets < <("$cli" lectures | awk -v l="$lecture" '$1 == l {print $2}')
  count=${#presets[@]}
  for step in 1 $(((count + 1) / 2)) "$count"; do
    shot "$lectures_dir/${lecture}_$(printf '%02d' "$step")" --lecture "$lecture" --preset "${presets[step - 1]}" --device rec:h200
  done
done
echo "Wrote $(ls "$labs_dir" "$lectures_dir" | grep -c png) screenshots under docs/screenshots/{labs,lectures}"

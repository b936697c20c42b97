# Sourced by scripts/gpu-check*.sh before they read their arguments: puts Warpscope's programs on
# the PATH, from the first of
#   1. a bundle, when the script's first argument is one (BUNDLE.tar.xz, made here by
#      scripts/device-bundle.sh: the programs with their Qt, for a GPU machine without Qt). It is
#      unpacked to /tmp/bundle and taken off the arguments.
#   2. WARPSCOPE_PREFIX: an installed tree's prefix (cmake --install, or the packages unpacked
#      without root: dpkg -x warpscope-worker_*.deb DIR, then WARPSCOPE_PREFIX=DIR/usr).
#   3. this repository's build folder (build/app, build/tests, build/tests/ui), when it has
#      warpscope-cli.
#   4. the installed packages: warpscope-cli already on the PATH (apt install ./warpscope-worker_*.deb).
# Then it says where each program comes from and which are missing (a step needing one fails
# saying "command not found"; the window's steps need `warpscope`, the tests a build or a bundle).
gpu_check_repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ ${1:-} == *.tar.xz ]]; then
  tar xJf "$1" -C /tmp && source /tmp/bundle/env.sh
  echo "gpu-check: programs from the bundle $1 (/tmp/bundle)"
  shift
elif [ -n "${WARPSCOPE_PREFIX:-}" ]; then
  export PATH="$WARPSCOPE_PREFIX/bin:$PATH"
  echo "gpu-check: programs from $WARPSCOPE_PREFIX/bin"
elif [ -x "$gpu_check_repo/build/app/warpscope-cli" ]; then
  export PATH="$gpu_check_repo/build/app:$gpu_check_repo/build/tests:$gpu_check_repo/build/tests/ui:$PATH"
  echo "gpu-check: programs from $gpu_check_repo/build"
else
  echo "gpu-check: programs from the PATH (the installed packages)"
fi
mkdir -p /tmp/xdg && chmod 700 /tmp/xdg
export QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp/xdg}
for gpu_check_program in warpscope-cli warpscope warpscope_device_tests warpscope_ui_device_tests; do
  echo "gpu-check:   $gpu_check_program: $(command -v "$gpu_check_program" || echo "missing")"
done
unset gpu_check_program

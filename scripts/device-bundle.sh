#!/usr/bin/env bash
# Packs programs built here, with the Qt libraries and plugins they need and the shipped
# recordings, for a run on a GPU machine that has the NVIDIA driver and CUDA but no Qt and no fonts
# (what scripts/gpu-check*.sh run there).
#
#   scripts/device-bundle.sh OUTDIR EXE [EXE ...]
#   e.g. scripts/device-bundle.sh .device build/app/warpscope build/app/warpscope-cli build/tests/warpscope_device_tests
#
# Writes OUTDIR/bundle.tar.xz. On the GPU machine: scripts/gpu-check.sh OUTDIR/bundle.tar.xz OUT
# (or tar xJf OUTDIR/bundle.tar.xz -C /tmp && source /tmp/bundle/env.sh && warpscope-cli ...).
# Left out: glibc and libstdc++ (the GPU machine's own are newer and compatible) and every CUDA
# library (warpscope-cli links none: the runtime is static, CUPTI, cuBLAS and cuFFT are opened
# from the machine's toolkit when a lab asks).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 OUTDIR EXE [EXE ...]" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
out=$1; shift
for exe in "$@"; do [ -x "$exe" ] || { echo "$0: $exe is not a program (build it first)" >&2; exit 2; }; done
stage=$(mktemp -d)/bundle
mkdir -p "$stage/bin" "$stage/lib" "$stage/plugins/platforms" "$stage/fonts" "$stage/share/warpscope"
skip='/(libc|libm|libpthread|libdl|librt|libstdc\+\+|libgcc_s|ld-linux[^/]*|libcuda|libnvidia[^/]*|libcudart|libcublas(Lt)?|libcufft[w]?|libcupti|libnvrtc[^/]*|libnvJitLink|libcurand|libcusparse|libcusolver|libnvToolsExt|libnvperf[^/]*)\.so'
# WARPSCOPE_BUNDLE_PRESENT=FILE: the library file names, one a line (`ldconfig -p | awk '{print $1}'`), the GPU
# machine has already, left out too (the working tree and the bundle travel together, 64 MiB at most).
present=${WARPSCOPE_BUNDLE_PRESENT:-/dev/null}
copy_deps() {
  ldd "$1" | awk '/=>/ && $3 ~ /^\// {print $3}' | while read -r lib; do
    [[ $lib =~ $skip ]] && continue
    grep -qxF "$(basename "$lib")" "$present" && continue
    [ -e "$stage/lib/$(basename "$lib")" ] || cp -L "$lib" "$stage/lib/"
  done
}
for exe in "$@"; do
  cp -L "$exe" "$stage/bin/"; copy_deps "$exe"
  # Symbols and debug information are most of a program; the kernels (.nv_fatbin) stay.
  strip --strip-all "$stage/bin/$(basename "$exe")" 2>/dev/null || true
done
# The programs find the recordings from their own folder, as installed: bin/../share/warpscope.
# WARPSCOPE_BUNDLE_NO_RECORDINGS=1 leaves them out (a check that opens none).
[ -n "${WARPSCOPE_BUNDLE_NO_RECORDINGS:-}" ] || cp -r "$root/resources/recordings/devices" "$stage/share/warpscope/recordings"
plugin=$(find /usr/lib -path '*qt6/plugins/platforms/libqoffscreen.so' 2>/dev/null | head -n1 || true)
if [ -n "$plugin" ]; then
  plugdir=$(dirname "$plugin")
  cp "$plugin" "$stage/plugins/platforms/"; copy_deps "$plugin"
  for d in imageformats iconengines; do
    src=$(dirname "$plugdir")/$d
    [ -d "$src" ] || continue
    mkdir -p "$stage/plugins/$d"; cp "$src"/*.so "$stage/plugins/$d/" 2>/dev/null || true
    for p in "$stage/plugins/$d"/*.so; do [ -e "$p" ] && copy_deps "$p"; done
  done
fi
# The faces the figures use: regular, bold, and the fixed-width one of listings (a kernel's SASS).
for face in DejaVuSans DejaVuSans-Bold DejaVuSansMono DejaVuSansMono-Bold; do
  cp "/usr/share/fonts/truetype/dejavu/$face.ttf" "$stage/fonts/" 2>/dev/null || true
done
cat > "$stage/env.sh" <<'ENV'
# source this on the GPU machine: puts the bundle's programs and libraries first
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export PATH="$here/bin:$PATH" LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export QT_PLUGIN_PATH="$here/plugins" QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp/xdg
mkdir -p /tmp/xdg && chmod 700 /tmp/xdg
# the GPU machine has no fontconfig set-up: point fontconfig at the bundle's fonts
printf '<?xml version="1.0"?>\n<fontconfig><dir>%s/fonts</dir><cachedir>/tmp/fontconfig-cache</cachedir></fontconfig>\n' "$here" > "$here/fonts.conf"
export FONTCONFIG_FILE="$here/fonts.conf"
ENV
mkdir -p "$out"
XZ_OPT=-9 tar cJf "$out/bundle.tar.xz" -C "$(dirname "$stage")" bundle
rm -rf "$(dirname "$stage")"
echo "$out/bundle.tar.xz: $(du -h "$out/bundle.tar.xz" | cut -f1) (what goes to the GPU machine must stay under 64 MiB)"

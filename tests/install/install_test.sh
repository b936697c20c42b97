#!/usr/bin/env bash
# Issue 32: `cmake --install` gives a tree that runs anywhere. Installs the build into a temporary
# prefix, moves the prefix elsewhere (relocatable: nothing may point back into it, the build or
# the source tree), hides the source and build folders where it can (a private mount namespace,
# as root), and runs the installed programs from there with an empty environment:
# warpscope-cli's labs on the simulator and from the shipped recordings (rec:h100), and the
# window's screenshot offscreen. Also: every installed file the packages promise is there, and
# neither program needs a CUDA library (ldd).
#   tests/install/install_test.sh BUILD_DIR SOURCE_DIR WITH_WINDOW(0|1) WITH_MAN(0|1) WITH_PNG_ICONS(0|1)
set -uo pipefail
build=$(cd "${1:?build dir}" && pwd); source=$(cd "${2:?source dir}" && pwd)
with_window=${3:?0|1}; with_man=${4:?0|1}; with_png=${5:?0|1}
work=$(mktemp -d /tmp/warpscope-install-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
check() { local what=$1; shift; if "$@"; then echo "ok: $what"; else fail "$what"; fi; }

# --- install, then move -------------------------------------------------------------------------
cmake --install "$build" --prefix "$work/first" >"$work/install.log" 2>&1 || { cat "$work/install.log"; fail "cmake --install"; exit 1; }
mkdir -p "$work/moved" && mv "$work/first" "$work/moved/prefix"
p=$work/moved/prefix
APP=io.github.warpscope.Warpscope

# --- the files ----------------------------------------------------------------------------------
check "bin/warpscope-cli" test -x "$p/bin/warpscope-cli"
check "share/warpscope/recordings/h100" test -f "$p/share/warpscope/recordings/h100/index.json"
check "share/warpscope/recordings/h200" test -f "$p/share/warpscope/recordings/h200/index.json"
check "docs" test -f "$p/share/doc/warpscope/README.md" -a -f "$p/share/doc/warpscope/docs/labs/divergence.md"
if [ "$with_man" = 1 ]; then
  check "man page of warpscope-cli" gzip -t "$p/share/man/man1/warpscope-cli.1.gz"
  check "the man page is the --help" bash -c "zcat '$p/share/man/man1/warpscope-cli.1.gz' | grep -q 'record'"
fi
if [ "$with_window" = 1 ]; then
  check "bin/warpscope" test -x "$p/bin/warpscope"
  check "desktop entry" grep -q '^Exec=warpscope' "$p/share/applications/$APP.desktop"
  check "scalable icon" test -s "$p/share/icons/hicolor/scalable/apps/$APP.svg"
  [ "$with_png" = 1 ] && check "48x48 icon" test -s "$p/share/icons/hicolor/48x48/apps/$APP.png"
  check "AppStream metadata" grep -q "<id>$APP</id>" "$p/share/metainfo/$APP.metainfo.xml"
  [ "$with_man" = 1 ] && check "man page of warpscope" gzip -t "$p/share/man/man1/warpscope.1.gz"
  if command -v desktop-file-validate >/dev/null; then
    check "desktop-file-validate" desktop-file-validate "$p/share/applications/$APP.desktop"
  fi
  if command -v appstreamcli >/dev/null; then
    check "appstreamcli validate" appstreamcli validate --no-net "$p/share/metainfo/$APP.metainfo.xml"
  fi
fi
for exe in "$p"/bin/*; do
  cuda_libs=$(ldd "$exe" | grep -E 'libcuda|libcudart|libcupti|libcublas|libcufft|libnvrtc' || true)
  check "ldd $(basename "$exe"): no CUDA library${cuda_libs:+ (it lists: $cuda_libs)}" test -z "$cuda_libs"
  check "$(basename "$exe"): no RUNPATH into the build" bash -c "! readelf -d '$exe' | grep -qE 'RUNPATH|RPATH'"
done

# --- run it, with the source and build folders hidden ---------------------------------------------
# A private mount namespace lays an empty folder over the source and build trees; without one
# (not root) the runs still check that the recordings come from the moved prefix.
hide=()
if unshare --mount true 2>/dev/null; then
  # The build folder first: it may lie inside the source tree.
  hide=(unshare --mount bash -c 'mount -t tmpfs none "$0" && mount -t tmpfs none "$1" && shift && exec "$@"' "$build" "$source")
  echo "ok: the source and build folders are hidden (mount namespace)"
else
  echo "note: no mount namespace (not root): the source tree stays visible; the recordings' folder is checked instead"
fi
home=$work/home; mkdir -p "$home/xdg" && chmod 700 "$home/xdg"
run() {  # an empty environment, as a fresh login would have none of the build's
  (cd "$work" && "${hide[@]}" env -i HOME="$home" PATH=/usr/bin:/bin XDG_RUNTIME_DIR="$home/xdg" LANG=C.UTF-8 "$@")
}
cli=$p/bin/warpscope-cli
run "$cli" run latency-arith --device sim:h100 --format json --out "$work/sim.json" >"$work/sim.log" 2>&1
check "installed warpscope-cli runs a lab on the simulator" grep -q '"device_id": "sim:h100"' "$work/sim.json"
run "$cli" devices >"$work/devices.txt" 2>&1
check "rec:h100 is listed, from the moved prefix" grep -q "^rec:h100.*$p/share/warpscope/recordings/h100" "$work/devices.txt"
preset=coalescing-burst-sections
run "$cli" run --preset "$preset" --device rec:h100 --format json --out "$work/rec.json" >"$work/rec.log" 2>&1
check "a lab runs from the recording on rec:h100" grep -q '"device_id": "rec:h100"' "$work/rec.json"
# WARPSCOPE_RECORDINGS adds a device and keeps the shipped ones.
mkdir -p "$work/mine" && cp -r "$p/share/warpscope/recordings/h200" "$work/mine/mygpu"
run WARPSCOPE_RECORDINGS="$work/mine" "$cli" devices >"$work/devices_mine.txt" 2>&1
check "WARPSCOPE_RECORDINGS adds rec:mygpu" grep -q "^rec:mygpu" "$work/devices_mine.txt"
check "WARPSCOPE_RECORDINGS keeps the shipped rec:h100" grep -q "^rec:h100" "$work/devices_mine.txt"
if [ "$with_window" = 1 ]; then
  run QT_QPA_PLATFORM=offscreen WARPSCOPE_NO_SESSION=1 "$p/bin/warpscope" --lab latency-arith --device rec:h100 \
    --window-size 1280x720 --screenshot "$work/window.png" >"$work/window.log" 2>&1
  check "the installed window takes a screenshot offscreen" test -s "$work/window.png"
fi
if [ "$failures" -gt 0 ]; then
  for log in "$work"/*.log "$work"/devices*.txt; do echo "--- $log"; tail -n 20 "$log"; done
  echo "$failures check(s) failed"
  exit 1
fi
echo "the installed tree runs from $p"

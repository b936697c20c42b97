#!/usr/bin/env bash
# The streams and fft-registers check on the GPU machine (issue 17): their device tests (and the
# unified-memory capture's, which now shares the CUPTI subscription), every streams variant's
# sweep, the FFT at each size, both labs' bench, slider latency, and (with "full") the presets
# recorded and the views as window screenshots.
#   Here:  strip the binaries, scripts/device-bundle.sh .device ... && cp scripts/*.sh .device/
#   There: bash .device/gpu-check-issue17.sh [.device/bundle.tar.xz] OUTDIR [full]
#   (without a bundle: the build folder's, WARPSCOPE_PREFIX's or the installed programs)
set -uo pipefail
source "$(dirname "$0")/gpu-check-env.sh"  # [BUNDLE.tar.xz]: the programs (bundle, prefix, build or PATH)
out=${1:?output folder}; full=${2:-}
mkdir -p "$out"
export QT_QPA_PLATFORM=offscreen WARPSCOPE_NO_SESSION=1
step() { echo "== $*"; local t0; t0=$(date +%s%N); "$@"; local rc=$?; echo "== exit $rc ($(( ($(date +%s%N) - t0) / 1000000 )) ms)"; }
totals() {  # the total-vs-streams table of a saved run, one line per series
  warpscope-cli show "$1" --format csv --view total-vs-streams | grep -v '^#' | awk -F, 'NR>1 {a[$2]=a[$2] sprintf(" %s:%.3f", $4, $5)} END {for (s in a) print "   ", s, a[s]}'
}
{
  nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv
  step warpscope_device_tests --gtest_filter='Streams*:FftRegisters*:UmCapture*:UmStreamingCuda.OnDemand*'
  for v in default hardware_queues=1 hardware_queues=32 host_memory=pageable default_stream=legacy \
           default_stream=per-thread workload=small-kernels kernel_fmas=256 kernel_fmas=8192; do
    set_args=(); [ "$v" = default ] || set_args=(--set "$v")
    [ "$v" = hardware_queues=1 ] && set_args+=(--set order=breadth-first)
    step warpscope-cli run streams --device cuda:0 "${set_args[@]}" --out "$out/streams_${v//=/_}.json"
    totals "$out/streams_${v//=/_}.json"
    warpscope-cli show "$out/streams_${v//=/_}.json" --format csv --view operation-times | sed 's/^/    /'
  done
  for n in 256 512 1024; do
    step warpscope-cli run fft-registers --device cuda:0 --set points=$n --out "$out/fft_$n.json"
    warpscope-cli show "$out/fft_$n.json" --format csv --view gflops-vs-points-per-thread | sed 's/^/    /'
  done
  step warpscope-cli bench streams fft-registers --device cuda:0 --repeat 10
  step warpscope --lab streams --device cuda:0 --measure-slider-latency 40
  step warpscope --lab fft-registers --device cuda:0 --measure-slider-latency 40
} > "$out/device_log.txt" 2>&1
if [ "$full" = full ]; then
  mkdir -p "$out/rec"
  for p in $(warpscope-cli lectures | awk '$3 == "streams" || $3 == "fft-registers" {print $2}'); do
    warpscope-cli record --preset "$p" --device cuda:0 --out "$out/rec" 2>&1 | tail -1
  done
  for view in total-vs-streams timeline model-timeline operation-times; do
    warpscope --lab streams --device cuda:0 --view "$view" --window-size 1280x720 \
      --screenshot "$out/window_streams_${view//-/_}.png" 2>&1 | tail -1
  done
  warpscope --lab streams --device cuda:0 --window-size 1600x1000 --screenshot "$out/window_streams_1600.png" 2>&1 | tail -1
  warpscope --lab streams --device cuda:0 --view timeline --set host_memory=pageable --window-size 1280x720 \
    --screenshot "$out/window_streams_timeline_pageable.png" 2>&1 | tail -1
  warpscope --lab streams --device cuda:0 --view timeline --set workload=small-kernels --set streams=8 \
    --window-size 1280x720 --screenshot "$out/window_streams_timeline_small.png" 2>&1 | tail -1
  for view in $(warpscope-cli describe fft-registers | grep -o '"id": *"[a-z-]*"' | sed 's/.*"\([a-z-]*\)"/\1/' | grep -v -e '^points' -e '^fft-registers$'); do
    warpscope --lab fft-registers --device cuda:0 --view "$view" --window-size 1280x720 \
      --screenshot "$out/window_fft_${view//-/_}.png" 2>&1 | tail -1
  done
fi
tar czf "$out/check.tgz" -C "$out" --exclude check.tgz . && ls -la "$out/check.tgz"
